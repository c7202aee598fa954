"""Issue 16, item 2: after a patience game, Review shows each decision beside the honest hint's
choice with its cost in win chance (the same as the engine's review of the same record), the
three costliest marked with a jump to each; a jump shows the position before that decision."""

from __future__ import annotations

import json
import re
from typing import Any, Callable

import pytest
from playwright.sync_api import Page, expect

from helpers import INSTANT, both_rings, inside, marked_costliest
from kabale.games.kabala.rules import Move
from kabale.games.patience.rules import Patience
from kabale.games.patience.solver_review import review_patience
from kabale.web.storage.saved import SavedPatience

#: Deal 10 played greedily: lost with the draw pile finished, 20 moves, 15 decisions, seven with a
#: cost, three of them charged (beyond the sampling noise) and four "as good" (1-3 worlds of 16).
DEAL = 10


def greedy(game: Patience) -> Move:
    """The most cards at once, else what the rules leave (as tests/e2e/test_patience_table.py)."""
    legal = game.legal_moves()
    plays = [move for move in legal if move.is_play]
    return max(plays, key=lambda move: (move.count, -(move.packet or 0))) if plays else legal[0]


def finished_game() -> Patience:
    game = Patience.deal(DEAL)
    while not game.is_over():
        game.apply(greedy(game))
    return game


def percent(cost: float) -> str:
    """The cost as the English page writes it: exact percent points (costs are 16ths)."""
    return "no cost" if cost <= 0 else f"win chance −{cost * 100:g}%"


def cost_column(decision: dict[str, Any]) -> str:
    """The list's cost column: a cost within the sampling noise reads "as good", not charged."""
    return "as good" if decision["cost"] > 0 and not decision["charged"] else percent(decision["cost"])


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


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}])
def test_review_shows_the_engines_costs_marks_the_costliest_and_jumps(
        finished_page: Callable[[dict[str, int]], tuple[Page, Patience]], viewport: dict[str, int]) -> None:
    page, game = finished_page(viewport)
    expected = review_patience(game)  # the CPython review of the same record (its defaults, seed 0)
    assert len(expected["costliest"]) == 3
    uncharged = [d for d in expected["decisions"] if d["cost"] > 0 and not d["charged"]]
    assert uncharged and all(not d["costliest"] for d in uncharged)  # costs within the noise: not marked
    page.get_by_role("button", name="Review").click()
    rows = page.locator(".review-list .review-decision")
    expect(rows).to_have_count(len(expected["decisions"]), timeout=60_000)
    # every decision: its move number and its cost, in the engine's order
    numbers = rows.evaluate_all("els => els.map(e => Number(e.dataset.move))")
    assert numbers == [d["move_number"] for d in expected["decisions"]]
    costs = page.locator(".review-list .review-cost").all_text_contents()
    assert costs == [cost_column(d) for d in expected["decisions"]]
    assert "as good" in costs and any(cost.startswith("win chance −") for cost in costs)
    summary = page.locator(".review-summary")
    expect(summary).to_have_text(f"{len(expected['decisions'])} decisions; {expected['as_good']} of them as good as the hint's choice, "
                                 "as far as 16 deals can tell.")
    # a move the player made as the hint would have is named the same in both columns
    for row, decision in zip(rows.all(), expected["decisions"]):
        made = row.locator(".review-made").text_content() or ""
        hint = row.locator(".review-hint").text_content() or ""
        assert made.startswith("You: ") and hint.startswith("Hint: ")
        assert (made[len("You: "):] == hint[len("Hint: "):]) == (decision["made"] == decision["hint"])
    # the three costliest marked, in order, with a jump to each at the top
    jumps = marked_costliest(page, expected["costliest"])
    inside(page, ".game-end")
    assert page.evaluate("document.scrollingElement.scrollTop") == 0
    # jump to the costliest: the table at the position before it, read only, its two moves named
    costliest = expected["costliest"][0]["move_number"]
    jumps.first.click()
    expect(page.locator(".game-end")).to_have_count(0)
    expect(page.locator(".review-at")).to_contain_text(f"Move {costliest}, before your decision")
    before = Patience.from_dict({**game.to_dict(), "moves": [], "redo": []})
    for move in game.moves[:costliest - 1]:
        before.apply(move)
    shown = page.locator(".mine button[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    assert sorted(shown) == sorted(str(card) for card in before.endowment)
    tops = page.locator(".kabala .card.top").evaluate_all("els => els.map(e => e.dataset.card)")
    assert tops == [str(card) for card in before.face_up]
    inside(page, ".review-at")
    # the two moves marked on the table: the move made's packet, the hint's packet
    decision = next(d for d in expected["decisions"] if d["move_number"] == costliest)
    made = game.moves[costliest - 1]
    hint = next(move for move in before.legal_moves() if str(move) == decision["hint"])
    assert made.packet and hint.packet and made != hint
    expect(page.locator(f".kabala .packet:nth-child({made.packet}).made")).to_have_count(1)
    expect(page.locator(f".kabala .packet:nth-child({hint.packet}).hinted")).to_have_count(1)
    # the cost goes with the player's own move, not the hint's; a legend names the two outlines
    expect(page.locator(".review-at p.review-made")).to_have_text(re.compile(
        r"^You: .+ · " + re.escape(percent(decision["cost"])) + "$"))
    expect(page.locator(".review-at p.review-hint")).to_have_text(re.compile(r"^Hint: [^·]+$"))
    expect(page.locator(".review-at .review-legend")).to_have_text("Gold outline: your move · blue: the hint's")
    both_rings(page)
    page.locator(".mine button[data-card]").first.click()  # read only: a card is not picked up
    expect(page.locator(".mine button[data-card][aria-pressed='true']")).to_have_count(0)
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
