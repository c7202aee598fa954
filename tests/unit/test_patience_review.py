"""Issue 16: the review of a game of Patience Kabalam (kabale.games.patience.solver_review), on the honest hint."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from kabale.cards import new_rng
from kabale.cli import main
from kabale.games import GAMES
from kabale.games.patience.solver_review import review_patience
from kabale.games.patience.rules import Patience
from kabale.games.patience.solver_honest import MoveWins, honest_hint, move_wins
from kabale.noise import paired_noise

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "release_1"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, Any, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, json.loads(captured.out) if captured.out.strip() else None, captured.err


def simulated(tmp_path: Path, capsys: pytest.CaptureFixture[str], bot: str, seed: int) -> Path:
    path = tmp_path / "patience.json"
    status, summary, err = run(capsys, "simulate", "--game", "patience", "--bot", bot, "--games", "1",
                               "--seed", str(seed), "--record", str(path))
    assert status == 0 and summary["record"] == str(path), err
    return path


def test_a_random_players_game_is_reviewed_and_its_costliest_marked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = simulated(tmp_path, capsys, "random", 7)
    record = json.loads(path.read_text())
    status, review, err = run(capsys, "review", str(path), "--worlds", "8", "--states", "500")
    assert status == 0, err
    assert review["game"] == "patience" and review["worlds_per_decision"] == 8 and review["states_per_search"] == 500
    game = Patience.from_dict(record)
    replay = Patience.from_dict({**record, "moves": [], "redo": []})
    decisions = {d["move_number"]: d for d in review["decisions"]}
    for number, move in enumerate(game.moves, start=1):  # every position with a choice, and only those
        choices = len(replay.legal_moves())
        assert (number in decisions) == (choices > 1)
        if number in decisions:
            decision = decisions[number]
            assert decision["made"] == str(move) and decision["choices"] == choices
            assert 0 <= decision["cost"] <= 1
            assert decision["cost"] == round(decision["win_chance_hint"] - decision["win_chance_made"], 4)
            assert decision["cost"] * 8 == int(decision["cost"] * 8)  # counted in whole worlds of 8
            if decision["made"] == decision["hint"]:
                assert decision["cost"] == 0 and decision["noise"] == 0  # the hint's own move costs nothing
            assert decision["charged"] == (decision["cost"] > decision["noise"])
        replay.apply(move)
    costs = sorted((d["cost"] for d in review["decisions"] if d["charged"]), reverse=True)
    # a random player pays for her moves, though mostly at one decisive move: the small costs are
    # 1-2 worlds of 8, within the noise (tests/e2e/test_patience_review_table.py marks three)
    assert costs and any(0 < d["cost"] and not d["charged"] for d in review["decisions"])
    assert review["total_cost"] == round(sum(costs), 4)
    assert review["as_good"] == sum(not d["charged"] for d in review["decisions"])
    marked = sorted((d for d in review["decisions"] if d["costliest"]), key=lambda d: d["costliest"])
    assert [d["cost"] for d in marked] == costs[:3]
    assert [d["costliest"] for d in marked] == list(range(1, min(3, len(costs)) + 1))
    assert review["costliest"] == [{"move_number": d["move_number"], "cost": d["cost"]} for d in marked]
    assert review["matched_hint"] == sum(d["made"] == d["hint"] for d in review["decisions"])
    # reproducible: the same record and seed give the same review
    again = run(capsys, "review", str(path), "--worlds", "8", "--states", "500")[1]
    assert again == review


def test_the_hints_own_game_costs_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A game played by the honest hint: every move the review's hint agrees with costs 0."""
    path = simulated(tmp_path, capsys, "hint", 0)
    status, review, err = run(capsys, "review", str(path), "--worlds", "8", "--states", "1000")
    assert status == 0, err
    assert review["result"] == {"won": True, "reason": "endowment_empty"} and review["decisions"]
    assert review["matched_hint"] >= 1
    assert all(d["cost"] == 0 for d in review["decisions"] if d["made"] == d["hint"])


def test_the_hints_choice_is_the_counted_best_and_costs_zero_in_the_same_worlds() -> None:
    """The review and the hint count wins alike: the same worlds give the hint's move, whose cost is 0."""
    game = Patience.deal(11)
    observation = game.observation()
    assert len(observation.legal_moves) > 1
    counted = move_wins(observation, 8, 1000, new_rng("patience-hint:0"))
    assert counted.best == honest_hint(observation, 8, 1000, seed=0).move
    assert max(counted.wins.values()) == counted.wins[counted.best]
    review = review_patience(Patience.from_dict({**game.to_dict(), "moves": [str(counted.best)]}), worlds=8,
                             states=1000)
    assert [d["move_number"] for d in review["decisions"]] == [1]


def test_a_cost_is_charged_only_beyond_the_sampling_noise() -> None:
    """Costs are counted in worlds of 16, and the best is the best of noisy counts: a move that loses
    1-3 worlds the best wins is within the noise (as the Hint's own move could be in another
    sample); one that loses 4 and wins none back is charged, as is a loss in every world."""
    legal = tuple(Patience.deal(11).legal_moves())[:2]
    best, other = legal

    def counted(only_best: int, both: int) -> MoveWins:
        won = [frozenset({best})] * only_best + [frozenset(legal)] * both
        won += [frozenset()] * (16 - len(won))
        return MoveWins(legal, Counter({best: only_best + both, other: both}), Counter(), 16, 0, 0, tuple(won))

    for lost, charged in ((1, False), (2, False), (3, False), (4, True), (16, True)):
        wins = counted(lost, 16 - lost)
        assert wins.best == best and wins.cost(best) == 0 and not wins.charged(best)
        assert wins.cost(other) == lost / 16
        assert wins.charged(other) == charged, lost
    # a world the move made wins and the best loses offsets one the best wins: 5 against 1 is noise
    won = (frozenset({best}),) * 5 + (frozenset({other}),) + (frozenset(),) * 10
    mixed = MoveWins(legal, Counter({best: 5, other: 1}), Counter(), 16, 0, 0, won)
    assert mixed.cost(other) == 0.25 and not mixed.charged(other)
    assert paired_noise([1.0]) == 0.0 and paired_noise([1.0] * 16) == 0.0


def test_the_worlds_each_move_won_add_up_to_its_wins() -> None:
    counted = move_wins(Patience.deal(10).observation(), 8, 1000, new_rng("patience-hint:0"))
    assert len(counted.won) == 8 and set().union(*counted.won) <= set(counted.legal)
    for move in counted.legal:
        assert counted.wins[move] == sum(move in won for won in counted.won)


@pytest.mark.parametrize("name", ["patience.json", "patience-compounded.json"])
def test_release_1_saved_patiences_are_reviewed(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, review, err = run(capsys, "review", str(FIXTURES / name), "--worlds", "4", "--states", "300")
    assert status == 0, err
    saved = json.loads((FIXTURES / name).read_text())["expect"]["record"]
    assert review["game"] == "patience" and review["deal"] == saved["seed"]
    assert all(1 <= d["move_number"] <= len(saved["moves"]) for d in review["decisions"])


def test_the_registry_names_the_patiences_review_and_kabalam_refuses_a_state_cap() -> None:
    assert GAMES["patience"].review is not None and GAMES["double-h"].review is None
    with pytest.raises(ValueError, match="at least 1 world"):
        review_patience(Patience.deal(1), worlds=0)
    kabalam = GAMES["kabalam"]
    assert kabalam.review is not None
    with pytest.raises(ValueError, match="no cap of states"):
        kabalam.review(kabalam.deal(1), None, 4, 0, 100)


def test_each_review_refuses_another_games_record() -> None:
    """The patience's own reader refuses a Double H game; the KABALAM review takes a match or a lone
    hand (both give their hand records) and refuses a patience."""
    from kabale.bots.review import review_kabalam
    from kabale.games.kabalam.match import Match

    with pytest.raises(ValueError, match="not a Patience Kabalam game"):
        review_patience(GAMES["double-h"].deal(1))
    with pytest.raises(ValueError, match="takes a match or a hand, not Patience"):
        review_kabalam(Patience.deal(1), worlds=1)  # type: ignore[arg-type]
    hand = GAMES["kabalam"].deal(1)
    assert hand.hand_records == [hand.to_dict()]
    match = Match.start(1, seats=2)
    assert match.hand_records == [match.hand.to_dict()]
