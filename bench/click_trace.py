"""Where the time of a move click goes (issue 14): a Chromium trace of the clicks bench/motion.py
plays, split by what the main thread did.

Each timed click (bench/motion.py's TIMED_CLICK) is marked in the trace: its start, the end of
its own handlers (Python's move, save and redraw, synchronous), and the animation frame after it
(motion.js's FLIP runs in that frame's first callback). Between start and frame, the renderer's
main thread is split by the trace's own events, by self time (an event's time less its children's):

* the click's handlers: Python (the wasm: what no named event below covers), ``make`` and
  ``redraw`` of assets/js/redraw.js, motion.js's ``capture``, style and layout they force;
* the wait: the main thread idle until the frame begins;
* the frame: its callbacks (motion.js's ``play``: getBoundingClientRect forcing style and layout,
  then ``animate``), and after the frame mark the frame's own style, layout, pre-paint and paint
  until its commit.

Usage: .venv/bin/python bench/click_trace.py [--plays N] [--games double-h,kabalam]
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for folder in ("scripts", "py", "bench"):
    if str(ROOT / folder) not in sys.path:
        sys.path.insert(0, str(ROOT / folder))

from playwright.sync_api import sync_playwright  # noqa: E402

import motion as bench  # noqa: E402
from browser import launch  # noqa: E402
from serve import serve_in_thread  # noqa: E402

#: bench/motion.py's timed click, with marks the trace keeps (its fields, as motion.Click; the
#: frame timed is the one after the click's handlers: Python on the page's thread).
MARKED_CLICK = """async (selector) => {
  window.__split = {};
  performance.mark('click-start');
  const start = performance.now();
  document.querySelector(selector).click();
  const handled = performance.now();
  performance.mark('click-handled');
  window.__splits = window.__splits || [];
  window.__splits.push(JSON.parse(JSON.stringify(window.__split)));
  const [first, due] = await new Promise((done) => requestAnimationFrame((at) => {
    performance.mark('click-frame'); done([performance.now(), at]); }));
  return [first - start, handled - start, first - due, null];
}"""

#: Time spent in the page's own scripts during a click's handlers, by function (a call from
#: Python's wasm into JavaScript is no event of its own in the trace).
SPLIT = """
window.__split = {};
const timed = (name, fn) => function (...args) {
  const t = performance.now();
  try { return fn.apply(this, args); } finally {
    const e = window.__split[name] || (window.__split[name] = [0, 0]);
    e[0] += performance.now() - t; e[1] += 1;
  }
};
for (const name of ['setItem', 'getItem']) Storage.prototype[name] = timed(`localStorage.${name}`, Storage.prototype[name]);
for (const [global, names] of [['kabaleRedraw', ['make', 'redraw']], ['kabaleMotion', ['capture', 'play']]]) {
  let value;
  Object.defineProperty(window, global, {configurable: true, get: () => value, set: (v) => {
    for (const name of names) v[name] = timed(`${global}.${name}`, v[name]);
    value = v;
  }});
}
"""

CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing", "v8.execute",
              "blink", "cc", "toplevel", "disabled-by-default-devtools.timeline.invalidationTracking",
              "disabled-by-default-devtools.timeline.stack"]


def label(event: dict[str, Any]) -> str:
    name = str(event["name"])
    data = event.get("args", {}).get("data", {}) or {}
    if name in ("FunctionCall", "v8.callFunction") and data.get("url"):
        return f"JS {Path(str(data['url'])).name}:{data.get('functionName') or '?'}"
    if name == "EventDispatch":
        return f"EventDispatch {data.get('type', '')}"
    return name


def self_times(events: list[dict[str, Any]], start: float, end: float) -> dict[str, float]:
    """Self time (ms) of each labelled complete event on one thread, clipped to [start, end]."""
    spans = sorted(((e["ts"], e["ts"] + e.get("dur", 0), label(e)) for e in events
                    if e.get("ph") == "X" and e["ts"] < end and e["ts"] + e.get("dur", 0) > start),
                   key=lambda s: (s[0], -s[1]))
    totals: dict[str, float] = collections.defaultdict(float)

    def clip(a: float, b: float) -> float:
        return max(0.0, min(b, end) - max(a, start))

    # sweep: a span's self time is its clipped length less its children's clipped lengths
    children: dict[int, float] = collections.defaultdict(float)
    parents: list[int] = []
    for index, (a, b, name) in enumerate(spans):
        while parents and spans[parents[-1]][1] <= a:
            parents.pop()
        if parents:
            children[parents[-1]] += clip(a, min(b, spans[parents[-1]][1]))
        parents.append(index)
    for index, (a, b, name) in enumerate(spans):
        totals[name] += (clip(a, b) - children[index]) / 1000
    # the rest of the window no event covers: the main thread idle
    busy, reach = 0.0, start
    for a, b, _ in spans:
        a, b = max(a, reach), min(b, end)
        if b > a:
            busy += b - a
            reach = b
    totals["(idle: nothing on the main thread)"] = max(0.0, (end - start) - busy) / 1000
    return dict(totals)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--plays", type=int, default=6)
    parser.add_argument("--games", default="double-h,kabalam")
    parser.add_argument("--save", help="write the raw trace of the last game here")
    arguments = parser.parse_args()
    bench.TIMED_CLICK = MARKED_CLICK
    load = os.getloadavg()[0]
    server, url = serve_in_thread(ROOT, 0, live_precache=True)
    report: dict[str, Any] = {"load_average_1min": round(load, 2)}
    try:
        with sync_playwright() as playwright:
            browser = launch(playwright)
            for game in arguments.games.split(","):
                context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
                context.add_init_script(bench.WATCHER)
                context.add_init_script(SPLIT)
                pages: list[Any] = []
                context.on("page", lambda page: pages.append(page))
                browser.start_tracing(categories=CATEGORIES)
                clicks = bench.GAMES[game](context, url, arguments.plays)
                raw = browser.stop_tracing()
                scripts = pages[-1].evaluate("window.__splits || []")
                context.close()
                if arguments.save:
                    Path(arguments.save).write_bytes(raw)
                report[game] = split(json.loads(raw), clicks)
                names = {name for entry in scripts for name in entry}
                report[game]["handlers_scripts_median_ms_calls"] = {
                    name: [round(statistics.median(e.get(name, [0, 0])[0] for e in scripts), 2),
                           statistics.median(e.get(name, [0, 0])[1] for e in scripts)] for name in sorted(names)}
            browser.close()
    finally:
        server.shutdown()
    report["load_average_1min_after"] = round(os.getloadavg()[0], 2)
    print(json.dumps(report, indent=2))
    return 0


def split(trace: Any, clicks: list[bench.Click]) -> dict[str, Any]:
    events: list[dict[str, Any]] = trace["traceEvents"] if isinstance(trace, dict) else trace
    marks = sorted((e["ts"], e["name"], e["pid"], e["tid"]) for e in events
                   if e.get("name") in ("click-start", "click-handled", "click-frame") and e.get("ph") in ("R", "I", "n", "b"))
    if not marks:
        return {"error": "no marks"}
    pid = marks[0][2]
    main = [e for e in events if e.get("pid") == pid and e.get("tid") == marks[0][3]]
    starts = [m for m in marks if m[1] == "click-start"]
    handleds = [m for m in marks if m[1] == "click-handled"]
    frames = [m for m in marks if m[1] == "click-frame"]
    layouts: list[int] = []
    layout_ms: list[float] = []
    handler_parts: list[dict[str, float]] = []
    frame_parts: list[dict[str, float]] = []
    after_parts: list[dict[str, float]] = []
    for (s, *_), (h, *_), (f, *_) in zip(starts, handleds, frames):
        handler_parts.append(self_times(main, s, h))
        # layouts of the page from the click to the frame's callbacks' end (forced by a read, or the frame's own)
        laid = [e for e in main if e.get("ph") == "X" and e["name"] == "Layout" and s <= e["ts"] <= f]
        layouts.append(len(laid))
        layout_ms.append(sum(e.get("dur", 0) for e in laid) / 1000)
        frame_parts.append(self_times(main, h, f))
        # the frame's own rendering after its callbacks: to the end of the first Commit/Paint after f
        ends = [e["ts"] + e.get("dur", 0) for e in main if e.get("ph") == "X" and e["name"] == "Commit" and e["ts"] >= f]
        after_parts.append(self_times(main, f, min(ends) if ends else f))

    def median_of(parts: list[dict[str, float]]) -> dict[str, float]:
        names = {name for part in parts for name in part}
        medians = {name: round(statistics.median(part.get(name, 0.0) for part in parts), 2) for name in names}
        return dict(sorted(((k, v) for k, v in medians.items() if v >= 0.05), key=lambda kv: -kv[1]))

    return {
        "clicks": len(clicks),
        "click_to_frame_ms": [round(c[0], 1) for c in clicks],
        "handlers_ms": [round(c[1], 1) for c in clicks],
        "layouts_click_to_frame": {"median": statistics.median(layouts), "max": max(layouts),
                                   "ms_median": round(statistics.median(layout_ms), 2)},
        "handlers_by_self_time_median_ms": median_of(handler_parts),
        "handled_to_frame_callback_median_ms": median_of(frame_parts),
        "frame_after_callbacks_to_paint_median_ms": median_of(after_parts),
    }


if __name__ == "__main__":
    raise SystemExit(main())
