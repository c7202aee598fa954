"""`python -m kabale replay FILE`: a game record in, the final state out; exit 2 at an illegal move."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest

from kabale.cli import main
from kabale.games.kabala.rules import Options
from kabale.games.kabalam.hand import KabalamHand
from kabale.games.patience.rules import Patience


def record_file(tmp_path: Path, record: object) -> str:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return str(path)


def played_hand(seed: int = 4) -> KabalamHand:
    hand = KabalamHand.deal(seed, seats=3, options=Options(free_yield=True))
    rng = random.Random(seed)
    for _ in range(30):
        hand.apply(rng.choice(hand.legal_moves()))
    return hand


def replay(capsys: pytest.CaptureFixture[str], path: str) -> tuple[int, dict[str, Any], str]:
    status = main(["replay", path])
    captured = capsys.readouterr()
    return status, json.loads(captured.out) if captured.out else {}, captured.err


def test_replay_prints_the_final_state_of_a_kabalam_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hand = played_hand()
    record = {"game": "kabalam", "seed": 4, "seats": 3, "options": {"free_yield": True},
              "moves": [str(move) for move in hand.moves]}
    status, output, _ = replay(capsys, record_file(tmp_path, record))
    assert status == 0
    assert output["moves_applied"] == 30 and output["state"] == hand.snapshot()


def test_replay_reads_a_stored_game_as_a_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hand = played_hand(5)
    status, output, _ = replay(capsys, record_file(tmp_path, hand.to_dict()))
    assert status == 0 and output["state"] == hand.snapshot()


def test_replay_of_a_patience(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = Patience.deal(8)
    game.play_out(random.Random(8))
    record = {"game": "patience", "seed": 8, "moves": [str(move) for move in game.moves]}
    status, output, _ = replay(capsys, record_file(tmp_path, record))
    assert status == 0 and output["state"] == game.snapshot() and output["state"]["over"]


def test_replay_stops_at_the_first_illegal_move_with_status_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hand = KabalamHand.deal(4, seats=2)
    first = str(hand.legal_moves()[0])
    record = {"game": "kabalam", "seed": 4, "seats": 2, "moves": [first, "pass flip 1", "yield"]}
    hand.apply(first)
    status, output, error = replay(capsys, record_file(tmp_path, record))
    assert status == 2
    assert output["illegal_move"] == "pass flip 1" and output["move_number"] == 2
    assert output["reason"] == "pass_after_play" and output["state"] == hand.snapshot()
    assert "move 2 (pass flip 1)" in error


def test_replay_of_garbage_move_text_is_an_illegal_move(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, output, _ = replay(capsys, record_file(tmp_path, {"game": "patience", "seed": 1, "moves": ["jump"]}))
    assert status == 2 and output["reason"] == "bad_move_text"


@pytest.mark.parametrize("record", [[1, 2], {"game": "chess"}, {"game": "kabalam", "seed": -4},
                                    {"game": "kabalam", "seed": 1, "moves": "yield"},
                                    {"game": "patience", "seed": 1, "options": {"jokers": True}}])
def test_an_unreadable_record_exits_with_status_1(tmp_path: Path, capsys: pytest.CaptureFixture[str], record: object) -> None:
    status, _, error = replay(capsys, record_file(tmp_path, record))
    assert status == 1 and "cannot read" in error


def test_a_missing_or_broken_file_exits_with_status_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert replay(capsys, str(tmp_path / "nowhere.json"))[0] == 1
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    assert replay(capsys, str(broken))[0] == 1


def test_replay_reads_stdin_for_a_dash(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps({"game": "kabalam", "seed": 2, "moves": []})))
    status, output, _ = replay(capsys, "-")
    assert status == 0 and output["state"]["seats"] == ["S", "W", "N", "E"]


def test_replay_of_a_double_h_game_won_along_the_solver_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from kabale.games.double_h.rules import DoubleH
    from kabale.solver import solve_seed

    solution = solve_seed(1, budget_s=10)
    assert solution.status == "won"
    record = {"game": "double-h", "seed": 1, "moves": [str(move) for move in solution.moves]}
    status, output, _ = replay(capsys, record_file(tmp_path, record))
    game = DoubleH.replay(1, solution.moves)
    assert status == 0 and output["state"] == game.snapshot()
    assert output["state"]["result"]["outcome"] == "won" and output["state"]["result"]["wins"] == game.result().wins
    assert all(place["frame"] == "complete" for place in output["state"]["places"].values())


def test_replay_of_a_stored_double_h_game_stops_at_an_illegal_move(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from kabale.games.double_h.rules import DoubleH

    game = DoubleH.deal(3)
    game.apply("draw")
    record = game.to_dict()
    record["moves"] = ["draw", "next round"]  # the stock is not empty: no next round yet
    status, output, error = replay(capsys, record_file(tmp_path, record))
    assert status == 2 and output["move_number"] == 2 and output["state"] == game.snapshot()
    assert output["reason"] and "next round" in error
