"""KABALAM's rules on values only: the engine's core.

Suits never matter for play, so the core keeps each packet as a list of values
(bottom to top), each endowment as counts per value and the draw pile as values
(top last). That makes a copy a few list slices and a playout fast. Every rule
of a hand is here, once: the legal moves, a play and its flip, the pass and out
with thirteen, whose turn comes next and her draw, the end and the scores.
:class:`~kabale.games.kabalam.hand.KabalamHand` is the checked layer players
use: it keeps its state in a core and adds the suits, the history and the
reasons a move is refused. The search bots play their playouts on the core
directly (:mod:`kabale.bots.playout` asks it for every rule it looks ahead
with). tests/unit/test_bots_sim.py plays the core and the hand's cards side by
side on random hands and compares every legal move list, every state and every
result.

A move here is a tuple ``(kind, packet, a, b)``: ``(BARE, p, value, count)``,
``(DOUBLE, p, low, high)``, ``(PASS, p, 0, 0)`` or ``(YIELD, 0, 0, 0)``, with
packets 0-2. :func:`to_sim` and :func:`to_move` translate to and from the
engine's :class:`~kabale.games.kabala.rules.Move`.
"""

from __future__ import annotations

import random
from typing import Sequence

from kabale.cards import COMPOUNDED_SUMS, compounded_sum
from kabale.games.kabala.rules import OUT_WITH_THIRTEEN_CARDS, PAIRS, Move, core_play, targets_of
from kabale.games.kabalam.state import ALL_PASSED, CLOSED, ONE_SEAT_LEFT

__all__ = [
    "SimHand",
    "OUT_WITH_THIRTEEN_POINTS",
    "SimMove",
    "BARE",
    "DOUBLE",
    "PASS",
    "YIELD",
    "to_sim",
    "to_move",
    "has_play",
    "seats_after",
    "doubles_held",
    "targets_of",
    "digital_root",
]

BARE, DOUBLE, PASS, YIELD = 0, 1, 2, 3
#: What a seat out with thirteen scores for the hand (RULES.md section 2).
OUT_WITH_THIRTEEN_POINTS = 100
SimMove = tuple[int, int, int, int]
YIELD_SIM: SimMove = (YIELD, 0, 0, 0)
PASSES: tuple[SimMove, ...] = tuple((PASS, p, 0, 0) for p in range(3))

#: DOUBLE_PAIRS[compounded][target]: the (low, high) pairs of a Double on target.
DOUBLE_PAIRS: dict[bool, list[tuple[tuple[int, int], ...]]] = {
    flag: [()] + [PAIRS[flag][t] for t in range(1, 10)] for flag in (False, True)
}

#: BARE_MOVES[value][n]: every Bare Descent of 1..n cards of value on each packet, by count
#: (the engine's order), so a seat holding n of them lists its Bare Descents by one lookup.
BARE_MOVES: list[list[tuple[SimMove, ...]]] = [
    [tuple((BARE, p, value, count) for count in range(1, n + 1) for p in range(3)) for n in range(9)]
    for value in range(10)
]
#: DOUBLE_MOVES[(low, high)]: the Double of low and high on each packet.
DOUBLE_MOVES: dict[tuple[int, int], tuple[SimMove, ...]] = {
    (a, b): tuple((DOUBLE, p, a, b) for p in range(3)) for a in range(1, 10) for b in range(a, 10)
}

#: DOUBLE_NEEDS[compounded][target]: each Double's (low, high, how many of low it needs),
#: so holding it is one test (``counts[low] >= need and counts[high]``) for a pair or not.
DOUBLE_NEEDS: dict[bool, list[tuple[tuple[int, int, int], ...]]] = {
    flag: [tuple((a, b, 2 if a == b else 1) for a, b in pairs) for pairs in DOUBLE_PAIRS[flag]]
    for flag in (False, True)
}


#: The compounded sum of a positive total (1..9), under the name the bots use.
digital_root = compounded_sum


def doubles_held(counts: Sequence[int], target: int, compounded: bool) -> list[tuple[int, int]]:
    """The Doubles (low, high) on ``target`` an endowment (counts per value) can make:
    the core's one Double test, which the playouts and the checked hand ask too."""
    held = []
    for a, b, need in DOUBLE_NEEDS[compounded][target]:
        if counts[a] >= need and counts[b]:
            held.append((a, b))
    return held


def has_play(counts: Sequence[int], target: int, compounded: bool) -> bool:
    """Can an endowment (counts per value) make a Bare Descent or a Double on target?"""
    if counts[target]:
        return True
    for a, b, need in DOUBLE_NEEDS[compounded][target]:
        if counts[a] >= need and counts[b]:
            return True
    return False


def seats_after(playing: Sequence[bool]) -> tuple[int, ...]:
    """For each seat, the seat whose turn comes after hers: the next one round the
    table still in the hand (out with thirteen, a seat is skipped)."""
    seats = len(playing)
    after = []
    for seat in range(seats):
        following = (seat + 1) % seats
        while not playing[following] and following != seat:
            following = (following + 1) % seats
        after.append(following)
    return tuple(after)


def to_sim(move: Move) -> SimMove:
    """The engine's move as a playout move."""
    if move.kind == "bare":
        return (BARE, (move.packet or 1) - 1, move.values[0], len(move.values))
    if move.kind == "double":
        return (DOUBLE, (move.packet or 1) - 1, move.values[0], move.values[1])
    if move.kind == "pass":
        return (PASS, (move.packet or 1) - 1, 0, 0)
    if move.kind == "yield":
        return YIELD_SIM
    raise ValueError(f"{move} is not a KABALAM move")


#: The engine's (canonical, shared) move of each core move met so far.
KNOWN_MOVES: dict[SimMove, Move] = {}


def to_move(move: SimMove) -> Move:
    """A playout move as the engine's (canonical, shared) move."""
    found = KNOWN_MOVES.get(move)
    if found is None:
        found = KNOWN_MOVES[move] = _new_move(move)
    return found


def _new_move(move: SimMove) -> Move:
    return core_play(*move) or Move.yield_turn()


class SimHand:
    """One hand in values: the state a search copies, plays on and scores.

    Build it from lists (see :meth:`__init__`); the search bots do so from a
    sampled deal (:mod:`kabale.bots.sampler`), the cheater from the real hand.
    """

    __slots__ = (
        "packets", "counts", "sizes", "pile", "playing", "after", "n_in", "turn", "played", "passes",
        "compounded", "free_yield", "scores", "closer", "ending",
    )

    packets: list[list[int]]
    counts: list[list[int]]
    sizes: list[int]
    pile: list[int]
    playing: list[bool]
    after: tuple[int, ...]  # the seat that moves after each seat (replaced, never changed in place)
    n_in: int
    turn: int
    played: bool
    passes: int
    compounded: bool
    free_yield: bool
    scores: list[int] | None  # the points of each seat once the hand is over
    closer: int  # the seat that closed, else -1
    ending: str  # how the hand ended (state.ENDINGS), "" while it goes on

    def __init__(
        self,
        packets: Sequence[Sequence[int]],
        endowments: Sequence[Sequence[int] | None],
        pile: Sequence[int],
        turn: int,
        played: bool,
        passes: int,
        compounded: bool = False,
        free_yield: bool = False,
    ) -> None:
        """``packets`` bottom to top; ``endowments`` per seat as values (None: out with
        thirteen); ``pile`` top *last*; the seat ``turn`` has drawn already."""
        self.packets = [list(packet) for packet in packets]
        self.counts = []
        self.sizes = []
        self.playing = []
        for values in endowments:
            counts = [0] * 10
            for value in values or ():
                counts[value] += 1
            self.counts.append(counts)
            self.sizes.append(len(values or ()))
            self.playing.append(values is not None)
        self.n_in = sum(self.playing)
        self.after = seats_after(self.playing)
        self.pile = list(pile)
        self.turn, self.played, self.passes = turn, played, passes
        self.compounded, self.free_yield = compounded, free_yield
        self.scores = None
        self.closer = -1
        self.ending = ""

    def copy(self) -> "SimHand":
        new = object.__new__(SimHand)
        new.packets = list(map(list.copy, self.packets))  # one copy per playout: the lists copied in C, no Python loop
        new.counts = list(map(list.copy, self.counts))
        new.sizes = self.sizes[:]
        new.pile = self.pile[:]
        new.playing = self.playing[:]
        new.after = self.after
        new.n_in, new.turn, new.played, new.passes = self.n_in, self.turn, self.played, self.passes
        new.compounded, new.free_yield = self.compounded, self.free_yield
        new.scores, new.closer, new.ending = self.scores, self.closer, self.ending
        return new

    # -- the rules ----------------------------------------------------------------

    @property
    def target(self) -> int:
        packets = self.packets
        return COMPOUNDED_SUMS[packets[0][-1] + packets[1][-1] + packets[2][-1]]

    def plays(self) -> list[SimMove]:
        """Every distinct play, in the engine's order (Bare Descents by count, then Doubles)."""
        packets = self.packets
        target = COMPOUNDED_SUMS[packets[0][-1] + packets[1][-1] + packets[2][-1]]
        counts = self.counts[self.turn]
        moves = list(BARE_MOVES[target][counts[target]])
        for pair in doubles_held(counts, target, self.compounded):
            moves += DOUBLE_MOVES[pair]
        return moves

    def next_seat(self) -> int:
        """The seat that moves after the seat to move: the next one still in the hand."""
        return self.after[self.turn]

    def next_draw(self) -> int:
        """The value the next seat draws when her turn begins (0: the draw pile is empty)."""
        pile = self.pile
        return pile[-1] if pile else 0

    def legal_moves(self) -> list[SimMove]:
        if self.scores is not None:
            return []
        moves = self.plays()
        if self.played:
            if not moves or self.free_yield:
                moves.append(YIELD_SIM)
        elif not moves:
            moves = list(PASSES)
        return moves

    def apply(self, move: SimMove) -> None:
        """Play a legal move (unchecked: the search only plays legal ones)."""
        kind, p, a, b = move
        if kind == BARE:
            self.play(p, a, b, 0)
        elif kind == DOUBLE:
            self.play(p, a, 0, b)
        elif kind == PASS:
            self.pass_flip(p)
        else:
            self.begin_turn(self.after[self.turn])

    def play(self, p: int, value: int, count: int, high: int) -> None:
        """A Bare Descent of ``count`` cards of ``value`` (high 0), or the Double
        value + high (count 0), on packet p; then the flip."""
        turn = self.turn
        counts = self.counts[turn]
        packet = self.packets[p]
        packet.reverse()
        if high:
            counts[value] -= 1
            counts[high] -= 1
            packet[0:0] = (value, high)
            self.sizes[turn] -= 2
        else:
            counts[value] -= count
            packet[0:0] = (value,) * count
            self.sizes[turn] -= count
        self.played = True
        self.passes = 0
        if self.sizes[turn] == 0:
            self.end_closed(turn)

    def pass_flip(self, p: int) -> None:
        turn = self.turn
        self.packets[p].reverse()
        if self.sizes[turn] >= OUT_WITH_THIRTEEN_CARDS:
            self.counts[turn] = [0] * 10
            self.sizes[turn] = 0
            self.playing[turn] = False
            self.after = seats_after(self.playing)
            self.n_in -= 1
            if self.n_in == 1:
                self.end_scores(one_left=True)
                return
        elif not self.pile:
            self.passes += 1
        if self.passes >= self.n_in:
            self.end_scores(one_left=False)
            return
        self.begin_turn(self.after[turn])

    def next_turn(self) -> None:
        """The next seat's turn begins (:meth:`begin_turn`)."""
        self.begin_turn(self.after[self.turn])

    def begin_turn(self, turn: int) -> None:
        """A seat's turn begins: she draws the top card of the pile, if any is left."""
        self.turn = turn
        self.played = False
        pile = self.pile
        if pile:
            self.counts[turn][pile.pop()] += 1
            self.sizes[turn] += 1

    def points(self, seat: int) -> int:
        counts = self.counts[seat]
        return (counts[1] + 2 * counts[2] + 3 * counts[3] + 4 * counts[4] + 5 * counts[5]
                + 6 * counts[6] + 7 * counts[7] + 8 * counts[8] + 9 * counts[9])

    def end_closed(self, closer: int) -> None:
        self.closer = closer
        self.ending = CLOSED
        self.scores = [
            0 if seat == closer else (self.points(seat) if playing else OUT_WITH_THIRTEEN_POINTS)
            for seat, playing in enumerate(self.playing)
        ]

    def end_scores(self, one_left: bool) -> None:
        self.ending = ONE_SEAT_LEFT if one_left else ALL_PASSED
        self.scores = [
            (0 if one_left else 2 * self.points(seat)) if playing else OUT_WITH_THIRTEEN_POINTS
            for seat, playing in enumerate(self.playing)
        ]

    # -- playouts -------------------------------------------------------------------

    def play_out_random(self, rng: random.Random) -> list[int]:
        """Uniformly random legal moves to the end, as the engine's ``play_out``."""
        legal_moves, apply, random_ = self.legal_moves, self.apply, rng.random
        while self.scores is None:
            moves = legal_moves()
            apply(moves[int(random_() * len(moves))])
        return self.scores
