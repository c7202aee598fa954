"""When is a game of Double H lost? (RULES.md section 4, "End".)

Parking alone never keeps a game alive, so the game is lost when, however the
movable cards are parked, no card can go to a build or to an empty place, no
yellow pile can be turned over, and neither a draw nor a new round is
possible. This module searches that parking-only closure exactly.

It stays small because parking never mixes values: every pile holds cards of
one value, and a card parks only on its own value. So the closure is searched
value by value (a handful of configurations each), and the values are
combined afterwards. Only the waste links them: parking its top card shows
the next one, so the waste is followed card by card on top of the per-value
closures.
"""

from __future__ import annotations

from typing import Sequence

from kabale.cards import Card
from kabale.games.double_h.moves import LAST_ROUND, PARKS_ON, PLACE_VALUES

__all__ = ["is_dead_end", "is_dead_end_of_codes", "may_be_dead_end"]

CLUB = 0

# A configuration of one value: the non-right piles holding cards of that
# value, as (place index, cards bottom..top) sorted by place, each card
# ``value << 2 | suit`` (the terms of :func:`kabale.games.double_h.moves.parks_on`);
# () is a place that parking has emptied.
Config = tuple[tuple[int, tuple[int, ...]], ...]


def _parkings(config: Config) -> list[Config]:
    """Every configuration one parking (pile to pile, same value) away."""
    result = []
    for i, (source, source_cards) in enumerate(config):
        if not source_cards:
            continue
        card = source_cards[-1]
        below = PARKS_ON[card]
        for j, (target, target_cards) in enumerate(config):
            if i == j or not target_cards or target_cards[-1] != below:
                continue
            piles = list(config)
            piles[i] = (source, source_cards[:-1])
            piles[j] = (target, target_cards + (card,))
            result.append(tuple(piles))
    return result


def _closure(start: Config) -> frozenset[Config]:
    seen = {start}
    todo = [start]
    while todo:
        for following in _parkings(todo.pop()):
            if following not in seen:
                seen.add(following)
                todo.append(following)
    return frozenset(seen)


def is_dead_end(
    piles: Sequence[Sequence[Card]],
    stock_count: int,
    waste: Sequence[Card],
    round_number: int,
    last_round: int = LAST_ROUND,
) -> bool:
    """True when the position is lost: nothing but parking can ever be played.

    ``piles`` are the 26 places (index as :data:`kabale.games.double_h.moves.PLACES`),
    bottom card first; ``waste`` ends with its top card.
    """
    return is_dead_end_of_codes([tuple(card.value << 2 | card.suit.build_index for card in pile) for pile in piles],
                                stock_count, [card.value << 2 | card.suit.build_index for card in waste],
                                round_number, last_round)


def may_be_dead_end(stock_count: int, waste: bool, empty: bool, round_number: int,
                    last_round: int = LAST_ROUND) -> bool:
    """False when the counts alone show the game goes on (a draw, the next round, or the waste's
    top card to an empty place); the core asks this before it lays out the piles for the rest."""
    if stock_count:
        return False  # a draw is possible, or the waste can fill an empty place
    if waste and round_number < last_round:
        return False  # the next round
    return not (empty and waste)  # the waste's top card may go to any empty place


def is_dead_end_of_codes(
    piles: Sequence[Sequence[int]],
    stock_count: int,
    waste_cards: Sequence[int],
    round_number: int,
    last_round: int = LAST_ROUND,
) -> bool:
    """:func:`is_dead_end` on cards as ``value << 2 | suit`` (the core's terms)."""
    empty_now = {index for index, pile in enumerate(piles) if not pile}
    if not may_be_dead_end(stock_count, bool(waste_cards), bool(empty_now), round_number, last_round):
        return False


    wanted: dict[int, set[int]] = {value: set() for value in range(1, 14)}
    starts: dict[int, list[tuple[int, tuple[int, ...]]]] = {value: [] for value in range(1, 14)}
    for index, pile in enumerate(piles):
        if not pile:
            continue
        bottom = pile[0]
        value = bottom >> 2
        if bottom & 3 == CLUB and value == PLACE_VALUES[index]:
            if len(pile) < 4:
                wanted[value].add(value << 2 | len(pile))  # the next card of the build
            continue
        starts[value].append((index, tuple(pile)))
    closures = {value: _closure(tuple(starts[value])) for value in range(1, 14)}
    searched: set[tuple[int, tuple[frozenset[Config], ...]]] = set()

    def progress(closures: dict[int, frozenset[Config]], waste_left: int) -> bool:
        key = (waste_left, tuple(closures[value] for value in range(1, 14)))
        if key in searched:
            return False
        searched.add(key)
        club_reachable: set[int] = set()  # values whose club can be a top card
        emptied: dict[int, set[int]] = {}  # value of the parked cards -> places they can empty
        for value, configs in closures.items():
            for config in configs:
                tops = [cards[-1] for _, cards in config if cards]
                if any(top in wanted[value] for top in tops):
                    return True  # a build
                gone = {index for index, cards in config if not cards}
                own_empty = any(PLACE_VALUES[i] == value for i in gone | empty_now)
                for index, cards in config:
                    if cards and cards[-1] & 3 == CLUB:
                        club_reachable.add(value)
                        if PLACE_VALUES[index] == value:
                            return True  # a yellow pile grown down to its club: turn it over
                        if own_empty:
                            return True  # the club to an empty place of its value
                if gone:
                    emptied.setdefault(value, set()).update(gone)
        if waste_left and emptied:
            return True  # the waste's top card to the emptied place
        for value in club_reachable:
            places = set(empty_now)
            for other, gone in emptied.items():
                if other != value:
                    places |= gone
            if any(PLACE_VALUES[i] == value for i in places):
                return True  # the club to a place another value's parking emptied
        if not waste_left:
            return False
        card = waste_cards[waste_left - 1]
        value, below = card >> 2, PARKS_ON[card]
        if card in wanted[value]:
            return True  # the waste's top card onto a build
        for config in closures[value]:
            for i, (index, cards) in enumerate(config):
                if cards and cards[-1] == below:
                    piles_after = list(config)
                    piles_after[i] = (index, cards + (card,))
                    parked = dict(closures)
                    parked[value] = _closure(tuple(piles_after))
                    if progress(parked, waste_left - 1):
                        return True
        return False

    return not progress(closures, len(waste_cards))
