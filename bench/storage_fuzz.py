"""Bad saved data, and whether Kabale survives each payload with the good data kept.

For every record the page keeps (settings, the KABALAM match, the patience, the
Double H game, both statistics) this makes payloads that a crash, an old
version, another app or a full disk could leave behind: truncated JSON, wrong
types, huge values, illegal moves, older and newer versions, another app's
data. Each is put in storage beside one good record of every other kind, and
read through kabale.web.storage.store with the real validators. Survived means: no
exception, the payload reported and set aside under a backup key, every other
record read back unchanged, and another app's key untouched.

tests/unit/test_storage_fuzz.py asserts every payload survives; this prints
the figure for the closing note. Usage: python3 bench/storage_fuzz.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from kabale.games.double_h.rules import DoubleH  # noqa: E402
from kabale.games.kabalam.match import Match  # noqa: E402
from kabale.games.patience.rules import Patience  # noqa: E402
from kabale.web.storage.saved import (  # noqa: E402
    DOUBLE_H, DOUBLE_H_STATS, KABALAM, PATIENCE, PATIENCE_STATS, SETTINGS, VALIDATORS, DoubleHStats, PatienceStats,
    SavedDoubleH, SavedMatch, SavedPatience, TablePlan,
)
from kabale.web.storage.settings import Settings  # noqa: E402
from kabale.web.storage.store import PREFIX, MemoryBackend, Store  # noqa: E402


def good_records() -> dict[str, Any]:
    """One valid record of each kind, as the page saves them (a few moves in)."""
    match = Match.start(5, seats=2)
    for _ in range(3):
        match.apply(match.legal_moves()[0])
    patience = Patience.deal(7)
    patience.apply(patience.legal_moves()[0])
    double_h = DoubleH.deal(9)
    double_h.apply(double_h.legal_moves()[0])
    return {
        SETTINGS: Settings(language="da", memory_aid=True).to_dict(),
        KABALAM: SavedMatch(TablePlan.default(2), match).to_dict(),
        PATIENCE: SavedPatience(patience).to_dict(),
        PATIENCE_STATS: PatienceStats(4, 2, 1, 2).to_dict(),
        DOUBLE_H: SavedDoubleH(double_h, vetted_s=0.4).to_dict(),
        DOUBLE_H_STATS: DoubleHStats(3, 2, 5, (1, 1, 0), 2, 2).to_dict(),
    }


def envelope(name: str, data: Any, **changes: Any) -> str:
    record = {"app": "kabale", "schema": 1, "name": name, "revision": 2, "data": data, **changes}
    return json.dumps(record)


def bad_payloads(name: str, good: Any) -> Iterator[tuple[str, str]]:
    """(label, raw text) pairs that must not be read as the record ``name``."""
    whole = envelope(name, good)
    yield "truncated JSON", whole[: len(whole) // 2]
    yield "truncated by one byte", whole[:-1]
    yield "empty", ""
    yield "not JSON", "lorem ipsum"
    yield "a JSON string", json.dumps(whole)
    yield "null", "null"
    yield "a number", "12"
    yield "data is null", envelope(name, None)
    yield "data is a list", envelope(name, [good])
    yield "data is text", envelope(name, "hello")
    yield "another app's record", envelope(name, good, app="some-other-app")
    yield "another record's name", envelope("something-else", good)
    yield "an older version (0)", envelope(name, good, schema=0)
    yield "a newer version", envelope(name, good, schema=99)
    yield "a version as text", envelope(name, good, schema="1")
    yield "a huge record", envelope(name, {**good, "padding": "x" * 2_100_000}) if isinstance(good, dict) else "x" * 2_100_001
    yield "deep nesting", "[" * 50_000 + "]" * 50_000
    if isinstance(good, dict):
        for key, value in good.items():
            if isinstance(value, (dict, list, int, str)) and not isinstance(value, bool) and key != "name":
                yield f"{key} of the wrong type", envelope(name, {**good, key: {"wrong": True} if not isinstance(value, dict) else 7})
            if isinstance(value, int) and not isinstance(value, bool):
                yield f"{key} negative", envelope(name, {**good, key: -5})
                yield f"{key} huge", envelope(name, {**good, key: 10**30})
        game = good.get("game") or good.get("match")
        if isinstance(game, dict):
            key = "game" if "game" in good else "match"
            if key == "match":  # a match keeps the moves of each hand
                hands = [dict(hand) for hand in game["hands"]]
                hands[-1]["moves"] = list(hands[-1]["moves"]) + ["double 9+9 on 4"]
                yield "an illegal move appended", envelope(name, {**good, key: {**game, "hands": hands}})
            else:
                yield "an illegal move appended", envelope(name, {**good, key: {**game, "moves": list(game["moves"]) + ["nonsense move"]}})
            yield "a game of another kind", envelope(name, {**good, key: {**game, "game": "chess"}})
            yield "a game of an older format", envelope(name, {**good, key: {**game, "version": 0}})


def survive(name: str, raw: str, goods: dict[str, Any]) -> bool:
    """Whether the store survives ``raw`` under ``name`` with everything else kept.

    Settings are read field by field (a bad field falls back to its default and the
    good ones are kept): for them a repaired record that keeps every good field
    counts as survived too."""
    items = {PREFIX + other: envelope(other, data) for other, data in goods.items() if other != name}
    items[PREFIX + name] = raw
    items["other-app:theme"] = "dark"
    store = Store(MemoryBackend(items), validators=dict(VALIDATORS), clock=lambda: 1000.0)
    try:
        loaded = store.load(name)
    except Exception:
        return False
    problems = store.take_problems()
    if name == SETTINGS and isinstance(loaded, Settings) and not problems:
        data = json.loads(raw)["data"]
        repaired = loaded.to_dict()
        if not all(repaired[key] == value for key, value in data.items() if goods[SETTINGS].get(key) == value):
            return False
    elif loaded is not None or len(problems) != 1 or problems[0].backup_key is None:
        return False
    elif store.backend.get(problems[0].backup_key) != raw[:2_000_000]:
        return False
    for other, data in goods.items():
        if other == name:
            continue
        value = store.load(other)
        if value is None or json.dumps(value.to_dict(), sort_keys=True) != json.dumps(data, sort_keys=True):
            return False
    return store.backend.get("other-app:theme") == "dark" and not store.take_problems()


def run() -> tuple[int, int, list[str]]:
    goods = good_records()
    tried, failed = 0, []
    for name, good in goods.items():
        for label, raw in bad_payloads(name, good):
            tried += 1
            if not survive(name, raw, goods):
                failed.append(f"{name}: {label}")
    return tried - len(failed), tried, failed


if __name__ == "__main__":
    survived, tried, failed = run()
    print(json.dumps({"bad_payloads_survived": survived, "tried": tried, "failed": failed}, indent=2))
