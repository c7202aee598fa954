"""The review of a game of Patience Kabalam: each of the player's decisions beside the honest
hint's choice there, and what the move made cost in chance of winning.

The record's moves are replayed from the deal. At every decision (a position with
more than one legal move: a lone draw is no decision), the player's observation
then, and nothing more, goes to :func:`kabale.games.patience.solver_honest.move_wins`,
the honest hint's own counting: ``worlds`` worlds consistent with what she had
seen, each solved by the thoughtful solver under a cap of ``states``, and every
legal move played in every one of them. The hint's choice is the move with the
most wins (its tie-breaks included). The **cost** of the move made is the change
in win chance, (wins of the hint's choice - wins of the move made) / worlds, over
the same worlds (paired), so the hint's own choice costs 0 exactly and any other
move 0 or more. A move that wins no fewer worlds than the hint's costs 0 too.

Every decision has its own rng, seeded from the review's seed and the move
number, so a review is the same on every run.

A cost is **charged** only when it is beyond its sampling noise
(:func:`kabale.noise.paired_noise`, as KABALAM's review: :data:`kabale.noise.NOISE_SE`
standard errors of the per-world difference, a world won by one move and lost by
the other); only charged decisions are ranked among the costliest or counted in
``total_cost``, and the others are "as good, as far as the worlds tell"
(``as_good`` counts them). The hint at the table samples its own worlds (its own
seed), so a move that followed the hint could cost 1 or 2 worlds of 16 here when
the two samples disagreed (seen at an early move), and was marked a mistake; with
16 worlds a cost is charged from 4 worlds lost and none won back (25%).

Time, with the defaults (16 worlds, 1,000 states per search), CPython on the
2-core development machine: 10 whole games (deals 100-109, 5 played at random,
5 by the hint; 2-27 moves, 1-23 decisions) took a median 0.64 s per review, at
most 1.4 s; ``python -m kabale review`` on a record adds about 0.3 s of start-up.
"""

from __future__ import annotations

from typing import Any, Generator, Sequence

from kabale.cards import new_rng
from kabale.games.kabala.rules import Move
from kabale.games.patience.rules import Patience
from kabale.games.patience.solver_honest import think_wins
from kabale.noise import NOISE_SE

__all__ = ["review_patience", "think_review", "Progress", "MARKED", "DEFAULT_WORLDS", "DEFAULT_STATES"]

#: How far a review has come: (moves replayed, moves in the game), yielded after each search.
Progress = tuple[int, int]

#: How many costliest decisions a review marks (as the KABALAM review).
MARKED = 3
#: Sampled worlds per decision and the solver's cap of states per search on the command line:
#: the cost is counted in steps of 1/worlds; these review a whole game in a few seconds.
DEFAULT_WORLDS = 16
DEFAULT_STATES = 1000


def review_patience(game: Patience, persons: Sequence[str] | None = None, worlds: int | None = None,
                    seed: int = 0, states: int | None = None) -> dict[str, Any]:
    """The review as JSON-ready data (see the module's docstring); ``persons`` is ignored
    (a patience has one player). :func:`think_review` run to the end."""
    reviewing = think_review(game, worlds, seed, states)
    while True:
        try:
            next(reviewing)
        except StopIteration as done:
            review: dict[str, Any] = done.value
            return review


def think_review(game: Patience, worlds: int | None = None, seed: int = 0,
                 states: int | None = None) -> Generator[Progress, None, dict[str, Any]]:
    """The review, yielding its progress after each search, so a page can think it in slices
    (kabale.web.coach.patience_review) and stay responsive; returns what :func:`review_patience` returns."""
    worlds = DEFAULT_WORLDS if worlds is None else worlds
    states = DEFAULT_STATES if states is None else states
    if worlds < 1 or states < 1:
        raise ValueError(f"a review samples at least 1 world and 1 state per decision, not {worlds} and {states}")
    # the patience's own reader refuses another game's record ("not a Patience Kabalam game")
    replay = Patience.from_dict({**game.to_dict(), "moves": [], "redo": []})
    decisions: list[dict[str, Any]] = []
    total = len(game.moves)
    for index, made in enumerate(game.moves, start=1):
        observation = replay.observation()
        if len(observation.legal_moves) > 1:
            move = _legal(observation.legal_moves, made)
            counting = think_wins(observation, worlds, states, new_rng(f"patience-review:{seed}:{index}"))
            while True:
                try:
                    next(counting)
                except StopIteration as done:
                    counted = done.value
                    break
                yield index - 1, total
            best = counted.best
            decisions.append({
                "move_number": index, "made": str(move), "hint": str(best),
                "cost": round(counted.cost(move), 4),
                "win_chance_hint": round(counted.wins[best] / worlds, 4),
                "win_chance_made": round(counted.wins[move] / worlds, 4),
                "noise": round(counted.noise(move), 4), "charged": counted.charged(move),
                "choices": len(counted.legal), "costliest": None,
            })
        replay.apply(made)
    ranked = sorted((d for d in decisions if d["charged"]), key=lambda d: -d["cost"])[:MARKED]
    for rank, decision in enumerate(ranked, start=1):
        decision["costliest"] = rank
    result = game.result()
    return {
        "game": "patience",
        "seed": seed,
        "deal": game.seed,
        "result": None if result is None else result.to_dict(),
        "worlds_per_decision": worlds,
        "states_per_search": states,
        "unit": "win chance: the share of the sampled worlds the hint's choice wins minus the share the move made wins",
        "decisions": decisions,
        "costliest": [{"move_number": d["move_number"], "cost": d["cost"]} for d in ranked],
        "noise": f"a cost is charged only beyond {NOISE_SE:g} standard errors of the paired per-world difference",
        "total_cost": round(sum(d["cost"] for d in decisions if d["charged"]), 4),
        "matched_hint": sum(d["made"] == d["hint"] for d in decisions),
        "as_good": sum(not d["charged"] for d in decisions),
    }


def _legal(legal: Sequence[Move], made: Move) -> Move:
    """The legal move the record's move is (the engine's own, cards aside)."""
    for candidate in legal:
        if candidate == made:
            return candidate
    raise ValueError(f"{made} is not a legal move here")
