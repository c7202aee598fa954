"""What every bot is: ``choose`` for the command line and tests, ``think`` for the table.

``think(observation)`` is a generator: it yields every few milliseconds while
it works and returns the move (the ``StopIteration`` value). The browser table
drives it one slice at a time, with ``await asyncio.sleep(0)`` in between, so a
click or a paint is never held up by more than a slice (:func:`think_async`
does exactly that). ``choose`` runs the same generator to the end, so both give
the same move for the same rng state.

bench/bots_browser.py measured this against a PyScript worker (Pyodide, 150 ms
per decision): slices of about 8 ms keep the main thread's longest task far
under 50 ms at the same number of playouts, without a second Python runtime
to boot and without sending observations between threads.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any, Generator, Protocol, TypeVar, runtime_checkable

from kabale.games.kabala.rules import Move

__all__ = ["Bot", "Thinking", "finish", "think_async", "SteppingBot"]

#: A bot's thought: yields None between slices, returns its move.
Thinking = Generator[None, None, Move]
#: What a thought returns (a move for a bot's).
Result = TypeVar("Result")


@runtime_checkable
class Bot(Protocol):
    """A computer player: it sees an observation and owns an rng, never the state."""

    name: str

    def choose(self, observation: Any) -> Move: ...

    def think(self, observation: Any) -> Thinking: ...


def step(thinking: Generator[Any, None, Result]) -> Result | None:
    """Think one slice further: what the thought returns once it is over (a move...), else None."""
    try:
        next(thinking)
    except StopIteration as done:
        result: Result = done.value
        return result
    return None


def finish(thinking: Generator[Any, None, Result]) -> Result:
    """Run a thought to its end and return what it returns (a bot's move, a review...)."""
    while (result := step(thinking)) is None:
        pass
    return result


async def think_async(bot: Bot, observation: Any) -> Move:
    """Let a bot think without holding the event loop: one slice, then
    ``await asyncio.sleep(0)`` so the page can paint and take clicks, and so on.

    >>> import random
    >>> from kabale.bots import make_bot
    >>> from kabale.games.kabalam.hand import KabalamHand
    >>> hand = KabalamHand.deal(3, seats=2)
    >>> bot = make_bot("hard", random.Random(1), budget_ms=None, playouts=100)
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> with ThreadPoolExecutor(1) as pool:  # its own thread: a test runner may hold a loop here
    ...     move = pool.submit(asyncio.run, think_async(bot, hand.observation("S"))).result()
    >>> move in hand.legal_moves()
    True
    """
    thinking = bot.think(observation)
    while (move := step(thinking)) is None:
        await asyncio.sleep(0)
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
