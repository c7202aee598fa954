"""What every game of Kabale has in common: the engine API and its one error.

The table, the bots, the solver, the command line and the tests all drive the
three games through the same few methods (after python-chess and OpenSpiel):

* ``legal_moves()`` lists every distinct legal move once;
* ``apply(move)`` plays one (a ``Move`` value or its text) or raises
  :class:`IllegalMove` saying why, in words a player understands;
* ``is_over()`` and ``result()``;
* ``to_dict()`` / ``from_dict()``: plain JSON data, for storage and replay;
* ``push(move)`` / ``pop()``: play a move and take the last one back, through the
  same path for every game (for the patiences ``pop`` is their ``undo``: the move
  can be redone);
* ``copy()``, a hashable ``key()`` of the position (equal positions, equal keys,
  however they were reached), ``observation(seat)`` (what that seat may know);
* ``outcome()``: one :class:`Result` for every game, with numeric ``returns``
  per seat, and ``returns()`` (zeros while the game goes on);
* a game is fully determined by (game, seed, options, moves).

Moves are small frozen values with a text form both ways
(``Move.from_text(text)`` and ``str(move)``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Hashable, Iterable, Mapping, Protocol, Sequence, runtime_checkable

#: The seats of a patience: one player, at South (where the tables put the player).
SOLO: tuple[str, ...] = ("S",)


class IllegalMove(ValueError):
    """A move the rules do not allow, and why.

    ``str(error)`` is the English sentence for the player. ``reason`` is a
    stable key and ``details`` its values, so the web layer can say the same
    thing in Italian or Danish (see kabale.web.text.i18n).

    >>> error = IllegalMove("The Kabala sums to 4; 3 + 2 makes 5", "double_sum", {"target": 4, "a": 3, "b": 2})
    >>> str(error), error.reason
    ('The Kabala sums to 4; 3 + 2 makes 5', 'double_sum')
    """

    def __init__(self, message: str, reason: str = "illegal", details: Mapping[str, Any] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.reason = reason
        self.details: dict[str, Any] = dict(details or {})


def replay_numbered(apply: Callable[[Any], None], moves: Iterable[Any]) -> None:
    """Apply moves in turn; an illegal one raises IllegalMove naming its number (a replayed record
    says which of its moves is wrong).

    >>> def apply(move):
    ...     if move == "jump":
    ...         raise IllegalMove("No such move", "bad_move_text")
    >>> replay_numbered(apply, ["draw", "jump"])
    Traceback (most recent call last):
    kabale.game.IllegalMove: Move 2 (jump): No such move
    """
    for number, move in enumerate(moves, start=1):
        try:
            apply(move)
        except IllegalMove as error:
            raise IllegalMove(
                f"Move {number} ({move}): {error.message}",
                error.reason,
                {**error.details, "move_number": number, "move": str(move)},
            ) from None


@dataclass(frozen=True)
class Result:
    """How any game ended, in one shape (after OpenSpiel's ``returns()``).

    ``returns`` give every seat a number, higher is better: minus the points of a
    KABALAM hand (points are bad), a share of the title of a match (1/k each for
    k Great Kabalists), 1 or 0 for a patience, the bonus of the round (3, 2, 1) or
    0 for Double H. ``winners`` are the best seats (none when a patience is lost),
    ``ending`` the game's own word for how it ended, and ``detail`` the game's own
    result value (HandResult, MatchResult, PatienceResult, double_h.Result), which
    the tables and the saved formats keep using.

    >>> Result("closed", {"S": -4.0, "W": 0.0}, ("W",)).returns["W"]
    0.0
    """

    ending: str
    returns: Mapping[str, float]
    winners: tuple[str, ...]
    detail: Any = None


def frozen(value: Any) -> Hashable:
    """JSON-like data (dicts, lists, numbers, text) as nested tuples, so it can be hashed.

    >>> frozen({"b": [1, 2], "a": None}) == frozen({"a": None, "b": [1, 2]})
    True
    """
    if isinstance(value, Mapping):
        return tuple((key, frozen(value[key])) for key in sorted(value))
    if isinstance(value, (list, tuple)):
        return tuple(frozen(item) for item in value)
    return value  # type: ignore[no-any-return]


def position_key(snapshot: Mapping[str, Any]) -> Hashable:
    """A game's ``key()``: its whole state (a snapshot) without the count of moves that
    led there, so two ways to one position give one key (a solver's transpositions)."""
    return frozen({name: value for name, value in snapshot.items() if name != "moves"})


def check_seat(seat: str, seats: Sequence[str]) -> None:
    """Refuse a seat that does not play this game (ValueError)."""
    if seat not in seats:
        raise ValueError(f"the seats are {', '.join(seats)}, not {seat!r}")


@runtime_checkable
class Game(Protocol):
    """The engine API shared by KABALAM (a hand, or a match), Patience Kabalam and Double H."""

    def legal_moves(self) -> Sequence[Any]: ...

    def apply(self, move: Any) -> None: ...

    def push(self, move: Any) -> None: ...

    def pop(self) -> Any: ...

    def copy(self) -> Any: ...

    def key(self) -> Hashable: ...

    def observation(self, seat: str) -> Any: ...

    def is_over(self) -> bool: ...

    def result(self) -> Any: ...

    def outcome(self) -> Result | None: ...

    def returns(self) -> dict[str, float]: ...

    def to_dict(self) -> dict[str, Any]: ...
