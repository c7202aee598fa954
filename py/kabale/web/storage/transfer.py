"""The statistics travel (issue 31, item 4): export to a JSON file, import from one.

Pure Python, tested in CPython. A file is read whole before anything is kept: a bad one
(not JSON, too large, not Kabale's statistics, from a newer release, a record that does not
add up) is refused with its reason, and what the player already has is untouched. A good one
is merged, never written over what is kept: each game's counters whichever saw more games,
and the games of both histories (the same game twice once).
"""

from __future__ import annotations

import json
from typing import Any, Callable, Mapping

from .history import HISTORY_RECORDS, MATCHES, MAX_GAMES, MAX_MATCHES, History, Matches
from .saved import DOUBLE_H_STATS, PATIENCE_STATS, DoubleHStats, PatienceStats

#: What a file says it is.
KIND, VERSION = "kabale-statistics", 1
#: The records a file carries, and how each is read.
RECORDS: dict[str, Callable[[Any], Any]] = {
    PATIENCE_STATS: PatienceStats.from_dict, DOUBLE_H_STATS: DoubleHStats.from_dict,
    HISTORY_RECORDS["patience"]: History.from_dict, HISTORY_RECORDS["double-h"]: History.from_dict,
    MATCHES: Matches.from_dict,
}
#: A file larger than this is not ours (a full history is about 300 kB): refused unread.
MAX_FILE_BYTES = 2_000_000


class Refused(ValueError):
    """A file not taken: ``reason`` is the key of the words that say why."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(detail or reason)
        self.reason = reason


def export_text(records: Mapping[str, Any], exported: str) -> str:
    """The file: every record the player has (``records``: name -> value with to_dict, or None),
    and when it was made (``exported``: an ISO date and time)."""
    data = {name: value.to_dict() for name, value in records.items() if name in RECORDS and value is not None}
    return json.dumps({"kind": KIND, "version": VERSION, "exported": exported, "records": data},
                      ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def read_file(text: str, size: int | None = None) -> dict[str, Any]:
    """The records of a file, each read as the store reads it; Refused with the reason otherwise.

    >>> read_file('{"kind": "kabale-statistics", "version": 1, "records": {}}')
    {}
    >>> [read_refused(text) for text in ('{"kind": "kabale-statistics"', '{"kind": "photos"}', "x" * 2_000_001)]
    ['transfer.malformed', 'transfer.foreign', 'transfer.oversized']
    """
    if (size if size is not None else len(text.encode("utf-8", "replace"))) > MAX_FILE_BYTES:
        raise Refused("transfer.oversized")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise Refused("transfer.malformed") from None
    if not isinstance(data, dict) or data.get("kind") != KIND:
        raise Refused("transfer.foreign")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise Refused("transfer.malformed")
    if version > VERSION:
        raise Refused("transfer.newer")
    records = data.get("records")
    if not isinstance(records, dict) or any(name not in RECORDS for name in records):
        raise Refused("transfer.malformed")
    read: dict[str, Any] = {}
    for name, value in records.items():
        try:
            read[name] = RECORDS[name](value)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError) as error:
            raise Refused("transfer.bad_record", f"{name}: {error}"[:200]) from None
    return read


def read_refused(text: str) -> str:
    """Why a file is refused ("" when it is not): for the doctest above."""
    try:
        read_file(text)
    except Refused as refused:
        return refused.reason
    return ""


def merged(kept: Mapping[str, Any], imported: Mapping[str, Any]) -> dict[str, Any]:
    """What to keep after an import: each game's counters whichever saw more games, and the games
    of both histories, the day's order kept (a game in both once). Nothing kept is lost.

    >>> from kabale.web.storage.history import Played
    >>> a, b = Played("2026-12-01", 1, True), Played("2026-12-02", 2, False)
    >>> out = merged({"history:patience": History((a,)), "stats:patience": PatienceStats(5, 2, 0, 1)},
    ...              {"history:patience": History((a, b)), "stats:patience": PatienceStats(3, 3, 3, 3)})
    >>> [game.seed for game in out["history:patience"].games], out["stats:patience"].played
    ([1, 2], 5)
    """
    out: dict[str, Any] = {}
    for name, value in imported.items():
        mine = kept.get(name)
        if mine is None:
            out[name] = value
        elif isinstance(value, History) and isinstance(mine, History):
            games = list(mine.games)
            games += [game for game in value.games if game not in mine.games]
            games.sort(key=lambda game: game.day)  # stable: each history's own order within a day
            out[name] = History(tuple(games[-MAX_GAMES:]))  # the oldest go, as they do when a game is added
        elif isinstance(value, Matches) and isinstance(mine, Matches):
            both = mine
            for game in value.games:
                both = both.add(game)
            out[name] = Matches(tuple(sorted(both.games, key=lambda game: game.day))[-MAX_MATCHES:])
        else:
            out[name] = value if value.played > mine.played else mine
    return out
