"""Issue 13: every table fits its screen with no page scroll, every card and control in view;
issue 11: the embedded view fits a 720 px high frame from 320 to 1000 px wide.

One boot per screen serves the three games (the app follows an address as it does on
Back and Forward, without a new page), so the test count stays small. Animations are
off (prefers-reduced-motion), so a card dealing in is not caught half-way off the felt.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterator

import pytest
from playwright.sync_api import Frame, Page, expect

from conftest import BOOT_TIMEOUT_MS, wait_ready  # type: ignore[import-not-found]
from helpers import AS_ANOTHER_TAB, INSTANT, double_h_place, settle
from records import WORDS_AND_PLACE, drawn_through
from kabale.games.double_h.moves import MoveKind
from kabale.games.double_h.rules import DoubleH


#: name: (width, height, a touch screen)
SCREENS = {
    "1920x1080": (1920, 1080, False),
    "1366x768": (1366, 768, False),
    "1280x800": (1280, 800, False),
    "1280x650 (a laptop's browser)": (1280, 650, False),
    "1366x625 (a laptop's browser)": (1366, 625, False),
    "1024x600": (1024, 600, False),
    "768x1024": (768, 1024, True),
    "390x844": (390, 844, True),
    "360x740": (360, 740, True),
    "844x390 (phone landscape)": (844, 390, True),
    "740x360 (phone landscape)": (740, 360, True),
}

#: The least width of a Double H card, in px, on a screen 5:4 or wider: there the H's lie on their
#: sides (three rows, not five), as the classic H held them to 38 px at 1366x625, 41 at 1280x650, 36
#: at 1024x600, 56 at 1280x800 and 53 at 1366x768 (now 80, 84, 67, 90 and 98; 104 at 1920x1080).
MIN_DOUBLE_H_CARD = {"1366x625 (a laptop's browser)": 72, "1280x650 (a laptop's browser)": 72, "1024x600": 60,
                     "1280x800": 80, "1366x768": 88, "1920x1080": 96}

#: What must lie inside the viewport: every card, button, field and link of the table and the toolbar.
#: Returns the page's overflow and each control that does not fit (with where it is).
FIT = """() => {
  const root = document.documentElement, width = root.clientWidth, height = root.clientHeight;
  const outside = [];
  let cards = 0;
  for (const el of document.querySelectorAll(
      '#view .card, #view button, #view select, #view input, #view a, #toolbar button, #toolbar select, #toolbar a')) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;  // not shown (display: none)
    if (el.classList.contains('card')) cards += 1;
    if (box.left < -0.5 || box.top < -0.5 || box.right > width + 0.5 || box.bottom > height + 0.5) {
      const name = el.getAttribute('aria-label') || el.textContent.trim() || el.className;
      outside.push(`${name.slice(0, 40)} at (${Math.round(box.left)}, ${Math.round(box.top)})-(${Math.round(box.right)}, ${Math.round(box.bottom)})`);
    }
  }
  return {scrollX: root.scrollWidth - width, scrollY: root.scrollHeight - height, outside, cards};
}"""

#: Go to an address inside the app, as Back and Forward do (no new boot).
GO = ("async query => { history.pushState(null, '', location.pathname + query); dispatchEvent(new PopStateEvent('popstate'));"
      " await window.kabalePage.settled(); }")  # once Python, in its worker, has drawn the address


def assert_fits(where: Page | Frame, what: str) -> None:
    fit = where.evaluate(FIT)
    assert fit["cards"] > 0, f"{what}: no card is shown"
    assert fit["scrollY"] <= 0 and fit["scrollX"] <= 0, f"{what}: the page scrolls {fit}"
    assert not fit["outside"], f"{what}: outside the viewport: {fit['outside']}"


def inside_viewport(where: Page | Frame, selector: str) -> bool:
    box = where.evaluate(
        "s => { const r = document.querySelector(s).getBoundingClientRect(); const d = document.documentElement;"
        " return r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= d.clientHeight"
        " && r.right <= d.clientWidth; }", selector)
    return bool(box)


def open_three_tables(where: Page | Frame, what: str) -> None:
    """Double H, Patience Kabalam and a 4-seat KABALAM table in turn: each fits."""
    where.evaluate(GO, "?game=double-h&seed=5")
    expect(where.get_by_role("region", name="Double H table")).to_be_visible()
    assert_fits(where, f"Double H at {what}")
    where.evaluate(GO, "?game=patience&seed=8")
    expect(where.get_by_role("region", name="Patience Kabalam table")).to_be_visible()
    assert_fits(where, f"Patience Kabalam at {what}")
    where.evaluate(GO, "?game=kabalam&seed=3")
    if where.get_by_label("4 players").count():  # the set-up (the second time, the match goes on)
        where.get_by_label("4 players").check()
        where.get_by_role("button", name="Start the match").click()
    table = where.get_by_role("region", name="KABALAM table")
    expect(table).to_be_visible()
    expect(table.locator(".seat")).to_have_count(4)
    assert_fits(where, f"KABALAM, 4 seats, at {what}")
    # the log shows its latest event first; its heading opens it as a drawer on a narrow screen
    latest = table.locator(".log-lines li").first
    expect(latest).to_be_visible()
    assert inside_viewport(where, ".log-lines li")
    toggle = table.get_by_role("button", name="What happened")
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    assert_fits(where, f"KABALAM with the log open at {what}")
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "false")


#: The page's layout shifts not caused by a person's input (the Layout Instability API), from its first
#: paint, or from Kabale's start afresh in a kept page (conftest's ``KeptPage``): one observer a page, that
#: counts the shifts after the last run of this script.
SHIFTS = """window.__shifts = [];
window.__shiftsSince = performance.now();
if (!window.__shiftObserver) {
  window.__shiftObserver = new PerformanceObserver((list) => list.getEntries().forEach((e) => {
    if (window.__shifts && !e.hadRecentInput && e.startTime >= window.__shiftsSince)
      window.__shifts.push([e.value, e.sources.map((s) => s.node ? s.node.nodeName + '.' + (s.node.className || '') : '?')]);
  }));
  window.__shiftObserver.observe({type: 'layout-shift', buffered: true});
}"""


@pytest.fixture
def screen_context(shared_context: Any, console_log: Any) -> Iterator[Any]:
    """A page on a given screen, in the context the run's tests share for that screen
    (conftest's ``shared_context``: no other host, no storage left by another test), that
    fails the test on a console error."""

    def make(width: int, height: int, touch: bool) -> Page:
        context = shared_context(viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch,
                                 reduced_motion="reduce")
        page: Page = context.new_page()
        page.on("console", console_log.record)
        page.on("pageerror", lambda error: console_log.errors.append(f"uncaught: {error}"))
        page.set_default_timeout(30_000)
        page.add_init_script(INSTANT)
        page.add_init_script(SHIFTS)
        return page

    yield make
    assert not console_log.errors, f"console errors: {console_log.errors}"


@pytest.mark.parametrize("screen", list(SCREENS))
def test_every_table_fits_the_screen(screen: str, screen_context: Any, base_url: str) -> None:
    width, height, touch = SCREENS[screen]
    page: Page = screen_context(width, height, touch)
    page.goto(base_url + "?game=double-h&seed=5")
    wait_ready(page)
    assert page.evaluate("[innerWidth, innerHeight]") == [width, height]
    if screen in MIN_DOUBLE_H_CARD:  # as large as the space allows: the shape that gives the larger cards
        card = page.locator(".double-h-board .card").first.bounding_box()
        assert card is not None and card["width"] >= MIN_DOUBLE_H_CARD[screen], f"Double H's cards at {screen}: {card}"
    assert_nothing_moved(page, f"Double H opened at {screen}")
    open_three_tables(page, screen)


def assert_nothing_moved(page: Page, what: str) -> None:
    """No layout shift since the page's first paint (but those a person's input caused)."""
    shifts = page.evaluate("window.__shifts")
    assert sum(value for value, _ in shifts) < 0.001, f"layout shifts, {what}: {shifts}"


@pytest.mark.parametrize("screen", ["768x1024", "390x844", "1366x768"])
def test_opening_kabalam_s_set_up_then_its_table_moves_nothing(screen: str, screen_context: Any, base_url: str) -> None:
    """Python fills the toolbar seconds after the first paint; the set-up's header must not grow
    then (at 768x1024 the filled toolbar wrapped under the tagline, and the set-up and the table
    came 53 px lower: a layout shift of 0.049)."""
    page: Page = screen_context(*SCREENS[screen])
    page.goto(base_url + "?game=kabalam&seed=3")
    wait_ready(page)
    page.get_by_label("4 players").check()
    page.wait_for_timeout(600)  # past the 500 ms after the click in which a shift is the click's
    assert_nothing_moved(page, f"KABALAM's set-up at {screen}")
    page.get_by_role("button", name="Start the match").click()
    expect(page.get_by_role("region", name="KABALAM table")).to_be_visible()
    # The table replacing the set-up is the click's answer, drawn when the worker has sent it: at load
    # 9 that came more than the 500 ms after the click that the browser counts as the click's. What
    # must not move is the table once drawn.
    page.evaluate("window.kabalePage.settled()")
    page.evaluate("window.__shifts = []")
    page.wait_for_timeout(600)
    assert_nothing_moved(page, f"KABALAM's table, once drawn, at {screen}")


#: Where "Start the match" of KABALAM's set-up must be pressable without a scroll, and where the whole set-up
#: fits (at 1280x800 the form was 1012 px high: a player scrolled to start; on a phone it is taller than any
#: screen, and the button stays at the foot of the view).
SET_UP_FITS = {"1280x800": True, "1366x768": True, "390x844": False, "768x1024": False}


@pytest.mark.parametrize("screen", ["390x844", "1280x800"])
def test_a_long_dialog_keeps_its_close_button_in_view(screen: str, screen_context: Any, base_url: str) -> None:
    """Double H's rules on a phone are longer than the screen: the dialog scrolls, and its Close stays at its
    foot, to be pressed and to close it, wherever the reader is (it was only at the very end, some
    600 px down, and a tap outside the dialog does nothing)."""
    page: Page = screen_context(*SCREENS[screen])
    page.goto(base_url + "?game=double-h&seed=3")
    wait_ready(page)
    page.get_by_role("button", name="Rules").first.click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible()
    for scrolled in ("0", "d.scrollHeight / 2"):
        dialog.evaluate(f"(d) => {{ d.scrollTop = {scrolled}; }}")
        assert inside_viewport(page, "#dialog-close"), f"Close out of view at {screen}, scrolled {scrolled}"
        hit = page.evaluate("""() => { const b = document.getElementById('dialog-close').getBoundingClientRect();
          return document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2).id; }""")
        assert hit == "dialog-close", f"Close is covered at {screen}: {hit}"
    if screen == "390x844":
        assert dialog.evaluate("(d) => d.scrollHeight > d.clientHeight"), "the rules no longer scroll: a test of nothing"
    page.locator("#dialog-close").click()
    expect(dialog).to_be_hidden()


@pytest.mark.parametrize("screen", list(SET_UP_FITS))
def test_kabalam_s_set_up_can_be_started_without_a_scroll(screen: str, screen_context: Any, base_url: str) -> None:
    page: Page = screen_context(*SCREENS[screen])
    page.goto(base_url + "?game=kabalam&seed=3")
    wait_ready(page)
    for seats in (2, 4):
        page.get_by_label(f"{seats} players").check()
        assert page.evaluate("scrollY") == 0
        assert inside_viewport(page, '[data-action="start"]'), f"Start the match is out of view at {screen}, {seats} players"
        hit = page.evaluate("""() => { const b = document.querySelector('[data-action="start"]').getBoundingClientRect();
          return document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2).dataset.action; }""")
        assert hit == "start", f"Start the match is covered at {screen}: {hit}"
        if SET_UP_FITS[screen]:
            assert page.evaluate("document.documentElement.scrollHeight <= innerHeight"), \
                f"the set-up scrolls at {screen}, {seats} players"
    if not SET_UP_FITS[screen]:
        # scrolled half way, the form goes under the start button's bar: beside the button, over the
        # words behind it, the bar is what a finger meets (a lone floating button half hid a line)
        # (where the form is only a little taller than the screen, half way is near its end, and the
        # bar is at its own place there, not at the foot of the view)
        page.evaluate("scrollTo(0, (document.documentElement.scrollHeight - innerHeight) / 2)")
        beside = page.evaluate("""() => { const bar = document.querySelector('.setup-start').getBoundingClientRect();
          const b = document.querySelector('[data-action="start"]').getBoundingClientRect();
          const hit = document.elementFromPoint((b.right + bar.right) / 2, b.top + b.height / 2);
          const far = document.documentElement.scrollHeight - innerHeight > 200;
          return [hit.className, bar.bottom <= innerHeight + 0.5, !far || bar.bottom >= innerHeight - 0.5]; }""")
        assert beside == ["setup-start", True, True], f"no bar under the start button at {screen}: {beside}"
        page.evaluate("scrollTo(0, 0)")
    page.get_by_role("button", name="Start the match").click()
    expect(page.get_by_role("region", name="KABALAM table")).to_be_visible()
    expect(page.locator(".seat")).to_have_count(4)


#: The cards that a shown bubble of the feedback (a refusal, a hint) lies over: the board's, the stock's, the waste's.
CARDS_UNDER_FEEDBACK = """() => {
  const bubbles = [...document.querySelectorAll('.double-h-table > .feedback > *')]
    .map((el) => el.getBoundingClientRect()).filter((box) => box.width > 0 && box.height > 0);
  const covered = [];
  for (const card of document.querySelectorAll('.double-h-table .card')) {
    const c = card.getBoundingClientRect();
    if (bubbles.some((b) => b.left < c.right - 0.5 && c.left < b.right - 0.5 && b.top < c.bottom - 0.5 && c.top < b.bottom - 0.5)) {
      covered.push(`${card.dataset.card || 'a back'} at (${Math.round(c.left)}, ${Math.round(c.top)})`);
    }
  }
  return {bubbles: bubbles.length, covered};
}"""


#: How the words stand by the place they speak of, by the screen's layout: "beside" (the classic H:
#: in the room between its legs, next to the place, over no card), "callout" (the H's folded upright
#: on a phone, or lying on their sides on a screen 5:4 or wider: a bubble with a
#: pointer at the place, within a card's height of it, over neighbouring cards at most, never over
#: the place itself, the stock or the waste; assets/js/callout.js).
NEAR = {"1280x800": "callout", "768x1024": "beside", "390x844": "callout", "360x740": "callout",
        "844x390 (phone landscape)": "callout", "740x360 (phone landscape)": "callout",
        "1366x625 (a laptop's browser)": "callout"}


def assert_covers_no_card(page: Page, what: str) -> None:
    found = page.evaluate(CARDS_UNDER_FEEDBACK)
    assert found["bubbles"] > 0, f"{what}: no bubble is shown"
    assert not found["covered"], f"{what} lies over cards: {found['covered']}"


def assert_near_its_place(page: Page, screen: str, what: str, places: list[str]) -> dict[str, Any]:
    """The words speak of one of ``places`` and stand by it as the screen's layout allows (NEAR)."""
    near: dict[str, Any] = page.evaluate(WORDS_AND_PLACE)
    assert near is not None and near["at"] in places, f"{what} at {screen} is not tied to {places}: {near}"
    if NEAR[screen] == "beside":
        assert near["gap"] <= 8, f"{what} at {screen} is {near['gap']:.0f} px from its place: {near}"
        assert near["side"] is None, f"{what} at {screen} is a callout, not in the H's room: {near}"
    else:  # a callout: its pointer at the place, within a card's height of it, not over it, the stock or the waste
        assert near["side"] in ("left", "right", "top", "bottom"), f"{what} at {screen} has no pointer: {near}"
        assert 4 <= near["gap"] <= near["cardH"], f"{what} at {screen} is {near['gap']:.0f} px from its place: {near}"
        assert not {near["at"], "draw", "waste"} & set(near["covered"]), f"{what} at {screen} hides its place: {near}"
    return near


@pytest.mark.parametrize("screen", list(NEAR))
def test_a_refusal_and_a_hint_show_in_view_by_their_place(screen: str, screen_context: Any, base_url: str) -> None:
    """Double H at 1280x800, where both fell below the fold (y = 939 and 931 of 800), and on phones, where
    over the foot of the board they hid its last row: in view, over no card, and by the place they
    speak of (issue 13: "next to the cards they concern")."""
    width, height, touch = SCREENS[screen]
    page: Page = screen_context(width, height, touch)
    page.goto(base_url + "?game=double-h&seed=5")
    wait_ready(page)
    # the empty waste, pressed: the refusal is a callout by the waste on every screen
    page.locator(".stock-area .waste").click()
    settle(page)
    expect(page.get_by_role("alert").filter(has_text="That card cannot go anywhere now.")).to_be_visible()
    near = page.evaluate(WORDS_AND_PLACE)
    assert near is not None and near["at"] == "waste" and near["side"] is not None, f"the waste's refusal at {screen}: {near}"
    assert 4 <= near["gap"] <= near["cardH"] and not {"draw", "waste"} & set(near["covered"]), \
        f"the waste's refusal at {screen}: {near}"
    stuck = next(place for place in DoubleH.deal(5).facts().places
                 if place.cards and not any(move.kind is MoveKind.CARD for move in place.moves))
    double_h_place(page, stuck.place).click()
    settle(page)  # the refusal shown now is the place's (the waste's, before it, says the same words)
    refusal = page.get_by_role("alert").filter(has_text="That card cannot go anywhere now.")
    expect(refusal).to_be_visible()
    assert inside_viewport(page, ".double-h-table .refusal"), f"the refusal is out of view at {screen}"
    if NEAR[screen] == "beside":
        assert_covers_no_card(page, f"the refusal at {screen}")
    assert_near_its_place(page, screen, "the refusal", [str(stuck.place)])
    expect(page.locator(".place-button.refused")).to_have_attribute("data-place", str(stuck.place))
    page.keyboard.press("h")
    expect(page.locator(".hint-text")).to_contain_text(re.compile(r"^(Hint: |No move)"), timeout=30_000)
    expect(refusal).to_have_count(0)  # asking what to do makes the refusal old news
    expect(page.locator(".place-button.refused")).to_have_count(0)
    assert inside_viewport(page, ".hint-text"), f"the hint is out of view at {screen}"
    if NEAR[screen] == "beside":
        assert_covers_no_card(page, f"the hint at {screen}")
    assert page.evaluate("document.documentElement.scrollHeight <= innerHeight")
    if NEAR[screen] != "beside":
        # a callout may lie over neighbouring cards (and buttons): a tap on it takes it down, and reaches
        # none of them (beside its place, in the room between an H's legs, it lies over nothing a press could reach)
        box = page.locator(".hint-text").bounding_box()
        assert box is not None
        tap = page.touchscreen.tap if touch else page.mouse.click
        tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        expect(page.locator(".hint-text")).to_have_count(0)
        expect(page.locator(".place-button.hinted")).to_have_count(0)
        expect(page.get_by_role("button", name="Give up")).to_be_enabled()  # the game goes on
        expect(page.locator(".game-end")).to_have_count(0)
    # a hint that names places (deal 7, its stock seen): the places outlined, the words by the first
    page.evaluate(AS_ANOTHER_TAB, ["kabale:double-h", drawn_through(7)])
    page.evaluate(GO, "?game=patience&seed=8")
    expect(page.get_by_role("region", name="Patience Kabalam table")).to_be_visible()
    page.evaluate(GO, "?game=double-h")
    expect(page.locator(".double-h-table .deal-number")).to_have_text("Deal 7")
    page.keyboard.press("h")
    expect(page.locator(".hint-text")).to_contain_text(re.compile(r"^Hint: "), timeout=30_000)
    hinted = page.locator(".place-button.hinted").evaluate_all("els => els.map((el) => el.dataset.place)")
    assert hinted, f"the hint at {screen} marks no place"
    assert inside_viewport(page, ".hint-text"), f"the hint is out of view at {screen}"
    near = assert_near_its_place(page, screen, "the hint", hinted)
    if NEAR[screen] == "beside":
        assert_covers_no_card(page, f"the hint at {screen}")
    else:  # nor over the hint's other place
        assert not set(hinted) & set(near["covered"]), f"the hint at {screen} hides a place it names: {near}"
    assert page.evaluate("document.documentElement.scrollHeight <= innerHeight")


HOST_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>A blog</title></head>
<body style="margin:0"><iframe src="{src}" title="Kabale" width="320" height="720" style="border:0"></iframe></body></html>
"""


def test_the_embed_fits_a_720_px_frame_from_320_to_1000_px_wide(
    screen_context: Any, site_server: Any, tmp_path: Path, base_url: str
) -> None:
    """Issue 11, item 3: the README's 720 px high frame, toolbar included, no scroll inside it."""
    host = tmp_path / "blog"
    host.mkdir()
    (host / "index.html").write_text(HOST_PAGE.format(src=base_url + "?embed=1&amp;game=double-h&amp;seed=5"),
                                     encoding="utf-8")
    blog = site_server(host)
    page: Page = screen_context(1100, 800, False)
    page.goto(blog.url + "index.html")
    frame_element = page.locator("iframe[title=Kabale]")
    expect(page.frame_locator("iframe[title=Kabale]").locator("body")).to_have_attribute(
        "data-ready", "1", timeout=BOOT_TIMEOUT_MS)
    frame = page.frames[1]
    for width in (320, 480, 720, 1000):
        frame_element.evaluate(f"frame => {{ frame.width = '{width}'; }}")
        frame.wait_for_function(f"document.documentElement.clientWidth === {width}")
        open_three_tables(frame, f"an embed {width}x720")
        assert frame.evaluate("document.body.classList.contains('embed')")


def four_seat_match(seed: int, *, to_the_end: bool) -> dict[str, Any]:
    """A 4-seat match played in CPython by random players: its first hand over, or the whole match."""
    import json
    import random

    from kabale.games.kabalam.match import Match
    from kabale.web.storage.saved import SavedMatch, SeatPlan, TablePlan

    match = Match.start(seed, seats=4)
    rng = random.Random(seed)
    while not (match.is_over() if to_the_end else match.hand is not None and match.hand.is_over()):
        if match.hand is not None and match.hand.is_over():
            match.next_hand()
            continue
        moves = match.legal_moves()
        match.apply(moves[rng.randrange(len(moves))])
    plan = TablePlan((SeatPlan("S", "you"), SeatPlan("W", "easy"), SeatPlan("N", "normal"), SeatPlan("E", "hard")))
    record = {"app": "kabale", "schema": 1, "name": "kabalam", "revision": 1,
              "data": SavedMatch(plan, match).to_dict()}
    return json.loads(json.dumps(record))


@pytest.mark.parametrize("screen", ["390x844", "844x390 (phone landscape)", "1366x768"])
def test_the_end_of_a_hand_and_of_a_match_show_over_the_table(screen: str, screen_context: Any, base_url: str) -> None:
    """The score sheet, where you finished and the button to go on, in view without scrolling."""
    import json

    width, height, touch = SCREENS[screen]
    page: Page = screen_context(width, height, touch)
    hand_over, match_over = four_seat_match(7, to_the_end=False), four_seat_match(7, to_the_end=True)
    page.add_init_script(f"if (!sessionStorage.getItem('seeded')) {{ sessionStorage.setItem('seeded', '1');"
                         f" localStorage.setItem('kabale:kabalam', {json.dumps(json.dumps(hand_over))}); }}")
    page.goto(base_url + "?game=kabalam&seed=7")
    wait_ready(page)
    expect(page.get_by_role("region", name="Hand 1 is over")).to_be_visible()
    expect(page.locator(".placing")).to_have_text(re.compile(r"^You finished (1st|2nd|3rd|4th) of 4\.$"))
    assert_fits(page, f"the end of a hand at {screen}")
    assert inside_viewport(page, ".hand-end .scores") and inside_viewport(page, ".placing")
    page.evaluate(AS_ANOTHER_TAB, ["kabale:kabalam", json.dumps(match_over)])
    page.evaluate(GO, "?game=kabalam&seed=7")
    expect(page.get_by_role("heading", name="The match is over")).to_be_visible()
    assert_fits(page, f"the end of a match at {screen}")
    assert inside_viewport(page, ".match-end .great-kabalist") and inside_viewport(page, ".placing")
