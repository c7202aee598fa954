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
        'if game == "patience" or name in ("kabalam",) or record == DOUBLE_H or isinstance(g, Match):\n    pass\n')
    assert count(tmp_path) == {"cli": {"name": 3, "class": 1}}
