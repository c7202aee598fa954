"""Issue 2: the page boots offline in real Chromium and opens seeded deals from the URL. What a
bad value in the URL says, and where it leaves the player, is Python's (tests/unit/test_boot_app.py);
the browser keeps that the notice's markup stays text."""

from __future__ import annotations

import re
from typing import Callable

import pytest
from playwright.sync_api import Browser, Page, expect

from kabale.games.kabalam.match import Match
from kabale.games.patience.rules import Patience
from kabale.games.double_h.rules import DoubleH
from conftest import wait_ready  # type: ignore[import-not-found]
from helpers import STILL  # type: ignore[import-not-found]

pytestmark = [STILL, pytest.mark.navigates]  # the start itself is what these tests look at

GAME_NAMES = {"kabalam": "KABALAM", "patience": "Patience Kabalam", "double-h": "Double H"}


def test_the_page_boots_and_python_takes_over(open_kabale: Callable[..., Page]) -> None:
    page = open_kabale()
    assert page.evaluate("document.body.dataset.ready") == "1"
    expect(page.get_by_role("heading", name="Choose a game")).to_be_visible()
    for name in GAME_NAMES.values():
        expect(page.get_by_role("button", name=name, exact=True)).to_be_visible()
    expect(page.locator("#loading")).to_be_hidden()


def test_the_lobby_is_painted_before_python_starts(browser: Browser, base_url: str) -> None:
    """With scripts off, the static skeleton is all there is: title, games, loading indicator."""
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(base_url)
        expect(page.get_by_role("heading", name="Kabale")).to_be_visible()
        expect(page.get_by_role("button", name="Double H", exact=True)).to_be_visible()
        expect(page.get_by_role("status")).to_contain_text("Loading")
        expect(page.get_by_role("progressbar")).to_be_visible()
    finally:
        context.close()


def _dealt_cards(page: Page, selector: str) -> list[str]:
    return page.locator(selector).evaluate_all("nodes => nodes.map(n => n.dataset.card || '')")


def test_a_seeded_patience_url_deals_the_same_cards_as_cpython(open_kabale: Callable[..., Page]) -> None:
    page = open_kabale("?game=patience&seed=4242")
    expected = Patience.deal(4242)
    expect(page.get_by_text("Deal 4242")).to_be_visible()
    assert _dealt_cards(page, ".kabala .card.top") == [str(card) for card in expected.face_up]
    assert sorted(_dealt_cards(page, ".endowment [data-card]")) == sorted(str(c) for c in expected.endowment)
    # the face-down cards are not in the page at all
    assert page.locator(".kabala [data-card]").count() == 3


def test_a_seeded_kabalam_url_sets_up_that_deal(open_kabale: Callable[..., Page]) -> None:
    page = open_kabale("?game=kabalam&seed=4242")
    expect(page.get_by_label("Deal number")).to_have_value("4242")
    page.get_by_role("button", name="Start the match").click()
    expect(page.get_by_role("region", name="KABALAM table")).to_be_visible()
    expected = Match.start(4242, seats=2).hand
    assert expected is not None
    assert _dealt_cards(page, ".kabala .card.top") == [str(card) for card in expected.face_up]
    shown = sorted(_dealt_cards(page, ".endowment [data-card]"))
    assert shown == sorted(str(card) for card in expected.endowment("S"))


def test_a_seeded_url_deals_the_same_double_h_as_cpython(open_kabale: Callable[..., Page]) -> None:
    page = open_kabale("?game=double-h&seed=31")
    expected = DoubleH.deal(31)
    for side, name in (("L", "Left H"), ("R", "Right H")):
        region = page.get_by_role("region", name=name)
        cards = region.locator(".place [data-card]").evaluate_all("nodes => nodes.map(n => n.dataset.card)")
        assert cards == [str(place.cards[-1]) for place in expected.facts().places if place.side == side]
    assert page.locator(".place").count() == 26


def test_choosing_a_game_opens_it_with_a_fresh_deal_in_the_url(open_kabale: Callable[..., Page]) -> None:
    page = open_kabale()
    page.get_by_role("button", name="Double H", exact=True).click()
    expect(page.get_by_role("region", name="Double H table")).to_be_visible()
    expect(page).to_have_url(re.compile(r"\?game=double-h&seed=\d+$"))
    page.go_back()
    expect(page.get_by_role("region", name="Double H table")).to_be_hidden()
    expect(page.get_by_role("heading", name="Choose a game")).to_be_visible()
    page.get_by_role("button", name="Patience Kabalam", exact=True).click()
    expect(page).to_have_url(re.compile(r"\?game=patience&seed=\d+$"))
    seed = int(re.search(r"seed=(\d+)", page.url).group(1))  # type: ignore[union-attr]
    shown = sorted(_dealt_cards(page, ".endowment [data-card]"))
    assert shown == sorted(str(card) for card in Patience.deal(seed).endowment)


def test_back_closes_an_open_dialog_and_leaves_the_table_only_once_it_is_closed(open_kabale: Callable[..., Page]) -> None:
    """On a phone, Back with the rules open left Kabale: it closes the dialog now, at the same
    address. A dialog closed by its own Close takes its step of the history back with it, so the
    next Back leaves the table for the home, as it did before any dialog."""
    page = open_kabale()
    page.get_by_role("button", name="Double H", exact=True).click()
    table = page.get_by_role("region", name="Double H table")
    expect(table).to_be_visible()
    address = page.url
    dialog = page.get_by_role("dialog")
    table.get_by_role("button", name="Rules").click()
    expect(dialog).to_be_visible()
    page.go_back()
    expect(dialog).to_be_hidden()
    expect(table).to_be_visible()
    assert page.url == address
    page.go_forward()  # into the closed dialog's step: nothing opens, nothing moves
    expect(page).to_have_url(address)
    expect(dialog).to_be_hidden()
    expect(table).to_be_visible()
    table.get_by_role("button", name="Rules").click()
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_be_hidden()
    # the page's own step back (the dialog's entry) done, as it is long before a person's next press:
    # a Back pressed in the same moment (under load) was taken for that step, and the table stayed
    page.wait_for_function("() => !(history.state && history.state.kabaleDialog)")
    page.go_back()
    expect(page.get_by_role("heading", name="Choose a game")).to_be_visible()
    expect(table).to_be_hidden()
    page.go_forward()
    expect(table).to_be_visible()
    expect(page).to_have_url(address)
    # a jump of two steps (a long press on Back) with the rules open: closed, and the home shown
    table.get_by_role("button", name="Rules").click()
    expect(dialog).to_be_visible()
    page.evaluate("history.go(-2)")
    expect(dialog).to_be_hidden()
    expect(page.get_by_role("heading", name="Choose a game")).to_be_visible()
    page.go_forward()
    expect(table).to_be_visible()
    # a reload with the rules open: the dialog's step is a plain one after it, Back stays at the table
    table.get_by_role("button", name="Rules").click()
    expect(dialog).to_be_visible()
    page.reload()
    wait_ready(page)
    assert page.evaluate("history.state") is None
    page.go_back()
    expect(table).to_be_visible()
    assert page.url == address


def test_markup_in_the_url_stays_text(open_kabale: Callable[..., Page]) -> None:
    page = open_kabale("?game=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E")
    expect(page.get_by_role("alert")).to_contain_text("<img src=x onerror=alert(1)>")
    assert page.locator("#notice img").count() == 0


#: The page as a person and a screen reader have it: the body's markup, <html>'s attributes, the title.
PAGE_AS_DRAWN = """() => ({
  body: document.body.outerHTML,
  html: [...document.documentElement.attributes].map((a) => `${a.name}=${a.value}`).sort(),
  title: document.title,
  bars: [...document.querySelectorAll('meta[name="theme-color"]')].map((meta) => meta.content),
})"""


@pytest.mark.parametrize("query", ["?game=double-h&seed=3", "?game=kabalam&seed=5", ""])
def test_a_page_started_afresh_is_drawn_as_the_page_loaded(page: Page, open_kabale: Callable[..., Page],
                                                          base_url: str, query: str) -> None:
    """The browser tests start Kabale afresh in a page an earlier test left (assets/js/page.js
    ``park`` and ``restart``; tests/e2e/conftest.py ``KeptPage``): after a game played a little, its
    dark theme chosen and its settings left open, the page started afresh on fresh storage is the very
    page a load draws (body, <html>, title, the bar's colours), and plays on."""
    loaded = open_kabale(query)
    loaded.evaluate("window.kabalePage.settled()")
    expected = loaded.evaluate(PAGE_AS_DRAWN)
    if "double-h" in query:
        loaded.get_by_role("button", name="Hint").click()
    elif "kabalam" in query:
        loaded.get_by_role("button", name="Start the match").click()
        expect(loaded.get_by_role("region", name="KABALAM table")).to_be_visible()
    loaded.get_by_role("button", name="Settings").click()
    loaded.get_by_label("Colours").select_option(label="Dark")
    expect(loaded.locator("html")).to_have_class(re.compile("theme-dark"))
    loaded.evaluate("window.kabalePage.settled()")
    assert loaded.evaluate(PAGE_AS_DRAWN) != expected
    loaded.evaluate("async () => { await window.kabalePage.park(); localStorage.clear(); sessionStorage.clear(); }")
    loaded.evaluate("(url) => window.kabalePage.restart(url)", base_url + query)
    expect(loaded.locator("body")).to_have_attribute("data-ready", "1")
    loaded.evaluate("window.kabalePage.settled()")
    assert loaded.evaluate(PAGE_AS_DRAWN) == expected
    loaded.get_by_role("button", name="Settings").click()  # and it plays on: the dialog opens again
    expect(loaded.get_by_label("Colours")).to_be_visible()
