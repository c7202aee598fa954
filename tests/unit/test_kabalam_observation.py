"""What each player knows (RULES.md section 2), as KabalamHand.observation gives it."""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter

import pytest

from kabale.cards import Card, cards_from_text, kabalam_deck
from kabale.games.kabala.rules import Options, known_packets, next_flip_cards
from kabale.games.kabalam.hand import KabalamHand, KabalamPosition

ON_A_4 = ("9C AC", "9D AD", "9H 2H")


def hand_at(draw_pile: str = "", **endowments: str) -> KabalamHand:
    return KabalamHand.from_position(KabalamPosition.of(ON_A_4, endowments, draw_pile))


def texts(cards: tuple[Card | None, ...]) -> str:
    return " ".join(str(card) if card else "?" for card in cards)


def test_she_sees_her_own_endowment_and_only_counts_of_the_others() -> None:
    hand = KabalamHand.deal(4, seats=3)
    observation = hand.observation("W")
    assert observation.endowment == hand.endowment("W")
    assert observation.endowment_sizes == (11, 10, 10)
    assert observation.cards_held("S") == 11
    assert observation.draw_pile_size == 72 - 6 - 30 - 1
    assert observation.face_up == hand.face_up and observation.target == hand.target
    assert observation.packet_sizes == (2, 2, 2)


def test_she_sees_her_own_draws_but_not_the_others() -> None:
    hand = KabalamHand.deal(4, seats=2)
    drawn = [event for event in hand.history if event.kind == "draw"][0]
    mine = [event for event in hand.observation("S").history if event.kind == "draw"]
    theirs = [event for event in hand.observation("W").history if event.kind == "draw"]
    assert mine == [drawn] and len(drawn.cards) == 1
    assert [(event.seat, event.cards, event.count) for event in theirs] == [("S", (), 1)]
    assert str(theirs[0]) == "S draws a card"


def test_the_deal_of_another_seat_shows_only_how_many_cards_she_got() -> None:
    hand = KabalamHand.deal(4, seats=2)
    deals = {event.seat: event for event in hand.observation("S").history if event.kind == "deal" and event.seat}
    assert len(deals["S"].cards) == 10 and deals["W"].cards == () and deals["W"].count == 10


def test_the_face_down_card_of_a_packet_is_in_no_observation() -> None:
    hand = hand_at(S="5C 6C", W="7C 8C")
    face_down = {hand.packets[i][0] for i in range(3)}
    for seat in ("S", "W"):
        shown = [card for event in hand.observation(seat).history for card in event.cards]
        assert not face_down & set(shown) - set(hand.endowment(seat))


def test_legal_moves_are_in_the_observation_of_the_seat_to_move_only() -> None:
    hand = hand_at(S="4S 5C", W="6S")
    assert [str(move) for move in hand.observation("S").legal_moves] == ["bare 4 on 1", "bare 4 on 2", "bare 4 on 3"]
    assert hand.observation("W").legal_moves == ()
    assert hand.observation("S").my_turn and not hand.observation("W").my_turn


def test_the_public_history_lists_plays_flips_passes_and_yields_in_order() -> None:
    hand = hand_at(S="4S 5C", W="6S 7S")
    hand.apply("bare 4 on 1")
    hand.apply("yield")
    hand.apply("pass flip 2")
    lines = [str(event) for event in hand.observation("W").history if event.kind != "deal"]
    assert lines == ["S bare 4S on 1", "flip 1: 9C comes up", "S yields", "W passes", "flip 2: 9D comes up"]


def test_an_observation_is_a_frozen_value() -> None:
    observation = hand_at(S="4S 5C", W="6S").observation("S")
    with pytest.raises(dataclasses.FrozenInstanceError):
        observation.target = 5  # type: ignore[misc]
    assert isinstance(observation.history, tuple) and isinstance(observation.legal_moves, tuple)


def test_an_observation_reads_as_plain_json() -> None:
    hand = KabalamHand.deal(9, seats=4)
    hand.apply(hand.legal_moves()[0])
    data = json.loads(json.dumps(hand.observation("N").to_dict()))
    assert data["seat"] == "N" and data["endowment_sizes"]["S"] == len(hand.endowment("S"))
    assert data["legal_moves"] == []


def test_an_unknown_seat_has_no_observation() -> None:
    with pytest.raises(ValueError):
        KabalamHand.deal(1, seats=2).observation("N")


def test_the_memory_aid_knows_nothing_under_a_packet_never_flipped() -> None:
    hand = hand_at(S="4S 5C", W="6S")
    assert next_flip_cards(hand.observation("W")) == (None, None, None)
    assert [texts(packet) for packet in known_packets(hand.observation("W"))] == ["? AC", "? AD", "? 2H"]


def test_the_memory_aid_knows_the_next_flip_card_once_a_packet_was_flipped() -> None:
    hand = hand_at(S="AS 3S 5C", W="6S 7S")
    hand.apply("double 1+3 on 1")  # packet 1 becomes AS 3S AC 9C (bottom to top)
    observation = hand.observation("W")
    assert next_flip_cards(observation) == (Card.from_text("AS"), None, None)
    assert texts(known_packets(observation)[0]) == "AS 3S AC 9C"


def test_the_memory_aid_learns_the_face_down_card_when_a_flip_shows_it() -> None:
    hand = hand_at(S="5C 6D", W="6S 7S")
    hand.apply("pass flip 3")  # packet 3 was 9H (face down) under 2H
    assert texts(known_packets(hand.observation("S"))[2]) == "2H 9H"
    assert next_flip_cards(hand.observation("S"))[2] == Card.from_text("2H")


def test_an_observation_of_a_hand_over_carries_the_result() -> None:
    hand = hand_at(S="4S", W="6S")
    hand.apply("bare 4 on 1")
    observation = hand.observation("W")
    assert observation.is_over and observation.result == hand.result() and observation.turn is None


def test_options_are_part_of_the_observation() -> None:
    hand = KabalamHand.deal(2, seats=2, options=Options(free_yield=True))
    assert hand.observation("W").options == Options(free_yield=True)


def test_a_sampled_hand_keeps_what_the_seat_knows_and_deals_the_rest_at_random() -> None:
    hand = KabalamHand.deal(12, seats=3)
    observation = hand.observation("W")
    one = KabalamHand.sample(observation, random.Random(1))
    two = KabalamHand.sample(observation, random.Random(2))
    assert one.endowment("W") == two.endowment("W") == hand.endowment("W")
    assert one.face_up == two.face_up == hand.face_up
    assert one.endowment("S") != two.endowment("S")
    assert len(one.endowment("S")) == 11 and len(one.draw_pile) == len(hand.draw_pile)


def test_a_hand_that_is_over_cannot_be_sampled() -> None:
    hand = hand_at(S="4S", W="6S")
    hand.apply("bare 4 on 1")
    with pytest.raises(ValueError):
        KabalamHand.sample(hand.observation("W"), random.Random(0))


def test_a_seat_out_with_thirteen_still_observes_and_can_be_sampled_from() -> None:
    endowments = {"S": "5C 5D 5H 5S 6C 6D 6H 6S 7C 7D 7H 7S", "W": "6C 2S", "N": "9S"}
    rest = Counter(kabalam_deck())
    rest.subtract(cards_from_text(" ".join([*ON_A_4, *endowments.values(), "8C"])))
    pile = [Card.from_text("8C"), *sorted(rest.elements(), key=str)]  # South draws her 13th card, 8C
    hand = KabalamHand.from_position(KabalamPosition.of(ON_A_4, endowments, pile))
    hand.apply("pass flip 1")
    observation = hand.observation("S")
    assert observation.endowment == () and observation.in_hand == ("W", "N")
    sampled = KabalamHand.sample(observation, random.Random(3))
    assert sampled.in_hand == ("W", "N") and len(sampled.set_aside("S")) == 13
