"""bench/boot_main_thread.py reads a Chromium trace: only the renderer's main thread counts,
a task nested in another is counted once, the time after ready is left out, and only the
part over 50 ms of a task after the first paint blocks."""

from __future__ import annotations

from typing import Any

from boot_main_thread import figures, top_level_tasks

MAIN = (10, 1)
OTHER = (10, 2)


def task(thread: tuple[int, int], start_ms: float, ms: float, name: str = "ThreadControllerImpl::RunTask") -> dict[str, Any]:
    return {"pid": thread[0], "tid": thread[1], "ph": "X", "name": name, "ts": start_ms * 1000, "dur": ms * 1000}


def trace(*events: dict[str, Any]) -> list[dict[str, Any]]:
    names = [
        {"pid": 10, "tid": 1, "name": "thread_name", "args": {"name": "CrRendererMain"}},
        {"pid": 10, "tid": 2, "name": "thread_name", "args": {"name": "ThreadPoolForeground"}},
        {"pid": 10, "tid": 1, "name": "navigationStart", "ts": 0},
    ]
    return names + list(events)


def test_a_task_nested_in_another_is_counted_once_and_other_threads_not_at_all() -> None:
    events = trace(task(MAIN, 10, 100), task(MAIN, 20, 30, "RunTask"), task(MAIN, 200, 20), task(OTHER, 15, 500))
    assert top_level_tasks(events, MAIN, 0, 1_000_000) == [(10_000, 100_000), (200_000, 20_000)]


def test_busy_stops_at_ready_and_blocking_counts_what_is_over_50_ms_after_the_paint() -> None:
    events = trace(
        task(MAIN, 0, 80),     # before the first paint: busy, but not blocking
        task(MAIN, 100, 120),  # after it: 70 ms blocking
        task(MAIN, 300, 40),   # short: 0
        task(MAIN, 390, 60),   # runs past ready at 400: busy to 400 only; still 10 ms blocking
        task(MAIN, 500, 300),  # after ready: nothing
        {"pid": 10, "tid": 1, "ph": "X", "name": "wasm.CompileLazy", "ts": 110_000, "dur": 5_000},
        {"pid": 10, "tid": 1, "ph": "X", "name": "wasm.CompileLazy", "ts": 600_000, "dur": 5_000},
        task(OTHER, 0, 400),
    )
    found = figures(events, ready_ms=400, painted_ms=90)
    assert found["busy"] == 80 + 120 + 40 + 10
    assert found["idle"] == 400 - 250
    assert found["blocking"] == 70 + 10
    assert found["longest"] == 120
    assert (found["lazy_compile"], found["lazy_functions"]) == (5, 1)
