"""Round 10's playthrough: nothing the player needs lies under something else. "Back to the review"
under your seat's pill on a phone (a tap went to the pill: the player was stuck); a hint or a
refusal bubble over the compounded sum it speaks of, over the status, a seat or a button."""

from __future__ import annotations

import json
from typing import Any, Callable

import pytest
from playwright.sync_api import Page, expect

from helpers import INSTANT, inside
from kabale.games.kabala.rules import Move
from kabale.games.kabalam.match import Match
from kabale.web.storage.saved import SavedMatch, SeatPlan, TablePlan

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}

#: Deal 7 for two seats as the playthrough's player played hand 1 (South, the person, began). The
#: playthrough jumped to move 2 (10 cards in two rows); the review now charges only costs beyond its
#: sampling noise, and its one costliest decision is move 12, where the jump's words (with their legend)
#: still pushed the button 6 px under the pill.
DEAL_7 = ["bare 2D on 1", "double AH+5H on 3", "bare 7C 7D on 1", "double AS+4C on 1", "yield", "bare 1 on 3",
          "double 2+3 on 2", "double 4+5 on 1", "bare 3 on 2", "bare 4 on 2", "yield", "bare 5H on 2", "yield",
          "bare 6 on 2", "yield", "double 3D+4D on 2", "double 4H+4S on 2", "bare 5S on 1"]

#: Where a press at the middle of each element lands: the element itself (or inside it), or what lies over it.
LANDS_ON = """(selector) => [...document.querySelectorAll(selector)].filter((el) => el.getClientRects().length)
  .map((el) => { const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return [el.textContent.trim().slice(0, 30), el.contains(hit) ? null : (hit && (hit.className || hit.tagName))]; })"""


def deal_7_played() -> Match:
    match = Match.start(7, seats=2)
    hand = match.hand
    assert hand is not None
    for text in DEAL_7:
        match.apply(Move.from_text(text), hand.turn or "")
    assert hand.is_over() and not match.is_over()
    return match


def pressable(page: Page, selector: str) -> None:
    """Every shown element of ``selector`` gets a press at its middle: nothing lies over it."""
    covered = [(name, over) for name, over in page.evaluate(LANDS_ON, selector) if over is not None]
    assert not covered, f"covered: {covered}"


@pytest.mark.browser_context_args(**PHONE)
def test_back_to_the_review_is_not_under_the_seat_pill_on_a_phone(page: Page, open_kabale: Callable[..., Page]) -> None:
    """Deal 7, two seats, at 390x844: the jump to move 2 (10 cards in hand) drew "Back to the review"
    under the "You: 10 cards, 0 points" pill, and a tap went to the pill; the jump to move 12 as well."""
    plan = TablePlan((SeatPlan("S", "you"), SeatPlan("W", "normal")))
    envelope = {"app": "kabale", "schema": 1, "name": "kabalam", "revision": 1,
                "data": SavedMatch(plan, deal_7_played()).to_dict()}
    page.add_init_script(INSTANT + f"""
if (!localStorage.getItem("kabale:kabalam")) {{
  localStorage.setItem("kabale:kabalam", {json.dumps(json.dumps(envelope))});
}}
""")
    open_kabale("?game=kabalam&seed=7")
    expect(page.get_by_role("region", name="Hand 1 is over")).to_be_visible()
    page.get_by_role("button", name="Review").tap()
    jump = page.locator(".review-jumps button").first
    expect(jump).to_have_text("1st costliest: move 12", timeout=120_000)
    jump.tap()
    back = page.get_by_role("button", name="Back to the review")
    expect(back).to_be_focused()
    page.screenshot(path="/tmp/kabalam-jump-deal7-390x844.png")
    inside(page, ".review-at")
    pressable(page, ".mine button, .seat-me, .table > .log .log-toggle")
    pill = page.locator(".seat-me").bounding_box()
    box = back.bounding_box()
    assert pill is not None and box is not None
    assert box["y"] + box["height"] <= pill["y"] or pill["y"] + pill["height"] <= box["y"], (box, pill)
    # a tap as a finger makes it, at the button's middle (no scrolling into view first)
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(page.get_by_role("region", name="Hand 1 is over")).to_be_visible()
    expect(page.locator(".review-list")).to_be_visible()


#: What a bubble (a hint, a refusal) must never lie over: what the player reads or presses to check it.
NEEDED = ("#view .kabala-sum, #view .turn-status, #view .seat, #view .prompt, #view .draw-pile, #view .feedback .refusal,"
          " #view button, #view select, #view a, #toolbar button, #toolbar select")

#: The needed elements (``NEEDED`` less ``spared``) that a shown element of ``selector`` lies over.
COVERED = """([selector, needed, spared]) => {
  const shown = (el) => { const b = el.getBoundingClientRect(); return b.width > 0 && b.height > 0 && el.textContent.trim() !== ''
    && getComputedStyle(el).visibility !== 'hidden' ? b : null; };
  const covered = [];
  let bubbles = 0;
  for (const bubble of document.querySelectorAll(selector)) {
    const b = shown(bubble);
    if (!b) continue;
    bubbles += 1;
    for (const el of document.querySelectorAll(needed)) {
      if (bubble.contains(el) || el.contains(bubble) || (spared && el.matches(spared))) continue;
      const c = shown(el);
      if (c && b.left < c.right - 0.5 && c.left < b.right - 0.5 && b.top < c.bottom - 0.5 && c.top < b.bottom - 0.5) {
        covered.push(`${bubble.className} over ${el.className || el.tagName} "${el.textContent.trim().slice(0, 24)}"`);
      }
    }
  }
  return {bubbles, covered};
}"""

SCREENS = [
    pytest.param("1280x800", marks=pytest.mark.browser_context_args(
        viewport={"width": 1280, "height": 800}, reduced_motion="reduce")),
    pytest.param("390x844 touch", marks=pytest.mark.browser_context_args(**PHONE, reduced_motion="reduce")),
]


#: And what a refusal must not lie over either: the names and headings it was set over (a playthrough).
NAMES = "#view .packet-label, #view .mine h3, #view .table-bar h2"


def hides_nothing(page: Page, selector: str, what: str, spared: str = "", needed: str = NEEDED) -> None:
    """The bubbles of ``selector`` are shown, in view, and over nothing the player needs."""
    found = page.evaluate(COVERED, [selector, needed, spared])
    assert found["bubbles"] > 0, f"{what}: no bubble is shown"
    assert not found["covered"], f"{what} hides {found['covered']}"
    for index in range(found["bubbles"]):
        box = page.locator(selector).nth(index).bounding_box()
        size = page.viewport_size
        assert box is not None and size is not None
        assert box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= size["width"] \
            and box["y"] + box["height"] <= size["height"], f"{what} is out of view: {box}"


def press(page: Page, target: Any) -> None:
    target.tap() if page.evaluate("navigator.maxTouchPoints > 0") else target.click()


#: How far a hint's words may lie from the packet they name: feedback by the cards it concerns.
NEAR_PX = 4 * 16

#: How far the KABALAM hint's words lie from their packet (None for a yield, which names none), and
#: whether they are brief (the move shown; the margin read out, not shown).
HINT_PLACE = """() => { const bubble = document.querySelector('.coach-hint');
  const packet = document.querySelector(`.kabala .packet-button[data-packet="${bubble.dataset.packet}"]`);
  if (!packet) return [null, false];
  const a = bubble.getBoundingClientRect(), b = packet.getBoundingClientRect();
  const dx = Math.max(0, a.left - b.right, b.left - a.right), dy = Math.max(0, a.top - b.bottom, b.top - a.bottom);
  const margin = bubble.querySelector('.coach-margin');
  return [Math.hypot(dx, dy), !!margin && margin.getBoundingClientRect().height <= 1]; }"""


@pytest.mark.parametrize("screen", [*SCREENS, pytest.param("360x740 touch", marks=pytest.mark.browser_context_args(
    viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True, reduced_motion="reduce"))])
def test_kabalam_s_hint_hides_nothing_the_player_needs(page: Page, open_kabale: Callable[..., Page], screen: str) -> None:
    """The playthrough's: over the sum and West's seat on a phone; over West's seat, the status and the
    Hint button at 1280x800 (after a few plays: at the start of deal 7 it lies over West's seat). And by
    its packet: on a 390x844 phone the words went 250 px away, under the hand, where they were free; at
    360x740 no spot was free, and they lay over the packets and the hand. There the move alone is shown,
    by its packet, and its margin ("About 3 points better…") is read out only."""
    page.add_init_script(INSTANT)
    open_kabale("?game=kabalam&seed=7")
    page.get_by_label("Who sits West?").select_option(label="The computer, normal")
    press(page, page.get_by_role("button", name="Start the match"))
    expect(page.locator(".seat-me.turn")).to_have_count(1, timeout=30_000)
    press(page, page.get_by_role("button", name="Hint"))
    expect(page.locator(".coach-hint")).to_be_visible(timeout=30_000)
    hides_nothing(page, ".coach-hint", f"KABALAM's hint at {screen}")
    page.screenshot(path=f"/tmp/nothing-hidden-kabalam-{screen.split()[0]}.png")
    away, brief = page.evaluate(HINT_PLACE)
    if away is not None:  # (a yield names no packet)
        assert away <= NEAR_PX, f"KABALAM's hint lies {away:.0f} px from its packet at {screen}"
    assert brief == screen.startswith(("390", "360")), f"brief: {brief} at {screen}"
    expect(page.locator(".coach-hint")).to_contain_text("deals imagined")  # read out, brief or not


@pytest.mark.parametrize("screen", SCREENS)
def test_kabalam_s_refusal_hides_no_packet_s_name_nor_the_hand_s_heading(
        page: Page, open_kabale: Callable[..., Page], screen: str) -> None:
    """A playthrough: "The Kabala sums to 2; …" lay on the felt's lower edge, over "Packet 1" to
    "Packet 3" and "Your endowment" (a phone, and 1280x800). It stands by the Kabala where it hides none
    of them (on a phone, under the hand, by the prompt that says what was picked up)."""
    page.add_init_script(INSTANT)
    open_kabale("?game=kabalam&seed=7")
    page.get_by_label("Who sits West?").select_option(label="The computer, normal")
    press(page, page.get_by_role("button", name="Start the match"))
    expect(page.locator(".seat-me.turn")).to_have_count(1, timeout=30_000)
    press(page, page.locator(".mine button[data-card]").first)  # the ace of hearts, on a Kabala of 2
    press(page, page.locator('.kabala .packet-button[data-packet="1"]'))
    expect(page.get_by_role("alert")).to_contain_text("The Kabala sums to 2")
    hides_nothing(page, ".kabala-table > .feedback .refusal", f"KABALAM's refusal at {screen}",
                  needed=f"{NEEDED}, {NAMES}")
    page.screenshot(path=f"/tmp/nothing-hidden-kabalam-refusal-{screen.split()[0]}.png")


@pytest.mark.parametrize("screen", SCREENS)
def test_the_patience_s_hint_and_refusal_hide_nothing_the_player_needs(
        page: Page, open_kabale: Callable[..., Page], screen: str) -> None:
    """Deal 11: a 4 refused on packet 1, then the hint (on a phone, it lay over the sum; at 1280x800 over
    the refusal): the refusal says what the sum is, and neither bubble hides it."""
    page.add_init_script(INSTANT)
    open_kabale("?game=patience&seed=11")
    press(page, page.locator(".mine button[data-card]").nth(6))  # the 4 of spades, on packet 1 (a 9)
    press(page, page.locator('.kabala .packet-button[data-packet="1"]'))
    expect(page.get_by_role("alert")).to_contain_text("The Kabala sums to 6")
    press(page, page.get_by_role("button", name="Hint"))
    expect(page.locator(".patience-hint")).to_be_visible(timeout=30_000)
    expect(page.get_by_role("alert")).to_contain_text("The Kabala sums to 6")
    hides_nothing(page, ".patience-hint", f"the patience's hint with a refusal at {screen}")
    hides_nothing(page, ".kabala-table > .feedback .refusal", f"the patience's refusal at {screen}",
                  needed=f"{NEEDED}, {NAMES}")
    page.screenshot(path=f"/tmp/nothing-hidden-patience-{screen.split()[0]}.png")


@pytest.mark.parametrize("screen", SCREENS)
def test_double_h_s_hint_hides_no_control(page: Page, open_kabale: Callable[..., Page], screen: str) -> None:
    """Deal 5: the hint by the stock lay over "New deal" on a phone (a callout may lie over cards: a tap
    takes it down; over no control, no status)."""
    page.add_init_script(INSTANT)
    open_kabale("?game=double-h&seed=5")
    press(page, page.get_by_role("button", name="Hint"))
    expect(page.locator(".hint-text")).to_be_visible(timeout=30_000)
    hides_nothing(page, ".double-h-table > .feedback > :not(:empty)", f"Double H's hint at {screen}",
                  spared=".double-h-board button, .stock-area button")
    page.screenshot(path=f"/tmp/nothing-hidden-double-h-{screen.split()[0]}.png")


@pytest.mark.browser_context_args(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True,
                                  reduced_motion="reduce")
def test_your_seat_s_pill_lies_over_nothing_on_a_small_phone(page: Page, open_kabale: Callable[..., Page]) -> None:
    """At 360x740 your cards (two rows) pushed the prompt 19 px under the "You: 11 cards" pill."""
    page.add_init_script(INSTANT)
    open_kabale("?game=kabalam&seed=7")
    page.get_by_label("Who sits West?").select_option(label="The computer, normal")
    press(page, page.get_by_role("button", name="Start the match"))
    expect(page.locator(".seat-me.turn")).to_have_count(1, timeout=30_000)
    expect(page.locator(".mine .prompt")).to_have_text("Pick up cards, then choose a packet.")
    hides_nothing(page, ".seat-me", "your seat's pill at 360x740", spared=".seat-me *")
    pressable(page, ".mine button")


@pytest.mark.browser_context_args(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
def test_a_seat_s_fan_of_twelve_backs_stays_in_its_box(page: Page, open_kabale: Callable[..., Page]) -> None:
    """A playthrough: Bo's twelve backs spilled out of her seat's box at the table's side (three seats,
    1280x800; the fan shows up to twelve, the count is said in words). Nine and more lie closer, in the
    room of eight."""
    page.add_init_script(INSTANT)
    open_kabale("?game=kabalam&seed=7")
    page.get_by_label("3 players").check()
    page.get_by_label("Who sits West?").select_option(label="The computer, normal")
    press(page, page.get_by_role("button", name="Start the match"))
    fan = page.locator(".seat[data-seat=W] .seat-fan")
    expect(fan).to_be_visible(timeout=30_000)
    boxes = page.evaluate("""() => {
      const fan = document.querySelector('.seat[data-seat=W] .seat-fan');
      while (fan.children.length < 12) fan.appendChild(fan.children[0].cloneNode());
      const seat = fan.closest('.seat').getBoundingClientRect(), last = fan.lastElementChild.getBoundingClientRect();
      const first = fan.firstElementChild.getBoundingClientRect();
      return [seat.left, seat.right, first.left, last.right]; }""")
    seat_left, seat_right, first_left, last_right = boxes
    assert seat_left <= first_left and last_right <= seat_right, boxes
