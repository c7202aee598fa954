"""Saved data survives anything (kabale.web.storage.store): versioned, validated, set aside, never lost."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from kabale.web.storage.store import BACKUP_PREFIX, PREFIX, SCHEMA, MemoryBackend, Store


def game_validator(data: Any) -> dict[str, Any]:
    """Stands for an engine's from_dict: a seed and a list of move texts."""
    if not isinstance(data, dict) or not isinstance(data.get("seed"), int) or isinstance(data.get("seed"), bool):
        raise ValueError("no seed")
    moves = data.get("moves")
    if not isinstance(moves, list) or not all(isinstance(move, str) for move in moves):
        raise ValueError("bad moves")
    return data


GOOD = {"seed": 7, "moves": ["draw", "pass flip 2"]}


def make_store(items: dict[str, str] | None = None, **backend_args: Any) -> Store:
    clock = iter(range(1000, 100000))
    return Store(MemoryBackend(items, **backend_args), validators={"game": game_validator}, clock=lambda: next(clock))


def envelope(data: Any, *, schema: int = SCHEMA, revision: int = 1, name: str = "game", app: str = "kabale") -> str:
    return json.dumps({"app": app, "schema": schema, "name": name, "revision": revision, "data": data})


def test_a_saved_record_loads_back() -> None:
    store = make_store()
    assert store.save("game", GOOD)
    assert make_store(store.backend.items).load("game") == GOOD  # type: ignore[attr-defined]


def test_nothing_saved_loads_as_none_without_a_problem() -> None:
    store = make_store()
    assert store.load("game") is None
    assert store.take_problems() == []


def test_records_are_versioned_json_under_the_kabale_prefix() -> None:
    store = make_store()
    store.save("game", GOOD)
    raw = json.loads(store.backend.get(PREFIX + "game") or "")
    # "at": when it was written, by the store's clock (the home says "yesterday" of a saved game)
    assert raw == {"app": "kabale", "schema": SCHEMA, "name": "game", "revision": 1, "data": GOOD, "at": 1000}
    assert store.saved_at("game") == 1000
    fresh = make_store()
    fresh.backend = store.backend
    assert fresh.load("game") == GOOD and fresh.saved_at("game") == 1000


def test_each_save_raises_the_revision() -> None:
    store = make_store()
    store.save("game", GOOD)
    store.save("game", {**GOOD, "moves": []})
    assert json.loads(store.backend.get(PREFIX + "game") or "")["revision"] == 2


def test_migrations_run_in_order_from_an_older_schema(monkeypatch: pytest.MonkeyPatch) -> None:
    import kabale.web.storage.store as store_module

    monkeypatch.setattr(store_module, "SCHEMA", 3)
    store = make_store({PREFIX + "game": envelope({"seed": 3, "moveList": ["draw"]}, schema=1)})
    store.migrations[1] = lambda data: {"seed": data["seed"], "moves": data["moveList"]}
    store.migrations[2] = lambda data: {**data, "moves": data["moves"] + ["yield"]}
    assert store.load("game") == {"seed": 3, "moves": ["draw", "yield"]}


BAD_PAYLOADS: dict[str, str] = {
    "truncated JSON": envelope(GOOD)[:-7],
    "empty string": "",
    "not JSON at all": "hello, world",
    "a bare number": "42",
    "null": "null",
    "a list": "[1, 2, 3]",
    "a JSON string": json.dumps(envelope(GOOD)),
    "another app's object": envelope(GOOD, app="solitaire-pro"),
    "no app field": json.dumps({"schema": 1, "name": "game", "revision": 1, "data": GOOD}),
    "another record's name": envelope(GOOD, name="settings"),
    "schema as text": json.dumps({"app": "kabale", "schema": "1", "name": "game", "revision": 1, "data": GOOD}),
    "schema zero": envelope(GOOD, schema=0),
    "negative revision": envelope(GOOD, revision=-4),
    "boolean revision": json.dumps({"app": "kabale", "schema": 1, "name": "game", "revision": True, "data": GOOD}),
    "a newer version": envelope(GOOD, schema=SCHEMA + 5),
    "data of the wrong type": envelope(["seed", 7]),
    "seed as text": envelope({"seed": "7", "moves": []}),
    "moves not a list": envelope({"seed": 7, "moves": "draw"}),
    "a move that is a number": envelope({"seed": 7, "moves": ["draw", 3]}),
    "huge value": envelope({"seed": 7, "moves": ["x" * 2_100_000]}),
    "deeply nested": '{"a":' * 100_000 + "1" + "}" * 100_000,
    "NaN and Infinity": '{"app": "kabale", "schema": NaN, "name": "game", "revision": Infinity, "data": {}}',
    "binary garbage": "\x00\x01\x02\xff\ufffd",
    "a JavaScript object": "[object Object]",
    "an HTML payload": "<img src=x onerror=alert(1)>",
}


@pytest.mark.parametrize("label", sorted(BAD_PAYLOADS))
def test_a_bad_payload_is_reported_set_aside_and_the_rest_kept(label: str) -> None:
    raw = BAD_PAYLOADS[label]
    items = {
        PREFIX + "game": raw,
        PREFIX + "settings": envelope({"language": "da"}, name="settings"),
        "theme": "dark",  # another app's key
    }
    store = make_store(items)
    assert store.load("game") is None
    problems = store.take_problems()
    assert len(problems) == 1 and problems[0].name == "game"
    assert problems[0].key in ("store.corrupt", "store.newer")
    backup = problems[0].backup_key
    assert backup is not None and backup.startswith(BACKUP_PREFIX + "game:")
    assert store.backend.get(backup) == raw[:2_000_000]
    assert store.backend.get(PREFIX + "game") is None
    # the rest is kept, and another app's key is untouched
    assert store.load("settings") == {"language": "da"}
    assert store.backend.get("theme") == "dark"
    # and play goes on: a fresh game saves and loads
    assert store.save("game", GOOD) and store.load("game") == GOOD


def test_at_least_twenty_bad_payloads_are_tried() -> None:
    assert len(BAD_PAYLOADS) >= 20


def test_a_newer_version_is_reported_as_newer() -> None:
    store = make_store({PREFIX + "game": envelope(GOOD, schema=SCHEMA + 1)})
    store.load("game")
    assert [p.key for p in store.take_problems()] == ["store.newer"]


def test_a_full_quota_is_reported_once_and_play_goes_on_in_memory() -> None:
    store = make_store(quota_chars=400)
    assert store.save("game", GOOD)
    big = {"seed": 7, "moves": ["draw"] * 200}
    assert not store.save("game", big)
    assert not store.save("game", {**big, "seed": 8})
    assert [p.key for p in store.take_problems()] == ["store.full"]
    assert store.load("game") == {**big, "seed": 8}  # the unsaved game is still played
    assert store.unsaved == ("game",)  # what a reload would lose (the update offer asks first)
    assert store.save("game", GOOD)  # room again: saving resumes
    assert store.unsaved == ()
    assert make_store(store.backend.items).load("game") == GOOD  # type: ignore[attr-defined]


def test_setting_aside_works_even_when_storage_is_full() -> None:
    raw = "x" * 300
    store = make_store({PREFIX + "game": raw}, quota_chars=340)
    assert store.load("game") is None
    backup = store.take_problems()[0].backup_key
    assert backup is not None and store.backend.get(backup) == raw


def test_a_bad_record_with_no_room_to_set_aside_is_kept_and_never_overwritten() -> None:
    raw = "x" * 300
    store = make_store({PREFIX + "game": raw}, quota_chars=320)
    assert store.load("game") is None
    assert store.take_problems()[0].backup_key is None
    assert store.backend.get(PREFIX + "game") == raw
    assert not store.save("game", GOOD)  # played in memory instead
    assert store.backend.get(PREFIX + "game") == raw
    assert store.load("game") == GOOD


def test_a_second_tab_does_not_overwrite_the_first_tabs_newer_save() -> None:
    shared = MemoryBackend()
    first = Store(shared, validators={"game": game_validator})
    second = Store(shared, validators={"game": game_validator})
    first.save("game", GOOD)
    assert second.load("game") == GOOD
    first.save("game", {**GOOD, "moves": GOOD["moves"] + ["yield"]})
    assert second.is_newer_elsewhere("game")
    assert not second.save("game", {**GOOD, "moves": []})
    assert [p.key for p in second.take_problems()] == ["store.conflict"]
    assert second.load("game")["moves"][-1] == "yield"  # it sees the first tab's move
    assert second.save("game", {**GOOD, "moves": ["draw"]})  # and after reading it may save


def test_the_text_a_tab_wrote_or_read_is_not_parsed_again_to_learn_its_revision(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before each click and each save the store asks whether another tab saved since: storage
    still holding the text this tab wrote (or read) answers no without parsing it; any other
    text is parsed, and a newer revision is still found."""
    import kabale.web.storage.store as store_module

    shared = MemoryBackend()
    first = Store(shared, validators={"game": game_validator})
    second = Store(shared, validators={"game": game_validator})
    first.save("game", GOOD)
    assert second.load("game") == GOOD
    parsed: list[str] = []
    loads = store_module.json.loads

    def counted(text: str) -> Any:
        parsed.append(text)
        return loads(text)

    monkeypatch.setattr(store_module.json, "loads", counted)
    assert not first.is_newer_elsewhere("game") and not second.is_newer_elsewhere("game")
    assert first.save("game", {**GOOD, "moves": ["draw"]})
    assert not first.is_newer_elsewhere("game")
    assert parsed == []  # only texts each tab knows: nothing parsed
    assert second.is_newer_elsewhere("game")  # the first tab's save: parsed, and newer
    assert len(parsed) == 1
    # the same data saved again by another tab is a new revision, not the text this tab knows
    third = Store(shared, validators={"game": game_validator})
    assert third.load("game") == {**GOOD, "moves": ["draw"]}
    assert third.save("game", {**GOOD, "moves": ["draw"]})
    assert first.is_newer_elsewhere("game")
    assert not first.save("game", GOOD)
    assert [p.key for p in first.take_problems()] == ["store.conflict"]


def test_storage_that_throws_is_reported_not_a_crash() -> None:
    class Broken(MemoryBackend):
        def get(self, key: str) -> str | None:
            raise PermissionError("SecurityError")

        def set(self, key: str, value: str) -> None:
            raise PermissionError("SecurityError")

    store = Store(Broken())
    assert store.load("game") is None
    assert not store.save("game", GOOD)
    assert store.load("game") == GOOD
    assert {p.key for p in store.take_problems()} == {"store.unavailable"}


def test_writes_refused_are_said_once_and_each_game_stays_playable_in_memory() -> None:
    class ReadOnly(MemoryBackend):
        def set(self, key: str, value: str) -> None:
            raise PermissionError("SecurityError")

    store = Store(ReadOnly({PREFIX + "game": envelope(GOOD)}), validators={"game": game_validator})
    assert store.load("game") == GOOD and not store.refused  # what is stored still reads
    later = {"seed": 7, "moves": ["draw"]}
    for _ in range(3):
        assert not store.save("game", later)
    assert store.save("other", {"a": 1}) is False
    assert store.refused
    assert [p.key for p in store.take_problems()] == ["store.unavailable"]  # once, not once a save
    assert store.load("game") == later and store.load("other") == {"a": 1}
    assert set(store.unsaved) == {"game", "other"}


def test_storage_refused_from_the_start_says_nothing_more_when_saving() -> None:
    store = Store(MemoryBackend(), validators={"game": game_validator}, refused=True)
    assert store.save("game", GOOD) and store.load("game") == GOOD
    assert store.take_problems() == [] and store.refused  # the page's note said it already


@settings(max_examples=300)
@given(st.one_of(st.text(max_size=200), st.binary(max_size=100).map(lambda b: b.decode("latin-1"))))
def test_any_text_under_our_key_never_crashes(raw: str) -> None:
    store = make_store({PREFIX + "game": raw})
    result = store.load("game")
    assert result is None or result == game_validator(result)
    if result is None:
        assert store.take_problems()[0].key in ("store.corrupt", "store.newer")
