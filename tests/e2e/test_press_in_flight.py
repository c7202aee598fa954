"""A press on a card in flight acts on that card (issue 14): the player aims at the card as it
moves, so a press that hits it mid-way picks it up, at the place it lands; a press on the
felt mid-way acts on no card, not even on one that lands there a moment later."""

from __future__ import annotations

import json
from typing import Any, Callable

import pytest
from playwright.sync_api import Page, expect

PATIENCE = "?game=patience&seed=7"

#: Wait (polled by the page) for a card of the hand half-way on its deal, then freeze every
#: animation of motion.js where it is and say where that card is seen now and where it lands.
#: With ``felt``, the card's landing place must be empty felt now: no control is seen there.
MID_FLIGHT = """(felt) => {
  const ours = () => document.getAnimations().filter((a) => window.kabaleMotion.IDS.includes(a.id));
  for (const card of document.querySelectorAll('.mine .endowment .card[data-key]')) {
    const animation = card.getAnimations().find((a) => a.id === 'kabale-deal');
    if (!animation) continue;
    const timing = animation.effect.getComputedTiming();
    const start = timing.delay, length = timing.activeDuration;
    if (timing.localTime < start + 0.3 * length || timing.localTime > start + 0.7 * length) continue;
    const frozen = ours();
    frozen.forEach((a) => a.pause());
    const centre = (box) => ({x: box.left + box.width / 2, y: box.top + box.height / 2});
    const now = centre(card.getBoundingClientRect());
    const was = animation.currentTime;
    animation.currentTime = timing.endTime - 1;  // a glance at its landing place, then back
    const lands = centre(card.getBoundingClientRect());
    animation.currentTime = was;
    const at = felt ? lands : now;
    const hit = document.elementFromPoint(at.x, at.y);
    const fits = felt ? hit && !hit.closest('[data-action], [data-card]') : hit && card.contains(hit);
    if (fits && Math.hypot(now.x - lands.x, now.y - lands.y) > 40) return {key: card.dataset.key, ...at};
    frozen.forEach((a) => a.play());
  }
  return false;
}"""


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """A touch screen as well as a mouse, at a desktop's size (one layout for both presses)."""
    return {**browser_context_args, "viewport": {"width": 1280, "height": 800}, "has_touch": True}


def open_dealing(page: Page, open_kabale: Callable[..., Page]) -> Page:
    """A fresh patience whose deal plays 10 times slower than life (a card is caught mid-way)."""
    settings = {"bot_speed": "instant", "language": "en"}
    record = json.dumps({"app": "kabale", "schema": 1, "name": "settings", "revision": 1, "data": settings})
    page.add_init_script(f"localStorage.setItem('kabale:settings', {json.dumps(record)});")
    page.add_init_script("window.kabaleMotionTimeScale = 10;")
    return open_kabale(PATIENCE)


def mid_flight(page: Page, *, felt: bool) -> dict[str, Any]:
    found: dict[str, Any] = page.wait_for_function(MID_FLIGHT, arg=felt, timeout=30_000, polling="raf").json_value()
    return found


def press(page: Page, how: str, x: float, y: float) -> None:
    if how == "touch":
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


def dealing(page: Page) -> int:
    """How many cards are still on their way from the deal (a pick's own lift may be running)."""
    count: int = page.evaluate(
        "document.getAnimations().filter((a) => a.id === 'kabale-deal' && a.playState !== 'finished').length")
    return count


@pytest.mark.parametrize("how", ["mouse", "touch"])
def test_a_press_on_a_card_in_flight_picks_that_card(page: Page, open_kabale: Callable[..., Page], how: str) -> None:
    page = open_dealing(page, open_kabale)
    aimed = mid_flight(page, felt=False)
    card = page.locator(f".mine [data-key='{aimed['key']}']")
    expect(card).to_have_attribute("aria-pressed", "false")
    press(page, how, aimed["x"], aimed["y"])
    assert dealing(page) == 0  # the press finished the deal at once
    expect(card).to_have_attribute("aria-pressed", "true")  # picked: the card the player aimed at
    expect(page.locator(".mine [aria-pressed=true]")).to_have_count(1)
    # it was picked at its own place, away from where it was pressed
    box = card.bounding_box()
    assert box is not None
    assert not (box["x"] <= aimed["x"] <= box["x"] + box["width"] and box["y"] <= aimed["y"] <= box["y"] + box["height"])


@pytest.mark.parametrize("how", ["mouse", "touch"])
def test_a_press_on_the_felt_mid_flight_acts_on_no_card(page: Page, open_kabale: Callable[..., Page], how: str) -> None:
    page = open_dealing(page, open_kabale)
    spot = mid_flight(page, felt=True)  # where a card in flight will land: empty felt as yet
    press(page, how, spot["x"], spot["y"])
    assert dealing(page) == 0
    landed = page.locator(f".mine [data-key='{spot['key']}']")
    box = landed.bounding_box()
    assert box is not None  # the card is there now, under the pointer; the press was not on it
    assert box["x"] <= spot["x"] <= box["x"] + box["width"] and box["y"] <= spot["y"] <= box["y"] + box["height"]
    page.wait_for_timeout(300)  # a click Python took would have redrawn by now
    expect(page.locator(".mine [aria-pressed=true]")).to_have_count(0)
    expect(page.locator(".picked")).to_have_count(0)
