"""What every game of Kabale has in common: the engine API and its one error.

The table, the bots, the solver, the command line and the tests all drive the
three games through the same few methods (after python-chess and OpenSpiel):

* ``legal_moves()`` lists every distinct legal move once;
* ``apply(move)`` plays one (a ``Move`` value or its text) or raises
  :class:`IllegalMove` saying why, in words a player understands;
* ``is_over()`` and ``result()``;
* ``to_dict()`` / ``from_dict()``: plain JSON data, for storage and replay;
* a game is fully determined by (game, seed, options, moves).

Moves are small frozen values with a text form both ways
(``Move.from_text(text)`` and ``str(move)``).
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping, Protocol, Sequence, runtime_checkable


class IllegalMove(ValueError):
    """A move the rules do not allow, and why.

    ``str(error)`` is the English sentence for the player. ``reason`` is a
    stable key and ``details`` its values, so the web layer can say the same
    thing in Italian or Danish (see kabale.web.i18n).

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


@runtime_checkable
class Game(Protocol):
    """The engine API shared by KABALAM, Patience Kabalam and Double H."""

    def legal_moves(self) -> Sequence[Any]: ...

    def apply(self, move: Any) -> None: ...

    def is_over(self) -> bool: ...

    def result(self) -> Any: ...

    def to_dict(self) -> dict[str, Any]: ...
