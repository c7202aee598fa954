"""Patience Kabalam invariants over random games (hypothesis), and random playouts."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Iterator

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from kabale.cards import Card, patience_deck
from kabale.game import IllegalMove
from kabale.games.kabala.rules import Move, Options, known_packets
from kabale.games.patience.rules import Patience

GAMES = dict(seed=st.integers(0, 2**32), options=st.builds(Options, st.booleans(), st.booleans()), rng=st.randoms())
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
EVERY_MOVE = [
    *(Move.bare(value, count, packet=packet) for value in range(1, 10) for count in range(1, 5) for packet in (1, 2, 3)),
    *(Move.double(a, b, packet=packet) for a in range(1, 10) for b in range(a, 10) for packet in (1, 2, 3)),
    *(Move.pass_flip(packet) for packet in (1, 2, 3)),
    Move.yield_turn(),
    Move.draw(),
]


def random_game_states(seed: int, options: Options, rng: random.Random) -> Iterator[Patience]:
    game = Patience.deal(seed, options=options)
    yield game
    while not game.is_over():
        moves = game.legal_moves()
        game.apply(moves[rng.randrange(len(moves))])
        yield game


def every_card(game: Patience) -> list[Card]:
    return [*(card for packet in game.packets for card in packet), *game.endowment, *game.draw_pile]


@SETTINGS
@given(**GAMES)
def test_each_of_the_36_cards_is_somewhere_exactly_once_after_every_move(
    seed: int, options: Options, rng: random.Random
) -> None:
    deck = Counter(patience_deck())
    for game in random_game_states(seed, options, rng):
        cards = every_card(game)
        assert len({id(card) for card in cards}) == 36 and Counter(cards) == deck


@SETTINGS
@given(**GAMES)
def test_the_observation_never_shows_a_face_down_card_or_the_draw_pile(
    seed: int, options: Options, rng: random.Random
) -> None:
    for game in random_game_states(seed, options, rng):
        observation = game.observation()
        seen = {id(card) for event in game.history for card in event.cards}
        shown = [*observation.endowment, *observation.face_up, *(c for e in observation.history for c in e.cards)]
        assert all(id(card) in seen for card in shown)
        assert not {id(card) for card in game.draw_pile} & {id(card) for card in shown}
        memory = known_packets(observation)
        assert all(card is None or card is real for mine, packet in zip(memory, game.packets)
                   for card, real in zip(mine, packet))


@SETTINGS
@given(**GAMES)
def test_legal_moves_are_distinct_each_applies_and_every_other_move_is_refused(
    seed: int, options: Options, rng: random.Random
) -> None:
    for game in random_game_states(seed, options, rng):
        legal = game.legal_moves()
        assert len(set(legal)) == len(legal)
        for move in rng.sample(EVERY_MOVE, 10) + legal[:5]:
            trial = game.copy()
            nine_nine = options.compounded_doubles and move == Move.double(9, 9, packet=move.packet or 1) and (
                Move.bare(9, 2, packet=move.packet or 1) in legal)
            if move in legal or nine_nine:
                trial.apply(move)
            else:
                before = trial.snapshot()
                with pytest.raises(IllegalMove):
                    trial.apply(move)
                assert trial.snapshot() == before


@SETTINGS
@given(**GAMES, undo=st.integers(1, 30))
def test_undo_restores_the_game_exactly_and_redo_replays_it_even_after_a_reload(
    seed: int, options: Options, rng: random.Random, undo: int
) -> None:
    game = Patience.deal(seed, options=options)
    snapshots = [game.snapshot()]
    while not game.is_over():
        game.apply(rng.choice(game.legal_moves()))
        snapshots.append(game.snapshot())
    count = min(undo, len(game.moves))
    game.undo(count)
    assert game.snapshot() == snapshots[-1 - count]
    again = Patience.from_dict(json.loads(json.dumps(game.to_dict())))
    assert again.snapshot() == game.snapshot()
    again.redo(count)
    assert again.snapshot() == snapshots[-1]


@pytest.mark.parametrize("options", [Options(), Options(compounded_doubles=True), Options(free_yield=True)])
def test_three_hundred_random_patiences_end_won_or_lost_with_a_reason(options: Options) -> None:
    rng = random.Random(1)
    reasons: Counter[str] = Counter()
    for seed in range(300):
        game = Patience.deal(seed, options=options)
        result = game.play_out(rng)
        reasons[result.reason] += 1
        assert result.won == (result.reason == "endowment_empty") == (game.endowment == ())
        assert len(game.moves) < 200
        assert Patience.from_dict(game.to_dict()).result() == result
    assert reasons["draw_pile_finished"] > 0 and reasons["endowment_empty"] > 0
    if not options.compounded_doubles:  # compounded Doubles play so much more that 13 is almost never reached
        assert reasons["out_with_thirteen"] > 0


@SETTINGS
@given(**GAMES)
def test_a_game_sampled_from_the_observation_looks_the_same_to_the_player(
    seed: int, options: Options, rng: random.Random
) -> None:
    for game in random_game_states(seed, options, rng):
        if game.is_over():
            continue
        observation = game.observation()
        sampled = Patience.sample(observation, rng)
        again = sampled.observation()
        for name in ("endowment", "face_up", "target", "packet_sizes", "draw_pile_size", "played_since_draw",
                     "legal_moves", "result"):
            assert getattr(again, name) == getattr(observation, name)
        assert Counter(every_card(sampled)) == Counter(patience_deck())
        sampled.play_out(rng)
