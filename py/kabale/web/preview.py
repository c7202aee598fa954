"""A read-only Double H deal, until its table exists.

PROVISIONAL: deals straight from the shuffled deck until the Double H engine
lands; then it asks the engine (same seed, same cards as the table).
"""

from __future__ import annotations

from dataclasses import dataclass

from kabale.cards import Card, double_h_deck, new_rng, shuffled


@dataclass(frozen=True)
class DoubleHLayout:
    places: tuple[tuple[int, int, tuple[Card, ...], str], ...]  # (H 0/1, value, cards, frame)
    stock_count: int


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
