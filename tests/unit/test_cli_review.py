"""Issue 16: `python -m kabale review RECORD.json` and `simulate --record FILE`."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from kabale.bots.coach import evaluate
from kabale.bots.review import review_kabalam
from kabale.cards import new_rng
from kabale.cli import main
from kabale.games.kabalam.hand import KabalamHand

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "release_1"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, Any, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, json.loads(captured.out) if captured.out.strip() else None, captured.err


def simulated(tmp_path: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> Path:
    path = tmp_path / "game.json"
    status, summary, _ = run(capsys, "simulate", "--games", "2", "--seed", "3", *extra, "--record", str(path))
    assert status == 0 and summary["record"] == str(path)
    return path


def test_simulate_writes_the_first_games_record_and_review_reads_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = simulated(tmp_path, capsys, "--hands", "--seats", "3", "--bots", "normal")
    record = json.loads(path.read_text())
    hand = KabalamHand.from_dict(record)
    assert hand.is_over() and record["seed"] == 3  # the first game, as dealt and played
    status, review, err = run(capsys, "review", str(path), "--worlds", "30")
    assert status == 0, err
    assert review["game"] == "kabalam" and review["seats_reviewed"] == ["S"]
    decisions = review["decisions"]
    assert decisions and all(d["seat"] == "S" and d["choices"] > 1 for d in decisions)
    moves = record["moves"]
    for decision in decisions:
        assert moves[decision["move_number"] - 1].split(" with ")[0] in (decision["made"], moves[decision["move_number"] - 1])
        assert decision["cost"] >= 0
        if decision["made"] == decision["hard"]:
            assert decision["cost"] == 0  # the hard computer's own choice costs nothing
    # the three costliest charged (beyond the sampling noise) are marked, in order, and nothing else is
    assert all(d["charged"] == (d["cost"] > d["noise"]) for d in decisions)
    costs = sorted((d["cost"] for d in decisions if d["charged"]), reverse=True)[:3]
    marked = sorted((d for d in decisions if d["costliest"]), key=lambda d: d["costliest"])
    assert [d["cost"] for d in marked] == costs
    assert [d["costliest"] for d in marked] == list(range(1, len(costs) + 1))
    assert review["costliest"] == [{"hand": d["hand"], "move_number": d["move_number"], "cost": d["cost"]} for d in marked]


def test_a_match_record_reviews_every_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = simulated(tmp_path, capsys, "--seats", "2", "--bots", "normal")
    status, review, err = run(capsys, "review", str(path), "--worlds", "8")
    assert status == 0, err
    hands = {d["hand"] for d in review["decisions"]}
    assert len(json.loads(path.read_text())["hands"]) == max(hands) >= 2


def test_a_saved_table_reviews_its_people(capsys: pytest.CaptureFixture[str]) -> None:
    """A release-1 copy of the storage: the hot-seat table's people are South and West."""
    status, review, err = run(capsys, "review", str(FIXTURES / "kabalam-3-seats-hot-seat.json"), "--worlds", "10")
    assert status == 0, err
    assert review["seats_reviewed"] == ["S", "W"] and review["seats_from"] == "the people in the record"
    assert {d["seat"] for d in review["decisions"]} == {"S", "W"}


def test_the_hard_choice_costs_nothing_in_every_sampled_world() -> None:
    """The review's cost is a paired difference over the same worlds: the hard choice costs 0."""
    hand = KabalamHand.deal(8, seats=3)
    rng = random.Random(2)
    while not hand.is_over():
        observation = hand.observation(hand.turn or "")
        if len(observation.legal_moves) > 1:
            evaluation = evaluate(observation, new_rng("x"), 12)
            assert evaluation.cost(evaluation.best) == 0
            hand.apply(evaluation.best if hand.turn == "S" else rng.choice(observation.legal_moves))
        else:
            hand.apply(observation.legal_moves[0])
    review = review_kabalam(hand, None, worlds=12)
    assert review["decisions"] and review["matched_hard"] >= 1
    for decision in review["decisions"]:
        assert (decision["cost"] == 0) >= (decision["made"] == decision["hard"])


@pytest.mark.parametrize("content, words", [
    ("{not json", "cannot read"),
    ("[1, 2]", "a saved game is a JSON object"),
    ('{"game": "chess"}', "not 'chess'"),
    ('{"game": "kabalam", "seed": 3, "seats": ["S", "W"], "moves": ["fly away"]}', "cannot read"),
    ('{"plan": {"seats": 7}, "match": {}}', "lists its seats"),
])
def test_bad_input_is_a_clear_error_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, words: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    status, out, err = run(capsys, "review", str(path))
    assert status == 1 and out is None
    assert words in err and "Traceback" not in err


def test_a_missing_file_and_a_double_h_exit_with_a_reason(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "review", str(tmp_path / "none.json"))
    assert status == 1 and "cannot read" in err
    status, out, err = run(capsys, "review", str(FIXTURES / "double-h-round-2.json"))
    assert status == 2 and out is None and "Double H has no review yet" in err


def test_review_runs_as_a_module_without_a_traceback(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"game": "kabalam-match", "seed": 1}')
    done = subprocess.run([sys.executable, "-m", "kabale", "review", str(path)], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parents[2] / "py", timeout=60)
    assert done.returncode == 1 and "review: cannot read" in done.stderr and "Traceback" not in done.stderr
