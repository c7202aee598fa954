"""Issue 5: Patience Kabalam at the table, what needs a page: axe, the Hint drawn inside the viewport
(by its key, and by its button on a phone), a move saved in the task that shows it (a reload, a
closed tab). What the table shows and saves along games (the deal, won and lost, undo and redo, a
restart from what was saved, the Hint's words and marks followed to a game's end) is tested on the
view in CPython (tests/unit/test_patience_app.py)."""

from __future__ import annotations

import json
from typing import Any, Callable

import pytest
from playwright.sync_api import Page, expect

from helpers import INSTANT, click_move, inside, saved_patience
from kabale.games.kabala.rules import Move
from kabale.games.patience.rules import Patience


@pytest.fixture
def patience_page(page: Page, open_kabale: Callable[..., Page]) -> Callable[[int], Page]:
    """A deal opened with the system's reduced motion: these tests play through the page, and the
    cards' flights are test_motion's."""
    page.add_init_script(INSTANT)
    page.emulate_media(reduced_motion="reduce")

    def open_deal(seed: int) -> Page:
        opened = open_kabale(f"?game=patience&seed={seed}")
        expect(opened.get_by_role("region", name="Patience Kabalam table")).to_be_visible()
        return opened

    return open_deal


def greedy(game: Patience) -> Move:
    """The most cards at once, else what the rules leave (draw, or a pass-flip of the first packet)."""
    legal = game.legal_moves()
    plays = [move for move in legal if move.is_play]
    return max(plays, key=lambda move: (move.count, -(move.packet or 0))) if plays else legal[0]


def test_no_axe_violations_on_the_patience_table(patience_page: Callable[[int], Page], axe_violations: Any) -> None:
    page = patience_page(42)
    page.locator(".mine button[data-card]").first.click()
    assert [v["id"] for v in axe_violations(page)] == []


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}])
def test_the_hint_shows_the_honest_move_at_its_packet_inside_the_viewport(
        patience_page: Callable[[int], Page], viewport: dict[str, int]) -> None:
    from kabale.games.patience.solver_honest import honest_hint

    page = patience_page(14)
    page.set_viewport_size(viewport)
    game = saved_patience(page).game
    expected = honest_hint(game.observation(), seed=len(game.moves)).move  # what the page should advise
    assert expected is not None and expected.packet is not None
    page.keyboard.press("h") if viewport["width"] > 600 else page.get_by_role("button", name="Hint").click()
    bubble = page.get_by_role("status", name="Hint, from what you have seen only")
    expect(bubble).to_contain_text(f"on packet {expected.packet}.", timeout=15_000)
    inside(page, ".patience-hint")


#: The patience as stored now, raw.
STORED_NOW = "() => localStorage.getItem('kabale:patience')"


@pytest.mark.parametrize("leave", ["reload", "close"])
def test_a_move_shown_is_a_move_saved_and_not_lost_by_a_reload_or_a_closed_tab(
        patience_page: Callable[[int], Page], leave: str) -> None:
    """Python runs in a worker (issue 29) and sends the move's drawing and its record in one
    message; the page draws the one and writes the other in the same task (assets/js/page.js), so
    a move shown is a move saved, and a reload or a closed tab at once keeps it."""
    page = patience_page(7)
    before = saved_patience(page)  # once the deal's own save is written
    assert before.game.moves == ()
    raw = page.evaluate(STORED_NOW)
    move = greedy(before.game)
    click_move(page, move)
    expect(page.get_by_role("button", name="Undo")).to_be_enabled()
    assert page.evaluate(STORED_NOW) != raw, "the move is shown, so it is saved"
    if leave == "reload":
        cards = page.locator(".mine button[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
        page.reload()
        page.wait_for_function("document.body.dataset.ready === '1'", timeout=90_000)
        assert page.locator(".mine button[data-card]").evaluate_all("els => els.map(e => e.dataset.card)") == cards
        assert saved_patience(page).game.moves[:1] == (move,)
        expect(page.get_by_role("button", name="Undo")).to_be_enabled()
        return
    # the tab that stays, to read storage once the first is closed: a file of the site, not the
    # app (whose own saves would reach the first tab as a storage event, and write the save)
    other = page.context.new_page()
    other.goto(page.url.split("?")[0] + "sw.js")
    page.close(run_before_unload=True)
    other.wait_for_function(f"() => ({STORED_NOW})() !== {json.dumps(raw)}", timeout=10_000)
    assert saved_patience(other).game.moves[:1] == (move,)
    other.close()
