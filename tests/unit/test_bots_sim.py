"""The playout rules (kabale.games.kabalam.fast) are the engine's rules, move for move."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings, strategies as st

from kabale.games.kabala.rules import Options
from kabale.games.kabalam.fast import SimHand, has_play, to_move, to_sim
from kabale.games.kabalam.hand import KabalamHand

OPTIONS = st.builds(Options, compounded_doubles=st.booleans(), free_yield=st.booleans())
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def sim_of(hand: KabalamHand) -> SimHand:
    seats = hand.seats
    return SimHand(
        [[card.value for card in packet] for packet in hand.packets],
        [[card.value for card in hand.endowment(seat)] if seat in hand.in_hand else None for seat in seats],
        [card.value for card in reversed(hand.draw_pile)],
        seats.index(hand.turn or ""),
        hand.played_this_turn,
        hand.passes_in_a_row,
        hand.options.compounded_doubles,
        hand.options.free_yield,
    )


def same_state(hand: KabalamHand, sim: SimHand) -> bool:
    return (
        [[card.value for card in packet] for packet in hand.packets] == sim.packets
        and [card.value for card in reversed(hand.draw_pile)] == sim.pile
        and all(sim.sizes[k] == len(hand.endowment(seat)) for k, seat in enumerate(hand.seats))
        and all(sum(sim.counts[k][1:]) == sim.sizes[k] for k in range(len(hand.seats)))
        and (hand.turn is None or sim.turn == hand.seats.index(hand.turn))
    )


@SETTINGS
@given(seed=st.integers(0, 2**32), seats=st.sampled_from([2, 3, 4]), options=OPTIONS, rng=st.randoms())
def test_a_values_only_hand_lists_the_same_moves_and_ends_with_the_same_scores(
    seed: int, seats: int, options: Options, rng: random.Random
) -> None:
    hand = KabalamHand.deal(seed, seats=seats, options=options)
    sim = sim_of(hand)
    while not hand.is_over():
        legal = hand.legal_moves()
        assert [to_sim(move) for move in legal] == sim.legal_moves()
        move = rng.choice(legal)
        assert to_move(to_sim(move)) == move
        hand.apply(move)
        sim.apply(to_sim(move))
        assert same_state(hand, sim)
    result = hand.result()
    assert result is not None and sim.scores == [result.scores[seat] for seat in hand.seats]
    assert sim.legal_moves() == []


def test_a_copy_plays_on_alone() -> None:
    hand = sim_of(KabalamHand.deal(5, seats=3))
    copy = hand.copy()
    copy.play_out_random(random.Random(1))
    assert copy.scores is not None and hand.scores is None
    assert same_state(KabalamHand.deal(5, seats=3), hand)


def test_has_play_knows_bare_descents_and_doubles() -> None:
    counts = [0, 1, 0, 1, 0, 0, 0, 0, 0, 0]  # an Ace and a 3
    assert has_play(counts, 4, False) and has_play(counts, 1, False) and has_play(counts, 3, False)
    assert not has_play(counts, 5, False) and not has_play(counts, 2, False)
    assert has_play([0, 0, 0, 0, 0, 0, 1, 1, 0, 0], 4, True)  # 6 + 7 = 13 -> 4, compounded
    assert not has_play([0, 0, 0, 0, 0, 0, 1, 1, 0, 0], 4, False)
