"""The cheater: the hard bot's search on the real hand. A measuring stick, never a player.

It sees everything (the draw pile in order, every endowment, every face-down
card), so its search needs no sampling: every world is the real hand. It is
the upper end of the ladder in bench/bots.py: how much better could the hard
bot play if it knew what it cannot know? It lives in bench/ so that nothing
at the table can ever reach it.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from kabale.bots.hard import DEFAULT_BUDGET_MS  # noqa: E402
from kabale.bots.search import Budget, SearchReport, search  # noqa: E402
from kabale.bots.base import Thinking, finish  # noqa: E402
from kabale.games.kabalam.fast import SimHand, to_sim  # noqa: E402
from kabale.games.kabala.rules import Move  # noqa: E402
from kabale.games.kabalam.hand import KabalamHand  # noqa: E402

__all__ = ["Cheater", "sim_of_hand"]


def sim_of_hand(hand: KabalamHand) -> SimHand:
    """The real hand, every card where it is, in values."""
    if hand.turn is None:
        raise ValueError("the hand is over")
    return hand.core()


class Cheater:
    """Chooses from the whole hand (``choose_in``), with the hard bot's search and budget."""

    name = "cheater"
    sees_everything = True

    def __init__(self, rng: random.Random, budget_ms: float | None = DEFAULT_BUDGET_MS,
                 playouts: int | None = None) -> None:
        self.rng = rng
        self.budget = Budget(budget_ms, playouts)
        self.report = SearchReport()

    def think_in(self, hand: KabalamHand) -> Thinking:
        moves = hand.legal_moves()
        if not moves:
            raise ValueError("the hand is over")
        if len(moves) == 1:
            self.report = SearchReport(means=(0.0,), kept=(0,))
            return moves[0]
        real = sim_of_hand(hand)
        self.report = SearchReport()
        seat = hand.seats.index(hand.turn or "")
        index = yield from search(lambda rng: real, [to_sim(move) for move in moves], seat, self.rng,
                                  self.budget, self.report)
        return moves[index]

    def choose_in(self, hand: KabalamHand) -> Move:
        return finish(self.think_in(hand))
