"""The home's tiles (issue 31, item 1): each game's small picture, its statistics in brief, the
saved game continued in one click, and a patience's daily deal.

Pure Python: what a tile shows is decided here as plain values (:class:`TileView`) from the
saved records, tested in CPython; kabale.web.comeback draws it (a view here never touches
the page's elements: tests/unit/test_layers.py). The static lobby of index.html
keeps each game's button and blurb (shown before Python is ready); Python fills the rest.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any, Callable, Sequence


Translate = Callable[..., str]

#: Each game's picture: its table in a few cards, drawn from the card faces of the tables
#: (their classes, face-7S: no image of its own), as (card, left %, top %, turn in degrees).
#: KABALAM: the Kabala's three packets and a hand; the patience: the packets and the draw pile;
#: Double H: the two H's, in a few cards each. Only cards of the game's own deck (KABALAM's and the
#: patience's have no 10 and no court card: a player spotted a king on KABALAM's tile).
PICTURES: dict[str, tuple[tuple[str, int, int, int], ...]] = {
    "kabalam": (("4S", 4, 6, -4), ("7H", 20, 4, 3), ("3D", 36, 8, -2),
                ("9S", 60, 40, -12), ("AH", 68, 36, -4), ("5D", 76, 38, 5), ("2C", 84, 40, 10)),
    "patience": (("3C", 4, 8, 0), ("5H", 20, 8, 0), ("8S", 36, 8, 0),
                 ("", 74, 8, 0), ("", 76, 12, 0), ("2H", 30, 44, -6), ("4S", 42, 44, 6)),
    "double-h": (("AC", 4, 4, 0), ("AC", 4, 44, 0), ("2D", 18, 24, 0), ("KS", 32, 4, 0), ("KS", 32, 44, 0),
                 ("AH", 52, 4, 0), ("AH", 52, 44, 0), ("3S", 66, 24, 0), ("QH", 80, 4, 0), ("QH", 80, 44, 0)),
}


@dataclass(frozen=True)
class TileView:
    """One game's tile below its name and blurb.

    ``stats``: played, won and the streak, in brief. ``resume``: the words of the button that
    continues the saved game ("Continue: deal 12, round 2 · yesterday") and the seed it opens, or
    None. ``match``: KABALAM's match in progress, the hand and each seat's total. ``daily``: a
    patience's daily deal, its button's words and the day it opens ("" for none)."""

    game: str
    title: str
    stats: str
    resume: tuple[str, int] | None = None
    match: str = ""
    daily: tuple[str, str] | None = None
    stats_label: str = "Statistics"  # the button to the game's charts


def when_words(saved_ms: float | None, today: datetime.date, offset_min: int, t: Translate) -> str:
    """When a game was last saved, as the player says it: today, yesterday, N days ago, or a date.

    >>> from kabale.web.text.i18n import translate
    >>> en = lambda key, **v: translate("en", key, **v)
    >>> day = lambda text: datetime.datetime.fromisoformat(text + "T12:00:00+00:00").timestamp() * 1000
    >>> [when_words(day(d), datetime.date(2026, 12, 2), 0, en) for d in ("2026-12-02", "2026-12-01", "2026-11-28", "2026-10-01")]
    ['today', 'yesterday', '4 days ago', '1 Oct 2026']
    >>> when_words(None, datetime.date(2026, 12, 2), 0, en)
    ''
    """
    if saved_ms is None:
        return ""
    day = local_day(saved_ms, offset_min)
    days = (today - day).days
    if days <= 0:
        return t("home.when.today")
    if days == 1:
        return t("home.when.yesterday")
    if days < 7:
        return t("home.when.days", count=days)
    return date_words(day, t)


def local_day(ms: float, offset_min: int) -> datetime.date:
    """The player's calendar day at ``ms`` (since 1970), ``offset_min`` being the page's
    Date.getTimezoneOffset() (minutes behind UTC)."""
    return datetime.datetime.fromtimestamp(ms / 1000 - offset_min * 60, datetime.timezone.utc).date()


def date_words(day: datetime.date, t: Translate) -> str:
    """A day in the player's language: "2 Dec 2026", "2. dec. 2026", "2 dic 2026"."""
    return t("home.date", day=day.day, month=t(f"month.{day.month}"), year=day.year)


def brief_stats(played: int, won: int, streak: int, t: Translate) -> str:
    """Played, won and the streak, in brief.

    >>> from kabale.web.text.i18n import translate
    >>> brief_stats(12, 5, 2, lambda key, **v: translate("en", key, **v))
    'Played 12 · won 5 · streak 2'
    """
    return t("home.stats", played=played, won=won, streak=streak)


def match_words(hand: int, totals: Sequence[tuple[str, int]], t: Translate) -> str:
    """KABALAM's match in progress: the hand and each seat's total.

    >>> from kabale.web.text.i18n import translate
    >>> match_words(3, [("You", 45), ("West", 60)], lambda key, **v: translate("en", key, **v))
    'Hand 3 · You 45 · West 60'
    """
    return " · ".join([t("home.hand", hand=hand), *(f"{name} {total}" for name, total in totals)])


def streak_of(results: Sequence[Any]) -> tuple[int, int, int]:
    """Played, won and the streak of wins at the end, from results oldest first (each has ``won``).

    >>> from types import SimpleNamespace as S
    >>> streak_of([S(won=True), S(won=False), S(won=True), S(won=True)])
    (4, 3, 2)
    """
    streak = 0
    for result in results:
        streak = streak + 1 if result.won else 0
    return len(results), sum(1 for result in results if result.won), streak


def share_line(game: str, played: Any, t: Translate) -> str:
    """The daily deal's result as a line to share, in the player's language: the game, the day,
    the result and the moves, and nothing of the cards.

    >>> from kabale.web.text.i18n import translate
    >>> from kabale.web.storage.history import Played
    >>> en = lambda key, **v: translate("en", key, **v)
    >>> share_line("double-h", Played("2026-12-02", 5, True, 212, "2026-12-02", round=2, bonus=2), en)
    'Kabale · Double H · 2 Dec 2026 · won in round 2 (×2) · 212 moves'
    >>> share_line("patience", Played("2026-12-02", 5, False, 40, "2026-12-02", left=3), en)
    'Kabale · Patience Kabalam · 2 Dec 2026 · 3 cards left · 40 moves'
    """
    date = date_words(datetime.date.fromisoformat(played.daily or played.day), t)
    key = f"{SHARE_LINES[game]}_{'won' if played.won else 'lost'}"  # each game's line says its own result
    return t(key, date=date, round=played.round, bonus=played.bonus, left=played.left, moves=played.moves)


#: Each patience's share lines (their keys, with _won or _lost).
SHARE_LINES: dict[str, str] = {"patience": "daily.line_patience", "double-h": "daily.line_dh"}
