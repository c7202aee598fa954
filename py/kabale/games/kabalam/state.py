"""The values around a KABALAM hand: seats, results, positions and observations.

Kept apart from hand.py, whose hand is the hot loop of every playout; these
are plain frozen values that go to the table, the bots and the disk.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from kabale.cards import Card, cards_from_text
from kabale.games.kabala.rules import PACKETS, Event, Move, Options, check_copies

__all__ = [
    "SEATS",
    "SEAT_NAMES",
    "CLOSED",
    "ONE_SEAT_LEFT",
    "ALL_PASSED",
    "ENDINGS",
    "HandResult",
    "KabalamPosition",
    "KabalamObservation",
    "seats_of",
    "check_seed",
]

#: The seats in their order of play: each turn passes to the left.
SEATS: tuple[str, ...] = ("S", "W", "N", "E")
SEAT_NAMES = {"S": "South", "W": "West", "N": "North", "E": "East"}

#: How a hand ends: someone played her last card; everybody else went out with
#: thirteen; everybody still in the hand passed in a row with an empty draw pile.
CLOSED, ONE_SEAT_LEFT, ALL_PASSED = "closed", "one_seat_left", "all_passed"
ENDINGS = (CLOSED, ONE_SEAT_LEFT, ALL_PASSED)


def seats_of(seats: int | Sequence[str]) -> tuple[str, ...]:
    """The seats of a hand: 2, 3 or 4 means the first seats of S, W, N, E; or
    name them (a match leaves out the seats that have left it).

    >>> seats_of(3), seats_of(["E", "S"])
    (('S', 'W', 'N'), ('S', 'E'))
    """
    if isinstance(seats, int) and not isinstance(seats, bool):
        if not 2 <= seats <= 4:
            raise ValueError(f"KABALAM is for 2, 3 or 4 players, not {seats}")
        return SEATS[:seats]
    if isinstance(seats, str) or not isinstance(seats, Sequence):
        raise ValueError(f"seats are a number 2-4 or a list of S, W, N, E, not {seats!r}")
    names = tuple(seat for seat in SEATS if seat in seats)
    if len(names) != len(seats) or not 2 <= len(names) <= 4:
        raise ValueError(f"seats are 2 to 4 different ones of S, W, N, E, not {list(seats)!r}")
    return names


def check_seed(seed: object) -> None:
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise ValueError(f"a seed is a non-negative whole number, not {seed!r}")


@dataclass(frozen=True)
class HandResult:
    """How a hand ended and the points each seat scored in it (points are bad)."""

    ending: str
    scores: Mapping[str, int]
    closer: str | None = None
    out_with_thirteen: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "ending": self.ending,
            "scores": dict(self.scores),
            "closer": self.closer,
            "out_with_thirteen": list(self.out_with_thirteen),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "HandResult":
        ending, scores = data.get("ending"), data.get("scores")
        if ending not in ENDINGS:
            raise ValueError(f"a hand ends {', '.join(ENDINGS)}, not {ending!r}")
        if not isinstance(scores, Mapping) or not all(
            seat in SEATS and isinstance(points, int) and not isinstance(points, bool) and points >= 0
            for seat, points in scores.items()
        ):
            raise ValueError(f"a hand's scores are points per seat, not {scores!r}")
        closer = data.get("closer")
        if closer is not None and closer not in scores:
            raise ValueError(f"the closer {closer!r} is not a seat of the hand")
        out = data.get("out_with_thirteen", [])
        if not isinstance(out, list) or not all(seat in scores for seat in out):
            raise ValueError(f"out with thirteen lists seats of the hand, not {out!r}")
        return cls(str(ending), dict(scores), closer, tuple(out))


def _cards(value: str | Sequence[Card] | Sequence[str]) -> tuple[Card, ...]:
    if isinstance(value, str):
        return tuple(cards_from_text(value))
    return tuple(card if isinstance(card, Card) else Card.from_text(card) for card in value)


@dataclass(frozen=True)
class KabalamPosition:
    """A hand laid out card by card: a puzzle, a test, or a bot's guess at the hidden cards.

    ``packets`` are bottom to top, ``draw_pile`` top first. The seats are those
    with an endowment (still in the hand) or in ``out_with_thirteen`` (with the
    cards they set aside). Unless ``drawn``, ``turn`` draws first, as at the
    start of a turn. A position need not use the whole deck.

    >>> position = KabalamPosition.of(["9C AC", "9D AD", "9H 2H"], {"S": "4S 4H 4D 5C", "W": "6C 7C"})
    >>> position.seats, [str(card) for card in position.endowments["S"]]
    (('S', 'W'), ['4S', '4H', '4D', '5C'])
    """

    packets: tuple[tuple[Card, ...], ...]
    endowments: Mapping[str, tuple[Card, ...]]
    draw_pile: tuple[Card, ...] = ()
    turn: str = "S"
    out_with_thirteen: Mapping[str, tuple[Card, ...]] = field(default_factory=dict)
    drawn: bool = False
    played: bool = False
    passes_in_a_row: int = 0

    @classmethod
    def of(
        cls,
        packets: Sequence[str | Sequence[Card]],
        endowments: Mapping[str, str | Sequence[Card]],
        draw_pile: str | Sequence[Card] = (),
        turn: str = "S",
        out_with_thirteen: Mapping[str, str | Sequence[Card]] | None = None,
        drawn: bool = False,
        played: bool = False,
        passes_in_a_row: int = 0,
    ) -> "KabalamPosition":
        """The same, with cards as text ("9C AC") or Card values."""
        return cls(
            tuple(_cards(packet) for packet in packets),
            {seat: _cards(cards) for seat, cards in endowments.items()},
            _cards(draw_pile),
            turn,
            {seat: _cards(cards) for seat, cards in (out_with_thirteen or {}).items()},
            drawn,
            played,
            passes_in_a_row,
        )

    def __post_init__(self) -> None:
        if len(self.packets) != PACKETS or not all(self.packets):
            raise ValueError("the Kabala is three packets of at least one card each")
        if set(self.endowments) & set(self.out_with_thirteen):
            raise ValueError("a seat out with thirteen holds no endowment")
        unknown = (set(self.endowments) | set(self.out_with_thirteen)) - set(SEATS)
        if unknown:
            raise ValueError(f"the seats are S, W, N and E, not {', '.join(map(repr, sorted(unknown)))}")
        seats_of(self.seats)
        in_hand = [seat for seat in self.seats if seat in self.endowments]
        if len(in_hand) < 2 or not all(self.endowments[seat] for seat in in_hand):
            raise ValueError("at least two seats are still in the hand, each holding a card")
        if self.turn not in in_hand:
            raise ValueError(f"the turn belongs to a seat in the hand, not {self.turn!r}")
        if self.played and not self.drawn:
            raise ValueError("a seat that has played this turn has drawn")
        if not isinstance(self.passes_in_a_row, int) or not 0 <= self.passes_in_a_row < len(in_hand):
            raise ValueError("passes in a row are fewer than the seats in the hand")
        if self.passes_in_a_row and self.draw_pile:
            raise ValueError("passes count in a row only once the draw pile is empty")
        everything = [card for group in (*self.packets, *self.endowments.values(), self.draw_pile,
                                         *self.out_with_thirteen.values()) for card in group]
        check_copies(everything, 2, "a KABALAM position")

    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(seat for seat in SEATS if seat in self.endowments or seat in self.out_with_thirteen)

    def to_dict(self) -> dict[str, Any]:
        def texts(cards: Sequence[Card]) -> str:
            return " ".join(str(card) for card in cards)

        return {
            "packets": [texts(packet) for packet in self.packets],
            "endowments": {seat: texts(cards) for seat, cards in self.endowments.items()},
            "draw_pile": texts(self.draw_pile),
            "turn": self.turn,
            "out_with_thirteen": {seat: texts(cards) for seat, cards in self.out_with_thirteen.items()},
            "drawn": self.drawn,
            "played": self.played,
            "passes_in_a_row": self.passes_in_a_row,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "KabalamPosition":
        if not isinstance(data, Mapping):
            raise ValueError("a KABALAM position is a JSON object")
        try:
            return cls.of(
                data["packets"],
                data["endowments"],
                data.get("draw_pile", ""),
                data.get("turn", "S"),
                data.get("out_with_thirteen", {}),
                bool(data.get("drawn", False)),
                bool(data.get("played", False)),
                data.get("passes_in_a_row", 0),
            )
        except (KeyError, TypeError, AttributeError) as error:
            raise ValueError(f"a damaged KABALAM position: {error}") from None


@dataclass(frozen=True)
class KabalamObservation:
    """All that one seat may know (RULES.md "What each player knows"): a bot or a
    hot-seat player sees this and nothing else.

    ``endowment_sizes`` follow ``seats``. ``history`` is the public history in
    order, with this seat's own deal and draws shown; build a memory from it
    with :func:`kabale.games.kabala.rules.known_packets` / :func:`~kabale.games.kabala.rules.next_flip_cards`.
    ``legal_moves`` is empty unless it is this seat's turn.
    """

    seat: str
    seats: tuple[str, ...]
    options: Options
    endowment: tuple[Card, ...]
    face_up: tuple[Card, ...]
    target: int
    packet_sizes: tuple[int, ...]
    endowment_sizes: tuple[int, ...]
    draw_pile_size: int
    in_hand: tuple[str, ...]
    turn: str | None
    played_this_turn: bool
    passes_in_a_row: int
    history: tuple[Event, ...]
    legal_moves: tuple[Move, ...]
    result: HandResult | None

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def my_turn(self) -> bool:
        return self.turn == self.seat

    def cards_held(self, seat: str) -> int:
        """How many cards a seat holds (0 once out with thirteen)."""
        return self.endowment_sizes[self.seats.index(seat)]

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "seats": list(self.seats),
            "options": self.options.to_dict(),
            "endowment": [str(card) for card in self.endowment],
            "face_up": [str(card) for card in self.face_up],
            "target": self.target,
            "packet_sizes": list(self.packet_sizes),
            "endowment_sizes": dict(zip(self.seats, self.endowment_sizes)),
            "draw_pile_size": self.draw_pile_size,
            "in_hand": list(self.in_hand),
            "turn": self.turn,
            "played_this_turn": self.played_this_turn,
            "passes_in_a_row": self.passes_in_a_row,
            "history": [event.to_dict() for event in self.history],
            "legal_moves": [str(move) for move in self.legal_moves],
            "result": None if self.result is None else self.result.to_dict(),
        }
