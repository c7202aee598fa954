"""Time per honest hint of Double H, in CPython: deals played to their end by following the
hint as ``python -m kabale simulate --game double-h --bot hint`` does (a winning line, once
the hint gives one, is followed without asking again; a position with one move needs no
hint), every hint timed; median, p95, max: of all hints asked, of those that searched (in
round 1 only the last card or an empty place needs a search), and of a hint asked every N moves
along the winning lines followed (where a person who asks again at each move would ask). Pyodide is roughly 5-10 times slower; the table caps a hint at 0.25 s there.

``--browser N``: the Double H table in headless Chromium (Debian's), served on 127.0.0.1,
deals 0..N-1, each in a fresh context: the time from a click on Hint until its words are on the
page (the table caps a hint's search at 0.25 s), with the longest main-thread task meanwhile:
the first hint of a page (it loads the solver), one in round 1 after a draw, and four in round
2 (after drawing the first round through; five more draws between them).

Goal (issue 16): time per hint in Pyodide p95 <= 500 ms.

Usage: .venv/bin/python bench/hints_double_h.py [--seeds 0-19] [--states 4000] [--browser 10]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "py"))

from kabale.games.double_h.rules import DoubleH, Move, MoveKind  # noqa: E402
from kabale.games.double_h.solver_honest import DEFAULT_STATES, honest_hint  # noqa: E402
from hints import HINT_LATENCY, LOOK_MS, SETTINGS, summary  # noqa: E402  (bench/hints.py: the patience's)


def cpython_times(seeds: range, states: int, every: int) -> dict[str, Any]:
    """Deals followed by the hint to their end; each hint's time (ms): all asked, those that
    searched (the order seen, or a place empty in round 1), and a hint asked at every
    ``every``-th position of the winning lines followed (where a person might ask one)."""
    asked: list[float] = []
    searched: list[float] = []
    along: list[float] = []
    won = 0
    for seed in seeds:
        game = DoubleH.deal(seed)
        line: list[Move] = []
        while not game.is_over():
            if line:
                if every and len(line) % every == 0:
                    started = time.perf_counter()
                    honest_hint(game.observation(), budget_states=states, seed=len(game.history))
                    along.append(1000 * (time.perf_counter() - started))
                game.apply(line.pop(0))
                continue
            moves = [move for move in game.legal_moves() if move.kind is not MoveKind.GIVE_UP]
            if len(moves) == 1:
                game.apply(moves[0])
                continue
            started = time.perf_counter()
            advice = honest_hint(game.observation(), budget_states=states, seed=len(game.history))
            elapsed = 1000 * (time.perf_counter() - started)
            asked.append(elapsed)
            if advice.verdict.states:
                searched.append(elapsed)
            assert advice.move is not None
            if advice.verdict.moves and advice.verdict.moves[0] == advice.move:
                line = list(advice.verdict.moves[1:])
            game.apply(advice.move)
        won += game.is_won()
    return {"deals": len(seeds), "won": won, "states": states, "asked": summary(asked),
            "searched": summary(searched), f"along_the_lines_every_{every}": summary(along)}


def browser_times(deals: int, look_ms: int = LOOK_MS) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    from browser import launch, ready
    from serve import serve_in_thread

    first: list[float] = []
    round_1: list[float] = []
    round_2: list[float] = []
    longest: list[float] = []
    server, base = serve_in_thread(ROOT, 0)
    try:
        with sync_playwright() as playwright:
            browser = launch(playwright)
            for seed in range(deals):
                context = browser.new_context(viewport={"width": 1280, "height": 800})
                context.add_init_script(SETTINGS)
                page = context.new_page()
                page.goto(f"{base}?game=double-h&seed={seed}")
                ready(page)
                page.get_by_role("region", name="Double H table").wait_for()
                page.wait_for_timeout(look_ms)  # the page imports the solver on idle meanwhile
                draw = page.locator("button[data-action=draw]")
                for times in (first, round_1):
                    elapsed, task = page.evaluate(HINT_LATENCY, [".hint-text", "Hint"])
                    times.append(elapsed)
                    longest.append(task)
                    draw.click()
                for _ in range(76):  # 78 in all: the first round drawn through
                    draw.click()
                page.locator("button[data-action=next-round]").click()
                for _ in range(4):
                    elapsed, task = page.evaluate(HINT_LATENCY, [".hint-text", "Hint"])
                    round_2.append(elapsed)
                    longest.append(task)
                    for _ in range(5):
                        draw.click()
                context.close()
            browser.close()
    finally:
        server.shutdown()
    return {"deals": deals, "look_ms": look_ms, "first_hint_of_a_page": summary(first), "round_1": summary(round_1),
            "round_2": summary(round_2), "longest_task_during_a_hint": summary(longest),
            "tasks_over_50ms": sum(task > 50 for task in longest)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="0-19", help="deals FIRST-LAST (default 0-19)")
    parser.add_argument("--states", type=int, default=DEFAULT_STATES, help="the cap of states a hint")
    parser.add_argument("--every", type=int, default=10, help="also time a hint every N moves of a line followed")
    parser.add_argument("--browser", type=int, default=0, help="deals to time at the table in Pyodide (default 0)")
    parser.add_argument("--look", type=int, default=LOOK_MS,
                        help=f"ms the table is looked at before the first hint (default {LOOK_MS})")
    args = parser.parse_args()
    first, _, last = args.seeds.partition("-")
    report: dict[str, Any] = {"cpython": cpython_times(range(int(first), int(last or first) + 1), args.states,
                                                       args.every)}
    if args.browser:
        report["pyodide_at_the_table"] = browser_times(args.browser, args.look)
    report["goal"] = {"pyodide_p95_ms": "<= 500"}
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
