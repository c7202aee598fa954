"""A game's statistics you can see (issue 31, item 3), and their export and import (item 4).

The charts are laid out in Python (kabale.web.views.charts: why no chart library is said there)
and drawn here as SVG through the same view trees as every screen; under each chart its numbers
go to a table, which is what a screen reader reads (the SVG is an image named by its title).
"""

from __future__ import annotations

from typing import Any

from . import comeback
from .dom import Element, h
from .screen import Screen
from .storage.saved import SAVED_SOLITAIRES, SEATS, DoubleHStats
from .tables.chart_drawn import chart_element
from .views.home import streak_of
from .views.charts import Chart, double_h_charts, kabalam_charts, patience_charts

class StatsScreen(Screen):
    """One game's statistics: the counters, the charts, and moving them to another device."""

    def __init__(self, app: Any, game: str) -> None:
        super().__init__(app)
        self.game_shown = game
        self.game = game  # the lobby steps aside, the toolbar offers All games
        self.home: Any = app  # the app whole (its records of statistics), not only as a screen's Host

    def query(self) -> str:
        return f"?stats={self.game_shown}"

    def charts(self) -> list[Chart]:
        t = self.t
        if self.game_shown not in SAVED_SOLITAIRES:  # KABALAM: its matches
            names = {seat: t("you") if seat == "S" else t(f"seat.{seat}") for seat in SEATS}
            return kabalam_charts(comeback.matches_of(self.home).games, t, lambda seat: names.get(seat, seat))
        games = comeback.history_of(self.home, self.game_shown).games
        stats = self.home.stats_of(self.game_shown)
        if isinstance(stats, DoubleHStats):
            return double_h_charts(games, stats.by_round, t)
        return patience_charts(games, t)

    def summary(self) -> str:
        """Played, won and the streaks, in words."""
        if self.game_shown in SAVED_SOLITAIRES:
            stats = self.home.stats_of(self.game_shown)
            played, won, streak, best = stats.played, stats.won, stats.streak, stats.best_streak
        else:
            games = comeback.matches_of(self.home).games
            played, won, streak = streak_of(games)
            best = run = 0
            for game in games:
                run = run + 1 if game.won else 0
                best = max(best, run)
        return self.t("stats.summary", played=played, won=won, streak=streak, best=best)

    def render(self) -> Element:
        t = self.t
        charts = self.charts()
        empty = all(not any(v for s in chart.series for v in s.values if v) for chart in charts)
        daily = None
        if self.game_shown in SAVED_SOLITAIRES:  # a patience's daily deals: the streak, the last 30 days
            daily = h("section", {"class": "daily-panel", "aria-labelledby": "daily-heading"},
                      h("h3", {"id": "daily-heading", "text": t("daily.heading")}),
                      *comeback.daily_days(self.home, comeback.history_of(self.home, self.game_shown)))
        return h(
            "section", {"class": "stats-screen", "aria-labelledby": "stats-heading"},
            h("h2", {"id": "stats-heading", "text": t("stats.heading", game=t(f"game.{self.game_shown}"))}),
            h("p", {"class": "stats-summary", "text": self.summary()}),
            h("p", {"class": "chart-empty", "text": t("chart.none")}) if empty else None,
            h("div", {"class": "charts"}, *(chart_element(chart) for chart in charts)),
            daily,
            h("section", {"class": "transfer", "aria-labelledby": "transfer-heading"},
              h("h3", {"id": "transfer-heading", "text": t("transfer.heading")}),
              h("p", {"text": t("transfer.about")}),
              h("p", {"class": "transfer-actions"},
                h("button", {"type": "button", "class": "button", "data-action": "export", "text": t("transfer.export")}),
                h("label", {"class": "button file-button"}, t("transfer.import"),
                  h("input", {"type": "file", "accept": "application/json,.json", "data-import": "statistics",
                              "class": "visually-hidden"})))),
        )

    def on_action(self, action: str, target: Any, event: Any) -> None:
        if action == "export":
            self.home.export_statistics()
