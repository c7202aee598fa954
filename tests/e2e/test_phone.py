"""On a 360 px wide phone (touch): every table fits the screen, and a tap picks up and a tap plays."""

from __future__ import annotations

import re
from typing import Any, Callable

import pytest
from playwright.sync_api import Page, expect

from helpers import (INSTANT, click_double_h_move, click_move, revision, saved_double_h, saved_match, stored,
                     wait_for_save)
from kabale.games.double_h.rules import DoubleH, MoveKind
from kabale.games.patience.rules import Patience
from kabale.web.storage.saved import SavedPatience

def re_stock(count: int) -> re.Pattern[str]:
    return re.compile(rf"^Stock, {count} cards")


FITS = "document.documentElement.scrollWidth <= document.documentElement.clientWidth"


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}


@pytest.fixture
def phone(page: Page, open_kabale: Callable[..., Page]) -> Callable[[str], Page]:
    page.add_init_script(INSTANT)
    return open_kabale


def bar_heights(page: Page) -> list[float]:
    """The heights of the table bar's buttons (none found: an empty list, and min() fails)."""
    heights: list[float] = page.locator(".table-bar .button:visible").evaluate_all(
        "nodes => nodes.map((node) => node.getBoundingClientRect().height)")
    return heights


def test_the_lobby_fits_a_phone(phone: Callable[[str], Page]) -> None:
    page = phone("")
    assert page.evaluate("window.innerWidth") == 360
    assert page.evaluate(FITS)
    # the header's buttons a finger's height (they were 27 px: a playthrough), and no Keys: its dialog
    # is all keys and shortcuts
    toolbar = page.locator("#toolbar")
    expect(toolbar.get_by_role("button", name="Settings")).to_be_visible()
    expect(toolbar.get_by_role("button", name="Keys")).to_be_hidden()
    heights = toolbar.locator("button:visible, select").evaluate_all(
        "nodes => nodes.map((node) => node.getBoundingClientRect().height)")
    assert heights and min(heights) >= 36, heights


def test_kabalam_on_a_phone_tap_to_pick_up_and_tap_to_play(phone: Callable[[str], Page]) -> None:
    page = phone("?game=kabalam&seed=3")
    page.get_by_role("button", name="Start the match").tap()
    expect(page.get_by_role("region", name="KABALAM table")).to_be_visible()
    assert page.evaluate(FITS)
    assert min(bar_heights(page)) >= 36  # Hint, Rules, New match: a finger's height (they were 27 px)
    hand = saved_match(page).match.hand
    assert hand is not None
    play = next(move for move in hand.legal_moves() if move.is_play)
    before = revision(page, "kabalam")
    click_move(page, play, touch=True)
    wait_for_save(page, "kabalam", before)
    played = saved_match(page).match.hand
    assert played is not None and played.moves[0] == play
    assert page.evaluate(FITS)


def test_the_patience_on_a_phone(phone: Callable[[str], Page]) -> None:
    page = phone("?game=patience&seed=8")
    expect(page.get_by_role("region", name="Patience Kabalam table")).to_be_visible()
    assert page.evaluate(FITS)
    assert min(bar_heights(page)) >= 36
    move = next(move for move in Patience.deal(8).legal_moves() if move.is_play)
    before = revision(page, "patience")
    click_move(page, move, touch=True)
    wait_for_save(page, "patience", before)
    record = stored(page, "patience")
    assert record is not None and SavedPatience.from_dict(record["data"]).game.moves[0] == move
    assert page.evaluate(FITS)


def test_double_h_on_a_phone(phone: Callable[[str], Page]) -> None:
    page = phone("?game=double-h&seed=5")
    expect(page.get_by_role("region", name="Double H table")).to_be_visible()
    assert page.evaluate(FITS)
    game = DoubleH.deal(5)
    move = next(m for m in game.legal_moves() if m.kind is MoveKind.CARD)
    source = "button[data-action=waste]" if move.source is None else f"button[data-place='{move.source}']"
    page.locator(source).tap()
    page.locator(f"button[data-action=place][data-place='{move.target}']").tap()
    page.wait_for_function("() => (JSON.parse(localStorage.getItem('kabale:double-h')) || {data: {game: {moves: []}}})"
                           ".data.game.moves.length === 1")
    assert list(saved_double_h(page).game.history) == [move]
    click_double_h_move(page, next(m for m in DoubleH.replay(5, [move]).legal_moves() if m.kind is MoveKind.DRAW))
    expect(page.get_by_role("button", name=re_stock(77))).to_be_visible()
    assert page.evaluate(FITS)
