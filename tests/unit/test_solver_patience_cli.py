"""`python -m kabale solve --game patience`: the same JSON as for Double H."""

from __future__ import annotations

import json

import pytest

from kabale.cli import main
from kabale.games.kabala.rules import Options
from kabale.games.patience.rules import Patience


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main(["solve", "--game", "patience", *argv]) == 0
    data: dict[str, object] = json.loads(capsys.readouterr().out)
    return data


def test_solve_one_deal_prints_the_result_the_moves_as_text_the_states_and_the_seconds(
        capsys: pytest.CaptureFixture[str]) -> None:
    data = run(capsys, "--seed", "14", "--budget-states", "200000")
    assert data["game"] == "patience" and data["seed"] == 14
    assert data["result"] == "won" and data["mode"] == "thoughtful"
    assert isinstance(data["states"], int) and isinstance(data["seconds"], float)
    assert data["options"] == {"compounded_doubles": False, "free_yield": False}
    moves = data["moves"]
    assert isinstance(moves, list) and all(isinstance(move, str) for move in moves)
    game = Patience.deal(14)
    game.replay(moves)
    assert game.result() is not None and game.result().won  # type: ignore[union-attr]


def test_a_proved_loss_prints_lost_and_no_moves(capsys: pytest.CaptureFixture[str]) -> None:
    data = run(capsys, "--seed", "2736")
    assert data["result"] == "lost" and data["moves"] == []


def test_the_options_are_played_and_printed(capsys: pytest.CaptureFixture[str]) -> None:
    data = run(capsys, "--seed", "2736", "--compounded-doubles", "--free-yield")
    assert data["result"] == "won" and data["options"] == {"compounded_doubles": True, "free_yield": True}
    game = Patience.deal(2736, Options(compounded_doubles=True, free_yield=True))
    game.replay(data["moves"])  # type: ignore[arg-type]
    assert game.result() is not None and game.result().won  # type: ignore[union-attr]


def test_solve_a_range_of_deals_prints_counts_and_the_win_rate_with_its_interval(
        capsys: pytest.CaptureFixture[str]) -> None:
    data = run(capsys, "--seeds", "2730-2740", "--budget-states", "200000")
    assert data["count"] == 11 and data["seeds"] == "2730-2740" and data["mode"] == "thoughtful"
    assert data["won"] == 10 and data["proved_lost"] == 1 and data["unknown"] == 0
    assert data["win_rate"] == round(10 / 11, 4) and data["interval_95"] == [pytest.approx(0.6226, abs=1e-3),
                                                                             pytest.approx(0.9838, abs=1e-3)]
    assert data["options"] == {"compounded_doubles": False, "free_yield": False}


@pytest.mark.parametrize("argv", [
    ["--game", "patience", "--seed", "1", "--mode", "honest"],
    ["--game", "double-h", "--seed", "1", "--free-yield"],
    ["--game", "double-h", "--seed", "1", "--compounded-doubles"],
])
def test_what_a_game_does_not_have_is_refused_with_a_usage_error(argv: list[str],
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as raised:
        main(["solve", *argv])
    assert raised.value.code == 2 and "error" in capsys.readouterr().err
