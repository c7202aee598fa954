"""From the cards a player picked up to the move they make on a packet.

Pure Python: the table asks which packets light up for a selection and which
move a click (or a drop) on a packet means; the engine still has the last word.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from kabale.cards import Card
from kabale.game import IllegalMove
from kabale.games.kabala.rules import PACKETS, Move


def play_for(selected: Sequence[Card], packet: int, target: int) -> Move:
    """The play these cards make on ``packet``: a Bare Descent when they share the
    target's value (or are of one value and not two), else a Double of two.

    >>> from kabale.cards import cards_from_text
    >>> str(play_for(cards_from_text("4S 4H"), 2, 4)), str(play_for(cards_from_text("2S 2H"), 1, 4))
    ('bare 4S 4H on 2', 'double 2S+2H on 1')
    >>> str(play_for(cards_from_text("3H AS"), 3, 4))
    'double AS+3H on 3'
    """
    if not selected:
        raise IllegalMove("Pick up the cards to play first", "pick_cards")
    values = {card.value for card in selected}
    if len(selected) == 2 and (len(values) == 2 or selected[0].value != target):
        return Move.double_cards(selected[0], selected[1], packet=packet)
    return Move.bare_cards(selected, packet=packet)


def playable_packets(selected: Sequence[Card], legal_moves: Iterable[Move], target: int) -> tuple[int, ...]:
    """The packets on which the selection is a legal play (they light up)."""
    if not selected:
        return ()
    legal = set(legal_moves)
    packets = []
    for packet in range(1, PACKETS + 1):
        try:
            move = play_for(selected, packet, target)
        except IllegalMove:
            return ()
        if move in legal:
            packets.append(packet)
    return tuple(packets)


def playable_cards(cards: Sequence[Card], legal_moves: Iterable[Move]) -> frozenset[int]:
    """The places in an endowment of the cards that some legal play plays (lit when the player
    asks for it): a card is playable when its value is among a legal Bare Descent's or Double's
    values. The engine lists plays by value, suits never matter, so every card of such a value
    can be the one played.

    >>> from kabale.cards import cards_from_text
    >>> sorted(playable_cards(cards_from_text("2S 3H 3D 7C"), [Move.double(2, 7, packet=1), Move.draw()]))
    [0, 3]
    """
    values = {value for move in legal_moves if move.is_play for value in move.values}
    return frozenset(index for index, card in enumerate(cards) if card.value in values)


def play_cards(cards: Sequence[Card], move: Move) -> list[int]:
    """The places in an endowment of the cards a play lays, as a review's jump marks them: one
    card a value the move names (moves name values, not suits), the first such in the endowment.

    >>> from kabale.cards import cards_from_text
    >>> play_cards(cards_from_text("2H 4S 4D 5C"), Move.double(4, 5, packet=1))
    [1, 3]
    >>> play_cards(cards_from_text("7H 8S 7D"), Move.bare(7, 2, packet=2)), play_cards(cards_from_text("7H"), Move.pass_flip(1))
    ([0, 2], [])
    """
    places: list[int] = []
    for value in move.values if move.is_play else ():
        places.append(next(i for i, card in enumerate(cards) if card.value == value and i not in places))
    return places


def follow_hint(cards: Sequence[Card], move: Move, packet: int, selected: frozenset[int]) -> Move | None:
    """The move a press on ``packet`` makes when it follows the Hint's ``move`` (None: it does
    not; the usual rules apply): the press is on the hint's packet and the cards picked up are
    none or some of those the hint marks (:func:`play_cards`), so "tap the packet" and "tap the
    marked cards, then the packet" both play it. A play is made with the very cards marked.

    >>> from kabale.cards import cards_from_text
    >>> hand, double = cards_from_text("AS 2H 3D 3C"), Move.double(1, 3, packet=2)
    >>> str(follow_hint(hand, double, 2, frozenset())), str(follow_hint(hand, double, 2, frozenset({0})))
    ('double AS+3D on 2', 'double AS+3D on 2')
    >>> follow_hint(hand, double, 1, frozenset()), follow_hint(hand, double, 2, frozenset({3}))
    (None, None)
    """
    if move.packet != packet:
        return None
    if move.kind == "pass":
        return move if not selected else None
    if not move.is_play:
        return None
    marked = play_cards(cards, move)
    if not selected <= set(marked):
        return None
    laid = [cards[index] for index in marked]
    return Move.bare_cards(laid, packet=packet) if move.kind == "bare" else Move.double_cards(*laid, packet=packet)


def pass_packets(legal_moves: Iterable[Move]) -> tuple[int, ...]:
    """The packets a pass may flip (all three when passing is what is left)."""
    return tuple(move.packet for move in legal_moves if move.kind == "pass" and move.packet is not None)
