"""Each patience's games one by one, for what counters cannot show: the daily deal's days,
the charts (the win rate week by week, the cards left, the bonus over time, the Hint).

Pure Python. The counters of kabale.web.storage.saved (``stats:<game>``) stay as they were,
so a release that knew only them reads its records still; the history is a record of its
own, ``history:<game>``, added to as a game ends (at most :data:`MAX_GAMES`, the oldest go).
"""

from __future__ import annotations

import datetime
from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Mapping

from .saved import DOUBLE_H, KABALAM, PATIENCE, SEAT_KINDS, SEATS

#: The games a history is kept for, and their records.
HISTORY_RECORDS: dict[str, str] = {PATIENCE: f"history:{PATIENCE}", DOUBLE_H: f"history:{DOUBLE_H}"}
#: KABALAM's finished matches.
MATCHES = f"history:{KABALAM}"
#: How many finished matches are kept (each with its score sheet, about 300 bytes).
MAX_MATCHES = 500
#: How many games a history keeps (about 120 bytes each): the oldest go first.
MAX_GAMES = 2000


@dataclass(frozen=True)
class Played:
    """One game as it ended. ``day`` is the player's calendar day then (YYYY-MM-DD); ``daily`` the
    day of the daily deal it was (""; none), ``practice`` when that deal had been played before.
    Patience Kabalam: ``left``, the cards left in the endowment. Double H: ``round`` it ended in,
    ``bonus`` (3, 2, 1 for a win), ``hinted`` when the player asked for the Hint."""

    day: str
    seed: int
    won: bool
    moves: int = 0
    daily: str = ""
    practice: bool = False
    left: int = 0
    round: int = 0
    bonus: int = 0
    hinted: bool = False

    def to_dict(self) -> dict[str, Any]:
        """Its fields, those at their default left out (a history is kept small)."""
        return {name: value for name, value in asdict(self).items() if name not in _DEFAULTS or value != _DEFAULTS[name]}

    @classmethod
    def from_dict(cls, data: Any) -> "Played":
        """A game from stored data; ValueError when a field is of the wrong kind (the record is
        then set aside whole: kabale.web.storage.store)."""
        if not isinstance(data, Mapping):
            raise ValueError("a game played is an object")
        day, daily = data.get("day"), data.get("daily", "")
        if not isinstance(day, str) or _day(day) is None:
            raise ValueError(f"bad day {day!r}")
        if not isinstance(daily, str) or (daily and _day(daily) is None):
            raise ValueError(f"bad daily {daily!r}")
        values: dict[str, Any] = {"day": day, "daily": daily}
        for spec in fields(cls):
            if spec.name in values:
                continue
            value = data.get(spec.name, _DEFAULTS.get(spec.name))
            if spec.name in _FLAGS:
                if not isinstance(value, bool):
                    raise ValueError(f"{spec.name} is true or false")
            elif not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 2**53:
                raise ValueError(f"{spec.name} is a count, not {value!r}")
            values[spec.name] = value
        return cls(**values)


_DEFAULTS: dict[str, Any] = {"moves": 0, "daily": "", "practice": False, "left": 0, "round": 0, "bonus": 0,
                             "hinted": False}
_FLAGS = frozenset({"won", "practice", "hinted"})


def _day(text: str) -> datetime.date | None:
    try:
        return datetime.date.fromisoformat(text) if len(text) == 10 else None
    except ValueError:
        return None


@dataclass(frozen=True)
class History:
    """A patience's games, oldest first."""

    games: tuple[Played, ...] = ()

    def add(self, played: Played) -> "History":
        """The history with one more game; a daily deal played again is marked practice.

        >>> h = History().add(Played("2026-12-02", 5, True, daily="2026-12-02"))
        >>> h.add(Played("2026-12-02", 5, False, daily="2026-12-02")).games[-1].practice
        True
        """
        if played.daily and self.daily_result(played.daily) is not None:
            played = replace(played, practice=True)
        return History((*self.games, played)[-MAX_GAMES:])

    def daily_result(self, day: str) -> Played | None:
        """The day's result of the daily deal of ``day``: its first game, not practice."""
        return next((game for game in self.games if game.daily == day and not game.practice), None)

    def daily_days(self, today: datetime.date, count: int = 30) -> list[tuple[str, Played | None]]:
        """The last ``count`` days up to ``today``, oldest first, each with its daily result."""
        days = [(today - datetime.timedelta(days=back)).isoformat() for back in range(count - 1, -1, -1)]
        results = {game.daily: game for game in reversed(self.games) if game.daily and not game.practice}
        return [(day, results.get(day)) for day in days]

    def daily_streak(self, today: datetime.date) -> int:
        """Days in a row whose daily deal was won, up to today (or yesterday, while today's is not played).

        >>> h = History((Played("2026-12-01", 1, True, daily="2026-12-01"), Played("2026-12-02", 2, True, daily="2026-12-02")))
        >>> h.daily_streak(datetime.date(2026, 12, 2)), h.daily_streak(datetime.date(2026, 12, 3)), h.daily_streak(datetime.date(2026, 12, 4))
        (2, 2, 0)
        >>> h.add(Played("2026-12-03", 3, False, daily="2026-12-03")).daily_streak(datetime.date(2026, 12, 3))
        0
        """
        won = {game.daily for game in self.games if game.daily and not game.practice and game.won}
        if today.isoformat() not in won and self.daily_result(today.isoformat()) is not None:
            return 0  # today's was lost
        day = today if today.isoformat() in won else today - datetime.timedelta(days=1)
        streak = 0
        while day.isoformat() in won:
            streak += 1
            day -= datetime.timedelta(days=1)
        return streak

    def to_dict(self) -> dict[str, Any]:
        return {"games": [game.to_dict() for game in self.games]}

    @classmethod
    def from_dict(cls, data: Any) -> "History":
        if not isinstance(data, Mapping) or not isinstance(data.get("games"), list):
            raise ValueError("a history lists its games")
        if len(data["games"]) > MAX_GAMES:
            raise ValueError(f"a history keeps {MAX_GAMES} games at most")
        return cls(tuple(Played.from_dict(game) for game in data["games"]))


@dataclass(frozen=True)
class MatchPlayed:
    """A finished KABALAM match: who sat where (``kinds``: "you", "person" or a computer's level,
    in order of play), each hand's points by seat, who closed each hand ("" for none), and whether
    a person at this device was the (or a) Great Kabalist."""

    day: str
    seed: int
    won: bool
    kinds: tuple[str, ...]
    hands: tuple[tuple[int, ...], ...]  # each hand's points, in the seats' order
    closers: tuple[str, ...]  # each hand's closing seat ("S", "W"...) or ""

    @property
    def seats(self) -> tuple[str, ...]:
        return SEATS[: len(self.kinds)]

    def totals_after(self) -> list[tuple[int, ...]]:
        """Every seat's total after each hand.

        >>> MatchPlayed("2026-12-02", 1, True, ("you", "easy"), ((3, 40), (10, 70)), ("S", "")).totals_after()
        [(3, 40), (13, 110)]
        """
        totals, after = [0] * len(self.kinds), []
        for points in self.hands:
            totals = [total + point for total, point in zip(totals, points)]
            after.append(tuple(totals))
        return after

    def to_dict(self) -> dict[str, Any]:
        return {"day": self.day, "seed": self.seed, "won": self.won, "kinds": list(self.kinds),
                "hands": [list(points) for points in self.hands], "closers": list(self.closers)}

    @classmethod
    def from_dict(cls, data: Any) -> "MatchPlayed":
        if not isinstance(data, Mapping):
            raise ValueError("a match played is an object")
        day, seed, won = data.get("day"), data.get("seed"), data.get("won")
        kinds, hands, closers = data.get("kinds"), data.get("hands"), data.get("closers")
        if not isinstance(day, str) or _day(day) is None:
            raise ValueError(f"bad day {day!r}")
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= 2**53 or not isinstance(won, bool):
            raise ValueError("bad seed or won")
        if not isinstance(kinds, list) or not 2 <= len(kinds) <= 4 or any(kind not in SEAT_KINDS for kind in kinds):
            raise ValueError("bad seats")
        if not isinstance(hands, list) or not isinstance(closers, list) or len(hands) != len(closers) or len(hands) > 200:
            raise ValueError("bad hands")
        rows = []
        for points in hands:
            if not isinstance(points, list) or len(points) != len(kinds) or any(
                    not isinstance(point, int) or isinstance(point, bool) or not 0 <= point <= 10_000 for point in points):
                raise ValueError("bad points")
            rows.append(tuple(points))
        if any(closer not in ("", *SEATS[: len(kinds)]) for closer in closers):
            raise ValueError("bad closer")
        return cls(day, seed, won, tuple(kinds), tuple(rows), tuple(closers))


@dataclass(frozen=True)
class Matches:
    """KABALAM's finished matches, oldest first."""

    games: tuple[MatchPlayed, ...] = ()

    def add(self, played: MatchPlayed) -> "Matches":
        """With one more match; the same match again (another tab, a reload) is not added twice."""
        if any(game.seed == played.seed and game.hands == played.hands for game in self.games):
            return self
        return Matches((*self.games, played)[-MAX_MATCHES:])

    def to_dict(self) -> dict[str, Any]:
        return {"games": [game.to_dict() for game in self.games]}

    @classmethod
    def from_dict(cls, data: Any) -> "Matches":
        if not isinstance(data, Mapping) or not isinstance(data.get("games"), list) or len(data["games"]) > MAX_MATCHES:
            raise ValueError("a list of matches")
        return cls(tuple(MatchPlayed.from_dict(game) for game in data["games"]))


VALIDATORS: dict[str, Any] = {record: History.from_dict for record in HISTORY_RECORDS.values()}
VALIDATORS[MATCHES] = Matches.from_dict
