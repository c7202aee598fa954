"""Does every table fit its screen, and how large are its cards? (issue 13), in headless Chromium.

For each screen size and each table (Double H, Patience Kabalam, KABALAM with 2, 3 and
4 seats): how far the page scrolls (0 = it fits), how many cards and controls lie
outside the viewport, the size of a card in CSS pixels, and the layout shift (CLS,
the sum of the Layout Instability API's shifts without recent input) from the start of
the page's load to the table drawn: the painted lobby giving way to the table.

tests/e2e/test_fit.py asserts the fit; this prints the figures the closing note quotes.

Usage: .venv/bin/python bench/fit.py [--sizes 1280x800,390x844] [--games double-h,kabalam4]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from playwright.sync_api import Page, sync_playwright  # noqa: E402

from browser import launch, ready  # noqa: E402
from serve import serve_in_thread  # noqa: E402

SIZES = {"1920x1080": (1920, 1080), "1366x768": (1366, 768), "1280x800": (1280, 800), "768x1024": (768, 1024),
         "390x844": (390, 844), "360x740": (360, 740), "844x390": (844, 390)}
GAMES = ("double-h", "patience", "kabalam2", "kabalam3", "kabalam4")

SETTINGS = """
localStorage.setItem("kabale:settings", JSON.stringify(
  {app: "kabale", schema: 1, name: "settings", revision: 1, data: {bot_speed: "instant", language: "en"}}));
window.__shifts = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts.push(e.value); })
  .observe({type: "layout-shift", buffered: true});
"""

MEASURE = """() => {
  const root = document.documentElement, width = root.clientWidth, height = root.clientHeight;
  let outside = 0;
  for (const el of document.querySelectorAll('#view .card, #view button, #view select, #toolbar button, #toolbar select')) {
    const r = el.getBoundingClientRect();
    if (!r.width && !r.height) continue;
    if (r.left < -0.5 || r.top < -0.5 || r.right > width + 0.5 || r.bottom > height + 0.5) outside += 1;
  }
  const card = document.querySelector('#view .h-shape .card, #view .mine .card, #view .card');
  const box = card ? card.getBoundingClientRect() : {width: 0, height: 0};
  return {scroll: Math.max(root.scrollHeight - height, root.scrollWidth - width, 0), outside,
          card: `${Math.round(box.width)}x${Math.round(box.height)}`,
          cls: window.__shifts.reduce((a, b) => a + b, 0)};
}"""


def open_table(page: Page, url: str, game: str) -> None:
    if game.startswith("kabalam"):
        seats = game[-1]
        page.goto(url + f"?game=kabalam&seed=1{seats}")
        ready(page)
        page.get_by_label(f"{seats} players").check()
        page.get_by_role("button", name="Start the match").click()
        page.wait_for_selector(".kabalam-table")
    else:
        page.goto(url + f"?game={game}&seed=5")
        ready(page)
        page.wait_for_selector(f".{game}-table")
    page.wait_for_timeout(600)  # the deal's animation ends


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=",".join(SIZES))
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args()
    server, url = serve_in_thread(ROOT, 0)
    print(f"{'screen':10} {'table':9} {'scroll':>6} {'outside':>7} {'card':>8} {'CLS':>6}")
    try:
        with sync_playwright() as playwright:
            browser = launch(playwright)
            for size in args.sizes.split(","):
                width, height = SIZES[size]
                for game in args.games.split(","):
                    context = browser.new_context(viewport={"width": width, "height": height},
                                                  has_touch=width < 1000, is_mobile=width < 1000)
                    context.add_init_script(SETTINGS)
                    page = context.new_page()
                    open_table(page, url, game)
                    figures = page.evaluate(MEASURE)
                    print(f"{size:10} {game:9} {figures['scroll']:>6} {figures['outside']:>7} {figures['card']:>8} "
                          f"{figures['cls']:>6.3f}", flush=True)
                    context.close()
            browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
