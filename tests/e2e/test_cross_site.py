"""Issue 11: Kabale boots and plays wherever it is opened: framed by a blog on another site,
with the browser's storage refused, or with IndexedDB failing on the page itself.

PyScript opens IndexedDB while it starts and waits for it; a refused open used to leave the
page on "Loading Python…" for good. assets/js/storage.js answers such an open from memory,
and the page says, once, that games are not kept here.

The blog is served on http://localhost:PORT and frames the game on http://127.0.0.1:PORT2:
another site, not only another origin (tests/e2e/test_embed.py frames it from another port
of 127.0.0.1, which browsers treat as the same site).
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any, Callable

import pytest
from playwright.sync_api import BrowserContext, Frame, FrameLocator, Page, expect

from conftest import BOOT_TIMEOUT_MS, NetworkGuard, wait_ready  # type: ignore[import-not-found]
from helpers import INSTANT, STILL, blog_page, click_double_h_move, saved_double_h
from kabale.games.double_h.rules import DoubleH
from kabale.solver import solve_seed

pytestmark = STILL
#: A context of the test's own: a frame's storage is partitioned by the site that frames it, which
#: clearing the origin does not reach; and storage that fails is met on a first visit (no service
#: worker, no snapshot yet). The installed app's question needs neither: the run's shared contexts.
FRESH = pytest.mark.fresh_context

SEED = 12

BLOG = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>A blog on another site</title></head>
<body><h1>Double H, deal 12</h1>
<iframe src="{src}" title="Kabale" width="100%" height="720" style="border:0"></iframe>
</body></html>
"""

#: What strict browsers do to a frame: every storage API throws SecurityError on access.
REFUSE_STORAGE_IN_FRAMES = """
if (window !== window.top) {
  for (const name of ["localStorage", "sessionStorage", "indexedDB"]) {
    Object.defineProperty(window, name, {
      configurable: true,
      get() { throw new DOMException(`The document is sandboxed and lacks ${name}`, "SecurityError"); },
    });
  }
}
"""

#: indexedDB.open fails on the page itself (an error event, as a browser that refuses it sends).
FAIL_INDEXED_DB_OPEN = """
(() => {
  const factory = window.indexedDB;
  const failing = {
    open() {
      const request = { onsuccess: null, onerror: null, onupgradeneeded: null };
      setTimeout(() => request.onerror && request.onerror(
        Object.assign(new Event("error"), { preventDefault() {} })));
      return request;
    },
    deleteDatabase: (name) => factory.deleteDatabase(name),
    cmp: (a, b) => factory.cmp(a, b),
  };
  Object.defineProperty(window, "indexedDB", { configurable: true, get: () => failing });
})();
"""

#: localStorage reads, but every write throws SecurityError (not a full quota).
REFUSE_WRITES = """
Storage.prototype.setItem = function () { throw new DOMException("writes are refused here", "SecurityError"); };
"""


def board(frame: Any) -> list[list[str]]:
    """The cards of every Double H place as the page shows them, place by place."""
    return [
        button.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
        for button in frame.locator("button[data-action=place]").all()
    ]


def engine_board(game: DoubleH) -> list[list[str]]:
    return [[str(card) for card in place.cards] for place in game.facts().places]


def blog_framing_kabale(tmp_path: Path, site_server: Callable[..., Any], base_url: str,
                        network_guard: NetworkGuard) -> str:
    """A blog page on localhost that frames the game on 127.0.0.1; its URL."""
    return blog_page(tmp_path, site_server, network_guard, BLOG, f"{base_url}?embed=1&game=double-h&seed={SEED}")


def play_the_first_move(frame: FrameLocator) -> DoubleH:
    """Play the solver's first move of the deal through the frame; return the game after it."""
    game = DoubleH.deal(SEED)
    verdict = solve_seed(SEED, budget_s=None, budget_states=400_000)
    assert verdict.moves, "deal 12 has a first move"
    assert board(frame) == engine_board(game)
    click_double_h_move(frame, verdict.moves[0])  # type: ignore[arg-type]  # a frame answers get_by_role too
    game.apply(verdict.moves[0])
    return game


def shows(frame: Any, game: DoubleH, timeout_s: float = 10.0) -> None:
    """Wait until the page shows the game's board (a move is drawn within a frame or two)."""
    deadline = time.monotonic() + timeout_s
    while board(frame) != engine_board(game):
        assert time.monotonic() < deadline, f"the board shown is not the game's: {board(frame)}"
        time.sleep(0.05)


def inner_frame(page: Page) -> Frame:
    return next(frame for frame in page.frames if frame.url.startswith("http://127.0.0.1"))


@FRESH
@pytest.mark.parametrize("storage", ["as the browser comes", "refused in the frame"])
def test_a_blog_on_another_site_frames_a_game_that_boots_and_plays(
    page: Page, context: BrowserContext, site_server: Callable[..., Any], tmp_path: Path, base_url: str,
    network_guard: NetworkGuard, storage: str,
) -> None:
    context.add_init_script(f"try {{ {INSTANT} }} catch {{}}")  # a frame refused storage keeps its defaults
    if storage == "refused in the frame":
        context.add_init_script(REFUSE_STORAGE_IN_FRAMES)
    page.goto(blog_framing_kabale(tmp_path, site_server, base_url, network_guard))
    frame = page.frame_locator("iframe[title=Kabale]")
    expect(frame.locator("body")).to_have_attribute("data-ready", "1", timeout=BOOT_TIMEOUT_MS)
    expect(frame.get_by_role("region", name="Double H table")).to_be_visible()

    game = play_the_first_move(frame)
    shows(frame, game)

    # where the browser keeps nothing for the frame, one short line says so and opens the full site
    kept = inner_frame(page).evaluate("(() => { try { localStorage.setItem('kabale-t', '1'); return true; }"
                                      " catch { return false; } })()")
    note = frame.locator("#keep-note")
    if not kept:
        expect(note).to_have_text(re.compile(r"^Games are not kept here"))
        link = note.get_by_role("link", name=re.compile("tab of its own"))
        expect(link).to_have_attribute("target", "_blank")
        href = link.get_attribute("href") or ""
        assert "game=double-h" in href and "embed" not in href
    else:  # storage given to the frame is kept apart from the full site's: that is said too
        expect(note).to_have_text(re.compile(r"^Games played here are kept on this page only"))
    expect(frame.locator("#notice")).to_be_hidden()  # the note is the only word about it


@FRESH
def test_indexed_db_failing_on_the_page_itself_does_not_stop_the_boot(
    page: Page, open_kabale: Callable[..., Page]
) -> None:
    page.add_init_script(FAIL_INDEXED_DB_OPEN)
    page.add_init_script(INSTANT)
    open_kabale(f"?game=double-h&seed={SEED}")  # nothing of Kabale's opens IndexedDB (issue 29: no PyScript)
    game = play_the_first_move(page.main_frame)  # type: ignore[arg-type]
    shows(page, game)
    # localStorage still works: the game is kept, and no note says otherwise
    assert list(saved_double_h(page).game.history) == list(game.history)
    expect(page.locator("#keep-note")).to_be_hidden()


@FRESH
def test_storage_that_refuses_writes_is_said_once_and_play_goes_on(
    page: Page, open_kabale: Callable[..., Page]
) -> None:
    page.add_init_script(REFUSE_WRITES)
    open_kabale(f"?game=double-h&seed={SEED}")
    expect(page.locator("#keep-note")).to_have_text(re.compile(r"^Games are not kept here"))
    expect(page.locator("#keep-note a")).to_have_count(0)  # at the top level a new tab would not help
    game = DoubleH.deal(SEED)
    for move in solve_seed(SEED, budget_s=None, budget_states=400_000).moves[:3]:
        click_double_h_move(page, move)
        game.apply(move)
    shows(page, game)
    expect(page.locator("#notice")).to_be_hidden()


@FRESH
def test_storage_refused_on_the_page_itself_boots_and_says_games_are_not_kept(
    page: Page, open_kabale: Callable[..., Page]
) -> None:
    page.add_init_script(REFUSE_STORAGE_IN_FRAMES.replace("window !== window.top", "true"))
    open_kabale(f"?game=double-h&seed={SEED}")
    expect(page.locator("#keep-note")).to_have_text(re.compile(r"^Games are not kept here"))
    game = play_the_first_move(page.main_frame)  # type: ignore[arg-type]
    shows(page, game)


INSTALLED_WITH_PERSIST_COUNTED = """
window.persistCalls = 0;
const realMatchMedia = window.matchMedia.bind(window);
window.matchMedia = (query) => realMatchMedia(query === "(display-mode: standalone)" ? "(min-width: 0px)" : query);
Object.defineProperty(navigator, "storage", { configurable: true, value: {
  persisted: async () => false,
  persist: async () => { window.persistCalls += 1; return true; },
}});
"""


def test_an_installed_app_asks_once_to_keep_what_is_saved(page: Page, open_kabale: Callable[..., Page]) -> None:
    page.add_init_script(INSTALLED_WITH_PERSIST_COUNTED)
    open_kabale("")
    page.wait_for_function("window.persistCalls === 1")
    page.reload()
    wait_ready(page)
    page.wait_for_timeout(300)
    assert page.evaluate("window.persistCalls") == 0  # asked on the first launch only


def test_a_page_in_a_browser_tab_does_not_ask_to_keep_storage(page: Page, open_kabale: Callable[..., Page]) -> None:
    page.add_init_script(INSTALLED_WITH_PERSIST_COUNTED.replace('"(display-mode: standalone)"', '"(never)"'))
    open_kabale("")
    page.wait_for_timeout(300)
    assert page.evaluate("window.persistCalls") == 0
