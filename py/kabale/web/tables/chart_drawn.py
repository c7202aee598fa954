"""A chart drawn: SVG from the marks kabale.web.views.charts lays out, with its legend and its table.

Drawing only (the statistics screen, and KABALAM's score chart at the end of each hand): the
picture is for the eye and hidden from screen readers, whose table under it holds the same numbers.
"""

from __future__ import annotations

from ..dom import Element, h
from ..views.charts import HEIGHT, WIDTH, Chart, layout

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
