"""The Double H engine API: moves as text, legal moves, undo/redo, facts,
saved games, refusals; hypothesis invariants and random games."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st
from test_double_h_tables import table

from kabale.cards import double_h_deck
from kabale.game import Game, IllegalMove
from kabale.games.double_h.end import is_dead_end
from kabale.games.double_h.rules import PLACES, DoubleH, Move, MoveKind, Place, Position
from kabale.games.double_h.core import CARD, Model, is_right


def random_game(seed: int, moves: int, rng_seed: int | None = None) -> DoubleH:
    """A game after up to ``moves`` random moves (never giving up)."""
    game = DoubleH.deal(seed)
    rng = random.Random(seed if rng_seed is None else rng_seed)
    for _ in range(moves):
        choices = [move for move in game.legal_moves() if move.kind is not MoveKind.GIVE_UP]
        if not choices:
            break
        game.apply(rng.choice(choices))
    return game


def snapshot(game: DoubleH) -> tuple[object, ...]:
    return game.position(), game.history, game.result(), game.is_lost()


# -- moves as text ----------------------------------------------------------------------


@pytest.mark.parametrize("text, move", [
    ("draw", Move.draw()),
    ("next round", Move.next_round()),
    ("give up", Move.give_up()),
    ("turn 4L", Move.turn(Place("L", 4))),
    ("waste to 7R", Move.card(None, Place("R", 7))),
    ("3L to 3R", Move.card(Place("L", 3), Place("R", 3))),
    ("10L to KR", Move.card(Place("L", 10), Place("R", 13))),
])
def test_a_move_reads_and_writes_its_short_text(text: str, move: Move) -> None:
    assert Move.from_text(text) == move and str(move) == text


def test_move_text_forgives_case_spacing_and_other_spellings_of_values() -> None:
    assert Move.from_text("  WASTE  to 7r ") == Move.from_text("waste to 7R")
    assert Move.from_text("Turn tl") == Move.from_text("turn 10L")
    assert Move.from_text("1l to ar") == Move.from_text("AL to AR")


@pytest.mark.parametrize("text", ["", "draw 2", "turn", "turn 14L", "waste to", "4L to 4X", "4L onto 5L",
                                  "stock to 4L", "next", "4L to waste"])
def test_unreadable_move_text_is_a_value_error(text: str) -> None:
    with pytest.raises(ValueError):
        Move.from_text(text)


def test_apply_refuses_unreadable_text_as_an_illegal_move_with_a_reason() -> None:
    with pytest.raises(IllegalMove) as raised:
        DoubleH.deal(1).apply("shuffle the deck")
    assert raised.value.reason == "unreadable_move"


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=20))
def test_any_text_is_either_a_move_or_refused_with_an_illegal_move(text: str) -> None:
    game = DoubleH.deal(9)
    try:
        game.apply(text)
    except IllegalMove as error:
        assert error.reason and str(error)


# -- legal moves --------------------------------------------------------------------------


def test_the_engine_follows_the_game_protocol() -> None:
    assert isinstance(DoubleH.deal(1), Game)


@pytest.mark.parametrize("seed", range(12))
def test_legal_moves_are_distinct_all_legal_and_every_other_card_move_is_refused(seed: int) -> None:
    game = random_game(seed, 40 + 7 * seed)
    legal = game.legal_moves()
    assert len(legal) == len(set(legal))
    candidates = [Move.card(source, target) for source in [None, *PLACES] for target in PLACES]
    candidates += [Move.turn(place) for place in PLACES] + [Move.draw(), Move.next_round(), Move.give_up()]
    for move in candidates:
        assert game.is_legal(move) == (move in legal), move
        if move in legal:
            copy = game.copy()
            copy.apply(move)
            assert copy.history[-1] == move


def test_a_lost_game_lists_no_moves_and_says_it_is_lost_at_once() -> None:
    game = table({"3R": "9H", "9R": "3H"}, round_number=3, rest="waste")
    facts = game.facts()
    assert facts.result.outcome == "lost" and facts.waste_moves == () and not facts.can_draw
    assert all(place.moves == () for place in facts.places)


# -- undo and redo ------------------------------------------------------------------------


def test_undo_and_redo_any_number_of_moves_across_rounds() -> None:
    game = DoubleH.deal(3)
    for _ in range(78):
        game.apply("draw")
    game.apply("next round")
    game.apply("draw")
    before = snapshot(game)
    undone = [game.undo() for _ in range(80)]
    assert game.position() == game.start and game.history == () and not game.can_undo()
    for _ in undone:
        game.redo()
    assert snapshot(game) == before and not game.can_redo()


def test_a_new_move_after_undo_clears_the_redo() -> None:
    game = DoubleH.deal(3)
    game.apply("draw")
    game.undo()
    assert game.can_redo()
    game.apply("draw")
    assert not game.can_redo()
    with pytest.raises(IllegalMove) as raised:
        game.redo()
    assert raised.value.reason == "nothing_to_redo"


def test_giving_up_can_be_undone() -> None:
    game = DoubleH.deal(4)
    game.apply("give up")
    game.undo()
    assert game.result().outcome == "playing" and game.legal_moves()


def test_nothing_to_undo_at_the_deal() -> None:
    with pytest.raises(IllegalMove) as raised:
        DoubleH.deal(1).undo()
    assert raised.value.reason == "nothing_to_undo"


# -- facts ------------------------------------------------------------------------------------


def test_facts_give_the_table_every_place_with_its_frame_cards_and_moves() -> None:
    game = table({"4L": "4S 4D 4C", "9L": "4H", "JL": "JC JD"}, waste="JS")
    facts = game.facts()
    by_name = {place.name: place for place in facts.places}
    assert by_name["4L"].frame == "yellow" and by_name["4L"].value == 4 and by_name["4L"].side == "L"
    assert by_name["JL"].frame == "right" and by_name["4R"].frame == "complete" and by_name["9L"].frame == "none"
    assert [str(m) for m in by_name["4L"].moves] == ["turn 4L"]
    assert [str(m) for m in facts.waste_moves] == ["waste to JL"]
    assert by_name["JL"].moves == ()  # cards in their right place never move
    assert facts.stock_count == len(game.stock) and facts.waste == game.waste
    assert (facts.round, facts.bonus, facts.can_draw, facts.can_start_next_round) == (1, 3, True, False)
    assert str(facts.places[0].cards[0]) == "AC"


def test_describe_says_what_a_move_does() -> None:
    game = table({"4L": "4S 4D 4C", "JL": "JC JD", "9L": "4H", "9R": "4S"}, waste="JS", empty=["KL"])
    assert game.describe("waste to JL") == "build JS from the waste on JL"
    assert game.describe("9R to 9L") == "park 4S from 9R on 9L"
    assert game.describe("waste to KL") == "put JS from the waste on the empty place KL"
    assert game.describe("turn 4L") == "turn 4L over"


# -- saved games --------------------------------------------------------------------------------


def test_to_dict_is_plain_versioned_json_that_from_dict_rebuilds_with_undo_and_redo() -> None:
    game = random_game(5, 120)
    for _ in range(3):
        game.undo()
    data = json.loads(json.dumps(game.to_dict()))
    assert data["game"] == "double-h" and data["version"] == 1 and data["seed"] == 5
    again = DoubleH.from_dict(data)
    assert snapshot(again) == snapshot(game)
    assert [again.redo() for _ in range(3)] == [game.redo() for _ in range(3)]


def test_a_game_replays_from_its_seed_and_moves() -> None:
    game = random_game(6, 150)
    assert snapshot(DoubleH.replay(6, game.history)) == snapshot(game)
    assert snapshot(DoubleH.replay(6, [str(move) for move in game.history])) == snapshot(game)


def test_a_position_without_a_seed_round_trips_too() -> None:
    game = table({"4L": "4S 4D 4C"}, waste="4H", round_number=2, rest="waste")
    game.apply("turn 4L")
    again = DoubleH.from_dict(json.loads(json.dumps(game.to_dict())))
    assert snapshot(again) == snapshot(game) and again.seed is None


@pytest.mark.parametrize("change", [
    {"game": "kabalam"}, {"version": 2}, {"seed": 8}, {"moves": ["turn KR"]}, {"moves": "draw"},
    {"start": {"places": ["AC"] * 26, "stock": "", "waste": "", "round": 1}}, {"start": None},
])
def test_from_dict_refuses_data_that_is_not_a_game_of_this_deal(change: dict[str, object]) -> None:
    data = {**DoubleH.deal(7).to_dict(), **change}
    with pytest.raises(ValueError):
        DoubleH.from_dict(data)


def test_a_position_must_be_one_the_rules_can_reach() -> None:
    start = DoubleH.deal(1).start
    piles = list(start.places)
    piles[0], piles[1] = piles[0] + piles[1], ()
    with pytest.raises(ValueError):
        Position(tuple(piles), start.stock, start.waste, 1).validate()  # two single cards are no pile


# -- invariants -----------------------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=10**6), st.integers(min_value=0, max_value=400),
       st.integers(min_value=1, max_value=60))
def test_every_card_is_in_exactly_one_place_and_undo_restores_the_exact_state(seed: int, moves: int,
                                                                               back: int) -> None:
    game = random_game(seed, moves)
    position = game.position()
    assert Counter(card for pile in position.places for card in pile) + Counter(position.stock) + Counter(
        position.waste) == Counter(double_h_deck())
    states = [snapshot(game)]
    back = min(back, len(game.history))
    for _ in range(back):
        game.undo()
        states.append(snapshot(game))
    assert snapshot(DoubleH.replay(seed, game.history)) == states[-1]
    for expected in reversed(states[:-1]):
        game.redo()
        assert snapshot(game) == expected


def test_a_copy_plays_on_without_touching_the_original() -> None:
    game = random_game(2, 50)
    before = snapshot(game)
    copy = game.copy()
    copy.apply(next(m for m in copy.legal_moves() if m.kind is not MoveKind.GIVE_UP))
    assert snapshot(game) == before and snapshot(copy) != before


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=10**6), st.integers(min_value=0, max_value=400))
def test_to_dict_and_from_dict_round_trip(seed: int, moves: int) -> None:
    game = random_game(seed, moves)
    assert snapshot(DoubleH.from_dict(json.loads(json.dumps(game.to_dict())))) == snapshot(game)


def _lost_by_brute_force(game: DoubleH) -> bool:
    """Search the parking-only closure with the solver's move generator:
    lost when no reachable position has anything but a parking."""
    model, state = Model.from_game(game)
    seen, todo = {state}, [state]
    while todo:
        state = todo.pop()
        for action in model.actions(state):
            kind, _, target = action
            code = state[0][target]
            if kind != CARD or not code or is_right(code, target):
                return False  # a draw, a new round, a turn, a build or a move to an empty place
            following = model.play(state, action)
            if following not in seen:
                seen.add(following)
                todo.append(following)
    return True


def test_the_lost_test_agrees_with_a_brute_force_search_of_the_parking_closure() -> None:
    checked = lost = 0
    for seed in range(80):
        game = random_game(seed, 2000)  # played until the engine says it is over
        for _ in range(min(150, len(game.history))):
            if not game.stock:
                expected = _lost_by_brute_force(game)
                assert is_dead_end(game.position().places, 0, game.waste, game.round) == expected
                assert game.is_lost() == expected
                checked += 1
                lost += expected
            game.undo()
    assert checked > 300 and lost == 80  # every random game ends lost, and not a move earlier


def test_random_games_play_to_their_end_without_an_error() -> None:
    outcomes = Counter()
    for seed in range(150):
        game = random_game(seed, 10_000, rng_seed=seed + 1)
        assert game.is_over()
        outcomes[game.result().outcome] += 1
    assert sum(outcomes.values()) == 150 and set(outcomes) <= {"won", "lost"}
