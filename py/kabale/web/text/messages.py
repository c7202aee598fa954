"""Sentences for the player: card names, the compounded sum, the log, refusals.

Pure Python over kabale.web.text.i18n, so every sentence is tested in CPython in
each language. Nothing here builds HTML: these are plain strings for text nodes.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping, Sequence

from kabale.cards import Card, compounded_sum
from kabale.game import IllegalMove
from kabale.games.kabala.rules import Event

from .i18n import Said, say

Translate = Callable[..., str]


def value_words(value: int) -> Said | str:
    """"Ace", "7", "King", to be said in the player's language (a number is the same in all)."""
    return Said.of(f"value.{value}") if value in (1, 11, 12, 13) else str(value)


def value_name(value: int, t: Translate) -> str:
    """"Ace", "7", "King" in the player's language."""
    return str(say(value_words(value), t))


def card_words(card: Card) -> Said:
    """A card's name, kept to be said in the language of the moment (:class:`kabale.web.text.i18n.Said`)."""
    return Said.of("card.name", value=value_words(card.value), suit=Said.of(f"suit.{card.suit.letter}"))


def card_name(card: Card, t: Translate) -> str:
    """What a screen reader says for a card: "4 of spades", "Ace of clubs"."""
    return card_words(card)(t)


def short_card(card: Card) -> str:
    """A card as printed in a corner with its suit symbol: "4♠", "A♥", "10♦"."""
    return f"{card.value_label}{card.suit.symbol}"


def short_cards(cards: Iterable[Card]) -> str:
    return " ".join(short_card(card) for card in cards)


def sum_explained(face_up: Sequence[Card]) -> str:
    """How the compounded sum is made: "7 + 4 + 2 = 13 → 4", or "3 + 1 + 2 = 6".

    >>> from kabale.cards import cards_from_text
    >>> sum_explained(cards_from_text("7S 4H 2C")), sum_explained(cards_from_text("3S AH 2C"))
    ('7 + 4 + 2 = 13 → 4', '3 + 1 + 2 = 6')
    """
    total = sum(card.value for card in face_up)
    terms = " + ".join(str(card.value) for card in face_up)
    target = compounded_sum(total)
    return f"{terms} = {total}" if total == target else f"{terms} = {total} → {target}"


def plural_value(value: int, t: Translate) -> str:
    """"4s", "Aces" (in English; the other languages say "carte da 4", "4'ere")."""
    return t("plural.value", value=value_name(value, t)) if value != 1 else t("plural.ace")


def refusal(error: IllegalMove, t: Translate) -> str:
    """An IllegalMove in the player's language (its English text when no translation fits)."""
    details = dict(error.details)
    try:
        if error.reason == "bare_value":
            details["target_plural"] = plural_value(int(details.get("target", 0)), t)
            details["value_plural"] = plural_value(int(details.get("value", 0)), t)
        elif error.reason == "build_order":
            details["needed_name"] = card_name(Card.from_text(str(details.get("needed"))), t)
        elif error.reason == "park_order":
            # the rules name the card a park wants beneath (the parking rule is written once, in the engine)
            card, below = Card.from_text(str(details.get("card"))), Card.from_text(str(details.get("wanted"))).suit
            details["suit"], details["below"] = t(f"suit_one.{card.suit.letter}"), t(f"suit_one.{below.letter}")
    except ValueError:
        return error.message
    key = f"illegal.{error.reason}"
    text = t(key, **details)
    return error.message if text == key else text


def seat_name(seat: str, names: Mapping[str, str], t: Translate) -> str:
    return names.get(seat) or t(f"seat.{seat}")


def event_text(event: Event, viewer: str | None, names: Mapping[str, str], t: Translate) -> str | None:
    """One line of a KABALAM hand's log, as ``viewer`` may read it; None for events not worth a line."""
    name = seat_name(event.seat, names, t) if event.seat else ""
    kind = event.kind
    if kind == "draw":
        if event.seat == viewer and event.cards:
            return t("log.draw_you", card=card_name(event.cards[0], t))
        return t("log.draw", name=name)
    if kind == "bare":
        return t("log.bare", name=name, cards=short_cards(event.cards), packet=event.packet)
    if kind == "double":
        top, under = event.cards
        return t("log.double", name=name, a=short_card(top), b=short_card(under), packet=event.packet)
    if kind == "flip":
        return t("log.flip", packet=event.packet, card=card_name(event.cards[0], t))
    if kind == "pass":
        return t("log.pass", name=name, packet=event.packet)
    if kind == "out_with_thirteen" and name == t("you"):
        return t("log.out_with_thirteen_you")  # "You are out", not "You is out"
    if kind in ("yield", "out_with_thirteen", "close"):
        return t(f"log.{kind}", name=name)
    return None


def patience_event_text(event: Event, t: Translate) -> str | None:
    """One line of the patience's log."""
    kind = event.kind
    if kind == "draw" and event.cards:
        return t("log.patience_draw", cards=", ".join(card_name(card, t) for card in event.cards))
    if kind == "bare":
        return t("log.bare", name=t("you"), cards=short_cards(event.cards), packet=event.packet)
    if kind == "double":
        top, under = event.cards
        return t("log.double", name=t("you"), a=short_card(top), b=short_card(under), packet=event.packet)
    if kind == "flip":
        return t("log.flip", packet=event.packet, card=card_name(event.cards[0], t))
    if kind == "pass":
        return t("log.patience_pass", packet=event.packet)
    return None


def placing(points: Mapping[str, Any], seat: str) -> tuple[int, int]:
    """Where ``seat`` finished among ``points`` (points are bad; or any standings that compare,
    less being better): (place, out of how many). Seats with equal points share a place, as in
    sport: 10, 20, 20, 30 finish 1st, 2nd, 2nd, 4th.

    >>> placing({"S": 20, "W": 10, "N": 20, "E": 30}, "N")
    (2, 4)
    >>> placing({"S": (-3, 158), "W": (-3, 159), "E": (-2, 145)}, "S")  # E left the match a hand sooner
    (1, 3)
    """
    return 1 + sum(1 for other in points.values() if other < points[seat]), len(points)


def placing_text(points: Mapping[str, Any], seat: str, t: Translate) -> str:
    """"You finished 2nd of 4" in the player's language."""
    place, count = placing(points, seat)
    return t("end.placing", place=t(f"end.place.{place}"), count=count)
