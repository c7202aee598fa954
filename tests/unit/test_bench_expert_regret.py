"""bench/expert_regret.py: a peek puts in the real part of the hand and deals the rest from
the cards left, so a peek at everything is the real hand and no peek keeps the deck whole;
a move's regret is the oracle's best value minus the value of the move chosen."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cheater import sim_of_hand
from expert_regret import PEEKS, choose, oracle, peeking_sampler, regret
from kabale.bots import make_bot
from kabale.games.kabalam.fast import SimHand
from kabale.games.kabalam.hand import KabalamHand


def mid_hand() -> tuple[KabalamHand, str]:
    """A two-seat hand a few turns in, with unseen face-down cards and a pile left."""
    hand = KabalamHand.deal(11, seats=2)
    bots = {seat: make_bot("normal", random.Random(seat)) for seat in hand.seats}
    for _ in range(6):
        seat = hand.turn or ""
        hand.apply(bots[seat].choose(hand.observation(seat)))
    assert not hand.is_over()
    return hand, hand.turn or ""


def cards_of(world: SimHand) -> Counter[int]:
    """Every value in a world: packets, endowments, pile."""
    values: Counter[int] = Counter(value for packet in world.packets for value in packet)
    values.update(world.pile)
    for counts in world.counts:
        values.update({value: count for value, count in enumerate(counts) if count})
    return values


def test_a_peek_at_everything_is_the_real_hand_and_a_partial_peek_keeps_the_deck() -> None:
    hand, seat = mid_hand()
    real = sim_of_hand(hand)
    whole = peeking_sampler(hand, seat, frozenset(PEEKS))(random.Random(1))
    assert (whole.packets, whole.counts, whole.pile) == (real.packets, real.counts, real.pile)
    other = 1 - hand.seats.index(seat)
    for peeks in ({"hand"}, {"pile"}, {"packets"}):
        worlds = [peeking_sampler(hand, seat, frozenset(peeks))(random.Random(n)) for n in range(20)]
        for world in worlds:
            assert cards_of(world) == cards_of(real)  # the same deck, only dealt otherwise
            assert world.counts[1 - other] == real.counts[1 - other]  # one's own cards are one's own
            assert (world.counts[other] == real.counts[other]) or "hand" not in peeks
            assert (world.pile == real.pile) or "pile" not in peeks
        if "pile" not in peeks:
            assert any(world.pile != real.pile for world in worlds)  # the rest is dealt anew


def test_regret_is_the_oracles_best_minus_the_choice() -> None:
    hand, seat = mid_hand()
    position = (hand.to_dict(), seat)
    moves, values = oracle((position, 4))
    assert moves == [str(move) for move in hand.legal_moves()] and len(moves) > 1
    kind, cost = regret(("hard@40", 3, position, (moves, values)))
    chosen = choose("hard@40", hand, seat, random.Random(3))
    assert cost == pytest.approx(max(values) - values[moves.index(str(chosen))]) and cost >= 0
    assert kind == ("pass" if any(move.kind == "pass" for move in hand.legal_moves()) else "play")
    with pytest.raises(ValueError):
        choose("peek-everything@10", hand, seat, random.Random(0))
