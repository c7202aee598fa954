"""The positions the bot benchmarks time a decision on, the same in CPython and the browser.

Two-seat hands played by two normal bots, dealt from fixed seeds; every point
where the seat to move has more than one legal move is a position, kept as the
hand's record (seed and moves, replayed on demand) and the seat to move.
"""

from __future__ import annotations

import random
from typing import Any

from kabale.bots import make_bot
from kabale.games.kabalam.hand import KabalamHand


def positions(count: int, seats: int = 2, first_seed: int = 7000) -> list[tuple[dict[str, Any], str]]:
    """``count`` decision positions (record, seat), taken every third decision."""
    found: list[tuple[dict[str, Any], str]] = []
    seed = first_seed
    while len(found) < count:
        hand = KabalamHand.deal(seed, seats=seats)
        bots = {seat: make_bot("normal", random.Random(f"{seed}:{seat}")) for seat in hand.seats}
        decision = 0
        while not hand.is_over() and len(found) < count:
            seat = hand.turn or ""
            observation = hand.observation(seat)
            if len(observation.legal_moves) > 1:
                if decision % 3 == 0:
                    found.append((hand.to_dict(), seat))
                decision += 1
            hand.apply(bots[seat].choose(observation))
        seed += 1
    return found


def observation_of(record: dict[str, Any], seat: str) -> Any:
    """The observation of the seat to move in a recorded position."""
    return KabalamHand.from_dict(record).observation(seat)
