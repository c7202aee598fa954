"""Cards as DOM, drawn by the project: a drawn face, and the value and suit in two corners.

Drawing only: these functions take engine values and return elements; they
keep no state about a game and never change one. The art is one SVG sprite
(assets/cards/cards.svg, drawn by scripts/cards_svg.py) shown through
``<svg><use href=...>``; the corner value is page text in the player's language.
"""

from __future__ import annotations

from typing import Any, Callable

from kabale.cards import Card

from .dom import Element, document, h
from .faces import corner_index, face_href, suit_href
from .messages import card_name

Translate = Callable[..., str]

SVG_NAMESPACE = "http://www.w3.org/2000/svg"

#: One drawn face per card and corner letter, cloned for every card shown: a clone is
#: one call into the browser, where building the nine elements of a face is nine.
_face_parts: dict[tuple[str, str], tuple[Element, Element, Element]] = {}


def drawing(href: str, classes: str) -> Element:
    """``<svg class=..><use href=..></svg>``: a symbol of the sprite, hidden from assistive
    technology (the card carries the name) and out of the tab order."""
    svg = document.createElementNS(SVG_NAMESPACE, "svg")
    svg.setAttribute("class", classes)
    svg.setAttribute("aria-hidden", "true")
    svg.setAttribute("focusable", "false")
    use = document.createElementNS(SVG_NAMESPACE, "use")
    use.setAttribute("href", href)
    svg.appendChild(use)
    return svg


def card_faces(card: Card, t: Translate) -> tuple[Element, Element, Element]:
    """The printed parts of a card face: the pips or figure, then the corners over them.

    The corner value is drawn by CSS from a data attribute (with an empty text
    alternative) and the signs are hidden SVG, so a card's only text is its name:
    "Ace of diamonds".
    """
    index = corner_index(card, t)
    key = (str(card), index)
    parts = _face_parts.get(key)
    if parts is None:
        def corner(position: str) -> Element:
            return h("span", {"class": f"corner {position}", "data-value": index}, drawing(suit_href(card), "suit"))

        parts = (drawing(face_href(card), "face"), corner("top"), corner("bottom"))
        _face_parts[key] = parts
    return (parts[0].cloneNode(True), parts[1].cloneNode(True), parts[2].cloneNode(True))


def card_classes(card: Card, extra: str = "") -> str:
    return f"card {'red' if card.suit.is_red else 'black'} {extra}".strip()


def card_element(card: Card | None, t: Translate, *, face_up: bool = True, classes: str = "") -> Element:
    """A card to look at (not to press): an image with the card's name."""
    if card is None:
        return h("div", {"class": f"card empty {classes}".strip(), "aria-hidden": "true"})
    if not face_up:
        return h("div", {"class": f"card back {classes}".strip(), "role": "img", "aria-label": t("card.face_down")})
    return h(
        "div",
        {"class": card_classes(card, classes), "role": "img", "aria-label": card_name(card, t), "data-card": str(card)},
        *card_faces(card, t),
    )


def card_button(card: Card, t: Translate, props: dict[str, Any], classes: str = "") -> Element:
    """A card the player can pick up: a toggle button named after the card."""
    return h(
        "button",
        {"type": "button", "class": card_classes(card, classes), "aria-label": card_name(card, t), "data-card": str(card), **props},
        *card_faces(card, t),
    )
