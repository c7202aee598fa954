"""The hard opponent: a perfect memory, a fair sampler and a search.

* It remembers every public event: from the history it knows each packet card
  by card (so which card each packet will show after a flip), every card
  played, and every pass and forced yield of the others, which says what they
  cannot hold (:mod:`kabale.bots.sampler`).
* It searches (:mod:`kabale.bots.search`): it deals the cards it cannot see in
  many ways that agree with all of that, plays each legal move in each, and
  plays the hand out with the greedy one-flip-ahead policy
  (:mod:`kabale.bots.playout`) for every seat. Within its own turn that policy
  knows each packet's next card, so the order of its plays is planned: it
  plays on the packet whose next target fits its remaining cards, and the
  search compares how many cards to lay, which Double, which packet to flip
  on a pass and, with free yield, whether to stop.

The rules fix which card of a Double shows (the lower one goes on top), so
that choice is the choice of the Double itself.
"""

from __future__ import annotations

import random
from kabale.bots.base import SteppingBot, Thinking, check_turn
from kabale.bots.sampler import Knowledge
from kabale.bots.search import Budget, SearchReport, Value, search, value_for
from kabale.games.kabalam.fast import to_sim
from kabale.games.kabalam.state import KabalamObservation

__all__ = ["HardBot", "DEFAULT_BUDGET_MS"]

#: The table's default thinking time per decision.
DEFAULT_BUDGET_MS = 150.0


class HardBot(SteppingBot):
    """Memory, sampling and search, within ``budget_ms`` and/or ``playouts``."""

    name = "hard"

    def __init__(
        self,
        rng: random.Random,
        budget_ms: float | None = DEFAULT_BUDGET_MS,
        playouts: int | None = None,
        slice_ms: float = 8.0,
    ) -> None:
        super().__init__(rng)
        self.budget = Budget(budget_ms, playouts, slice_ms)
        self.report = SearchReport()

    def think(self, observation: KabalamObservation) -> Thinking:
        return (yield from self.search_hand(observation))

    def search_hand(self, observation: KabalamObservation, value: Value = value_for) -> Thinking:
        """The search over the hand's legal moves; ``value`` scores a playout (hand points by default),
        so a stronger level can value the same playouts otherwise (:mod:`kabale.bots.expert`)."""
        check_turn(observation)
        moves = observation.legal_moves
        if len(moves) == 1:
            self.report = SearchReport(means=(0.0,), kept=(0,))
            return moves[0]
        knowledge = Knowledge(observation)
        self.report = SearchReport()
        seat = observation.seats.index(observation.seat)
        index = yield from search(
            knowledge.sim, [to_sim(move) for move in moves], seat, self.rng, self.budget, self.report, value=value
        )
        return moves[index]
