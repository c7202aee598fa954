"""KABALAM, RULES.md section 2 and its rulings in section 5: one named test per rule.

Most tests lay out a position by hand. ON_A_4 is a Kabala showing A, A, 2:
its compounded sum, the target, is 4.
"""

from __future__ import annotations

from collections import Counter

import pytest

from kabale.cards import Card, kabalam_deck
from kabale.game import IllegalMove
from kabale.games.kabala.rules import Move, Options
from kabale.games.kabalam.hand import KabalamHand, KabalamPosition

ON_A_4 = ("9C AC", "9D AD", "9H 2H")


def hand_at(
    packets: tuple[str, ...] = ON_A_4,
    draw_pile: str = "",
    turn: str = "S",
    options: Options = Options(),
    **endowments: str,
) -> KabalamHand:
    return KabalamHand.from_position(KabalamPosition.of(packets, endowments, draw_pile, turn), options)


def texts(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(str(card) for card in cards)


def legal(hand: KabalamHand) -> list[str]:
    return [str(move) for move in hand.legal_moves()]


# -- deck, set-up, seats -----------------------------------------------------------


@pytest.mark.parametrize("seats, pile", [(2, 46), (3, 36), (4, 26)])
def test_a_hand_deals_three_packets_ten_cards_a_seat_and_the_rest_to_the_draw_pile(seats: int, pile: int) -> None:
    hand = KabalamHand.deal(11, seats=seats)
    assert [len(packet) for packet in hand.packets] == [2, 2, 2]
    assert len(hand.endowment("S")) == 11  # the starter has drawn
    assert all(len(hand.endowment(seat)) == 10 for seat in hand.seats[1:])
    assert len(hand.draw_pile) == pile - 1
    everything = [*(c for p in hand.packets for c in p), *(c for s in hand.seats for c in hand.endowment(s)),
                  *hand.draw_pile]
    assert Counter(everything) == Counter(kabalam_deck())


def test_the_deal_is_fixed_by_the_seed() -> None:
    assert KabalamHand.deal(5).snapshot() == KabalamHand.deal(5).snapshot()
    assert KabalamHand.deal(5).snapshot() != KabalamHand.deal(6).snapshot()


def test_the_deal_of_seed_zero_is_pinned() -> None:
    """Pins the deal order (packets: face-down cards, then face-up; seats S, W, N, E; the draw pile)."""
    hand = KabalamHand.deal(0, seats=2)
    assert [texts(packet) for packet in hand.packets] == PINNED_PACKETS
    assert texts(hand.endowment("W")) == PINNED_WEST
    assert texts(hand.draw_pile[:2]) == "AC 9D"
    assert [str(event) for event in hand.history if event.kind == "draw"] == ["S draws 3C"]


def test_two_or_three_seats_are_the_first_of_south_west_north_east() -> None:
    assert KabalamHand.deal(1, seats=2).seats == ("S", "W")
    assert KabalamHand.deal(1, seats=3).seats == ("S", "W", "N")
    assert KabalamHand.deal(1, seats=["E", "N", "S"]).seats == ("S", "N", "E")


@pytest.mark.parametrize("seats", [1, 5, 0, ["S"], ["S", "S"], ["S", "X"], "SW"])
def test_kabalam_is_for_two_to_four_seats(seats: object) -> None:
    with pytest.raises(ValueError):
        KabalamHand.deal(1, seats=seats)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [-1, 1.5, "7", True, None])
def test_a_seed_is_a_non_negative_whole_number(seed: object) -> None:
    with pytest.raises(ValueError):
        KabalamHand.deal(seed)  # type: ignore[arg-type]


def test_the_first_hand_starts_at_south_unless_a_starter_is_given() -> None:
    assert KabalamHand.deal(3).turn == "S"
    hand = KabalamHand.deal(3, starter="N")
    assert hand.turn == "N"
    assert len(hand.endowment("N")) == 11 and len(hand.endowment("S")) == 10


def test_turns_pass_to_the_left_south_west_north_east() -> None:
    # 5 + 5 + 5 = 15 -> 6; flipping packet 1 shows its 9: 19 -> 1. Nobody can play on either.
    hand = hand_at(packets=("9C 5C", "9D 5D", "9H 5H"), draw_pile="7C 7D 7H 7S 8C", S="9S", W="9C", N="8S", E="8H")
    order = []
    for _ in range(5):
        order.append(hand.turn)
        hand.apply("pass flip 1")
    assert order == ["S", "W", "N", "E", "S"]


# -- a turn: the draw, the target, the plays ------------------------------------------


def test_each_turn_begins_with_the_draw_of_the_top_card() -> None:
    hand = hand_at(draw_pile="7C 8C", S="4S 5S", W="6S 6H")
    assert texts(hand.endowment("S")) == "4S 5S 7C"
    hand.apply("bare 4 on 1")  # 9 + 1 + 2 = 12 -> 3: she holds 5S 7C
    hand.apply("yield")
    assert texts(hand.endowment("W")) == "6H 6S 8C"
    assert hand.draw_pile == ()


def test_nothing_is_drawn_from_an_empty_draw_pile() -> None:
    hand = hand_at(S="4S 5S", W="6S")
    assert texts(hand.endowment("S")) == "4S 5S"
    assert [event.kind for event in hand.history].count("draw") == 0


def test_the_target_is_the_compounded_sum_of_the_three_face_up_cards() -> None:
    assert hand_at(S="4S", W="4C").target == 4
    assert hand_at(packets=("AC 9C", "AD 8D", "AH 7H"), S="4S", W="4C").target == 6  # 24 -> 6
    assert hand_at(packets=("AC 9C", "AD 9D", "AH 9H"), S="4S", W="4C").target == 9  # 27 -> 9


def test_the_seeds_example_three_4s_on_a_4_are_a_bare_descent() -> None:
    hand = hand_at(S="4S 4H 4D 5C", W="6S")
    for count in (1, 2, 3):
        assert f"bare 4{'x' + str(count) if count > 1 else ''} on 3" in legal(hand)
    assert "bare 4x4 on 3" not in legal(hand)
    hand.apply("bare 4x3 on 3")
    assert texts(hand.endowment("S")) == "5C"


def test_the_order_of_a_packet_after_a_flip_is_reversed() -> None:
    """The seed's picture: three 4s laid on the 2, then the packet turned upside down."""
    hand = hand_at(S="4S 4H 4D 5C", W="6S")
    hand.apply("bare 4x3 on 3")
    # laid down top first 4D 4H 4S on 9H 2H, i.e. bottom to top 9H 2H 4S 4H 4D; flipped:
    assert texts(hand.packets[2]) == "4D 4H 4S 2H 9H"
    assert hand.face_up[2] == Card.from_text("9H")


def test_the_seeds_example_an_ace_and_a_3_on_a_4_leave_the_ace_on_top() -> None:
    hand = hand_at(S="AS 3S 5C", W="6S")
    assert "double 1+3 on 3" in legal(hand)
    hand.apply("double 1+3 on 3")
    played = [event for event in hand.history if event.kind == "double"][0]
    assert texts(played.cards) == "AS 3S"  # top first: the Ace lay on top of the 3
    # so after the flip the Ace is at the bottom: it is the card the next flip shows
    assert texts(hand.packets[2]) == "AS 3S 2H 9H"


def test_the_card_shown_after_the_next_flip_is_the_card_on_top_before_that_flip() -> None:
    hand = hand_at(S="AS 3S 5C", W="6S 7S")
    hand.apply("double 1+3 on 1")  # the Ace on top, then the flip: 9 + 1 + 2 = 12 -> 3
    hand.apply("yield")
    hand.apply("pass flip 1")  # West cannot play on a 3
    assert hand.face_up[0] == Card.from_text("AS")


def test_she_chooses_how_many_matching_cards_a_bare_descent_plays() -> None:
    hand = hand_at(S="4S 4H 4D 5C", W="6S")
    hand.apply("bare 4 on 1")
    assert texts(hand.endowment("S")) == "4H 4S 5C"


def test_the_engine_plays_equal_values_clubs_diamonds_hearts_spades_first() -> None:
    hand = hand_at(S="4S 4H 4D 4C 5C", W="6S")
    hand.apply("bare 4x2 on 1")
    assert texts([e for e in hand.history if e.kind == "bare"][0].cards) == "4C 4D"


def test_a_named_card_is_the_one_played() -> None:
    hand = hand_at(S="4S 4H 4D 5C", W="6S")
    hand.apply("bare 4S on 1", seat="S")
    assert texts(hand.endowment("S")) == "4D 4H 5C"
    assert str(hand.moves[-1]) == "bare 4S on 1"


def test_named_cards_of_a_bare_descent_are_laid_so_the_first_named_ends_on_top() -> None:
    hand = hand_at(S="4S 4H 4D 5C", W="6S")
    hand.apply("bare 4S 4H on 1")  # 4S on top, then the flip: 4S at the bottom
    assert texts(hand.packets[0]) == "4S 4H AC 9C"


def test_of_two_equal_cards_in_a_double_the_first_named_ends_on_top() -> None:
    hand = hand_at(S="2S 2C 5C", W="6S")
    hand.apply("double 2S+2C on 1")
    assert texts(hand.packets[0]) == "2S 2C AC 9C"


def test_a_card_not_held_cannot_be_named() -> None:
    hand = hand_at(S="4S 4H 5C", W="6S")
    with pytest.raises(IllegalMove) as raised:
        hand.apply("bare 4C on 1")
    assert raised.value.reason == "not_held" and raised.value.details == {"card": "4C"}
    with pytest.raises(IllegalMove):
        hand.apply("bare 4S 4S on 1")  # only one 4S is held
    assert texts(hand.endowment("S")) == "4H 4S 5C"


def test_more_matching_cards_than_held_are_refused() -> None:
    hand = hand_at(S="4S 4H 5C", W="6S")
    with pytest.raises(IllegalMove) as raised:
        hand.apply("bare 4x3 on 1")
    assert raised.value.reason == "not_enough"
    assert str(raised.value) == "You hold two 4s, not three"


def test_a_bare_descent_of_the_wrong_value_is_refused() -> None:
    hand = hand_at(S="3S 4H 5C", W="6S")
    with pytest.raises(IllegalMove) as raised:
        hand.apply("bare 3 on 1")
    assert raised.value.reason == "bare_value"
    assert str(raised.value) == "The Kabala sums to 4; a Bare Descent on it is of 4s, not 3s"


def test_two_2s_make_a_double_on_a_4() -> None:
    hand = hand_at(S="2S 2H 5C", W="6S")
    assert legal(hand) == ["double 2+2 on 1", "double 2+2 on 2", "double 2+2 on 3"]


def test_a_double_that_does_not_make_the_target_is_refused_with_the_sum() -> None:
    hand = hand_at(S="2S 3H 5C", W="6S")
    with pytest.raises(IllegalMove) as raised:
        hand.apply("double 3+2 on 1")
    assert str(raised.value) == "The Kabala sums to 4; 2 + 3 makes 5"
    assert raised.value.reason == "double_sum"
    assert raised.value.details == {"target": 4, "a": 2, "b": 3, "sum": 5}


def test_a_double_is_exactly_two_cards_and_one_of_a_pair_is_not_enough() -> None:
    hand = hand_at(S="2S 5C", W="6S")
    assert legal(hand) == ["pass flip 1", "pass flip 2", "pass flip 3"]
    with pytest.raises(IllegalMove) as raised:
        hand.apply("double 2+2 on 1")
    assert raised.value.reason == "not_enough"


def test_no_double_exists_on_a_1() -> None:
    packets = ("9C 4C", "9D 3D", "9H 3H")  # 10 -> 1
    hand = hand_at(packets=packets, S="4S 6H 5C", W="6S")
    assert hand.target == 1
    assert legal(hand) == ["pass flip 1", "pass flip 2", "pass flip 3"]
    compounded = hand_at(packets=packets, S="4S 6H 5C", W="6S", options=Options(compounded_doubles=True))
    assert legal(compounded) == ["double 4+6 on 1", "double 4+6 on 2", "double 4+6 on 3"]


def test_compounded_doubles_play_6_and_7_on_a_4() -> None:
    plain = hand_at(S="6S 7H 5C", W="6C")
    assert "double 6+7 on 1" not in legal(plain)
    compounded = hand_at(S="6S 7H 5C", W="6C", options=Options(compounded_doubles=True))
    assert "double 6+7 on 1" in legal(compounded)
    compounded.apply("double 6+7 on 1")
    assert texts(compounded.endowment("S")) == "5C"


def test_compounded_doubles_pair_a_9_with_a_card_of_the_targets_value() -> None:
    hand = hand_at(S="9S 4H 5C", W="6C", options=Options(compounded_doubles=True))
    assert {"bare 4 on 1", "double 4+9 on 1"} <= set(legal(hand))


def test_a_compounded_double_must_compound_to_the_target() -> None:
    hand = hand_at(S="6S 8H 5C", W="6C", options=Options(compounded_doubles=True))
    with pytest.raises(IllegalMove) as raised:
        hand.apply("double 6+8 on 1")
    assert str(raised.value) == "The Kabala sums to 4; 6 + 8 makes 14, which compounds to 5"


def test_two_9s_on_a_9_are_one_bare_descent_even_with_compounded_doubles() -> None:
    hand = hand_at(packets=("AC 3C", "AD 3D", "AH 3H"), S="9S 9H 5C", W="6C", options=Options(compounded_doubles=True))
    assert hand.target == 9
    moves = legal(hand)
    assert "bare 9x2 on 1" in moves and "double 9+9 on 1" not in moves
    hand.apply("double 9+9 on 1")  # accepted, and played as what it is
    assert [e.kind for e in hand.history if e.kind in ("bare", "double")] == ["bare"]


def test_the_played_cards_are_shown_to_every_seat() -> None:
    hand = hand_at(S="4S 4H 5C", W="6S", N="7S")
    hand.apply("bare 4S 4H on 2")
    for seat in ("W", "N"):
        plays = [event for event in hand.observation(seat).history if event.kind == "bare"]
        assert [(event.seat, texts(event.cards), event.packet) for event in plays] == [("S", "4S 4H", 2)]


def test_the_packet_played_on_is_flipped_and_the_target_changes() -> None:
    hand = hand_at(S="4S 5C 7D", W="6S")
    hand.apply("bare 4 on 1")  # packet 1 [9C AC] + 4S, flipped: 9C shows; 9 + 1 + 2 = 12 -> 3
    assert hand.face_up[0] == Card.from_text("9C")
    assert hand.target == 3
    assert [event.kind for event in hand.history][-2:] == ["bare", "flip"]


# -- the end of a turn: play on, yield, pass ---------------------------------------


def test_she_plays_again_while_she_can() -> None:
    hand = hand_at(S="4S 3H 5C", W="6S")
    hand.apply("bare 4 on 1")  # target 3 now
    assert hand.turn == "S" and hand.played_this_turn
    assert "bare 3 on 1" in legal(hand)
    assert "yield" not in legal(hand)


def test_she_must_play_while_she_can_so_yield_is_refused() -> None:
    hand = hand_at(S="4S 3H 5C", W="6S")
    hand.apply("bare 4 on 1")
    with pytest.raises(IllegalMove) as raised:
        hand.apply("yield")
    assert raised.value.reason == "must_play_on"
    assert "bare 3 on 1" in str(raised.value)


def test_when_she_can_play_no_more_after_playing_she_yields_and_the_turn_passes_left() -> None:
    hand = hand_at(S="4S 5C", W="6S", N="7S")
    hand.apply("bare 4 on 1")  # target 3, she holds a 5
    assert legal(hand) == ["yield"]
    hand.apply("yield")
    assert hand.turn == "W" and not hand.played_this_turn


def test_free_yield_lets_her_stop_after_her_first_play() -> None:
    hand = hand_at(S="4S 3H 5C", W="6S", options=Options(free_yield=True))
    assert "yield" not in legal(hand)
    hand.apply("bare 4 on 1")
    assert legal(hand)[-1] == "yield" and "bare 3 on 1" in legal(hand)
    hand.apply("yield")
    assert hand.turn == "W"


def test_yield_before_any_play_is_refused_even_with_free_yield() -> None:
    for options in (Options(), Options(free_yield=True)):
        hand = hand_at(S="4S 5C", W="6S", options=options)
        with pytest.raises(IllegalMove) as raised:
            hand.apply("yield")
        assert raised.value.reason == "yield_before_play"


def test_when_she_cannot_play_a_single_card_she_passes_and_flips_a_packet_of_her_choice() -> None:
    hand = hand_at(S="5C 6D", W="6S", N="7S")
    assert legal(hand) == ["pass flip 1", "pass flip 2", "pass flip 3"]
    hand.apply("pass flip 2")
    assert texts(hand.packets[1]) == "AD 9D"
    assert hand.turn == "W"
    assert [event.kind for event in hand.history][-2:] == ["pass", "flip"]


def test_passing_is_refused_while_she_can_play() -> None:
    hand = hand_at(S="4S 5C", W="6S")
    with pytest.raises(IllegalMove) as raised:
        hand.apply("pass flip 1")
    assert raised.value.reason == "must_play"


def test_passing_is_refused_after_having_played() -> None:
    hand = hand_at(S="4S 5C", W="6S")
    hand.apply("bare 4 on 1")
    with pytest.raises(IllegalMove) as raised:
        hand.apply("pass flip 1")
    assert raised.value.reason == "pass_after_play"


def test_a_refused_move_changes_nothing() -> None:
    hand = hand_at(S="2S 3H AC", W="6S")
    before = hand.snapshot()
    for text in ("double 2+3 on 1", "bare 4 on 1", "yield", "pass flip 1", "draw", "bare 2S 2S on 1"):
        with pytest.raises(IllegalMove):
            hand.apply(text)
    assert hand.snapshot() == before


def test_a_move_for_a_seat_whose_turn_it_is_not_is_refused() -> None:
    hand = hand_at(S="4S 5C", W="6S")
    with pytest.raises(IllegalMove) as raised:
        hand.apply("bare 4 on 1", seat="W")
    assert raised.value.reason == "not_your_turn"
    assert str(raised.value) == "It is South's turn, not West's"


def test_there_is_no_draw_move_in_kabalam() -> None:
    with pytest.raises(IllegalMove) as raised:
        hand_at(S="4S 5C", W="6S").apply("draw")
    assert raised.value.reason == "not_in_this_game"


@pytest.mark.parametrize("bad", [None, 3, Card.from_text("4S"), ["bare 4 on 1"]])
def test_anything_that_is_not_a_move_is_refused_as_illegal(bad: object) -> None:
    with pytest.raises(IllegalMove):
        hand_at(S="4S 5C", W="6S").apply(bad)  # type: ignore[arg-type]


# -- out with thirteen --------------------------------------------------------------

THIRTEEN_NO_4 = "5C 5D 5H 5S 6C 6D 6H 6S 7C 7D 7H 7S"  # twelve cards, no 4 and no Double on a 4


def test_a_pass_holding_thirteen_cards_puts_her_out_with_thirteen_after_her_flip() -> None:
    hand = hand_at(draw_pile="8C 8D", S=THIRTEEN_NO_4, W="6C 2S", N="9S")  # she draws the 13th card
    assert len(hand.endowment("S")) == 13
    hand.apply("pass flip 1")
    assert texts(hand.packets[0]) == "AC 9C"
    assert hand.in_hand == ("W", "N")
    assert hand.endowment("S") == () and len(hand.set_aside("S")) == 13
    assert hand.turn == "W"
    assert [event.kind for event in hand.history][-3:] == ["flip", "out_with_thirteen", "draw"]


def test_a_pass_holding_twelve_cards_is_an_ordinary_pass() -> None:
    hand = hand_at(S=THIRTEEN_NO_4, W="6C", N="9S")
    hand.apply("pass flip 1")
    assert hand.in_hand == ("S", "W", "N")


def test_out_with_thirteen_scores_100_and_the_last_seat_left_scores_nothing() -> None:
    hand = hand_at(draw_pile="8C 8D", S=THIRTEEN_NO_4, W="6C 2S")
    hand.apply("pass flip 1")
    result = hand.result()
    assert hand.is_over() and result is not None
    assert result.ending == "one_seat_left"
    assert dict(result.scores) == {"S": 100, "W": 0}
    assert result.out_with_thirteen == ("S",)
    assert hand.legal_moves() == [] and hand.turn is None


def test_a_seat_out_with_thirteen_is_skipped_in_the_order_of_play() -> None:
    hand = hand_at(draw_pile="8C 7C 7D 7H", S="8D 8H", W=THIRTEEN_NO_4, N="9S 9C", E="9D 9H")
    order = []
    for _ in range(6):
        order.append(hand.turn)
        hand.apply("pass flip 1")  # the target goes 4, 3, 4, 3 ... and nobody can play
    assert order == ["S", "W", "N", "E", "S", "N"]
    assert hand.in_hand == ("S", "N", "E")


def test_the_cards_of_a_seat_out_with_thirteen_are_not_shown_to_anyone() -> None:
    hand = hand_at(draw_pile="8C 8D", S=THIRTEEN_NO_4, W="6C 2S", N="9S")
    hand.apply("pass flip 1")
    for seat in ("W", "N"):
        observation = hand.observation(seat)
        out = [event for event in observation.history if event.kind == "out_with_thirteen"]
        assert [(event.seat, event.count, event.cards) for event in out] == [("S", 13, ())]
        assert observation.cards_held("S") == 0


# -- closing and the empty draw pile ----------------------------------------------------


def test_playing_the_last_card_closes_the_hand_and_the_others_score_their_sums() -> None:
    hand = hand_at(S="4S", W="6S 2C", N="9S 9C 1C")
    hand.apply("bare 4 on 2")
    result = hand.result()
    assert result is not None and result.ending == "closed" and result.closer == "S"
    assert dict(result.scores) == {"S": 0, "W": 8, "N": 19}
    assert [event.kind for event in hand.history][-4:] == ["bare", "flip", "close", "end"]
    assert texts(hand.packets[1]) == "4S AD 9D"  # the packet is flipped all the same


def test_a_seat_out_with_thirteen_scores_100_when_another_closes() -> None:
    hand = hand_at(draw_pile="8C 8D", S=THIRTEEN_NO_4, W="AS 3S 6C", N="2C")
    hand.apply("pass flip 2")  # South is out; packet 2 shows 9D: 1 + 9 + 2 = 12 -> 3
    hand.apply("bare 3 on 1")  # West (who drew 8D): 9 + 9 + 2 = 20 -> 2
    assert legal(hand) == ["yield"]
    hand.apply("yield")
    hand.apply("bare 2 on 1")  # North plays her last card
    result = hand.result()
    assert result is not None and result.closer == "N"
    assert dict(result.scores) == {"S": 100, "W": 15, "N": 0}


def test_with_an_empty_draw_pile_the_hand_ends_when_every_seat_in_it_has_passed_in_a_row() -> None:
    hand = hand_at(packets=("9C 5C", "9D 5D", "9H 5H"), S="9S 8C", W="8S 7C 7D")  # target 6, nobody plays
    hand.apply("pass flip 3")  # 5 + 5 + 9 = 19 -> 1
    assert not hand.is_over() and hand.passes_in_a_row == 1
    hand.apply("pass flip 3")  # back to 6
    result = hand.result()
    assert result is not None and result.ending == "all_passed"
    assert dict(result.scores) == {"S": 34, "W": 44}  # twice the sums


def test_a_play_between_the_passes_starts_the_count_again() -> None:
    hand = hand_at(packets=("9C 5C", "9D 5D", "9H 5H"), S="9S 8C", W="8S 7C 1C 1D")
    hand.apply("pass flip 3")  # target 1
    assert hand.passes_in_a_row == 1
    hand.apply("bare 1 on 3")  # W plays: 5 + 5 + 5 -> 6 again
    assert hand.passes_in_a_row == 0
    hand.apply("yield")
    hand.apply("pass flip 2")
    assert not hand.is_over() and hand.passes_in_a_row == 1


def test_the_pass_of_the_seat_that_drew_the_last_card_counts() -> None:
    hand = hand_at(packets=("9C 5C", "9D 5D", "9H 5H"), draw_pile="8D", S="9S 8C", W="8S 7C")
    hand.apply("pass flip 3")  # S drew the last card, then passed: the pile is empty, it counts
    assert hand.passes_in_a_row == 1
    hand.apply("pass flip 3")
    assert hand.is_over()


def test_passes_made_while_the_draw_pile_still_had_cards_do_not_count() -> None:
    hand = hand_at(packets=("9C 5C", "9D 5D", "9H 5H"), draw_pile="8D 8H", S="9S 8C", W="8S 7C")
    hand.apply("pass flip 3")  # S draws 8D and passes: one card still in the pile
    assert hand.passes_in_a_row == 0
    hand.apply("pass flip 3")  # W draws the last card and passes: counts
    assert hand.passes_in_a_row == 1 and not hand.is_over()
    hand.apply("pass flip 3")
    assert hand.is_over()


def test_a_pass_out_with_thirteen_does_not_count_but_the_others_passes_can_end_the_hand() -> None:
    hand = hand_at(packets=("9C 5C", "9D 5D", "9H 5H"), S="9S 8C", W=THIRTEEN_NO_4 + " 8S", N="8H 9C")
    hand.apply("pass flip 1")  # target 6 -> 10 -> 1: S counts 1
    assert hand.passes_in_a_row == 1
    hand.apply("pass flip 1")  # W (13 cards) is out: she is no longer in the hand
    assert hand.in_hand == ("S", "N") and hand.passes_in_a_row == 1
    hand.apply("pass flip 1")  # N passes: S and N, every seat still in the hand, passed in a row
    result = hand.result()
    assert result is not None and result.ending == "all_passed"
    assert dict(result.scores) == {"S": 34, "W": 100, "N": 34}


def test_a_hand_over_refuses_every_move() -> None:
    hand = hand_at(S="4S", W="6S")
    hand.apply("bare 4 on 1")
    with pytest.raises(IllegalMove) as raised:
        hand.apply("pass flip 1")
    assert raised.value.reason == "game_over"


# -- positions ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "change",
    [
        {"packets": ("9C AC", "9D AD")},
        {"endowments": {"S": "4S"}},
        {"endowments": {"S": "4S", "W": ""}},
        {"endowments": {"S": "4S", "X": "5S"}},
        {"turn": "N"},
        {"draw_pile": "4S 4S"},  # with the 4S held: three of a card in two decks
    ],
)
def test_a_position_that_cannot_happen_is_refused(change: dict[str, object]) -> None:
    arguments: dict[str, object] = {"packets": ON_A_4, "endowments": {"S": "4S", "W": "5S"}, **change}
    with pytest.raises(ValueError):
        KabalamPosition.of(**arguments)  # type: ignore[arg-type]


def test_changing_the_stored_form_of_a_hand_does_not_change_the_hand() -> None:
    hand = KabalamHand.deal(3, seats=2)
    data = hand.to_dict()
    data["seats"].append("N")
    data["moves"].append("yield")
    assert hand.to_dict()["seats"] == ["S", "W"] and hand.to_dict()["moves"] == []


def test_a_position_round_trips_through_json() -> None:
    position = KabalamPosition.of(ON_A_4, {"S": "4S", "N": "5S"}, "6C", "N", {"W": THIRTEEN_NO_4 + " 8S"})
    assert KabalamPosition.from_dict(position.to_dict()) == position
    hand = KabalamHand.from_position(position)
    assert hand.seats == ("S", "W", "N") and hand.in_hand == ("S", "N") and hand.turn == "N"
    assert KabalamHand.from_dict(hand.to_dict()).snapshot() == hand.snapshot()


# The shuffle of seed 0 begins 7S 7S 7H 9H AS 8C: three face-down cards, then three face up.
PINNED_PACKETS = ["7S 9H", "7S AS", "7H 8C"]
PINNED_WEST = "AC AH 2D 3D 4D 6S 7C 7D 8C 8H"
