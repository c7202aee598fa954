"""Issue 30, the transport: two browser contexts meet through a real Nostr relay on 127.0.0.1
and talk over a WebRTC data channel, with assets/js/transport.mjs and the vendored Trystero.

* The page (tests/e2e/pages/transport/) runs under the policy remote play will need: scripts from
  its own origin, connections to the relay and nothing else (connect-src ws://127.0.0.1:*).
* No STUN server (iceServers: []): the contexts connect by their host candidates, which Chromium
  hides behind mDNS names (conftest.py lets *.local resolve).
* The relays used are the ones configured: the local relay carries each page's signalling, and
  no page opens a WebSocket, or makes any request, to another host (the guard, conftest.py).
  Trystero given the pre-0.24 key instead signals through public relays: the last test shows
  that the checks here catch it.
"""

from __future__ import annotations

import secrets
import socket
from typing import Any, Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from conftest import ConsoleLog, NetworkGuard  # type: ignore[import-not-found]
from relay import LocalRelay  # type: ignore[import-not-found]
import vendor

PAGE = "tests/e2e/pages/transport/index.html"
CONNECT_TIMEOUT_MS = 30_000


class Peers:
    """Browser contexts that keep the test page's policy, each guarded and with its console read."""

    def __init__(self, browser: Browser, base_url: str, guard: NetworkGuard) -> None:
        self.browser = browser
        self.base_url = base_url
        self.guard = guard
        self.contexts: list[BrowserContext] = []
        self.logs: list[ConsoleLog] = []
        #: console errors a test expects (the browser's words on a socket it refused), as substrings
        self.expected: list[str] = []

    def open(self, guard: NetworkGuard | None = None) -> Page:
        """A page of the test page; with a ``guard`` of its own, a control: its policy bypassed (so that
        what Trystero tries reaches the network and the guard), its console not read."""
        context = self.browser.new_context(bypass_csp=guard is not None)
        self.contexts.append(context)
        (guard or self.guard).watch(context)
        page = context.new_page()
        if guard is None:
            log = ConsoleLog()
            self.logs.append(log)
            page.on("console", log.record)
            page.on("pageerror", lambda error: log.errors.append(f"uncaught: {error}"))
        page.goto(self.base_url + PAGE)
        expect(page.locator("body")).to_have_attribute("data-ready", "1")
        return page

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.fixture
def peers(browser: Browser, base_url: str, network_guard: NetworkGuard, nostr_relay: LocalRelay) -> Iterator[Peers]:
    # (the relay is asked for first so that it stops after the pages close: stopped before, it made
    # Trystero's retries console errors)
    made = Peers(browser, base_url, network_guard)
    yield made
    made.close()
    errors = [error for log in made.logs for error in log.errors
              if not any(expected in error for expected in made.expected)]
    assert not errors, f"console errors: {errors}"
    assert not network_guard.foreign, f"a page reached another host: {network_guard.foreign}"


def room_options(relay: LocalRelay, room: str) -> dict[str, Any]:
    return {"appId": "kabale-test", "roomId": room, "password": secrets.token_urlsafe(12),
            "relayUrls": [relay.url], "iceServers": []}


def join(page: Page, options: dict[str, Any]) -> str:
    joined: dict[str, Any] = page.evaluate("(options) => window.transportTest.join(options)", options)
    assert joined["relayUrls"] == options["relayUrls"]
    return str(joined["selfId"])


def record(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate("() => window.transportTest.record")
    return found


def test_two_contexts_open_a_data_channel_through_the_local_relay_and_talk_both_ways(
        peers: Peers, nostr_relay: LocalRelay, network_guard: NetworkGuard) -> None:
    host, guest = peers.open(), peers.open()
    options = room_options(nostr_relay, "table-" + secrets.token_hex(4))
    host_id = join(host, options)
    guest_id = join(guest, options)
    for page in (host, guest):
        expect(page.locator("body")).to_have_attribute("data-peers", "1", timeout=CONNECT_TIMEOUT_MS)
    assert [entry["peerId"] for entry in record(host)["joined"]] == [guest_id]
    assert [entry["peerId"] for entry in record(guest)["joined"]] == [host_id]

    hello = {"type": "hello", "seat": 2, "name": "Åse", "cards": ["4S", "QH"], "nested": {"ok": True, "none": None}}
    host.evaluate("([message, to]) => window.transportTest.room().send(message, to)", [hello, guest_id])
    answer = {"type": "move", "play": [1, 2, 3], "text": "x" * 5000}
    guest.evaluate("(message) => window.transportTest.room().send(message)", answer)
    expect(guest.locator("body")).to_have_attribute("data-messages", "1")
    expect(host.locator("body")).to_have_attribute("data-messages", "1")
    assert [(m["message"], m["peerId"]) for m in record(guest)["messages"]] == [(hello, host_id)]
    assert [(m["message"], m["peerId"]) for m in record(host)["messages"]] == [(answer, guest_id)]

    # No STUN server: the connection is configured with none, and its host candidates are mDNS names.
    for page, other in ((host, guest_id), (guest, host_id)):
        ice = page.evaluate("(id) => window.transportTest.room().connection(id).getConfiguration().iceServers", other)
        assert ice == []
        sdp = page.evaluate("(id) => window.transportTest.room().connection(id).localDescription.sdp", other)
        assert ".local " in sdp and "typ srflx" not in sdp and "typ relay" not in sdp

    # The signalling went through the configured relay, from both pages, and nothing else was reached.
    sockets = {url for url in network_guard.requested if url.startswith(("ws:", "wss:"))}
    assert sockets == {nostr_relay.url}
    origins = {line["origin"] for line in nostr_relay.connections()}
    assert origins == {peers.base_url.rstrip("/")}
    assert len(nostr_relay.connections()) == 2
    publishers = {line["in"] for line in nostr_relay.events()}
    assert len(publishers) == 2, "both pages announced themselves through the relay"
    assert all(line["ephemeral"] for line in nostr_relay.events())

    # A clean leave: the other side sees the peer go, and the room sends no more.
    host.evaluate("() => window.transportTest.room().leave()")
    expect(guest.locator("body")).to_have_attribute("data-peers", "0", timeout=CONNECT_TIMEOUT_MS)
    assert [entry["peerId"] for entry in record(guest)["left"]] == [host_id]
    refused = host.evaluate("() => window.transportTest.room().send({late: true}).then(() => 'sent', (e) => e.message)")
    assert "left" in refused
    assert all(not record(page)["violations"] for page in (host, guest))


def test_the_transport_refuses_to_signal_through_relays_it_was_not_given(peers: Peers, nostr_relay: LocalRelay) -> None:
    """Without relay URLs Trystero would choose public relays itself; and a page's relays are its
    first room's for good (Trystero connects them once), so a second room naming others is refused."""
    page = peers.open()
    options = room_options(nostr_relay, "table-" + secrets.token_hex(4))
    attempt = """(options) => { try { window.transportTest.join(options); return 'joined'; } catch (e) { return e.message; } }"""
    assert "no relay URLs" in page.evaluate(attempt, {**options, "relayUrls": []})
    assert "WebSocket URL" in page.evaluate(attempt, {**options, "relayUrls": ["https://127.0.0.1/"]})
    assert page.evaluate(attempt, options) == "joined"
    page.evaluate("() => window.transportTest.room().leave()")
    other = f"ws://127.0.0.1:{nostr_relay.port + 1}/"
    assert "already" in page.evaluate(attempt, {**options, "roomId": "another", "relayUrls": [other]})


def test_quiet_on_the_relays_once_seated_the_channel_carries_on_and_resume_signals_again(
        peers: Peers, nostr_relay: LocalRelay) -> None:
    host, guest = peers.open(), peers.open()
    options = room_options(nostr_relay, "table-" + secrets.token_hex(4))
    join(host, options)
    guest_id = join(guest, options)
    for page in (host, guest):
        expect(page.locator("body")).to_have_attribute("data-peers", "1", timeout=CONNECT_TIMEOUT_MS)
    for page in (host, guest):
        page.evaluate("() => window.transportTest.room().quiet()")
    host.wait_for_timeout(500)  # the sockets' close reaches the relay
    events, connections = len(nostr_relay.events()), len(nostr_relay.connections())
    host.wait_for_timeout(6000)  # longer than Trystero's announce interval (5.3 s)
    assert len(nostr_relay.events()) == events, "a quiet page went on announcing through the relay"
    host.evaluate("([message, to]) => window.transportTest.room().send(message, to)", [{"type": "still here"}, guest_id])
    expect(guest.locator("body")).to_have_attribute("data-messages", "1")
    for page in (host, guest):
        page.evaluate("() => window.transportTest.room().resume()")
    deadline = 50
    while len(nostr_relay.connections()) < connections + 2 and deadline:
        host.wait_for_timeout(200)
        deadline -= 1
    assert len(nostr_relay.connections()) >= connections + 2, "resume() opened no relay socket again"


#: How soon two pages that stayed open find each other again after their connection dropped.
RECONNECT_TIMEOUT_MS = 15_000


def drop_and_come_back(host: Page, guest: Page, host_id: str, *, quiet: bool) -> None:
    """Close the guest's connection to the host (as a phone's sleep breaks it, both pages open), call
    resume() on each page once it sees the other leave (as the app does when a seat is away), and
    wait until both see the other again."""
    if quiet:  # as the app does once every seat is filled: the relays' sockets closed
        for page in (host, guest):
            page.evaluate("() => window.transportTest.room().quiet()")
        host.wait_for_timeout(500)
    guest.evaluate("(id) => window.transportTest.room().connection(id).close()", host_id)
    for page in (host, guest):
        expect(page.locator("body")).to_have_attribute("data-peers", "0", timeout=CONNECT_TIMEOUT_MS)
        page.evaluate("() => window.transportTest.room().resume()")
    for page in (host, guest):
        expect(page.locator("body")).to_have_attribute("data-peers", "1", timeout=RECONNECT_TIMEOUT_MS)


def test_a_connection_that_drops_while_both_pages_stay_open_comes_back_in_seconds(
        peers: Peers, nostr_relay: LocalRelay) -> None:
    """A phone that sleeps and wakes: the same pages, the same selfIds. Trystero 0.25.4 announced the
    room again only at its next steady announce, and the pages found each other 52-57 s after the
    drop; the transport announces it again when a peer leaves and at resume(). Twice: with the
    relays' sockets open, and after quiet()."""
    host, guest = peers.open(), peers.open()
    peers.expected.append("User-Initiated Abort")  # the host's channel, closed under it
    options = room_options(nostr_relay, "table-" + secrets.token_hex(4))
    host_id = join(host, options)
    guest_id = join(guest, options)
    for page in (host, guest):
        expect(page.locator("body")).to_have_attribute("data-peers", "1", timeout=CONNECT_TIMEOUT_MS)
    host.wait_for_timeout(3000)  # past Trystero's first announces (0.2, 0.8 and 2.1 s after the join)
    drop_and_come_back(host, guest, host_id, quiet=False)
    drop_and_come_back(host, guest, host_id, quiet=True)
    assert [entry["peerId"] for entry in record(host)["joined"]] == [guest_id] * 3
    assert [entry["peerId"] for entry in record(guest)["joined"]] == [host_id] * 3
    guest.evaluate("([message, to]) => window.transportTest.room().send(message, to)", [{"type": "back"}, host_id])
    expect(host.locator("body")).to_have_attribute("data-messages", "1")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_a_join_says_when_no_relay_can_be_reached(peers: Peers, nostr_relay: LocalRelay) -> None:
    """Offline or with the relays down, Trystero only retries; the transport tells the page,
    which says so plainly. A relay that answers is not reported."""
    reached, unreached = peers.open(), peers.open()
    join(reached, {**room_options(nostr_relay, "table-" + secrets.token_hex(4)), "relayWaitMs": 1500})
    closed = f"ws://127.0.0.1:{free_port()}/"  # nothing listens there
    join(unreached, {**room_options(nostr_relay, "table-" + secrets.token_hex(4)), "relayUrls": [closed],
                     "relayWaitMs": 1500})
    expect(unreached.locator("body")).to_have_attribute("data-no-relay", "1", timeout=CONNECT_TIMEOUT_MS)
    assert record(unreached)["noRelay"] == [[closed]]
    reached.wait_for_timeout(500)  # past its own wait, which began first
    assert record(reached)["noRelay"] == []
    peers.expected.append(f"WebSocket connection to '{closed}' failed")  # the browser's, as Trystero retries


def test_the_checks_catch_trystero_given_the_old_relay_key(peers: Peers, nostr_relay: LocalRelay) -> None:
    """The control: Trystero 0.25 ignores ``relayUrls`` (read before 0.24) and signals through its
    public defaults. The page's guard then records WebSockets to other hosts and the local relay
    sees nothing: both checks of the first test would fail."""
    control = NetworkGuard()
    page = peers.open(guard=control)
    bundle = "/" + vendor.vendored("trystero", vendor.TRYSTERO_BUNDLE)
    page.evaluate("""async ([bundle, relay]) => {
      const { joinRoom } = await import(bundle);
      window.oldKeyRoom = joinRoom({ appId: "kabale-test", password: "p", relayUrls: [relay] }, "old-key");
    }""", [bundle, nostr_relay.url])
    page.wait_for_timeout(1500)
    page.evaluate("() => window.oldKeyRoom.leave()")
    sockets = [url for url in control.requested if url.startswith(("ws:", "wss:"))]
    assert sockets and all(url.startswith("wss://") for url in sockets), sockets
    assert control.foreign == sockets
    assert nostr_relay.connections() == []
