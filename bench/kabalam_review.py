"""How long the KABALAM table's Review takes in the browser, and whether the page stays responsive.

Two finished hands, each opened as a saved table (headless Chromium, Debian's, 127.0.0.1):
* ``deal7``: match 7 for two seats, hand 1 as the r10 playthrough played it on a phone
  (/work/notes/r10/play/k7-ph-data.json, 8 decisions of South's);
* ``long``: match 1 for two seats played by seeded bots to its end, its hand 3 (32 decisions),
  the longest hand the e2e tests review.
From the press on Review to the list shown (the review thinks in slices); and the longest
main-thread task meanwhile (the Long Tasks API: a task over 50 ms is one the page could not answer a
click in). ``--root`` serves another checkout's built site, so the old and the new tables can be timed
alternately in the same conditions (e.g. ``--root /work/main`` against this worktree).

Usage: .venv/bin/python bench/kabalam_review.py [--runs N] [--root DIR ...]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "py"))

from playwright.sync_api import sync_playwright  # noqa: E402

from browser import launch, percentile, ready  # noqa: E402
from kabale.bots import make_bot  # noqa: E402
from kabale.games.kabalam.match import Match  # noqa: E402
from kabale.web.storage.saved import SavedMatch, SeatPlan, TablePlan  # noqa: E402
from serve import serve_in_thread  # noqa: E402

#: Deal 7 for two seats as the r10 playthrough played it on a phone (its saved match,
#: /work/notes/r10/play/k7-ph-data.json): South followed the Hint at moves 1, 3, 4, 16, 17 and 18
#: ("2 on packet 1", "7 + 7 on packet 1", ...) and chose otherwise at moves 2 and 12.
PLAYED_DEAL7: dict[str, object] = {"game": "kabalam-match", "hands": [{"game": "kabalam", "moves": [
    "bare 2D on 1", "double AH+5H on 3", "bare 7C 7D on 1", "double AS+4C on 1", "yield", "bare 1 on 3",
    "double 2+3 on 2", "double 4+5 on 1", "bare 3 on 2", "bare 4 on 2", "yield", "bare 5H on 2", "yield",
    "bare 6 on 2", "yield", "double 3D+4D on 2", "double 4H+4S on 2", "bare 5S on 1"],
    "options": {"compounded_doubles": False, "free_yield": False}, "seats": ["S", "W"], "seed": 7001,
    "starter": "S", "version": 1}], "options": {"compounded_doubles": False, "free_yield": False},
    "results": [{"closer": "S", "ending": "closed", "out_with_thirteen": [], "scores": {"S": 0, "W": 26}}],
    "seats": ["S", "W"], "seed": 7, "version": 1}

#: The same, saved with its plan, as the table keeps it (tests/unit/test_review_noise.py reviews the match).
DEAL7 = {"match": PLAYED_DEAL7,
         "plan": {"seats": [{"kind": "you", "name": "", "seat": "S"}, {"kind": "normal", "name": "", "seat": "W"}]}}

SETTINGS = """
localStorage.setItem("kabale:settings", JSON.stringify(
  {app: "kabale", schema: 1, name: "settings", revision: 1, data: {bot_speed: "instant", language: "en"}}));
window.__long = [];
new PerformanceObserver(list => { for (const e of list.getEntries()) window.__long.push(e.duration); })
  .observe({type: "longtask", buffered: true});
"""


def played(seed: int, seats: int, hands: int | None) -> Match:
    """A match played by seeded bots (a random South): ``hands`` hands, or to its end (None).
    tests/e2e/test_kabalam_review_table.py plays its matches with this too."""
    match = Match.start(seed, seats=seats)
    bots = {seat: make_bot("random" if seat == "S" else "normal", random.Random(f"{seed}:{seat}"))
            for seat in match.seats}
    while True:
        hand = match.hand
        assert hand is not None
        while not hand.is_over():
            seat = hand.turn or ""
            match.apply(bots[seat].choose(hand.observation(seat)), seat)
        if match.is_over() or match.hand_number == hands:
            return match
        match.next_hand()


def long_match() -> dict[str, object]:
    """Match 1 for two seats, played to its end by seeded bots (as the browser test's)."""
    plan = TablePlan((SeatPlan("S", "you"), SeatPlan("W", "normal")))
    return SavedMatch(plan, played(1, 2, None)).to_dict()


def time_review(browser: object, url: str, data: dict[str, object]) -> tuple[float, float, int]:
    """(seconds from the press to the list, the longest task in ms meanwhile, decisions listed)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})  # type: ignore[attr-defined]
    envelope = {"app": "kabale", "schema": 1, "name": "kabalam", "revision": 1, "data": data}
    context.add_init_script(SETTINGS + f"localStorage.setItem('kabale:kabalam', {json.dumps(json.dumps(envelope))});")
    page = context.new_page()
    page.goto(url + f"?game=kabalam&seed={data['match']['seed']}")  # type: ignore[index]
    ready(page)
    button = page.locator(".end-actions .review-button, .review-button").first
    button.wait_for()
    page.wait_for_timeout(500)
    page.evaluate("window.__long = []")
    started = time.perf_counter()
    button.click()
    page.locator(".review-list .review-decision").first.wait_for(timeout=120_000)
    took = time.perf_counter() - started
    longest = max(page.evaluate("window.__long") or [0.0])
    count = page.locator(".review-list .review-decision").count()
    context.close()
    return took, longest, count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--root", action="append", default=None, help="a checkout to serve (default: this one)")
    args = parser.parse_args()
    roots = args.root or [str(ROOT)]
    hands = {"deal7": DEAL7, "long": long_match()}
    servers = {root: serve_in_thread(root, 0) for root in roots}
    seen: dict[tuple[str, str], list[tuple[float, float, int]]] = {}
    with sync_playwright() as playwright:
        browser = launch(playwright)
        for _run in range(args.runs):
            for name, data in hands.items():
                for root in roots:  # alternately, in the same conditions
                    seen.setdefault((root, name), []).append(time_review(browser, servers[root][1], data))
        browser.close()
    print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f}")
    for (root, name), runs in seen.items():
        seconds = [took for took, _, _ in runs]
        longest = [task for _, task, _ in runs]
        print(f"{root} {name}: {runs[0][2]} decisions, n={len(runs)}, Review to list p50 {percentile(seconds, 0.5):.2f} s "
              f"p95 {percentile(seconds, 0.95):.2f} s, longest task p50 {percentile(longest, 0.5):.0f} ms "
              f"max {max(longest):.0f} ms")


if __name__ == "__main__":
    main()
