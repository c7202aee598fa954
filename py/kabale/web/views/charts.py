"""Statistics you can see (issue 31, item 3): each game's charts as plain values, laid out here.

Why SVG described by Python and no chart library: the charts are a handful of bars and lines
whose numbers Python already has; the well-kept libraries (Chart.js about 200 kB, ECharts about
1 MB, uPlot about 50 kB minified) draw on a canvas a screen reader cannot read and that needs its
own table beside it anyway, and would be one more vendored runtime for the page's thread and the
service worker to carry. Laid out in Python, a chart is tested in CPython like every other view
(the points, the labels, the legend), drawn as SVG through the same view trees, scales with the
page and the text stays text; the same numbers go to a table for the screen reader.

:func:`layout` places a :class:`Chart` in a box of :data:`WIDTH` x :data:`HEIGHT` units (the SVG's
viewBox, drawn at the page's width: 390 px phones read it at about its own size).
"""

from __future__ import annotations

import datetime
import math
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

Translate = Callable[..., str]

WIDTH, HEIGHT = 360, 210
#: The margins inside the box: the y axis' labels on the left, the x axis' below.
LEFT, RIGHT, TOP, BOTTOM = 50, 10, 12, 44
#: At most this many labels under the x axis (every k-th category is labelled).
MAX_X_LABELS = 8


@dataclass(frozen=True)
class Series:
    """One row of numbers (a bar each category, or a line through them); None: no value there."""

    name: str
    values: tuple[float | None, ...]


@dataclass(frozen=True)
class Chart:
    """A chart: bars (side by side per category) or lines, its axes' titles, the categories along x,
    a rule across (KABALAM's 101) and a note per category (who closed each hand)."""

    key: str
    title: str
    kind: str  # "bars" or "lines"
    x_title: str
    y_title: str
    categories: tuple[str, ...]
    series: tuple[Series, ...]
    rule: float | None = None
    rule_label: str = ""
    notes: tuple[str, ...] = ()
    percent: bool = False  # the values are fractions shown as percentages

    def shown(self, value: float | None) -> str:
        """A value as the table and the labels say it."""
        if value is None:
            return "–"
        if self.percent:
            return f"{round(value * 100)}%"
        return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


@dataclass(frozen=True)
class Mark:
    """A drawn thing: a line (x1 y1 x2 y2), a bar (x y w h), a polyline (points), a dot, a text."""

    shape: str
    values: tuple[float, ...] = ()
    series: int = -1  # which series' colour (-1: the axes' ink)
    text: str = ""
    anchor: str = "middle"
    role: str = ""  # "axis", "grid", "rule", "tick", "label", "title", "note"


@dataclass(frozen=True)
class Layout:
    marks: tuple[Mark, ...] = field(default_factory=tuple)
    y_max: float = 1.0


def nice_top(value: float) -> float:
    """The top of the y axis: 1, 2 or 5 times a power of ten, at or above ``value``.

    >>> [nice_top(v) for v in (0, 0.7, 3, 7, 12, 101, 130)]
    [1.0, 1.0, 5.0, 10.0, 20.0, 200.0, 200.0]
    """
    if value <= 1:
        return 1.0
    power = 10 ** math.floor(math.log10(value))
    for step in (1, 2, 5, 10):
        if step * power >= value:
            return float(step * power)
    return float(10 * power)


def tick_steps(top: float, percent: bool = False) -> int:
    """How many steps up the y axis: each a whole number when the values are counts.

    >>> [tick_steps(top) for top in (1, 2, 5, 10, 20, 50, 200)], tick_steps(1, percent=True)
    ([1, 2, 5, 5, 5, 5, 5], 4)
    """
    if percent:
        return 4
    return next(steps for steps in (5, 4, 2, 1) if (top / steps).is_integer())


def layout(chart: Chart) -> Layout:
    """Where each mark goes in the box. Bars: one group per category, a bar per series. Lines: a
    point per category and series, joined; a dot at each point.

    >>> chart = Chart("c", "Games", "bars", "Week", "Games", ("1 Dec", "8 Dec"), (Series("Played", (3, 4)),))
    >>> marks = layout(chart).marks
    >>> [m.text for m in marks if m.role == "label"], len([m for m in marks if m.shape == "bar"])
    (['1 Dec', '8 Dec'], 2)
    """
    known = [v for series in chart.series for v in series.values if v is not None]
    top = 1.0 if chart.percent else nice_top(max([*known, chart.rule or 0, 1]))
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    count = max(len(chart.categories), 1)

    def y_of(value: float) -> float:
        return TOP + plot_h * (1 - min(value, top) / top)

    marks: list[Mark] = []
    steps = tick_steps(top, chart.percent)
    for step in range(steps + 1):  # the y axis' ticks, grid lines and labels: whole numbers (or quarters of 100%)
        value = top * step / steps
        y = y_of(value)
        marks.append(Mark("line", (LEFT, y, WIDTH - RIGHT, y), role="grid" if step else "axis"))
        marks.append(Mark("text", (LEFT - 5, y + 4), text=chart.shown(value), anchor="end", role="tick"))
    marks.append(Mark("line", (LEFT, TOP, LEFT, TOP + plot_h), role="axis"))
    slot = plot_w / count
    every = max(1, math.ceil(count / MAX_X_LABELS))
    for index, category in enumerate(chart.categories):
        x = LEFT + slot * (index + 0.5)
        if index % every == 0 or index == count - 1 and count <= MAX_X_LABELS:
            marks.append(Mark("text", (x, TOP + plot_h + 15), text=category, role="label"))
        if index < len(chart.notes) and chart.notes[index]:
            marks.append(Mark("text", (x, TOP + plot_h + 27), text=chart.notes[index], role="note"))
    if chart.kind == "bars":
        width = slot * 0.8 / max(len(chart.series), 1)
        for number, series in enumerate(chart.series):
            for index, amount in enumerate(series.values):
                if amount is None:
                    continue
                x = LEFT + slot * index + slot * 0.1 + width * number
                marks.append(Mark("bar", (x, y_of(amount), width, TOP + plot_h - y_of(amount)), number))
    else:
        for number, series in enumerate(chart.series):
            points = [(LEFT + slot * (index + 0.5), y_of(amount)) for index, amount in enumerate(series.values)
                      if amount is not None]
            if len(points) > 1:
                marks.append(Mark("polyline", tuple(c for point in points for c in point), number))
            marks.extend(Mark("dot", point, number) for point in points)
    if chart.rule is not None:
        y = y_of(chart.rule)
        marks.append(Mark("line", (LEFT, y, WIDTH - RIGHT, y), role="rule"))
        marks.append(Mark("text", (WIDTH - RIGHT - 2, y - 4), text=chart.rule_label, anchor="end", role="rule"))
    marks.append(Mark("text", (LEFT + plot_w / 2, HEIGHT - 4), text=chart.x_title, role="title"))
    marks.append(Mark("text", (11, TOP + plot_h / 2), text=chart.y_title, role="title", anchor="middle"))
    return Layout(tuple(marks), top)


# -- each game's charts, from its history --------------------------------------------------------

#: At most this many weeks along a chart over time (the latest).
WEEKS = 12


def _weeks(games: Sequence[Any]) -> list[tuple[datetime.date, list[Any]]]:
    """The games by the week (its Monday) they were played in, the latest :data:`WEEKS` weeks that have games."""
    weeks: dict[datetime.date, list[Any]] = {}
    for game in games:
        day = datetime.date.fromisoformat(game.day)
        weeks.setdefault(day - datetime.timedelta(days=day.weekday()), []).append(game)
    return sorted(weeks.items())[-WEEKS:]


def _short(day: datetime.date, t: Translate) -> str:
    return t("chart.day", day=day.day, month=t(f"month.{day.month}"))


def patience_charts(games: Sequence[Any], t: Translate) -> list[Chart]:
    """Patience Kabalam: games and wins a week, the win rate a week, how many cards were left at the end.

    >>> from kabale.web.text.i18n import translate
    >>> from kabale.web.storage.history import Played
    >>> en = lambda key, **v: translate("en", key, **v)
    >>> games = [Played("2026-11-30", 1, True), Played("2026-12-01", 2, False, left=3), Played("2026-12-08", 3, True)]
    >>> charts = patience_charts(games, en)
    >>> [(c.key, c.categories) for c in charts][:2]
    [('games', ('30 Nov', '7 Dec')), ('rate', ('30 Nov', '7 Dec'))]
    >>> charts[0].series, charts[1].series[0].values
    ((Series(name='Played', values=(2, 1)), Series(name='Won', values=(1, 1))), (0.5, 1.0))
    >>> charts[2].categories, charts[2].series[0].values
    (('0', '1', '2', '3'), (2, 0, 0, 1))
    """
    weeks = _weeks(games)
    labels = tuple(_short(monday, t) for monday, _ in weeks)
    played = tuple(len(week) for _, week in weeks)
    won = tuple(sum(1 for game in week if game.won) for _, week in weeks)
    most = max([game.left for game in games] or [0])
    left = tuple(sum(1 for game in games if game.left == count) for count in range(most + 1))
    return [
        Chart("games", t("chart.games_week"), "bars", t("chart.week"), t("chart.games"), labels,
              (Series(t("chart.played"), played), Series(t("chart.won"), won))),
        Chart("rate", t("chart.rate_week"), "lines", t("chart.week"), t("chart.rate"), labels,
              (Series(t("chart.rate"), tuple(w / p if p else None for w, p in zip(won, played))),), percent=True),
        Chart("left", t("chart.left"), "bars", t("chart.cards_left"), t("chart.games"),
              tuple(str(count) for count in range(most + 1)), (Series(t("chart.games"), left),)),
    ]


def double_h_charts(games: Sequence[Any], by_round: Sequence[int], t: Translate) -> list[Chart]:
    """Double H: wins by round (×3, ×2, ×1, from the counters, which hold every game), the bonus a
    week, and the games won with and without the Hint.

    >>> from kabale.web.text.i18n import translate
    >>> from kabale.web.storage.history import Played
    >>> en = lambda key, **v: translate("en", key, **v)
    >>> games = [Played("2026-12-01", 1, True, round=1, bonus=3, hinted=True), Played("2026-12-02", 2, True, round=2, bonus=2)]
    >>> rounds, bonus, hint = double_h_charts(games, (1, 1, 0), en)
    >>> rounds.categories, rounds.series[0].values, bonus.series[0].values
    (('×3', '×2', '×1'), (1, 1, 0), (5,))
    >>> hint.categories, [s.values for s in hint.series]
    (('Without the Hint', 'With the Hint'), [(1, 1), (1, 1)])
    """
    weeks = _weeks(games)
    plain = [game for game in games if not game.hinted]
    hinted = [game for game in games if game.hinted]
    return [
        Chart("rounds", t("chart.by_round"), "bars", t("chart.round"), t("chart.wins"), ("×3", "×2", "×1"),
              (Series(t("chart.wins"), tuple(by_round)),)),
        Chart("bonus", t("chart.bonus_week"), "lines", t("chart.week"), t("chart.bonus"),
              tuple(_short(monday, t) for monday, _ in weeks),
              (Series(t("chart.bonus"), tuple(sum(game.bonus for game in week) for _, week in weeks)),)),
        Chart("hint", t("chart.hint"), "bars", "", t("chart.games"), (t("chart.without_hint"), t("chart.with_hint")),
              (Series(t("chart.played"), (len(plain), len(hinted))),
               Series(t("chart.won"), (sum(1 for g in plain if g.won), sum(1 for g in hinted if g.won))))),
    ]


def kabalam_charts(matches: Sequence[Any], t: Translate, seat_name: Callable[[str], str]) -> list[Chart]:
    """KABALAM: matches won by the level of the opponents (the strongest computer at the table), the
    points a hand in each match (yours: South's), and the last match's score chart: every seat's total
    after each hand, the 101 line, and who closed each hand.

    >>> from kabale.web.text.i18n import translate
    >>> from kabale.web.storage.history import MatchPlayed
    >>> en = lambda key, **v: translate("en", key, **v)
    >>> m = MatchPlayed("2026-12-02", 9, True, ("you", "hard"), ((3, 40), (20, 70)), ("S", ""))
    >>> levels, points, score = kabalam_charts([m], en, {"S": "You", "W": "West"}.get)
    >>> levels.categories, [s.values for s in levels.series]
    (('Easy', 'Normal', 'Hard', 'Expert', 'People'), [(0, 0, 1, 0, 0), (0, 0, 1, 0, 0)])
    >>> points.series[0].values, score.series, score.notes, score.rule
    ((11.5,), (Series(name='You', values=(3, 23)), Series(name='West', values=(40, 110))), ('You', '–'), 101)
    """
    levels = ("easy", "normal", "hard", "expert", "person")

    def level_of(match: Any) -> str:
        kinds = [kind for kind in match.kinds[1:] if kind in levels[:4]]
        return max(kinds, key=levels.index) if kinds else "person"

    charts = [
        Chart("levels", t("chart.by_level"), "bars", t("chart.level"), t("chart.matches"),
              tuple(t(f"chart.level.{level}") for level in levels),
              (Series(t("chart.played"), tuple(sum(1 for m in matches if level_of(m) == level) for level in levels)),
               Series(t("chart.won"), tuple(sum(1 for m in matches if level_of(m) == level and m.won)
                                            for level in levels)))),
        Chart("points", t("chart.points_hand"), "lines", t("chart.match"), t("chart.points"),
              tuple(_short(datetime.date.fromisoformat(m.day), t) for m in matches[-WEEKS:]),
              (Series(t("chart.points_yours"), tuple(sum(hand[0] for hand in m.hands) / len(m.hands) if m.hands else None
                                                     for m in matches[-WEEKS:])),)),
    ]
    if matches:
        last = matches[-1]
        charts.append(score_chart(last.seats, last.totals_after(), last.closers, t, seat_name))
    return charts


def score_chart(seats: Sequence[str], after: Sequence[Sequence[int]], closers: Sequence[str], t: Translate,
                seat_name: Callable[[str], str], title: str = "") -> Chart:
    """A match's score chart: every seat's total after each hand (``after``), the 101 line, and who
    closed each hand (a seat, or "" for none)."""
    return Chart(
        "score", title or t("chart.score"), "lines", t("chart.hand"), t("chart.total"),
        tuple(str(number) for number in range(1, len(after) + 1)),
        tuple(Series(seat_name(seat) or seat, tuple(totals[index] for totals in after)) for index, seat in enumerate(seats)),
        rule=101, rule_label="101", notes=tuple(seat_name(closer) or "–" if closer else "–" for closer in closers))
