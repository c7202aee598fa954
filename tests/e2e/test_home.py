"""The home and the daily deal in the browser (issue 31): a tile continues its game in one click,
at 1280x800 and at 390x844 with touch; a fresh browser opens the daily deal of the day its page's
clock says (the page's date set by the test); its end shares a line; axe finds nothing on the new
screens. What each screen shows is tested in CPython (tests/unit/test_home_views.py), and through
the whole app (tests/unit/test_home_app.py): each tile's Continue, the same daily deal for two
players on a day and another the next."""

from __future__ import annotations

import datetime
import json
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from conftest import wait_ready  # type: ignore[import-not-found]
from helpers import STILL, settle, stored  # type: ignore[import-not-found]
from kabale.daily import daily_candidate
from kabale.games.patience.rules import Patience
from kabale.web.storage.history import History, Matches, MatchPlayed, Played
from kabale.web.storage.saved import SavedPatience
from test_home_app import saved_games  # type: ignore[import-not-found]  (the CPython test's)

NOON = datetime.datetime(2026, 12, 2, 12, tzinfo=datetime.timezone.utc)
SIZES = {"desktop": {"viewport": {"width": 1280, "height": 800}},
         "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}}


def record(name: str, data: Any, at: float | None = None) -> str:
    envelope: dict[str, Any] = {"app": "kabale", "schema": 1, "name": name, "revision": 1, "data": data}
    if at is not None:
        envelope["at"] = at
    return json.dumps(envelope)


def seed_storage(page: Page, items: dict[str, str]) -> None:
    """Records in localStorage before the page's first start (a reload keeps what the page wrote)."""
    page.add_init_script("if (!sessionStorage.getItem('seeded')) { const items = %s;"
                         " for (const key in items) localStorage.setItem(key, items[key]);"
                         " sessionStorage.setItem('seeded', '1'); }" % json.dumps(items))


#: The page's clock stopped at a moment (``Date.now()`` and ``new Date()``): what page.js tells
#: Python of the player's day. Not Playwright's clock, which is the context's, and the context is
#: the run's (a fresh one per test booted cold: six of the file's eight pages).
FIXED_CLOCK = """(() => { const fixed = %d; const Real = Date;
  globalThis.Date = class extends Real {
    constructor(...args) { super(...(args.length ? args : [fixed])); }
    static now() { return fixed; }
  };
  (window.kabaleTestUndo ||= []).push(() => { globalThis.Date = Real; }); })()"""

#: No Web Share API (headless Linux has no share sheet): the share line goes to the clipboard.
NO_SHARE = """(() => { const share = Object.getOwnPropertyDescriptor(Navigator.prototype, "share");
  delete Navigator.prototype.share;
  (window.kabaleTestUndo ||= []).push(() => { if (share) Object.defineProperty(Navigator.prototype, "share", share); }); })()"""


def new_page(shared_context: Any, size: str, day: datetime.datetime = NOON, **options: Any) -> Page:
    page: Page = shared_context(**SIZES[size], **STILL.kwargs, **options).new_page()
    page.add_init_script(FIXED_CLOCK % int(day.timestamp() * 1000))
    return page


@pytest.mark.parametrize("size", list(SIZES))
def test_each_tile_continues_its_saved_game_in_one_click(shared_context: Any, base_url: str, axe_violations: Any,
                                                         size: str) -> None:
    page = new_page(shared_context, size)
    seed_storage(page, {**saved_games(), "kabale:settings": record("settings", {"language": "en", "bot_speed": "instant"})})
    page.goto(base_url)
    wait_ready(page)
    continues = {"kabalam": "Continue · yesterday (KABALAM)",
                 "patience": "Continue: deal 21 · yesterday (Patience Kabalam)",
                 "double-h": "Continue: deal 12, round 1 · yesterday (Double H)"}
    expect(page.get_by_role("button", name=continues["double-h"])).to_be_visible()
    assert axe_violations(page) == []
    tab_stops = page.evaluate("[...document.querySelectorAll('#lobby button')].filter(b => b.tabIndex >= 0).length")
    assert tab_stops == 3 + 3 + 2 + 3  # each game, each Continue, each daily deal, each Statistics: all by the keyboard
    for name in continues.values():
        expect(page.get_by_role("button", name=name)).to_be_visible()
    # one Continue through the page (each game's is tests/unit/test_home_app.py's)
    page.locator("#more-double-h button[data-seed]").click()
    settle(page)
    expect(page.locator(".table")).to_be_visible()
    assert page.evaluate("location.search").startswith("?game=double-h&seed=")
    page.get_by_role("button", name="All games").click()
    settle(page)
    expect(page.locator("#more-double-h button[data-seed]")).to_be_visible()


def daily_seed_in(shared_context: Any, base_url: str, day: datetime.datetime) -> int:
    """A fresh browser (no storage) on ``day`` opens the home's daily deal of Patience Kabalam: its deal."""
    page = new_page(shared_context, "desktop", day)
    page.goto(base_url)
    wait_ready(page)
    page.get_by_role("button", name=f"Daily deal · {day.day} Dec 2026 (Patience Kabalam)").click()
    settle(page)
    assert page.evaluate("location.search") == f"?game=patience&daily={day.date().isoformat()}"
    record_ = stored(page, "patience")
    assert record_ is not None and record_["data"]["daily"] == day.date().isoformat()
    return int(record_["data"]["game"]["seed"])


def test_a_fresh_browser_opens_the_daily_deal_of_its_page_s_day(shared_context: Any, base_url: str) -> None:
    """The page passes its clock to Python (assets/js/page.js's boot message): the daily deal
    opened is the day's. The same deal for another player that day, and another the next day, is
    Python's (tests/unit/test_home_app.py)."""
    assert daily_seed_in(shared_context, base_url, NOON) == daily_candidate("patience", NOON.date(), 0)


def test_double_h_s_daily_deal_is_found_in_the_browser_as_in_python(shared_context: Any, base_url: str) -> None:
    from kabale.games import GAMES

    page = new_page(shared_context, "phone")
    page.goto(base_url + "?game=double-h&daily=2026-12-02")
    wait_ready(page)
    expect(page.locator(".double-h-board")).to_be_visible(timeout=30_000)
    saved = stored(page, "double-h")
    assert saved is not None
    assert saved["data"]["game"]["seed"] == GAMES["double-h"].daily_seed(NOON.date(), winnable=True)


@pytest.mark.parametrize("size", list(SIZES))
def test_the_end_of_a_daily_deal_shares_its_line(shared_context: Any, base_url: str, axe_violations: Any,
                                                 size: str) -> None:
    seed = daily_candidate("patience", NOON.date(), 0)
    game = Patience.deal(seed)
    while not game.is_over():
        game.apply(game.legal_moves()[0])
    result = game.result()
    assert result is not None
    end = Played("2026-12-02", seed, result.won, len(game.moves), "2026-12-02", left=len(game.endowment))
    history = History((Played("2026-12-01", 5, True, 80, "2026-12-01"), end))
    page = new_page(shared_context, size, permissions=["clipboard-read", "clipboard-write"])
    page.add_init_script(NO_SHARE)  # the clipboard's way
    seed_storage(page, {
        "kabale:settings": record("settings", {"language": "en"}),
        "kabale:patience": record("patience", SavedPatience(game, counted=True, daily="2026-12-02").to_dict()),
        "kabale:history:patience": record("history:patience", history.to_dict()),
    })
    page.goto(base_url + "?game=patience&daily=2026-12-02")
    wait_ready(page)
    line = ("Kabale · Patience Kabalam · 2 Dec 2026 · " + ("won" if result.won else f"{len(game.endowment)} cards left")
            + f" · {len(game.moves)} moves")
    expect(page.locator(".share-line")).to_have_text(line)
    expect(page.locator(".daily-streak")).to_have_text("Daily streak: 2 days" if result.won else "Daily streak: 0 days")
    expect(page.locator(".daily-days li")).to_have_count(30)
    assert axe_violations(page) == []
    page.screenshot(path=f"/tmp/home-daily-end-{size}.png", full_page=True)
    page.get_by_role("button", name="Share").click()
    expect(page.locator(".share-said")).to_have_text("Copied: paste it where you like.")
    assert page.evaluate("navigator.clipboard.readText()") == f"{line}\n{base_url.rstrip('/')}/?game=patience&daily=2026-12-02"


def histories() -> dict[str, str]:
    matches = Matches((MatchPlayed("2026-12-01", 9, True, ("you", "hard", "easy"),
                                   ((3, 40, 12), (20, 70, 0), (5, 10, 95)), ("S", "", "N")),))
    double_h = History((Played("2026-11-24", 1, True, 200, round=2, bonus=2, hinted=True),
                        Played("2026-12-01", 2, True, 150, round=1, bonus=3), Played("2026-12-02", 3, False, 90, round=3)))
    return {"kabale:settings": record("settings", {"language": "en"}),
            "kabale:history:kabalam": record("history:kabalam", matches.to_dict()),
            "kabale:history:double-h": record("history:double-h", double_h.to_dict())}


@pytest.mark.parametrize("size", list(SIZES))
def test_charts_are_drawn_for_a_seeded_history_and_statistics_travel(shared_context: Any, base_url: str,
                                                                      axe_violations: Any, size: str, tmp_path: Any) -> None:
    page = new_page(shared_context, size)
    seed_storage(page, histories())
    page.goto(base_url)
    wait_ready(page)
    page.get_by_role("button", name="Statistics (KABALAM)").click()
    settle(page)
    assert page.evaluate("location.search") == "?stats=kabalam"
    # the last match's score chart: three seats' lines, a point a hand each, the 101 line, who closed
    score = page.locator("figure.chart", has_text="The last match, hand by hand")
    expect(score.locator("svg polyline")).to_have_count(3)
    expect(score.locator("svg circle")).to_have_count(9)
    expect(score.locator("svg text.chart-note")).to_have_text(["You", "–", "North"])
    expect(score.locator(".chart-legend li")).to_have_text(["You", "West", "North"])
    assert score.locator("svg polyline").first.evaluate("e => e.namespaceURI") == "http://www.w3.org/2000/svg"
    box = score.locator("svg").bounding_box()
    assert box is not None and box["width"] >= 300 and box["x"] + box["width"] <= SIZES[size]["viewport"]["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["viewport"]["width"]
    # the screen reader's table: the same numbers
    expect(score.get_by_role("table")).to_have_count(1)
    expect(score.locator("tbody tr").nth(2)).to_contain_text("28")  # You after hand 3: 3 + 20 + 5
    assert axe_violations(page) == []
    page.screenshot(path=f"/tmp/home-charts-{size}.png", full_page=True)
    # a bad file is refused with its reason; nothing kept changes
    before = page.evaluate("JSON.stringify(Object.entries(localStorage).filter(([k]) => k.startsWith('kabale:history')))")
    bad = tmp_path / "photo.json"
    bad.write_text('{"kind": "photos"}', encoding="utf-8")
    page.locator("input[data-import]").set_input_files(str(bad))
    expect(page.locator("#notice")).to_contain_text("not a statistics file of Kabale. Nothing was changed.")
    assert page.evaluate("JSON.stringify(Object.entries(localStorage).filter(([k]) => k.startsWith('kabale:history')))") == before
    # the export downloads a file that imports again: the same games, none twice
    with page.expect_download() as download:
        page.get_by_role("button", name="Export statistics").click()
    path = download.value.path()
    page.locator("input[data-import]").set_input_files(str(path))
    expect(page.locator("#notice")).to_contain_text("Statistics imported: 4 games and matches kept.")
