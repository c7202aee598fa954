"""Where a cold start spends the page's main thread, Kabale against the bare pages (issue 15).

bench/boot_timeline.py says *when* each phase of a cold start happens; this says *what
keeps the main thread busy* until the ready marker, from a Chromium trace of each cold
load (a fresh context: empty HTTP cache, no service worker; 127.0.0.1, served as
`make play` serves the checkout), the pages alternated:

* ``ready``: the ready marker (``document.body.dataset.ready == "1"``), ms from navigation;
* ``busy``: the main thread's tasks from navigation to ready, summed (ms), and ``idle``,
  the rest: how much of the start the main thread could have given to other work;
* ``lazy_compile``: the wasm functions V8 compiled on the main thread on their first call
  (``wasm.CompileLazy``), in ms, and how many: the runtime's code is compiled as Python's
  start first runs it, not while the wasm downloads;
* ``longest``: the longest task; ``blocking``: the part over 50 ms of each task from the
  first paint to ready (what Lighthouse's total blocking time counts, unthrottled);
* for Kabale, ``extra_busy``: its busy time less the bare page on the same runtime module's
  (median of the pairs): the work Kabale adds, which cannot overlap the runtime's start
  while both run on one thread.

--variant FILE loads a changed copy of index.html as one more page, "variant" (written under
bench/results/variant/ by boot.write_variant), alternated with the others.

Usage: .venv/bin/python bench/boot_main_thread.py [--runs N] [--pages kabale,bare_trimmed,bare]
       [--variant FILE]

Figures (2026-12-01, round 10, quiet machine, load 1.0-2.2; ad hoc traces of the same kind
before this script was written, 3 cold loads of each page):

* Kabale busy 891 ms of its 956 to ready (93%), the bare page on Kabale's runtime module
  774 of 856 (90%): both starts are bound by the main thread. Kabale's extra 117 ms: its
  Python (the lobby's imports and start(), 66-72 ms, bench/boot_timeline.py), style and
  layout of the lobby (+16 ms), its own modules' evaluation (+12 ms), the larger HTML.
* The one long task of both pages is Pyodide's ``finalizeBootstrap`` (Python's start),
  420-490 ms; within it V8 compiles 2,622 wasm functions lazily, 163 ms.
* Tried and dropped: starting the runtime from a module script of the page itself, before
  PyScript asks for it (runtime.mjs called from a script after offline.js). The wasm was
  asked for at 107-145 ms instead of 200-221 (the bare page 116-130), but ready did not
  come sooner (probe of 6 loads: 911 against 888 ms; bench/boot_timeline.py, 8 loads: 1,058
  against 1,030; 40 ms / 20 Mbit/s, 4 loads: the same within 30 ms): the runtime's start
  then took the main thread from PyScript, whose call came at 531 ms instead of 198.
  Leaving out drag.js, motion.js, redraw.js and callout.js (to load them after ready) saved
  44 ms in one run of 8 loads and 8 ms in the next of 10: within the noise.
* Adopted: Python's start-up in a worker (index.html, assets/js/runtime.mjs). 6 loads each,
  alternated with the page before (--variant), load 1.8-3.1: busy 862 ms against 1,297, the
  longest task 184 against 662, blocking 205 against 703, wasm functions compiled on the main
  thread 219 (39 ms) against 2,622 (182 ms); ready 1,766 against 1,374 ms (bare_trimmed 1,186,
  bare 2,757): on two cores the worker, the page and V8's background compiling take turns.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for folder in ("scripts", "bench"):
    if str(ROOT / folder) not in sys.path:
        sys.path.insert(0, str(ROOT / folder))

from playwright.sync_api import Browser, sync_playwright  # noqa: E402

import serve  # noqa: E402
from boot import write_variant  # noqa: E402
from boot_timeline import READY_PROBE  # noqa: E402
from browser import launch, ready  # noqa: E402

PAGES = {"kabale": "index.html", "bare_trimmed": "bench/bare/trimmed/index.html", "bare": "bench/bare/index.html"}
CATEGORIES = ["toplevel", "blink.user_timing", "devtools.timeline", "disabled-by-default-devtools.timeline", "v8.wasm", "loading"]
TASKS = ("ThreadControllerImpl::RunTask", "RunTask")


def main_thread(events: list[dict[str, Any]]) -> tuple[int, int]:
    """The (pid, tid) of the page's renderer main thread: the CrRendererMain with most events."""
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("name") == "thread_name"}
    counts = Counter((e["pid"], e["tid"]) for e in events if names.get((e["pid"], e["tid"])) == "CrRendererMain")
    return counts.most_common(1)[0][0]


def top_level_tasks(events: list[dict[str, Any]], thread: tuple[int, int], start: float, end: float) -> list[tuple[float, float]]:
    """(start, duration) in µs of the thread's outermost tasks that begin in [start, end)."""
    spans = sorted((e["ts"], e.get("dur", 0)) for e in events
                   if (e["pid"], e["tid"]) == thread and e.get("ph") == "X" and e["name"] in TASKS
                   and start <= e["ts"] < end)
    outer: list[tuple[float, float]] = []
    for ts, dur in spans:
        if outer and ts < outer[-1][0] + outer[-1][1]:
            continue  # nested in the task before (a RunTask inside ThreadControllerImpl::RunTask)
        outer.append((ts, dur))
    return outer


def figures(events: list[dict[str, Any]], ready_ms: float, painted_ms: float | None) -> dict[str, float]:
    thread = main_thread(events)
    t0 = min(e["ts"] for e in events if e.get("name") == "navigationStart" and e["pid"] == thread[0])
    end = t0 + ready_ms * 1000
    tasks = top_level_tasks(events, thread, t0, end)
    busy = sum(min(ts + dur, end) - ts for ts, dur in tasks) / 1000
    lazy = [e.get("dur", 0) for e in events if (e["pid"], e["tid"]) == thread and e.get("ph") == "X"
            and e["name"] == "wasm.CompileLazy" and t0 <= e["ts"] < end]
    after_paint = t0 + (painted_ms or 0) * 1000
    return {
        "ready": round(ready_ms, 1),
        "busy": round(busy, 1),
        "idle": round(ready_ms - busy, 1),
        "lazy_compile": round(sum(lazy) / 1000, 1),
        "lazy_functions": len(lazy),
        "longest": round(max((dur for _, dur in tasks), default=0) / 1000, 1),
        "blocking": round(sum(max(0.0, dur / 1000 - 50) for ts, dur in tasks if ts >= after_paint) , 1),
    }


def cold_load(browser: Browser, url: str) -> dict[str, float]:
    context = browser.new_context()
    context.add_init_script(READY_PROBE)
    page = context.new_page()
    browser.start_tracing(page=page, categories=CATEGORIES)
    page.goto(url)
    ready(page)
    page.wait_for_timeout(100)  # the ready task itself ends
    marks = page.evaluate("""() => ({ready: window.__readyAt,
        painted: performance.getEntriesByName("first-paint")[0]?.startTime ?? null})""")
    events = json.loads(browser.stop_tracing())["traceEvents"]
    context.close()
    return figures(events, marks["ready"], marks["painted"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=6)
    parser.add_argument("--pages", default=",".join(PAGES), help="which of " + ", ".join(PAGES))
    parser.add_argument("--variant", type=Path, help="a changed copy of index.html, loaded as one more page")
    args = parser.parse_args()
    pages = [name for name in args.pages.split(",") if name]
    if unknown := set(pages) - set(PAGES):
        parser.error(f"unknown pages: {sorted(unknown)}")
    if args.variant:
        PAGES["variant"] = write_variant("variant", args.variant.read_text(encoding="utf-8"))
        pages.append("variant")
    load_before = [round(value, 2) for value in os.getloadavg()]
    server, base = serve.serve_in_thread(ROOT, 0, live_precache=True)
    results: dict[str, list[dict[str, float]]] = {name: [] for name in pages}
    with sync_playwright() as playwright:
        browser = launch(playwright)
        cold_load(browser, base + PAGES[pages[-1]])  # one throw-away load: the OS file cache warm for all
        for _ in range(args.runs):
            for name in pages:  # alternated, so drift hits all alike
                results[name].append(cold_load(browser, base + PAGES[name]))
        browser.close()
    server.shutdown()
    report: dict[str, Any] = {"runs": args.runs, "load_before": load_before}
    for name, rows in results.items():
        report[name] = {key: statistics.median(row[key] for row in rows) for key in rows[0]}
        report[name]["each_ready"] = [row["ready"] for row in rows]
    if "kabale" in results and "bare_trimmed" in results:
        pairs = zip(results["kabale"], results["bare_trimmed"])
        report["kabale"]["extra_busy"] = statistics.median(k["busy"] - b["busy"] for k, b in pairs)
    for name in ("kabale", "variant"):
        for bare in ("bare_trimmed", "bare"):
            if name in results and bare in results:
                report[f"{name}_ready_over_{bare}"] = round(report[name]["ready"] / report[bare]["ready"], 3)
    report["load_after"] = [round(value, 2) for value in os.getloadavg()]
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
