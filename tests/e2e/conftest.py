"""Browser tests: Kabale served from this checkout, driven in Debian's Chromium.

* The site is served on 127.0.0.1 (a free port) by scripts/serve.py, the same
  static server `make play` uses.
* Chromium resolves no host but 127.0.0.1, localhost and *.local (--host-resolver-rules), and a
  guard records every request of every page, worker and service worker in the
  context, and every WebSocket its pages and their workers open (Playwright's
  request events leave WebSockets out): a test fails if one went to any other host.
* ``nostr_relay`` starts a real Nostr relay on 127.0.0.1 for remote play's
  tests (tests/e2e/relay.py).
* Console errors and uncaught page errors fail the test too.
* The page runs under its Content-Security-Policy: no inline script, so inject
  with page.evaluate, not page.add_script_tag(content=...). page.wait_for_function
  works only while the policy allows 'unsafe-eval' (PyScript needs it today):
  prefer locators and expect() (``wait_ready``), which survive a tighter policy.
* The site registers its service worker. The run's tests share their contexts (``shared_context``:
  storage cleared for each test) and their pages (``KeptPage``: a page an earlier test left is
  parked, and a test's ``goto`` to the site starts Kabale afresh in it, unless the test is marked
  ``navigates``); a test marked ``fresh_context`` has a context of its own. ``site_server`` serves a
  folder on a server of its own that a test may stop.
"""

from __future__ import annotations

import os
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, CDPSession, ConsoleMessage, Mouse, Page, Request, WebSocket, expect

import vendor
from relay import LocalRelay, start_relay
from serve import ROOT, serve_in_thread

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # localhost resolves too, for a test's parent page on "another site" (a blog framing Kabale);
    # the guard below still fails any request to it that the test did not allow by name. So do
    # *.local names: WebRTC's host candidates are mDNS names (<uuid>.local) that hide the local
    # addresses, and two contexts of this browser connect by them (remote play's tests, with no
    # STUN server) only if they resolve; with them mapped to NOTFOUND no data channel opened.
    # (Trystero's own tests rather add --disable-features=WebRtcHideLocalIpsWithMdns, but a second
    # --disable-features would stand in for the list Playwright passes, not add to it.)
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost , EXCLUDE *.local",
    # V8 runs Pyodide's wasm on its baseline compiler (Liftoff) alone, never tiering hot functions
    # up to TurboFan. Each test boots Python in a fresh context, where no compiled code is cached,
    # and on 2 cores TurboFan's compiles competed with the boot: a fresh context's boot took 5.4-6.2 s
    # of CPU with them, 3.7-4.2 s without, ready in 3-6 s instead of 6-16 s; four e2e files (42 tests)
    # ran in 125 s against 267 and 304 s (load 8-15). Both tiers run the same wasm to the same effect,
    # so no check is lost; speed is bench/'s, which launches with the browser's default tiers.
    # KABALE_E2E_TURBOFAN=1 keeps the default (to rule the tiers out when a test fails here alone).
    *([] if os.environ.get("KABALE_E2E_TURBOFAN") else ["--js-flags=--liftoff-only"]),
]

LOCAL_HOSTS = {"127.0.0.1"}
LOCAL_SCHEMES = {"data", "blob", "about", "chrome-extension", "devtools"}

#: How long a page may take to boot Python (cold, in CI, on 2 cores).
BOOT_TIMEOUT_MS = 90_000


def chromium_path() -> str:
    for candidate in (os.environ.get("KABALE_CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium")):
        if candidate and Path(candidate).exists():
            return candidate
    pytest.fail("no Chromium found: `make test` installs Debian's chromium package")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Note each phase's outcome on the test (``outcome_call``...): ``shared_context`` keeps no page
    of a test that failed."""
    report = yield
    setattr(item, f"outcome_{report.when}", report.outcome)
    return report


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/e2e/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def site_root() -> Path:
    wasm = ROOT / vendor.vendored("pyodide", "pyodide.asm.wasm")
    if not wasm.exists():
        pytest.fail("the runtime is not vendored: run `make setup` (make test does it)")
    return ROOT


@pytest.fixture(scope="session")
def base_url(site_root: Path) -> Iterator[str]:
    # live_precache: precache-manifest.js always matches the files being served
    server, url = serve_in_thread(site_root, 0, live_precache=site_root == ROOT)
    yield url
    server.shutdown()
    server.server_close()


class SiteServer:
    """A static server of a test's own, on a free port of 127.0.0.1; stop() takes it away."""

    def __init__(self, directory: Path, *, live_precache: bool = False) -> None:
        self.server, self.url = serve_in_thread(directory, 0, live_precache=live_precache)
        self.running = True

    def stop(self) -> None:
        if self.running:
            self.running = False
            self.server.shutdown()
            self.server.server_close()


@pytest.fixture
def site_server() -> Iterator[Any]:
    """Start servers of a folder for this test (site_server(folder)); all stop at its end."""
    servers: list[SiteServer] = []

    def start(directory: Path = ROOT, *, live_precache: bool | None = None) -> SiteServer:
        live = directory == ROOT if live_precache is None else live_precache
        server = SiteServer(directory, live_precache=live)
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": chromium_path(), "args": CHROMIUM_ARGS, "headless": True}


@dataclass
class NetworkGuard:
    """Every URL the context asked for, and those that left 127.0.0.1."""

    requested: list[str] = field(default_factory=list)
    foreign: list[str] = field(default_factory=list)
    #: URLs a test serves itself off 127.0.0.1 (a parent page on localhost): exact matches only.
    allowed: set[str] = field(default_factory=set)

    def allow(self, url: str) -> None:
        self.allowed.add(url)

    def record(self, request: Request) -> None:
        self.record_url(request.url)

    def record_websocket(self, websocket: WebSocket) -> None:
        self.record_url(websocket.url)

    def watch(self, context: BrowserContext) -> None:
        """Record what ``context`` asks for: its requests, and the WebSockets of each of its pages
        (a page's event, which covers its workers' too; the context has none)."""
        BrowserContext.on(context, "request", self.record)  # the class's: a shared context refuses .on
        for page in _test_pages(context):
            self._watch_page(page)
        BrowserContext.on(context, "page", self._watch_page)

    def _watch_page(self, page: Page) -> None:
        Page.on(page, "websocket", self.record_websocket)  # the class's: a kept page's own .on is the test's

    def unwatch_page(self, page: Page) -> None:
        """Stop recording ``page`` (a page kept for the next test: ``KeptPage``)."""
        Page.remove_listener(page, "websocket", self.record_websocket)

    def unwatch(self, context: BrowserContext) -> None:
        """Stop recording ``context`` (a context the next test shares)."""
        context.remove_listener("request", self.record)
        context.remove_listener("page", self._watch_page)

    def record_url(self, url: str) -> None:
        self.requested.append(url)
        parts = urlsplit(url)
        if parts.scheme not in LOCAL_SCHEMES and parts.hostname not in LOCAL_HOSTS and url not in self.allowed:
            self.foreign.append(url)


@dataclass
class ConsoleLog:
    errors: list[str] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)

    def record(self, message: ConsoleMessage) -> None:
        self.messages.append(f"{message.type}: {message.text}")
        if message.type == "error":
            self.errors.append(message.text)


@pytest.fixture
def network_guard() -> NetworkGuard:
    return NetworkGuard()


@pytest.fixture
def nostr_relay() -> Iterator[LocalRelay]:
    """A Nostr relay on a free port of 127.0.0.1 (remote play signals through it), stopped after the test."""
    relay = start_relay()
    yield relay
    relay.stop()


@pytest.fixture
def console_log() -> ConsoleLog:
    return ConsoleLog()


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """The page's policy refuses eval (index.html): Playwright's wait_for_function compiles its
    predicate in the page, so the tests' contexts bypass the policy (test_csp.py checks it, in
    contexts that do not; a test's own context passes bypass_csp=True)."""
    return {**browser_context_args, "bypass_csp": True}


#: What a test may not do to a context it shares with the other tests of the run: each would
#: outlast the test (closing it, all of them). A test that needs one is marked ``fresh_context``.
CONTEXT_CHANGES = ("set_offline", "add_init_script", "route", "route_from_har", "grant_permissions",
                   "set_extra_http_headers", "add_cookies", "expose_binding", "expose_function",
                   "set_geolocation", "set_default_timeout", "on", "once", "close")

#: The cards' cues in the shared contexts' pages (a deal, a flip, a computer's card, a win) at a fifth
#: of their length (assets/js/motion.js ``timeScale``; a move's own flight keeps its 240 ms): each still
#: runs, by the same code and in the same order, only sooner done. Why: a deal's second of motion cost
#: the tests' browser 0.55-0.9 s of CPU (software compositing on 2 cores), and the tests wait for the
#: cards to land before they press. Measured in back-to-back pairs, full length -> a fifth: five table files
#: (40 tests, one worker) 83 s -> 75 s; nine files of motion, fit and drag (82 tests, two workers)
#: 140 s -> 118 s, then 120 s -> 115 s (two runs of one tree here differ by up to 10 %: a small gain).
#: Set at each page's start and each start in place (``RESTART``), before a test's own scripts: a test
#: that looks at the cues as a player sees them sets its own scale (test_motion, test_press_in_flight,
#: which read their lengths "as in life"); a ``fresh_context``'s pages move at full length.
#: KABALE_E2E_MOTION=1 keeps the full length here too (to rule it out).
MOTION_TIME_SCALE = "" if os.environ.get("KABALE_E2E_MOTION") else "window.kabaleMotionTimeScale = 0.2;"

#: The storage a test leaves behind on the site's origin, cleared before the next test in the
#: context; the service worker and its caches (the precache, the memory snapshot) stay, as they
#: stay for a player between visits.
TEST_STORAGE = "local_storage,indexeddb,websql,file_systems,cookies"


def _refuse_changes(context: BrowserContext) -> None:
    for name in CONTEXT_CHANGES:
        def refused(*args: Any, _name: str = name, **kwargs: Any) -> None:
            pytest.fail(f"context.{_name}() on a context the run's tests share: mark the test "
                        "@pytest.mark.fresh_context")
        setattr(context, name, refused)


@pytest.fixture(scope="session")
def _shared_contexts(browser: Any) -> Iterator[dict[str, BrowserContext]]:
    """The contexts a worker's tests share, one per set of context options.

    Why: each test used to boot Python in a context of its own, where nothing was cached;
    about 220 such cold boots were the largest part of `make test`. A later page in the same
    context compiles Pyodide's wasm from the code cache and is served by the service worker.
    Shared by the whole run, not by a file: once a page has handed the service worker its
    memory snapshot (assets/js/keep-snapshot.mjs; at once here, ``shared_context``), every later
    boot in the context restores it, as a player's second visit does: ready in 1.0 s instead of
    1.5 s, 1.5 s of CPU instead of 2.0 (each test had made a snapshot anew: a page handed it over
    only after 4 s, and few lived so long). Each test still gets pages of its own and an origin with
    no storage (``shared_context``)."""
    contexts: dict[str, BrowserContext] = {}
    yield contexts
    for context in contexts.values():
        _STORAGE_CLEARERS.pop(context, None)
        for page in _IDLE.pop(context, []):
            _KEPT.pop(page, None)
        BrowserContext.close(context)  # the class's: a test may not close a shared context


#: Each shared context's page kept at about:blank, and its CDP session, that clears the site's
#: storage before a test: opening a page for it took 0.08-0.16 s a test (a renderer started), the
#: kept session's call 2 ms.
_STORAGE_CLEARERS: dict[BrowserContext, tuple[Page, CDPSession]] = {}


def _clear_site_storage(context: BrowserContext, origin: str) -> None:
    if context not in _STORAGE_CLEARERS:
        page = context.new_page()
        _STORAGE_CLEARERS[context] = (page, context.new_cdp_session(page))
    _STORAGE_CLEARERS[context][1].send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": TEST_STORAGE})


def _test_pages(context: BrowserContext) -> list[Page]:
    """The context's pages but its storage clearer and the pages kept for later tests: those this
    test opened or took."""
    clearer = _STORAGE_CLEARERS.get(context)
    return [page for page in context.pages
            if (clearer is None or page is not clearer[0]) and not any(page in idle for idle in _IDLE.values())]


#: Page methods whose effect outlasts a test (a route, a binding, extra headers...): a page a test
#: called one of on is closed at the test's end, not kept for the next (``KeptPage``).
PAGE_CHANGES = ("route", "route_from_har", "route_web_socket", "unroute", "unroute_all",
                "expose_binding", "expose_function", "set_extra_http_headers", "add_locator_handler", "request_gc")

#: The pages a worker's tests share, parked (the app ended, the page as its HTML was:
#: assets/js/page.js ``park``) between two tests, by context: the next test that has the page gives
#: it its own viewport and media (``SharedContext.new_page``).
_IDLE: dict[BrowserContext, list[Page]] = {}


@dataclass
class KeptPage:
    """What a test did to a page of a shared context that decides whether the next test may have it:
    the init scripts it added (run again in a page started afresh, then taken away), its listeners
    (taken away), a mouse button it left down (let go), and whether it changed the page in a way that
    outlasts it (``PAGE_CHANGES``: the page is closed).

    Why: a warm boot costs the tests' browser 2.6-3.2 s of CPU (bench/page_cost.py), and some 200
    tests open a page. A test's page may be one an earlier test of the worker left, parked (``PARK``),
    and its ``goto`` to the site starts Kabale afresh in it (``in_place``: assets/js/page.js
    ``restart``, 0.2 s at rest), on the storage the test has (cleared, then what its init scripts put
    there), instead of loading it again."""

    context: BrowserContext  # the shared context whose tests it serves (``_IDLE``)
    scripts: list[str] = field(default_factory=list)
    added: list[Any] = field(default_factory=list)  # the init scripts' disposables
    listeners: list[tuple[str, Any]] = field(default_factory=list)  # a test's own, taken away at its end
    changed: str = ""  # the first lasting change made, by name
    held: bool = False  # a mouse button pressed (mouse.down) and not let go
    resized: float = 0.0  # when the page's viewport was last set for a test (time.monotonic)

    def track(self, page: Page) -> None:
        """Note what is done to ``page`` through its own methods (a fixture's own listeners go through
        the class's, ``Page.on(page, ...)``, and are taken away at the test's end)."""
        def add_init_script(script: str | None = None, **options: Any) -> Any:
            added = Page.add_init_script(page, script, **options)
            if script is None:
                self.changed = self.changed or "add_init_script(path=...)"
            else:
                self.scripts.append(script)
            self.added.append(added)
            return added

        def on(event: str, handler: Any) -> None:
            self.listeners.append((event, handler))
            Page.on(page, event, handler)  # type: ignore[call-overload]

        def once(event: str, handler: Any) -> None:
            self.listeners.append((event, handler))
            Page.once(page, event, handler)  # type: ignore[call-overload]

        def goto(url: str, **options: Any) -> Any:
            in_place = self.in_place(page, url)
            _note_start(url, in_place)
            if in_place:
                # Chromium counts a layout shift in the 0.5 s after a resize as the resize's (input):
                # a test that watches for shifts has its start wait that out (as a load's does)
                wait = self.resized + 0.5 - time.monotonic()
                if wait > 0 and any("layout-shift" in script for script in self.scripts):
                    time.sleep(wait)
                page.evaluate(RESTART, {"url": url, "scripts": self.scripts})
                return None  # (no response: the page was not loaded)
            return Page.goto(page, url, **options)

        mouse = page.mouse

        def down(**options: Any) -> None:
            self.held = True
            Mouse.down(mouse, **options)

        def up(**options: Any) -> None:
            self.held = False
            Mouse.up(mouse, **options)

        setattr(mouse, "down", down)
        setattr(mouse, "up", up)
        setattr(page, "goto", goto)
        setattr(page, "add_init_script", add_init_script)
        setattr(page, "on", on)
        setattr(page, "once", once)
        for name in PAGE_CHANGES:
            def changed(*args: Any, _name: str = name, **kwargs: Any) -> Any:
                self.changed = self.changed or _name
                return getattr(Page, _name)(page, *args, **kwargs)
            setattr(page, name, changed)

    def begin(self) -> None:
        """A new test has the page."""
        self.scripts.clear()

    def rerunnable(self) -> bool:
        """Whether each init script of the test does as much run now as at a page's start (``RERUNNABLE``)."""
        return all(script.strip().startswith(RERUNNABLE) for script in self.scripts)

    def in_place(self, page: Page, url: str) -> bool:
        """Whether Kabale may start afresh at ``url`` in ``page`` rather than load it: the page is
        parked at the site, the test is not marked ``navigates``, and each of its init scripts does as
        much run now as at a page's start (``RERUNNABLE``)."""
        site = page.url.split("?")[0].split("#")[0]
        return (not _NAVIGATES and not self.changed and url.startswith(site) and url[len(site):][:1] in ("", "?", "#")
                and self.rerunnable()
                and bool(page.evaluate("Boolean(window.kabalePage && window.kabalePage.parked)")))

    def park(self, page: Page, base_url: str) -> bool:
        """Whether ``page`` may serve the next test: open at the site, ready, not changed for good;
        if so, its init scripts are taken away and the app is ended (``park``)."""
        if self.changed or page.is_closed() or not page.url.startswith(base_url) or not self.rerunnable():
            return False  # (a script that must run at a page's start may have wrapped what the page uses)
        for added in self.added:
            added.close()
        self.added.clear()
        for event, handler in self.listeners:
            Page.remove_listener(page, event, handler)
        self.listeners.clear()
        try:
            if not page.evaluate(PARK):
                return False
        except Exception:  # noqa: BLE001  (a page that cannot answer is closed, not kept)
            return False
        page.set_default_timeout(30_000)  # Playwright's own, as a new page has it
        # no hover stays, and a button a test left down (a press half done) is let go, over nothing:
        # the next test's press would not begin (no pointerdown while the button is down). Only then:
        # a button's release is input, and a layout shift within 0.5 s of it would not count as one
        # (test_fit's, of the next start)
        Mouse.move(page.mouse, 1, 1)
        if self.held:
            Mouse.up(page.mouse)
            self.held = False
        return True


#: Park a page that is ready (false if it is not, if a test has wrapped what the page uses and not said
#: how to undo it in ``window.kabaleTestUndo``, or if it does not answer within 10 s): its session
#: storage emptied as a new tab's (it outlasts a load: a test's once-only seed would be skipped), the
#: flags a test may set for the page's scripts gone.
PARK = r"""async () => {
  if (!window.kabalePage || document.body.dataset.ready !== "1" || document.body.dataset.failed) return false;
  for (const undo of (window.kabaleTestUndo || []).splice(0)) undo();  // a test's own wrapping, taken off
  const natives = [Storage.prototype.getItem, Storage.prototype.setItem, Storage.prototype.removeItem,
    Storage.prototype.key, Storage.prototype.clear, Date, Date.now, EventTarget.prototype.addEventListener,
    window.addEventListener, window.dispatchEvent, window.matchMedia, window.setTimeout, window.fetch,
    window.requestAnimationFrame, window.Worker, History.prototype.pushState, History.prototype.replaceState,
    Element.prototype.animate, Document.prototype.getAnimations, performance.now, Math.random, JSON.parse,
    navigator.clipboard && navigator.clipboard.writeText, Navigator.prototype.share];
  if (natives.some((f) => f && !/\[native code\]/.test(Function.prototype.toString.call(f)))) return false;
  const late = new Promise((resolve) => setTimeout(() => resolve(false), 10000));
  const parked = await Promise.race([window.kabalePage.park().then(() => true), late]);
  sessionStorage.clear();
  for (const flag of ["kabaleNetRecord", "kabaleRelayWaitMs", "kabaleSnapshotAfterMs", "kabaleMotionTimeScale",
    "__shifts"]) delete window[flag];
  return parked;
}"""

_KEPT: dict[Page, KeptPage] = {}

#: The viewport of a new page of a shared context (Playwright's default: a viewport is a page's option
#: here, ``PAGE_OPTIONS``): a kept page that served a test of another screen size is given it back.
PLAYWRIGHT_VIEWPORT = {"width": 1280, "height": 720}


#: Context options a page can take on itself (Page.set_viewport_size, Page.emulate_media): tests
#: whose options differ only in these share one context, and each of their pages is given its own.
MEDIA_OPTIONS = ("reduced_motion", "color_scheme", "forced_colors")
PAGE_OPTIONS = ("viewport", *MEDIA_OPTIONS)


class SharedContext:
    """A shared context as one test asked for it: its new pages open at the test's viewport and
    media (``PAGE_OPTIONS``); all else is the context's.

    Why: a new context's first starts are cold (the service worker installs and precaches, the
    memory snapshot is made: in a probe the first three pages were ready in 1.9-2.4 s, the later
    ones, restoring the snapshot, in 1.0 s). Keyed by every option, a run made 30 shared contexts,
    one per screen size and motion setting; keyed by what only a context can hold (touch, a
    mobile viewport, the page's policy, a device), a handful."""

    def __init__(self, context: BrowserContext, page_options: dict[str, Any], guard: NetworkGuard) -> None:
        self.context = context
        self.page_options = page_options
        self.guard = guard

    def new_page(self) -> Page:
        """A page at the test's viewport and media: one an earlier test of any options left parked in
        the context (``KeptPage``), or a new one.

        Why any options: keyed by its viewport and media too, a kept page served only the tests of
        one screen size, and 22 of the 79 loads left in a browser-only run were a screen's first
        page in a context that had others parked."""
        idle = _IDLE.get(self.context, [])
        page = None
        while idle and page is None:
            page = idle.pop()
            if page.is_closed():
                page = None
        if page is None:
            page = self.context.new_page()
            kept = _KEPT[page] = KeptPage(self.context)
            kept.track(page)
            fresh = True
        else:
            self.guard._watch_page(page)
            _KEPT[page].begin()
            fresh = False
        # the viewport as the test asked (else as a new page of the context has it), and every media
        # feature as it asked or not emulated (what an earlier test's page, or its own call, set)
        viewport = self.page_options.get("viewport") or PLAYWRIGHT_VIEWPORT
        if page.viewport_size != viewport:
            Page.set_viewport_size(page, viewport)
            _KEPT[page].resized = time.monotonic()
        if not fresh or any(name in self.page_options for name in MEDIA_OPTIONS):
            Page.emulate_media(page, **{name: self.page_options.get(name, "null") for name in MEDIA_OPTIONS})
        return page

    def __getattr__(self, name: str) -> Any:
        return getattr(self.context, name)


@pytest.fixture
def shared_context(request: pytest.FixtureRequest, browser_context_args: dict[str, Any],
                   network_guard: NetworkGuard, base_url: str) -> Iterator[Any]:
    """``shared_context(**options)``: the context this worker's tests share for these options
    (added to ``browser_context_args``; those a page takes on itself are given to its pages,
    ``SharedContext``) and this ``device`` (a name: a test's devices each have storage of their
    own), guarded (any request or WebSocket off 127.0.0.1 fails the test), with no storage left
    on the site's origin and, at the test's end, no page left open. What a test may not change in
    it (``CONTEXT_CHANGES``) fails the test with advice."""
    shared: dict[str, BrowserContext] = request.getfixturevalue("_shared_contexts")
    browser = request.getfixturevalue("browser")
    origin = "/".join(base_url.split("/")[:3])
    used: list[BrowserContext] = []

    def get(*, device: str = "", **options: Any) -> SharedContext:
        args = {**browser_context_args, **options}
        page_options = {name: args.pop(name) for name in PAGE_OPTIONS if name in args}
        key = repr((device, sorted(args.items())))  # a test's second device is a context of its own
        if key not in shared:
            shared[key] = browser.new_context(**args)
            # the first start's memory snapshot goes to the service worker at once, not after 4 s
            # of a player's first clicks: the context's later boots restore it (a returning
            # player's start; test_offline, in contexts of its own, keeps the real wait)
            shared[key].add_init_script("window.kabaleSnapshotAfterMs = 0;" + MOTION_TIME_SCALE)
            _refuse_changes(shared[key])
        context = shared[key]
        if context not in used:
            _clear_site_storage(context, origin)
            network_guard.watch(context)
            used.append(context)
        return SharedContext(context, page_options, network_guard)

    yield get
    failed = any(getattr(request.node, f"outcome_{when}", "") == "failed" for when in ("setup", "call"))
    for context in used:
        network_guard.unwatch(context)
        for page in _test_pages(context):
            kept = _KEPT.pop(page, None)
            # (a failed test's page may hold a press or a drag half done: closed, not kept)
            if kept is not None and not failed and kept.park(page, base_url):
                network_guard.unwatch_page(page)
                _KEPT[page] = kept
                _IDLE.setdefault(kept.context, []).append(page)
            else:
                page.close()
    if network_guard.foreign:
        pytest.fail(f"the page asked for another host: {network_guard.foreign}")


@pytest.fixture
def context(request: pytest.FixtureRequest, browser_context_args: dict[str, Any],
            network_guard: NetworkGuard) -> Iterator[BrowserContext | SharedContext]:
    """The context the run's tests share (``shared_context``) for the test's options, or a
    context of the test's own where it is marked ``fresh_context``; guarded either way. The options
    are those of every ``browser_context_args`` mark, the test's own over its file's."""
    options: dict[str, Any] = {}
    for marker in reversed(list(request.node.iter_markers("browser_context_args"))):
        options.update(marker.kwargs)
    if request.node.get_closest_marker("fresh_context") is None:
        yield request.getfixturevalue("shared_context")(**options)
        return
    context = request.getfixturevalue("browser").new_context(**{**browser_context_args, **options})
    network_guard.watch(context)
    try:
        yield context
    finally:
        context.close()
    if network_guard.foreign:
        pytest.fail(f"the page asked for another host: {network_guard.foreign}")


@pytest.fixture
def page(page: Page, console_log: ConsoleLog) -> Iterator[Page]:
    """A page whose console errors and uncaught errors fail the test."""
    def uncaught(error: Any) -> None:
        console_log.errors.append(f"uncaught: {error}")

    # the class's: a kept page's own .on is the test's (``KeptPage``); these go at the end
    Page.on(page, "console", console_log.record)
    Page.on(page, "pageerror", uncaught)
    page.set_default_timeout(15_000)
    yield page
    Page.remove_listener(page, "console", console_log.record)
    Page.remove_listener(page, "pageerror", uncaught)
    if console_log.errors:
        _KEPT.pop(page, None)  # not kept for another test: closed with the rest
        pytest.fail(f"console errors: {console_log.errors}")


#: Where a start stands, for a test whose page did not become ready: the progress the worker
#: reported, the performance marks (how Python started), whether a service worker controls the page.
BOOT_STATE = """() => ({
  progress: document.getElementById('loading-progress')?.value,
  failed: document.body.dataset.failed || null,
  notice: document.getElementById('notice')?.textContent || null,
  marks: performance.getEntriesByType('mark').map((mark) => `${mark.name}@${Math.round(mark.startTime)}`),
  controlled: Boolean(navigator.serviceWorker && navigator.serviceWorker.controller),
  since: Math.round(performance.now()),
})"""


def wait_ready(page: Page) -> Page:
    """Wait until Python has taken over the page (body data-ready="1"); if it does not, say
    where its start stood (``BOOT_STATE``)."""
    try:
        expect(page.locator("body")).to_have_attribute("data-ready", "1", timeout=BOOT_TIMEOUT_MS)
    except AssertionError as error:
        try:
            state = page.evaluate(BOOT_STATE)
        except Exception as unreadable:  # noqa: BLE001  (the page itself may be gone)
            state = f"unreadable: {unreadable}"
        raise AssertionError(f"the page did not become ready: {state}") from error
    return page


#: Resolves with the registration's scope once its worker is active (all precached).
_SERVICE_WORKER_READY = """
async (timeoutMs) => {
  const timeout = new Promise((_, fail) => setTimeout(
    () => fail(new Error(`no active service worker after ${timeoutMs} ms`)), timeoutMs));
  const registration = await Promise.race([navigator.serviceWorker.ready, timeout]);
  const worker = registration.active;
  if (worker.state !== "activated") {
    await Promise.race([timeout, new Promise((done) => worker.addEventListener("statechange", () => {
      if (worker.state === "activated") done();
    }))]);
  }
  return registration.scope;
}
"""


def service_worker_ready(page: Page, timeout_ms: int = 150_000) -> str:
    """Wait until the page's service worker has precached the site and is active; return its scope
    (the precache holds the 9.6 MB wasm: on a busy machine that takes a while)."""
    scope: str = page.evaluate(_SERVICE_WORKER_READY, timeout_ms)
    return scope


#: Init scripts that do as much run in a page started afresh as at a page's start: they put records
#: in storage, set a flag read later, or replace what the page reads only when it needs it (the clock,
#: the share sheet: each says how to put it back, in ``window.kabaleTestUndo``, which ``PARK`` runs).
#: Any other (one that wraps what a script of the page takes at its start, or watches the page's start
#: itself) has the page loaded again.
RERUNNABLE = ("if (!localStorage.getItem(", "if (!sessionStorage.getItem(", "localStorage.setItem(",
              "window.kabaleNetRecord = [];", "window.kabaleRelayWaitMs = ", "(() => { const fixed = ",
              "window.kabaleMotionTimeScale = ", "window.__shifts = [];",
              "(() => { const share = ")


#: Start Kabale afresh in a parked page (assets/js/page.js ``restart``), the test's init scripts run
#: first as at a page's start (the page is not under its policy here).
RESTART = """({url, scripts}) => {
  """ + MOTION_TIME_SCALE + """
  for (const script of scripts) (0, eval)(script);
  window.kabalePage.restart(url);
}"""


def _note_start(url: str, in_place: bool) -> None:
    """With KABALE_E2E_STARTS=<file>, add a line for each page start of a test: the test, whether
    Kabale started afresh in a kept page or the page loaded, and the address (how many loads are
    left, and whose)."""
    path = os.environ.get("KABALE_E2E_STARTS")
    if path:
        test = os.environ.get("PYTEST_CURRENT_TEST", "?").split(" ")[0]
        with open(path, "a", encoding="utf-8") as log:
            log.write(f"{test}\t{'in place' if in_place else 'loaded'}\t{url}\n")


#: Whether the test under way is marked ``navigates`` (``KeptPage.in_place``).
_NAVIGATES: list[bool] = []


@pytest.fixture(autouse=True)
def _navigates(request: pytest.FixtureRequest) -> Iterator[None]:
    if request.node.get_closest_marker("navigates") is not None:
        _NAVIGATES.append(True)
    yield
    _NAVIGATES.clear()


@pytest.fixture
def open_kabale(page: Page, base_url: str) -> Any:
    """Open the site at a query and wait until Python has taken over the page: in a page an earlier
    test left parked, Kabale starts afresh without loading the page again (``KeptPage``), unless the
    test is marked ``navigates`` or one of its init scripts must run at a page's start."""

    def open_at(query: str = "") -> Page:
        page.goto(base_url + query)  # in place where it may be (``KeptPage.goto``)
        return wait_ready(page)

    return open_at


AXE_SOURCE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


@pytest.fixture
def axe_violations() -> Any:
    """Run axe-core (the npm package, injected from node_modules) on the page; return its violations."""

    def run(page: Page, selector: str | None = None) -> list[dict[str, Any]]:
        if not page.evaluate("typeof window.axe !== 'undefined'"):
            # evaluated by Playwright, not as an inline <script>, which the CSP refuses
            page.evaluate(AXE_SOURCE.read_text(encoding="utf-8"))
        context = selector or "document"
        result: dict[str, Any] = page.evaluate(
            f"async () => await axe.run({context if context == 'document' else repr(context)}, "
            "{resultTypes: ['violations']})"
        )
        return [
            {"id": v["id"], "impact": v["impact"], "help": v["help"], "nodes": [n["target"] for n in v["nodes"]][:5]}
            for v in result["violations"]
        ]

    return run
