"""Motion (issue 14, item 1): a card travels from where it was to where it goes, with
transforms only, in under 300 ms; a press during the flight ends it at once; the
system's reduced motion and the setting turn it off."""

from __future__ import annotations

import json
from typing import Any, Callable

import pytest
from playwright.sync_api import Page

from helpers import INSTANT, click_double_h_move, click_move, saved_double_h, saved_patience  # type: ignore[import-not-found]

PATIENCE = "?game=patience&seed=7"

#: The card animations that are in flight, frozen where they are so a slow machine
#: cannot let them end before the test has looked at them.
FROZEN_FLIGHTS = """() => {
  const flights = document.getAnimations().filter((animation) => animation.id === 'kabale-move');
  flights.forEach((animation) => animation.pause());
  return flights.map((animation) => ({
    card: animation.effect.target.dataset.card,
    duration: animation.effect.getTiming().duration,
    properties: [...new Set(animation.effect.getKeyframes().flatMap((frame) => Object.keys(frame)))]
      .filter((key) => !['offset', 'computedOffset', 'easing', 'composite'].includes(key)),
  }));
}"""


def shown_hand(page: Page) -> list[str]:
    cards: list[str] = page.locator(".mine button[data-card]").evaluate_all("nodes => nodes.map(n => n.dataset.card)")
    return cards


def slow_motion(page: Page) -> None:
    """Ten-second flights: the test looks at cards mid-way, then ends them itself."""
    page.evaluate("window.kabaleMotion.duration = 10000")


def play_a_patience_move(page: Page) -> Any:
    game = saved_patience(page).game
    plays = [move for move in game.legal_moves() if move.is_play]
    move = plays[0]
    click_move(page, move)
    return move


def flights_after(page: Page, action: Callable[[], Any]) -> tuple[Any, list[dict[str, Any]]]:
    result = action()
    page.wait_for_function(FROZEN_FLIGHTS.replace("return flights.map", "return flights.length > 0 && flights.map"),
                           timeout=10_000)
    flights: list[dict[str, Any]] = page.evaluate(FROZEN_FLIGHTS)
    return result, flights


def in_flight(page: Page) -> int:
    count: int = page.evaluate(
        "document.getAnimations().filter((animation) => animation.id === 'kabale-move').length")
    return count


def test_a_played_card_travels_with_transforms_only_in_under_300_ms(page: Page, open_kabale: Callable[..., Page]) -> None:
    page = open_kabale(PATIENCE)  # at the normal pace, the cards played stay in view over their packet
    assert page.evaluate("window.kabaleMotion.duration") <= 300
    slow_motion(page)
    before = shown_hand(page)
    move, flights = flights_after(page, lambda: play_a_patience_move(page))
    played = set(before) - set(shown_hand(page))
    assert played and played <= {flight["card"] for flight in flights}
    assert all(flight["properties"] == ["transform"] for flight in flights)
    # a press anywhere ends every flight at once: input is never held up
    page.mouse.move(5, 5)
    page.mouse.down()
    page.mouse.up()
    assert in_flight(page) == 0


def test_a_double_h_move_travels_from_its_place(page: Page, open_kabale: Callable[..., Page]) -> None:
    page.add_init_script(INSTANT)
    page = open_kabale("?game=double-h&seed=7")
    slow_motion(page)
    game = saved_double_h(page).game
    from kabale.games.double_h.rules import MoveKind

    move = next(move for move in game.legal_moves() if move.kind is MoveKind.CARD)
    card = str(game.pile(move.source)[-1]) if move.source is not None else str(game.waste[-1])
    _, flights = flights_after(page, lambda: click_double_h_move(page, move))
    assert card in {flight["card"] for flight in flights}
    assert all(flight["properties"] == ["transform"] for flight in flights)
    page.keyboard.press("Shift")  # a key ends the flights too
    assert in_flight(page) == 0


@pytest.mark.parametrize("how", ["setting", "system"])
def test_reduced_motion_keeps_every_card_still(page: Page, open_kabale: Callable[..., Page], how: str) -> None:
    settings: dict[str, Any] = {"bot_speed": "instant", "language": "en", "reduced_motion": how == "setting"}
    record = json.dumps({"app": "kabale", "schema": 1, "name": "settings", "revision": 1, "data": settings})
    page.add_init_script(f"localStorage.setItem('kabale:settings', {json.dumps(record)});")
    if how == "system":
        page.emulate_media(reduced_motion="reduce")
    page = open_kabale(PATIENCE)
    slow_motion(page)
    play_a_patience_move(page)
    page.wait_for_timeout(300)  # two frames and more: when motion is on, the flights have begun by now
    assert in_flight(page) == 0
    assert page.evaluate("window.kabaleMotion.moved") == 0
