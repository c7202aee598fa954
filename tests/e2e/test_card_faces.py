"""Card faces (issue 14, item 3): drawn from the sprite, named for the ear, lettered in the
page's language, a back to choose, and all of it there offline.

The names, the letters, the faces' and backs' classes and the settings kept are tested on what
Python tells the page, in CPython (tests/unit/test_languages_app.py); here what needs a browser: the
drawings the style sheet gives those classes, loaded and decoded, after a reload, offline."""

from __future__ import annotations

import re
from typing import Any, Callable

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from conftest import service_worker_ready, wait_ready  # type: ignore[import-not-found]
from helpers import INSTANT, STILL  # type: ignore[import-not-found]

pytestmark = STILL

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

#: Each face-up card and the address of the drawing it shows.
CARDS = """() => [...document.querySelectorAll('.card[data-card]')].map((card) => ({
  card: card.dataset.card,
  face: getComputedStyle(card).backgroundImage,
}))"""


def test_every_face_is_its_cards_drawing(open_kabale: Callable[..., Page]) -> None:
    """Each face-up card shows its own drawing from the sprite's files, loaded and decodable (the
    class that picks it: tests/unit/test_languages_app.py)."""
    page = open_kabale(DOUBLE_H)
    assert page.evaluate(FACES_DRAWN)
    shown: list[dict[str, Any]] = page.evaluate(CARDS)
    assert len(shown) >= 20
    for card in shown:
        assert card["face"].endswith(f'/assets/cards/faces/{card["card"]}.svg")')


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
