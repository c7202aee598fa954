"""What the address bar asks for: ``?game=kabalam|patience|double-h&seed=N``, or a patience's
daily deal, ``?game=double-h&daily=YYYY-MM-DD``.

Pure Python (no browser import), so the rules of the URL are tested in
CPython. Anything the URL says is checked here and turned into a message the
page shows as text; nothing from the URL reaches the DOM any other way.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

from kabale.daily import parse_day

#: The games, by the name used in URLs, storage and the command line.
GAMES: tuple[str, ...] = ("kabalam", "patience", "double-h")

#: The games that have a daily deal: the patiences.
DAILY_GAMES: tuple[str, ...] = ("patience", "double-h")

#: Seeds are whole numbers 0 .. 2**53 - 1: exact in JavaScript too, so a URL round-trips.
MAX_SEED = 2**53 - 1


@dataclass(frozen=True)
class Problem:
    """Something wrong with the URL: an i18n key and the values its message needs."""

    key: str
    value: str


@dataclass(frozen=True)
class Route:
    """The game and seed the URL asks for, and what was wrong with it."""

    game: str | None = None
    seed: int | None = None
    problems: tuple[Problem, ...] = ()
    embed: bool = False  # ?embed=1: the compact view for an iframe on another site
    daily: str | None = None  # ?daily=YYYY-MM-DD: a patience's daily deal of that day
    stats: str | None = None  # ?stats=<game>: that game's statistics


def _shown(value: str, limit: int = 40) -> str:
    """A URL value as quoted in a message: cut short so a long one cannot flood the page."""
    return value if len(value) <= limit else value[: limit - 1] + "…"


def parse_seed(text: str) -> int | None:
    """A seed from text, or None when it is not a whole number 0..MAX_SEED.

    >>> parse_seed("42"), parse_seed("-1"), parse_seed("1.5"), parse_seed("007")
    (42, None, None, 7)
    """
    cleaned = text.strip()
    if not cleaned or not cleaned.isascii() or not cleaned.isdigit() or len(cleaned) > 16:
        return None
    seed = int(cleaned)
    return seed if seed <= MAX_SEED else None


_ESCAPE = re.compile(r"(?:%[0-9A-Fa-f]{2})+")


def _unquote(text: str) -> str:
    """Percent-decoding of a query value ("+" is a space). urllib.parse would do, but
    importing it costs the page about 100 ms at start in Pyodide.

    >>> _unquote("%3Cimg%20src%3Dx%3E+%E2%9C%93")
    '<img src=x> ✓'
    """
    text = text.replace("+", " ")
    return _ESCAPE.sub(lambda match: bytes.fromhex(match.group(0).replace("%", "")).decode("utf-8", "replace"), text)


def query_fields(query: str) -> dict[str, list[str]]:
    """The fields of a query string, each with its values in order.

    >>> query_fields("?game=patience&seed=3&seed=4&flag")
    {'game': ['patience'], 'seed': ['3', '4'], 'flag': ['']}
    """
    fields: dict[str, list[str]] = {}
    for part in query.lstrip("?").split("&"):
        if not part:
            continue
        name, _, value = part.partition("=")
        fields.setdefault(_unquote(name), []).append(_unquote(value))
    return fields


def parse_query(query: str) -> Route:
    """Read a query string (with or without the leading "?").

    >>> parse_query("?game=double-h&seed=12")
    Route(game='double-h', seed=12, problems=(), embed=False, daily=None, stats=None)
    >>> parse_query("?game=double-h&daily=2026-12-02").daily
    '2026-12-02'
    >>> parse_query("game=chess").problems[0].key
    'url.unknown_game'
    """
    fields = query_fields(query)
    problems: list[Problem] = []

    game: str | None = None
    game_values = fields.get("game", [])
    if game_values:
        wanted = game_values[-1].strip().lower()
        if wanted in GAMES:
            game = wanted
        else:
            problems.append(Problem("url.unknown_game", _shown(game_values[-1])))

    seed: int | None = None
    seed_values = fields.get("seed", [])
    if seed_values:
        seed = parse_seed(seed_values[-1])
        if seed is None:
            problems.append(Problem("url.bad_seed", _shown(seed_values[-1])))
        elif game is None and not game_values:
            problems.append(Problem("url.seed_without_game", str(seed)))
            seed = None

    embed = False
    embed_values = fields.get("embed", [])
    if embed_values:
        flag = embed_values[-1].strip().lower()
        if flag in ("1", "true", "yes"):
            embed = True
        elif flag not in ("0", "false", "no"):
            problems.append(Problem("url.bad_embed", _shown(embed_values[-1])))

    daily: str | None = None
    daily_values = fields.get("daily", [])
    if daily_values:
        day = parse_day(daily_values[-1])
        if day is None:
            problems.append(Problem("url.bad_daily", _shown(daily_values[-1])))
        elif game not in DAILY_GAMES:
            problems.append(Problem("url.daily_patience_only", day.isoformat()))
        else:
            daily, seed = day.isoformat(), None  # the day names the deal

    stats: str | None = None
    stats_values = fields.get("stats", [])
    if stats_values:
        wanted = stats_values[-1].strip().lower()
        if wanted in GAMES:
            stats = wanted
        else:
            problems.append(Problem("url.unknown_game", _shown(stats_values[-1])))

    return Route(game=game, seed=seed, problems=tuple(problems), embed=embed, daily=daily, stats=stats)


def query_for(game: str, seed: int) -> str:
    """The query string that opens this deal again.

    >>> query_for("patience", 7)
    '?game=patience&seed=7'
    """
    if game not in GAMES:
        raise ValueError(f"{game!r} is not a game of Kabale")
    return f"?game={game}&seed={seed}"


def query_for_daily(game: str, day: str) -> str:
    """The query string of a patience's daily deal.

    >>> query_for_daily("double-h", "2026-12-02")
    '?game=double-h&daily=2026-12-02'
    """
    if game not in DAILY_GAMES:
        raise ValueError(f"{game!r} has no daily deal")
    return f"?game={game}&daily={day}"


def fresh_seed() -> int:
    """A new deal number, 0 .. 999,999,999, from the system's randomness (not the games' rngs)."""
    return int.from_bytes(os.urandom(8), "big") % 10**9
