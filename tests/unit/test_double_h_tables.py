"""Tables for the Double H tests: a position written as the places that matter.

``table({"4L": "4S 4D 4C"}, waste="7H")`` puts those piles down (bottom card
first); every other place gets as much of the build of its value as is still
free, from the club up (a complete build stays out of the way), and the cards
left over go to the stock after ``stock`` (or to the bottom of the waste).
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Mapping

import pytest

from kabale.cards import SUITS, Card, cards_from_text, double_h_deck
from kabale.games.double_h.rules import PLACES, DoubleH, Place


def table(
    places: Mapping[str, str] | None = None,
    waste: str = "",
    stock: str = "",
    round_number: int = 1,
    empty: Iterable[str] = (),
    rest: str = "stock",
) -> DoubleH:
    piles: list[list[Card] | None] = [None] * 26
    for name, text in (places or {}).items():
        piles[Place.from_text(name).index] = cards_from_text(text)
    for name in empty:
        piles[Place.from_text(name).index] = []
    waste_cards, stock_cards = cards_from_text(waste), cards_from_text(stock)
    used = Counter(card for pile in piles if pile for card in pile) + Counter(waste_cards) + Counter(stock_cards)
    free = Counter(double_h_deck())
    free.subtract(used)
    if any(count < 0 for count in free.values()):
        raise ValueError(f"more than two copies of {[str(c) for c, n in free.items() if n < 0]}")
    for index, pile in enumerate(piles):
        if pile is None:
            build = []
            for suit in SUITS:  # as much of the build as is free, from the club up
                card = Card(PLACES[index].value, suit)
                if free[card] < 1:
                    break
                free[card] -= 1
                build.append(card)
            if not build:
                raise ValueError(f"say what lies on {PLACES[index]}")
            piles[index] = build
    left = sorted(free.elements(), key=lambda card: (card.value, card.suit.build_index))
    if rest == "stock":
        stock_cards += left
    else:
        waste_cards = left + waste_cards
    return DoubleH([pile or [] for pile in piles], stock_cards, waste_cards, round_number)


def test_a_table_holds_the_104_cards_with_the_rest_in_the_stock() -> None:
    game = table({"4L": "4S 4D 4C", "7R": "7C"}, waste="7H")
    assert game.pile("4L") == tuple(cards_from_text("4S 4D 4C"))
    assert game.pile("4R") == tuple(cards_from_text("4C 4D 4S 4H"))
    assert game.waste == tuple(cards_from_text("7H"))
    assert sorted(map(str, game.stock)) == ["4H", "7D", "7S"]
    game.position().validate()


def test_a_table_refuses_a_third_copy() -> None:
    with pytest.raises(ValueError):
        table({"4L": "4S", "4R": "4S"}, waste="4S")
