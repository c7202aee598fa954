"""The card art: what scripts/cards_svg.py draws is what is committed, every face the
page asks for is in the sprite, every pip layout has its value's pips, and the
precache keeps the art for offline play."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

import cards_svg
import precache
from kabale.cards import SUITS, Card
from kabale.web.faces import SPRITE, face_href, suit_href
from kabale.web.settings import CARD_BACKS

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"
ALL_CARDS = [Card(value, suit) for suit in SUITS for value in range(1, 14)]


def symbols(text: str) -> dict[str, ElementTree.Element]:
    root = ElementTree.fromstring(text)
    return {str(node.get("id")): node for node in root.iter(f"{SVG}symbol")}


def ids(text: str) -> list[str]:
    return [str(node.get("id")) for node in ElementTree.fromstring(text).iter() if node.get("id")]


def pip_count(symbol: ElementTree.Element) -> int:
    return sum(1 for use in symbol.iter(f"{SVG}use") if str(use.get("href")).startswith("#suit-"))


def test_the_committed_art_is_what_the_script_draws() -> None:
    """Edit scripts/cards_svg.py, then run it: the committed files never drift from it."""
    for name, text in cards_svg.files().items():
        assert (ROOT / "assets" / "cards" / name).read_text(encoding="utf-8") == text, name


def test_every_card_the_page_draws_has_its_face_and_suit_in_the_sprite() -> None:
    sprite = cards_svg.sprite()
    found = symbols(sprite)
    for card in ALL_CARDS:
        for href in (face_href(card), suit_href(card)):
            path, _, fragment = href.partition("#")
            assert path == SPRITE and fragment in found, href


def test_the_sprite_names_each_symbol_once_and_every_reference_exists() -> None:
    sprite = cards_svg.sprite()
    names = ids(sprite)
    assert len(names) == len(set(names))
    references = set(re.findall(r'href="#([^"]+)"', sprite)) | set(re.findall(r"url\(#([^)]+)\)", sprite))
    assert references and references <= set(names)


@pytest.mark.parametrize("value", range(1, 11))
def test_a_number_card_shows_as_many_pips_as_its_value(value: int) -> None:
    found = symbols(cards_svg.sprite())
    for suit in SUITS:
        assert pip_count(found[f"face-{str(Card(value, suit))}"]) == value


@pytest.mark.parametrize("value, letter", [(11, "J"), (12, "Q"), (13, "K")])
def test_a_court_card_shows_its_figure_twice_once_turned(value: int, letter: str) -> None:
    found = symbols(cards_svg.sprite())
    for suit in SUITS:
        face = found[f"face-{str(Card(value, suit))}"]
        figures = [use for use in face.iter(f"{SVG}use") if use.get("href") == f"#court-{letter}"]
        assert len(figures) == 2 and pip_count(face) == 2


def test_pips_stay_on_the_card_and_clear_of_the_corner_indices() -> None:
    """Pip centres lie inside the card, and none sits in the top-left corner column."""
    for value, layout in cards_svg.PIP_LAYOUTS.items():
        for x, y in layout:
            half = cards_svg.PIP / 2
            assert half <= x <= cards_svg.WIDTH - half and half <= y <= cards_svg.HEIGHT - half, value
            assert x - half > 0.2 * cards_svg.WIDTH, value  # the index column is about a fifth of the width
        assert len(set(layout)) == len(layout) == value


@pytest.mark.parametrize("name", CARD_BACKS)
def test_each_back_to_choose_is_drawn_and_named_by_the_stylesheet(name: str) -> None:
    drawn = cards_svg.files()
    assert f"back-{name}.svg" in drawn
    ElementTree.fromstring(drawn[f"back-{name}.svg"])
    css = (ROOT / "assets" / "css" / "cards.css").read_text(encoding="utf-8")
    assert f'body.back-{name} {{' in css and f'url("../cards/back-{name}.svg")' in css


def test_the_precache_keeps_the_art_and_its_stylesheet_for_offline_play() -> None:
    files = precache.build(ROOT).files
    for name in cards_svg.files():
        assert f"assets/cards/{name}" in files
    assert "assets/css/cards.css" in files


def test_the_page_links_the_card_stylesheet() -> None:
    assert '<link rel="stylesheet" href="assets/css/cards.css">' in (ROOT / "index.html").read_text(encoding="utf-8")
