"""Kabale in every browser engine: Blink, Gecko and WebKit, each as Debian ships it.

* Blink: Debian's Chromium through Playwright (the e2e suite's browser).
* Gecko: Debian's Firefox ESR, headless, over WebDriver BiDi by puppeteer-core
  (tests/engines/gecko.mjs, a line-by-line JSON bridge driven from here).
* WebKit: WebKitGTK's MiniBrowser in automation mode, through WebKitWebDriver by
  selenium, drawing into an Xvfb server of its own (MiniBrowser has no headless mode).

One Python ``Driver`` interface over the three, so that the smoke suites of
tests/engines/ and this benchmark say the same thing in every engine, and the
legal moves come from the engine's own CPython rules.

Nothing may leave 127.0.0.1 (and localhost, the other *site* of the cross-site
frame): Gecko and WebKit send every other request to a ``RecordingProxy`` here,
which refuses and records it, so a request to another host is seen whichever
part of the browser made it; Blink resolves no other host, and its requests are
recorded by Playwright.

The benchmark prints, per engine, the cold boot time (one run, a fresh profile:
navigation to the ready marker), then a table of contexts x engines on Double H,
seed 12 (the README's iframe): top level; a same-site frame (parent on another
port of 127.0.0.1); a cross-site frame (parent on http://localhost); storage
blocked (localStorage, sessionStorage and indexedDB throw SecurityError, inside
the page or the frame); storage full (localStorage.setItem throws
QuotaExceededError); and a cross-site frame whose storage is blocked (what a
blog in a private window meets). For each: boots (the ready marker), plays (a move clicked
and shown), saves (the move shown again after a reload). A context that hangs
says "no" after the timeout.

Usage: .venv/bin/python bench/engines.py [--engines blink,gecko,webkit] [--boot-timeout S]
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import queue
import shutil
import socketserver
import subprocess
import sys
import threading
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Protocol
from urllib.parse import quote, unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
for _folder in ("scripts", "py"):
    if str(ROOT / _folder) not in sys.path:
        sys.path.insert(0, str(ROOT / _folder))

from serve import Server, StaticHandler  # noqa: E402

GECKO_BRIDGE = ROOT / "tests" / "engines" / "gecko.mjs"
FIREFOX = "/usr/bin/firefox-esr"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
#: Debian's path, under the machine's multiarch triplet (x86_64-linux-gnu here).
MINIBROWSER = next(iter(sorted(Path("/usr/lib").glob("*/webkit2gtk-4.1/MiniBrowser"))),
                   Path("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")).as_posix()
#: The hosts a page may reach: the site; the benchmark adds the other name of this
#: machine that the cross-site parent page is served from.
SITE_HOSTS = ("127.0.0.1",)
BENCH_HOSTS = ("127.0.0.1", "localhost")
LOCAL_SCHEMES = {"data", "blob", "about"}
READY = "document.body !== null && document.body.dataset.ready === '1'"


class EngineError(RuntimeError):
    """The browser or its driver failed or hung (not the page)."""


# ---------------------------------------------------------------------------
# What may leave the machine


class RecordingProxy:
    """An HTTP proxy on 127.0.0.1 that forwards nothing: it records the host of
    each request (plain or CONNECT) and answers 403. Browsers send it everything
    not for 127.0.0.1 or localhost, their own background traffic included."""

    def __init__(self) -> None:
        self.hosts: list[str] = []
        lock = threading.Lock()
        hosts = self.hosts

        class Refuse(socketserver.StreamRequestHandler):
            def handle(self) -> None:
                line = self.rfile.readline(8192).decode("latin-1").strip()
                parts = line.split()
                if len(parts) >= 2:
                    target = parts[1]
                    host = target.split(":")[0] if parts[0] == "CONNECT" else (urlsplit(target).hostname or target)
                    with lock:
                        hosts.append(f"{parts[0]} {target}" if host else line)
                self.wfile.write(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")

        socketserver.ThreadingTCPServer.allow_reuse_address = True
        self.server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Refuse)
        self.server.daemon_threads = True
        self.port: int = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, name="kabale-proxy", daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def foreign(urls: list[str], hosts: tuple[str, ...] = SITE_HOSTS) -> list[str]:
    """The URLs that went to a host not among ``hosts``."""
    return [url for url in urls
            if urlsplit(url).scheme not in LOCAL_SCHEMES and urlsplit(url).hostname not in hosts]


# ---------------------------------------------------------------------------
# The site, and the pages that frame it

#: Scripts a bench server puts first in the page's <head>, served from the site
#: itself (the page's policy allows no inline script): what a browser that
#: blocks or fills storage does to the page.
STORAGE_SCRIPTS = {
    "blocked": """(() => {
  const refuse = () => { throw new DOMException("The operation is insecure.", "SecurityError"); };
  for (const name of ["localStorage", "sessionStorage", "indexedDB"]) {
    Object.defineProperty(window, name, { get: refuse, configurable: true });
  }
})();
""",
    "full": """(() => {
  Storage.prototype.setItem = function () {
    throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  };
})();
""",
}
INJECTED_PATH = "/__bench_storage.js"


class SiteHandler(StaticHandler):
    """The static site, recording each path asked for; with ``storage``, index.html
    loads the storage script before anything else."""

    def __init__(self, *args: Any, storage: str | None = None, log: list[str] | None = None,
                 **kwargs: Any) -> None:
        self.storage = storage
        self.log = log if log is not None else []
        super().__init__(*args, **kwargs)

    def do_GET(self) -> None:
        self.log.append(f"{self.headers.get('Host')} {self.path}")
        path = urlsplit(self.path).path
        if self.storage and path == INJECTED_PATH:
            self._send(STORAGE_SCRIPTS[self.storage].encode(), "text/javascript")
        elif self.storage and path in ("/", "/index.html"):
            html = (ROOT / "index.html").read_text(encoding="utf-8")
            html = html.replace("<head>", f'<head>\n<script src="{INJECTED_PATH}"></script>', 1)
            self._send(html.encode(), "text/html; charset=utf-8")
        else:
            super().do_GET()

    def _send(self, body: bytes, kind: str) -> None:
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)


class FrameHandler(http.server.BaseHTTPRequestHandler):
    """A blog's page: one iframe of the game (?src=...), 1000 x 720 like the README's."""

    def do_GET(self) -> None:
        query = urlsplit(self.path).query
        src = query[len("src="):] if query.startswith("src=") else ""
        body = (f'<!doctype html><html><head><meta charset="utf-8"><title>A blog</title></head><body>'
                f'<p>A post with a game in it.</p><iframe id="game" title="Kabale" src="{unquote(src)}" '
                f'width="1000" height="720"></iframe></body></html>').encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - stdlib name
        pass


@dataclass
class Served:
    """A server in a thread on 127.0.0.1, its base URL, and the paths it was asked for."""

    server: http.server.ThreadingHTTPServer
    url: str
    log: list[str] = field(default_factory=list)

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def serve_site(storage: str | None = None) -> Served:
    """Serve the checkout (precache manifest made live, as the e2e tests do)."""
    log: list[str] = []
    handler = functools.partial(SiteHandler, directory=str(ROOT), live_precache=True, storage=storage, log=log)
    return _start(handler, log)


def serve_frames() -> Served:
    return _start(FrameHandler, [])


class QuietServer(Server):
    """A threading server that does not print a traceback when a browser hangs up
    in the middle of a file (it does, each time it quits or navigates away)."""

    allow_reuse_address = True
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        pass


def _start(handler: Callable[..., http.server.BaseHTTPRequestHandler], log: list[str]) -> Served:
    server = QuietServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, name="kabale-bench-site", daemon=True).start()
    return Served(server, f"http://127.0.0.1:{server.server_address[1]}/", log)


# ---------------------------------------------------------------------------
# One interface over three drivers


class Driver(Protocol):
    name: str

    def goto(self, url: str) -> None: ...
    def reload(self) -> None: ...
    def evaluate(self, expr: str) -> Any: ...
    def click(self, css: str) -> None: ...
    def frame(self, css: str | None) -> None: ...
    def requests(self) -> list[str]: ...
    def version(self) -> str: ...
    def screenshot(self, path: str) -> None: ...
    def quit(self) -> None: ...


def wait_for(driver: Driver, expr: str, timeout: float, interval: float = 0.2) -> bool:
    """Poll a JavaScript expression until it is truthy; False after ``timeout`` seconds
    (an error, as while a page navigates, counts as not yet)."""
    end = time.monotonic() + timeout
    while True:
        try:
            if driver.evaluate(expr):
                return True
        except EngineError:
            raise
        except Exception:  # noqa: BLE001 - a page between documents
            pass
        if time.monotonic() >= end:
            return False
        time.sleep(interval)


class GeckoDriver:
    """Firefox ESR through tests/engines/gecko.mjs (puppeteer-core, WebDriver BiDi)."""

    name = "Gecko"

    def __init__(self, proxy_port: int | None = None, timeout: float = 120.0,
                 hosts: tuple[str, ...] = SITE_HOSTS, prefs: dict[str, Any] | None = None) -> None:
        if not Path(FIREFOX).exists():
            raise EngineError(f"no {FIREFOX}: scripts/ensure-browsers.sh installs Debian's firefox-esr")
        self.timeout = timeout
        options = json.dumps({"proxyPort": proxy_port, "direct": list(hosts), "executablePath": FIREFOX,
                              "prefs": prefs or {}})
        env = {**os.environ, "PUPPETEER_SKIP_DOWNLOAD": "1"}
        self.process = subprocess.Popen(
            ["node", str(GECKO_BRIDGE), options], cwd=ROOT, env=env, text=True,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.answers: queue.Queue[str | None] = queue.Queue()
        self.errors: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._read_errors, daemon=True).start()
        self._answer(timeout)  # "ready": Firefox is up

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.answers.put(line)
        self.answers.put(None)

    def _read_errors(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.errors.append(line.rstrip())

    def _answer(self, timeout: float) -> Any:
        try:
            line = self.answers.get(timeout=timeout)
        except queue.Empty:
            self.process.kill()
            raise EngineError(f"Gecko bridge: no answer in {timeout:.0f} s") from None
        if line is None:
            raise EngineError("Gecko bridge ended: " + "\n".join(self.errors[-20:]))
        answer = json.loads(line)
        if not answer["ok"]:
            raise RuntimeError(answer["error"])
        return answer["value"]

    def _call(self, op: str, timeout: float | None = None, **arguments: Any) -> Any:
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(json.dumps({"op": op, **arguments}) + "\n")
            self.process.stdin.flush()
        except OSError as error:
            raise EngineError(f"Gecko bridge gone: {error}") from error
        return self._answer(timeout or self.timeout)

    def goto(self, url: str) -> None:
        self._call("goto", url=url)

    def reload(self) -> None:
        self._call("reload")

    def evaluate(self, expr: str) -> Any:
        return self._call("evaluate", expr=expr)

    def click(self, css: str) -> None:
        self._call("click", css=css)

    def frame(self, css: str | None) -> None:
        self._call("frame", css=css)

    def requests(self) -> list[str]:
        urls: list[str] = self._call("requests")
        return urls

    def version(self) -> str:
        return str(self._call("version"))

    def screenshot(self, path: str) -> None:
        self._call("screenshot", path=path)

    def console(self) -> list[dict[str, str]]:
        """Every console message and uncaught error of the page so far ({type, text})."""
        messages: list[dict[str, str]] = self._call("console")
        return messages

    def quit(self) -> None:
        try:
            self._call("quit", timeout=30)
        except (EngineError, RuntimeError):
            pass
        finally:
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()


class Xvfb:
    """An X server of our own on a free display (MiniBrowser cannot run headless)."""

    def __init__(self) -> None:
        if not shutil.which("Xvfb"):
            raise EngineError("no Xvfb: scripts/ensure-browsers.sh installs Debian's xvfb")
        read, write = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
            pass_fds=[write], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        if not number:
            self.process.kill()
            raise EngineError("Xvfb did not start")
        self.display = ":" + number

    def close(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


#: What lies at the middle of an element (arguments[0]), named for a failure.
COVERING = """
const box = arguments[0].getBoundingClientRect();
const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
if (!top) return 'nothing (off the screen)';
const words = (top.getAttribute('aria-label') || top.textContent || '').trim().slice(0, 80);
return `<${top.tagName.toLowerCase()} id="${top.id}" class="${top.className}"> "${words}"`
  + ` at ${Math.round(box.x)},${Math.round(box.y)} (${Math.round(box.width)}x${Math.round(box.height)})`;
"""


class WebKitDriver:
    """WebKitGTK's MiniBrowser through WebKitWebDriver (selenium), in an Xvfb of its own."""

    name = "WebKit"

    def __init__(self, proxy_port: int | None = None, timeout: float = 120.0,
                 hosts: tuple[str, ...] = SITE_HOSTS, env: dict[str, str] | None = None) -> None:
        """``env``: more of the browser's environment (a test's JavaScriptCore options, JSC_*)."""
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        for path in (WEBKIT_DRIVER, MINIBROWSER):
            if not Path(path).exists():
                raise EngineError(f"no {path}: scripts/ensure-browsers.sh installs Debian's webkit2gtk-driver")
        self.xvfb = Xvfb()
        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        if proxy_port is not None:
            # MiniBrowser's own proxy flags: everything but this machine goes to the recorder.
            options.add_argument(f"--proxy=http://127.0.0.1:{proxy_port}")
            for host in hosts:  # one flag each
                options.add_argument(f"--ignore-host={host}")
        # No download of a driver by Selenium Manager: the path is given, and it stays offline.
        env = {**os.environ, **(env or {}), "DISPLAY": self.xvfb.display, "SE_OFFLINE": "true"}
        try:
            with warnings.catch_warnings():  # selenium's own use of a deprecated argument, not ours
                warnings.simplefilter("ignore", DeprecationWarning)
                self.driver = webdriver.WebKitGTK(options=options,
                                                  service=Service(executable_path=WEBKIT_DRIVER, env=env))
        except Exception:
            self.xvfb.close()
            raise
        self.driver.set_page_load_timeout(timeout)
        self.driver.set_script_timeout(timeout)
        self.driver.set_window_size(1280, 800)

    def goto(self, url: str) -> None:
        self.driver.switch_to.default_content()
        self.driver.get(url)

    def reload(self) -> None:
        self.driver.switch_to.default_content()
        self.driver.refresh()

    def evaluate(self, expr: str) -> Any:
        return self.driver.execute_script(f"return ({expr});")

    def click(self, css: str, timeout: float = 10.0) -> None:
        """Click the element where it shows, as a player would. What lies over it for a
        moment (a card still on its way, a callout going) is waited out, as Playwright's
        clicks wait; what still covers it after ``timeout`` is named in the failure (a clean
        clone's run at load failed once with WebDriver's bare "element click intercepted")."""
        from selenium.common.exceptions import ElementClickInterceptedException
        from selenium.webdriver.common.by import By

        end = time.monotonic() + timeout
        while True:
            element = self.driver.find_element(By.CSS_SELECTOR, css)
            try:
                element.click()
                return
            except ElementClickInterceptedException as error:
                cover = self.driver.execute_script(COVERING, element)
                if time.monotonic() >= end:
                    raise EngineError(f"{css} stays covered by {cover} for {timeout:g} s") from error
                print(f"WebKit: {css} covered by {cover}; waiting", file=sys.stderr)
                time.sleep(0.2)

    def frame(self, css: str | None) -> None:
        from selenium.webdriver.common.by import By

        self.driver.switch_to.default_content()
        if css is not None:
            self.driver.switch_to.frame(self.driver.find_element(By.CSS_SELECTOR, css))

    def requests(self) -> list[str]:
        """What the current document fetched (WebDriver classic sees no network:
        resource timing, which the proxy backs up for other hosts)."""
        urls = self.evaluate("[location.href, ...performance.getEntriesByType('resource').map((e) => e.name)]")
        return [str(url) for url in urls]

    def version(self) -> str:
        return f"MiniBrowser (WebKitGTK {self.driver.capabilities.get('browserVersion')})"

    def screenshot(self, path: str) -> None:
        self.driver.save_screenshot(path)

    def quit(self) -> None:
        try:
            self.driver.quit()
        finally:
            self.xvfb.close()


class BlinkDriver:
    """Debian's Chromium through Playwright, launched as the e2e suite does."""

    name = "Blink"

    def __init__(self, proxy_port: int | None = None, timeout: float = 120.0,
                 hosts: tuple[str, ...] = SITE_HOSTS) -> None:
        del proxy_port  # Chromium resolves no host but these
        from playwright.sync_api import sync_playwright

        from browser import ARGS, CHROMIUM

        rules = "MAP * ~NOTFOUND" + "".join(f" , EXCLUDE {host}" for host in hosts)
        args = [arg if not arg.startswith("--host-resolver-rules") else f"--host-resolver-rules={rules}"
                for arg in ARGS]
        self.playwright = sync_playwright().start()
        self.browser = self.playwright.chromium.launch(executable_path=CHROMIUM, args=args)
        self.context = self.browser.new_context(viewport={"width": 1280, "height": 800})
        self.page = self.context.new_page()
        self.page.set_default_timeout(timeout * 1000)
        self.seen: list[str] = []
        self.context.on("request", lambda request: self.seen.append(request.url))
        self.target: Any = self.page

    def goto(self, url: str) -> None:
        self.target = self.page
        self.page.goto(url)

    def reload(self) -> None:
        self.target = self.page
        self.page.reload()

    def evaluate(self, expr: str) -> Any:
        return self.target.evaluate(expr)

    def click(self, css: str) -> None:
        self.target.locator(css).first.click()

    def frame(self, css: str | None) -> None:
        if css is None:
            self.target = self.page
            return
        handle = self.page.query_selector(css)
        frame = handle.content_frame() if handle else None
        if frame is None:
            raise RuntimeError(f"no frame {css}")
        self.target = frame

    def requests(self) -> list[str]:
        return list(self.seen)

    def version(self) -> str:
        return f"Chromium {self.browser.version}"

    def screenshot(self, path: str) -> None:
        self.page.screenshot(path=path)

    def quit(self) -> None:
        self.browser.close()
        self.playwright.stop()


DRIVERS: dict[str, Callable[..., Driver]] = {"blink": BlinkDriver, "gecko": GeckoDriver, "webkit": WebKitDriver}


# ---------------------------------------------------------------------------
# A move of each game, found by the engine and clicked as a person does

#: What the table shows of the game: the accessible names of its cards, packets and places.
SHOWN = ("Array.from(document.querySelectorAll('#view [data-action=card], #view [data-action=packet], "
         "#view [data-action=place], #view [data-action=waste], #view [data-action=draw]'))"
         ".map((b) => b.getAttribute('aria-label') || b.textContent.trim()).join(' | ')")
#: No card in flight and none waiting to be dealt: a card under a flying one is not clickable
#: (WebKit's WebDriver refused a KABALAM card as "click intercepted" under load).
LANDED = ("!window.kabaleMotion || !document.getAnimations().some((a) => a.playState === 'running' "
          "&& window.kabaleMotion.IDS.includes(a.id))")
VALUE_NAMES = {1: "Ace", 11: "Jack", 12: "Queen", 13: "King"}


def stored(driver: Driver, game: str) -> Any:
    """The record of a game in the page's localStorage (None if absent or unreadable)."""
    raw = driver.evaluate(f"(() => {{ try {{ return localStorage.getItem('kabale:{game}'); }} "
                          "catch (e) { return null; } })()")
    return None if raw is None else json.loads(raw)


def kabala_clicks(move: Any) -> list[str]:
    """The clicks of a KABALAM or Patience play: a card of each value (one not yet
    picked up), then the packet."""
    clicks = [f"#view button[data-action=card][aria-pressed=false][aria-label^=\"{VALUE_NAMES.get(v, v)} of \"]"
              for v in move.values]
    return clicks + [f"#view button[data-action=packet][data-packet=\"{move.packet}\"]"]


def double_h_clicks(move: Any) -> list[str]:
    """The clicks of a Double H card move: the waste or a place, then the place it goes to."""
    source = "#view button[data-action=waste]" if move.source is None else \
        f"#view button[data-action=place][data-place=\"{move.source}\"]"
    return [source, f"#view button[data-action=place][data-place=\"{move.target}\"]"]


@dataclass
class Game:
    """How to open one game at a seed, find a legal move and check it was kept."""

    key: str  # the URL's game= and the storage name
    region: str  # the table's accessible name
    seed: int
    start: str | None = None  # a button to press before the table is shown

    def move(self, driver: Driver) -> tuple[Any, list[str]]:
        """A legal play for the position on the table (the engine's), and its clicks."""
        if self.key == "patience":
            from kabale.games.patience.rules import Patience

            move = next(m for m in Patience.deal(self.seed).legal_moves() if m.is_play)
            return move, kabala_clicks(move)
        if self.key == "double-h":
            from kabale.games.double_h.rules import DoubleH, MoveKind

            card_move = next(m for m in DoubleH.deal(self.seed).legal_moves() if m.kind is MoveKind.CARD)
            return card_move, double_h_clicks(card_move)
        from kabale.web.storage.saved import SavedMatch

        record = stored(driver, "kabalam")
        if record is None:
            raise AssertionError("the started match is not saved")
        hand = SavedMatch.from_dict(record["data"]).match.hand
        assert hand is not None, "the started match has no hand"
        play = next(m for m in hand.legal_moves() if m.is_play)
        return play, kabala_clicks(play)

    def first_move(self, record: Any) -> Any:
        """The first move of the game in a saved record, read by the engine's own loader."""
        from kabale.web.storage.saved import SavedDoubleH, SavedMatch, SavedPatience

        data = record["data"]
        if self.key == "patience":
            return SavedPatience.from_dict(data).game.moves[0]
        if self.key == "double-h":
            return SavedDoubleH.from_dict(data).game.history[0]
        hand = SavedMatch.from_dict(data).match.hand
        assert hand is not None
        return hand.moves[0]


GAMES = [
    Game("kabalam", "KABALAM table", 3, start="#view button[data-action=start]"),
    Game("patience", "Patience Kabalam table", 8),
    Game("double-h", "Double H table", 12),
]

#: Settings stored before a game opens: the computer plays at once (helpers.INSTANT's record).
INSTANT = ("localStorage.setItem('kabale:settings', JSON.stringify({app: 'kabale', schema: 1, name: 'settings', "
           "revision: 1, data: {bot_speed: 'instant', language: 'en'}}))")


def settled(driver: Driver, timeout: float = 20.0) -> str:
    """What the table shows once it stops changing (the computer may still be playing)."""
    end = time.monotonic() + timeout
    last = driver.evaluate(SHOWN)
    while time.monotonic() < end:
        time.sleep(0.6)
        now = driver.evaluate(SHOWN)
        if now == last:
            return str(now)
        last = now
    return str(last)


def table_shown(game: Game) -> str:
    return f"document.querySelector('#view section[aria-label=\"{game.region}\"]') !== null"


def play(driver: Driver, game: Game, timeout: float) -> tuple[Any, str, str]:
    """Play one legal move through the page: (the move, the table before, the table after)."""
    if game.start:
        assert wait_for(driver, f"document.querySelector('{game.start}') !== null", timeout), "no start button"
        driver.click(game.start)
    assert wait_for(driver, table_shown(game), timeout), f"no {game.region}"
    before = settled(driver)
    move, clicks = game.move(driver)
    for css in clicks:
        wait_for(driver, LANDED, timeout)
        driver.click(css)
    # shown: the table changed (for KABALAM the computer then plays to the player's turn)
    wait_for(driver, f"({SHOWN}) !== {json.dumps(before)}", timeout)
    return move, before, settled(driver)


# ---------------------------------------------------------------------------
# The benchmark: contexts x engines


@dataclass
class Cell:
    boots: bool = False
    plays: bool = False
    saves: bool = False
    note: str = ""


CONTEXTS = ["top level", "same-site frame", "cross-site frame", "storage blocked", "storage full",
            "cross-site frame, storage blocked"]


def run_context(driver: Driver, context: str, boot_timeout: float) -> tuple[Cell, float | None]:
    """Open Double H (seed 12) in one context, play a move, reload; and the time to boot."""
    game = GAMES[2]
    storage = "blocked" if "blocked" in context else "full" if "full" in context else None
    site = serve_site(storage)
    frames = serve_frames() if "frame" in context else None
    cell = Cell()
    booted_in: float | None = None
    try:
        url = f"{site.url}?{'embed=1&' if frames else ''}game={game.key}&seed={game.seed}"
        if frames is not None:
            parent = frames.url if context == "same-site frame" else frames.url.replace("127.0.0.1", "localhost")
            url = f"{parent}?src={quote(url, safe='')}"
        started = time.monotonic()
        driver.goto(url)

        def enter() -> None:
            if frames is not None:
                driver.frame("#game")

        enter()
        cell.boots = wait_for(driver, READY, boot_timeout)
        booted_in = time.monotonic() - started
        if not cell.boots:
            cell.note = "never ready"
            return cell, None
        try:
            _move, before, after = play(driver, game, 20)
            cell.plays = after != before
        except (AssertionError, RuntimeError) as error:
            cell.note = f"play: {str(error).splitlines()[0][:80]}"
            return cell, booted_in
        driver.reload()
        enter()
        if wait_for(driver, READY, boot_timeout) and wait_for(driver, table_shown(game), 20):
            cell.saves = cell.plays and settled(driver) == after
        else:
            cell.note = "not ready after the reload"
    except EngineError:
        raise
    except Exception as error:  # noqa: BLE001 - a cell says no, the bench goes on
        cell.note = f"{type(error).__name__}: {str(error).splitlines()[0][:80] if str(error) else ''}"
    finally:
        site.close()
        if frames is not None:
            frames.close()
    return cell, booted_in


@dataclass
class EngineRun:
    name: str
    version: str = ""
    cold_boot: float | None = None
    cells: dict[str, Cell] = field(default_factory=dict)
    foreign: list[str] = field(default_factory=list)


def bench_engine(key: str, boot_timeout: float) -> EngineRun:
    proxy = RecordingProxy()
    run = EngineRun(key)
    print(f"{key}: load average {os.getloadavg()[0]:.1f} at the start", file=sys.stderr, flush=True)
    driver: Driver | None = None
    try:
        for context in CONTEXTS:
            if driver is None:  # a fresh browser (profile) per context: storage starts empty
                driver = DRIVERS[key](proxy.port, boot_timeout + 60, BENCH_HOSTS)
                run.name, run.version = driver.name, driver.version()
            try:
                cell, booted = run_context(driver, context, boot_timeout)
            except EngineError as error:
                cell, booted = Cell(note=f"driver: {str(error)[:80]}"), None
            run.cells[context] = cell
            if context == "top level":
                run.cold_boot = booted
            run.foreign += foreign(driver.requests(), BENCH_HOSTS)
            print(f"  {run.name} / {context}: {cell}", file=sys.stderr, flush=True)
            driver.quit()
            driver = None
    finally:
        if driver is not None:
            driver.quit()
        run.foreign += proxy.hosts
        proxy.close()
    return run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--engines", default="blink,gecko,webkit")
    parser.add_argument("--boot-timeout", type=float, default=60.0, help="seconds to wait for the ready marker")
    options = parser.parse_args(argv)
    runs: list[EngineRun] = []
    for key in options.engines.split(","):
        try:
            runs.append(bench_engine(key.strip(), options.boot_timeout))
        except (EngineError, OSError) as error:
            print(f"{key}: cannot run: {error}")
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(f"On {os.cpu_count()} cores, load average now {load} (figures of one run: compare with care).")
    print("Cold boot (fresh profile, navigation to ready, one run):")
    for run in runs:
        boot = "did not boot" if run.cold_boot is None else f"{run.cold_boot:.1f} s"
        print(f"  {run.name:<7} {boot:>12}   {run.version}")
    print("\nDouble H, seed 12: boots / plays / saves")
    width = max(len(context) for context in CONTEXTS) + 2
    print(f"  {'context':<{width}}" + "".join(f"{run.name:<16}" for run in runs))
    for context in CONTEXTS:
        row = ""
        for run in runs:
            cell = run.cells.get(context, Cell(note="not run"))
            row += f"{'/'.join('yes' if flag else 'no' for flag in (cell.boots, cell.plays, cell.saves)):<16}"
        print(f"  {context:<{width}}{row}")
    notes = [(run.name, context, cell.note) for run in runs for context, cell in run.cells.items() if cell.note]
    if notes:
        print("\nNotes:")
        for name, context, note in notes:
            print(f"  {name}, {context}: {note}")
    for run in runs:
        print(f"\n{run.name}: requests to other hosts: {run.foreign or 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
