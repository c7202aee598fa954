"""Card faces (issue 14, item 3): drawn from the sprite, named for the ear, lettered in the
page's language, a back to choose, and all of it there offline."""

from __future__ import annotations

import json
import re
from typing import Any, Callable

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from conftest import service_worker_ready, wait_ready  # type: ignore[import-not-found]
from helpers import INSTANT  # type: ignore[import-not-found]

DOUBLE_H = "?game=double-h&seed=7"

#: Every face on the table is its drawing, loaded and decodable: each card's background
#: image is loaded again by an Image, which decode() rejects unless it came and is an image.
FACES_DRAWN = """async () => {
  const urls = [...new Set([...document.querySelectorAll('.card[data-card]')]
    .map((card) => getComputedStyle(card).backgroundImage.replace(/^url\\("(.*)"\\)$/, '$1')))];
  if (!urls.length || urls.some((url) => !url.includes('/assets/cards/faces/'))) return false;
  await Promise.all(urls.map((url) => { const image = new Image(); image.src = url; return image.decode(); }));
  return true;
}"""

#: What each face-up card shows: its text, the corner letter, its accessible name,
#: and its face's address.
CARDS = """() => [...document.querySelectorAll('.card[data-card]')].map((card) => ({
  card: card.dataset.card,
  corner: card.querySelector('.corner.top').dataset.value,
  name: card.getAttribute('aria-label'),
  text: card.textContent,
  face: getComputedStyle(card).backgroundImage,
  classes: card.className,
}))"""


def cards(page: Page) -> list[dict[str, Any]]:
    shown: list[dict[str, Any]] = page.evaluate(CARDS)
    return shown


def test_every_face_is_drawn_named_and_lettered_in_the_page_language(open_kabale: Callable[..., Page]) -> None:
    page = open_kabale(DOUBLE_H)
    assert page.evaluate(FACES_DRAWN)
    shown = cards(page)
    assert len(shown) >= 20
    letters = {"A": "A", "T": "10", "J": "J", "Q": "Q", "K": "K"}
    for card in shown:
        assert card["face"].endswith(f'/assets/cards/faces/{card["card"]}.svg")')
        assert f"face-{card['card']}" in card["classes"]
        assert card["corner"] == letters.get(card["card"][0], card["card"][0])
        assert card["text"] == ""  # the drawing and the corner signs are no text: the card is its name
    named = {card["card"]: card["name"] for card in shown}
    if "AS" in named:
        assert named["AS"] == "Ace of spades"
    assert all(re.fullmatch(r"(Ace|Jack|Queen|King|\d+) of (clubs|diamonds|spades|hearts)", n) for n in named.values())

    # Danish decks print B, D, K for knægt, dame, konge; the names follow too
    page.get_by_label("Language").select_option(label="Dansk")
    expect(page.locator("html")).to_have_attribute("lang", "da")
    danish = {card["card"]: card for card in cards(page)}
    courts = [card for text, card in danish.items() if text[0] in "JQK"]
    assert courts, "deal 7 shows court cards"
    for card in courts:
        assert card["corner"] == {"J": "B", "Q": "D", "K": "K"}[card["card"][0]]
        assert card["name"].endswith({"J": "bonde", "Q": "dame", "K": "konge"}[card["card"][0]])
    # the labels above the Double H places are lettered as the cards are
    labels = page.locator(".place-value").all_text_contents()
    assert labels.count("B") == labels.count("D") == labels.count("K") == 2 and "J" not in labels


def test_a_card_back_is_chosen_in_the_settings_and_kept(open_kabale: Callable[..., Page]) -> None:
    page = open_kabale(DOUBLE_H)
    back = page.locator(".card.back").first
    expect(back).to_be_visible()
    assert "back-red.svg" in back.evaluate("(node) => getComputedStyle(node).backgroundImage")
    page.get_by_role("button", name="Settings").click()
    page.get_by_label("Card backs").select_option(label="Blue rosettes")
    expect(page.locator("body")).to_have_class(re.compile(r"\bback-blue\b"))
    assert "back-blue.svg" in back.evaluate("(node) => getComputedStyle(node).backgroundImage")
    page.reload()
    wait_ready(page)
    expect(page.locator("body")).to_have_class(re.compile(r"\bback-blue\b"))
    assert "back-blue.svg" in page.locator(".card.back").first.evaluate(
        "(node) => getComputedStyle(node).backgroundImage")


def test_settings_saved_before_card_backs_load_with_the_red_back(page: Page, open_kabale: Callable[..., Page]) -> None:
    """A settings record of the format before card backs (no card_back) keeps its fields and gets the red back."""
    older = {"language": "it", "reduced_motion": True, "bot_speed": "fast", "think_time": "long", "memory_aid": True,
             "still_winnable": False, "auto_safe_moves": False, "winnable_only": False}
    record = json.dumps({"app": "kabale", "schema": 1, "name": "settings", "revision": 1, "data": older})
    page.add_init_script(f"localStorage.setItem('kabale:settings', {json.dumps(record)});")
    page = open_kabale(DOUBLE_H)
    expect(page.locator("html")).to_have_attribute("lang", "it")
    expect(page.locator("body")).to_have_class(re.compile(r"^\s*reduced-motion(\s+table-shown)?\s*$"))  # and no other back than the red one
    expect(page.locator("#notice")).to_be_hidden()
    assert "back-red.svg" in page.locator(".card.back").first.evaluate("(node) => getComputedStyle(node).backgroundImage")


@pytest.mark.fresh_context  # it goes offline
def test_faces_and_backs_show_offline(page: Page, context: BrowserContext, site_server: Callable[..., Any]) -> None:
    server = site_server()
    page.add_init_script(INSTANT)
    page.goto(server.url + "?game=patience&seed=7")
    wait_ready(page)
    service_worker_ready(page)
    server.stop()
    context.set_offline(True)
    failures: list[str] = []
    page.on("requestfailed", lambda request: failures.append(request.url))
    page.goto(server.url + DOUBLE_H)  # a table never opened online
    wait_ready(page)
    assert page.evaluate(FACES_DRAWN)
    expect(page.locator(".card.back").first).to_be_visible()
    assert failures == []
