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


#: The page's layout shifts not caused by a person's input (the Layout Instability API), from its first paint.
SHIFTS = """window.__shifts = [];
new PerformanceObserver((list) => list.getEntries().forEach((e) => {
  if (!e.hadRecentInput) window.__shifts.push([e.value, e.sources.map((s) => s.node ? s.node.nodeName + '.' + (s.node.className || '') : '?')]);
})).observe({type: 'layout-shift', buffered: true});"""


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
