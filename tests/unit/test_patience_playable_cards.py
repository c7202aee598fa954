"""Patience Kabalam's optional highlight lights exactly the cards the engine lets the player play.

The highlight reads the engine's legal moves (by value); here each card is tried on its own,
named, against the engine itself: a card is playable when some play that includes that very
card (a Bare Descent alone or with its fellows, or a Double with another card) is accepted.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from kabale.cards import Card
from kabale.game import IllegalMove
from kabale.games.kabala.rules import PACKETS, Move
from kabale.games.patience.rules import Patience
from kabale.web.views.selection import playable_cards


def accepted(game: Patience, move: Move) -> bool:
    trial = game.copy()
    try:
        trial.apply(move)
    except IllegalMove:
        return False
    return True


def plays_with(card: Card, endowment: list[Card]) -> list[Move]:
    """Every play the player could name that includes this very card."""
    fellows = [other for other in endowment if other.value == card.value and other is not card]
    others = [other for other in endowment if other is not card]
    moves = []
    for packet in range(1, PACKETS + 1):
        for size in range(len(fellows) + 1):
            for group in combinations(fellows, size):
                moves.append(Move.bare_cards((card, *group), packet=packet))
        for other in others:
            moves.append(Move.double_cards(card, other, packet=packet))
    return moves


def engine_playable(game: Patience) -> frozenset[int]:
    endowment = list(game.observation().endowment)
    return frozenset(index for index, card in enumerate(endowment)
                     if any(accepted(game, move) for move in plays_with(card, endowment)))


@pytest.mark.parametrize("seed", [1, 5, 8, 42, 77])
def test_the_lit_cards_are_those_the_engine_accepts_a_play_of(seed: int) -> None:
    game, rng = Patience.deal(seed), random.Random(seed)
    positions = lit_somewhere = unlit_somewhere = 0
    while not game.is_over() and positions < 40:
        observation = game.observation()
        lit = playable_cards(observation.endowment, observation.legal_moves)
        assert lit == engine_playable(game), f"deal {seed}, after {len(game.history)} events"
        lit_somewhere += bool(lit)
        unlit_somewhere += len(lit) < len(observation.endowment)
        positions += 1
        game.apply(rng.choice(game.legal_moves()))
    assert lit_somewhere and unlit_somewhere  # the deals show both lit and unlit cards


def test_nothing_is_lit_when_only_a_pass_or_a_draw_is_left() -> None:
    cards = list(Patience.deal(5).observation().endowment)
    assert playable_cards(cards, [Move.draw()]) == frozenset()
    assert playable_cards(cards, [Move.pass_flip(packet) for packet in range(1, PACKETS + 1)]) == frozenset()
