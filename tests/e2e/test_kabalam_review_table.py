"""Issue 16, item 2: after a KABALAM hand, Review shows each of the person's decisions beside the
hard computer's honest choice with its cost in points (the same as the engine's review of the
same record), the three costliest marked with a jump to each; a jump shows the hand as it stood
before that decision, read only, with both moves marked; Back returns to the list.

What the list and a jump say is tested on the view in CPython (tests/unit/test_review_app.py); here
what needs a browser: the worker's Pyodide reviews as CPython does, the fit, the focus, the rings,
taps and keys, axe."""

from __future__ import annotations

import json
import time
from typing import Any, Callable

import pytest
from playwright.sync_api import Page, expect

from helpers import INSTANT, STILL, both_rings, inside, marked_costliest
from kabalam_review import played  # a match played by seeded bots (bench/kabalam_review.py)
from kabale.bots.review import TABLE_DEALS, TABLE_WORLDS, review_kabalam
from kabale.games.kabalam.match import Match
from kabale.web.coach.coach_text import points_text
from kabale.web.storage.saved import SavedMatch, SeatPlan, TablePlan

pytestmark = STILL

#: Match 6, three seats: South (the person) plays hand 1 at random, the two computers as normal
#: does: 39 moves, 10 decisions of South's, six with a cost; the match goes on.
SEED, SEATS = 6, 3
PLAN = TablePlan((SeatPlan("S", "you"), SeatPlan("W", "normal"), SeatPlan("N", "normal")))

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def played_hand() -> Match:
    """Hand 1 of match 6, played to its end; the match goes on."""
    match = played(SEED, SEATS, 1)
    assert not match.is_over()
    return match


def cost_shown(decision: dict[str, Any]) -> str:
    """The list's cost as the English page writes it: within the sampling noise, not charged ("as
    good": the unit line says why)."""
    cost = decision["cost"]
    if cost > 0 and not decision["charged"]:
        return "as good"
    return "no cost" if cost <= 0 else f"−{points_text(cost, '.')} points"


def no_page_scroll(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollHeight <= innerHeight"), "the page scrolls"
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), "the page scrolls sideways"


@pytest.fixture
def saved_table(page: Page, open_kabale: Callable[..., Page]) -> Callable[[Match, TablePlan], Page]:
    """The page opened on a saved table (the store's envelope, as the page writes it)."""

    def open_it(match: Match, plan: TablePlan) -> Page:
        envelope = {"app": "kabale", "schema": 1, "name": "kabalam", "revision": 1,
                    "data": SavedMatch(plan, match).to_dict()}
        page.add_init_script(INSTANT + f"""
if (!localStorage.getItem("kabale:kabalam")) {{
  localStorage.setItem("kabale:kabalam", {json.dumps(json.dumps(envelope))});
}}
""")
        return open_kabale(f"?game=kabalam&seed={match.seed}")

    return open_it


@pytest.fixture
def finished_page(saved_table: Callable[[Match, TablePlan], Page]) -> Callable[[], tuple[Page, Match]]:
    """The page opened on the table whose first hand is over."""

    def open_it() -> tuple[Page, Match]:
        match = played_hand()
        opened = saved_table(match, PLAN)
        expect(opened.get_by_role("region", name="Hand 1 is over")).to_be_visible()
        return opened, match

    return open_it


@pytest.mark.browser_context_args(**PHONE)
def test_the_review_fits_a_phone_and_a_wide_screen_and_the_focus_follows(
        finished_page: Callable[[], tuple[Page, Match]]) -> None:
    """Hand 1 of match 6 on a phone (390x844, touch), then at 1280x800 (the style sheet lays the
    review out by the width alone). What the list and a jump say is tests/unit/test_review_app.py's;
    here what needs a page: the worker's Pyodide reviews as CPython does, the list, the jump and the
    hand's end fit with no scroll, the unit is shortened on the phone and whole on the wide screen,
    the focus follows the taps and the keys, a card or packet in both moves wears both rings."""
    page, match = finished_page()
    assert page.evaluate("navigator.maxTouchPoints > 0")
    # the CPython review of the same record: the table's people, its hand, its budget, seed 0
    expected = review_kabalam(match, PLAN.persons, TABLE_WORLDS, 0, hands=(1,), deals=TABLE_DEALS)
    decisions = expected["decisions"]
    started = time.perf_counter()
    page.get_by_role("button", name="Review").tap()
    expect(page.locator(".review-button[aria-busy='true']")).to_contain_text("Reviewing…")  # painted while it thinks
    rows = page.locator(".review-list .review-decision")
    expect(rows).to_have_count(len(decisions), timeout=60_000)
    took = time.perf_counter() - started
    expect(page.locator(".review-list")).to_be_focused()  # the pressed button is gone: the list has the focus
    print(f"\n390x844 touch: Review pressed to the list shown: {took:.2f} s "
          f"({len(decisions)} decisions, {expected['worlds_per_decision']} deals each)")
    # Pyodide's review is CPython's: the same decisions, the same costs
    assert rows.evaluate_all("els => els.map(e => Number(e.dataset.move))") == [d["move_number"] for d in decisions]
    worlds = expected["worlds_per_decision"]
    assert page.locator(".review-list .review-cost").all_text_contents() == [cost_shown(d) for d in decisions]
    # what a cost is, on a phone too (shortened there)
    unit = page.locator(".review-unit")
    expect(unit).to_be_visible()
    expect(unit).to_have_text(f"Cost: points lost against hard over {worlds} deals; “as good”: no clear loss.",
                              use_inner_text=True)
    inside(page, ".review-unit")
    jumps = marked_costliest(page, expected["costliest"])
    inside(page, ".hand-end")
    inside(page, ".hand-end .end-actions")
    no_page_scroll(page)
    page.screenshot(path="/tmp/kabalam-review-list-390x844.png")
    # the jump to the second costliest: the focus on the way back, both rings, in view
    marked = expected["costliest"][1]["move_number"]
    jumps.nth(1).tap()
    expect(page.locator(".hand-end")).to_have_count(0)
    expect(page.get_by_role("button", name="Back to the review")).to_be_focused()
    both_rings(page)
    inside(page, ".review-at")
    no_page_scroll(page)
    page.screenshot(path="/tmp/kabalam-review-jump-390x844.png")
    page.get_by_role("button", name="Back to the review").tap()
    expect(rows).to_have_count(len(decisions))
    expect(page.get_by_role("region", name="Hand 1 is over")).to_be_visible()
    expect(jumps.nth(1)).to_be_focused()  # back where the jump was taken
    inside(page, ".hand-end")
    no_page_scroll(page)
    # a wide screen: the unit in full, all in view; by the keyboard: Enter on the jump, Escape back
    page.set_viewport_size({"width": 1280, "height": 800})
    expect(unit).to_have_text("Cost: the points lost against the hard computer's choice, on average over "
                              f"{worlds} possible deals of the unseen cards; a cost within what those deals can "
                              "tell is not counted (“as good”).", use_inner_text=True)
    inside(page, ".review-unit")
    inside(page, ".hand-end")
    inside(page, ".hand-end .end-actions")
    no_page_scroll(page)
    page.screenshot(path="/tmp/kabalam-review-list-1280x800.png")
    expect(jumps.nth(1)).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator(".review-at")).to_contain_text(f"Move {marked} of the hand")
    both_rings(page)
    inside(page, ".review-at")
    no_page_scroll(page)
    page.screenshot(path="/tmp/kabalam-review-jump-1280x800.png")
    page.keyboard.press("Escape")
    expect(jumps.nth(1)).to_be_focused()
    inside(page, ".hand-end")
    no_page_scroll(page)


@pytest.mark.browser_context_args(viewport={"width": 1280, "height": 800})
def test_the_end_of_a_match_reviews_its_last_hand(saved_table: Callable[[Match, TablePlan], Page],
                                                 axe_violations: Any) -> None:
    """Match 1 for two seats ends in hand 3, a long one (32 decisions of South's): the worker's
    Pyodide shares its deals out as CPython does (the same costs), and the panel with its long list
    fits at 1280x800 and passes axe. What the list says: tests/unit/test_review_app.py."""
    match = played(1, 2, None)
    page = saved_table(match, TablePlan((SeatPlan("S", "you"), SeatPlan("W", "normal"))))
    end = page.get_by_role("region", name="The match is over")
    expect(end).to_be_visible()
    expected = review_kabalam(match, ("S",), TABLE_WORLDS, 0, hands=(3,), deals=TABLE_DEALS)
    started = time.perf_counter()
    end.get_by_role("button", name="Review").click()
    rows = page.locator(".match-end .review-list .review-decision")
    expect(rows).to_have_count(len(expected["decisions"]), timeout=60_000)
    print(f"\nmatch end: Review pressed to the list shown: {time.perf_counter() - started:.2f} s "
          f"({len(expected['decisions'])} decisions, {expected['worlds_per_decision']} deals each)")
    assert page.locator(".review-list .review-cost").all_text_contents() == [
        cost_shown(d) for d in expected["decisions"]]
    inside(page, ".match-end")
    no_page_scroll(page)
    page.screenshot(path="/tmp/kabalam-review-match-end-1280x800.png")
    assert [v["id"] for v in axe_violations(page)] == []  # the panel with its review
