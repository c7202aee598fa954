"""Python in a worker (issue 15, item 5): a measured prototype, against the game as it is.

The prototype (bench/worker/) starts Pyodide in a module worker, unpacks
build/kabale.zip there, deals Patience Kabalam (deal 200) with the real engine
and view model, and posts the table to the page as a JSON view tree; the page
only draws it and posts back what was clicked. The game (index.html) runs
Python on the main thread through PyScript.

Both are served from this checkout by scripts/serve.py on 127.0.0.1 (gzip on
the fly, cache headers) and loaded cold (a fresh context: empty HTTP cache, no
service worker), alternately with the bare PyScript page on Kabale's runtime
module (bench/bare/trimmed/, bench/boot.py's yardstick), in Debian's headless
Chromium at 1280x800:

* shown: ms from navigation start to the ready marker (the game's
  ``data-ready``; the prototype sets it when it has drawn its first table);
* longest block: the longest gap between animation frames until then (the
  main thread blocked), and the longest task the Long Tasks API saw;
* then, on the prototype, ``--moves`` clicks on the first move offered (a new
  deal when a game ends), each timed from the click to the first animation
  frame after the new view is drawn, as bench/motion.py times the game's move
  clicks (there p50 12.4-13.3 / p95 15.5-16.6 ms for the patience, quiet machine;
  see its docstring and the closing note of round 5); and the Python time of each
  move in the worker.

First, once: the prototype in an iframe of a page on another origin (another
port of 127.0.0.1), as a blog would embed the game: it must start and answer a
click, with ``crossOriginIsolated`` false in both.

Cross-origin isolation: the design does not need it. Only strings cross between
the threads, by postMessage; no SharedArrayBuffer, no Atomics. What would need
it is PyScript's own worker mode, where Python in the worker reaches the page's
``document`` synchronously (pyscript.window/document): that rests on
SharedArrayBuffer and Atomics.wait, so the page must be cross-origin isolated
(served with Cross-Origin-Opener-Policy: same-origin and
Cross-Origin-Embedder-Policy: require-corp or credentialless), or have a service
worker add those headers (PyScript's mini-coi), which only works from the second
load, once the worker controls the page. A game embedded in a blog on another
site is isolated only if the blog's own page is too and its iframe allows it
(allow="cross-origin-isolated"): a blog cannot be asked for that. PyScript's
``sync_main_only`` runs a worker without isolation, but then Python in the
worker cannot touch the DOM at all: the view tree of this prototype is what is
left, and it needs nothing from PyScript.

Goal (issue 15): take the worker only if clicks stay at p95 <= 16 ms.

With --engines gecko,webkit it only checks that the prototype starts and plays
in Firefox ESR and WebKitGTK (bench/engines.py's drivers), and is not isolated.

Usage: .venv/bin/python bench/worker_bench.py [--runs N] [--moves N] [--engines gecko,webkit]

Figures (2026-12-01, 2 cores shared by five engineers, load 10-13: read them as upper bounds):

* Start-up, 4 cold loads of each page alternated, medians (load 10-11):
  longest gap between frames 151 ms with Python in the worker against 1675 ms
  for the game; longest task 28 ms against 554 ms. Shown: 2800 against 3345 ms,
  but the prototype's page is far smaller than the game's (no PyScript, a plain
  table), so that pair says little.
* With the bare page too, 4 cold loads of each alternated (load 13-16), medians:
  shown at 1985 ms for the bare page (one line of Python, on the main thread),
  2614 for the prototype (the engine imported and a deal drawn, in the worker),
  2658 for the game; longest frame gap 1192, 133 and 1192 ms. The prototype's
  table comes about when the game's does, 630 ms after the bare page's line;
  how much of that is the worker itself and how much the engine's import and
  deal was not split.
* Clicks, 4 x 30 moves (load 10-11): click to first changed frame p50 10.2,
  p95 31.0 ms; click to the new view drawn p50 2.2, p95 7.3 ms; each crossing
  between the threads 0.2 ms (p50); Python's move and view in the worker p50 1.1,
  p95 3.2 ms. No long task while playing.
* Alternated with bench/motion.py's patience, 3 rounds at load 10-13 (the game
  15 clicks a round, the prototype 30): the game p50 17.8-20.4, p95 52.1-64.6 ms;
  the prototype p50 8.0-10.3, p95 13.7-43.5 ms. One earlier round at load 6-7.5:
  the prototype p50 9.1, p95 16.4 ms. The prototype draws a plainer table than
  the game (and no animation), so this says the crossing costs nothing that
  counts, not that the game in a worker would be faster per click.
* Embedded by a page on another origin: starts and plays, not isolated.
* --engines gecko,webkit (load 12): starts and plays in Firefox ESR 140.12 (table
  shown 5.7 s after navigation) and WebKitGTK 2.50.6 (12.7 s), not isolated, no
  request off 127.0.0.1.
* Lighthouse (bench/lighthouse.py --checkout --page bench/worker/index.html, 3 runs,
  load 10-13, run with no network but loopback): desktop 100, 100, 100 (TBT 0-2 ms),
  mobile 100, 100, 97 (TBT 0-188 ms), against the game's 69 and 54.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for folder in ("scripts", "bench"):
    if str(ROOT / folder) not in sys.path:
        sys.path.insert(0, str(ROOT / folder))

from playwright.sync_api import Page, sync_playwright  # noqa: E402

from browser import launch, percentile  # noqa: E402
from serve import serve_in_thread  # noqa: E402

#: "bare": the bare PyScript page on Kabale's runtime module (bench/boot.py's yardstick), for
#: what starting Pyodide in a worker costs against starting it on the main thread.
PAGES = {"game": "index.html", "worker": "bench/worker/index.html", "bare": "bench/bare/trimmed/index.html"}

#: Installed before any page script: frame gaps and long tasks until the ready marker.
PROBE = """
(() => {
  const probe = (window.__probe = {readyAt: null, longestGap: 0, longTasks: []});
  new PerformanceObserver((list) => list.getEntries().forEach((e) => probe.longTasks.push([e.startTime, e.duration])))
    .observe({type: "longtask", buffered: true});
  let last = performance.now();
  const frame = (now) => {
    probe.longestGap = Math.max(probe.longestGap, now - last);
    last = now;
    if (probe.readyAt === null) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  const mark = () => {
    if (document.body && document.body.dataset.ready === "1" && probe.readyAt === null) probe.readyAt = performance.now();
  };
  new MutationObserver(mark).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-ready"]});
})();
"""

MEASURE = """() => {
  const p = window.__probe;
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  const before = p.longTasks.filter(([start]) => start <= p.readyAt);
  return {painted: paint ? paint.startTime : null, shown: p.readyAt, gap: p.longestGap,
          task: Math.max(0, ...before.map(([, d]) => d)), tasks_over_50: before.length,
          isolated: self.crossOriginIsolated};
}"""

#: A blog's page on another origin (another port of 127.0.0.1) that embeds the prototype.
EMBED = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A blog</title></head>
<body><p>A post with a game in it:</p><iframe src="{url}" width="1000" height="700" title="Kabale"></iframe></body></html>
"""


def cold(browser: Any, url: str) -> tuple[dict[str, float], Any, Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(PROBE)
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("window.__probe && window.__probe.readyAt !== null", timeout=120_000)
    page.wait_for_timeout(300)
    figures: dict[str, float] = page.evaluate(MEASURE)
    return figures, context, page


def play(page: Page, moves: int) -> dict[str, Any]:
    """Click the first move offered ``moves`` times; the click-to-frame times and Python's share."""
    before_tasks = page.evaluate("window.__probe.longTasks.length")
    for index in range(moves):
        # as bench/motion.py clicks the game's moves: element.click(), at any moment of a frame
        page.evaluate("document.querySelector('#app [data-action]').click()")
        page.wait_for_function(f"window.__bench.clicks.length >= {index + 1}", timeout=30_000)
    data: dict[str, Any] = page.evaluate("({clicks: window.__bench.clicks, arrivals: window.__bench.arrivals, hops: window.__bench.hops, python: window.__bench.python.slice(1)})")
    tasks = page.evaluate(f"window.__probe.longTasks.slice({before_tasks})")
    data["long_tasks"] = [round(duration) for _, duration in tasks]
    return data


def embedded(browser: Any, url: str) -> dict[str, Any]:
    """The prototype in an iframe of a page on another origin, as a blog would embed it: does it
    start and answer a click without cross-origin isolation (which neither page has)?"""
    with tempfile.TemporaryDirectory(prefix="kabale-blog-") as folder:
        (Path(folder) / "index.html").write_text(EMBED.format(url=url), encoding="utf-8")
        server, blog = serve_in_thread(folder)
        try:
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            page = context.new_page()
            page.goto(blog)
            frame = page.frame_locator("iframe")
            frame.locator("body[data-ready='1']").wait_for(timeout=120_000)
            inner = next(f for f in page.frames if f.url == url)
            before = inner.evaluate("document.querySelector('#app h1').textContent")
            inner.evaluate("document.querySelector('#app [data-action]').click()")
            inner.wait_for_function("window.__bench.clicks.length >= 1", timeout=30_000)
            result = {
                "origin_of_blog": blog, "origin_of_game": url.split("/bench/")[0],
                "isolated": inner.evaluate("self.crossOriginIsolated"),
                "started_and_played": bool(before) and inner.evaluate("window.__bench.clicks.length") == 1,
            }
            context.close()
            return result
        finally:
            server.shutdown()
            server.server_close()


def other_engines(names: list[str], timeout: float = 120.0) -> dict[str, Any]:
    """Does the prototype start and answer a click in Gecko and WebKit (bench/engines.py's
    drivers: Firefox ESR, WebKitGTK's MiniBrowser; no request may leave 127.0.0.1)?"""
    import engines

    results: dict[str, Any] = {}
    site = engines.serve_site()
    try:
        for key in names:
            proxy = engines.RecordingProxy()
            driver = engines.DRIVERS[key](proxy.port, timeout + 60, engines.SITE_HOSTS)
            try:
                started = time.monotonic()
                driver.goto(site.url + PAGES["worker"])
                booted = engines.wait_for(driver, engines.READY, timeout)
                shown_s = round(time.monotonic() - started, 1)
                played = False
                if booted:
                    driver.click("#app [data-action]")
                    played = engines.wait_for(driver, "window.__bench.clicks.length >= 1", 30)
                results[driver.name] = {
                    "version": driver.version(), "starts": booted, "shown_s": shown_s, "plays": played,
                    "isolated": driver.evaluate("self.crossOriginIsolated") if booted else None,
                    "foreign_requests": engines.foreign(driver.requests()) + proxy.hosts,
                }
            finally:
                driver.quit()
                proxy.close()
    finally:
        site.close()
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=4, help="cold loads of each page, alternated")
    parser.add_argument("--moves", type=int, default=30, help="timed clicks on the prototype (each run)")
    parser.add_argument("--engines", default="", help="only check that it starts and plays in these: gecko,webkit")
    args = parser.parse_args()
    if args.engines:
        print(json.dumps(other_engines(args.engines.split(",")), indent=1))
        return 0
    load = [os.getloadavg()[0]]
    server, base = serve_in_thread(ROOT)
    loads: dict[str, list[dict[str, float]]] = {name: [] for name in PAGES}
    clicks: list[float] = []
    arrivals: list[float] = []
    hops: list[list[float]] = []
    python: list[float] = []
    long_tasks: list[int] = []
    try:
        with sync_playwright() as playwright:
            browser = launch(playwright)
            embed = embedded(browser, base + PAGES["worker"])
            for _ in range(args.runs):
                for name, path in PAGES.items():
                    figures, context, page = cold(browser, base + path)
                    loads[name].append(figures)
                    if name == "worker" and args.moves:
                        played = play(page, args.moves)
                        clicks += played["clicks"]
                        arrivals += played["arrivals"]
                        hops += played["hops"]
                        python += played["python"]
                        long_tasks += played["long_tasks"]
                    context.close()
                    load.append(os.getloadavg()[0])
            browser.close()
    finally:
        server.shutdown()
        server.server_close()

    def med(name: str, key: str) -> float | None:
        values = [row[key] for row in loads[name] if row[key] is not None]  # the bare page paints no text
        return round(statistics.median(values), 1) if values else None

    report: dict[str, Any] = {
        "runs": args.runs,
        "embedded_on_another_origin": embed,
        "isolated": sorted({str(row["isolated"]) for rows in loads.values() for row in rows}),
        "load": [round(min(load), 2), round(max(load), 2)],
        "cold_median_ms": {
            name: {key: med(name, key) for key in ("painted", "shown", "gap", "task")} for name in PAGES
        },
        "cold_each": {name: [[round(row["shown"]), round(row["gap"]), round(row["task"])] for row in rows]
                      for name, rows in loads.items()},
        "worker_clicks": {
            "n": len(clicks),
            "p50_ms": round(percentile(clicks, 0.5), 1) if clicks else None,
            "p95_ms": round(percentile(clicks, 0.95), 1) if clicks else None,
            "max_ms": round(max(clicks), 1) if clicks else None,
            "drawn_p50_ms": round(percentile(arrivals, 0.5), 1) if arrivals else None,
            "drawn_p95_ms": round(percentile(arrivals, 0.95), 1) if arrivals else None,
            "to_worker_p50_ms": round(percentile([hop[0] for hop in hops], 0.5), 1) if hops else None,
            "to_page_p50_ms": round(percentile([hop[1] for hop in hops], 0.5), 1) if hops else None,
            "python_p50_ms": round(percentile(python, 0.5), 1) if python else None,
            "python_p95_ms": round(percentile(python, 0.95), 1) if python else None,
            "long_tasks_while_playing": long_tasks,
        },
    }
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
