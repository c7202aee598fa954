"""kabale.games.GAMES: each game said once, and the command line asks it, not the game's name."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from game_branches import ROOT, branches, count
from kabale.games import GAMES, HONEST, THOUGHTFUL, spec_for_record, spec_of
from kabale.games.kabala.rules import Options
from kabale.games.kabalam.match import Match


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_spec_deals_reads_and_writes_its_game(name: str) -> None:
    spec = GAMES[name]
    rng = random.Random(name)
    game = spec.deal(11, Options())
    assert isinstance(game, spec.game_type) and spec_of(game) is spec
    assert spec_for_record(game.to_dict()) is spec
    assert spec.start(game.to_dict()).to_dict() == game.to_dict()  # a record's start is the deal
    for _ in range(40):
        if game.is_over():
            break
        moves = game.legal_moves()
        for move in moves:  # every move's text reads back as that move
            assert spec.parse_move(spec.format_move(move)) == move
        game.apply(spec.format_move(rng.choice(moves)))
    again = spec.from_dict(game.to_dict())
    assert again.to_dict() == game.to_dict() and again.snapshot() == game.snapshot()


def test_a_match_is_kabalam_and_anything_else_is_refused() -> None:
    assert spec_of(Match.start(3, seats=2)) is GAMES["kabalam"]
    with pytest.raises(ValueError, match="not a game"):
        spec_of("patience")
    with pytest.raises(ValueError, match="kabalam, patience or double-h"):
        spec_for_record({"game": "chess"})


def test_options_and_solver_modes_are_the_games_own() -> None:
    assert [name for name, spec in GAMES.items() if spec.has_options] == ["kabalam", "patience"]
    assert GAMES["double-h"].solver_modes == (THOUGHTFUL, HONEST) and GAMES["kabalam"].solver_modes == ()
    with pytest.raises(ValueError, match="no options"):
        GAMES["double-h"].deal(1, Options(free_yield=True))
    patience = GAMES["patience"]
    with pytest.raises(ValueError, match="thoughtful mode only"):
        patience.solve(patience.deal(1, Options()), mode=HONEST)
    game = patience.deal(1, Options())
    assert patience.hint(game, HONEST).move in game.legal_moves()  # it samples the unseen cards
    with pytest.raises(ValueError, match="has no solver"):
        GAMES["kabalam"].hint(GAMES["kabalam"].deal(1, Options()))
    with pytest.raises(ValueError, match="has no solver"):
        GAMES["kabalam"].solve(GAMES["kabalam"].deal(1, Options()))


def test_the_solver_hook_answers_like_the_solver() -> None:
    from kabale.solver import solve

    spec = GAMES["double-h"]
    game = spec.deal(4, Options())
    ours = spec.solve(game, budget_s=None, budget_states=2000, seed=4)
    theirs = solve(spec.deal(4, Options()), budget_s=None, budget_states=2000, seed=4)
    assert (ours.status, ours.moves, ours.states) == (theirs.status, theirs.moves, theirs.states)


def test_looking_a_game_up_loads_that_games_rules_only() -> None:
    code = ("import sys; from kabale.games import GAMES; GAMES['double-h'].deal(3); "
            "print(sorted(m for m in sys.modules if m.startswith('kabale.')))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                            cwd=ROOT.parents[1], env={"PYTHONPATH": str(ROOT.parent)}).stdout
    assert "kabale.games.double_h.rules" in loaded
    assert not any(name in loaded for name in ("kabale.games.kabalam.hand'", "kabale.games.patience.rules'", "kabale.games.kabalam.match'", "kabale.solver"))


def test_the_command_line_never_branches_on_a_game() -> None:
    found = {str(path.relative_to(ROOT)): branches(path) for path in sorted((ROOT / "cli").glob("*.py"))}
    assert {name: lines for name, lines in found.items() if lines} == {}


def test_the_branch_counter_sees_a_branch(tmp_path: Path) -> None:
    (tmp_path / "cli").mkdir()
    (tmp_path / "cli" / "x.py").write_text(
        'if game == "patience" or name in ("kabalam",) or record == DOUBLE_H or isinstance(g, Match):\n    pass\n'
        'if key == DOUBLE_H_STATS or key != "stats:patience" or type(g) is Patience or issubclass(k, rules.DoubleH):\n'
        '    pass\n'
        'match g:\n    case KabalamHand():\n        pass\n    case "double-h":\n        pass\n')
    assert count(tmp_path) == {"cli": {"name": 6, "class": 4}}


def test_no_layer_branches_on_a_game_outside_the_registry() -> None:
    """Issue 12's measure, pinned at its floor: the solver, the bots and the page ask the registry
    (or a table of their own keyed by the game), not "which game is this?"."""
    assert count() == {}


def test_the_solver_answers_through_each_games_own_side() -> None:
    from kabale import solver

    played = {spec.game_type for spec in GAMES.values() if spec.solver_modes}
    assert set(solver._SIDES) == played  # a game the registry says is solved has its solver side
    kabalam = GAMES["kabalam"].deal(1, Options())
    with pytest.raises(ValueError, match="does not play KabalamHand"):
        solver.solve(kabalam)  # type: ignore[call-overload]
    with pytest.raises(ValueError, match="does not play KabalamHand"):
        solver.hint(kabalam)  # type: ignore[call-overload]


def test_a_winnable_deal_is_one_the_solver_won() -> None:
    spec = GAMES["double-h"]
    drawn: list[int] = []

    def fresh_seed() -> int:
        drawn.append(len(drawn) + 1)
        return drawn[-1]

    seed, seconds = spec.winnable_deal(fresh_seed, budget_s=30.0, per_deal_s=0.6)
    assert seconds is not None and seed == drawn[-1]
    assert spec.solve(spec.deal(seed), budget_s=10.0, seed=seed).status == "won"
    assert spec.winnable_deal(lambda: 77, budget_s=0.0) == (77, None)  # no time: a deal as it falls, unvetted
    with pytest.raises(ValueError, match="has no solver"):
        GAMES["kabalam"].winnable_deal(lambda: 1)
