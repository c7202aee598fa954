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

from kabale.games.kabalam.fast import SimHand, doubles_held, has_play, targets_of

__all__ = ["play_out", "play_out_random"]


def play_out(hand: SimHand, rng: random.Random, go_on: float = 8.0, block: float = 3.0) -> list[int]:
    """Greedy one-flip-ahead play for every seat to the end of the hand.

    Every rule it looks ahead with is the core's (:class:`SimHand`): the target,
    the target after each packet's flip (:func:`targets_of`), the Doubles an endowment holds, whose
    turn is next and what she draws; this policy only scores the choices."""
    random_ = rng.random
    compounded = hand.compounded
    all_counts = hand.counts
    packets = hand.packets
    while hand.scores is None:
        turn = hand.turn
        after = hand.after  # the core's next seat after each (replaced when a seat goes out)
        counts = all_counts[turn]
        targets = targets_of(packets)  # now, then after each packet's flip
        target = targets[0]
        count = counts[target]
        doubles = doubles_held(counts, target, compounded)
        if not count and not doubles and hand.played:
            hand.begin_turn(after[turn])  # nothing left to play: yield, and the next seat draws
            continue
        # the next player's cards after her draw: what a target left to her meets
        theirs = all_counts[after[turn]]
        drawn = hand.next_draw()
        theirs[drawn] += 1
        if not count and not doubles:
            best_hard = -1.0
            best_packet = 0
            for p in range(3):
                # after a pass the packet reverses: its bottom card comes up
                hard = (0.0 if has_play(theirs, targets[p + 1], compounded) else 2.0) + random_()
                if hard > best_hard:
                    best_hard, best_packet = hard, p
            theirs[drawn] -= 1
            hand.pass_flip(best_packet)
            continue
        best_score = -1.0
        best_packet = 0
        best_low = best_high = best_count = 0
        left = hand.sizes[turn]
        if count:
            counts[target] = 0
            gone = count * 2.0
            for p in range(3):
                if left == count:
                    score = 1000.0
                else:
                    following = targets[p + 1]
                    if has_play(counts, following, compounded):
                        score = gone + go_on + random_()
                    elif has_play(theirs, following, compounded):
                        score = gone + random_()
                    else:
                        score = gone + block + random_()
                if score > best_score:
                    best_score, best_packet, best_low, best_high, best_count = score, p, target, 0, count
            counts[target] = count
        for a, b in doubles:
            counts[a] -= 1
            counts[b] -= 1
            for p in range(3):
                if left == 2:
                    score = 1000.0
                else:
                    following = targets[p + 1]
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
        hand.play(best_packet, best_low, best_count, best_high)
    return hand.scores


def play_out_random(hand: SimHand, rng: random.Random) -> list[int]:
    """Uniformly random legal moves to the end (the engine's ``play_out``)."""
    return hand.play_out_random(rng)
