"""The random bot: a uniformly random legal move."""

from __future__ import annotations

import random
from typing import Protocol, Sequence

from kabale.kabala import Move


class _Observation(Protocol):
    @property
    def legal_moves(self) -> Sequence[Move]: ...


class RandomBot:
    """Plays any legal move, each as likely: the baseline every other bot must beat."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, observation: _Observation) -> Move:
        moves = observation.legal_moves
        if not moves:
            raise ValueError("there is no move to choose: it is not this seat's turn, or the game is over")
        return moves[self.rng.randrange(len(moves))]
