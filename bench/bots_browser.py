"""The bots in the browser: decision times in Pyodide, and slices vs a worker.

Serves the repository on 127.0.0.1 (scripts/serve.py), opens
bench/bots_page/index.html in headless Chromium (Debian's) and prints what the
page measured (see bench/bots_page/bench.py) as JSON.

Usage: .venv/bin/python bench/bots_browser.py [--count N] [--budget MS] [--pause S]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from playwright.sync_api import sync_playwright  # noqa: E402

from serve import serve_in_thread  # noqa: E402

ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
]


def measure(count: int, budget: float, pause: float, timeout_s: float = 900) -> dict[str, Any]:
    server, base = serve_in_thread(ROOT, 0)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            page = browser.new_page()
            messages: list[str] = []
            page.on("console", lambda message: messages.append(message.text))
            page.goto(f"{base}bench/bots_page/index.html?count={count}&budget={budget}&pause={pause}")
            try:
                page.wait_for_function("document.body.dataset.done === '1'", timeout=timeout_s * 1000)
            except Exception:
                print("\n".join(messages[-30:]), file=sys.stderr)
                raise
            result: dict[str, Any] = json.loads(page.evaluate("window.botBenchResult"))
            browser.close()
    finally:
        server.shutdown()
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=40, help="positions (default 40)")
    parser.add_argument("--budget", type=float, default=150.0, help="the hard bot's ms per decision (default 150)")
    parser.add_argument("--pause", type=float, default=0.0, help="asyncio.sleep between slices, s (default 0)")
    args = parser.parse_args()
    print(json.dumps(measure(args.count, args.budget, args.pause), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
