"""Issue 28 (a new player's playthrough), items 2, 3, 5 and 12: every control in view and pressable.

* item 2: in a blog's frame on a phone (350x720, the blog on another site, so the page says it keeps no
  games there), with two rows of cards, Hint, Undo and Redo lay under the statistics and "What happened";
* item 3: Double H in Italian at 1280x800 ran 13 px past the right edge: every table, in every language,
  at every screen of test_fit.py, with no sideways scroll;
* item 5: at 1280x800 with four players, a hand of two rows went under the foot of the screen;
* item 12: with a match in progress, the set-up's sticky "Start the match" lay over "Free yield".

One page boots for the screens of a pointer (mouse, touch) and is resized to each: the language is
switched with the toolbar's select and the tables are opened as Back and Forward do (test_fit.GO),
without a new page.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Frame, Page, expect

from conftest import wait_ready  # type: ignore[import-not-found]
from helpers import blog_page
from test_fit import BOOT_TIMEOUT_MS, GO, SCREENS, screen_context  # noqa: F401  (a fixture)
from kabale.games.kabalam.match import Match
from kabale.web.storage.saved import SavedMatch, SeatPlan, TablePlan

LANGUAGES = {"en": "English", "da": "Dansk", "it": "Italiano"}

#: The page's sideways overflow, and each control whose box runs past the left or right edge.
SIDEWAYS = """() => {
  const width = document.documentElement.clientWidth, past = [];
  for (const el of document.querySelectorAll(
      '#view button, #view select, #view input, #view a, #view label, #toolbar button, #toolbar select, #toolbar a')) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;  // not shown
    if (box.left < -0.5 || box.right > width + 0.5) {
      const name = el.getAttribute('aria-label') || el.textContent.trim() || el.className;
      past.push(`${name.slice(0, 30)} at ${Math.round(box.left)}-${Math.round(box.right)} of ${width}`);
    }
  }
  return {scroll: document.scrollingElement.scrollWidth - innerWidth, past};
}"""


def sideways(where: Page | Frame, what: str) -> list[str]:
    """What scrolls sideways or lies past an edge (each case is checked, then all are reported)."""
    found = where.evaluate(SIDEWAYS)
    return [] if found["scroll"] <= 0 and not found["past"] else [f"{what}: {found}"]


def speak(page: Page, language: str) -> None:
    page.locator("#language").select_option(language)
    expect(page.locator("html")).to_have_attribute("lang", language)


#: test_fit.py's screens by their pointer: those of one pointer are sizes of one page.
POINTERS = {"mouse": [name for name, (_, _, touch) in SCREENS.items() if not touch],
            "touch": [name for name, (_, _, touch) in SCREENS.items() if touch]}


@pytest.mark.parametrize("pointer", list(POINTERS))
def test_no_table_scrolls_sideways_in_any_language(pointer: str, screen_context: Any, base_url: str) -> None:
    """Item 3: the three tables and KABALAM's set-up, in English, Danish and Italian, at each screen.
    Each table is drawn once for all the screens of a pointer, the page resized to each (the layout
    is the style sheet's, and the callouts follow a resize): 24 tables drawn, not 120 in 11 boots."""
    screens = POINTERS[pointer]
    page: Page = screen_context(*SCREENS[screens[0]])
    page.goto(base_url + "?game=double-h&seed=5")
    wait_ready(page)
    wrong: list[str] = []

    def at_each_screen(what: str) -> None:
        for screen in screens:
            width, height, _ = SCREENS[screen]
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
            wrong.extend(sideways(page, f"{what} at {screen}"))
        width, height, _ = SCREENS[screens[0]]
        page.set_viewport_size({"width": width, "height": height})

    for language in LANGUAGES:
        speak(page, language)
        page.evaluate(GO, "?game=double-h&seed=5")
        expect(page.locator(".double-h-table")).to_be_visible()
        at_each_screen(f"Double H in {language}")
        page.evaluate(GO, "?game=patience&seed=8")
        expect(page.locator(".patience-table")).to_be_visible()
        at_each_screen(f"Patience Kabalam in {language}")
        page.evaluate(GO, "?game=kabalam&seed=3")
        page.locator('[data-field="count"][value="4"]').check()
        expect(page.locator(".seat-row")).to_have_count(4)
        at_each_screen(f"KABALAM's set-up, 4 players, in {language}")
    page.locator('[data-action="start"]').click()
    expect(page.locator(".kabalam-table .seat")).to_have_count(4)
    for language in LANGUAGES:
        speak(page, language)
        expect(page.locator(".kabalam-table .seat")).to_have_count(4)
        at_each_screen(f"KABALAM, 4 seats, in {language}")
    assert not wrong, "\n".join(wrong)


def match_at_your_turn(seed: int, hand: int) -> dict[str, Any]:
    """A 4-seat match saved at your first turn of a hand (you South, three computers): the hands before,
    and the others' turns of this one, played in CPython by random players (seeded, so always the same)."""
    match = Match.start(seed, seats=4)
    rng = random.Random(1)
    while not (match.hand_number == hand and match.hand is not None and match.turn == "S"):
        if match.hand is not None and match.hand.is_over():
            match.next_hand()
            continue
        moves = match.legal_moves()
        match.apply(moves[rng.randrange(len(moves))])
    assert len(match.in_match) == 4
    plan = TablePlan((SeatPlan("S", "you"), SeatPlan("W", "easy"), SeatPlan("N", "normal"), SeatPlan("E", "hard")))
    record = {"app": "kabale", "schema": 1, "name": "kabalam", "revision": 1,
              "data": SavedMatch(plan, match).to_dict()}
    stored: dict[str, Any] = json.loads(json.dumps(record))  # (as the page stores it: JSON through and through)
    return stored


def saved_before_the_page_starts(page: Page, record: dict[str, Any]) -> None:
    """The match is in storage before the page's scripts run (once: a reload keeps what the page saved)."""
    page.add_init_script(f"if (!sessionStorage.getItem('seeded')) {{ sessionStorage.setItem('seeded', '1');"
                         f" localStorage.setItem('kabale:kabalam', {json.dumps(json.dumps(record))}); }}")


#: Each of the elements is wholly inside the viewport, and a press at a point of its own reaches it, not what
#: covers it: the first quarter of a card (the next card of its value leaves it bare); an element's centre,
#: and half way from it to its top and to its foot (a line drawn over half a button takes a press there).
NOT_REACHED = """(selector) => {
  const d = document.documentElement, wrong = [];
  for (const el of document.querySelectorAll(selector)) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;  // not shown
    const at = el.getClientRects()[0];  // (a link's words may run over two lines: its first)
    const points = el.matches('.card') ? [[0.25, 0.5]] : [[0.5, 0.5], [0.5, 0.25], [0.5, 0.75]];
    const missed = points.map(([fx, fy]) => document.elementFromPoint(at.left + at.width * fx, at.top + at.height * fy))
      .filter((hit) => !hit || !el.contains(hit));
    const inside = box.top >= -0.5 && box.left >= -0.5 && box.bottom <= d.clientHeight + 0.5
      && box.right <= d.clientWidth + 0.5;
    if (!inside || missed.length) {
      const name = el.getAttribute('aria-label') || el.textContent.trim();
      wrong.push(`${name.slice(0, 30)} at (${Math.round(box.left)}, ${Math.round(box.top)})-(${Math.round(box.right)},`
        + ` ${Math.round(box.bottom)}) of ${d.clientWidth}x${d.clientHeight}: `
        + missed.map((hit) => hit ? hit.className || hit.tagName : 'nothing').join(', '));
    }
  }
  return wrong;
}"""


def test_a_hand_of_two_rows_stays_on_the_screen_with_four_seats(screen_context: Any, base_url: str) -> None:
    """Item 5: deal 709751725, hand 2, four seats, at 1280x800: your 11 cards took two rows, the second
    went under the foot of the screen and the prompt under it too (the felt, narrowed by the side seats,
    stacked its sum over its packets). Every card and the prompt in view and reached, in each language."""
    page: Page = screen_context(*SCREENS["1280x800"])
    saved_before_the_page_starts(page, match_at_your_turn(709751725, hand=2))
    page.goto(base_url + "?game=kabalam&seed=709751725")
    wait_ready(page)
    for language in LANGUAGES:
        speak(page, language)
        expect(page.locator(".kabalam-table .seat")).to_have_count(4)
        expect(page.locator(".mine .prompt")).to_be_visible()
        expect(page.locator(".mine button.card")).to_have_count(11)
        assert page.evaluate(NOT_REACHED, ".mine button.card, .mine .prompt") == [], language
        assert page.evaluate("document.scrollingElement.scrollHeight <= innerHeight"), language


#: The set-up's fields and buttons: each is brought into view from the top of the page as the browser does
#: for Tab (scrollIntoView, "nearest"), then pressed at its centre; an option's words are pressed too (its
#: label's first line).
SET_UP_NOT_REACHED = """() => {
  const wrong = [];
  for (const el of document.querySelectorAll('.setup input, .setup select, .setup button')) {
    scrollTo(0, 0);  // from the first view
    el.scrollIntoView({block: 'nearest'});
    const box = el.getBoundingClientRect();
    const points = [[box.left + box.width / 2, box.top + box.height / 2]];
    const label = el.closest('label');
    if (label) {
      const range = document.createRange();
      range.selectNodeContents(label);
      const line = [...range.getClientRects()].find((r) => r.width > 20);
      if (line) points.push([line.left + Math.min(line.width / 2, 60), line.top + line.height / 2]);
    }
    for (const [x, y] of points) {
      const hit = document.elementFromPoint(x, y);
      if (!hit || !(el.contains(hit) || (label && label.contains(hit)))) {
        const name = el.dataset.field || el.id || el.textContent.trim();
        wrong.push(`${name} at (${Math.round(x)}, ${Math.round(y)}), scrolled ${Math.round(scrollY)}: `
          + `${hit ? hit.className || hit.tagName : 'nothing'}`);
      }
    }
  }
  return wrong;
}"""


def test_with_a_match_in_progress_every_field_of_the_set_up_can_be_pressed(screen_context: Any, base_url: str) -> None:
    """Item 12: at 1280x800, the box of the match in progress over the set-up, the sticky "Start the
    match" lay over "Free yield" (the form is 1002 px high)."""
    page: Page = screen_context(*SCREENS["1280x800"])
    saved_before_the_page_starts(page, match_at_your_turn(709751725, hand=2))
    page.goto(base_url + "?game=kabalam&seed=3")
    wait_ready(page)
    expect(page.locator('[data-action="continue"]')).to_be_visible()
    page.locator('[data-field="count"][value="4"]').check()
    expect(page.locator(".seat-row")).to_have_count(4)
    assert page.evaluate(SET_UP_NOT_REACHED) == []
    # and a press, as a person's, turns "Free yield" on
    free_yield = page.locator('[data-field="free_yield"]')
    free_yield.evaluate("el => { scrollTo(0, 0); el.scrollIntoView({block: 'nearest'}); }")
    box = free_yield.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(free_yield).to_be_checked()


#: A blog on a phone: the page laid out at the phone's width (its viewport meta), the game framed in it.
PHONE_BLOG = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,"><title>A blog on a phone</title></head>
<body style="margin:20px"><iframe src="{src}" title="Kabale" width="350" height="720" style="border:0"></iframe></body></html>
"""


def test_in_a_blog_s_frame_on_a_phone_every_control_can_be_pressed(
    browser: Browser, screen_context: Any, site_server: Any, network_guard: Any, console_log: Any, tmp_path: Path,
    base_url: str,
) -> None:
    """Item 2: a blog on another site frames Patience Kabalam, 350x720, on a 390x844 phone. The frame says
    it keeps no games (another site's frame gets no storage here); with two rows of cards, Hint, Undo and
    Redo lay under the statistics and "What happened", and the frame does not scroll."""
    url = blog_page(tmp_path, site_server, network_guard, PHONE_BLOG, f"{base_url}?embed=1&game=patience&seed=42")
    # (a context of its own: INSTANT's settings, written before the page starts, would throw in this frame)
    width, height, touch = SCREENS["390x844"]
    context = browser.new_context(bypass_csp=True, viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch,
                                  reduced_motion="reduce")
    network_guard.watch(context)
    page = context.new_page()
    page.on("console", console_log.record)
    page.on("pageerror", lambda error: console_log.errors.append(f"uncaught: {error}"))
    page.set_default_timeout(30_000)
    page.goto(url)
    expect(page.frame_locator("iframe[title=Kabale]").locator("body")).to_have_attribute(
        "data-ready", "1", timeout=BOOT_TIMEOUT_MS)
    frame = next(frame for frame in page.frames if frame.url.startswith(base_url))
    assert frame.evaluate("[innerWidth, innerHeight]") == [350, 720]
    expect(frame.locator(".keep-note")).to_be_visible()
    cards = frame.locator(".mine button.card")
    expect(cards).to_have_count(12)
    rows = cards.evaluate_all("els => new Set(els.map((el) => Math.round(el.getBoundingClientRect().top))).size")
    assert rows >= 2, "the case of the issue: a hand of two rows (choose a deal that takes two)"
    assert frame.evaluate(NOT_REACHED, "#view button, #view select, #view a, #toolbar button, #toolbar select, "
                          "#toolbar a, .keep-note a") == []
    assert frame.evaluate("document.scrollingElement.scrollHeight <= innerHeight")
    hint = frame.get_by_role("button", name="Hint", exact=True)
    hint.tap()
    expect(frame.locator(".patience-hint")).to_be_visible(timeout=30_000)
    context.close()
