"""Games, settings and statistics saved by release 1 (f4a9417) and release 2 (559ad41, before
issue 31) resume exactly.

The fixtures in tests/fixtures/release_1/ and release_2/ are what those releases wrote into
localStorage, with what its engine did next (see make_fixtures.py there). Here
today's code reads the same raw storage through the page's own store and
validators, and must find the same position, the same legal moves and, move
after move (undo and redo included), the same positions. A record must also
save back unchanged, so a player who opens an old game and leaves it loses
nothing. If one of these fails, the change broke saved games: fix the code,
never the fixture.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from kabale.games.double_h.rules import DoubleH
from kabale.games.kabalam.match import Match
from kabale.games.patience.rules import Patience
from kabale.web.storage.saved import (
    DOUBLE_H_STATS, PATIENCE_STATS, SETTINGS, VALIDATORS, DoubleHStats, PatienceStats, SavedDoubleH, SavedMatch,
    SavedPatience,
)
from kabale.web.storage.settings import Settings
from kabale.web.storage.store import PREFIX, MemoryBackend, Store

ROOT = Path(__file__).resolve().parents[1] / "fixtures"
#: Each release's folder of fixtures and its commit.
RELEASES = {"release_1": "f4a9417", "release_2": "559ad41"}
GAMES = [f"{folder}/{path.stem}" for folder in RELEASES for path in sorted((ROOT / folder).glob("*.json"))
         if path.stem != "settings-and-statistics"]


def fixture(name: str) -> dict[str, Any]:
    """A fixture by "release_n/name" (a bare name is release 1's)."""
    folder, _, stem = name.rpartition("/")
    folder = folder or "release_1"
    data: dict[str, Any] = json.loads((ROOT / folder / f"{stem}.json").read_text(encoding="utf-8"))
    assert data["release"] == RELEASES[folder]
    return data


def store_of(storage: dict[str, str]) -> Store:
    return Store(MemoryBackend(dict(storage)), validators=dict(VALIDATORS))


def stored_data(storage: dict[str, str], record: str) -> Any:
    return json.loads(storage[PREFIX + record])["data"]


def texts(moves: Any) -> list[str]:
    return [str(move) for move in moves]


def test_every_game_and_record_has_a_fixture() -> None:
    for folder in RELEASES:
        names = {fixture(name)["record"] for name in GAMES if name.startswith(folder + "/")}
        assert names == {"kabalam", "patience", "double-h"}
    assert len(GAMES) >= 12


def match_state(match: Match) -> dict[str, Any]:
    assert match.hand is not None
    return {"hand_number": match.hand_number, "totals": match.totals, "in_match": list(match.in_match),
            "results": [r.to_dict() for r in match.results], "hand": match.hand.snapshot()}


def play(game: Any, step: str, *, next_hand: bool = False) -> None:
    if step in ("undo", "redo"):
        getattr(game, step)()
    elif step == "next hand" and next_hand:
        game.next_hand()
    else:
        game.apply(step)


@pytest.mark.parametrize("name", GAMES)
def test_a_saved_game_resumes_exactly(name: str) -> None:
    data = fixture(name)
    storage, record, expect = data["storage"], data["record"], data["expect"]
    store = store_of(storage)
    saved = store.load(record)
    assert store.take_problems() == []
    kind = {"kabalam": SavedMatch, "patience": SavedPatience, "double-h": SavedDoubleH}[record]
    assert isinstance(saved, kind)
    # It saves back exactly as it was stored: nothing in the record is lost or changed.
    assert saved.to_dict() == stored_data(storage, record)
    if isinstance(saved, SavedMatch):
        game: Any = saved.match
        state = lambda: match_state(game)  # noqa: E731
    else:
        game = saved.game
        state = game.snapshot
    assert game.to_dict() == expect["record"]
    assert state() == expect["state"]
    assert texts(game.legal_moves()) == expect["legal"]
    if "can_undo" in expect:
        undo = game.can_undo() if isinstance(game, DoubleH) else game.can_undo
        redo = game.can_redo() if isinstance(game, DoubleH) else game.can_redo
        assert (undo, redo) == (expect["can_undo"], expect["can_redo"])
    assert expect["then"], "a fixture goes on from where it was saved"
    for number, step in enumerate(expect["then"], start=1):
        play(game, step["do"], next_hand=isinstance(game, Match))
        assert texts(game.legal_moves()) == step["legal"], f"after step {number} ({step['do']})"
        assert state() == step["snapshot"], f"after step {number} ({step['do']})"
    if isinstance(game, Patience):
        result = game.result()
        assert (None if result is None else result.to_dict()) == expect["result"]


@pytest.mark.parametrize("name", GAMES)
def test_a_saved_game_written_again_by_the_page_reads_back_the_same(name: str) -> None:
    data = fixture(name)
    store = store_of(data["storage"])
    saved = store.load(data["record"])
    assert store.save(data["record"], saved.to_dict())
    again = store_of(store.backend.items).load(data["record"])  # type: ignore[attr-defined]
    assert again.to_dict() == stored_data(data["storage"], data["record"])


@pytest.mark.parametrize("folder", list(RELEASES))
def test_settings_and_statistics_read_back_as_saved(folder: str) -> None:
    data = fixture(f"{folder}/settings-and-statistics")
    storage, expect = data["storage"], data["expect"]
    store = store_of(storage)
    settings = store.load(SETTINGS)
    patience = store.load(PATIENCE_STATS)
    double_h = store.load(DOUBLE_H_STATS)
    assert store.take_problems() == []
    assert isinstance(settings, Settings) and settings != Settings()
    assert isinstance(patience, PatienceStats) and isinstance(double_h, DoubleHStats)
    for record, value in ((SETTINGS, settings), (PATIENCE_STATS, patience), (DOUBLE_H_STATS, double_h)):
        saved = stored_data(storage, record)
        assert expect[record] == saved
        now = value.to_dict()
        # every field saved then reads back as it was; a setting added since (the card back)
        # takes its default, so the player's own choices are all kept
        assert {name: now[name] for name in saved} == saved
        added = {name: now[name] for name in set(now) - set(saved)}
        if record == SETTINGS:
            assert added == {name: value for name, value in Settings().to_dict().items() if name in added}
            if folder == "release_1":
                assert "theme" in added and settings.theme == "auto"  # release 1 had no theme: it follows the system
        else:
            assert added == {}
    # The statistics go on counting from where they were.
    assert patience.record(True).played == patience.played + 1
    assert double_h.record(True, 2, 2).weighted == double_h.weighted + 2
