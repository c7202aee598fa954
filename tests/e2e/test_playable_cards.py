"""Patience Kabalam's optional highlight of the playable cards, at the table: off by default; on,
it lights exactly the cards of the engine's legal plays, and follows each move."""

from __future__ import annotations

from typing import Callable

from playwright.sync_api import Page, expect

from helpers import click_move, revision, saved_patience, wait_for_save
from kabale.web.views.selection import playable_cards

#: The settings of a player who asked for the highlight.
LIGHT_PLAYABLE = """
localStorage.setItem("kabale:settings", JSON.stringify({app: "kabale", schema: 1, name: "settings", revision: 1,
  data: {bot_speed: "instant", language: "en", reduced_motion: true, playable_cards: %s}}));
"""
#: The places in the endowment of the lit cards, as the page shows them.
LIT = "() => [...document.querySelectorAll('.mine .endowment button.card')].flatMap((b, i) => b.classList.contains('playable') ? [i] : [])"


def shown_and_engine(page: Page) -> tuple[set[int], set[int]]:
    observation = saved_patience(page).game.observation()
    return set(page.evaluate(LIT)), set(playable_cards(observation.endowment, observation.legal_moves))


def test_the_lit_cards_are_the_engines_playable_cards(page: Page, open_kabale: Callable[..., Page]) -> None:
    page.add_init_script(LIGHT_PLAYABLE % "true")
    open_kabale("?game=patience&seed=8")
    expect(page.get_by_role("region", name="Patience Kabalam table")).to_be_visible()
    seen_lit = seen_unlit = 0
    for _ in range(6):
        game = saved_patience(page).game
        if game.is_over():
            break
        shown, engine = shown_and_engine(page)
        assert shown == engine
        seen_lit += bool(shown)
        seen_unlit += len(shown) < len(game.observation().endowment)
        plays = [move for move in game.legal_moves() if move.is_play]
        before = revision(page, "patience")
        click_move(page, plays[0] if plays else game.legal_moves()[0])
        wait_for_save(page, "patience", before)
        expect(page.locator(".mine .endowment button.card").first).to_be_attached()
    assert seen_lit and seen_unlit


def test_off_by_default_nothing_is_lit(page: Page, open_kabale: Callable[..., Page]) -> None:
    page.add_init_script(LIGHT_PLAYABLE % "false")
    open_kabale("?game=patience&seed=8")
    expect(page.get_by_role("region", name="Patience Kabalam table")).to_be_visible()
    shown, engine = shown_and_engine(page)
    assert engine and shown == set()
    page.get_by_role("button", name="Settings").click()
    page.get_by_label("Patience Kabalam: light the cards you can play").check()
    page.get_by_role("button", name="Close").click()
    expect(page.locator(".mine .endowment button.card.playable")).to_have_count(len(engine))
    assert shown_and_engine(page)[0] == engine
