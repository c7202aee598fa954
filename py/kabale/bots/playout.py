"""Fast playouts: how every seat plays in the hands a search imagines.

A playout must be cheap (a search plays hundreds per decision, in the browser
too) and not silly (a random player throws away the plan the search is
judging). The greedy policy here looks one flip ahead, which it can do
because a sampled hand knows every packet card by card:

* it plays all its cards of the target's value, or a Double, on the packet
  whose next card leaves it a target it can still play on (closing first);
* when it can play no more it yields; when it must pass it flips the packet
  that leaves the next player the target hardest to play on.

:func:`play_out` returns each seat's points for the hand.
"""

from __future__ import annotations

import random

from kabale.cards import COMPOUNDED_SUMS
from kabale.games.kabalam.fast import DOUBLE_PAIRS, SimHand, has_play

__all__ = ["play_out", "play_out_random"]


def play_out(hand: SimHand, rng: random.Random, go_on: float = 8.0, block: float = 3.0) -> list[int]:
    """Greedy one-flip-ahead play for every seat to the end of the hand."""
    random_ = rng.random
    root = COMPOUNDED_SUMS  # the compounded sum, looked up
    pairs = DOUBLE_PAIRS[hand.compounded]
    compounded = hand.compounded
    packets = hand.packets
    all_counts = hand.counts
    playing = hand.playing
    seats = len(playing)
    pile = hand.pile
    while hand.scores is None:
        turn = hand.turn
        counts = all_counts[turn]
        # the next player's cards after her draw: what a target left to her meets
        following_seat = (turn + 1) % seats
        while not playing[following_seat]:
            following_seat = (following_seat + 1) % seats
        theirs = all_counts[following_seat]
        drawn = pile[-1] if pile else 0
        theirs[drawn] += 1
        tops = packets[0][-1] + packets[1][-1] + packets[2][-1]
        target = root[tops]
        best_score = -1.0
        best_packet = 0
        best_low = best_high = best_count = 0
        count = counts[target]
        left = hand.sizes[turn]
        if count:
            counts[target] = 0
            gone = count * 2.0
            for p in range(3):
                packet = packets[p]
                if left == count:
                    score = 1000.0
                else:
                    following = root[tops - packet[-1] + packet[0]]
                    if has_play(counts, following, compounded):
                        score = gone + go_on + random_()
                    elif has_play(theirs, following, compounded):
                        score = gone + random_()
                    else:
                        score = gone + block + random_()
                if score > best_score:
                    best_score, best_packet, best_low, best_high, best_count = score, p, target, 0, count
            counts[target] = count
        for a, b in pairs[target]:
            if (counts[a] >= 2) if a == b else (counts[a] and counts[b]):
                counts[a] -= 1
                counts[b] -= 1
                for p in range(3):
                    packet = packets[p]
                    if left == 2:
                        score = 1000.0
                    else:
                        following = root[tops - packet[-1] + packet[0]]
                        if has_play(counts, following, compounded):
                            score = 4.0 + go_on + random_()
                        elif has_play(theirs, following, compounded):
                            score = 4.0 + random_()
                        else:
                            score = 4.0 + block + random_()
                    if score > best_score:
                        best_score, best_packet, best_low, best_high, best_count = score, p, a, b, 0
                counts[a] += 1
                counts[b] += 1
        theirs[drawn] -= 1
        if best_score >= 0:
            hand.play(best_packet, best_low, best_count, best_high)
        elif hand.played:
            hand.next_turn()
        else:
            theirs[drawn] += 1
            best_hard = -1.0
            for p in range(3):
                packet = packets[p]
                # after a pass the packet reverses: its bottom card comes up
                following = root[tops - packet[-1] + packet[0]]
                hard = (0.0 if has_play(theirs, following, compounded) else 2.0) + random_()
                if hard > best_hard:
                    best_hard, best_packet = hard, p
            theirs[drawn] -= 1
            hand.pass_flip(best_packet)
    return hand.scores


def play_out_random(hand: SimHand, rng: random.Random) -> list[int]:
    """Uniformly random legal moves to the end (the engine's ``play_out``)."""
    return hand.play_out_random(rng)
