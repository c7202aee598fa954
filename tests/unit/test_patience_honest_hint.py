"""The honest hint of Patience Kabalam: it knows only what the player has seen, always
names a legal move while the game goes on, and is the same for the same seed."""

from __future__ import annotations

import random

import pytest

from kabale.games import GAMES, HONEST
from kabale.games.kabala.rules import Move, Options
from kabale.games.patience.rules import Patience, PatiencePosition
from kabale.solver import hint
from kabale.games.patience.solver_honest import honest_hint, think_hint


def twins(seed: int) -> tuple[Patience, Patience]:
    """Two games alike in all the player sees, but for the order of the unseen cards:
    the same face-up cards and endowment, the face-down cards and draw pile dealt anew."""
    start = Patience.deal(seed)
    unseen = [packet[0] for packet in start.packets] + list(start.draw_pile)
    shaken = unseen[:]
    random.Random(seed).shuffle(shaken)
    while shaken == unseen:
        random.Random(seed + 1).shuffle(shaken)

    def game(hidden: list) -> Patience:  # type: ignore[type-arg]
        packets = [(hidden[i], top) for i, top in enumerate(start.face_up)]
        return Patience.from_position(PatiencePosition(tuple(packets), start.endowment, tuple(hidden[3:])))

    return game(unseen), game(shaken)


@pytest.mark.parametrize("seed", [1, 5, 12])
def test_two_games_seen_alike_get_the_same_hint_whatever_the_hidden_order(seed: int) -> None:
    first, second = twins(seed)
    assert first.observation() == second.observation()
    assert first.packets != second.packets or first.draw_pile != second.draw_pile
    a = honest_hint(first.observation(), seed=3)
    b = honest_hint(second.observation(), seed=3)
    assert (a.move, a.verdict.won_samples, a.verdict.states) == (b.move, b.verdict.won_samples, b.verdict.states)
    assert a.move in first.legal_moves()


def test_the_twins_differ_where_it_matters_to_a_hint_that_knows_the_hidden_cards() -> None:
    first, second = twins(12)  # so the test above could tell a hint that looked
    knowing = [hint(game, budget_s=None, budget_states=200_000).move for game in (first, second)]
    assert knowing[0] != knowing[1]


def test_the_hint_of_a_game_is_the_hint_of_its_observation_and_reproducible() -> None:
    game = Patience.deal(21)
    for _ in range(4):
        game.apply(hint(game, HONEST, seed=len(game.moves)).move)  # type: ignore[arg-type]
    again = hint(game, HONEST, seed=9)
    assert again.move == hint(game, HONEST, seed=9).move == honest_hint(game.observation(), seed=9).move
    assert again.verdict.to_dict() | {"seconds": 0} == hint(game, HONEST, seed=9).verdict.to_dict() | {"seconds": 0}


def test_the_hint_names_a_legal_move_at_every_step_of_many_games_played_by_it_or_at_random() -> None:
    rng = random.Random(4)
    lost_everywhere = 0
    plain = [(seed, Options()) for seed in (1, 5, 6, 8, 14, 2736)]
    for seed, options in plain + [(40, Options(True, True)), (77, Options(False, True))]:
        game = Patience.deal(seed, options)
        while not game.is_over():
            advice = GAMES["patience"].hint(game, HONEST, samples=3, budget_states=400, seed=len(game.moves))
            assert advice.move in game.legal_moves(), (seed, game.moves)
            lost_everywhere += advice.verdict.lost_samples == advice.verdict.samples > 0
            moves = game.legal_moves()
            game.apply(advice.move if rng.random() < 0.3 else moves[rng.randrange(len(moves))])
        assert hint(game, HONEST).move is None and hint(game, HONEST).text.startswith("The game is over")
    assert lost_everywhere  # positions lost in every world were met, and still got a move to play on


def test_it_counts_the_wins_of_every_move_and_says_how_many_worlds() -> None:
    game = Patience.deal(14)
    advice = hint(game, HONEST, samples=6, seed=2)
    assert advice.verdict.samples == 6 and 1 <= advice.verdict.won_samples <= 6
    assert f"in {advice.verdict.won_samples} of 6 possible deals" in advice.support


def test_the_only_move_needs_no_search() -> None:
    position = PatiencePosition.of(["9C 2H", "8C 3H", "7C 4H"], "AH", "AS AD AC", played_since_draw=True)
    game = Patience.from_position(position)  # the sum is 9, an Ace held: draw is the one move
    assert game.legal_moves() == [Move.draw()]
    advice = hint(game, HONEST)
    assert advice.move == Move.draw() and advice.support == "it is the only move" and advice.verdict.states == 0


def test_it_thinks_in_slices() -> None:
    game = Patience.deal(14)
    thinking = think_hint(game.observation(), worlds=4, states=500)
    slices = 0
    with pytest.raises(StopIteration) as done:
        while True:
            next(thinking)
            slices += 1
    assert slices >= 4 and done.value.value.move in game.legal_moves()
