"""Cards as DOM, drawn by the project: value and suit in the corners, a large suit in the middle.

Drawing only: these functions take engine values and return elements; they
keep no state and never change a game.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from kabale.cards import Card, value_label

from .dom import Element, h
from .messages import card_name

Translate = Callable[..., str]


def card_faces(card: Card) -> tuple[Element, Element, Element]:
    """The printed parts of a card face. Their signs are drawn by CSS from data attributes
    (with an empty text alternative), so a card's only text is its name: "Ace of diamonds"."""
    corner = {"class": "corner", "data-value": card.value_label, "data-suit": card.suit.symbol}
    return (
        h("span", {**corner, "class": "corner top"}),
        h("span", {"class": "pip", "data-suit": card.suit.symbol}),
        h("span", {**corner, "class": "corner bottom"}),
    )


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
        *card_faces(card),
    )


def card_button(card: Card, t: Translate, props: dict[str, Any], classes: str = "") -> Element:
    """A card the player can pick up: a toggle button named after the card."""
    return h(
        "button",
        {"type": "button", "class": card_classes(card, classes), "aria-label": card_name(card, t), "data-card": str(card), **props},
        *card_faces(card),
    )


def place_frame_class(frame: str) -> str:
    """CSS class of a Double H frame: right (red), complete (dark red), yellow, none."""
    return f"frame-{frame}" if frame in ("right", "complete", "yellow") else ""


def double_h_element(places: Sequence[tuple[int, int, Sequence[Card], str]], t: Translate) -> Element:
    """The two H's; ``places`` holds (h_index 0/1, value, cards bottom->top, frame)."""
    shapes = []
    for side_index, side in enumerate(("left", "right")):
        cells = []
        for h_index, value, cards, frame in places:
            if h_index != side_index:
                continue
            top = cards[-1] if cards else None
            side_name = t(f"double_h.side.{side}")
            label = (
                t("double_h.place_label", value=value_label(value), side=side_name, card=card_name(top, t))
                if top
                else t("double_h.place_label_empty", value=value_label(value), side=side_name)
            )
            cells.append(
                h("div", {"class": "place", "data-value": value, "role": "group", "aria-label": label},
                  h("span", {"class": "place-value", "aria-hidden": "true", "text": value_label(value)}),
                  card_element(top, t, classes=place_frame_class(frame)))
            )
        shapes.append(h("section", {"class": "h-shape", "aria-label": t(f"double_h.{side}")}, *cells))
    return h("div", {"class": "double-h"}, *shapes)
