"""The guard that fails a test when the page asks for any host but 127.0.0.1 really catches one."""

from __future__ import annotations

from playwright.sync_api import Browser

from conftest import CHROMIUM_ARGS, NetworkGuard  # type: ignore[import-not-found]


def test_the_guard_records_a_request_to_another_host(browser: Browser, base_url: str) -> None:
    guard = NetworkGuard()
    context = browser.new_context(bypass_csp=True)
    try:
        context.on("request", guard.record)
        page = context.new_page()
        page.goto(base_url + "scripts/serve.py")
        page.evaluate("() => fetch('http://example.com/tracker.js').catch(() => null)")
        page.wait_for_timeout(200)
    finally:
        context.close()
    assert "http://example.com/tracker.js" in guard.foreign
    assert all(url.startswith(base_url) for url in guard.requested if url not in guard.foreign)


def test_chromium_resolves_no_host_but_localhost() -> None:
    """And mDNS names (*.local), which WebRTC's host candidates are: the guard still fails any
    request to one, as to any host but 127.0.0.1."""
    rules = [arg for arg in CHROMIUM_ARGS if arg.startswith("--host-resolver-rules")]
    assert rules == ["--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost , EXCLUDE *.local"]


def test_the_guard_records_localhost_unless_the_test_allowed_that_very_url(browser: Browser, base_url: str) -> None:
    guard = NetworkGuard()
    port = base_url.rsplit(":", 1)[1].strip("/")
    allowed = f"http://localhost:{port}/scripts/serve.py"
    guard.allow(allowed)
    context = browser.new_context(bypass_csp=True)
    try:
        context.on("request", guard.record)
        page = context.new_page()
        page.goto(allowed)
        page.evaluate(f"() => fetch('http://localhost:{port}/README.md').catch(() => null)")
        page.wait_for_timeout(200)
    finally:
        context.close()
    assert guard.foreign == [f"http://localhost:{port}/README.md"]


def test_the_guard_records_a_websocket_to_another_host_from_a_page_and_from_its_worker(
        browser: Browser, base_url: str) -> None:
    """Playwright's request events leave WebSockets out: a remote-play page that reached a public
    Nostr relay would pass unseen without the page's websocket events (NetworkGuard.watch)."""
    guard = NetworkGuard()
    context = browser.new_context(bypass_csp=True)
    try:
        guard.watch(context)
        page = context.new_page()
        page.goto(base_url + "scripts/serve.py")
        page.evaluate("() => { new WebSocket('wss://relay.example.org/'); }")
        page.evaluate("""() => {
          const source = "new WebSocket('wss://worker-relay.example.org/');";
          new Worker(URL.createObjectURL(new Blob([source], {type: "text/javascript"})));
        }""")
        page.wait_for_timeout(500)
        page.evaluate("() => { new WebSocket('ws://127.0.0.1:9/'); }")
        page.wait_for_timeout(200)
    finally:
        context.close()
    assert "wss://relay.example.org/" in guard.foreign
    assert "wss://worker-relay.example.org/" in guard.foreign
    assert "ws://127.0.0.1:9/" in guard.requested and "ws://127.0.0.1:9/" not in guard.foreign
