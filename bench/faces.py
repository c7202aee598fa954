"""What the card faces cost: bytes on a first visit, and time at each redraw.

* On disk: the card stylesheet, the 52 faces and each back, as served
  (uncompressed) and gzipped at level 6 (what a static host's gzip commonly
  sends, file by file). A first visit fetches the faces its table shows and one
  back; the service worker then precaches every file.
* In headless Chromium, a first visit to a Double H table (no service worker,
  so only what the page itself asks for): the card-art requests and their bytes.
* The redraw: on that table (104 cards at most), clicks that pick a card up and
  put it back, each a full redraw, timed from the click to the DOM updated, to
  style and layout done, and to the next frame; in alternating blocks with the
  faces drawn and with every face's image turned off (a constructed stylesheet),
  so the difference is what the drawings cost. Motion is off (reduced motion),
  to time the faces alone.

Usage: .venv/bin/python bench/faces.py [--blocks N]
"""

from __future__ import annotations

import argparse
import gzip
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for folder in ("scripts", "py", "bench"):
    if str(ROOT / folder) not in sys.path:
        sys.path.insert(0, str(ROOT / folder))

from playwright.sync_api import sync_playwright  # noqa: E402

import cards_svg  # noqa: E402
from browser import launch, percentile, ready  # noqa: E402
from serve import serve_in_thread  # noqa: E402

ART = ["assets/css/cards.css", *(f"assets/cards/{name}" for name in cards_svg.files())]

#: Resource timing of every card-art request the page made (the service worker is blocked).
REQUESTS = """() => performance.getEntriesByType('resource')
  .filter((entry) => /\\/assets\\/(cards\\/|css\\/cards\\.css)/.test(entry.name))
  .map((entry) => ({url: entry.name.replace(location.origin + '/', ''), wire: entry.transferSize,
                    body: entry.decodedBodySize}))"""


def on_disk() -> None:
    """Print the sizes: the stylesheet, the faces together, each back, and everything."""
    sizes = {name: (len(raw), len(gzip.compress(raw, 6))) for name in ART for raw in [(ROOT / name).read_bytes()]}
    faces = [size for name, size in sizes.items() if "/faces/" in name]
    rows = [(name, size) for name, size in sizes.items() if "/faces/" not in name]
    rows.insert(1, (f"assets/cards/faces/*.svg ({len(faces)} files)",
                    (sum(raw for raw, _ in faces), sum(packed for _, packed in faces))))
    rows.append(("all the card art (the precache)", (sum(raw for raw, _ in sizes.values()),
                                                     sum(packed for _, packed in sizes.values()))))
    print(f"{'file':42} {'bytes':>8} {'gzip -6':>8}")
    for name, (raw, packed) in rows:
        print(f"{name:42} {raw:8} {packed:8}")
    print(f"one face: {min(raw for raw, _ in faces)} to {max(raw for raw, _ in faces)} bytes "
          f"({min(p for _, p in faces)} to {max(p for _, p in faces)} gzipped)")


TIMED_CLICK = """async (selector) => {
  const element = document.querySelector(selector);
  const start = performance.now();
  element.click();
  const clicked = performance.now();
  document.body.offsetHeight;
  const laidOut = performance.now();
  await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  return [clicked - start, laidOut - start, performance.now() - start];
}"""

#: Every face's image off, or on again: a constructed stylesheet (the page's CSP refuses <style>).
FACES_OFF = """(off) => {
  window.__noFaces = window.__noFaces || new CSSStyleSheet();
  window.__noFaces.replaceSync(off ? '.card[data-card] { background-image: none !important; }' : '');
  document.adoptedStyleSheets = [window.__noFaces];
}"""

SETTINGS = """localStorage.setItem("kabale:settings", JSON.stringify({app: "kabale", schema: 1, name: "settings",
  revision: 1, data: {bot_speed: "instant", language: "en", reduced_motion: true}}));"""


def in_browser(blocks: int) -> None:
    server, url = serve_in_thread(ROOT, 0, live_precache=True)
    timings: dict[str, list[list[float]]] = {"faces drawn": [], "faces off": []}
    try:
        with sync_playwright() as playwright:
            browser = launch(playwright)
            context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
            context.add_init_script(SETTINGS)
            page = context.new_page()
            page.goto(url + "?game=double-h&seed=7")
            ready(page)
            page.wait_for_function("""async () => { const urls = [...document.querySelectorAll('.card[data-card]')]
                .map((card) => getComputedStyle(card).backgroundImage.slice(5, -2));
                await Promise.all(urls.map((u) => { const i = new Image(); i.src = u; return i.decode(); }));
                return true; }""", timeout=30_000)
            cards = page.evaluate("document.querySelectorAll('.card[data-card]').length")
            requests = page.evaluate(REQUESTS)
            for block in range(blocks * 2):
                off = block % 2 == 1
                page.evaluate(FACES_OFF, off)
                for _ in range(20):  # pick a card up and put it back: a full redraw each
                    timings["faces off" if off else "faces drawn"].append(
                        page.evaluate(TIMED_CLICK, "button[data-action=place]"))
            browser.close()
    finally:
        server.shutdown()
    wire = sum(request["wire"] for request in requests)
    print(f"\nfirst visit in Chromium, Double H deal 7 ({cards} faces on the table), no service worker: "
          f"{len(requests)} requests, {wire} bytes on the wire (an uncompressed server)")
    for request in requests[:3]:
        print(f"  {request['url']:36} wire {request['wire']:6}  decoded {request['body']:6}")
    print(f"  ... and {len(requests) - 3} more" if len(requests) > 3 else "")
    print("a redraw of that table (ms, median / p95):")
    for name, rows in timings.items():
        figures = []
        for index, label in enumerate(("click to DOM", "+ style and layout", "to the next frame")):
            values = [row[index] for row in rows]
            figures.append(f"{label} {statistics.median(values):.1f} / {percentile(values, 0.95):.1f}")
        print(f"  {name:12} n={len(rows)}: " + "; ".join(figures))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--blocks", type=int, default=5, help="blocks of 20 redraws, each way")
    arguments = parser.parse_args()
    on_disk()
    in_browser(arguments.blocks)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
