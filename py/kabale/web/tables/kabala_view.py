"""What KABALAM and Patience Kabalam share on the table: the Kabala, an endowment, the log.

Drawing only. The view models of kabale.web.views.felt_views (plain values made from the
engine and the table's choices) go in, elements come out; the table screens own
the state.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from ..dom import Element, h
from ..views.felt_views import DRAW_PILE, ENDOWMENT, CardView, EndowmentView, KabalaView, PacketView, SumView
from .render import card_drawn, card_key, card_toggle, view_corners

Translate = Callable[..., str]


def draw_pile_drawn(words: str, label: str) -> Element:
    """The draw pile over the Kabala, in words ("Draw pile: 18"): where a deal's and a draw's cards
    come from (its key: the motion of a press on Draw starts there)."""
    return h("p", {"class": "draw-pile", "data-key": DRAW_PILE, "aria-label": label, "text": words})


def sum_drawn(view: SumView) -> Element:
    """The compounded sum, big, with how it is made ("7 + 4 + 2 = 13 → 4")."""
    return h(
        "div",
        {"class": "kabala-sum", "role": "group", "aria-label": view.words},
        h("span", {"class": "sum-label", "aria-hidden": "true", "text": view.label}),
        h("span", {"class": "sum-value", "aria-hidden": "true", "text": view.value}),
        h("span", {"class": "sum-how", "aria-hidden": "true", "text": view.explained}),
    )


def packet_drawn(view: PacketView, beside: Element | None = None,
                 card: Callable[[CardView], Any] = card_drawn) -> Element:
    """A packet: a button (play the picked-up cards on it, or flip it when passing) holding its
    stack, the face-down layers under the top card and the play shown on it; its name; the
    memory aid; ``beside``: the words a hint says of it. ``card`` draws a card (a table may give
    back the drawing it kept of the same card in the same look)."""
    layers = [h("span", {"class": "layer", "style": f"--layer:{layer}", "aria-hidden": "true"})
              for layer in range(view.layers, 0, -1)]
    revealed = None
    if view.reveal is not None:
        revealed = h("div", {"class": "reveal", "role": "group", "aria-label": view.reveal.words},
                     *(card(shown) for shown in view.reveal.cards))
    return h(
        "li",
        {"class": " ".join(("packet", *view.marks))},
        h(
            "button",
            {"type": "button", "class": "packet-button lit" if view.lit else "packet-button", "data-action": "packet",
             "data-packet": view.number, "data-key": view.key, "aria-label": view.label,
             # the cards a press sends here, by their keys (assets/js/motion.js sets them flying at the click)
             "data-flies": " ".join(card_key(index) for index in view.flies) or None,
             "data-turns": "true" if view.turns else None},  # a pass: its stack starts turning at the click
            h("span", {"class": "packet-stack"}, *layers, card(view.top), revealed),
        ),
        h("span", {"class": "packet-label", "aria-hidden": "true", "text": view.name}),
        h("p", {"class": "memory-aid", "text": view.memory}) if view.memory is not None else None,
        beside,
    )


def kabala_drawn(view: KabalaView, beside: dict[int, Element] | None = None,
                 packet: Callable[[PacketView], Element] | None = None) -> Element:
    """The three packets (``beside``: what stands at a packet, by number: a hint's words;
    ``packet`` draws a packet with nothing beside it: a table may give back the drawing it kept)."""
    beside = beside or {}
    return h("ul", {"class": "kabala", "aria-label": view.heading},
             *(packet(shown) if packet is not None and shown.number not in beside
               else packet_drawn(shown, beside.get(shown.number)) for shown in view.packets))


def value_group_drawn(group: Sequence[CardView],
                      corners: Callable[[CardView], tuple[Any, Any]] = view_corners) -> Element:
    """The endowment's cards of one value (``corners``: as ``card_toggle``)."""
    return h("div", {"class": "value-group"}, *(card_toggle(card, corners) for card in group))


def endowment_drawn(view: EndowmentView,
                    group: Callable[[tuple[CardView, ...]], Element] = value_group_drawn) -> Element:
    """An endowment face up, grouped by value, each card a toggle in a toolbar with one tab stop
    (arrows move between cards, Space or Enter picks one up). ``group`` draws the cards of a
    value (a table may give back the drawing it kept of the same cards)."""
    return h("div", {"class": "endowment", "role": "toolbar", "aria-label": view.label, "data-roving": "line",
                     "data-key": ENDOWMENT},
             *(group(cards) for cards in view.groups))


def face_drawn(view: CardView) -> Element:
    """A card's face to look at, small, away from the felt (the cards left in a hand at its end):
    named, with its corners, but with no ``data-card``, so the motion (assets/js/motion.js) never
    takes it for a card of the table that moved there."""
    return h("span", {"class": view.classes, "role": "img", "aria-label": view.words}, *view_corners(view))


def line_drawn(number: int, line: str) -> Element:
    """A line of the log, with its number: a new line is held back until the motion of its event
    lands (assets/js/motion.js hides it by its number meanwhile), and the lines under it keep theirs."""
    return h("li", {"value": number, "text": line})


def log_element(lines: Sequence[str], t: Translate, *, limit: int = 40, open_: bool = False,
                line: Callable[[int, str], Element] = line_drawn) -> Element:
    """What happened, the latest first (so the latest is always in view without scrolling), the
    latest ``limit`` lines only (the full history is in the game). A side panel on a wide
    screen; on a narrow one a drawer that shows the latest line until its heading opens it
    (``open_``: the table keeps that choice, not the DOM). ``line`` draws a line and its number
    (a table may give back the drawing it kept of the same line)."""
    shown = lines[-limit:]
    first = len(lines) - len(shown) + 1
    return h(
        "section",
        {"class": "log open" if open_ else "log", "aria-labelledby": "log-heading"},
        h("h3", {"id": "log-heading"},
          h("button", {"type": "button", "class": "log-toggle", "data-action": "log", "data-key": "log",
                       "aria-expanded": "true" if open_ else "false", "aria-controls": "log-lines",
                       "text": t("table.log")})),
        h("ol", {"class": "log-lines", "id": "log-lines", "reversed": True, "start": len(lines),
                 "tabindex": "0", "aria-live": "polite", "aria-labelledby": "log-heading"},
          *(line(first + offset, text) for offset, text in reversed(list(enumerate(shown))))),
    )
