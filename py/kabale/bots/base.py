"""What every bot is: ``choose`` for the command line and tests, ``think`` for the table.

``think(observation)`` is a generator: it yields every few milliseconds while
it works and returns the move (the ``StopIteration`` value). The browser table
drives it one slice at a time, with ``await asyncio.sleep(0)`` in between, so a
click or a paint is never held up by more than a slice. ``choose`` runs the
same generator to the end, so both give the same move for the same rng state.
"""

from __future__ import annotations

import random
from typing import Any, Generator, Protocol, runtime_checkable

from kabale.kabala import Move

__all__ = ["Bot", "Thinking", "finish", "SteppingBot"]

#: A bot's thought: yields None between slices, returns its move.
Thinking = Generator[None, None, Move]


@runtime_checkable
class Bot(Protocol):
    """A computer player: it sees an observation and owns an rng, never the state."""

    name: str

    def choose(self, observation: Any) -> Move: ...

    def think(self, observation: Any) -> Thinking: ...


def finish(thinking: Thinking) -> Move:
    """Run a thought to its end and return the move."""
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            move: Move = done.value
            return move


class SteppingBot:
    """The shared half of a bot: ``choose`` is ``think`` run to the end."""

    name = "bot"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def think(self, observation: Any) -> Thinking:  # pragma: no cover - every bot overrides it
        yield from ()
        raise NotImplementedError

    def choose(self, observation: Any) -> Move:
        return finish(self.think(observation))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


def check_turn(observation: Any) -> None:
    """Refuse to move for a seat that has no move to make."""
    if not observation.legal_moves:
        raise ValueError("there is no move to choose: it is not this seat's turn, or the game is over")
