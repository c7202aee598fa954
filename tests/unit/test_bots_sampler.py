"""Determinizations: hands dealt from an observation agree with everything it shows,
including what passes and forced yields reveal (kabale.bots.sampler)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from kabale.bots import NormalBot
from kabale.bots.sampler import Clue, Knowledge, clues_of, min_removal, satisfies, sim_of
from kabale.cards import Card, cards_from_text, kabalam_deck
from kabale.games.kabala.rules import Options, known_packets
from kabale.games.kabalam.fast import has_play, to_sim
from kabale.games.kabalam.hand import KabalamHand, KabalamObservation, KabalamPosition

OPTIONS = st.builds(Options, compounded_doubles=st.booleans(), free_yield=st.booleans())
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SAME = ("endowment", "face_up", "target", "packet_sizes", "endowment_sizes", "draw_pile_size", "in_hand",
        "turn", "played_this_turn", "passes_in_a_row", "legal_moves")


def values(cards: tuple[Card, ...]) -> list[int]:
    return [card.value for card in cards]


def observations(seed: int, seats: int, options: Options, rng: random.Random) -> list[tuple[KabalamHand, KabalamObservation]]:
    """Decision points of a hand played by normal and random seats, seen by a random seat."""
    hand = KabalamHand.deal(seed, seats=seats, options=options)
    greedy = NormalBot(random.Random(seed))
    found = []
    while not hand.is_over():
        if rng.random() < 0.3:
            found.append((hand.copy(), hand.observation(rng.choice(hand.in_hand))))
        moves = hand.legal_moves()
        if rng.random() < 0.5:
            hand.apply(greedy.choose(hand.observation(hand.turn or "")))
        else:
            hand.apply(rng.choice(moves))
    return found


def held_by(hand: KabalamHand, clue: Clue) -> list[int]:
    return values(hand.set_aside(clue.seat) if clue.aside else hand.endowment(clue.seat))


@SETTINGS
@given(seed=st.integers(0, 2**32), seats=st.sampled_from([2, 3, 4]), options=OPTIONS, rng_seed=st.integers(0, 2**32))
def test_the_real_hand_always_agrees_with_every_clue(seed: int, seats: int, options: Options, rng_seed: int) -> None:
    """The clues are sound: what they say about the others is true of the real hand."""
    rng = random.Random(rng_seed)
    for hand, observation in observations(seed, seats, options, rng):
        for clue in clues_of(observation):
            assert clue.seat != observation.seat
            assert satisfies(held_by(hand, clue), clue, options.compounded_doubles), clue
            if clue.exact or clue.aside:
                counts = Counter(held_by(hand, clue))
                assert not has_play([counts[v] for v in range(10)], clue.target, options.compounded_doubles)


@SETTINGS
@given(seed=st.integers(0, 2**32), seats=st.sampled_from([2, 3, 4]), options=OPTIONS, rng_seed=st.integers(0, 2**32))
def test_a_sampled_hand_agrees_with_the_observation_and_its_clues(
    seed: int, seats: int, options: Options, rng_seed: int
) -> None:
    rng = random.Random(rng_seed)
    deck = Counter(kabalam_deck())
    for _, observation in observations(seed, seats, options, rng):
        knowledge = Knowledge(observation)
        deal = knowledge.deal(rng)
        sampled = KabalamHand.from_position(deal.position(observation), options)
        again = sampled.observation(observation.seat)
        assert all(getattr(again, name) == getattr(observation, name) for name in SAME)
        everything = [*(c for p in sampled.packets for c in p), *sampled.draw_pile,
                      *(c for s in sampled.seats for c in (*sampled.endowment(s), *sampled.set_aside(s)))]
        assert Counter(everything) == deck
        for remembered, packet in zip(known_packets(observation), sampled.packets):
            assert all(card is None or card == real for card, real in zip(remembered, packet))
        for clue in knowledge.clues:
            assert satisfies(held_by(sampled, clue), clue, options.compounded_doubles), clue
        assert knowledge.fallbacks == 0
        sim = sim_of(deal, observation)
        assert sim.packets == [values(packet) for packet in sampled.packets]
        assert sim.pile == values(sampled.draw_pile)[::-1]
        assert sim.legal_moves() == [to_sim(move) for move in sampled.legal_moves()]
        sim.play_out_random(rng)


ON_A_4 = ("9C AC", "9D AD", "9H 2H")  # faces A, A, 2: the target is 4


def test_after_a_pass_on_a_4_the_passer_is_never_dealt_a_4_an_ace_and_3_or_two_2s() -> None:
    rest = Counter(kabalam_deck())
    endowments = {"S": "5C 6C 7C 8C", "W": "5D 6D 7D 8D 9S"}
    drawn = "5S"  # W draws 5S and must pass
    rest.subtract(cards_from_text(" ".join([*ON_A_4, *endowments.values(), drawn])))
    pile = [Card.from_text(drawn), *sorted(rest.elements(), key=str)]
    hand = KabalamHand.from_position(KabalamPosition.of(ON_A_4, endowments, pile, turn="W"))
    hand.apply("pass flip 1")  # 9C comes up: the target is 9 + 1 + 2 = 12 -> 3
    observation = hand.observation("S")
    knowledge = Knowledge(observation)
    assert knowledge.clues == [Clue("W", 4, "pass")]
    rng = random.Random(7)
    for _ in range(300):
        held = Counter(values(knowledge.deal(rng).endowments["W"]))
        assert held[4] == 0 and not (held[1] and held[3]) and held[2] <= 1
    assert knowledge.fallbacks == 0


def test_a_yield_is_a_clue_without_free_yield_and_none_with_it() -> None:
    for free, expected in ((False, 1), (True, 0)):
        hand = KabalamHand.from_position(
            KabalamPosition.of(ON_A_4, {"S": "4S 5C", "W": "6S 7S"}, "6C 6D 6H 7C 7D 7H"), Options(free_yield=free))
        hand.apply("bare 4 on 1")  # 9C comes up: 9 + 1 + 2 -> 3, S holds 5C: no play
        hand.apply("yield")
        assert len(clues_of(hand.observation("W"))) == expected
        assert clues_of(hand.observation("S")) == []  # her own yield tells her nothing new


@pytest.mark.parametrize("counts, target, compounded, removal", [
    ([0, 1, 0, 2, 0, 0, 0, 0, 0, 0], 4, False, 1),  # keep the 3s, drop the Ace
    ([0, 0, 3, 0, 0, 0, 0, 0, 0, 0], 4, False, 2),  # 2 + 2: keep one 2
    ([0, 0, 0, 0, 2, 0, 0, 0, 0, 0], 4, False, 2),  # Bare Descents: every 4 goes
    ([0, 0, 0, 0, 1, 0, 0, 0, 0, 2], 4, True, 1),  # 4 + 9 compounds to 4, but the 4 goes anyway
    ([0, 0, 0, 0, 0, 0, 1, 1, 0, 0], 4, True, 1),  # 6 + 7 = 13 -> 4
    ([0, 0, 0, 0, 0, 0, 1, 1, 0, 0], 4, False, 0),
])
def test_min_removal_counts_the_cards_that_stand_between_a_hand_and_no_play(
    counts: list[int], target: int, compounded: bool, removal: int
) -> None:
    assert min_removal(counts, target, compounded) == removal


def test_an_older_clue_allows_the_cards_drawn_since() -> None:
    clue = Clue("W", 4, "pass", draws_since=1, played_since=(5,))
    assert satisfies([4, 6, 6], clue, False)  # the 4 may be the card drawn since
    assert not satisfies([4, 4, 6], clue, False)  # not both
    assert not satisfies([1, 3, 2, 2], clue, False)
