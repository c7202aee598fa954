"""The random bot: a uniformly random legal move (the "easy" level, and the patience's bot)."""

from __future__ import annotations

import random
from typing import Any, Sequence

from kabale.bots.base import SteppingBot, Thinking, check_turn
from kabale.games.kabala.rules import Move


class RandomBot(SteppingBot):
    """Plays any legal move, each as likely: the baseline every other bot must beat.

    It works for either KABALAM game (any observation with ``legal_moves``) and
    remembers nothing.
    """

    name = "random"

    def __init__(self, rng: random.Random, budget_ms: float | None = None, playouts: int | None = None) -> None:
        super().__init__(rng)

    def think(self, observation: Any) -> Thinking:
        yield from ()  # a generator that finishes at once
        check_turn(observation)
        moves: Sequence[Move] = observation.legal_moves
        return moves[self.rng.randrange(len(moves))]


class EasyBot(RandomBot):
    """The easy opponent of the table: a random legal move, no memory."""

    name = "easy"
