"""Patience Kabalam's rules on values only: the game's core.

Suits never matter for play (RULES.md section 5: a move is the same move
whichever suits it plays), so the core keeps values only, in a compact state of
small ints for one fixed draw pile:

* ``packets``: three tuples of values 1..9, bottom to top (the top is face up);
* ``hand``: the endowment as a packed int, 3 bits per value (value ``v`` at
  bit ``3 * (v - 1)``; a value is held at most 4 times);
* ``pos``: how many cards of the draw pile have been drawn; the pile's values
  are fixed for the game (``Model.pile``, top first);
* ``played``: a card was played since the last draw.

An action is a tuple ``(kind, packet, x, y)``, the packet 0..2:
``(BARE, p, value, count)``, ``(DOUBLE, p, low, high)``, ``(PASS, p, 0, 0)``
and ``(DRAW, 0, 0, 0)``. :meth:`Model.actions` lists them in the engine's order.

Every rule of the patience is here, once: the legal moves, a play and its flip,
the pass and its draw, the draw, the win and the two losses
(:meth:`Model.result`). :class:`~kabale.games.patience.rules.Patience` is the
checked layer a player uses: it keeps its position as a state of a Model, asks
it for the legal moves, the effect of each move and the end, and adds the
suits, the history and the reasons a move is refused. The solver
(:mod:`kabale.games.patience.solver`) searches the same Model.
"""

from __future__ import annotations

from typing import Protocol, Sequence

from kabale.cards import COMPOUNDED_SUMS, Card
from kabale.games.kabala.rules import BARE, DOUBLE, DRAW, OUT_WITH_THIRTEEN_CARDS, PAIRS, PASS, Move, Options
from kabale.games.kabala.rules import core_play, targets_of



class Laid(Protocol):
    """What the core reads of a position laid out card by card (a
    :class:`~kabale.games.patience.rules.PatiencePosition`). A protocol, not an import: the checked
    layer imports this module, never the other way round, not even for types (no ring)."""

    @property
    def packets(self) -> Sequence[Sequence[Card]]: ...
    @property
    def endowment(self) -> Sequence[Card]: ...
    @property
    def draw_pile(self) -> Sequence[Card]: ...
    @property
    def played_since_draw(self) -> bool: ...


class Played(Laid, Protocol):
    """What the core reads of a game in play (a :class:`~kabale.games.patience.rules.Patience`)."""

    @property
    def options(self) -> Options: ...
    @property
    def draw_pile_size(self) -> int: ...

__all__ = [
    "Model", "State", "Action", "A_BARE", "A_DOUBLE", "A_PASS", "A_DRAW", "DRAW_ACTION", "pack_hand", "held",
    "count_of", "hand_values", "left_after_play", "target_of", "can_play", "CARDS_PER_DRAW", "WON", "OUT_WITH_THIRTEEN",
    "DRAW_PILE_FINISHED",
]

CARDS_PER_DRAW = 2
WON, OUT_WITH_THIRTEEN, DRAW_PILE_FINISHED = "endowment_empty", "out_with_thirteen", "draw_pile_finished"

Packets = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
State = tuple[Packets, int, int, bool]
Action = tuple[int, int, int, int]

A_BARE, A_DOUBLE, A_PASS, A_DRAW = 0, 1, 2, 3
DRAW_ACTION: Action = (A_DRAW, 0, 0, 0)
PASS_ACTIONS: tuple[Action, ...] = tuple((A_PASS, p, 0, 0) for p in range(3))
_SHIFT = tuple(3 * (value - 1) if value else 0 for value in range(10))
_ONE = tuple(1 << shift for shift in _SHIFT)
#: _TAKES[kind][x][y]: what a play takes out of the packed endowment: a Bare Descent
#: (A_BARE) of ``y`` cards of value ``x``, a Double (A_DOUBLE) of ``x`` and ``y``.
_TAKES: tuple[tuple[tuple[int, ...], ...], ...] = (
    tuple(tuple(count << _SHIFT[value] for count in range(8)) for value in range(10)),
    tuple(tuple(_ONE[low] + _ONE[high] for high in range(10)) for low in range(10)),
)
#: _BARE_ACTIONS[value][n]: every Bare Descent of 1..n cards of value on each packet, by
#: count (the engine's order); _DOUBLE_ACTIONS[(low, high)]: that Double on each packet.
_BARE_ACTIONS: list[list[tuple[Action, ...]]] = [
    [tuple((A_BARE, p, value, count) for count in range(1, n + 1) for p in range(3)) for n in range(8)]
    for value in range(10)
]
_DOUBLE_ACTIONS: dict[tuple[int, int], tuple[Action, ...]] = {
    (a, b): tuple((A_DOUBLE, p, a, b) for p in range(3)) for a in range(1, 10) for b in range(a, 10)
}


def pack_hand(values: Sequence[int]) -> int:
    hand = 0
    for value in values:
        hand += _ONE[value]
    return hand


def count_of(hand: int, value: int) -> int:
    return hand >> _SHIFT[value] & 7


def held(hand: int) -> int:
    """How many cards the packed hand holds."""
    total = 0
    while hand:
        total += hand & 7
        hand >>= 3
    return total


def left_after_play(hand: int, action: Action) -> int:
    """The packed endowment left after a play (a Bare Descent or a Double, ``action``):
    the search ranks a play by what it leaves, and :meth:`Model.play` plays it, by this one rule.

    >>> hand = pack_hand([1, 3, 4, 4, 4])
    >>> hand_values(left_after_play(hand, (A_BARE, 0, 4, 2))), hand_values(left_after_play(hand, (A_DOUBLE, 2, 1, 3)))
    ([1, 3, 4], [4, 4, 4])
    """
    return hand - _TAKES[action[0]][action[2]][action[3]]


def hand_values(hand: int) -> list[int]:
    return [value for value in range(1, 10) for _ in range(count_of(hand, value))]


def target_of(packets: Packets) -> int:
    return COMPOUNDED_SUMS[packets[0][-1] + packets[1][-1] + packets[2][-1]]


def _pairs_held(hand: int, target: int, compounded: bool) -> list[tuple[int, int]]:
    found = []
    for a, b in PAIRS[compounded][target]:
        if (hand >> _SHIFT[a] & 7) >= 2 if a == b else (hand >> _SHIFT[a] & 7 and hand >> _SHIFT[b] & 7):
            found.append((a, b))
    return found


def can_play(hand: int, target: int, compounded: bool) -> bool:
    if hand >> _SHIFT[target] & 7:
        return True
    for a, b in PAIRS[compounded][target]:
        if (hand >> _SHIFT[a] & 7) >= 2 if a == b else (hand >> _SHIFT[a] & 7 and hand >> _SHIFT[b] & 7):
            return True
    return False


class Model:
    """The rules on compact states, for one fixed draw pile (values, top first)."""

    def __init__(self, pile: Sequence[int], options: Options = Options()) -> None:
        self.pile: tuple[int, ...] = tuple(pile)
        self.options = options
        self.compounded = options.compounded_doubles
        self.free_yield = options.free_yield

    # -- between the engine and the compact state ----------------------------

    @classmethod
    def from_game(cls, game: Played) -> tuple["Model", State]:
        """The model of a game's present position (its draw pile as it is now)."""
        model = cls([card.value for card in game.draw_pile], game.options)
        return model, model.state_of(game)

    @classmethod
    def from_position(cls, position: Laid, options: Options = Options()) -> tuple["Model", State]:
        model = cls([card.value for card in position.draw_pile], options)
        packets = tuple(tuple(card.value for card in packet) for packet in position.packets)
        state = (packets, pack_hand([card.value for card in position.endowment]), 0, position.played_since_draw)
        return model, state  # type: ignore[return-value]

    def state_of(self, game: Played) -> State:
        """A game's position as a state of this model (its draw pile must be the end of the model's)."""
        pos = len(self.pile) - game.draw_pile_size
        if pos < 0 or tuple(card.value for card in game.draw_pile) != self.pile[pos:]:
            raise ValueError("the game's draw pile is not this model's")
        packets = tuple(tuple(card.value for card in packet) for packet in game.packets)
        return packets, pack_hand([card.value for card in game.endowment]), pos, game.played_since_draw  # type: ignore[return-value]

    @staticmethod
    def to_move(action: Action) -> Move:
        return core_play(*action) or Move.draw()

    @staticmethod
    def from_move(move: Move) -> Action:
        packet = (move.packet or 1) - 1
        if move.kind == BARE:
            return (A_BARE, packet, move.values[0], len(move.values))
        if move.kind == DOUBLE:
            a, b = move.values
            return (A_DOUBLE, packet, a, b)
        if move.kind == PASS:
            return (A_PASS, packet, 0, 0)
        if move.kind == DRAW:
            return DRAW_ACTION
        raise ValueError(f"{move} is not a move of the patience")

    # -- the rules -------------------------------------------------------------

    #: The target now, then after a play on, or a pass of, packet 1, 2 or 3 (its bottom card comes up).
    targets = staticmethod(targets_of)

    @staticmethod
    def is_won(state: State) -> bool:
        return state[1] == 0

    def result(self, state: State) -> str | None:
        """The engine's result reason once the game is over (else None)."""
        packets, hand, pos, played = state
        if not hand:
            return WON
        if can_play(hand, target_of(packets), self.compounded):
            return None
        if not played and held(hand) >= OUT_WITH_THIRTEEN_CARDS:
            return OUT_WITH_THIRTEEN
        if pos >= len(self.pile):
            return DRAW_PILE_FINISHED
        return None

    def actions(self, state: State) -> list[Action]:
        """Every legal move, in the engine's order (none once the game is over)."""
        packets, hand, pos, played = state
        if not hand:
            return []
        target = COMPOUNDED_SUMS[packets[0][-1] + packets[1][-1] + packets[2][-1]]
        actions = list(_BARE_ACTIONS[target][hand >> _SHIFT[target] & 7])
        for pair in _pairs_held(hand, target, self.compounded):
            actions += _DOUBLE_ACTIONS[pair]
        if actions:
            if played and self.free_yield and pos < len(self.pile):
                actions.append(DRAW_ACTION)
            return actions
        if pos >= len(self.pile):
            return []  # the draw pile is finished
        if played:
            return [DRAW_ACTION]
        if held(hand) >= OUT_WITH_THIRTEEN_CARDS:
            return []  # out with thirteen
        return list(PASS_ACTIONS)

    def play(self, state: State, action: Action) -> State:
        """The state after a legal action (not checked)."""
        packets, hand, pos, played = state
        kind, p, x, y = action
        if kind == A_DRAW:
            return packets, self._drawn(hand, pos), min(pos + CARDS_PER_DRAW, len(self.pile)), False
        old = packets[p]
        if kind == A_PASS:
            laid = old[::-1]
            hand, pos = self._drawn(hand, pos), min(pos + CARDS_PER_DRAW, len(self.pile))
            played = False
        else:
            laid = ((x,) * y if kind == A_BARE else (x, y)) + old[::-1]
            hand -= _TAKES[kind][x][y]  # left_after_play's table, without the call (the search's innermost step)
            played = True
        if p == 0:
            new: Packets = (laid, packets[1], packets[2])
        elif p == 1:
            new = (packets[0], laid, packets[2])
        else:
            new = (packets[0], packets[1], laid)
        return new, hand, pos, played

    def _drawn(self, hand: int, pos: int) -> int:
        for value in self.pile[pos:pos + CARDS_PER_DRAW]:
            hand += _ONE[value]
        return hand
