"""The honest hint of Double H (issue 16): it knows only what the player has seen, always
names a legal move while the game goes on, is the same for the same seed, and follows its
plan: see the first round's stock through, then solve what was seen."""

from __future__ import annotations

import random

import pytest

from kabale.cards import SUITS, Card
from kabale.games import GAMES, HONEST
from kabale.games.double_h.rules import PLACES, DoubleH, Move, MoveKind, Place
from kabale.games.double_h.solver_honest import (
    AIMED, FIRST_ROUND, SAFE, by_round, honest_hint, sampled_orders, win_round,
)
from kabale.solver import THOUGHTFUL, hint, safe_move, solve, solve_position
from kabale.solver_search import LOST, WON
from kabale.web.text.i18n import translate
from kabale.web.coach.double_h_hint import hint_basis

CLUB, DIAMOND, SPADE, HEART = (Card(1, suit) for suit in SUITS)


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
    # from the deal a win in round 1 lies beyond reach (78 cards to come): no search, the draw
    game = DoubleH.deal(6)
    advice = hint(game, HONEST, budget_s=None, budget_states=4000)
    expected = safe_move(game)
    assert advice.move == (expected or Move.draw())
    assert advice.support == (SAFE if expected else FIRST_ROUND) and advice.verdict.states == 0
    assert advice.aim == (0 if expected else 3)
    while game.round == 1 and game.stock:
        advice = hint(game, HONEST, budget_s=None, budget_states=4000, seed=len(game.history))
        assert advice.move is not None and advice.move.kind in (MoveKind.DRAW, MoveKind.CARD)
        game.apply(advice.move)
    assert all(game.pile(place) for place in [facts.place for facts in game.facts().places])  # none emptied


def aces(stock: list[Card], waste: list[Card], round_number: int, left: tuple[Card, ...] = (CLUB,)) -> DoubleH:
    """Every place complete but the left ace's, which holds ``left``; the other aces in the
    stock and the waste (its top last)."""
    places = [tuple(Card(place.value, suit) for suit in SUITS) for place in PLACES]
    places[PLACES.index(Place("L", 1))] = left
    return DoubleH(places, stock, waste, round_number)


@pytest.mark.parametrize("stock", [[SPADE, HEART], [HEART, SPADE]])
def test_a_play_that_wins_in_round_one_in_every_order_is_advised_over_the_draw(stock: list[Card]) -> None:
    # the diamond from the waste to its build, then the spade and the heart as they come: a win in
    # round 1 (x3) whatever the order; a draw first buries the diamond till round 2 (x2 at best)
    game = aces(stock, [DIAMOND], 1)
    assert game.observation().stock_size == 2 and not game.observation().stock_seen  # the order unseen
    advice = hint(game, HONEST, budget_s=None, budget_states=4000, seed=0)
    assert advice.move == Move(MoveKind.CARD, None, Place("L", 1)) and advice.support == AIMED
    assert advice.aim == 1 and advice.verdict.won_samples == advice.verdict.samples == 8
    game.apply(advice.move)
    while not game.is_over():
        advice = hint(game, HONEST, budget_s=None, budget_states=4000, seed=len(game.history))
        assert advice.move is not None
        game.apply(advice.move)
    assert game.result().wins == 3


def test_a_search_by_round_finds_only_the_wins_by_then_and_the_hint_says_which_round_it_aims_at() -> None:
    # the heart hides the spade until the waste is turned over: a win in round 2, none in round 1
    game = aces([], [SPADE, HEART], 1, (CLUB, DIAMOND))
    position = game.position()
    assert solve_position(by_round(position, 1), None, 4000).status == LOST
    found = solve_position(by_round(position, 2), None, 4000)
    assert found.status == WON and win_round(1, found.moves) == 2
    advice = hint(game, HONEST, budget_s=None, budget_states=4000)
    assert advice.move == Move.next_round() and advice.aim == 2 and advice.verdict.status == WON
    words = {language: hint_basis(advice, lambda key, **values: translate(language, key, **values))
             for language in ("en", "da", "it")}
    assert words["en"] == ("It aims at a win in round 2, which counts ×2. "
                           "You have seen every card still to come, and this move starts a winning line.")
    assert all("2" in said and "×2" in said for said in words.values()) and len(set(words.values())) == 3


def test_the_words_rest_on_counts_that_do_not_deny_the_last_hint() -> None:
    # a round-1 hint with a place empty: several orders sampled; the words give the count, or say that
    # no win was found yet (never that none exists, which the hint asked a move ago may have found)
    game = empty_place_in_round_one(2)
    advice = hint(game, HONEST, budget_s=None, budget_states=4000, samples=4, seed=1)
    said = hint_basis(advice, lambda key, **values: translate("en", key, **values))
    if advice.verdict.won_samples:
        assert f"in {advice.verdict.won_samples} of 4 orders of the stock you could face" in said
    else:
        assert "No win found yet" in said
    assert "no win was found" not in said.lower()


def test_a_round_one_hint_with_a_place_empty_samples_the_stock_orders() -> None:
    game = empty_place_in_round_one(2)
    advice = hint(game, HONEST, budget_s=None, budget_states=4 * 5000, samples=4, seed=1)
    assert advice.verdict.samples == 4 and advice.move in game.legal_moves()
    assert advice.support == AIMED or "possible stock orders" in advice.support or "best guess" in advice.support


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
