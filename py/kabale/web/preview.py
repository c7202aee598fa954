"""Read-only deals for the lobby: what a seed deals, as plain values to draw.

PROVISIONAL: deals straight from the shuffled deck until the game engines land;
then each function asks its engine (same seed, same cards as the table).
"""

from __future__ import annotations

from dataclasses import dataclass

from kabale.cards import Card, double_h_deck, kabalam_deck, new_rng, patience_deck, shuffled


@dataclass(frozen=True)
class KabalaDeal:
    packets: tuple[tuple[Card, ...], ...]  # bottom -> top
    endowment: tuple[Card, ...]


@dataclass(frozen=True)
class DoubleHLayout:
    places: tuple[tuple[int, int, tuple[Card, ...], str], ...]  # (H 0/1, value, cards, frame)
    stock_count: int


def _kabala(deck: list[Card], seed: int) -> KabalaDeal:
    cards = shuffled(deck, new_rng(seed))
    packets = tuple((cards[i], cards[i + 3]) for i in range(3))
    return KabalaDeal(packets, tuple(cards[6:16]))


def kabalam(seed: int) -> KabalaDeal:
    return _kabala(kabalam_deck(), seed)


def patience(seed: int) -> KabalaDeal:
    return _kabala(patience_deck(), seed)


def double_h(seed: int) -> DoubleHLayout:
    cards = shuffled(double_h_deck(), new_rng(seed))
    places = []
    for index in range(26):
        h_index, value = divmod(index, 13)
        card = cards[index]
        frame = "none"
        if card.value == value + 1:
            frame = "right" if card.is_club else "yellow"
        places.append((h_index, value + 1, (card,), frame))
    return DoubleHLayout(tuple(places), 78)
