"""Time per honest hint of Patience Kabalam: in CPython, and at the table in Pyodide.

* CPython: deals played to their end by following the hint (as ``python -m
  kabale simulate --game patience --bot hint`` does), every hint timed (a
  position with one move needs none and is not counted); median, p95, max.
* ``--browser N``: the patience table in headless Chromium (Debian's), served
  on 127.0.0.1. N times: the Hint button is clicked and the time until its words
  are on the page is taken (the hint thinks one search at a time between
  paints: that is the latency a player sees), with the longest main-thread task
  meanwhile (the Long Tasks API: the page stays responsive when none is long);
  then the hint is followed by clicking the cards and the packet it marks.

Goal (issue 16): time per hint in Pyodide p95 <= 500 ms.

Usage: .venv/bin/python bench/hints.py [--seeds 1-40] [--browser 40]
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "py"))

from kabale.games.patience.rules import Patience  # noqa: E402
from kabale.games.patience.solver_honest import DEFAULT_STATES, DEFAULT_WORLDS, honest_hint  # noqa: E402
from browser import percentile  # noqa: E402


def summary(values: list[float]) -> dict[str, float]:
    """Count, median, p95 and max in ms (bench/hints_double_h.py shares it); just the count when empty."""
    if not values:
        return {"count": 0}
    return {"count": len(values), "median_ms": round(statistics.median(values), 1),
            "p95_ms": round(percentile(values, 0.95), 1), "max_ms": round(max(values), 1)}


def cpython_times(seeds: range, worlds: int, states: int) -> dict[str, Any]:
    """Deals followed by the hint to their end; each hint's time (ms) and the wins."""
    times: list[float] = []
    won = 0
    for seed in seeds:
        game = Patience.deal(seed)
        while not game.is_over():
            if len(game.legal_moves()) == 1:
                game.apply(game.legal_moves()[0])
                continue
            started = time.perf_counter()
            advice = honest_hint(game.observation(), worlds, states, seed=len(game.moves))
            times.append(1000 * (time.perf_counter() - started))
            assert advice.move is not None
            game.apply(advice.move)
        result = game.result()
        won += bool(result and result.won)
    return {"deals": len(seeds), "won": won, "hints": summary(times)}


SETTINGS = """
localStorage.setItem("kabale:settings", JSON.stringify(
  {app: "kabale", schema: 1, name: "settings", revision: 1, data: {bot_speed: "instant", language: "en"}}));
"""

#: Click Hint; resolve with the time until the hint's words are on the page and the longest task meanwhile.
#: Its argument names the words: ``[selector, prefix]`` (the element, and how its text begins once shown);
#: bench/hints_double_h.py shares it.
HINT_LATENCY = """
([selector, prefix]) => new Promise((resolve) => {
  let longest = 0;
  const tasks = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longest = Math.max(longest, entry.duration); });
  tasks.observe({type: "longtask", buffered: false});
  const start = performance.now();
  const done = () => {
    const words = document.querySelector(selector);
    if (words && words.textContent.startsWith(prefix)) {
      const elapsed = performance.now() - start;
      observer.disconnect();
      setTimeout(() => { tasks.disconnect(); resolve([elapsed, longest]); }, 0);
    }
  };
  const observer = new MutationObserver(done);
  observer.observe(document.body, {childList: true, subtree: true, characterData: true});
  document.querySelector('button[data-action=hint]').click();
})
"""

FOLLOW = """
() => {  // each click draws the table anew: find every button afresh
  const marked = [...document.querySelectorAll('.mine button.card.hinted')].map((card) => card.dataset.index);
  const packet = document.querySelector('.packet.hinted .packet-button').dataset.packet;
  for (const index of marked) document.querySelector(`.mine button[data-index="${index}"]`).click();
  document.querySelector(`button[data-action=packet][data-packet="${packet}"]`).click();
}
"""


#: How long a person looks at a table before the first Hint (ms): the page imports the solver
#: on idle meanwhile (kabale.web.tables.ahead), as it would while she reads the deal.
LOOK_MS = 2000


def browser_times(count: int, first_seed: int, look_ms: int = LOOK_MS) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    from browser import launch, ready
    from serve import serve_in_thread

    latencies: list[float] = []
    longest: list[float] = []
    server, base = serve_in_thread(ROOT, 0)
    try:
        with sync_playwright() as playwright:
            browser = launch(playwright)
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            context.add_init_script(SETTINGS)
            page = context.new_page()
            seed = first_seed
            page.goto(f"{base}?game=patience&seed={seed}")
            ready(page)
            page.wait_for_timeout(look_ms)
            while len(latencies) < count:
                if page.locator(".game-end").count():
                    seed += 1
                    page.get_by_role("button", name="New deal").last.click()
                    page.wait_for_function("() => !document.querySelector('.game-end')")
                    continue
                elapsed, task = page.evaluate(HINT_LATENCY, [".patience-hint", ""])
                latencies.append(elapsed)
                longest.append(task)
                revision = page.evaluate("JSON.parse(localStorage.getItem('kabale:patience')).revision")
                page.evaluate(FOLLOW)
                page.wait_for_function(
                    f"() => JSON.parse(localStorage.getItem('kabale:patience')).revision > {revision}")
                page.wait_for_timeout(30)
            browser.close()
    finally:
        server.shutdown()
    return {"look_ms": look_ms, "first_hint_of_the_page_ms": round(latencies[0], 1) if latencies else None,
            "hints": summary(latencies), "longest_task_during_a_hint": summary(longest),
            "tasks_over_50ms": sum(task > 50 for task in longest)}


def seed_range(text: str) -> range:
    match = re.fullmatch(r"(\d+)-(\d+)", text)
    if not match:
        raise argparse.ArgumentTypeError(f"{text!r} is not a range like 1-40")
    return range(int(match[1]), int(match[2]) + 1)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=seed_range, default=range(1, 41), help="CPython: deals followed (default 1-40)")
    parser.add_argument("--worlds", type=int, default=DEFAULT_WORLDS)
    parser.add_argument("--states", type=int, default=DEFAULT_STATES)
    parser.add_argument("--browser", type=int, default=0, help="hints to time at the table in Pyodide (default 0)")
    parser.add_argument("--look", type=int, default=LOOK_MS,
                        help=f"ms the page is looked at before the first hint (default {LOOK_MS})")
    args = parser.parse_args()
    report: dict[str, Any] = {"worlds": args.worlds, "states": args.states,
                              "cpython": cpython_times(args.seeds, args.worlds, args.states)}
    if args.browser:
        report["pyodide_at_the_table"] = browser_times(args.browser, args.seeds.start, args.look)
    report["goal"] = {"pyodide_p95_ms": "<= 500"}
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
