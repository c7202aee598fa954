"""Issue 16, item 2: after a patience game, Review shows each decision beside the honest hint's
choice with its cost in win chance (the same as the engine's review of the same record), the
three costliest marked with a jump to each; a jump shows the position before that decision.

What the list and a jump say is tested on the view in CPython (tests/unit/test_review_app.py); here
what needs a browser: the worker's Pyodide reviews as CPython does, the fit, the focus, the rings,
the keys."""

from __future__ import annotations

import json
from typing import Callable

import pytest
from playwright.sync_api import Page, expect

from helpers import INSTANT, STILL, both_rings, inside, marked_costliest
from kabale.games.patience.rules import Patience
from kabale.games.patience.solver_review import review_patience
from kabale.web.storage.saved import SavedPatience
from test_review_app import DEAL, cost_column, finished_game  # type: ignore[import-not-found]  (the CPython test's)

pytestmark = STILL


@pytest.fixture
def finished_page(page: Page, open_kabale: Callable[..., Page]) -> Callable[[dict[str, int]], tuple[Page, Patience]]:
    """The page opened on a saved, finished game of deal 10 (the store's envelope, as the page writes it)."""
    game = finished_game()
    envelope = {"app": "kabale", "schema": 1, "name": "patience", "revision": 1,
                "data": SavedPatience(game, counted=True).to_dict()}
    page.add_init_script(INSTANT + f"""
if (!localStorage.getItem("kabale:patience")) {{
  localStorage.setItem("kabale:patience", {json.dumps(json.dumps(envelope))});
}}
""")

    def open_at(viewport: dict[str, int]) -> tuple[Page, Patience]:
        page.set_viewport_size(viewport)
        opened = open_kabale(f"?game=patience&seed={DEAL}")
        expect(opened.locator(".game-end")).to_contain_text("the draw pile is finished")
        return opened, game

    return open_at


def test_the_review_fits_a_phone_and_a_wide_screen_and_the_focus_follows(
        finished_page: Callable[[dict[str, int]], tuple[Page, Patience]]) -> None:
    """At 390x844, then at 1280x800 (the same page, made wider): the worker's Pyodide reviews as
    CPython does (the same decisions, costs and marks), the list and the jump fit, the page is not
    scrolled, a card or packet in both moves wears both rings, and the focus goes back to the jump
    taken, by a click and by the keys (Enter on the jump, Escape back)."""
    page, game = finished_page({"width": 390, "height": 844})
    expected = review_patience(game)  # the CPython review of the same record (its defaults, seed 0)
    page.get_by_role("button", name="Review").click()
    rows = page.locator(".review-list .review-decision")
    expect(rows).to_have_count(len(expected["decisions"]), timeout=60_000)
    # Pyodide's review is CPython's: the same decisions, the same costs, the same three marked
    numbers = rows.evaluate_all("els => els.map(e => Number(e.dataset.move))")
    assert numbers == [d["move_number"] for d in expected["decisions"]]
    costs = page.locator(".review-list .review-cost").all_text_contents()
    assert costs == [cost_column(d) for d in expected["decisions"]]
    jumps = marked_costliest(page, expected["costliest"])
    inside(page, ".game-end")
    assert page.evaluate("document.scrollingElement.scrollTop") == 0
    # the jump to the costliest, in view, both rings; Back to the list, in view
    costliest = expected["costliest"][0]["move_number"]
    jumps.first.click()
    expect(page.locator(".game-end")).to_have_count(0)
    expect(page.locator(".review-at")).to_contain_text(f"Move {costliest}, before your decision")
    inside(page, ".review-at")
    both_rings(page)
    page.get_by_role("button", name="Back to the result").click()
    expect(page.locator(".review-list .review-decision")).to_have_count(len(expected["decisions"]))
    inside(page, ".game-end")
    # by the keyboard: Enter on the jump, Escape back to the list (as in KABALAM's review)
    jumps.first.focus()
    page.keyboard.press("Enter")
    expect(page.locator(".review-at")).to_contain_text(f"Move {costliest}, before your decision")
    page.keyboard.press("Escape")
    expect(page.locator(".review-at")).to_have_count(0)
    expect(page.locator(".review-list .review-decision")).to_have_count(len(expected["decisions"]))
    expect(jumps.first).to_be_focused()
    # a wide screen: the list and the jump in view, the page where it was
    page.set_viewport_size({"width": 1280, "height": 800})
    inside(page, ".game-end")
    assert page.evaluate("document.scrollingElement.scrollTop") == 0
    page.keyboard.press("Enter")
    expect(page.locator(".review-at")).to_contain_text(f"Move {costliest}, before your decision")
    inside(page, ".review-at")
    both_rings(page)
    page.keyboard.press("Escape")
    expect(page.locator(".review-at")).to_have_count(0)
    expect(jumps.first).to_be_focused()
    inside(page, ".game-end")
