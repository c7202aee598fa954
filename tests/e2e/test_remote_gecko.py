"""Issue 30: a Firefox ESR guest at a Chromium host. The host is the tests' Chromium; the guest is
Debian's Firefox ESR over WebDriver BiDi (tests/engines/gecko.mjs, puppeteer-core). They meet
through the Nostr relay on 127.0.0.1 and play a whole two-seat hand over a WebRTC data channel.

* The site is served with the relay in its page's policy (``make dist DIST_RELAYS=...`` does the
  same for a deployed site): Firefox, unlike the tests' Chromium, keeps the page's policy.
* Firefox gives its WebRTC host candidates as plain addresses (its pref
  ``media.peerconnection.ice.obfuscate_host_addresses`` off, as Trystero's own tests turn mDNS off);
  Chromium's stay mDNS names, which Firefox cannot resolve here, and the connection is made from
  Firefox's (Chromium learns a peer-reflexive candidate from its checks).
* Nothing either browser asks for leaves 127.0.0.1: the Chromium context's guard, and Firefox's
  proxy, which records and refuses whatever is not for 127.0.0.1.
"""

from __future__ import annotations

import functools
import json
import threading
from typing import Any, Iterator
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page, expect

import dist
import engines
from conftest import NetworkGuard  # type: ignore[import-not-found]
from helpers import INSTANT, LANDED, click_move, settle  # type: ignore[import-not-found]
from relay import LocalRelay  # type: ignore[import-not-found]
from serve import ROOT, Server, StaticHandler
from test_remote_play import (  # type: ignore[import-not-found]
    CONNECT_TIMEOUT_MS, host_invites, host_match, simple_move, wait_for_host)

from kabale.net.views import observation_from_dict

#: Firefox's preferences for this test: host candidates as addresses, not mDNS names; and the
#: system's reduced motion, as the host's context has it (and test_remote_play's devices): a whole hand
#: is played here, each press waiting for the cards to land, and the motion is test_motion's. (The test
#: took 24-56 s of a run with motion; alone, 22-28 s with it and 14-25 s without: the hand's pace varies.)
GECKO_PREFS = {"media.peerconnection.ice.obfuscate_host_addresses": False, "ui.prefersReducedMotion": 1}
TIMEOUT_S = CONNECT_TIMEOUT_MS / 1000


class PolicyHandler(StaticHandler):
    """The site as it is, but its page's policy names the test's relay too."""

    page_html = b""

    def do_GET(self) -> None:
        if urlsplit(self.path).path not in ("/", "/index.html"):
            super().do_GET()
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(self.page_html)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(self.page_html)


@pytest.fixture
def site_with_relay(nostr_relay: LocalRelay) -> Iterator[str]:
    page = dist.with_relays((ROOT / "index.html").read_text(encoding="utf-8"), [nostr_relay.url])
    handler = type("Handler", (PolicyHandler,), {"page_html": page.encode("utf-8")})
    server = Server(("127.0.0.1", 0), functools.partial(handler, directory=str(ROOT)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture
def gecko() -> Iterator[engines.GeckoDriver]:
    proxy = engines.RecordingProxy()
    try:
        driver = engines.GeckoDriver(proxy.port, 180, prefs=GECKO_PREFS)
    except engines.EngineError as error:
        pytest.fail(f"{error} (`make test` runs it)")
    try:
        yield driver
        assert engines.foreign(driver.requests()) == [], "Firefox's page asked another host"
        assert proxy.hosts == [], f"Firefox reached for another host: {proxy.hosts}"
    finally:
        driver.quit()
        proxy.close()


def guest_record(driver: engines.GeckoDriver) -> dict[str, Any]:
    text = driver.evaluate("localStorage.getItem('kabale:kabalam-guest')")
    assert text, "the guest keeps no seat"
    return dict(json.loads(text)["data"]["guest"])


def gecko_plays(driver: engines.GeckoDriver, moves: int) -> None:
    """The guest's move, once its page has heard of every move before it: cards picked up, then
    the packet (or Yield), clicked as a mouse does."""
    assert engines.wait_for(driver, "(() => { const r = localStorage.getItem('kabale:kabalam-guest');"
                            f" return Boolean(r) && JSON.parse(r).data.guest.moves.length === {moves}; }})()", TIMEOUT_S)
    observation = observation_from_dict(guest_record(driver)["observation"])
    move = simple_move(observation.legal_moves)

    def press(css: str) -> None:
        # as a person: the cards landed (a flying card would take the click), Python's answer drawn
        assert engines.wait_for(driver, f"({LANDED})()", TIMEOUT_S), "the cards never landed"
        driver.click(css)
        driver.evaluate("window.kabalePage.settled()")

    if move.kind == "yield":
        press("[data-action=yield]")
        return
    used: set[int] = set()
    for value in move.values if move.kind in ("bare", "double") else ():
        index = next(i for i, card in enumerate(observation.endowment) if card.value == value and i not in used)
        used.add(index)
        press(f"[data-action=card][data-index='{index}']")
    press(f"[data-action=packet][data-packet='{move.packet}']")


def test_a_firefox_guest_plays_a_whole_hand_at_a_chromium_host(
        browser: Browser, site_with_relay: str, nostr_relay: LocalRelay, gecko: engines.GeckoDriver) -> None:
    guard = NetworkGuard()
    # the page's own policy, the relay named in it; the cards still, as for the guest (GECKO_PREFS)
    context = browser.new_context(bypass_csp=False, reduced_motion="reduce")
    context.add_init_script(INSTANT)
    guard.watch(context)
    try:
        host: Page = context.new_page()
        host.set_default_timeout(20_000)
        link = host_invites(host, site_with_relay, nostr_relay)
        gecko.goto(site_with_relay + "no-such-page")  # the origin's storage: the computer's pace, instant
        gecko.evaluate(engines.INSTANT)
        gecko.goto(link)
        assert engines.wait_for(gecko, "Boolean(document.querySelector('input[type=radio][value=W]:checked'))", TIMEOUT_S), \
            ("Firefox never saw the host's table (once in nine clean clones, 4 December): what each page said,"
             " and what the relay carried, for the next time",
             gecko.evaluate("document.body.innerText.slice(0, 400)"), host.locator("body").inner_text()[:400],
             [{key: line.get(key) for key in ("in", "type", "kind", "close")} for line in nostr_relay.seen()[-12:]])
        gecko.evaluate("(() => { const name = document.querySelector('[data-field=name]'); name.value = 'Fox';"
                       " name.dispatchEvent(new Event('change', { bubbles: true })); })()")
        gecko.click("[data-action=sit]")
        expect(host.get_by_text("West: Fox has sat down")).to_be_visible(timeout=CONNECT_TIMEOUT_MS)
        host.get_by_role("button", name="Start the match").click()
        for _ in range(400):
            hand = host_match(host).hand
            assert hand is not None
            if hand.is_over():
                break
            count = len(hand.moves)
            if hand.turn == "S":
                settle(host)
                click_move(host, simple_move(hand.observation("S").legal_moves))
            else:
                gecko_plays(gecko, count)
            wait_for_host(host, count)
        match = host_match(host)
        assert match.hand is not None and match.hand.is_over()
        assert engines.wait_for(gecko, "(() => { const r = localStorage.getItem('kabale:kabalam-guest');"
                                " return JSON.parse(r).data.guest.checks.length === 1; })()", TIMEOUT_S)
        record = guest_record(gecko)
        assert record["match"]["totals"] == match.totals  # the scores agree on both devices
        assert [entry["outcome"] for entry in record["checks"]] == ["ok"]  # Firefox checked the deal
        errors = [message for message in gecko.console() if message["type"] in ("error", "uncaught")]
        assert errors == [], errors
        assert not guard.foreign, f"the host's page reached another host: {guard.foreign}"
    finally:
        context.close()
