"""What brings a player back (issue 31): the home's tiles, each game's history, the daily deal.

Why a module of its own: the app (kabale.web.app) is the page's controller, and these are
a few of its doings that read several records at once. They take the app as the screens
do (kabale.web.host.Host plus what :class:`Comeback` names), and never import it.
"""

from __future__ import annotations

import datetime
import time
from typing import TYPE_CHECKING, Any, Protocol

from .dom import Element, h
from .storage.history import HISTORY_RECORDS, MATCHES, History, Matches, MatchPlayed, Played
from .storage.saved import KABALAM, SAVED_SOLITAIRES, SavedDoubleH, SavedMatch
from .views.home import PICTURES, TileView, brief_stats, date_words, local_day, match_words, streak_of, when_words

if TYPE_CHECKING:
    from .storage.store import Store


class Comeback(Protocol):
    """What these functions use of the app."""

    store: "Store"

    def t(self, key: str, **values: Any) -> str: ...

    def today(self) -> datetime.date: ...

    def save(self, name: str, data: Any) -> None: ...

    def stats_of(self, game: str) -> Any: ...

    def seat_label(self, plan: Any, seat: str) -> str: ...

    @property
    def offset_min(self) -> int: ...


class Clock:
    """The page's clock and calendar, seen from the worker: the page says its time and its
    offset from UTC when it starts (a test sets the page's date, and the worker follows)."""

    def __init__(self, page_ms: float = 0.0, offset_min: int = 0) -> None:
        sane = 0 < page_ms < 253_402_300_799_000  # before year 10000: a date Python can write
        self.skew_ms = page_ms - time.time() * 1000 if sane else 0.0
        self.offset_min = offset_min

    def now_ms(self) -> float:
        return time.time() * 1000 + self.skew_ms

    def today(self) -> datetime.date:
        return local_day(self.now_ms(), self.offset_min)


def played_of(saved: Any, day: datetime.date) -> Played:
    """A patience's game as it ended (or was left, counted lost), for its history: Double H says its
    round and bonus (its saved game knows the Hint), the patience the cards left in the endowment."""
    state = saved.game
    result = state.result()
    seed = state.seed if state.seed is not None else 0
    if isinstance(saved, SavedDoubleH):
        won = result.outcome == "won"
        return Played(day.isoformat(), seed, won, len(state.moves), saved.daily, left=0, round=result.round,
                      bonus=result.wins if won else 0, hinted=saved.hinted)
    won = bool(result is not None and result.won)
    return Played(day.isoformat(), seed, won, len(state.moves), saved.daily, left=len(state.endowment))


def history_of(app: Comeback, game: str) -> History:
    stored = app.store.load(HISTORY_RECORDS[game])
    return stored if isinstance(stored, History) else History()


def add_played(app: Comeback, game: str, saved: Any) -> None:
    """Add a patience's ended game to its history (read again first: another tab's games stay)."""
    if game not in HISTORY_RECORDS:
        return
    history = history_of(app, game).add(played_of(saved, app.today()))
    app.save(HISTORY_RECORDS[game], history.to_dict())


def matches_of(app: Comeback) -> Matches:
    stored = app.store.load(MATCHES)
    return stored if isinstance(stored, Matches) else Matches()


def add_match(app: Comeback, saved: SavedMatch) -> None:
    """A finished KABALAM match into the history of matches (once, however often it is saved)."""
    match, plan = saved.match, saved.plan
    result = match.result()
    if result is None:
        return
    seats = match.seats
    hands = tuple(tuple(int(hand.scores.get(seat, 0)) for seat in seats) for hand in match.results)
    closers = tuple(hand.closer or "" for hand in match.results)
    won = any(seat in plan.persons for seat in result.great_kabalists)
    played = MatchPlayed(app.today().isoformat(), match.seed, won, tuple(plan.plan_of(seat).kind for seat in seats),
                         hands, closers)
    matches = matches_of(app)
    added = matches.add(played)
    if added is not matches:
        app.save(MATCHES, added.to_dict())


def daily_today(app: Comeback, game: str) -> tuple[str, str]:
    """The daily button of a patience's tile: its words (with today's result once played) and its day."""
    today = app.today()
    result = history_of(app, game).daily_result(today.isoformat())
    date = date_words(today, app.t)
    key = "home.daily" if result is None else "home.daily_won" if result.won else "home.daily_lost"
    return app.t(key, date=date), today.isoformat()


def tiles(app: Comeback, saved: bool = True) -> list[TileView]:
    """Each game's tile, from what is stored now (``saved``: with the saved games, read by their
    engines; without, the statistics and the daily deal only)."""
    with_saved = saved
    t, today = app.t, app.today()
    played, won, streak = streak_of(matches_of(app).games)
    resume: tuple[str, int] | None = None
    match = ""
    kept = app.store.load(KABALAM) if with_saved else None
    if isinstance(kept, SavedMatch) and not kept.match.is_over() and kept.match.seed is not None:
        totals = kept.match.totals
        match = match_words(max(kept.match.hand_number, 1),
                            [(app.seat_label(kept.plan, seat), totals.get(seat, 0)) for seat in kept.match.seats], t)
        when = when_words(app.store.saved_at(KABALAM), today, app.offset_min, t)
        resume = (" · ".join(filter(None, (t("home.continue_match"), when))), kept.match.seed)
    views = [TileView(KABALAM, t(f"game.{KABALAM}"), brief_stats(played, won, streak, t), resume, match,
                      stats_label=t("stats.open"))]
    for game in SAVED_SOLITAIRES:  # the patiences
        stats = app.stats_of(game)
        resume = None
        game_kept = app.store.load(game) if with_saved else None
        if isinstance(game_kept, SAVED_SOLITAIRES[game]) and not game_kept.game.is_over() and game_kept.game.moves \
                and game_kept.game.seed is not None:
            seed = game_kept.game.seed
            words = t("home.continue_round", seed=seed, round=game_kept.game.round) \
                if isinstance(game_kept, SavedDoubleH) else t("home.continue", seed=seed)
            when = when_words(app.store.saved_at(game), today, app.offset_min, t)
            resume = (" · ".join(filter(None, (words, when))), seed)
        views.append(TileView(game, t(f"game.{game}"), brief_stats(stats.played, stats.won, stats.streak, t), resume,
                              "", daily_today(app, game), t("stats.open")))
    return views


def picture(game: str) -> Element:
    """The game's table in a few cards (decoration: the tile's name and blurb say what it is)."""
    cards = []
    for text, left, top, turn in PICTURES.get(game, ()):
        classes = f"card face-{text}" if text else "card back"
        cards.append(h("div", {"class": classes, "style": f"--x:{left}%;--y:{top}%;--r:{turn}deg"}))
    return h("div", {"class": f"tile-picture tile-picture-{game}", "aria-hidden": "true"}, *cards)


def tile_more(view: TileView) -> Element:
    """What a tile shows below its name and blurb (the buttons sit above the tile's own button,
    which answers a click anywhere else on the tile)."""
    resume = None
    if view.resume is not None:
        words, seed = view.resume
        # the visible words first, then the game: three tiles may each say "Continue"
        resume = h("button", {"type": "button", "class": "button primary tile-action", "data-game": view.game,
                              "data-seed": str(seed), "aria-label": f"{words} ({view.title})", "text": words})
    daily = None
    if view.daily is not None:
        words, day = view.daily
        daily = h("button", {"type": "button", "class": "button tile-action", "data-game": view.game,
                             "data-daily": day, "aria-label": f"{words} ({view.title})", "text": words})
    stats = h("button", {"type": "button", "class": "button tile-action", "data-action": "stats",
                         "data-stats": view.game, "aria-label": f"{view.stats_label} ({view.title})",
                         "text": view.stats_label})
    return h("div", {"class": "tile-more"},
             picture(view.game),
             h("p", {"class": "tile-stats", "text": view.stats}),
             h("p", {"class": "tile-match", "text": view.match}) if view.match else None,
             h("div", {"class": "tile-actions"}, resume, daily, stats))


def daily_panel(app: Comeback, game: str, saved: Any, shared: str = "") -> Element | None:
    """At the end of a daily deal: the day's result and its share line (a button shares it: the
    page does, in the click), practice when this game was not the day's first, the daily streak
    and the last 30 days (a row of marks, and the same as a table for a screen reader).
    ``shared``: how the last share went ("copied", "failed"...), said beside the button."""
    from .routes import query_for_daily
    from .views.home import share_line

    daily = getattr(saved, "daily", "")
    if not daily or not saved.game.is_over() or game not in HISTORY_RECORDS:
        return None
    t, today = app.t, app.today()
    history = history_of(app, game)
    first = history.daily_result(daily)
    if first is None:
        return None
    games_of_day = [played for played in history.games if played.daily == daily]
    practice = len(games_of_day) > 1 and games_of_day[-1].practice
    line = share_line(game, first, t)
    said = {"copied": "daily.copied", "failed": "daily.share_failed"}.get(shared)
    return h(
        "section", {"class": "daily-panel", "aria-labelledby": "daily-heading"},
        h("h4", {"id": "daily-heading", "text": t("daily.heading")}),
        h("p", {"class": "daily-practice", "text": t("daily.practice")}) if practice else None,
        h("p", {"class": "share-line", "text": line}),
        h("p", {"class": "share-row"},
          h("button", {"type": "button", "class": "button primary", "data-share-text": line,
                       "data-share-query": query_for_daily(game, daily), "text": t("daily.share")}),
          h("span", {"class": "share-said", "role": "status", "text": t(said) if said else ""})),
        *daily_days(app, history),
    )


def daily_days(app: Comeback, history: History) -> tuple[Element, ...]:
    """The daily streak and the last 30 days: a row of marks for the eye, a table for a screen reader."""
    t, today = app.t, app.today()
    days = history.daily_days(today)

    def mark(day: str, played: Played | None) -> Element:
        state = "none" if played is None else "won" if played.won else "lost"
        return h("li", {"class": f"daily-day {state}", "title": f"{day}: {t('daily.' + state)}"},
                 h("span", {"aria-hidden": "true", "text": str(int(day[8:]))}))

    return (
        h("p", {"class": "daily-streak", "text": t("daily.streak", count=history.daily_streak(today))}),
        h("ol", {"class": "daily-days", "aria-hidden": "true"}, *(mark(day, played) for day, played in days)),
        h("div", {"class": "visually-hidden"}, h("table", {},
          h("caption", {"text": t("daily.last30")}),
          h("thead", {}, h("tr", {}, h("th", {"scope": "col", "text": t("daily.day")}),
                           h("th", {"scope": "col", "text": t("daily.result")}))),
          h("tbody", {}, *(h("tr", {}, h("th", {"scope": "row", "text": date_words(datetime.date.fromisoformat(day), t)}),
                                 h("td", {"text": t("daily.none" if played is None else "daily.won" if played.won
                                                    else "daily.lost")}))
                           for day, played in days)))),
    )
