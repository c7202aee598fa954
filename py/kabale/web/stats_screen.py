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
from .storage.saved import KABALAM, SEATS, DoubleHStats
from .views.charts import HEIGHT, WIDTH, Chart, double_h_charts, kabalam_charts, layout, patience_charts

#: Where a series' colour comes from (kabale.css: .series-0 ...); the legend shows the same.
SERIES = 4


def chart_element(chart: Chart) -> Element:
    """One chart: its title, a legend where there are several series, the SVG, and its table."""
    marks = layout(chart).marks
    drawn: list[Element] = []
    for mark in marks:
        v = mark.values
        colour = f"series-{mark.series % SERIES}" if mark.series >= 0 else ""
        if mark.shape == "line":
            drawn.append(h("line", {"class": f"chart-{mark.role}", "x1": f"{v[0]:.1f}", "y1": f"{v[1]:.1f}",
                                    "x2": f"{v[2]:.1f}", "y2": f"{v[3]:.1f}"}))
        elif mark.shape == "bar":
            drawn.append(h("rect", {"class": f"chart-bar {colour}", "x": f"{v[0]:.1f}", "y": f"{v[1]:.1f}",
                                    "width": f"{v[2]:.1f}", "height": f"{max(v[3], 0):.1f}"}))
        elif mark.shape == "polyline":
            points = " ".join(f"{v[i]:.1f},{v[i + 1]:.1f}" for i in range(0, len(v), 2))
            drawn.append(h("polyline", {"class": f"chart-line {colour}", "points": points}))
        elif mark.shape == "dot":
            drawn.append(h("circle", {"class": f"chart-dot {colour}", "cx": f"{v[0]:.1f}", "cy": f"{v[1]:.1f}", "r": "3"}))
        else:
            attributes: dict[str, object] = {"class": f"chart-text chart-{mark.role}", "x": f"{v[0]:.1f}", "y": f"{v[1]:.1f}",
                          "text-anchor": mark.anchor, "text": mark.text}
            if mark.role == "title" and v[0] < 20:  # the y axis' title runs up its side
                attributes["transform"] = f"rotate(-90 {v[0]:.1f} {v[1]:.1f})"
            drawn.append(h("text", attributes))
    legend = None
    if len(chart.series) > 1:
        legend = h("ul", {"class": "chart-legend"},
                   *(h("li", {}, h("span", {"class": f"chart-swatch series-{number % SERIES}", "aria-hidden": "true"}),
                       series.name) for number, series in enumerate(chart.series)))
    title_id = f"chart-{chart.key}"
    table = h(
        "table", {"class": "chart-table"},
        h("caption", {"text": chart.title}),
        h("thead", {}, h("tr", {}, h("th", {"scope": "col", "text": chart.x_title or chart.title}),
                         *(h("th", {"scope": "col", "text": series.name}) for series in chart.series),
                         h("th", {"scope": "col", "text": "·"}) if chart.notes else None)),
        h("tbody", {}, *(
            h("tr", {}, h("th", {"scope": "row", "text": category}),
              *(h("td", {"text": chart.shown(series.values[index] if index < len(series.values) else None)})
                for series in chart.series),
              h("td", {"text": chart.notes[index]}) if chart.notes else None)
            for index, category in enumerate(chart.categories))),
    )
    return h(
        "figure", {"class": "chart", "aria-labelledby": title_id},
        h("figcaption", {"id": title_id, "class": "chart-title", "text": chart.title}),
        legend,
        # the picture is for the eye; its numbers are the table's (a screen reader reads that)
        h("svg", {"class": "chart-svg", "viewBox": f"0 0 {WIDTH} {HEIGHT}", "aria-hidden": "true",
                  "focusable": "false"}, *drawn),
        h("div", {"class": "visually-hidden"}, table),  # a table ignores a width of 1 px: its box does not
    )


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
        if self.game_shown == KABALAM:
            names = {seat: t("you") if seat == "S" else t(f"seat.{seat}") for seat in SEATS}
            return kabalam_charts(comeback.matches_of(self.home).games, t, lambda seat: names.get(seat, seat))
        games = comeback.history_of(self.home, self.game_shown).games
        stats = self.home.stats_of(self.game_shown)
        if isinstance(stats, DoubleHStats):
            return double_h_charts(games, stats.by_round, t)
        return patience_charts(games, t)

    def render(self) -> Element:
        t = self.t
        charts = self.charts()
        empty = all(not any(v for s in chart.series for v in s.values if v) for chart in charts)
        return h(
            "section", {"class": "stats-screen", "aria-labelledby": "stats-heading"},
            h("h2", {"id": "stats-heading", "text": t("stats.heading", game=t(f"game.{self.game_shown}"))}),
            h("p", {"class": "chart-empty", "text": t("chart.none")}) if empty else None,
            h("div", {"class": "charts"}, *(chart_element(chart) for chart in charts)),
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
