"""The card art: what scripts/cards_svg.py draws is what is committed, every face the
page asks for is drawn, every pip layout has its value's pips, and the precache
keeps the art for offline play."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

import cards_svg
import precache
from kabale.cards import SUITS, Card
from kabale.web.views.faces import face_class, face_url
from kabale.web.storage.settings import CARD_BACKS

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"
ALL_CARDS = [Card(value, suit) for suit in SUITS for value in range(1, 14)]


def face(card: Card) -> str:
    """The drawing the page shows for a card, as the script draws it."""
    return cards_svg.files()[face_url(card).removeprefix("assets/cards/")]


def pip_count(text: str) -> int:
    root = ElementTree.fromstring(text)
    return sum(1 for use in root.iter(f"{SVG}use") if str(use.get("href")).startswith("#suit-"))


def test_the_committed_art_is_what_the_script_draws() -> None:
    """Edit scripts/cards_svg.py, then run it: the committed files never drift from it."""
    drawn = cards_svg.files()
    for name, text in drawn.items():
        assert (ROOT / "assets" / "cards" / name).read_text(encoding="utf-8") == text, name
    committed = {str(path.relative_to(ROOT / "assets" / "cards")) for path in (ROOT / "assets" / "cards").rglob("*")
                 if path.is_file()}
    assert committed == set(drawn)  # and nothing the script no longer draws is left behind


def test_every_card_the_page_draws_has_its_face_in_its_colour() -> None:
    for card in ALL_CARDS:
        root = ElementTree.fromstring(face(card))
        assert root.get("viewBox") == f"0 0 {cards_svg.WIDTH} {cards_svg.HEIGHT}"
        assert root.get("fill") == (cards_svg.RED if card.suit.is_red else cards_svg.BLACK)


def test_each_card_s_class_gives_it_its_face_in_the_card_stylesheet() -> None:
    css = (ROOT / "assets" / "css" / "cards.css").read_text(encoding="utf-8")
    assert cards_svg.with_face_rules(css) == css  # the block is as the script writes it
    for card in ALL_CARDS:
        url = "../cards/" + face_url(card).removeprefix("assets/cards/")
        assert f'.card.{face_class(card)} {{ background-image: url("{url}"); }}' in css
        assert (ROOT / "assets" / "css" / url).resolve().is_file()


def test_a_stylesheet_without_the_block_of_faces_is_an_error() -> None:
    with pytest.raises(ValueError):
        cards_svg.with_face_rules(".card { color: red; }")


def test_a_face_names_each_symbol_once_and_every_reference_exists() -> None:
    for card in ALL_CARDS:
        text = face(card)
        names = [str(node.get("id")) for node in ElementTree.fromstring(text).iter() if node.get("id")]
        assert len(names) == len(set(names))
        references = set(re.findall(r'href="#([^"]+)"', text)) | set(re.findall(r"url\(#([^)]+)\)", text))
        assert references and references <= set(names), card
        assert f"suit-{card.suit.letter}" in references


@pytest.mark.parametrize("value", range(1, 11))
def test_a_number_card_shows_as_many_pips_as_its_value(value: int) -> None:
    for suit in SUITS:
        assert pip_count(face(Card(value, suit))) == value


@pytest.mark.parametrize("value, letter", [(11, "J"), (12, "Q"), (13, "K")])
def test_a_court_card_shows_its_figure_twice_once_turned(value: int, letter: str) -> None:
    for suit in SUITS:
        root = ElementTree.fromstring(face(Card(value, suit)))
        figures = [use for use in root.iter(f"{SVG}use") if use.get("href") == f"#court-{letter}"]
        assert len(figures) == 2 and pip_count(face(Card(value, suit))) == 2


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
    selector = "body {" if name == CARD_BACKS[0] else f"body.back-{name} {{"  # the first is the default
    assert f'{selector} --card-back: ' in css and f'url("../cards/back-{name}.svg")' in css


def test_the_precache_keeps_the_art_and_its_stylesheet_for_offline_play() -> None:
    files = precache.build(ROOT).files
    for name in cards_svg.files():
        assert f"assets/cards/{name}" in files
    assert "assets/css/cards.css" in files


def test_the_page_links_the_card_stylesheet() -> None:
    assert '<link rel="stylesheet" href="assets/css/cards.css">' in (ROOT / "index.html").read_text(encoding="utf-8")
