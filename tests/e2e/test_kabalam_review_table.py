"""Issue 16, item 2: after a KABALAM hand, Review shows each of the person's decisions beside the
hard computer's honest choice with its cost in points (the same as the engine's review of the
same record), the three costliest marked with a jump to each; a jump shows the hand as it stood
before that decision, read only, with both moves marked; Back returns to the list."""

from __future__ import annotations

import json
import random
import time
from typing import Any, Callable

import pytest
from playwright.sync_api import Page, expect

from helpers import INSTANT, both_rings, inside, marked_costliest
from kabalam_review import played  # a match played by seeded bots (bench/kabalam_review.py)
from kabale.bots import make_bot
from kabale.bots.review import TABLE_DEALS, TABLE_WORLDS, review_kabalam
from kabale.games.kabala.rules import Move
from kabale.games.kabalam.hand import KabalamHand
from kabale.games.kabalam.match import Match
from kabale.web.coach.coach_text import move_words, points_text
from kabale.web.text.i18n import translate
from kabale.web.storage.saved import SavedMatch, SeatPlan, TablePlan
from kabale.web.views.selection import play_cards

#: Match 6, three seats: South (the person) plays hand 1 at random, the two computers as normal
#: does: 39 moves, 10 decisions of South's, six with a cost; the match goes on.
SEED, SEATS = 6, 3
PLAN = TablePlan((SeatPlan("S", "you"), SeatPlan("W", "normal"), SeatPlan("N", "normal")))

def english(key: str, **values: Any) -> str:
    return translate("en", key, **values)


PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def played_hand() -> Match:
    """Hand 1 of match 6, played to its end; the match goes on."""
    match = played(SEED, SEATS, 1)
    assert not match.is_over()
    return match


def cost_shown(decision: dict[str, Any], worlds: int, brief: bool = True) -> str:
    """The cost as the English page writes it: within the sampling noise, not charged ("as good"
    in the list, where the unit line says why; in full in a jump)."""
    cost = decision["cost"]
    if cost > 0 and not decision["charged"]:
        return "as good" if brief else f"as good, as far as {worlds} deals tell"
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


@pytest.mark.parametrize("screen", [
    pytest.param("1280x800", marks=pytest.mark.browser_context_args(viewport={"width": 1280, "height": 800})),
    pytest.param("390x844 touch", marks=pytest.mark.browser_context_args(**PHONE)),
])
def test_review_shows_the_engines_costs_marks_the_costliest_and_jumps(
        finished_page: Callable[[], tuple[Page, Match]], screen: str, request: Any) -> None:
    page, match = finished_page()
    touch = screen.endswith("touch")
    assert page.evaluate("navigator.maxTouchPoints > 0") == touch
    # the CPython review of the same record: the table's people, its hand, its budget, seed 0
    expected = review_kabalam(match, PLAN.persons, TABLE_WORLDS, 0, hands=(1,), deals=TABLE_DEALS)
    decisions = expected["decisions"]
    assert len(expected["costliest"]) == 3 and len(decisions) > 3
    review = page.get_by_role("button", name="Review")
    started = time.perf_counter()
    review.tap() if touch else review.click()
    expect(page.locator(".review-button[aria-busy='true']")).to_contain_text("Reviewing…")
    rows = page.locator(".review-list .review-decision")
    expect(rows).to_have_count(len(decisions), timeout=60_000)
    took = time.perf_counter() - started
    expect(page.locator(".review-list")).to_be_focused()  # the pressed button is gone: the list has the focus
    print(f"\n{screen}: Review pressed to the list shown: {took:.2f} s "
          f"({len(decisions)} decisions, {expected['worlds_per_decision']} deals each)")
    # every decision: its move number, the move made, hard's choice, the cost, in the engine's order
    numbers = rows.evaluate_all("els => els.map(e => Number(e.dataset.move))")
    assert numbers == [d["move_number"] for d in decisions]
    costs = page.locator(".review-list .review-cost").all_text_contents()
    worlds = expected["worlds_per_decision"]
    assert costs == [cost_shown(d, worlds) for d in decisions]
    for row, decision in zip(rows.all(), decisions):
        made = row.locator(".review-made").text_content() or ""
        hard = row.locator(".review-hint").text_content() or ""
        assert made.startswith("You: ") and hard.startswith("Hard: ")
        assert (made[len("You: "):] == hard[len("Hard: "):]) == (decision["made"] == decision["hard"])
    expect(page.locator(".review-summary")).to_have_text(
        f"{len(decisions)} decisions; {expected['as_good']} of them as good as the hard computer's choice, "
        f"as far as {worlds} deals can tell.")
    # what a cost is, on a phone too (shortened there)
    unit = page.locator(".review-unit")
    expect(unit).to_be_visible()
    expect(unit).to_have_text(f"Cost: points lost against hard over {worlds} deals; “as good”: no clear loss." if touch else
                              "Cost: the points lost against the hard computer's choice, on average over "
                              f"{worlds} possible deals of the unseen cards; a cost within what those deals can "
                              "tell is not counted (“as good”).", use_inner_text=True)
    inside(page, ".review-unit")
    # the three costliest marked, in order, with a jump to each at the top
    jumps = marked_costliest(page, expected["costliest"])
    expect(page.get_by_role("button", name="Next hand")).to_be_visible()
    inside(page, ".hand-end")
    inside(page, ".hand-end .end-actions")
    no_page_scroll(page)
    page.screenshot(path=f"/tmp/kabalam-review-list-{screen.split()[0]}.png")
    # jump to the second costliest: the hand before it, read only, as South saw it, both moves marked
    marked = expected["costliest"][1]["move_number"]
    decision = next(d for d in decisions if d["move_number"] == marked)
    jump = jumps.nth(1)
    jump.tap() if touch else jump.click()
    expect(page.locator(".hand-end")).to_have_count(0)
    expect(page.locator(".review-at")).to_contain_text(f"Move {marked} of the hand, before the decision")
    expect(page.locator(".turn-status")).to_have_text(f"Review · move {marked}")
    expect(page.get_by_role("button", name="Back to the review")).to_be_focused()
    record = match.hand.to_dict() if match.hand else {}
    before = KabalamHand.from_dict({**record, "moves": record["moves"][:marked - 1]})
    seen = before.observation("S")
    shown = page.locator(".mine button[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    assert shown == [str(card) for card in seen.endowment]
    tops = page.locator(".kabala .card.top").evaluate_all("els => els.map(e => e.dataset.card)")
    assert tops == [str(card) for card in seen.face_up]
    # the seat pills show the totals as they stood at that decision: before the hand's points
    result = match.hand.result() if match.hand else None
    assert result is not None
    then = {seat: total - result.scores.get(seat, 0) for seat, total in match.totals.items()}
    assert then != match.totals  # the hand scored: a pill with the points after it would differ
    pills = page.locator(".seats .seat").evaluate_all(
        "els => els.map(e => [e.dataset.seat, e.querySelector('.seat-text').textContent])")
    assert sorted(seat for seat, _ in pills) == sorted(then)
    for seat, text in pills:
        assert text.endswith(f", {then[seat]} points"), (seat, text)
    made, hard = Move.from_text(decision["made"]), Move.from_text(decision["hard"])
    for name, move in (("made", made), ("hinted", hard)):
        if move.packet:
            expect(page.locator(f".kabala .packet:nth-child({move.packet}).{name}")).to_have_count(1)
        if move.kind in ("bare", "double"):
            places = page.locator(f".mine .endowment button.{name}").evaluate_all(
                "els => els.map(e => Number(e.dataset.index))")
            assert places == play_cards(seen.endowment, move)
    # the cost goes with the player's own move, not hard's; a legend names the two outlines
    expect(page.locator(".review-at p.review-made")).to_have_text(
        f"You: {move_words(made, english)} · {cost_shown(decision, worlds, brief=False)}")
    expect(page.locator(".review-at p.review-hint")).to_have_text(f"Hard: {move_words(hard, english)}")
    expect(page.locator(".review-at .review-legend")).to_have_text("Gold outline: your move · blue: the hard computer's")
    both_rings(page)
    inside(page, ".review-at")
    no_page_scroll(page)
    page.screenshot(path=f"/tmp/kabalam-review-jump-{screen.split()[0]}.png")
    card = page.locator(".mine button[data-card]").first  # read only: a card is not picked up
    card.tap() if touch else card.click()
    expect(page.locator(".mine button[data-card][aria-pressed='true']")).to_have_count(0)
    back = page.get_by_role("button", name="Back to the review")
    back.tap() if touch else back.click()
    expect(rows).to_have_count(len(decisions))
    for seat, total in match.totals.items():  # back at the hand's end: the points after it
        expect(page.locator(f'.seats .seat[data-seat="{seat}"] .seat-text')).to_contain_text(f", {total} points")
    expect(page.get_by_role("region", name="Hand 1 is over")).to_be_visible()
    expect(jumps.nth(1)).to_be_focused()  # back where the jump was taken
    if not touch:  # by the keyboard: Enter on the jump, Escape back
        page.keyboard.press("Enter")
        expect(page.locator(".review-at")).to_contain_text(f"Move {marked} of the hand")
        page.keyboard.press("Escape")
        expect(jumps.nth(1)).to_be_focused()
    inside(page, ".hand-end")
    no_page_scroll(page)
    # the next hand forgets the review
    page.get_by_role("button", name="Next hand").click()
    expect(page.get_by_role("heading", name="KABALAM · Hand 2")).to_be_visible()
    expect(page.locator(".review")).to_have_count(0)


@pytest.mark.browser_context_args(viewport={"width": 1280, "height": 800})
def test_the_end_of_a_match_reviews_its_last_hand(saved_table: Callable[[Match, TablePlan], Page],
                                                 axe_violations: Any) -> None:
    """Match 1 for two seats ends in hand 3, a long one (32 decisions of South's): the review
    shares its deals out (fewer per decision), and its list is that hand's, as CPython's."""
    match = played(1, 2, None)
    assert match.is_over() and match.hand_number == 3
    page = saved_table(match, TablePlan((SeatPlan("S", "you"), SeatPlan("W", "normal"))))
    end = page.get_by_role("region", name="The match is over")
    expect(end).to_be_visible()
    expected = review_kabalam(match, ("S",), TABLE_WORLDS, 0, hands=(3,), deals=TABLE_DEALS)
    assert expected["worlds_per_decision"] < TABLE_WORLDS
    started = time.perf_counter()
    end.get_by_role("button", name="Review").click()
    rows = page.locator(".match-end .review-list .review-decision")
    expect(rows).to_have_count(len(expected["decisions"]), timeout=60_000)
    print(f"\nmatch end: Review pressed to the list shown: {time.perf_counter() - started:.2f} s "
          f"({len(expected['decisions'])} decisions, {expected['worlds_per_decision']} deals each)")
    assert page.locator(".review-list .review-cost").all_text_contents() == [
        cost_shown(d, expected["worlds_per_decision"]) for d in expected["decisions"]]
    expect(page.locator(".review-list .review-rank")).to_have_count(len(expected["costliest"]))
    expect(page.locator(".review-unit")).to_contain_text(f"over {expected['worlds_per_decision']} possible deals")
    expect(end.get_by_role("button", name="New match")).to_be_visible()
    inside(page, ".match-end")
    no_page_scroll(page)
    page.screenshot(path="/tmp/kabalam-review-match-end-1280x800.png")
    assert [v["id"] for v in axe_violations(page)] == []  # the panel with its review
