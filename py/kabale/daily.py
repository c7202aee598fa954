"""The daily deal: everyone who plays a patience on a calendar day gets the same deal.

Why a rule and not a list: the page has no server, so every browser must find the
day's deal by itself, offline, and the same one. The rule (RULES.md, "The daily
deal") is a hash of the game's name and the date:

* candidate ``k`` of a day is the first 8 bytes of SHA-256 of the text
  ``"kabale daily <game> <YYYY-MM-DD> <k>"``, as a big-endian number, modulo 10**9
  (a deal number as the page's own fresh deals are);
* the day's deal is candidate 0, or, for a game dealt winnable (Double H), the
  first candidate the thoughtful solver wins within :data:`DAILY_STATES` states
  (a budget in states, not seconds: a slow phone finds the same deal as a fast
  desktop), trying at most :data:`DAILY_CANDIDATES`.

Standard library only; the solver's part is in :mod:`kabale.games` (the registry, which
may call the solver).

>>> daily_candidate("double-h", parse_day("2026-12-02"), 0) == daily_candidate("double-h", parse_day("2026-12-02"), 0)
True
>>> daily_candidate("patience", parse_day("2026-12-02"), 0) != daily_candidate("patience", parse_day("2026-12-03"), 0)
True
"""

from __future__ import annotations

import datetime
import hashlib
from typing import Iterator

__all__ = ["DAILY_STATES", "DAILY_CANDIDATES", "FIRST_DAY", "daily_candidate", "daily_candidates", "parse_day"]

#: How many states the thoughtful solver may visit on one candidate (about 0.6 s in CPython:
#: every day of December 2026 finds its first candidate winnable within it).
DAILY_STATES = 20_000
#: How many candidates a day tries before it takes the last one as it is (never reached in tests).
DAILY_CANDIDATES = 40
#: The first day that has a daily deal (the release that brought it): no earlier date is asked for.
FIRST_DAY = datetime.date(2026, 1, 1)


def daily_candidate(game: str, day: datetime.date, k: int) -> int:
    """Candidate ``k`` of ``game``'s deal on ``day`` (the rule above).

    >>> daily_candidate("double-h", datetime.date(2026, 12, 2), 0)
    599879334
    """
    digest = hashlib.sha256(f"kabale daily {game} {day.isoformat()} {k}".encode("ascii")).digest()
    return int.from_bytes(digest[:8], "big") % 10**9


def daily_candidates(game: str, day: datetime.date) -> Iterator[int]:
    """The candidates of a day, in order (at most :data:`DAILY_CANDIDATES`)."""
    for k in range(DAILY_CANDIDATES):
        yield daily_candidate(game, day, k)


def parse_day(text: str) -> datetime.date | None:
    """A calendar day written ``YYYY-MM-DD`` from :data:`FIRST_DAY` on, or None.

    >>> parse_day("2026-12-02"), parse_day("2026-02-30"), parse_day("02/12/2026"), parse_day("1999-01-01")
    (datetime.date(2026, 12, 2), None, None, None)
    """
    cleaned = text.strip()
    if len(cleaned) != 10 or not cleaned.isascii() or cleaned[4] != "-" or cleaned[7] != "-":
        return None
    try:
        day = datetime.date.fromisoformat(cleaned)
    except ValueError:
        return None
    return day if FIRST_DAY <= day <= datetime.date(9999, 12, 31) else None
