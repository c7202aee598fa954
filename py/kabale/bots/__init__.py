"""Computer opponents. A bot sees an observation and owns an rng, never the state.

Every bot has ``choose(observation) -> Move``; the observation of either
KABALAM game carries ``legal_moves``. The random bot is the baseline and the
playout policy; later bots join :data:`BOTS`.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Protocol

from kabale.bots.random_bot import RandomBot
from kabale.kabala import Move

__all__ = ["Bot", "BOTS", "RandomBot", "make_bot"]


class Bot(Protocol):
    name: str

    def choose(self, observation: Any) -> Move: ...


#: Bot names for the command line and the table, each with its constructor.
BOTS: dict[str, Callable[[random.Random], Bot]] = {"random": RandomBot}


def make_bot(name: str, rng: random.Random) -> Bot:
    try:
        return BOTS[name](rng)
    except KeyError:
        raise ValueError(f"no bot called {name!r} (there are: {', '.join(BOTS)})") from None
