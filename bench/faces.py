"""The bytes the card faces add to a first visit, and what the page really fetches for them.

* On disk: the sprite (every face), the card stylesheet and each back, as served
  (uncompressed) and gzipped at level 6 (what a static host's gzip commonly sends).
  A first visit draws one back only; the service worker then precaches all three.
* In headless Chromium: a first visit to a Double H table (no service worker, so
  only what the page itself asks for): each card-art request, its bytes on the
  wire and decoded, and how many requests the faces make (one sprite for every
  face on the table, whatever the number of cards).

Usage: .venv/bin/python bench/faces.py
"""

from __future__ import annotations

import gzip
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for folder in ("scripts", "py", "bench"):
    if str(ROOT / folder) not in sys.path:
        sys.path.insert(0, str(ROOT / folder))

from playwright.sync_api import sync_playwright  # noqa: E402

import cards_svg  # noqa: E402
from browser import launch, ready  # noqa: E402
from serve import serve_in_thread  # noqa: E402

ART = ["assets/css/cards.css", "assets/cards/cards.svg", *(f"assets/cards/back-{name}.svg" for name in cards_svg.BACKS)]

#: Resource timing of every card-art request the page made (the service worker is blocked).
REQUESTS = """() => performance.getEntriesByType('resource')
  .filter((entry) => /\\/assets\\/(cards\\/|css\\/cards\\.css)/.test(entry.name))
  .map((entry) => ({url: entry.name.replace(location.origin + '/', ''), wire: entry.transferSize,
                    body: entry.decodedBodySize}))"""


def on_disk() -> tuple[int, int]:
    """Print each file's size; return the first visit's total (sprite, stylesheet, one back)."""
    print(f"{'file':38} {'bytes':>8} {'gzip -6':>8}")
    first_raw = first_gzip = 0
    for name in ART:
        raw = (ROOT / name).read_bytes()
        packed = len(gzip.compress(raw, 6))
        print(f"{name:38} {len(raw):8} {packed:8}")
        if "back-" not in name or name.endswith("back-red.svg"):
            first_raw += len(raw)
            first_gzip += packed
    print(f"{'first visit (sprite, css, one back)':38} {first_raw:8} {first_gzip:8}")
    return first_raw, first_gzip


def in_browser() -> None:
    server, url = serve_in_thread(ROOT, 0, live_precache=True)
    try:
        with sync_playwright() as playwright:
            browser = launch(playwright)
            context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
            page = context.new_page()
            page.goto(url + "?game=double-h&seed=7")
            ready(page)
            page.wait_for_function("""() => [...document.querySelectorAll('.card[data-card] .face use')]
                                        .every((use) => use.getBBox().width > 0)""", timeout=30_000)
            cards = page.evaluate("document.querySelectorAll('.card[data-card]').length")
            requests = page.evaluate(REQUESTS)
            browser.close()
    finally:
        server.shutdown()
    print(f"\nfirst visit in Chromium, Double H deal 7 ({cards} faces on the table), no service worker:")
    for request in requests:
        print(f"  {request['url'].split('#')[0]:36} wire {request['wire']:6}  decoded {request['body']:6}")
    print(f"  {len(requests)} requests, {sum(r['wire'] for r in requests)} bytes on the wire (uncompressed server)")


def main() -> int:
    on_disk()
    in_browser()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
