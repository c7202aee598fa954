"""New deal or Restart in the middle of a patience asks first, and says the game counts as a loss
(issue 28, item 9: a new player pressed New deal mid-game and Played went 3 -> 4 without a word).
"""

from __future__ import annotations

from typing import Any, Callable

from playwright.sync_api import Page, expect

from helpers import INSTANT, click_move, saved_patience, stored, wait_landed


def played(page: Page) -> int:
    record = stored(page, "stats:patience")
    return 0 if record is None else int(record["data"]["played"])


def test_leaving_a_game_in_play_asks_and_counts_it_lost(page: Page, open_kabale: Callable[..., Page],
                                                         axe_violations: Any) -> None:
    page.add_init_script(INSTANT)
    page = open_kabale("?game=patience&seed=42")
    dialog = page.get_by_role("dialog")
    # a deal not begun is left without a question: nothing is lost, nothing counted
    page.get_by_role("button", name="Restart").first.click()
    expect(dialog).to_be_hidden()
    seed = saved_patience(page).game.seed
    assert seed == 42 and played(page) == 0

    game = saved_patience(page).game
    click_move(page, game.legal_moves()[0])
    expect(page.get_by_role("button", name="Undo")).to_be_enabled()
    wait_landed(page)  # (a draw the table makes by itself, when it is the only move, comes first)
    before = saved_patience(page).game.moves
    assert before
    page.get_by_role("button", name="New deal").first.click()
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("heading")).to_have_text("Start a new deal?")
    expect(dialog).to_contain_text("counts as a loss")
    assert [v["id"] for v in axe_violations(page)] == []
    dialog.get_by_role("button", name="Keep playing").click()
    expect(dialog).to_be_hidden()
    kept = saved_patience(page).game
    assert kept.seed == seed and kept.moves == before and played(page) == 0

    page.get_by_role("button", name="Restart").first.click()
    expect(dialog.get_by_role("heading")).to_have_text("Restart this deal?")
    page.keyboard.press("Escape")  # as "Keep playing"
    expect(dialog).to_be_hidden()
    assert saved_patience(page).game.moves == before and played(page) == 0

    page.get_by_role("button", name="Restart").first.click()
    dialog.get_by_role("button", name="Restart, count a loss").click()
    expect(dialog).to_be_hidden()
    expect(page.get_by_role("button", name="Undo")).to_be_disabled()
    restarted = saved_patience(page).game
    assert restarted.seed == seed and restarted.moves == () and played(page) == 1
    expect(page.locator(".stats")).to_contain_text("Played 1, won 0")
