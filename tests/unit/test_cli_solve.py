"""`python -m kabale solve`: JSON for one deal and for a range of deals."""

from __future__ import annotations

import json

import pytest

from kabale.cli import main
from kabale.games.double_h.rules import DoubleH


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main(["solve", *argv]) == 0
    data: dict[str, object] = json.loads(capsys.readouterr().out)
    return data


def test_solve_one_deal_prints_the_result_the_moves_as_text_the_states_and_the_seconds(
        capsys: pytest.CaptureFixture[str]) -> None:
    data = run(capsys, "--game", "double-h", "--seed", "3", "--budget-s", "20", "--budget-states", "60000")
    assert data["result"] == "won" and data["seed"] == 3 and data["mode"] == "thoughtful"
    assert isinstance(data["states"], int) and isinstance(data["seconds"], float)
    moves = data["moves"]
    assert isinstance(moves, list) and DoubleH.replay(3, moves).is_won()


def test_solve_a_range_of_deals_prints_counts_and_the_win_rate_with_its_interval(
        capsys: pytest.CaptureFixture[str]) -> None:
    data = run(capsys, "--game", "double-h", "--seeds", "1-3", "--budget-s", "20", "--budget-states", "60000")
    assert data["count"] == 3 and data["seeds"] == "1-3"
    assert data["won"] == 3 and data["proved_lost"] == 0 and data["unknown"] == 0
    assert data["win_rate"] == 1.0 and data["interval_95"] == [pytest.approx(0.4385, abs=1e-3), 1.0]


def test_an_honest_solve_says_how_many_stock_orders_it_sampled(capsys: pytest.CaptureFixture[str]) -> None:
    data = run(capsys, "--seed", "6", "--mode", "honest", "--samples", "2", "--budget-states", "20000")
    assert data["mode"] == "honest" and data["samples"] == 2


@pytest.mark.parametrize("argv", [
    ["--seeds", "5-3"], ["--seeds", "x"], ["--seed", "-1"], ["--seed", "1", "--seeds", "1-2"], [],
    ["--seed", "1", "--game", "kabalam"], ["--seed", "1", "--budget-s", "0"],
])
def test_bad_arguments_are_refused_with_a_usage_error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as raised:
        main(["solve", *argv])
    assert raised.value.code == 2 and "error" in capsys.readouterr().err
