"""Remote play's transport on loopback (issue 30): from joining a room to an open data channel,
and the bytes the relay carries for one connection.

Each round opens two fresh browser contexts on tests/e2e/pages/transport/ (assets/js/transport.mjs,
the vendored Trystero), joins them to a new room through the Nostr relay of the tests
(tests/e2e/relay.py, on 127.0.0.1) with no STUN server, and reports:

* join to open: from the second page's join to the later of the two pages' onPeerJoin (both
  clocks read as epoch milliseconds: performance.timeOrigin + performance.now());
* the relay's bytes for that pair of pages until the channel opened (both directions, WebSocket
  message payloads, so without WebSocket and TCP framing), and in the ``--idle`` seconds after,
  while the pages stay in the room (Trystero goes on announcing).

Usage: .venv/bin/python bench/transport.py [--rounds 10] [--idle 0]
"""

from __future__ import annotations

import argparse
import secrets
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for folder in ("scripts", "py", "tests/e2e"):
    if str(ROOT / folder) not in sys.path:
        sys.path.insert(0, str(ROOT / folder))

from playwright.sync_api import Page, expect, sync_playwright  # noqa: E402

from browser import ARGS, CHROMIUM, percentile  # noqa: E402
from relay import LocalRelay, start_relay  # type: ignore[import-not-found]  # noqa: E402
from serve import serve_in_thread  # noqa: E402

PAGE = "tests/e2e/pages/transport/index.html"
#: As tests/e2e/conftest.py: WebRTC's host candidates are mDNS names, which must resolve.
RULES = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE *.local"
NOW = "() => performance.timeOrigin + performance.now()"


def relay_bytes(relay: LocalRelay, connections: set[int]) -> int:
    """Bytes of the messages the relay received from and sent to these connections so far."""
    return sum(int(line["bytes"]) for line in relay.seen()
               if line.get("in") in connections or line.get("out") in connections)


def one_round(pages: list[Page], relay: LocalRelay, idle_s: float) -> dict[str, float]:
    before = {line["open"] for line in relay.connections()}
    options: dict[str, Any] = {"appId": "kabale-bench", "roomId": "bench-" + secrets.token_hex(4),
                               "password": secrets.token_urlsafe(12), "relayUrls": [relay.url], "iceServers": []}
    pages[0].evaluate("(options) => window.transportTest.join(options)", options)
    joined_at = float(pages[1].evaluate(NOW))
    pages[1].evaluate("(options) => window.transportTest.join(options)", options)
    for page in pages:
        expect(page.locator("body")).to_have_attribute("data-peers", "1", timeout=60_000)
    opened = [float(page.evaluate("() => performance.timeOrigin + window.transportTest.record.joined[0].at"))
              for page in pages]
    connections = {line["open"] for line in relay.connections()} - before
    at_open = relay_bytes(relay, connections)
    time.sleep(idle_s)
    after_idle = relay_bytes(relay, connections)
    return {"join_to_open_ms": max(opened) - joined_at, "relay_bytes_to_open": at_open,
            "relay_bytes_idle": after_idle - at_open, "relay_connections": len(connections)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--idle", type=float, default=0.0, help="seconds to stay in the room after the channel opened")
    arguments = parser.parse_args()
    server, url = serve_in_thread(ROOT, 0)
    relay = start_relay()
    results: list[dict[str, float]] = []
    try:
        with sync_playwright() as playwright:
            args = [RULES if arg.startswith("--host-resolver-rules") else arg for arg in ARGS]
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=args)
            for _ in range(arguments.rounds):
                contexts = [browser.new_context() for _ in range(2)]
                pages = [context.new_page() for context in contexts]
                for page in pages:
                    page.goto(url + PAGE)
                    expect(page.locator("body")).to_have_attribute("data-ready", "1")
                results.append(one_round(pages, relay, arguments.idle))
                for context in contexts:
                    context.close()
            browser.close()
    finally:
        relay.stop()
        server.shutdown()
    times = [result["join_to_open_ms"] for result in results]
    print(f"join to open, {len(times)} rounds: median {percentile(times, 0.5):.0f} ms, "
          f"p95 {percentile(times, 0.95):.0f} ms, min {min(times):.0f}, max {max(times):.0f}")
    to_open = [result["relay_bytes_to_open"] for result in results]
    print(f"relay bytes until open (two pages, both ways): median {percentile(to_open, 0.5):.0f}, "
          f"min {min(to_open):.0f}, max {max(to_open):.0f}")
    if arguments.idle:
        idle = [result["relay_bytes_idle"] for result in results]
        print(f"relay bytes in the {arguments.idle:.0f} s after open: median {percentile(idle, 0.5):.0f}, "
              f"max {max(idle):.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
