"""KABALAM with a friend on another device, the whole site on loopback (issue 30's measures).

Two Chromium contexts (the host's device and the guest's) meet through the Nostr relay of the tests
(tests/e2e/relay.py, on 127.0.0.1) and play over a WebRTC data channel, as in
tests/e2e/test_remote_play.py, whose steps this reuses. It prints:

* **a move's latency:** from the guest's click that makes its move (the packet, or Yield) to the
  frame that paints the host's answer on the guest's page (the guest's record taking the move,
  then the next animation frame), over ``--moves`` of the guest's moves (default 100), several
  hands; p50 and p95. Goal: p95 <= 150 ms. The computer's turns are instant (the setting the
  tests use), so the hand moves on at once;
* **from opening an invite to seeing the table** (its seats, the free one offered), cold (a new
  browser profile) and warm (the same profile again: the files and the memory snapshot cached),
  ``--rounds`` times each, beside the site's own start (the home drawn and playable) measured the
  same way. Goal: warm <= 1.5x the site's own;
* **the relay's bytes while seated:** none should pass once every seat is filled (the pages go
  quiet on the relays), measured over the hand's play.

Usage: .venv/bin/python bench/remote_play.py [--moves 100] [--rounds 5]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for folder in ("scripts", "py", "tests/e2e", "tests/unit", "bench"):
    if str(ROOT / folder) not in sys.path:
        sys.path.insert(0, str(ROOT / folder))

from playwright.sync_api import Browser, Page, expect, sync_playwright  # noqa: E402

from browser import ARGS, CHROMIUM, percentile  # noqa: E402
from helpers import INSTANT  # type: ignore[import-not-found]  # noqa: E402
from relay import LocalRelay, start_relay  # type: ignore[import-not-found]  # noqa: E402
from serve import serve_in_thread  # noqa: E402
from test_remote_play import (  # type: ignore[import-not-found]  # noqa: E402
    CONNECT_TIMEOUT_MS, guest_sits, host_invites, host_match, play_one, start)

#: As tests/e2e/conftest.py: WebRTC's host candidates are mDNS names, which must resolve.
RULES = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE *.local"

#: On the guest's page: the time of each click, and, when the guest's record takes a move that
#: followed a click of its own (the host's answer to it), the next frame's time less the click's.
LATENCY = """
window.kabaleLatency = { samples: [], moves: -1, click: null };
document.addEventListener("click", () => { window.kabaleLatency.click = performance.now(); }, true);
const setItem = Storage.prototype.setItem;
Storage.prototype.setItem = function (key, value) {
  setItem.call(this, key, value);
  if (key !== "kabale:kabalam-guest") return;
  const record = window.kabaleLatency;
  let moves;
  try { moves = JSON.parse(value).data.guest.moves.length; } catch { return; }
  if (moves === record.moves) return;
  record.moves = moves;
  const clicked = record.click;
  record.click = null;
  if (clicked !== null) requestAnimationFrame(() => record.samples.push(performance.now() - clicked));
};
"""

#: The moment a condition first held, on the page's clock (ms since its navigation began).
READY = "() => document.body.dataset.ready === '1' && performance.now()"
SEATS_SHOWN = "() => Boolean(document.querySelector('input[type=radio]:checked')) && performance.now()"


def device(browser: Browser, *scripts: str) -> Page:
    context = browser.new_context(bypass_csp=True)  # the relay is on 127.0.0.1, not in the policy
    for script in (INSTANT, *scripts):
        context.add_init_script(script)
    page = context.new_page()
    page.set_default_timeout(CONNECT_TIMEOUT_MS)
    return page


def opened(page: Page, url: str | None, condition: str) -> float:
    """Open ``url`` (None: load the page again; an invite's address differs from it only by its
    #fragment, and opening it again would not load the page)."""
    page.goto(url) if url is not None else page.reload()
    return float(page.wait_for_function(condition, timeout=CONNECT_TIMEOUT_MS).json_value())


def starts(browser: Browser, url: str, condition: str, rounds: int) -> tuple[list[float], list[float]]:
    """Cold and warm: a new profile each round, then the same page opened again in it."""
    cold, warm = [], []
    for _ in range(rounds):
        page = device(browser)
        cold.append(opened(page, url, condition))
        page.wait_for_timeout(1500)  # the service worker installs, the snapshot is kept
        warm.append(opened(page, None, condition))
        page.context.close()
    return cold, warm


def next_hand(host: Page) -> None:
    """The host deals on: the next hand, or a new match once this one is over."""
    button = host.get_by_role("button", name="Next hand").or_(host.get_by_role("button", name="New match"))
    button.first.click()
    host.wait_for_function("() => { const r = localStorage.getItem('kabale:kabalam-host');"
                           " const m = r && JSON.parse(r).data.host.match; const h = m && m.hands;"
                           " return Boolean(h) && h.length > 0 && (h[h.length - 1].moves || []).length === 0; }",
                           timeout=CONNECT_TIMEOUT_MS)


def latencies(browser: Browser, url: str, relay: LocalRelay, moves: int) -> dict[str, Any]:
    host, guest = device(browser), device(browser, LATENCY)
    link = host_invites(host, url, relay)
    guest_sits(guest, link)
    start(host, guest)
    guest.evaluate("() => { window.kabaleLatency.samples = []; window.kabaleLatency.click = null; }")  # not Sit down's
    seated_events, seated_at = len(relay.events()), time.monotonic()
    hands = 1
    while len(guest.evaluate("window.kabaleLatency.samples")) < moves:
        if not play_one(host, guest):
            hand = host_match(host).hand
            assert hand is not None and hand.is_over()
            next_hand(host)
            hands += 1
    samples = [float(value) for value in guest.evaluate("window.kabaleLatency.samples")]
    result = {"samples": samples, "hands": hands, "seconds_seated": time.monotonic() - seated_at,
              "relay_events_seated": len(relay.events()) - seated_events}
    for page in (host, guest):
        page.context.close()
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=5)
    arguments = parser.parse_args()
    server, url = serve_in_thread(ROOT, 0)
    relay = start_relay()
    try:
        with sync_playwright() as playwright:
            args = [RULES if arg.startswith("--host-resolver-rules") else arg for arg in ARGS]
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=args)
            site_cold, site_warm = starts(browser, url, READY, arguments.rounds)
            host = device(browser)
            link = host_invites(host, url, relay)  # a table waiting for its friend
            invite_cold, invite_warm = starts(browser, link, SEATS_SHOWN, arguments.rounds)
            host.context.close()
            played = latencies(browser, url, relay, arguments.moves)
            browser.close()
    finally:
        relay.stop()
        server.shutdown()

    def line(name: str, values: list[float]) -> str:
        return (f"{name}: median {percentile(values, 0.5):.0f} ms, p95 {percentile(values, 0.95):.0f} ms "
                f"(min {min(values):.0f}, max {max(values):.0f}, n={len(values)})")

    samples = played["samples"]
    print(line(f"a guest's move, click to the paint of the host's answer, over {played['hands']} hand(s)", samples))
    print(f"  goal p95 <= 150 ms: {'met' if percentile(samples, 0.95) <= 150 else 'NOT met'}")
    for name, values in (("the site's start, cold", site_cold), ("the site's start, warm", site_warm),
                         ("an invite to its table's seats, cold", invite_cold),
                         ("an invite to its table's seats, warm", invite_warm)):
        print(line(name, values))
    ratio = percentile(invite_warm, 0.5) / percentile(site_warm, 0.5)
    print(f"  warm invite / warm site (medians): {ratio:.2f}x; goal <= 1.5x: {'met' if ratio <= 1.5 else 'NOT met'}")
    print(f"relay events while seated: {played['relay_events_seated']} in {played['seconds_seated']:.0f} s "
          f"(every seat filled: the pages are quiet on the relays)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
