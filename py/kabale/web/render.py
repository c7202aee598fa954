"""Game pieces as DOM: cards, the Kabala, an endowment, the two H's.

Drawing only: these functions take engine values and return elements; they
keep no state and never change a game.
"""

from __future__ import annotations

from itertools import groupby
from typing import Callable, Sequence

from kabale.cards import Card, value_label

from .dom import Element, h

Translate = Callable[..., str]


def card_element(card: Card | None, t: Translate, *, face_up: bool = True, classes: str = "") -> Element:
    """A playing card drawn in CSS: value and suit in two corners, a large suit in the middle."""
    if card is None:
        return h("div", {"class": f"card empty {classes}".strip(), "aria-hidden": "true"})
    if not face_up:
        return h("div", {"class": f"card back {classes}".strip(), "role": "img", "aria-label": t("card.face_down")})
    colour = "red" if card.suit.is_red else "black"
    corner = (card.value_label, card.suit.symbol)
    return h(
        "div",
        {"class": f"card {colour} {classes}".strip(), "role": "img", "aria-label": card.name(), "data-card": str(card)},
        h("span", {"class": "corner top", "aria-hidden": "true"}, h("span", {"text": corner[0]}), h("span", {"text": corner[1]})),
        h("span", {"class": "pip", "aria-hidden": "true", "text": card.suit.symbol}),
        h("span", {"class": "corner bottom", "aria-hidden": "true"}, h("span", {"text": corner[0]}), h("span", {"text": corner[1]})),
    )


def kabala_element(packets: Sequence[Sequence[Card]], t: Translate) -> Element:
    """The three packets: each its face-up top card over the face-down rest."""
    items = []
    for number, packet in enumerate(packets, start=1):
        top = packet[-1] if packet else None
        label = t("kabala.packet_label", number=number, card=top.name() if top else "-", count=len(packet))
        stack = h(
            "div",
            {"class": "packet-stack"},
            card_element(packet[0], t, face_up=False, classes="under") if len(packet) > 1 else None,
            card_element(top, t, classes="over"),
        )
        items.append(
            h("li", {"class": "packet", "aria-label": label},
              stack, h("span", {"class": "packet-label", "aria-hidden": "true", "text": t("kabala.packet", number=number)}))
        )
    return h("ul", {"class": "kabala", "role": "list", "aria-label": t("kabala.heading")}, *items)


def endowment_element(cards: Sequence[Card], t: Translate, label: str) -> Element:
    """An endowment face up, grouped by value (equal values stacked, as the original says)."""
    ordered = sorted(cards, key=lambda card: (card.value, card.suit.build_index))
    groups = [
        h("li", {"class": "value-group"}, *(card_element(card, t) for card in group))
        for _, group in groupby(ordered, key=lambda card: card.value)
    ]
    return h("ul", {"class": "endowment", "role": "list", "aria-label": label}, *groups)


def place_frame_class(frame: str) -> str:
    """CSS class of a Double H frame: right (red), complete (dark red), yellow, none."""
    return f"frame-{frame}" if frame in ("right", "complete", "yellow") else ""


def double_h_element(
    places: Sequence[tuple[int, int, Sequence[Card], str]], t: Translate
) -> Element:
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
                t("double_h.place_label", value=value_label(value), side=side_name, card=top.name())
                if top
                else t("double_h.place_label_empty", value=value_label(value), side=side_name)
            )
            cells.append(
                h("div", {"class": "place", "data-value": value, "role": "group", "aria-label": label},
                  h("span", {"class": "place-value", "aria-hidden": "true", "text": value_label(value)}),
                  card_element(top, t, classes=place_frame_class(frame)))
            )
        shapes.append(
            h("section", {"class": "h-shape", "aria-label": t(f"double_h.{side}")}, *cells)
        )
    return h("div", {"class": "double-h"}, *shapes)
