"""Cards as DOM, drawn by the project: a drawn face, and the value and suit in two corners.

Drawing only: these functions take engine values and return elements; they
keep no state about a game and never change one. The face is the card's
background image, given by a class (assets/cards/faces.css and faces/, drawn
by scripts/cards_svg.py); the corners are page text in the player's language,
drawn by CSS from data attributes.
"""

from __future__ import annotations

from typing import Any, Callable

from kabale.cards import Card

from .dom import Element, h
from .faces import corner_index, face_class
from .felt_views import CardView
from .messages import card_name

Translate = Callable[..., str]


def card_faces(card: Card, t: Translate) -> tuple[Element, Element]:
    """The printed corners of a card face (the pips or figure are its background image).

    Their signs are drawn by CSS from data attributes (with an empty text
    alternative), so a card's only text is its name: "Ace of diamonds".
    """
    corner = {"data-value": corner_index(card, t), "data-suit": card.suit.symbol}
    return (h("span", {**corner, "class": "corner top"}), h("span", {**corner, "class": "corner bottom"}))


def card_classes(card: Card, extra: str = "") -> str:
    """A face-up card's classes: its colour and its face (the drawing, assets/cards/faces.css)."""
    return f"card {'red' if card.suit.is_red else 'black'} {face_class(card)} {extra}".strip()


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
        {"type": "button", "class": card_classes(card, classes), "aria-label": card_name(card, t), "data-card": str(card),
         **props},
        *card_faces(card, t),
    )


def view_corners(view: CardView) -> tuple[Element, Element]:
    """The printed corners of a face-up card's view (see ``card_faces``)."""
    assert view.card is not None
    corner = {"data-value": view.corner, "data-suit": view.card.suit.symbol}
    return (h("span", {**corner, "class": "corner top"}), h("span", {**corner, "class": "corner bottom"}))


def card_drawn(view: CardView) -> Element:
    """A card to look at (not to press), drawn from its view: a face is an image named after the
    card (its ``data-card`` is the key the motion follows); a back is one too, unless it is
    decoration (no words); an empty place is hidden from screen readers."""
    if view.card is None or not view.words:
        return h("div", {"class": view.classes, "aria-hidden": "true"})
    if not view.face_up:
        return h("div", {"class": view.classes, "role": "img", "aria-label": view.words})
    return h("div", {"class": view.classes, "role": "img", "aria-label": view.words, "data-card": view.key},
             *view_corners(view))


def card_toggle(view: CardView) -> Element:
    """A card of an endowment the player can pick up: a toggle button named after the card, in a
    toolbar with one tab stop (``focused``), dragged with the cards picked up."""
    index = view.index
    return h(
        "button",
        {"type": "button", "class": view.classes, "aria-label": view.words, "data-card": view.key,
         "aria-pressed": "true" if view.picked else "false", "tabindex": "0" if view.focused else "-1",
         "data-action": "card", "data-index": index, "data-key": f"card-{index}", "data-drag": "true",
         "style": f"--i:{index}"},
        *view_corners(view),
    )
