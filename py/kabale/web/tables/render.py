"""Cards as DOM, drawn by the project: a drawn face, and the value and suit in two corners.

Drawing only: these functions take a card's view (kabale.web.views.felt_views.CardView,
where its words, its corner and its classes were decided) and return elements;
they keep no state about a game and never change one. The face is the card's
background image, given by a class (assets/cards/faces.css and faces/, drawn
by scripts/cards_svg.py); the corners are page text in the player's language,
drawn by CSS from data attributes.
"""

from __future__ import annotations

from typing import Any, Callable

from ..dom import Element, h
from ..views.felt_views import CardView


def view_corners(view: CardView) -> tuple[Element, Element]:
    """The printed corners of a face: their signs are drawn by CSS from data attributes (with an
    empty text alternative), so a card's only text is its name, "Ace of diamonds"."""
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


def card_key(index: int) -> str:
    """``data-key`` of the endowment's card at ``index``: the focus and a press's flight find it again."""
    return f"card-{index}"


def card_toggle(view: CardView, corners: Callable[[CardView], tuple[Any, Any]] = view_corners) -> Element:
    """A card of an endowment the player can pick up: a toggle button named after the card, in a
    toolbar with one tab stop (``focused``), dragged with the cards picked up. ``corners`` draws
    its corners (a table may give back the drawings it kept of the same corners)."""
    index = view.index
    assert index is not None, "an endowment's card knows its place"
    return h(
        "button",
        {"type": "button", "class": view.classes, "aria-label": view.words, "data-card": view.key,
         "aria-pressed": "true" if view.picked else "false", "tabindex": "0" if view.focused else "-1",
         "data-action": "card", "data-index": index, "data-key": card_key(index), "data-drag": "true",
         "style": f"--i:{index}"},
        *corners(view),
    )
