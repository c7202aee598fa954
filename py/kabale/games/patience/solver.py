"""Patience Kabalam for the solver: the search over the game's core
(:mod:`kabale.games.patience.core`, the rules on values only), for the
thoughtful mode (which knows the face-down cards and the order of the draw pile).

:class:`Space` is what :mod:`kabale.solver_search` searches. Two states whose
packets are the same three stacks in another order are the same to it (the
target is a sum, and every move may go on any packet). It plays no move by
itself: none is proved safe here (playing more cards of a Bare Descent, or
any play at all, can spoil a win by what it brings up), so every legal move
is searched.
"""

from __future__ import annotations

import random

from kabale.games.patience.core import (
    A_BARE,
    A_DOUBLE,
    A_DRAW,
    A_PASS,
    Action,
    Model,
    State,
    can_play,
    held,
    left_after_play,
    pack_hand,
)

__all__ = ["Model", "Space", "State", "Action", "A_BARE", "A_DOUBLE", "A_PASS", "A_DRAW", "pack_hand", "held"]


# -- the search space ---------------------------------------------------------------

# Priorities, lower first. A play ranks by how many cards it plays and by what
# it leaves: the next target (the packet's bottom card comes up) can be played
# on again, or not.
_PLAY_ON = 0.0  # a play after which another play follows
_PLAY_STOP = 3.0  # a play that ends this run of plays
_PER_CARD = 0.5  # each card played ranks it higher
_DRAW_EARLY = 6.0  # free yield: a draw while plays are left
_PASS_TO_PLAY = 0.0  # a pass whose new target can be played on with the drawn cards
_PASS_BLIND = 1.0

Scored = list[tuple[float, Action]]


def _first(item: tuple[float, Action]) -> float:
    return item[0]


class Space:
    """Patience Kabalam for :mod:`kabale.solver_search`.

    ``noise``: how far a restart may shuffle the order. ``symmetric``: the
    key ignores the order of the packets (a test compares without).
    """

    def __init__(self, model: Model, noise: float = 2.0, symmetric: bool = True) -> None:
        self.model = model
        self.noise = noise
        self.symmetric = symmetric

    def key(self, state: State) -> tuple[object, ...]:
        packets, hand, pos, played = state
        if not self.symmetric:
            return state
        a, b, c = packets
        if a > b:
            a, b = b, a
        if b > c:
            b, c = c, b
            if a > b:
                a, b = b, a
        return a, b, c, hand, pos, played

    def is_won(self, state: State) -> bool:
        return state[1] == 0

    def progress(self, state: State) -> float:
        """Cards played (for restarts: how far a line got)."""
        packets = state[0]
        return float(len(packets[0]) + len(packets[1]) + len(packets[2]))

    def play(self, state: State, action: Action) -> State:
        return self.model.play(state, action)

    def actions(self, state: State, complete: bool, rng: random.Random | None) -> list[Action]:
        """Every legal move, best first (a restart shuffles among nearly equal ones)."""
        scored = self.scored(state)
        if rng is not None and self.noise:
            noise, draw = self.noise, rng.random
            scored = [(rank + draw() * noise, action) for rank, action in scored]
        scored.sort(key=_first)
        return [action for _, action in scored]

    def scored(self, state: State) -> Scored:
        model = self.model
        packets, hand, pos, played = state
        actions = model.actions(state)
        compounded = model.compounded
        targets = model.targets(packets)  # what each play or pass leaves: the packet's bottom comes up
        scored: Scored = []
        for action in actions:
            kind, p, x, y = action
            if kind == A_BARE or kind == A_DOUBLE:
                cards = y if kind == A_BARE else 2
                left = left_after_play(hand, action)
                if not left:
                    return [(0.0, action)]  # it wins: nothing else needs trying
                rank = _PLAY_ON if can_play(left, targets[p + 1], compounded) else _PLAY_STOP
                scored.append((rank - _PER_CARD * cards, action))
            elif kind == A_DRAW:
                scored.append((_DRAW_EARLY if len(actions) > 1 else 0.0, action))
            else:
                after = model.play(state, action)
                scored.append((_PASS_TO_PLAY if can_play(after[1], targets[p + 1], compounded)
                               else _PASS_BLIND, action))
        return scored
