"""The bot in a PyScript worker: the main thread sends a position, the worker thinks.

Exported: ``decide(record_json, seat, level, seed, budget_ms)`` returns the move's
text and the worker-side milliseconds and playouts, as JSON.
"""

from __future__ import annotations

import json
import random
import time

from kabale.bots import make_bot
from kabale.games.kabalam.hand import KabalamHand


def decide(record_json: str, seat: str, level: str, seed: int, budget_ms: float) -> str:
    started = time.perf_counter()
    observation = KabalamHand.from_dict(json.loads(record_json)).observation(seat)
    bot = make_bot(level, random.Random(seed), budget_ms=budget_ms)
    move = bot.choose(observation)
    report = getattr(bot, "report", None)
    return json.dumps({
        "move": str(move),
        "ms": (time.perf_counter() - started) * 1000,
        "playouts": report.playouts if report is not None else 0,
    })


def ping() -> str:
    return "pong"


__export__ = ["decide", "ping"]
