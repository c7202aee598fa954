"""What KABALAM and Patience Kabalam share on the table: the Kabala, an endowment, the log.

Drawing only. A scene (plain values from the engine and the table's choices)
goes in, elements come out; the table screens own the state.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby
from typing import Callable, Sequence

from kabale.cards import Card

from .dom import Element, h
from .felt_views import EndowmentView, KabalaView, PacketView, Reveal, SumView
from .messages import card_name, sum_explained
from .render import card_button, card_drawn, card_element, card_toggle

Translate = Callable[..., str]

#: How many face-down layers a packet's edge shows at most (its height is also said in words).
MAX_LAYERS = 6


@dataclass(frozen=True)
class KabalaScene:
    face_up: tuple[Card, ...]
    packet_sizes: tuple[int, ...]
    next_flips: tuple[Card | None, ...] | None = None  # the memory aid; None when it is off
    lit: tuple[int, ...] = ()  # packets the picked-up cards can be played on
    passable: tuple[int, ...] = ()  # packets a pass may flip
    reveal: Reveal | None = None
    flipped: int | None = None  # the packet that just flipped (its turning over is a motion cue)


def sum_element(face_up: Sequence[Card], t: Translate) -> Element:
    """The compounded sum, big, with how it is made ("7 + 4 + 2 = 13 → 4")."""
    explained = sum_explained(face_up)
    target = explained.rsplit(" ", 1)[-1]
    return h(
        "div",
        {"class": "kabala-sum", "role": "group", "aria-label": t("kabala.sum", explained=explained)},
        h("span", {"class": "sum-label", "aria-hidden": "true", "text": t("kabala.sum_label")}),
        h("span", {"class": "sum-value", "aria-hidden": "true", "text": target}),
        h("span", {"class": "sum-how", "aria-hidden": "true", "text": explained}),
    )


def packet_element(number: int, scene: KabalaScene, t: Translate) -> Element:
    top = scene.face_up[number - 1]
    size = scene.packet_sizes[number - 1]
    passing = number in scene.passable
    lit = number in scene.lit or passing
    label_key = "kabala.packet_flip_label" if passing else "kabala.packet_label"
    layers = [
        h("span", {"class": "layer", "style": f"--layer:{layer}", "aria-hidden": "true"})
        for layer in range(min(size - 1, MAX_LAYERS), 0, -1)
    ]
    reveal = scene.reveal if scene.reveal and scene.reveal.packet == number else None
    revealed = None
    if reveal:
        revealed = h(
            "div",
            {"class": "reveal", "role": "group", "aria-label": t("kabala.played_by", name=reveal.name)},
            *(card_element(card, t, classes="revealed") for card in reveal.cards),
        )
    memory = None
    if scene.next_flips is not None:
        coming = scene.next_flips[number - 1]
        memory = h("p", {"class": "memory-aid", "text": t("kabala.next_flip", card=card_name(coming, t))
                         if coming else t("kabala.next_flip_unknown")})
    return h(
        "li",
        {"class": "packet"},
        h(
            "button",
            {
                "type": "button",
                "class": "packet-button lit" if lit else "packet-button",
                "data-action": "packet",
                "data-packet": number,
                "data-key": f"packet-{number}",
                "aria-label": t(label_key, number=number, card=card_name(top, t), count=size),
            },
            h("span", {"class": "packet-stack"}, *layers, card_element(top, t, classes="top"), revealed),
        ),
        h("span", {"class": "packet-label", "aria-hidden": "true", "text": t("kabala.packet", number=number)}),
        memory,
    )


def kabala_element(scene: KabalaScene, t: Translate) -> Element:
    """The three packets, each a button: play the picked-up cards on it, or flip it when passing."""
    return h(
        "ul",
        {"class": "kabala", "aria-label": t("kabala.heading")},
        *(packet_element(number, scene, t) for number in range(1, len(scene.face_up) + 1)),
    )


def endowment_element(cards: Sequence[Card], selected: frozenset[int], focus: int, t: Translate, label: str,
                      playable: frozenset[int] = frozenset()) -> Element:
    """An endowment face up, grouped by value, each card a toggle in a toolbar with one
    tab stop (arrows move between cards, Space or Enter picks one up); the cards at the
    places in ``playable`` are lit, as Double H lights the places a card can go."""
    groups = []
    for _value, group in groupby(enumerate(cards), key=lambda item: item[1].value):
        items = [
            card_button(
                card,
                t,
                {
                    "aria-pressed": "true" if index in selected else "false",
                    "tabindex": "0" if index == focus else "-1",
                    "data-action": "card",
                    "data-index": index,
                    "data-key": f"card-{index}",
                    "data-drag": "true",
                    "style": f"--i:{index}",
                },
                " ".join(name for name, on in (("picked", index in selected), ("playable", index in playable)) if on),
            )
            for index, card in group
        ]
        groups.append(h("div", {"class": "value-group"}, *items))
    return h("div", {"class": "endowment", "role": "toolbar", "aria-label": label}, *groups)


def sum_drawn(view: SumView) -> Element:
    """The compounded sum, big, with how it is made ("7 + 4 + 2 = 13 → 4")."""
    return h(
        "div",
        {"class": "kabala-sum", "role": "group", "aria-label": view.words},
        h("span", {"class": "sum-label", "aria-hidden": "true", "text": view.label}),
        h("span", {"class": "sum-value", "aria-hidden": "true", "text": view.value}),
        h("span", {"class": "sum-how", "aria-hidden": "true", "text": view.explained}),
    )


def packet_drawn(view: PacketView, beside: Element | None = None) -> Element:
    """A packet: a button (play the picked-up cards on it, or flip it when passing) holding its
    stack, the face-down layers under the top card and the play shown on it; its name; the
    memory aid; ``beside``: the words a hint says of it."""
    layers = [h("span", {"class": "layer", "style": f"--layer:{layer}", "aria-hidden": "true"})
              for layer in range(view.layers, 0, -1)]
    revealed = None
    if view.reveal is not None:
        revealed = h("div", {"class": "reveal", "role": "group", "aria-label": view.reveal.words},
                     *(card_drawn(card) for card in view.reveal.cards))
    return h(
        "li",
        {"class": " ".join(("packet", *view.marks))},
        h(
            "button",
            {"type": "button", "class": "packet-button lit" if view.lit else "packet-button", "data-action": "packet",
             "data-packet": view.number, "data-key": view.key, "aria-label": view.label},
            h("span", {"class": "packet-stack"}, *layers, card_drawn(view.top), revealed),
        ),
        h("span", {"class": "packet-label", "aria-hidden": "true", "text": view.name}),
        h("p", {"class": "memory-aid", "text": view.memory}) if view.memory is not None else None,
        beside,
    )


def kabala_drawn(view: KabalaView, beside: dict[int, Element] | None = None) -> Element:
    """The three packets (``beside``: what stands at a packet, by number: a hint's words)."""
    beside = beside or {}
    return h("ul", {"class": "kabala", "aria-label": view.heading},
             *(packet_drawn(packet, beside.get(packet.number)) for packet in view.packets))


def endowment_drawn(view: EndowmentView) -> Element:
    """An endowment face up, grouped by value, each card a toggle in a toolbar with one tab stop
    (arrows move between cards, Space or Enter picks one up)."""
    return h("div", {"class": "endowment", "role": "toolbar", "aria-label": view.label},
             *(h("div", {"class": "value-group"}, *(card_toggle(card) for card in group)) for group in view.groups))


def log_element(lines: Sequence[str], t: Translate, *, limit: int = 40, open_: bool = False) -> Element:
    """What happened, the latest first (so the latest is always in view without scrolling), the
    latest ``limit`` lines only (the full history is in the game). A side panel on a wide
    screen; on a narrow one a drawer that shows the latest line until its heading opens it
    (``open_``: the table keeps that choice, not the DOM)."""
    shown = lines[-limit:]
    return h(
        "section",
        {"class": "log open" if open_ else "log", "aria-labelledby": "log-heading"},
        h("h3", {"id": "log-heading"},
          h("button", {"type": "button", "class": "log-toggle", "data-action": "log", "data-key": "log",
                       "aria-expanded": "true" if open_ else "false", "aria-controls": "log-lines",
                       "text": t("table.log")})),
        h("ol", {"class": "log-lines", "id": "log-lines", "reversed": True, "start": len(lines),
                 "tabindex": "0", "aria-live": "polite", "aria-labelledby": "log-heading"},
          *(h("li", {"text": line}) for line in reversed(shown))),
    )
