"""Double H's places and moves, and their text form (RULES.md section 4).

A place is named by its value and its H: ``4L`` is the 4-place of the left H,
``10R`` the 10-place of the right H, ``AL``/``JR``/``QL``/``KR`` the ace, jack,
queen and king places. Input also accepts ``1L``, ``TL`` and lower case.

A move's text (``str(move)`` and ``Move.from_text``) is one of::

    draw                    turn the top card of the stock onto the waste
    next round              turn the waste over into a new stock
    turn 4L                 turn a yellow pile over (its club at the top)
    waste to 7R             the top card of the waste to place 7R
    3L to 3R                the top card of place 3L to place 3R
    give up

Whether a card move is a build, a parking or a move to an empty place follows
from the table, so the text does not say it; ``DoubleH.describe`` does.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

__all__ = ["Place", "PLACES", "PLACE_VALUES", "LAST_ROUND", "HEART", "parks_on", "PARKS_ON", "MoveKind", "Move", "place_text"]

SIDES: tuple[str, str] = ("L", "R")
_RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"}
_RANK_INPUT = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13}


def place_text(value: int, side: str) -> str:
    return _RANK_TEXT.get(value, str(value)) + side


@dataclass(frozen=True, order=True, slots=True)
class Place:
    """One of the 26 places: a value 1..13 in the left ("L") or right ("R") H."""

    side: str
    value: int

    def __post_init__(self) -> None:
        if self.side not in SIDES:
            raise ValueError(f"a place is in the left (L) or right (R) H, not {self.side!r}")
        if not isinstance(self.value, int) or isinstance(self.value, bool) or not 1 <= self.value <= 13:
            raise ValueError(f"a place's value is 1..13, not {self.value!r}")

    @property
    def index(self) -> int:
        """0..12 for the left H (ace..king), 13..25 for the right H."""
        return (13 if self.side == "R" else 0) + self.value - 1  # SIDES' order, without a search (a hot path)

    @property
    def twin(self) -> "Place":
        """The place of the same value in the other H."""
        return Place("R" if self.side == "L" else "L", self.value)

    @classmethod
    def from_index(cls, index: int) -> "Place":
        return PLACES[index]

    @classmethod
    def from_text(cls, text: str) -> "Place":
        """Read "4L", "10r", "TL", "AL", "1R", "kr"."""
        if not isinstance(text, str):
            raise ValueError(f"{text!r} is not a place (write it like 4L, 10R or KL)")
        cleaned = text.strip().upper()
        rank, side = cleaned[:-1], cleaned[-1:]
        value = _RANK_INPUT.get(rank)
        if value is None and rank.isdigit() and rank.isascii():
            value = int(rank)
        if value is None or not 1 <= value <= 13 or side not in SIDES:
            raise ValueError(f"{text!r} is not a place (write it like 4L, 10R or KL)")
        return cls(side, value)

    def __str__(self) -> str:
        return place_text(self.value, self.side)


#: The 26 places in index order: left H ace..king, then right H ace..king.
PLACES: tuple[Place, ...] = tuple(Place(side, value) for side in SIDES for value in range(1, 14))
#: Each place's value by its index (``PLACES[i].value``), for the code that works on
#: indexes (the rules, the exact end test, the solver): the layout is written once, here.
PLACE_VALUES: tuple[int, ...] = tuple(place.value for place in PLACES)

#: "There are three rounds" (RULES.md section 4): after this one there is no new stock.
#: Here, beside the "next round" move it limits, so the rules, the end test and the
#: solver read the same number.
LAST_ROUND = 3

#: A suit's place in the build order (club 0, diamond 1, spade 2, heart 3): a build goes
#: up from its club, a parked pile goes down. Cards below are ``value << 2 | suit``.
HEART = 3


def parks_on(card: int) -> int:
    """The parking rule (RULES.md section 4), written once: the card that ``card`` may
    park on, both ``value << 2 | suit``. It is the same value and the next suit up the
    build order, the top card of a pile that is not in its right place; a heart never
    parks (-1, no card). The rules' moves and their refusals, the exact end test and the
    solver all ask this function (or :data:`PARKS_ON`, its table)."""
    return -1 if card & 3 == HEART else card + 1


#: :func:`parks_on` for every card (index ``value << 2 | suit``), for the loops that run
#: once a move: a tuple index costs less than a call.
PARKS_ON: tuple[int, ...] = tuple(parks_on(card) for card in range(14 << 2))


class MoveKind(enum.Enum):
    DRAW = "draw"
    NEXT_ROUND = "next round"
    TURN = "turn"
    CARD = "card"
    GIVE_UP = "give up"


@dataclass(frozen=True, slots=True)
class Move:
    """One move. ``CARD`` moves the top card of ``source`` (None: the waste) to
    ``target``; ``TURN`` turns the yellow pile on ``target`` over."""

    kind: MoveKind
    source: Place | None = None
    target: Place | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.kind, MoveKind):
            raise ValueError(f"{self.kind!r} is not a kind of move")
        needs_target = self.kind in (MoveKind.TURN, MoveKind.CARD)
        if needs_target != isinstance(self.target, Place):
            raise ValueError(f"a {self.kind.value} move {'needs' if needs_target else 'has no'} target place")
        if self.source is not None and (self.kind is not MoveKind.CARD or not isinstance(self.source, Place)):
            raise ValueError("only a card move has a source place")

    @classmethod
    def draw(cls) -> "Move":
        return cls(MoveKind.DRAW)

    @classmethod
    def next_round(cls) -> "Move":
        return cls(MoveKind.NEXT_ROUND)

    @classmethod
    def give_up(cls) -> "Move":
        return cls(MoveKind.GIVE_UP)

    @classmethod
    def turn(cls, place: Place | str) -> "Move":
        return cls(MoveKind.TURN, target=place if isinstance(place, Place) else Place.from_text(place))

    @classmethod
    def card(cls, source: Place | str | None, target: Place | str) -> "Move":
        """A card move from a place (or the waste: None or "waste") to a place."""
        if isinstance(source, str):
            source = None if source.strip().lower() == "waste" else Place.from_text(source)
        return cls(MoveKind.CARD, source, target if isinstance(target, Place) else Place.from_text(target))

    @property
    def from_waste(self) -> bool:
        return self.kind is MoveKind.CARD and self.source is None

    @classmethod
    def from_text(cls, text: str) -> "Move":
        """Read a move's text (see the module docstring); raises ValueError."""
        if not isinstance(text, str):
            raise ValueError(f"{text!r} is not a move")
        words = text.strip().lower().split()
        simple = {"draw": MoveKind.DRAW, "next round": MoveKind.NEXT_ROUND, "give up": MoveKind.GIVE_UP}
        joined = " ".join(words)
        if joined in simple:
            return cls(simple[joined])
        if len(words) == 2 and words[0] == "turn":
            return cls.turn(words[1])
        if len(words) == 3 and words[1] == "to":
            return cls.card(words[0], words[2])
        raise ValueError(
            f"{text!r} is not a move (write draw, next round, turn 4L, waste to 7R, 3L to 3R or give up)"
        )

    def __str__(self) -> str:
        if self.kind is MoveKind.TURN:
            return f"turn {self.target}"
        if self.kind is MoveKind.CARD:
            return f"{'waste' if self.source is None else self.source} to {self.target}"
        text: str = self.kind.value
        return text
