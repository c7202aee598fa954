"""A match of KABALAM: hands until the scores decide it (RULES.md section 2, "A match").

>>> match = Match.start(5, seats=2)
>>> match.hand_number, match.hand.seats, match.hand.seed
(1, ('S', 'W'), 5001)

Points are bad. After each hand its scores are added; a seat whose total is
more than 101 leaves the match. The last seat left is the Great Kabalist; if
every remaining seat goes over in the same hand, the lowest total wins and
equal lowest totals share the title.

Hand n of a match with seed s is dealt with seed ``s * 1000 + n``, so any hand
can be replayed on its own. A match cannot last 1000 hands: every hand gives at
least one point to a seat still in the match, so 4 x 102 hands is the most.

A match played at a distance (:mod:`kabale.net`) is dealt otherwise: each hand's
seed is given when it is dealt (``next_hand(seed)``), made from a secret the host
committed to and bytes every guest sent, so that revealing one hand's seed after
it tells nothing of the next (a seed derived from the match's would tell all).
Such a match says so in its record (``"given_seeds": true``) and is read back
with the seeds its hands were dealt with.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Hashable, Mapping, Sequence

from kabale.game import IllegalMove, Result, frozen
from kabale.games.kabala.rules import Move, Options
from kabale.games.kabalam.hand import KabalamHand
from kabale.games.kabalam.state import HandResult, KabalamObservation, check_seed, seats_of

__all__ = ["Match", "MatchResult", "MatchObservation", "LIMIT", "hand_seed", "next_starter", "standings"]

FORMAT_VERSION = 1
#: A seat whose total is more than this leaves the match.
LIMIT = 101
HANDS_PER_SEED = 1000


def hand_seed(match_seed: int, hand_number: int) -> int:
    """The seed that deals hand ``hand_number`` (1, 2, ...) of a match.

    >>> hand_seed(42, 3)
    42003
    """
    if not 1 <= hand_number < HANDS_PER_SEED:
        raise ValueError(f"a match has hands 1 to {HANDS_PER_SEED - 1}, not {hand_number}")
    return match_seed * HANDS_PER_SEED + hand_number


def standings(totals: Mapping[str, int], playing: Sequence[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """After a hand: the seats that stay in the match, and the Great Kabalist(s)
    if the match is decided (else an empty tuple).

    >>> standings({"S": 90, "W": 102, "N": 40}, ("S", "W", "N"))
    (('S', 'N'), ())
    >>> standings({"S": 120, "W": 102}, ("S", "W"))
    ((), ('W',))
    """
    staying = tuple(seat for seat in playing if totals[seat] <= LIMIT)
    if len(staying) == 1:
        return staying, staying
    if not staying:
        lowest = min(totals[seat] for seat in playing)
        return staying, tuple(seat for seat in playing if totals[seat] == lowest)
    return staying, ()


def next_starter(seats: Sequence[str], previous: str | None, in_match: Sequence[str]) -> str:
    """Who starts the next hand: the first seat of the match (South) for the first hand,
    then the next seat still in the match to the left of the previous starter.

    >>> next_starter(("S", "W", "N", "E"), "W", ("S", "E"))
    'E'
    """
    if previous is None:
        return next(seat for seat in seats if seat in in_match)
    index = seats.index(previous)
    for step in range(1, len(seats) + 1):
        seat = seats[(index + step) % len(seats)]
        if seat in in_match:
            return seat
    raise ValueError("nobody is left in the match")


@dataclass(frozen=True)
class MatchResult:
    """The Great Kabalist (several when the lowest totals are equal) and the totals."""

    great_kabalists: tuple[str, ...]
    totals: Mapping[str, int]
    hands: int

    def to_dict(self) -> dict[str, Any]:
        return {"great_kabalists": list(self.great_kabalists), "totals": dict(self.totals), "hands": self.hands}


@dataclass(frozen=True)
class MatchObservation:
    """What a seat knows of the match: its view of the current hand and the public scores."""

    hand: KabalamObservation
    hand_number: int
    totals: Mapping[str, int]
    in_match: tuple[str, ...]


class Match:
    """A match in progress. ``hand`` is the current hand; once it is over the match
    waits for :meth:`next_hand` (so the table can show the hand's scores)."""

    def __init__(self, seed: int, seats: int | Sequence[str] = 4, options: Options = Options()) -> None:
        """A match before its first hand; :meth:`start` also deals it."""
        check_seed(seed)
        self.seed = seed
        self.seats = seats_of(seats)
        self.options = options
        self.starters: list[str] = []
        self.hand: KabalamHand | None = None
        self._results: list[HandResult] = []
        self._totals: dict[str, int] = {seat: 0 for seat in self.seats}
        self._in_match: tuple[str, ...] = self.seats
        self._hand_records: list[dict[str, Any]] = []  # finished hands, as stored
        self._result: MatchResult | None = None
        #: Each hand was dealt with a seed given to :meth:`next_hand` (remote play), not ``hand_seed``.
        self.given_seeds = False

    @classmethod
    def start(cls, seed: int, seats: int | Sequence[str] = 4, options: Options = Options()) -> "Match":
        match = cls(seed, seats, options)
        match.next_hand()
        return match

    # The match notices the end of its hand however the moves were applied
    # (through the match, or on ``match.hand`` by a bot loop or a table).

    def _sync(self) -> None:
        if self.hand is not None and len(self._results) < len(self.starters) and self.hand.is_over():
            result = self.hand.result()
            assert result is not None
            self._record(result)

    @property
    def results(self) -> list[HandResult]:
        """The result of every finished hand, in order."""
        self._sync()
        return list(self._results)

    @property
    def totals(self) -> dict[str, int]:
        """Each seat's points so far (points are bad)."""
        self._sync()
        return dict(self._totals)

    @property
    def in_match(self) -> tuple[str, ...]:
        """The seats still in the match (total not above 101), in order of play."""
        self._sync()
        return self._in_match

    @property
    def hand_number(self) -> int:
        """The number of the current hand (1 for the first), 0 before any."""
        return len(self.starters)

    def next_starter(self) -> str:
        """Who starts the next hand (see :func:`next_starter`)."""
        self._sync()
        return self._next_starter()

    def _next_starter(self) -> str:
        return next_starter(self.seats, self.starters[-1] if self.starters else None, self._in_match)

    def next_hand(self, seed: int | None = None) -> KabalamHand:
        """Deal the next hand (the current one must be over, and the match not).

        ``seed`` deals it with that seed instead of :func:`hand_seed`'s: every hand of a match
        is dealt one way or the other (kabale.net gives each hand a seed of its own)."""
        if (seed is not None) != self.given_seeds and self.starters:
            raise ValueError("a match deals every hand with a given seed, or none")
        if self.is_over():
            raise IllegalMove("The match is over", "game_over")
        if self.hand is not None and not self.hand.is_over():
            raise IllegalMove("The current hand is still being played", "hand_in_progress")
        if self.hand is not None:
            self._hand_records.append(self.hand.to_dict())
        starter, seats = self._next_starter(), self._in_match
        number = len(self.starters) + 1
        hand = KabalamHand.deal(hand_seed(self.seed, number) if seed is None else seed, seats=seats,
                                options=self.options, starter=starter)
        self.given_seeds = seed is not None
        self.starters.append(starter)
        self.hand = hand
        return self.hand

    # -- the Game protocol, on the current hand ----------------------------------

    def legal_moves(self) -> list[Move]:
        return [] if self.hand is None else self.hand.legal_moves()

    def apply(self, move: Move | str, seat: str | None = None) -> None:
        if self.hand is None or self.hand.is_over():
            raise IllegalMove("The match is over" if self.is_over() else "The hand is over", "game_over")
        self.hand.apply(move, seat)
        self._sync()

    def _record(self, result: HandResult) -> None:
        self._results.append(result)
        playing = self._in_match
        for seat, points in result.scores.items():
            self._totals[seat] += points
        self._in_match, winners = standings(self._totals, playing)
        if winners:
            self._result = MatchResult(winners, dict(self._totals), len(self._results))

    def is_over(self) -> bool:
        self._sync()
        return self._result is not None

    def result(self) -> MatchResult | None:
        self._sync()
        return self._result

    def observation(self, seat: str) -> MatchObservation:
        if self.hand is None:
            raise ValueError("no hand has been dealt yet")
        return MatchObservation(self.hand.observation(seat), self.hand_number, dict(self.totals), self.in_match)

    @property
    def hand_records(self) -> list[dict[str, Any]]:
        """Every hand dealt so far as stored JSON (seed and moves), the current one last."""
        current = [] if self.hand is None else [self.hand.to_dict()]
        return [*self._hand_records, *current]

    def __repr__(self) -> str:
        totals = ", ".join(f"{seat} {points}" for seat, points in self.totals.items())
        return f"<Match seed {self.seed}, hand {self.hand_number}, {totals}>"

    # -- storage -------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        data = {
            "version": FORMAT_VERSION,
            "game": "kabalam-match",
            "seed": self.seed,
            "seats": list(self.seats),
            "options": self.options.to_dict(),
            "results": [result.to_dict() for result in self.results],
            "hands": self.hand_records,
        }
        if self.given_seeds:  # only then, so every record made before stays as it was
            data["given_seeds"] = True
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Match":
        """Rebuild a match: finished hands from their results, the current one by replay."""
        if not isinstance(data, Mapping) or data.get("game") != "kabalam-match":
            raise ValueError("not a KABALAM match")
        if data.get("version") != FORMAT_VERSION:
            raise ValueError(f"unknown KABALAM match version {data.get('version')!r}")
        seats = data.get("seats")
        if not isinstance(seats, list):
            raise ValueError("a match lists its seats")
        match = cls(data.get("seed"), seats, Options.from_dict(data.get("options")))  # type: ignore[arg-type]
        given = data.get("given_seeds", False)
        if not isinstance(given, bool):
            raise ValueError("given_seeds is true or false")
        match.given_seeds = given
        results, hands = data.get("results", []), data.get("hands", [])
        if not isinstance(results, list) or not isinstance(hands, list):
            raise ValueError("a match's results and hands are lists")
        if len(hands) not in (len(results), len(results) + 1) or (results and not hands):
            raise ValueError("a match's hands and results do not agree")
        for number, record in enumerate(hands, start=1):
            if match._result is not None:
                raise ValueError("hands after the end of the match")
            if not isinstance(record, Mapping):
                raise ValueError(f"hand {number} is not a record")
            seed = record.get("seed") if given else hand_seed(match.seed, number)
            check_seed(seed)
            expected = {"seed": seed, "seats": list(match._in_match), "starter": match._next_starter(),
                        "options": match.options.to_dict()}
            if any(record.get(key) != value for key, value in expected.items()):
                raise ValueError(f"hand {number} was not dealt as the match deals it")
            match.starters.append(str(expected["starter"]))
            if number < len(hands):
                match._hand_records.append(dict(record))
            else:
                match.hand = KabalamHand.from_dict(record)
            if number <= len(results):
                result = HandResult.from_dict(results[number - 1])
                if set(result.scores) != set(match._in_match):
                    raise ValueError(f"hand {number}'s scores are not for the seats that played it")
                match._record(result)
        if match.hand is not None and match.hand.is_over() != (len(results) == len(hands)):
            raise ValueError("the current hand and the results do not agree")
        if match.hand is not None and match.hand.is_over() and match.hand.result() != match._results[-1]:
            raise ValueError("the current hand's result is not the one recorded")
        return match

    # -- the API every game shares (kabale.game) --------------------------------------

    @property
    def turn(self) -> str | None:
        """The seat to move in the current hand; None before a hand or once it is over."""
        return None if self.hand is None else self.hand.turn

    def push(self, move: Move | str, seat: str | None = None) -> None:
        """Play a move in the current hand (as :meth:`apply`)."""
        self.apply(move, seat)

    def pop(self) -> Move:
        """Take back the last move of the current hand (and the hand's result, if it had
        ended); a hand not yet begun has nothing to take back. The match is read again
        from its record without that move, so it is the match that never saw it."""
        if self.hand is None or not self.hand.moves:
            raise IllegalMove("There is no move to undo in this hand", "nothing_to_undo", {})
        move = self.hand.moves[-1]
        data = self.to_dict()
        hands = data["hands"]
        if len(data["results"]) == len(hands):
            data["results"] = data["results"][:-1]
        hands[-1] = {**hands[-1], "moves": hands[-1]["moves"][:-1]}
        self.__dict__.update(Match.from_dict(data).__dict__)
        return move

    def copy(self) -> "Match":
        """An independent copy (read again from the record: a match is small)."""
        return Match.from_dict(self.to_dict())

    def key(self) -> Hashable:
        """The position, hashable: the hand number, the totals, who is still in, the current hand."""
        return frozen({"seed": self.seed, "hand_number": self.hand_number, "totals": self.totals,
                       "in_match": self.in_match, "hand": None if self.hand is None else self.hand.key()})

    def outcome(self) -> Result | None:
        """The match's end in the shape every game shares: the Great Kabalists share a return of 1."""
        result = self.result()
        if result is None:
            return None
        share = 1.0 / len(result.great_kabalists)
        return Result("great_kabalist", {seat: share if seat in result.great_kabalists else 0.0 for seat in self.seats},
                      result.great_kabalists, result)

    def returns(self) -> dict[str, float]:
        outcome = self.outcome()
        return {seat: 0.0 for seat in self.seats} if outcome is None else dict(outcome.returns)
