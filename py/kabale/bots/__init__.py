"""Computer opponents. A bot sees an observation and owns an rng, never the state.

Every bot has ``choose(observation) -> Move`` (blocking) and
``think(observation)``, a generator that yields every few milliseconds and
returns the move, for the browser (see :mod:`kabale.bots.base`). The levels of
the table are ``easy`` (random), ``normal`` (greedy, no memory) and ``hard``
(memory, sampling, search); ``expert`` is hard playing the match, not the
hand (:mod:`kabale.bots.expert`: it values a playout by the match standing it
leaves, and thinks twice as long); ``random`` is the baseline bot of both
KABALAM games. A cheater that sees the whole hand exists only in ``bench/``.

>>> import random
>>> from kabale.games.kabalam.hand import KabalamHand
>>> hand = KabalamHand.deal(3, seats=2)
>>> bot = make_bot("hard", random.Random(1), playouts=200)
>>> bot.choose(hand.observation("S")) in hand.legal_moves()
True
"""

from __future__ import annotations

import random
from typing import Callable

from kabale.bots.base import Bot, Thinking, finish, think_async
from kabale.bots.expert import PLAYOUT_FACTOR, ExpertBot
from kabale.bots.hard import DEFAULT_BUDGET_MS, HardBot
from kabale.bots.normal import NormalBot
from kabale.bots.random_bot import EasyBot, RandomBot

__all__ = ["Bot", "BOTS", "LEVELS", "Thinking", "finish", "think_async", "RandomBot", "EasyBot", "NormalBot", "HardBot",
           "ExpertBot", "make_bot"]


def _random(rng: random.Random, budget_ms: float | None, playouts: int | None) -> Bot:
    return RandomBot(rng)


def _easy(rng: random.Random, budget_ms: float | None, playouts: int | None) -> Bot:
    return EasyBot(rng)


def _normal(rng: random.Random, budget_ms: float | None, playouts: int | None) -> Bot:
    return NormalBot(rng)


def _hard(rng: random.Random, budget_ms: float | None, playouts: int | None) -> Bot:
    return HardBot(rng, budget_ms=budget_ms, playouts=playouts)


def _expert(rng: random.Random, budget_ms: float | None, playouts: int | None) -> Bot:
    """The budget given is the hard bot's; the expert takes PLAYOUT_FACTOR times it."""
    return ExpertBot(rng, budget_ms=None if budget_ms is None else PLAYOUT_FACTOR * budget_ms,
                     playouts=None if playouts is None else PLAYOUT_FACTOR * playouts)


#: Bot names for the command line and the table, each with its constructor.
BOTS: dict[str, Callable[[random.Random, float | None, int | None], Bot]] = {
    "random": _random,
    "easy": _easy,
    "normal": _normal,
    "hard": _hard,
    "expert": _expert,
}
#: The levels the lobby offers, easiest first.
LEVELS: tuple[str, ...] = ("easy", "normal", "hard", "expert")


def make_bot(
    level: str, rng: random.Random, budget_ms: float | None = DEFAULT_BUDGET_MS, playouts: int | None = None
) -> Bot:
    """A bot of this level with its own rng. ``budget_ms`` is the hard bot's time per
    decision (the table's); ``playouts`` caps its work instead or as well, so a run
    is reproducible on any machine (give ``budget_ms=None`` to go by playouts only).
    The expert thinks ``PLAYOUT_FACTOR`` times either budget."""
    try:
        factory = BOTS[level]
    except KeyError:
        raise ValueError(f"no bot called {level!r} (there are: {', '.join(BOTS)})") from None
    return factory(rng, budget_ms, playouts)
