"""New deal or Restart in the middle of a patience asks first, and says the game counts as a loss
(issue 28, item 9: a new player pressed New deal mid-game and Played went 3 -> 4 without a word).

What the question says and what it does to the game and the statistics is tested through the app in
CPython (tests/unit/test_first_use_app.py); here what needs a browser: the dialog open over the
table passes axe, Escape closes it, and Python's own close (the question answered) closes it too.
"""

from __future__ import annotations

from typing import Any, Callable

from playwright.sync_api import Page, expect

from helpers import INSTANT, STILL, click_move, saved_patience, wait_landed

pytestmark = STILL


def test_the_question_on_leaving_a_game_in_play_passes_axe_and_closes(
        page: Page, open_kabale: Callable[..., Page], axe_violations: Any) -> None:
    """After a move, New deal asks (axe over the dialog), Escape declines; Restart, answered, closes
    its question and the deal starts again (nothing to undo)."""
    page.add_init_script(INSTANT)
    page = open_kabale("?game=patience&seed=42")
    dialog = page.get_by_role("dialog")
    click_move(page, saved_patience(page).game.legal_moves()[0])
    expect(page.get_by_role("button", name="Undo")).to_be_enabled()
    wait_landed(page)  # (a draw the table makes by itself, when it is the only move, comes first)
    page.get_by_role("button", name="New deal").first.click()
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("heading")).to_have_text("Start a new deal?")
    assert [v["id"] for v in axe_violations(page)] == []
    page.keyboard.press("Escape")  # as "Keep playing"
    expect(dialog).to_be_hidden()

    page.get_by_role("button", name="Restart").first.click()
    dialog.get_by_role("button", name="Restart, count a loss").click()
    expect(dialog).to_be_hidden()
    expect(page.get_by_role("button", name="Undo")).to_be_disabled()
