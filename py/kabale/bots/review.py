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

**Noise.** A cost is a mean over sampled deals, and the hard computer's choice is the move with
the best of several noisy means, so a small cost is often the deals' luck, not a mistake. Each
decision says its ``noise``, :data:`kabale.bots.coach.NOISE_SE` standard errors of the paired
per-deal difference between hard's choice and the move made, and is ``charged`` only when its
cost is beyond it. Only a charged decision is ranked among the costliest or counted in
``total_cost``; ``as_good`` counts the decisions made as hard would, or as well as far as the
deals can tell. Why: the r10 playthrough followed the Hint on deal 7 and the table's review
(24 deals a decision) marked the Hint's own move 3 as the costliest mistake, -26.7 points
(the Hint had weighed it over 540 deals); over 24 deals a paired cost there has a standard
error of 16-20 points, so that figure said nothing. The table now reviews over
:data:`TABLE_WORLDS` deals (the command line's default) so the page and ``python -m kabale
review`` say the same, and the noise is 5-6 points a decision.

Which seats are reviewed: the people in the record (a saved table names them);
when the record names none (a bare match or hand record, a simulated game), the
first seat, South.

Every evaluation has its own rng, seeded from the review's seed, the hand and
the move number, so a review is the same on every run.
"""

from __future__ import annotations

from typing import Any, Collection, Generator, Sequence

from kabale.bots.base import finish
from kabale.bots.coach import NOISE_SE, think_evaluation
from kabale.cards import new_rng
from kabale.games.kabala.rules import Move
from kabale.games.kabalam.hand import KabalamHand
from kabale.games.kabalam.match import Match

__all__ = ["review_kabalam", "think_review", "Progress", "MARKED", "DEFAULT_WORLDS", "FEWEST_WORLDS", "TABLE_WORLDS",
           "TABLE_DEALS"]

#: How far a review has come: (sampled deals played, deals in the whole review), after each deal.
Progress = tuple[int, int]

#: How many costliest decisions a review marks.
MARKED = 3
#: Sampled deals per decision on the command line.
DEFAULT_WORLDS = 200
#: Sampled deals per decision at the table (kabale.web.coach.kabalam_review), and the deals of the
#: whole review of a hand (shared out among its decisions, never fewer than FEWEST_WORLDS each).
#: The table reviews over the command line's 200 (it was 24 until r10: too few to tell a cost
#: from luck, see the module's docstring), so a hand of up to 20 decisions gets the numbers
#: ``python -m kabale review`` prints; a longer hand 4000 deals in all, so its review stays within
#: a few seconds. The review thinks in slices, so the page takes clicks meanwhile. Measured from
#: the press on Review to the list shown (bench/kabalam_review.py, headless Chromium, 2 cores
#: shared with two other sessions, load average 11-20, n=4 each, old and new alternately):
#: deal 7's hand, 8 decisions: 24 deals 1.34 s p50 (2.37 p95), 200 deals 2.85 s (2.92);
#: a hand of 32 decisions: 11 deals 1.53 s (1.68), 125 deals 3.69 s (6.10). The longest
#: main-thread task meanwhile was 78-238 ms before and 92-253 ms after (the list's drawing).
TABLE_WORLDS = DEFAULT_WORLDS
TABLE_DEALS = 4000
FEWEST_WORLDS = 8


def _hand_records(game: Match | KabalamHand) -> list[dict[str, Any]]:
    """The hands to review: a match's, or a lone hand as its one record (both say ``hand_records``)."""
    records: list[dict[str, Any]] | None = getattr(game, "hand_records", None)
    if records is None:
        raise ValueError(f"a KABALAM review takes a match or a hand, not {type(game).__name__}")
    return records


def review_kabalam(
    game: Match | KabalamHand, persons: Sequence[str] | None = None, worlds: int = DEFAULT_WORLDS, seed: int = 0,
    hands: Collection[int] | None = None, deals: int | None = None,
) -> dict[str, Any]:
    """The review as JSON-ready data (see the module's docstring): :func:`think_review` run to the end."""
    return finish(think_review(game, persons, worlds, seed, hands, deals))


def think_review(
    game: Match | KabalamHand, persons: Sequence[str] | None = None, worlds: int = DEFAULT_WORLDS, seed: int = 0,
    hands: Collection[int] | None = None, deals: int | None = None,
) -> Generator[Progress, None, dict[str, Any]]:
    """The review, yielding its progress after every sampled deal, so a page can think it in
    slices and stay responsive (kabale.web.coach.kabalam_review); returns what :func:`review_kabalam`
    returns. ``hands`` keeps the review to those hand numbers (1 is the first; the table reviews
    the hand just played), each decision costed as in a review of them all. ``deals`` bounds the
    deals sampled in the whole review: a review of many decisions samples fewer per decision
    (``deals`` shared out, never fewer than :data:`FEWEST_WORLDS`), so its time stays bounded."""
    if worlds < 1:
        raise ValueError(f"a review samples at least 1 deal per decision, not {worlds}")
    seats = tuple(game.seats)
    reviewed = tuple(seat for seat in persons or () if seat in seats) or seats[:1]
    positions = []  # the decisions first (a quick replay), so the progress knows its end
    for number, record in enumerate(_hand_records(game), start=1):
        if hands is not None and number not in hands:
            continue
        hand = KabalamHand.from_dict({**record, "moves": []})
        for index, text in enumerate(record.get("moves", []), start=1):
            seat = hand.turn
            if seat in reviewed:
                observation = hand.observation(seat)
                if len(observation.legal_moves) > 1:
                    positions.append((number, index, seat, observation, _legal(observation.legal_moves, text)))
            hand.apply(text)
    if deals is not None and positions:
        worlds = max(FEWEST_WORLDS, min(worlds, deals // len(positions)))
    decisions: list[dict[str, Any]] = []
    total = len(positions) * worlds
    for done, (number, index, seat, observation, made) in enumerate(positions):
        evaluating = think_evaluation(observation, new_rng(f"review:{seed}:{number}:{index}"), worlds)
        while True:
            try:
                played = next(evaluating)
            except StopIteration as over:
                evaluation = over.value
                break
            yield done * worlds + played, total
        decisions.append({
            "hand": number, "move_number": index, "seat": seat, "made": str(made),
            "hard": str(evaluation.best), "cost": round(evaluation.cost(made), 2),
            "noise": round(evaluation.noise(made), 2), "charged": evaluation.charged(made),
            "choices": len(evaluation.moves), "costliest": None,
        })
    ranked = sorted((d for d in decisions if d["charged"]), key=lambda d: -d["cost"])[:MARKED]
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
        "noise": f"a cost is charged only beyond {NOISE_SE:g} standard errors of the paired per-deal difference",
        "total_cost": round(sum(d["cost"] for d in decisions if d["charged"]), 2),
        "matched_hard": sum(d["made"] == d["hard"] for d in decisions),
        "as_good": sum(not d["charged"] for d in decisions),
    }


def _legal(legal: Sequence[Move], text: str) -> Move:
    """The legal move a record's text names (the engine's canonical move, cards aside)."""
    move = Move.from_text(text)
    for candidate in legal:
        if candidate == move:
            return candidate
    raise ValueError(f"{text!r} is not a legal move here")
