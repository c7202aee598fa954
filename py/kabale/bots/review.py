"""The review of a KABALAM hand or match: each of a person's decisions beside the hard
computer's honest choice there, and what the move made cost in points.

At every decision of a reviewed seat (a position where it had more than one
legal move: a forced yield or a lone pass is no decision), the seat's own
observation then, and nothing more, goes to :func:`kabale.bots.coach.evaluate`:
every legal move is played in the same ``worlds`` sampled deals with the same
playouts, without pruning. The hard computer's choice is the move with the best
mean there; the **cost** of the move made is the mean over those deals of the
points of that choice minus those of the move made (the others' mean points
minus the seat's own, as the search scores them). The move that is the hard
computer's choice costs 0 exactly; any other costs 0 or more.

Which seats are reviewed: the people in the record (a saved table names them);
when the record names none (a bare match or hand record, a simulated game), the
first seat, South.

Every evaluation has its own rng, seeded from the review's seed, the hand and
the move number, so a review is the same on every run.
"""

from __future__ import annotations

from typing import Any, Sequence

from kabale.bots.coach import evaluate
from kabale.cards import new_rng
from kabale.games.kabala.rules import Move
from kabale.games.kabalam.hand import KabalamHand
from kabale.games.kabalam.match import Match

__all__ = ["review_kabalam", "MARKED", "DEFAULT_WORLDS"]

#: How many costliest decisions a review marks.
MARKED = 3
#: Sampled deals per decision on the command line.
DEFAULT_WORLDS = 200


def _hand_records(game: Match | KabalamHand) -> list[dict[str, Any]]:
    """The hands to review: a match's, or a lone hand as its one record (both say ``hand_records``)."""
    records: list[dict[str, Any]] | None = getattr(game, "hand_records", None)
    if records is None:
        raise ValueError(f"a KABALAM review takes a match or a hand, not {type(game).__name__}")
    return records


def review_kabalam(
    game: Match | KabalamHand, persons: Sequence[str] | None = None, worlds: int = DEFAULT_WORLDS, seed: int = 0,
) -> dict[str, Any]:
    """The review as JSON-ready data (see the module's docstring)."""
    if worlds < 1:
        raise ValueError(f"a review samples at least 1 deal per decision, not {worlds}")
    seats = tuple(game.seats)
    reviewed = tuple(seat for seat in persons or () if seat in seats) or seats[:1]
    decisions: list[dict[str, Any]] = []
    for number, record in enumerate(_hand_records(game), start=1):
        hand = KabalamHand.from_dict({**record, "moves": []})
        for index, text in enumerate(record.get("moves", []), start=1):
            seat = hand.turn
            if seat in reviewed:
                observation = hand.observation(seat)
                if len(observation.legal_moves) > 1:
                    made = _legal(observation.legal_moves, text)
                    evaluation = evaluate(observation, new_rng(f"review:{seed}:{number}:{index}"), worlds)
                    decisions.append({
                        "hand": number, "move_number": index, "seat": seat, "made": str(made),
                        "hard": str(evaluation.best), "cost": round(evaluation.cost(made), 2),
                        "choices": len(evaluation.moves), "costliest": None,
                    })
            hand.apply(text)
    ranked = sorted((d for d in decisions if d["cost"] > 0), key=lambda d: -d["cost"])[:MARKED]
    for rank, decision in enumerate(ranked, start=1):
        decision["costliest"] = rank
    return {
        "game": "kabalam",
        "seats_reviewed": list(reviewed),
        "seats_from": "the people in the record" if persons else "the first seat (the record names no person)",
        "worlds_per_decision": worlds,
        "seed": seed,
        "unit": "points: the others' mean points minus the seat's own, as the hard computer's search scores them",
        "decisions": decisions,
        "costliest": [{"hand": d["hand"], "move_number": d["move_number"], "cost": d["cost"]} for d in ranked],
        "total_cost": round(sum(d["cost"] for d in decisions), 2),
        "matched_hard": sum(d["made"] == d["hard"] for d in decisions),
    }


def _legal(legal: Sequence[Move], text: str) -> Move:
    """The legal move a record's text names (the engine's canonical move, cards aside)."""
    move = Move.from_text(text)
    for candidate in legal:
        if candidate == move:
            return candidate
    raise ValueError(f"{text!r} is not a legal move here")
