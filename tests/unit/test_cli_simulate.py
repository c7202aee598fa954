"""`python -m kabale simulate`: bots play, a JSON summary comes out."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from kabale.cli import main

ROOT = Path(__file__).resolve().parents[2]


def simulate(capsys: pytest.CaptureFixture[str], *arguments: str) -> dict[str, Any]:
    assert main(["simulate", *arguments]) == 0
    summary: dict[str, Any] = json.loads(capsys.readouterr().out)
    return summary


def test_simulate_kabalam_matches_summarises_hands_endings_scores_and_winners(capsys: pytest.CaptureFixture[str]) -> None:
    summary = simulate(capsys, "--game", "kabalam", "--seats", "4", "--games", "6", "--seed", "3")
    assert summary["game"] == "kabalam" and summary["unit"] == "match" and summary["games"] == 6
    assert summary["hands"] >= 6
    assert sum(summary["endings"].values()) == summary["hands"]
    assert set(summary["endings"]) == {"closed", "one_seat_left", "all_passed"}
    assert 2 * summary["hands"] <= summary["hand_scores"]["count"] <= 4 * summary["hands"]  # seats leave
    assert sum(summary["hand_scores"]["histogram"].values()) == summary["hand_scores"]["count"]
    assert 6 <= sum(summary["winners"].values()) <= 6 + summary["shared_titles"] * 3
    assert summary["mean_moves_per_hand"] > 1


def test_simulate_is_reproducible_from_its_seed(capsys: pytest.CaptureFixture[str]) -> None:
    first = simulate(capsys, "--seats", "3", "--games", "4", "--seed", "9")
    second = simulate(capsys, "--seats", "3", "--games", "4", "--seed", "9")
    other = simulate(capsys, "--seats", "3", "--games", "4", "--seed", "10")
    for summary in (first, second, other):
        del summary["seconds"]
    assert first == second and first != other


def test_simulate_single_hands(capsys: pytest.CaptureFixture[str]) -> None:
    summary = simulate(capsys, "--seats", "2", "--games", "20", "--hands", "--compounded-doubles")
    assert summary["unit"] == "hand" and summary["hands"] == 20 and "winners" not in summary
    assert summary["options"] == {"compounded_doubles": True, "free_yield": False}
    assert summary["hand_scores"]["count"] == 40


def test_simulate_patience_reports_the_win_rate_of_the_random_player(capsys: pytest.CaptureFixture[str]) -> None:
    summary = simulate(capsys, "--game", "patience", "--games", "200", "--seed", "1", "--free-yield")
    assert summary["games"] == 200 and sum(summary["results"].values()) == 200
    assert summary["wins"] == summary["results"]["endowment_empty"]
    assert summary["win_rate"] == round(summary["wins"] / 200, 4)
    assert summary["options"]["free_yield"] is True


def test_simulate_refuses_an_impossible_table() -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--seats", "5"])
    with pytest.raises(SystemExit):
        main(["simulate", "--games", "-1"])


def test_python_dash_m_kabale_simulate_runs_as_a_command() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
    done = subprocess.run([sys.executable, "-m", "kabale", "simulate", "--game", "patience", "--games", "3"],
                          capture_output=True, text=True, env=env, check=True)
    assert json.loads(done.stdout)["games"] == 3


def test_simulate_seats_several_bots_in_turn_and_gives_win_rates_with_intervals(
    capsys: pytest.CaptureFixture[str],
) -> None:
    summary = simulate(capsys, "--game", "kabalam", "--bots", "hard,normal", "--seats", "2", "--matches", "6",
                       "--seed", "5", "--playouts", "40")
    assert summary["bots"] == ["hard", "normal"] and summary["unit"] == "match" and summary["games"] == 6
    rates = summary["win_rates"]
    assert set(rates) == {"hard", "normal"}
    assert rates["hard"]["games"] == rates["normal"]["games"] == 6
    assert rates["hard"]["wins"] + rates["normal"]["wins"] == pytest.approx(6)
    for rate in rates.values():
        low, high = rate["interval95"]
        assert 0 <= low <= rate["rate"] <= high <= 1
    again = simulate(capsys, "--game", "kabalam", "--bots", "hard,normal", "--seats", "2", "--matches", "6",
                     "--seed", "5", "--playouts", "40")
    del summary["seconds"], again["seconds"]
    assert again == summary


def test_simulate_four_seats_of_mixed_bots_by_hand(capsys: pytest.CaptureFixture[str]) -> None:
    summary = simulate(capsys, "--bots", "easy,normal,hard,random", "--seats", "4", "--games", "8", "--hands",
                       "--playouts", "20", "--free-yield")
    assert set(summary["win_rates"]) == {"easy", "normal", "hard", "random"}
    assert sum(rate["wins"] for rate in summary["win_rates"].values()) == pytest.approx(8)
    assert set(summary["mean_points_per_hand"]) == {"easy", "normal", "hard", "random"}


def test_simulate_refuses_unknown_bots_and_a_bot_without_budget() -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--bots", "hard,grandmaster"])
    with pytest.raises(SystemExit):
        main(["simulate", "--bots", "hard", "--playouts", "0"])


def test_a_player_who_follows_the_patience_hint_wins_with_an_interval(capsys: pytest.CaptureFixture[str]) -> None:
    summary = simulate(capsys, "--game", "patience", "--bot", "hint", "--games", "4", "--seed", "11")
    assert summary["bot"] == "hint" and summary["games"] == 4 and summary["hint_states"] == 3000
    assert sum(summary["results"].values()) == 4 and summary["wins"] == summary["results"].get("endowment_empty", 0)
    low, high = summary["interval95"]
    assert low <= summary["win_rate"] <= high
    again = simulate(capsys, "--game", "patience", "--bot", "hint", "--games", "4", "--seed", "11")
    assert {**again, "seconds": 0} == {**summary, "seconds": 0}


def test_a_player_who_follows_the_double_h_hint(capsys: pytest.CaptureFixture[str]) -> None:
    summary = simulate(capsys, "--game", "double-h", "--bot", "hint", "--games", "1", "--seed", "1",
                       "--hint-states", "300")
    assert summary["game"] == "double-h" and sum(summary["results"].values()) == 1
    assert set(summary["results"]) <= {"won", "lost", "unfinished"} and summary["mean_moves"] > 50


def test_the_double_h_summary_gives_the_mean_bonus_and_the_wins_by_round(capsys: pytest.CaptureFixture[str]) -> None:
    # a win counts its round's bonus (3, 2, 1): the mean score is the bonus a deal, the wins split by round
    summary = simulate(capsys, "--game", "double-h", "--bot", "hint", "--games", "2", "--seed", "3",
                       "--hint-states", "2000")
    by_round = summary.get("wins_by_round", {})
    assert summary["wins"] and sum(by_round.values()) == summary["wins"] and set(by_round) <= {"1", "2", "3"}
    assert summary["mean_score"] == sum((4 - int(r)) * n for r, n in by_round.items()) / summary["games"]
    low, high = summary["score_interval95"]
    assert low <= summary["mean_score"] <= high


def test_the_hint_player_plays_the_patiences_only() -> None:
    with pytest.raises(SystemExit, match="not kabalam"):
        main(["simulate", "--game", "kabalam", "--bot", "hint", "--games", "1"])
    with pytest.raises(SystemExit, match="by --bot hint only"):
        main(["simulate", "--game", "double-h", "--bot", "random", "--games", "1"])
