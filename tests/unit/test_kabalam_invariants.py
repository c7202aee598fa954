"""KABALAM invariants over random hands (hypothesis), and random playouts.

Cards are tracked by identity: the engine moves the 72 card objects of its
deck and never makes new ones, so "this very card" is ``id(card)``.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Iterator

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from kabale.cards import Card, kabalam_deck
from kabale.game import IllegalMove
from kabale.games.kabala.rules import Event, Move, Options, known_packets, next_flip_cards
from kabale.games.kabalam.hand import KabalamHand, KabalamObservation

from unit_helpers import cards_seen_by

OPTIONS = st.builds(Options, compounded_doubles=st.booleans(), free_yield=st.booleans())
HANDS = dict(seed=st.integers(0, 2**32), seats=st.sampled_from([2, 3, 4]), options=OPTIONS, rng=st.randoms())
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
EVERY_MOVE = [
    *(Move.bare(value, count, packet=packet) for value in range(1, 10) for count in range(1, 9) for packet in (1, 2, 3)),
    *(Move.double(a, b, packet=packet) for a in range(1, 10) for b in range(a, 10) for packet in (1, 2, 3)),
    *(Move.pass_flip(packet) for packet in (1, 2, 3)),
    Move.yield_turn(),
    Move.draw(),
]


def random_hand_states(seed: int, seats: int, options: Options, rng: random.Random) -> Iterator[KabalamHand]:
    """The hand after each move of a random game, the deal first."""
    hand = KabalamHand.deal(seed, seats=seats, options=options)
    yield hand
    while not hand.is_over():
        moves = hand.legal_moves()
        hand.apply(moves[rng.randrange(len(moves))])
        yield hand


def every_card(hand: KabalamHand) -> list[Card]:
    return [
        *(card for packet in hand.packets for card in packet),
        *(card for seat in hand.seats for card in hand.endowment(seat)),
        *(card for seat in hand.seats for card in hand.set_aside(seat)),
        *hand.draw_pile,
    ]


def cards_in(observation: KabalamObservation) -> list[Card]:
    return [
        *observation.endowment,
        *observation.face_up,
        *(card for event in observation.history for card in event.cards),
        *(card for move in observation.legal_moves for card in move.cards or ()),
    ]


@SETTINGS
@given(**HANDS)
def test_each_of_the_72_cards_is_somewhere_exactly_once_after_every_move(
    seed: int, seats: int, options: Options, rng: random.Random
) -> None:
    deck = Counter(kabalam_deck())
    for hand in random_hand_states(seed, seats, options, rng):
        cards = every_card(hand)
        assert len({id(card) for card in cards}) == len(cards) == 72
        assert Counter(cards) == deck


@SETTINGS
@given(**HANDS)
def test_an_observation_never_shows_a_card_its_seat_was_not_allowed_to_see(
    seed: int, seats: int, options: Options, rng: random.Random
) -> None:
    for hand in random_hand_states(seed, seats, options, rng):
        for seat in hand.seats:
            observation = hand.observation(seat)
            allowed = cards_seen_by(hand, seat)
            assert all(id(card) in allowed for card in cards_in(observation))
            assert observation.endowment == hand.endowment(seat)
            for event in observation.history:
                if event.kind in ("draw", "deal") and event.seat not in (None, seat):
                    assert event.cards == ()


@SETTINGS
@given(**HANDS)
def test_the_memory_aid_knows_exactly_the_cards_that_were_seen_and_where_they_are(
    seed: int, seats: int, options: Options, rng: random.Random
) -> None:
    for hand in random_hand_states(seed, seats, options, rng):
        observation = hand.observation(hand.seats[0])
        memory = known_packets(observation)
        for remembered, actual in zip(memory, hand.packets):
            assert len(remembered) == len(actual)
            assert all(card is None or card is real for card, real in zip(remembered, actual))
            assert sum(card is None for card in remembered) <= 1  # only a face-down card never shown
        assert next_flip_cards(observation) == tuple(packet[0] for packet in memory)


@SETTINGS
@given(**HANDS)
def test_legal_moves_are_distinct_each_applies_and_every_other_move_is_refused(
    seed: int, seats: int, options: Options, rng: random.Random
) -> None:
    for hand in random_hand_states(seed, seats, options, rng):
        legal = hand.legal_moves()
        assert len(set(legal)) == len(legal)
        if hand.is_over():
            assert legal == []
            continue
        for move in rng.sample(EVERY_MOVE, 12) + legal[:6]:
            trial = hand.copy()
            if move in legal:
                trial.apply(move)
            elif (options.compounded_doubles and move == Move.double(9, 9, packet=move.packet or 1)
                  and Move.bare(9, 2, packet=move.packet or 1) in legal):
                trial.apply(move)  # two 9s on a 9, a compounded Double that is the Bare Descent
            else:
                before = trial.snapshot()
                with pytest.raises(IllegalMove):
                    trial.apply(move)
                assert trial.snapshot() == before


@SETTINGS
@given(**HANDS, stop=st.integers(0, 200))
def test_to_dict_and_from_dict_round_trip_through_json_at_any_moment(
    seed: int, seats: int, options: Options, rng: random.Random, stop: int
) -> None:
    for number, hand in enumerate(random_hand_states(seed, seats, options, rng)):
        if number == stop or hand.is_over():
            data = json.loads(json.dumps(hand.to_dict()))
            again = KabalamHand.from_dict(data)
            assert again.snapshot() == hand.snapshot()
            assert again.history == hand.history
            assert again.to_dict() == data
            return


@SETTINGS
@given(**HANDS)
def test_a_copy_is_independent_and_plays_on_exactly_like_the_original(
    seed: int, seats: int, options: Options, rng: random.Random
) -> None:
    hand = KabalamHand.deal(seed, seats=seats, options=options)
    for _ in range(rng.randrange(40)):
        if hand.is_over():
            break
        hand.apply(rng.choice(hand.legal_moves()))
    before = hand.snapshot()
    copy = hand.copy()
    assert copy.snapshot() == before and copy.history == hand.history
    for seat in hand.seats:
        assert copy.observation(seat) == hand.observation(seat)
    copy.play_out(random.Random(seed))
    assert hand.snapshot() == before
    again = KabalamHand.from_dict(hand.to_dict())
    again.replay(copy.moves[len(hand.moves):])
    assert again.snapshot() == copy.snapshot()


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("options", [Options(), Options(compounded_doubles=True, free_yield=True)])
def test_three_hundred_random_hands_end_properly(seats: int, options: Options) -> None:
    rng = random.Random(seats)
    endings: Counter[str] = Counter()
    for seed in range(300):
        hand = KabalamHand.deal(seed, seats=seats, options=options)
        result = hand.play_out(rng)
        endings[result.ending] += 1
        assert set(result.scores) == set(hand.seats)
        assert all(points >= 0 for points in result.scores.values())
        if result.ending == "closed":
            assert result.scores[result.closer or ""] == 0
        assert all(result.scores[seat] == 100 for seat in result.out_with_thirteen)
        assert len(hand.moves) < 600
    assert endings["closed"] > 0 and endings["all_passed"] > 0


def test_legal_move_counts_of_fixed_deals_are_pinned() -> None:
    """Perft-style: the number of legal moves along a fixed line of play, as a regression guard."""
    counts = []
    for seed in range(5):
        hand = KabalamHand.deal(seed, seats=4)
        line = []
        for _ in range(12):
            if hand.is_over():
                break
            moves = hand.legal_moves()
            line.append(len(moves))
            hand.apply(moves[len(moves) // 2])
        counts.append(line)
    assert counts == PINNED_COUNTS


PINNED_COUNTS = [
    [6, 6, 3, 3, 1, 6, 3, 3, 3, 1, 6, 1],
    [6, 9, 6, 1, 3, 6, 3, 6, 1, 3, 3, 1],
    [3, 1, 6, 6, 1, 9, 9, 9, 1, 3, 9, 1],
    [12, 6, 3, 6, 1, 6, 6, 9, 1, 9, 6, 6],
    [6, 6, 3, 3, 3, 1, 15, 9, 12, 1, 9, 9],
]


def test_the_public_history_reads_as_plain_text() -> None:
    hand = KabalamHand.deal(0, seats=2)
    hand.play_out(random.Random(0))
    lines = [str(event) for event in hand.observation("W").history]
    assert lines[0].startswith("packet 1: 2 cards, ") and "S is dealt 10 cards" in lines
    assert all(isinstance(line, str) and line for line in lines)
    assert isinstance(Event("pass", "S").to_dict(), dict)


@SETTINGS
@given(**HANDS)
def test_a_hand_sampled_from_an_observation_looks_the_same_to_that_seat(
    seed: int, seats: int, options: Options, rng: random.Random
) -> None:
    deck = Counter(kabalam_deck())
    for hand in random_hand_states(seed, seats, options, rng):
        if hand.is_over() or rng.random() < 0.7:
            continue
        seat = rng.choice(hand.seats)
        observation = hand.observation(seat)
        sampled = KabalamHand.sample(observation, rng)
        again = sampled.observation(seat)
        same = ("endowment", "face_up", "target", "packet_sizes", "endowment_sizes", "draw_pile_size", "in_hand",
                "turn", "played_this_turn", "passes_in_a_row", "legal_moves")
        assert all(getattr(again, name) == getattr(observation, name) for name in same)
        assert Counter(every_card(sampled)) == deck
        for remembered, packet in zip(known_packets(observation), sampled.packets):
            assert all(card is None or card == real for card, real in zip(remembered, packet))
        sampled.play_out(rng)
