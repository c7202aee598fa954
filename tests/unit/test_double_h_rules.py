"""RULES.md section 4, Double H: one named test per rule."""

from __future__ import annotations

import random

import pytest
from test_double_h_tables import table

from kabale.cards import Card, Suit, cards_from_text
from kabale.game import IllegalMove
from kabale.games.double_h.rules import PLACES, DoubleH, Move, MoveKind, Place
from kabale.games.double_h.core import CARD, Model


def cards(text: str) -> tuple[Card, ...]:
    return tuple(cards_from_text(text))


def refused(game: DoubleH, move: str) -> IllegalMove:
    with pytest.raises(IllegalMove) as raised:
        game.apply(move)
    return raised.value


# -- cards, layout, deal -------------------------------------------------------------


def test_two_full_decks_are_dealt_one_card_on_each_of_26_places_and_78_in_the_stock() -> None:
    game = DoubleH.deal(1)
    assert all(len(game.pile(place)) == 1 for place in PLACES)
    assert len(game.stock) == 78 and game.waste == ()
    assert game.round == 1
    game.position().validate()  # the 104 cards, each exactly once


def test_the_same_seed_deals_the_same_cards_and_another_seed_other_cards() -> None:
    assert DoubleH.deal(5).start == DoubleH.deal(5).start
    assert DoubleH.deal(5).start != DoubleH.deal(6).start


@pytest.mark.parametrize("seed", [-1, 1.5, "7", True, None])
def test_a_seed_is_a_non_negative_whole_number(seed: object) -> None:
    with pytest.raises(ValueError):
        DoubleH.deal(seed)  # type: ignore[arg-type]


def test_each_value_has_one_place_in_each_H_ace_to_king() -> None:
    assert [str(place) for place in PLACES[:13]] == ["AL", "2L", "3L", "4L", "5L", "6L", "7L", "8L", "9L", "10L",
                                                    "JL", "QL", "KL"]
    assert [place.value for place in PLACES[13:]] == list(range(1, 14))
    assert all(place.twin.value == place.value and place.twin.side != place.side for place in PLACES)
    assert Place.from_text("tl") == Place.from_text("10L") == Place("L", 10)
    assert Place.from_text("1r") == Place.from_text("AR")


# -- right place and build -------------------------------------------------------------


def test_a_club_at_the_bottom_of_a_place_of_its_value_is_in_its_right_place() -> None:
    assert table({"4L": "4C"}).frame("4L") == "right"
    assert table({"9L": "4C", "4R": "4H"}).frame("9L") == "none"


def test_a_club_dealt_onto_its_own_place_is_in_its_right_place_from_the_start() -> None:
    seed, index = next((seed, index) for seed in range(100) for index, pile in enumerate(DoubleH.deal(seed).start.places)
                       if pile[0].is_club and pile[0].value == PLACES[index].value)
    game = DoubleH.deal(seed)
    assert game.frame(PLACES[index]) == "right"
    assert not any(move.source == PLACES[index] for move in game.legal_moves())


def test_the_build_goes_diamond_then_spade_then_heart_and_completes_dark_red() -> None:
    game = table({"4L": "4C", "9L": "4S", "9R": "4H"}, waste="4D")
    for move in ("waste to 4L", "9L to 4L", "9R to 4L"):
        assert game.frame("4L") == "right"
        game.apply(move)
    assert game.pile("4L") == cards("4C 4D 4S 4H")
    assert game.frame("4L") == "complete"


def test_a_build_takes_only_the_next_suit_of_its_value() -> None:
    game = table({"4L": "4C", "9L": "4S", "9R": "5D"})
    error = refused(game, "9L to 4L")
    assert error.reason == "build_order" and str(error) == "The build on 4L takes the 4 of diamonds next"
    assert refused(game, "9R to 4L").reason == "build_order"


def test_a_complete_pile_takes_no_more_cards() -> None:
    game = table({"4L": "4C 4D 4S"}, waste="4H")
    assert refused(game, "waste to 4R").reason == "build_complete"


def test_cards_in_their_right_place_never_move() -> None:
    game = table({"4L": "4C 4D", "9L": "4S", "JL": "4H 4S"}, empty=["4R"])
    for move in ("4L to 4R", "4L to 9L"):
        assert refused(game, move).reason == "right_place_fixed"


# -- yellow piles and turning over --------------------------------------------------------


def test_a_card_other_than_a_club_on_a_place_of_its_value_has_a_yellow_frame() -> None:
    assert table({"4L": "4S"}).frame("4L") == "yellow"


def test_a_card_from_the_waste_on_an_empty_place_of_its_value_is_yellow() -> None:
    game = table(empty=["4L"], waste="4H")
    game.apply("waste to 4L")
    assert game.frame("4L") == "yellow"


def test_a_yellow_pile_is_built_down_in_reverse_order() -> None:
    game = table({"4L": "4S", "9L": "4D", "9R": "4C"})
    game.apply("9L to 4L")
    game.apply("9R to 4L")
    assert game.pile("4L") == cards("4S 4D 4C") and game.frame("4L") == "yellow"


def test_the_originals_example_4S_4D_4C_turns_over_into_4C_4D_4S_and_takes_4H_next() -> None:
    game = table({"4L": "4S 4D 4C"}, waste="4H")
    game.apply("turn 4L")
    assert game.pile("4L") == cards("4C 4D 4S")
    assert game.frame("4L") == "right"
    game.apply("waste to 4L")
    assert game.frame("4L") == "complete"


def test_a_yellow_pile_turns_over_only_once_it_has_grown_down_to_its_club() -> None:
    assert refused(table({"4L": "4S 4D"}), "turn 4L").reason == "turn_needs_club"


def test_only_a_yellow_pile_turns_over() -> None:
    game = table({"4L": "4C 4D", "9L": "4S 4D 4C", "4R": "4H"})
    assert refused(game, "turn 4L").reason == "turn_right_place"
    assert refused(game, "turn 9L").reason == "turn_not_yellow"


def test_a_yellow_card_is_not_in_its_right_place_and_may_move() -> None:
    game = table({"4L": "4S", "9L": "4H"})
    game.apply("4L to 9L")
    assert game.pile("4L") == () and game.pile("9L") == cards("4H 4S")


# -- parking ---------------------------------------------------------------------------------


def test_parking_lays_a_club_on_a_diamond_a_diamond_on_a_spade_a_spade_on_a_heart() -> None:
    game = table({"9L": "4H", "9R": "4S", "JL": "4D", "JR": "4C"}, empty=["4R"])
    for move in ("9R to 9L", "JL to 9L", "JR to 9L"):
        game.apply(move)
    assert game.pile("9L") == cards("4H 4S 4D 4C")


def test_a_diamond_can_only_be_parked_on_a_spade_of_the_same_value() -> None:
    game = table({"9L": "5S", "9R": "4D", "JL": "4H"})
    for move in ("9R to 9L", "9R to JL"):
        error = refused(game, move)
        assert error.reason == "park_order"
        assert str(error) == "A diamond can only be parked on a spade of the same value"


def test_a_heart_is_never_parked() -> None:
    assert refused(table({"9L": "4H", "9R": "4H"}), "9R to 9L").reason == "park_heart"


def test_parking_is_allowed_on_a_card_on_a_wrong_place_and_on_a_yellow_pile() -> None:
    game = table({"9L": "4H", "4L": "4S", "JL": "4S", "JR": "4D"})
    game.apply("JL to 9L")  # onto a card on a wrong place
    game.apply("JR to 4L")  # onto a yellow pile
    assert game.pile("9L") == cards("4H 4S") and game.pile("4L") == cards("4S 4D")


def test_no_card_is_parked_on_a_pile_whose_club_is_in_its_right_place() -> None:
    game = table({"4L": "4C 4D 4S", "4R": "4C", "9L": "4D"})
    assert refused(game, "9L to 4L").reason == "build_order"  # 4D on 4S would be a parking


# -- what moves --------------------------------------------------------------------------------


def test_only_the_top_card_of_a_pile_moves_one_card_at_a_time() -> None:
    game = table({"9L": "4H 4S", "JL": "4H"})
    game.apply("9L to JL")
    assert game.pile("9L") == cards("4H") and game.pile("JL") == cards("4H 4S")


def test_a_club_may_go_to_an_empty_place_of_its_value_from_a_pile() -> None:
    game = table({"9L": "4D 4C"}, empty=["4L"])
    game.apply("9L to 4L")
    assert game.frame("4L") == "right" and game.pile("9L") == cards("4D")


def test_a_club_may_go_to_an_empty_place_of_its_value_from_the_waste() -> None:
    game = table(empty=["4L"], waste="4C")
    game.apply("waste to 4L")
    assert game.frame("4L") == "right"


def test_the_top_of_the_waste_may_go_to_any_empty_place_whatever_its_value() -> None:
    game = table({"9R": "9C"}, empty=["4L"], waste="9H")
    game.apply("waste to 4L")
    assert game.pile("4L") == cards("9H") and game.frame("4L") == "none"


def test_no_other_card_may_go_to_an_empty_place() -> None:
    game = table({"9L": "4H 4S", "9R": "5C", "5R": "5H"}, empty=["4L", "JL"])
    for move in ("9L to 4L", "9L to JL", "9R to JL"):
        assert refused(game, move).reason == "empty_place"


# -- sending a card home (the table's double-click) ------------------------------------------------


def test_a_card_is_sent_home_onto_its_build() -> None:
    game = table({"4L": "4C", "9L": "4D"})
    assert str(game.home_move("9L")) == "9L to 4L"


def test_a_club_is_sent_home_to_an_empty_place_of_its_value_from_a_pile_or_the_waste() -> None:
    game = table({"9L": "4D 4C", "4R": "4D"}, empty=["4L"], waste="4C")
    assert str(game.home_move("9L")) == "9L to 4L"
    assert str(game.home_move(None)) == str(game.home_move("waste")) == "waste to 4L"


def test_a_card_with_no_build_nor_its_place_free_has_no_home_move() -> None:
    game = table({"9L": "4H 4S", "4R": "4C", "JL": "7H"}, empty=["JR"], waste="9D")
    assert game.home_move("9L") is None  # the 4S waits for the diamond; parking is not going home
    assert game.home_move("waste") is None  # any empty place takes it, but none puts it in its right place
    assert game.home_move("JR") is None  # nothing to send


def home_moves_by_their_effect(game: DoubleH, source: Place | None) -> list[Move]:
    """The legal moves of the card on top of ``source`` after which it lies in its right place."""
    homes = []
    for move in game.legal_moves():
        if move.kind is not MoveKind.CARD or move.source != source:
            continue
        after = game.copy()
        after.apply(move)
        assert move.target is not None
        if after.is_right(move.target.index):
            homes.append(move)
    return homes


@pytest.mark.parametrize("seed", range(8))
def test_the_home_move_is_the_first_move_that_puts_the_card_in_its_right_place(seed: int) -> None:
    """On random games: ``home_move`` is the first legal move of the card after which it is in
    its right place (a build, or a club on an empty place of its value), for every place and the waste."""
    game = DoubleH.deal(seed)
    rng = random.Random(seed)
    sent = 0
    for _ in range(120):
        if game.is_over():
            break
        for source in (None, *PLACES):
            homes = home_moves_by_their_effect(game, source)
            move = game.home_move(source)
            assert move == (homes[0] if homes else None)
            sent += move is not None
        game.apply(rng.choice([m for m in game.legal_moves() if str(m) != "give up"]))
    assert sent > 0


# -- stock, waste and rounds -------------------------------------------------------------------


def test_a_draw_turns_the_top_card_of_the_stock_onto_the_waste() -> None:
    game = DoubleH.deal(2)
    first = game.stock[0]
    game.apply("draw")
    assert game.waste == (first,) and len(game.stock) == 77


def test_no_draw_while_a_place_is_empty_unless_the_waste_is_empty() -> None:
    game = table({"9R": "9C"}, empty=["4L"], waste="9H")
    error = refused(game, "draw")
    assert str(error) == "Fill the empty place before you draw: the waste is not empty"
    assert error.reason == "draw_with_empty_place"
    assert table(empty=["4L"]).is_legal("draw")


def test_no_draw_from_an_empty_stock() -> None:
    game = table({"4L": "4C"}, waste="4D", round_number=3, rest="waste")
    assert refused(game, "draw").reason == "stock_empty_last_round"


def test_the_next_round_turns_the_waste_over_into_a_stock_in_the_same_drawing_order() -> None:
    game = DoubleH.deal(3)
    order = game.stock
    for _ in range(78):
        game.apply("draw")
    game.apply("next round")
    assert game.round == 2 and game.stock == order and game.waste == ()


def test_the_next_round_waits_for_an_empty_stock() -> None:
    assert refused(DoubleH.deal(3), "next round").reason == "stock_not_empty"


def test_there_are_three_rounds_and_no_fourth() -> None:
    game = table({"4L": "4C"}, waste="4D", round_number=3, rest="waste")
    assert refused(game, "next round").reason == "last_round"


def test_a_new_round_may_start_while_a_place_is_empty_and_then_the_draw_is_allowed() -> None:
    game = table({"9R": "9C"}, empty=["4L"], round_number=1, rest="waste")
    assert not game.is_legal("draw")
    game.apply("next round")
    game.apply("draw")
    assert game.round == 2 and len(game.waste) == 1


def test_a_new_round_needs_cards_in_the_waste() -> None:
    game = table({"4R": "4H 4S 4D 4C"}, round_number=1, rest="waste")
    assert game.waste == () and game.stock == () and not game.is_over()
    assert refused(game, "next round").reason == "waste_empty_no_round"


# -- the end -----------------------------------------------------------------------------------


def test_the_3_and_the_9_on_each_others_places_can_never_swap_and_the_game_is_lost() -> None:
    game = table({"3R": "9H", "9R": "3H"}, round_number=3, rest="waste")
    assert game.waste == cards("3C 3D 3S 9C 9D 9S")  # all of them can still be parked
    assert game.is_lost() and game.is_over()
    assert game.result().outcome == "lost" and game.legal_moves() == []


def test_the_same_swap_is_not_lost_while_a_new_round_is_possible() -> None:
    game = table({"3R": "9H", "9R": "3H"}, round_number=2, rest="waste")
    assert not game.is_lost() and Move.next_round() in game.legal_moves()


def test_parking_alone_does_not_keep_a_game_alive() -> None:
    game = table({"3R": "7H 7S", "KR": "7H", "7L": "3H", "7R": "KH"}, round_number=3, rest="waste")
    model, state = Model.from_game(game)
    parkings = [action for action in model.actions(state) if action[0] == CARD]
    assert parkings and len(parkings) == len(model.actions(state))  # 7S can go back and forth for ever
    assert game.is_lost()


def test_a_parking_that_shows_a_playable_waste_card_keeps_the_game_alive() -> None:
    # The waste's top 9S parks on 9H at 3R; under it lies 4H, which builds on 4L.
    game = table({"3R": "9H", "4L": "4C 4D 4S", "9R": "9C"}, waste="4H 9S", round_number=3, rest="waste")
    model, state = Model.from_game(game)
    assert [model.to_move(action) for action in model.actions(state)] == [Move.card(None, "3R")]
    assert not game.is_lost()


def test_a_parking_that_empties_a_place_keeps_the_game_alive() -> None:
    # 5S alone on 4R can only park on 5H at JR; then the waste's JH may fill 4R.
    game = table({"4R": "5S", "JR": "5H", "5R": "5C", "5L": "5C 5D 5S 5H"}, round_number=3, rest="waste")
    model, state = Model.from_game(game)
    assert [model.to_move(action) for action in model.actions(state)] == [Move.card("4R", "JR")]
    assert not game.is_lost()
    game.apply("4R to JR")
    assert Move.card(None, "4R") in game.legal_moves()


def test_the_player_may_give_up_at_any_time() -> None:
    game = DoubleH.deal(4)
    game.apply("give up")
    assert game.result().outcome == "gave up" and game.is_over() and game.legal_moves() == []
    assert refused(game, "draw").reason == "game_over"


# -- bonus -------------------------------------------------------------------------------------


@pytest.mark.parametrize("round_number, wins", [(1, 3), (2, 2), (3, 1)])
def test_a_win_counts_three_times_in_round_one_twice_in_round_two_once_in_round_three(round_number: int,
                                                                                       wins: int) -> None:
    game = table({"4L": "4C 4D 4S"}, waste="4H", round_number=round_number, rest="waste")
    assert game.facts().bonus == wins
    game.apply("waste to 4L")
    assert game.is_won() and game.result().outcome == "won" and game.result().wins == wins


def test_the_table_shows_the_suit_order_clubs_diamonds_spades_hearts() -> None:
    assert DoubleH.deal(1).facts().suit_order == (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES, Suit.HEARTS)
