"""Statistics you can see and their travels (issue 31, items 3 and 4), in CPython as in the worker:
the charts' points, labels and legends for a seeded history; the export's file; an import that
refuses a malformed, oversized or foreign file and keeps what was there, or merges a good one."""

from __future__ import annotations

import datetime
import json
from typing import Any

import pytest

from app_driver import app_alone  # noqa: F401 (an autouse fixture: a loop of its own, no page left)
from kabale.web.app import start
from kabale.web.local_storage import Boot
from kabale.web.page import PAGE
from kabale.web.storage.history import History, Matches, MatchPlayed, Played
from kabale.web.storage.saved import PatienceStats
from kabale.web.storage.transfer import MAX_FILE_BYTES, export_text
from kabale.web.views.charts import Chart, Series, layout

NOON = datetime.datetime(2026, 12, 2, 12, tzinfo=datetime.timezone.utc).timestamp() * 1000


def record(name: str, data: Any) -> str:
    return json.dumps({"app": "kabale", "schema": 1, "name": name, "revision": 1, "data": data})


def seeded() -> dict[str, str]:
    """Three weeks of Patience Kabalam, two Double H games (one with the Hint), one KABALAM match."""
    patience = History(tuple(Played(day, number, won, 30, left=0 if won else left) for number, (day, won, left) in enumerate(
        [("2026-11-16", True, 0), ("2026-11-17", False, 2), ("2026-11-24", False, 5), ("2026-12-01", True, 0),
         ("2026-12-02", True, 0)])))
    double_h = History((Played("2026-12-01", 1, True, 200, round=2, bonus=2, hinted=True),
                        Played("2026-12-02", 2, False, 150, round=3)))
    matches = Matches((MatchPlayed("2026-12-02", 9, True, ("you", "hard", "easy"),
                                   ((3, 40, 12), (20, 70, 0), (5, 10, 95)), ("S", "", "N")),))
    return {
        "kabale:settings": record("settings", {"language": "en"}),
        "kabale:history:patience": record("history:patience", patience.to_dict()),
        "kabale:stats:patience": record("stats:patience", {"played": 5, "won": 3, "streak": 2, "best_streak": 2}),
        "kabale:history:double-h": record("history:double-h", double_h.to_dict()),
        "kabale:stats:double-h": record("stats:double-h", {"played": 2, "won": 1, "weighted": 2, "by_round": [0, 1, 0],
                                                           "streak": 0, "best_streak": 1}),
        "kabale:history:kabalam": record("history:kabalam", matches.to_dict()),
    }


def drawing(search: str, items: dict[str, str] | None = None) -> tuple[Any, list[dict[str, str]]]:
    """The app opened at ``search``; the screen's drawing as elements (tag and attributes)."""
    app = start(Boot(storage=seeded() if items is None else items, now_ms=NOON, search=search))
    renders = [command for command in PAGE.take() if command[0] == "render"]
    out: list[dict[str, str]] = []

    def walk(node: Any) -> None:
        node = getattr(node, "drawn", node)
        if not isinstance(node, (list, tuple)) or not node or not isinstance(node[0], str):
            return
        flat = node[1]
        out.append({"tag": node[0], **{str(flat[i]): str(flat[i + 1]) for i in range(0, len(flat), 2)}})
        for child in node[2:]:
            walk(child)

    walk(json.loads(json.dumps(renders[-1][2], default=lambda value: getattr(value, "drawn", None))))
    return app, out


def test_patience_charts_have_a_point_a_week_labels_a_legend_and_the_same_numbers_as_a_table() -> None:
    _, nodes = drawing("?stats=patience")
    titles = [node["text"] for node in nodes if node["tag"] == "figcaption"]
    assert titles == ["Games and wins, week by week", "Win rate, week by week", "Cards left at the end"]
    svgs = [index for index, node in enumerate(nodes) if node["tag"] == "svg"]
    assert len(svgs) == 3 and all(nodes[index]["aria-hidden"] == "true" for index in svgs)
    # three weeks: six bars (played and won), three points on the rate's line, labelled by their Mondays
    assert len([node for node in nodes if node["tag"] == "rect"]) == 6 + 6  # and the cards left: 0..5
    assert len([node for node in nodes if node["tag"] == "circle"]) == 3
    labels = [node["text"] for node in nodes if node.get("class") == "chart-text chart-label"]
    assert labels[:3] == ["16 Nov", "23 Nov", "30 Nov"] and labels[3:6] == ["16 Nov", "23 Nov", "30 Nov"]
    legend = [node for node in nodes if node["tag"] == "ul" and node.get("class") == "chart-legend"]
    assert len(legend) == 1  # only the chart with two series has a legend
    cells = [node["text"] for node in nodes if node["tag"] == "td"]
    assert cells[:6] == ["2", "1", "1", "0", "2", "2"]  # played, won: week by week
    assert cells[6:9] == ["50%", "0%", "100%"]
    axes = [node for node in nodes if node.get("class") == "chart-text chart-title"]
    assert [node["text"] for node in axes][:2] == ["Week of", "Games"]
    assert [node["text"] for node in nodes if node.get("class") == "stats-summary"] == [
        "Played 5, won 3, streak 2, best streak 2"]
    assert len([node for node in nodes if node.get("class", "").startswith("daily-day ")]) == 30  # the daily deals


def test_double_h_and_kabalam_charts() -> None:
    _, nodes = drawing("?stats=double-h")
    cells = [node["text"] for node in nodes if node["tag"] == "td"]
    assert cells[:3] == ["0", "1", "0"]  # wins by round: ×3, ×2, ×1
    assert "Games with and without the Hint" in [node["text"] for node in nodes if node["tag"] == "figcaption"]
    _, nodes = drawing("?stats=kabalam")
    score = [node for node in nodes if node["tag"] == "polyline"]
    assert len(score) == 3  # each seat's total after each hand (one match: a lone point for your points a hand)
    assert len([node for node in nodes if node["tag"] == "circle"]) == 1 + 3 * 3
    rule = [node for node in nodes if node.get("class") == "chart-text chart-rule"]
    assert [node["text"] for node in rule] == ["101"]
    notes = [node["text"] for node in nodes if node.get("class") == "chart-text chart-note"]
    assert notes == ["You", "–", "North"]  # who closed each hand
    assert [node["text"] for node in nodes if node.get("class") == "stats-summary"] == [
        "Played 1, won 1, streak 1, best streak 1"]


def test_a_chart_s_bars_stand_on_its_axis_and_reach_their_value() -> None:
    chart = Chart("c", "t", "bars", "x", "y", ("a", "b"), (Series("s", (5, 10)),))
    bars = [mark.values for mark in layout(chart).marks if mark.shape == "bar"]
    (x1, y1, _, h1), (x2, y2, _, h2) = bars
    assert y1 + h1 == pytest.approx(y2 + h2)  # the same floor: the x axis
    assert h2 == pytest.approx(2 * h1) and x2 > x1


def test_the_export_is_a_file_of_every_record_of_statistics() -> None:
    app, _ = drawing("?stats=patience")
    app.export_statistics()
    downloads = [command for command in PAGE.take() if command[0] == "download"]
    assert len(downloads) == 1 and downloads[0][1] == "kabale-statistics-2026-12-02.json"
    data = json.loads(downloads[0][2])
    assert data["kind"] == "kabale-statistics" and data["version"] == 1
    assert set(data["records"]) == {"stats:patience", "stats:double-h", "history:patience", "history:double-h",
                                    "history:kabalam"}
    assert data["records"]["stats:patience"] == {"played": 5, "won": 3, "streak": 2, "best_streak": 2}


def kept(app: Any) -> dict[str, str | None]:
    return {key: app.store.backend.get(key) for key in seeded()}


@pytest.mark.parametrize("extra, said", [
    ({"text": '{"kind": "kabale-statistics", "version": 1, "records": {'}, "not a statistics file of Kabale"),
    ({"text": "[1, 2, 3]"}, "not a statistics file of Kabale"),
    ({"text": '{"kind": "photos", "records": {}}'}, "not a statistics file of Kabale"),
    ({"oversized": True, "size": MAX_FILE_BYTES + 1}, "far larger"),
    ({"text": " " * (MAX_FILE_BYTES + 1)}, "far larger"),
    ({"text": '{"kind": "kabale-statistics", "version": 9, "records": {}}'}, "newer Kabale"),
    ({"text": json.dumps({"kind": "kabale-statistics", "version": 1, "records": {
        "stats:patience": {"played": 1, "won": 5, "streak": 0, "best_streak": 0}}})}, "do not add up"),
    ({"text": json.dumps({"kind": "kabale-statistics", "version": 1, "records": {"settings": {}}})}, "not a statistics"),
])
def test_a_bad_file_is_refused_with_its_reason_and_nothing_kept_is_lost(extra: dict[str, Any], said: str) -> None:
    app, _ = drawing("?stats=patience")
    before = kept(app)
    app.receive({"type": "import", "extra": extra})
    commands = PAGE.take()
    assert any(said in json.dumps(command, ensure_ascii=False) and "Nothing was changed" in json.dumps(command)
               for command in commands), commands
    assert not [command for command in commands if command[0] == "store"]
    assert kept(app) == before


def test_a_good_file_is_merged_with_what_is_kept() -> None:
    app, _ = drawing("?stats=patience")
    other = History((Played("2026-11-16", 0, True, 30), Played("2026-11-20", 77, True, 12)))  # one game in both
    text = export_text({"history:patience": other, "stats:patience": PatienceStats(9, 9, 9, 9)}, "2026-12-02T12:00:00+00:00")
    app.receive({"type": "import", "extra": {"text": text, "size": len(text)}})
    history = app.store.load("history:patience")
    assert isinstance(history, History)
    assert [game.seed for game in history.games] == [0, 1, 77, 2, 3, 4]  # by day; the game in both once
    assert app.store.load("stats:patience") == PatienceStats(9, 9, 9, 9)  # the counters that saw more games
    assert app.store.load("history:kabalam") is not None  # a record the file did not carry is kept
