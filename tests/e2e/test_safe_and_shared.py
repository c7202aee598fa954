"""Issue 8: text from players, the URL and storage stays text; two tabs share one game; bad storage is survived."""

from __future__ import annotations

import json
from typing import Any, Callable

from playwright.sync_api import BrowserContext, Dialog, Page, expect

from helpers import INSTANT, STILL, click_move, give_up, revision, saved_double_h, saved_match, saved_patience, stored, wait_for_save
from kabale.games.patience.rules import Patience

pytestmark = STILL

MARKUP = "<img src=x onerror=alert(1)>"


def no_dialogs(page: Page) -> list[str]:
    opened: list[str] = []

    def on_dialog(dialog: Dialog) -> None:
        opened.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", on_dialog)
    return opened


def test_a_player_name_made_of_markup_stays_text(page: Page, open_kabale: Callable[..., Page]) -> None:
    page.add_init_script(INSTANT)
    opened = no_dialogs(page)
    page = open_kabale("?game=kabalam&seed=3")
    page.get_by_label("Who sits West?").select_option(label="Another person at this device")
    page.get_by_label("Name at West").fill(MARKUP)
    page.get_by_label("Name at South").fill("Ann")
    page.get_by_role("button", name="Start the match").click()
    seats = page.get_by_role("list", name="The other players")
    expect(seats).to_contain_text(MARKUP[:24])
    assert page.locator("main img").count() == 0
    assert saved_match(page).plan.plan_of("W").name == MARKUP[:24]
    page.reload()
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=90_000)
    expect(page.get_by_role("list", name="The other players")).to_contain_text(MARKUP[:24])
    assert page.locator("main img").count() == 0
    assert opened == []


def test_markup_in_every_url_value_stays_text(page: Page, open_kabale: Callable[..., Page]) -> None:
    opened = no_dialogs(page)
    page = open_kabale("?game=patience&seed=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&embed=%3Cb%3E")
    expect(page.get_by_role("alert").first).to_contain_text(MARKUP)
    expect(page.get_by_role("alert").first).to_contain_text("<b>")
    assert page.locator("#notice img, #notice b").count() == 0
    assert opened == []


def test_two_tabs_on_one_game_see_each_others_moves(page: Page, context: BrowserContext, open_kabale: Callable[..., Page],
                                                     base_url: str) -> None:
    page.add_init_script(INSTANT)
    first = open_kabale("?game=patience&seed=7")
    second = context.new_page()
    second.goto(base_url + "?game=patience&seed=7")
    second.wait_for_function("document.body.dataset.ready === '1'", timeout=90_000)

    def endowment(tab: Page) -> list[str]:
        return tab.locator(".mine button[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")

    assert endowment(first) == endowment(second)
    game = saved_patience(first).game
    move = next(m for m in game.legal_moves() if m.is_play)
    before = revision(first, "patience")
    click_move(first, move)
    wait_for_save(first, "patience", before)
    # the other tab hears of it (the storage event) and shows the same position
    expect(second.locator(".mine button[data-card]")).to_have_count(len(endowment(first)))
    assert endowment(second) == endowment(first)
    # and it can play on from there: the first tab sees that move in turn
    game = saved_patience(second).game
    nxt = next(m for m in game.legal_moves() if m.is_play) if any(m.is_play for m in game.legal_moves()) \
        else game.legal_moves()[0]
    before = revision(second, "patience")
    click_move(second, nxt)
    wait_for_save(second, "patience", before)
    expect(first.locator(".mine button[data-card]")).to_have_count(len(endowment(second)))
    assert len(saved_patience(first).game.moves) == 2


BAD_RECORDS: dict[str, str] = {
    "kabale:settings": '{"app":"kabale","schema":1,"name":"settings","revision":1,"data":[1,2]}',
    "kabale:patience": json.dumps({"app": "kabale", "schema": 1, "name": "patience", "revision": 3,
                                   "data": {"game": {**Patience.deal(7).to_dict(), "moves": ["bare 9x8 on 1"]}}}),
    "kabale:stats:patience": '{"app":"kabale","schema":1,"name":"stats:patience","revision":1,"data":{"played":1,"won":5}}',
    "kabale:double-h": "{\"app\":\"kabale\",\"sch",
}


def test_bad_saved_data_is_reported_set_aside_and_the_rest_kept(page: Page, open_kabale: Callable[..., Page]) -> None:
    good_stats = json.dumps({"app": "kabale", "schema": 1, "name": "stats:double-h", "revision": 1,
                             "data": {"played": 2, "won": 1, "weighted": 3, "by_round": [1, 0, 0], "streak": 0,
                                      "best_streak": 1}})
    script = "if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1');"
    for key, value in {**BAD_RECORDS, "kabale:stats:double-h": good_stats, "another-app": "keep me"}.items():
        script += f"localStorage.setItem({json.dumps(key)}, {json.dumps(value)});"
    page.add_init_script(script + "}")
    page = open_kabale("?game=patience&seed=7")
    expect(page.get_by_role("region", name="Patience Kabalam table")).to_be_visible()
    notice = page.get_by_role("alert").first
    expect(notice).to_contain_text("could not be read")
    keys = set(page.evaluate("Object.keys(localStorage)"))
    for key in ("kabale:settings", "kabale:stats:patience"):
        assert key not in keys or json.loads(page.evaluate(f"localStorage.getItem({json.dumps(key)})"))["revision"] > 0
    assert any(key.startswith("kabale-backup:patience:") for key in keys)
    assert "another-app" in keys and page.evaluate("localStorage.getItem('another-app')") == "keep me"
    # the good record is kept: the Double H statistics survive
    page.get_by_role("button", name="All games").click()
    page.get_by_role("button", name="Double H", exact=True).click()
    expect(page.locator(".stats")).to_contain_text("Played 2, won 1, weighted by bonus 3")


def test_a_full_storage_is_reported_and_play_goes_on(page: Page, open_kabale: Callable[..., Page]) -> None:
    page.add_init_script(INSTANT)
    page = open_kabale("?game=patience&seed=7")
    # from now on the browser refuses every write, as when its quota is used up
    page.evaluate("""() => {
        Storage.prototype.setItem = function () {
            throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
        };
    }""")
    game = saved_patience(page).game
    move = next(m for m in game.legal_moves() if m.is_play)
    cards_before = page.locator(".mine button[data-card]").count()
    click_move(page, move)
    expect(page.get_by_role("alert").first).to_contain_text("storage is full")
    expect(page.locator(".mine button[data-card]")).to_have_count(cards_before - move.count)
    assert saved_patience(page).game.moves == ()  # nothing was written...
    expect(page.get_by_role("button", name="Undo")).to_be_enabled()  # ...and the game goes on in memory


def test_two_tabs_never_lose_or_double_a_result(page: Page, context: BrowserContext, open_kabale: Callable[..., Page],
                                                base_url: str) -> None:
    page.add_init_script(INSTANT)
    first = open_kabale("?game=double-h&seed=3")
    second = context.new_page()
    # the second tab will not hear of the first's saves (as when both act at the same moment)
    second.add_init_script("""
        const listen = window.addEventListener.bind(window);
        window.addEventListener = (type, handler, options) => listen(type, type !== 'storage' ? handler
            : (event) => { if (!window.deaf) handler(event); }, options);""")
    second.goto(base_url + "?game=double-h&seed=3")
    second.wait_for_function("document.body.dataset.ready === '1'", timeout=90_000)
    second.evaluate("window.deaf = true")
    give_up(first)  # deal 3 counted once, as a loss
    expect(first.locator(".stats")).to_contain_text("Played 1, won 0")
    first.get_by_role("button", name="New deal").first.click()
    expect(first.get_by_role("button", name="Give up")).to_be_enabled()
    fresh = saved_double_h(first).game.seed
    assert fresh != 3
    # the second tab still shows deal 3 in play: its click is not played on that old position,
    # it is told and shown the game as the other tab left it (before any question of its own)
    second.get_by_role("button", name="Give up").click()
    expect(second.get_by_role("alert").first).to_contain_text("also open in another tab")
    expect(second.locator(".deal-number")).to_contain_text(str(fresh))
    record = stored(second, "stats:double-h")
    assert record is not None and record["data"]["played"] == 1  # deal 3 not counted twice
    give_up(second)  # now on the latest position: counted
    expect(second.locator(".stats")).to_contain_text("Played 2, won 0")
    record = stored(second, "stats:double-h")
    assert record is not None and record["data"]["played"] == 2
