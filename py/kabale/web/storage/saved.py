"""What Kabale keeps in storage, and how each record is checked when it is read back.

Pure Python. Each record has a validator for kabale.web.storage.store: it turns the
stored JSON into values (a Match, a Patience, a TablePlan...) or raises
ValueError, and the store then sets the record aside and reports it. The game
records are checked by the engines themselves (from_dict replays every move).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Mapping

from .settings import Settings

if TYPE_CHECKING:  # the engines are imported when a game is read, not when the page starts
    from kabale.games.double_h.rules import DoubleH
    from kabale.games.kabalam.match import Match
    from kabale.games.patience.rules import Patience

#: The seats in order of play (as kabale.games.kabalam.state.SEATS, without importing the engine at start).
SEATS: tuple[str, ...] = ("S", "W", "N", "E")

#: Record names in storage (under the "kabale:" prefix).
SETTINGS, KABALAM, PATIENCE, PATIENCE_STATS = "settings", "kabalam", "patience", "stats:patience"
DOUBLE_H, DOUBLE_H_STATS = "double-h", "stats:double-h"
#: A guest's seat at a friend's table played at a distance (issue 30, kabale.web.remote_guest).
GUEST = "kabalam-guest"
#: The host's table played at a distance: its invite, plan and match (kabale.net.host.Host.to_dict).
HOST = "kabalam-host"

SEAT_KINDS: tuple[str, ...] = ("you", "person", "remote", "easy", "normal", "hard", "expert")
#: A seat played at another device (issue 30): a person, but not one at this device.
REMOTE = "remote"
BOT_LEVELS: tuple[str, ...] = ("easy", "normal", "hard", "expert")
MAX_NAME = 24


def clean_name(name: object) -> str:
    """A player's name as typed: trimmed, one line, at most MAX_NAME characters (any text is fine)."""
    if not isinstance(name, str):
        return ""
    return " ".join(name.split())[:MAX_NAME]


@dataclass(frozen=True)
class SeatPlan:
    """Who sits at a seat: you, another person at this device, or the computer at a level."""

    seat: str
    kind: str
    name: str = ""

    @property
    def is_person(self) -> bool:
        """A person at this device (a friend at another device is not: this page never shows her cards)."""
        return self.kind in ("you", "person")

    @property
    def is_remote(self) -> bool:
        return self.kind == REMOTE

    def to_dict(self) -> dict[str, str]:
        return {"seat": self.seat, "kind": self.kind, "name": self.name}

    @classmethod
    def from_dict(cls, data: Any) -> "SeatPlan":
        if not isinstance(data, Mapping):
            raise ValueError("a seat is an object")
        seat, kind = data.get("seat"), data.get("kind")
        if seat not in SEATS or kind not in SEAT_KINDS:
            raise ValueError(f"bad seat {seat!r} or kind {kind!r}")
        return cls(str(seat), str(kind), clean_name(data.get("name", "")))


@dataclass(frozen=True)
class TablePlan:
    """The seats of a KABALAM match, in order of play."""

    seats: tuple[SeatPlan, ...]

    def __post_init__(self) -> None:
        order = tuple(plan.seat for plan in self.seats)
        if not 2 <= len(order) <= 4 or order != SEATS[: len(order)]:
            raise ValueError(f"the seats are S, W, N, E from the first, not {order}")
        if not any(plan.is_person for plan in self.seats):
            raise ValueError("at least one seat is a person")

    @property
    def persons(self) -> tuple[str, ...]:
        return tuple(plan.seat for plan in self.seats if plan.is_person)

    def plan_of(self, seat: str) -> SeatPlan:
        return next(plan for plan in self.seats if plan.seat == seat)

    def with_seat(self, seat: str, **changes: str) -> "TablePlan":
        return TablePlan(tuple(replace(plan, **changes) if plan.seat == seat else plan for plan in self.seats))

    def to_dict(self) -> dict[str, Any]:
        return {"seats": [plan.to_dict() for plan in self.seats]}

    @classmethod
    def from_dict(cls, data: Any) -> "TablePlan":
        if not isinstance(data, Mapping) or not isinstance(data.get("seats"), list):
            raise ValueError("a table plan lists its seats")
        return cls(tuple(SeatPlan.from_dict(item) for item in data["seats"]))

    @classmethod
    def default(cls, count: int = 2) -> "TablePlan":
        kinds = ["you", "normal", "normal", "normal"]
        return cls(tuple(SeatPlan(seat, kinds[i]) for i, seat in enumerate(SEATS[:count])))


@dataclass
class SavedMatch:
    """A KABALAM match in progress and who sits where."""

    plan: TablePlan
    match: "Match"

    def to_dict(self) -> dict[str, Any]:
        return {"plan": self.plan.to_dict(), "match": self.match.to_dict()}

    @classmethod
    def from_dict(cls, data: Any) -> "SavedMatch":
        if not isinstance(data, Mapping):
            raise ValueError("a saved match is an object")
        from kabale.games.kabalam.match import Match

        plan = TablePlan.from_dict(data.get("plan"))
        match = Match.from_dict(data.get("match"))  # type: ignore[arg-type]
        if tuple(plan.seat for plan in plan.seats) != match.seats:
            raise ValueError("the plan and the match seat different players")
        return cls(plan, match)


@dataclass
class SavedPatience:
    """A patience in progress; ``counted`` once its end went into the statistics."""

    game: "Patience"
    counted: bool = False
    daily: str = ""  # the day (YYYY-MM-DD) whose daily deal this is; "" for any other deal

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game.to_dict(), "counted": self.counted, **({"daily": self.daily} if self.daily else {})}

    @classmethod
    def from_dict(cls, data: Any) -> "SavedPatience":
        if not isinstance(data, Mapping):
            raise ValueError("a saved patience is an object")
        from kabale.games.patience.rules import Patience

        counted = data.get("counted", False)
        if not isinstance(counted, bool):
            raise ValueError("counted is true or false")
        return cls(Patience.from_dict(data.get("game")), counted, _daily(data))  # type: ignore[arg-type]


@dataclass(frozen=True)
class PatienceStats:
    """Games played and won, and streaks of wins."""

    played: int = 0
    won: int = 0
    streak: int = 0
    best_streak: int = 0

    def record(self, won: bool) -> "PatienceStats":
        """The statistics after one more game.

        >>> PatienceStats().record(True).record(True).record(False)
        PatienceStats(played=3, won=2, streak=0, best_streak=2)
        """
        streak = self.streak + 1 if won else 0
        return PatienceStats(self.played + 1, self.won + int(won), streak, max(self.best_streak, streak))

    @property
    def rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    def to_dict(self) -> dict[str, int]:
        return {"played": self.played, "won": self.won, "streak": self.streak, "best_streak": self.best_streak}

    @classmethod
    def from_dict(cls, data: Any) -> "PatienceStats":
        if not isinstance(data, Mapping):
            raise ValueError("statistics are an object")
        values = {name: _count(data, name) for name in ("played", "won", "streak", "best_streak")}
        if values["won"] > values["played"] or values["streak"] > values["won"] or values["best_streak"] < values["streak"]:
            raise ValueError("the statistics do not add up")
        return cls(**values)


@dataclass
class SavedDoubleH:
    """A Double H game in progress; ``counted`` once its end went into the statistics;
    ``vetted_s`` how long the solver took to find the deal winnable (winnable deals only)."""

    game: "DoubleH"
    counted: bool = False
    vetted_s: float | None = None
    daily: str = ""  # the day (YYYY-MM-DD) whose daily deal this is; "" for any other deal
    hinted: bool = False  # the player asked for the Hint in this game (the statistics tell such wins apart)

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game.to_dict(), "counted": self.counted, "vetted_s": self.vetted_s,
                **({"daily": self.daily} if self.daily else {}), **({"hinted": True} if self.hinted else {})}

    @classmethod
    def from_dict(cls, data: Any) -> "SavedDoubleH":
        from kabale.games.double_h.rules import DoubleH

        if not isinstance(data, Mapping):
            raise ValueError("a saved Double H game is an object")
        counted, vetted = data.get("counted", False), data.get("vetted_s")
        if not isinstance(counted, bool):
            raise ValueError("counted is true or false")
        if vetted is not None and (not isinstance(vetted, (int, float)) or isinstance(vetted, bool) or vetted < 0):
            raise ValueError("vetted_s is a number of seconds")
        hinted = data.get("hinted", False)
        if not isinstance(hinted, bool):
            raise ValueError("hinted is true or false")
        return cls(DoubleH.from_dict(data.get("game")), counted, None if vetted is None else float(vetted),  # type: ignore[arg-type]
                   _daily(data), hinted)


def _daily(data: Mapping[str, Any]) -> str:
    """A saved game's daily day: "" or YYYY-MM-DD (anything else is not ours)."""
    import datetime

    daily = data.get("daily", "")
    if not isinstance(daily, str):
        raise ValueError("daily is a day")
    if daily:
        datetime.date.fromisoformat(daily)  # ValueError when it is no day
        if len(daily) != 10:
            raise ValueError("daily is written YYYY-MM-DD")
    return daily


def _count(data: Mapping[str, Any], name: str) -> int:
    value = data.get(name, 0)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 10**9:
        raise ValueError(f"{name} is a count, not {value!r}")
    return value


@dataclass(frozen=True)
class DoubleHStats:
    """Double H games and wins, wins weighted by their bonus (3, 2, 1), wins by round, streaks."""

    played: int = 0
    won: int = 0
    weighted: int = 0
    by_round: tuple[int, int, int] = (0, 0, 0)
    streak: int = 0
    best_streak: int = 0

    def record(self, won: bool, round_number: int = 1, bonus: int = 0) -> "DoubleHStats":
        """The statistics after one more game.

        >>> DoubleHStats().record(True, 1, 3).record(True, 3, 1).record(False)
        DoubleHStats(played=3, won=2, weighted=4, by_round=(1, 0, 1), streak=0, best_streak=2)
        """
        by_round = list(self.by_round)
        if won:
            by_round[min(max(round_number, 1), 3) - 1] += 1
        streak = self.streak + 1 if won else 0
        return DoubleHStats(self.played + 1, self.won + int(won), self.weighted + (bonus if won else 0),
                            (by_round[0], by_round[1], by_round[2]), streak, max(self.best_streak, streak))

    def to_dict(self) -> dict[str, Any]:
        return {"played": self.played, "won": self.won, "weighted": self.weighted, "by_round": list(self.by_round),
                "streak": self.streak, "best_streak": self.best_streak}

    @classmethod
    def from_dict(cls, data: Any) -> "DoubleHStats":
        if not isinstance(data, Mapping):
            raise ValueError("statistics are an object")
        rounds = data.get("by_round", [0, 0, 0])
        if not isinstance(rounds, list) or len(rounds) != 3:
            raise ValueError("wins by round are three counts")
        by_round = tuple(_count({"n": n}, "n") for n in rounds)
        stats = cls(_count(data, "played"), _count(data, "won"), _count(data, "weighted"),
                    (by_round[0], by_round[1], by_round[2]), _count(data, "streak"), _count(data, "best_streak"))
        if (stats.won > stats.played or sum(stats.by_round) != stats.won or stats.streak > stats.won
                or stats.best_streak < stats.streak or not stats.won <= stats.weighted <= 3 * stats.won):
            raise ValueError("the statistics do not add up")
        return stats


#: The patiences' records: what a saved game of each is kept in, and its statistics.
SAVED_SOLITAIRES: dict[str, type[SavedPatience] | type[SavedDoubleH]] = {PATIENCE: SavedPatience, DOUBLE_H: SavedDoubleH}
STATS_KINDS: dict[str, type[PatienceStats] | type[DoubleHStats]] = {PATIENCE: PatienceStats, DOUBLE_H: DoubleHStats}
#: Every record that holds a game in progress.
GAME_RECORDS: tuple[str, ...] = (KABALAM, *SAVED_SOLITAIRES)

def host_record(data: Any) -> dict[str, Any]:
    """The host's record: its invite, its plan and the net host's table (each checked where it is
    read: kabale.net.host.Host.from_dict replays the match)."""
    if not isinstance(data, Mapping) or not isinstance(data.get("invite"), Mapping) \
            or not isinstance(data.get("host"), Mapping):
        raise ValueError("a host's record holds its invite and its table")
    TablePlan.from_dict(data.get("plan"))
    return dict(data)


def guest_record(data: Any) -> dict[str, Any]:
    """A guest's record: its invite and its seat's state (each checked where it is read:
    kabale.web.remote_link.Invite.from_dict, kabale.net.guest.Guest.from_dict)."""
    if not isinstance(data, Mapping) or not isinstance(data.get("invite"), Mapping) \
            or not isinstance(data.get("guest"), Mapping):
        raise ValueError("a guest's record holds its invite and its seat")
    return dict(data)


VALIDATORS = {
    SETTINGS: Settings.from_dict,
    KABALAM: SavedMatch.from_dict,
    PATIENCE: SavedPatience.from_dict,
    PATIENCE_STATS: PatienceStats.from_dict,
    DOUBLE_H: SavedDoubleH.from_dict,
    DOUBLE_H_STATS: DoubleHStats.from_dict,
    GUEST: guest_record,
    HOST: host_record,
}
