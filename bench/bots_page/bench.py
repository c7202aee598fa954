"""The bot benchmark in the browser (driven by bench/bots_browser.py).

On the same positions as bench/bots.py measures in CPython:

1. speed: the hard bot with a fixed 500 playouts, blocking (Pyodide vs CPython);
2. blocking: the hard bot with its 150 ms budget, ``choose`` on the main thread;
3. slices: the same, ``think`` driven with ``await asyncio.sleep(0)`` between slices;
4. worker: the same, in a PyScript worker, awaited from the main thread;
5. normal and easy, blocking.

For each: decision time (mean, p95), playouts, and the main thread's longest
gap (how long a click would wait) and long tasks (over 50 ms). The result goes
to ``window.botBenchResult`` as JSON; ``body[data-done]`` says it is there.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from typing import Any

from pyscript import document, window, workers

from kabale.bots import make_bot
from positions import observation_of, positions

PARAMS = dict(
    (key, value) for key, value in (part.split("=", 1) for part in str(window.location.search)[1:].split("&") if "=" in part)
)
COUNT = int(PARAMS.get("count", "40"))
BUDGET_MS = float(PARAMS.get("budget", "150"))
PAUSE = float(PARAMS.get("pause", "0"))


def status(text: str) -> None:
    document.getElementById("status").textContent = text


def summary(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    if not ordered:
        return {}
    return {
        "n": len(ordered),
        "mean": round(sum(ordered) / len(ordered), 2),
        "median": round(ordered[len(ordered) // 2], 2),
        "p95": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 2),
        "max": round(ordered[-1], 2),
    }


def watch_start() -> None:
    window.botWatch.start()


def watch_stop() -> dict[str, Any]:
    watched = json.loads(window.botWatch.stop())
    long_tasks = json.loads(window.botWatch.longTasks())
    return {"longest_gap_ms": round(watched["longest_gap_ms"], 2), "p99_gap_ms": round(watched["p99_gap_ms"], 2),
            "median_gap_ms": round(watched["median_gap_ms"], 2), "ticks": watched["ticks"],
            "long_tasks": len(long_tasks), "longest_task_ms": round(max(long_tasks, default=0), 1)}


async def settle() -> None:
    await asyncio.sleep(0.05)


async def blocking(cases: list[tuple[Any, str]], level: str, budget_ms: float | None,
                   playouts: int | None = None) -> dict[str, Any]:
    times: list[float] = []
    counts: list[float] = []
    await settle()
    watch_start()
    for number, (observation, seat) in enumerate(cases):
        bot = make_bot(level, random.Random(number), budget_ms=budget_ms, playouts=playouts)
        started = time.perf_counter()
        bot.choose(observation)
        times.append((time.perf_counter() - started) * 1000)
        report = getattr(bot, "report", None)
        counts.append(report.playouts if report is not None else 0)
        await asyncio.sleep(0)
    return {"decision_ms": summary(times), "playouts": summary(counts), "main_thread": watch_stop()}


async def sliced(cases: list[tuple[Any, str]], level: str, budget_ms: float) -> dict[str, Any]:
    times: list[float] = []
    counts: list[float] = []
    slices: list[float] = []
    longest_slice: list[float] = []
    await settle()
    watch_start()
    for number, (observation, seat) in enumerate(cases):
        bot = make_bot(level, random.Random(number), budget_ms=budget_ms)
        started = time.perf_counter()
        thinking = bot.think(observation)
        count, longest = 0, 0.0
        while True:
            slice_started = time.perf_counter()
            try:
                next(thinking)
            except StopIteration:
                longest = max(longest, (time.perf_counter() - slice_started) * 1000)
                break
            longest = max(longest, (time.perf_counter() - slice_started) * 1000)
            count += 1
            await asyncio.sleep(PAUSE)
        times.append((time.perf_counter() - started) * 1000)
        counts.append(getattr(bot, "report").playouts)
        slices.append(count)
        longest_slice.append(longest)
    return {"decision_ms": summary(times), "playouts": summary(counts), "slices": summary(slices),
            "longest_slice_ms": summary(longest_slice), "main_thread": watch_stop()}


async def in_worker(cases: list[tuple[dict[str, Any], str]], level: str, budget_ms: float) -> dict[str, Any]:
    started = time.perf_counter()
    worker = await workers["bots"]
    ready_ms = (time.perf_counter() - started) * 1000
    started = time.perf_counter()
    await worker.ping()
    ping_ms = (time.perf_counter() - started) * 1000
    times: list[float] = []
    inside: list[float] = []
    counts: list[float] = []
    await settle()
    watch_start()
    for number, (record, seat) in enumerate(cases):
        started = time.perf_counter()
        answer = json.loads(await worker.decide(json.dumps(record), seat, level, number, budget_ms))
        times.append((time.perf_counter() - started) * 1000)
        inside.append(answer["ms"])
        counts.append(answer["playouts"])
    return {"decision_ms": summary(times), "worker_side_ms": summary(inside), "playouts": summary(counts),
            "worker_ready_wait_ms": round(ready_ms, 1), "first_ping_ms": round(ping_ms, 1),
            "main_thread": watch_stop()}


WORKER_READY: dict[str, float] = {}


async def note_worker_ready() -> None:
    """When the worker (booting beside the main interpreter) first answers."""
    worker = await workers["bots"]
    await worker.ping()
    WORKER_READY["ms"] = float(window.performance.now())


async def main() -> None:
    result: dict[str, Any] = {"count": COUNT, "budget_ms": BUDGET_MS, "pause": PAUSE,
                              "python": __import__("sys").version.split()[0],
                              "main_ready_since_navigation_ms": round(float(window.performance.now())),
                              # no COOP/COEP headers: the worker is reached by async calls only
                              "cross_origin_isolated": bool(window.crossOriginIsolated)}
    waiting = asyncio.ensure_future(note_worker_ready())
    status("positions…")
    started = time.perf_counter()
    records = positions(COUNT)
    cases = [(observation_of(record, seat), seat) for record, seat in records]
    result["positions_s"] = round(time.perf_counter() - started, 2)
    status("speed…")
    result["hard_500_playouts"] = await blocking(cases, "hard", None, playouts=500)
    status("blocking…")
    result["hard_blocking"] = await blocking(cases, "hard", BUDGET_MS)
    status("slices…")
    result["hard_slices"] = await sliced(cases, "hard", BUDGET_MS)
    status("worker…")
    await waiting
    result["worker_ready_since_navigation_ms"] = round(WORKER_READY["ms"])
    try:
        result["hard_worker"] = await in_worker(records, "hard", BUDGET_MS)
    except Exception as error:  # a worker that cannot start is a finding too
        result["hard_worker"] = {"error": repr(error)}
    status("normal and easy…")
    result["normal_blocking"] = await blocking(cases, "normal", BUDGET_MS)
    result["easy_blocking"] = await blocking(cases, "easy", BUDGET_MS)
    window.botBenchResult = json.dumps(result)
    document.body.dataset.done = "1"
    status("done")


asyncio.ensure_future(main())
