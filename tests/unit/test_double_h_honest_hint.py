"""The honest hint of Double H (issue 16): it knows only what the player has seen, always
names a legal move while the game goes on, is the same for the same seed, and follows its
plan: see the first round's stock through, then solve what was seen."""

from __future__ import annotations

import random

import pytest

from kabale.games import GAMES, HONEST
from kabale.games.double_h.rules import DoubleH, Move, MoveKind
from kabale.games.double_h.solver_honest import FIRST_ROUND, SAFE, honest_hint, sampled_orders
from kabale.solver import THOUGHTFUL, hint, safe_move, solve
from kabale.solver_search import LOST, WON


def empty_place_in_round_one(seed: int) -> DoubleH:
    """A round-1 game of the deal where the player left the hint's plan: a card has left a place
    of its own, so the draw waits until the waste fills it (a sampled search cannot be avoided)."""
    game = DoubleH.deal(seed)
    for _ in range(78):
        if game.waste:
            for move in game.legal_moves():
                if move.kind is MoveKind.CARD and move.source is not None and len(game.pile(move.source)) == 1:
                    after = game.copy()
                    after.apply(move)
                    if Move.draw() not in after.legal_moves() and not after.is_over():
                        return after
        game.apply(Move.draw())
    raise AssertionError(f"deal {seed} never had a place to empty")


def twin(game: DoubleH, seed: int) -> DoubleH:
    """The same table and waste, the stock (still hidden in round 1) in another order."""
    position = game.position()
    stock = list(position.stock)
    shaken = stock[:]
    random.Random(seed).shuffle(shaken)
    assert shaken != stock
    return DoubleH(position.places, shaken, position.waste, position.round)


@pytest.mark.parametrize("seed", [2, 5, 11])
def test_two_games_seen_alike_get_the_same_hint_whatever_the_stock_order(seed: int) -> None:
    for first in (DoubleH.deal(seed), empty_place_in_round_one(seed)):
        second = twin(first, seed)
        assert first.observation() == second.observation() and first.stock != second.stock
        a = hint(first, HONEST, budget_s=None, budget_states=4000, seed=3)
        b = hint(second, HONEST, budget_s=None, budget_states=4000, seed=3)
        assert (a.move, a.support, a.verdict.won_samples, a.verdict.states) == \
            (b.move, b.support, b.verdict.won_samples, b.verdict.states)
        assert a.move in first.legal_moves()


def test_the_twins_differ_where_it_matters_to_a_hint_that_knows_the_stock() -> None:
    # so the test above could tell a hint that looked at the order: knowing it, the twins'
    # winning lines start differently
    first = empty_place_in_round_one(5)
    second = twin(first, 5)
    knowing = [hint(game, THOUGHTFUL, budget_s=None, budget_states=60_000, seed=0) for game in (first, second)]
    assert knowing[0].verdict.status == knowing[1].verdict.status == WON
    assert knowing[0].move != knowing[1].move


def test_the_sampled_orders_are_drawn_from_the_unseen_cards_not_from_the_hidden_order() -> None:
    first = empty_place_in_round_one(11)
    second = twin(first, 11)
    orders = [sampled_orders(game.observation(), 4, 7) for game in (first, second)]
    assert orders[0] == orders[1] and len({order.stock for order in orders[0]}) == 4
    assert all(sorted(map(str, order.stock)) == sorted(map(str, first.stock)) for order in orders[0])


def test_in_round_one_it_sees_the_stock_through_playing_only_builds_proved_safe() -> None:
    game = DoubleH.deal(6)
    advice = hint(game, HONEST, budget_s=None, budget_states=4000)
    expected = safe_move(game)
    assert advice.move == (expected or Move.draw())
    assert advice.support == (SAFE if expected else FIRST_ROUND) and advice.verdict.states == 0
    while game.round == 1 and game.stock:
        advice = hint(game, HONEST, budget_s=None, budget_states=4000, seed=len(game.history))
        assert advice.move is not None and advice.move.kind in (MoveKind.DRAW, MoveKind.CARD)
        game.apply(advice.move)
    assert all(game.pile(place) for place in [facts.place for facts in game.facts().places])  # none emptied


def test_a_round_one_hint_with_a_place_empty_samples_the_stock_orders() -> None:
    game = empty_place_in_round_one(2)
    advice = hint(game, HONEST, budget_s=None, budget_states=4 * 5000, samples=4, seed=1)
    assert advice.verdict.samples == 4 and advice.move in game.legal_moves()
    assert "possible stock orders" in advice.support or "best guess" in advice.support


def test_once_the_order_is_seen_the_hint_gives_a_whole_winning_line() -> None:
    game = DoubleH.deal(3)
    for _ in range(78):
        game.apply(Move.draw())
    game.apply(Move.next_round())
    advice = hint(game, HONEST, budget_s=None, budget_states=60_000)
    assert advice.verdict.status == WON and advice.verdict.samples == 1
    assert advice.move == advice.verdict.moves[0] and "every card still to come" in advice.support
    for move in advice.verdict.moves:
        game.apply(move)
    assert game.is_won()


def test_the_hint_of_a_game_is_the_hint_of_its_observation_and_reproducible() -> None:
    game = empty_place_in_round_one(5)
    again = hint(game, HONEST, budget_s=None, budget_states=3000, seed=9)
    same = honest_hint(game.observation(), budget_states=3000, seed=9)
    assert again.move == hint(game, HONEST, budget_s=None, budget_states=3000, seed=9).move == same.move
    assert again.verdict.to_dict() | {"seconds": 0} == same.verdict.to_dict() | {"seconds": 0}


def test_the_hint_names_a_legal_move_at_every_step_of_games_played_by_it_or_at_random() -> None:
    rng = random.Random(4)
    lost_seen = 0
    for seed, follow in ((1, 1.0), (8, 0.6), (13, 0.2)):
        game = DoubleH.deal(seed)
        while not game.is_over() and len(game.history) < 400:
            advice = GAMES["double-h"].hint(game, HONEST, budget_s=None, budget_states=600, samples=3,
                                            seed=len(game.history))
            assert advice.move is not None and advice.move in game.legal_moves(), (seed, game.history)
            assert advice.move.kind is not MoveKind.GIVE_UP
            lost_seen += advice.verdict.status == LOST
            moves = [move for move in game.legal_moves() if move.kind is not MoveKind.GIVE_UP]
            game.apply(advice.move if rng.random() < follow else moves[rng.randrange(len(moves))])
        if game.is_over():
            assert hint(game, HONEST).move is None and hint(game, HONEST).text.startswith("The game is over")
    assert lost_seen  # positions proved lost were met, and still got a move to play on
    assert solve(DoubleH.deal(1), budget_s=None, budget_states=600, mode=HONEST).samples == 8
