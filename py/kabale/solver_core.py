"""The solvers' common ground: the answers (Verdict, Hint, the two modes) and the thoughtful searches.

Why a module of its own: the honest solvers of each game
(:mod:`kabale.games.double_h.solver_honest`, :mod:`kabale.games.patience.solver_honest`) build on
the thoughtful search of a position, and :mod:`kabale.solver`, which answers for any game, calls
them. When they imported these from :mod:`kabale.solver`, the two imported each other: a ring
(issue 29; tests/unit/test_layers.py fails on any). Now both stand on this module, and
:mod:`kabale.solver` names its values again for those who import them from there.

*Thoughtful* knows the order of the stock (Double H) or the face-down cards and the draw pile
(Patience Kabalam), as the cards were shuffled; every winning line it answers is replayed
through the engine before it is given.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Generic, Sequence, TypeVar

from kabale.games.double_h.core import Action, Model, State
from kabale.games.double_h.rules import DoubleH, Move, Position
from kabale.games.double_h.solver import Macro, Space
from kabale.games.kabala.rules import Move as PatienceMove, Options, how_many
from kabale.games.patience.rules import Patience, PatienceObservation, PatiencePosition
from kabale.games.patience.solver import Model as PatienceModel, Space as PatienceSpace
from kabale.solver_search import LOST, WON, Budget, search

__all__ = ["THOUGHTFUL", "HONEST", "DEFAULT_SAMPLES", "Verdict", "Hint", "solve_position", "solve_patience",
           "describe_patience", "safe_move"]

THOUGHTFUL, HONEST = "thoughtful", "honest"
DEFAULT_SAMPLES = 8
M = TypeVar("M")  # the game's move: Double H's or Patience Kabalam's


@dataclass(frozen=True)
class Verdict(Generic[M]):
    """The answer for one position. In honest mode ``status`` is "won" (or
    "lost") only when every sampled stock order agreed; ``moves`` are a
    winning line (thoughtful mode, or the first won sample in honest mode)."""

    status: str
    moves: tuple[M, ...]
    states: int
    seconds: float
    mode: str = THOUGHTFUL
    samples: int = 1
    won_samples: int = 0
    lost_samples: int = 0
    best_line: tuple[M, ...] = ()  # unknown, thoughtful: the line that got furthest (a best guess)

    @property
    def winnable(self) -> bool | None:
        return {WON: True, LOST: False}.get(self.status)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "result": self.status,
            "mode": self.mode,
            "moves": [str(move) for move in self.moves],
            "states": self.states,
            "seconds": round(self.seconds, 3),
        }
        if self.mode == HONEST:
            data.update(samples=self.samples, won_samples=self.won_samples, lost_samples=self.lost_samples)
        return data


@dataclass(frozen=True)
class Hint(Generic[M]):
    """The best next move (None when no move can win), in words, and why. ``aim`` is the round
    whose win the advice aims at where a win's worth depends on its round (Double H's bonus:
    a win in round 1 counts 3, in round 2 two, in round 3 one); 0 where it does not."""

    move: M | None
    text: str
    mode: str
    verdict: Verdict[M]
    support: str
    aim: int = 0


def _budget(seconds: float | None, states: int | None) -> Budget:
    if seconds is None and states is None:
        seconds = 2.0
    return Budget(states=states, seconds=seconds)


def _expand(space: Space, root: State, actions: Sequence[Macro]) -> list[Action]:
    """The moves a line of search actions stands for (class parkings included)."""
    steps: list[Action] = []
    state = root
    for action in actions:
        state, more = space.play_steps(state, action)
        steps.extend(more)
    return steps


def _check_line(position: Position, moves: Sequence[Move]) -> None:
    """Replay a winning line through the engine: the solver's promise."""
    game = DoubleH(position.places, position.stock, position.waste, position.round)
    for move in moves:
        game.apply(move)  # raises IllegalMove if the solver and the rules disagree
    if not game.is_won():
        raise AssertionError("the solver's winning line does not win")


def solve_position(position: Position, budget_s: float | None = 2.0, budget_states: int | None = None,
                   seed: int = 0) -> Verdict[Move]:
    """Thoughtful mode: won (with the moves) / lost / unknown within the budget."""
    started = time.perf_counter()
    model, state = Model.from_position(position)
    space = Space(model)
    root = space.root(state)
    restart_space = Space(model, reduce=False)
    outcome = search(space, root, _budget(budget_s, budget_states), seed=seed,
                     restarts=(restart_space, state), progress=restart_space.progress)
    moves: tuple[Move, ...] = ()
    if outcome.status == WON:
        if outcome.from_restart:
            steps = _expand(restart_space, state, outcome.actions)
        else:
            steps = _root_path(space, state) + _expand(space, root, outcome.actions)
        moves = tuple(model.to_move(step) for step in steps)
        _check_line(position, moves)
    best = tuple(model.to_move(step) for step in _expand(restart_space, state, outcome.best_line))
    return Verdict(outcome.status, moves, outcome.states, time.perf_counter() - started, best_line=best)


def _root_path(space: Space, state: State) -> list[Action]:
    """The parkings from a position to its representative (the complete search's root)."""
    steps: list[Action] = []
    for value in range(1, 14):
        state, more = space.canonical(state, value)
        steps.extend(more)
    return steps


def solve_patience(game: Patience | PatiencePosition, budget_s: float | None = 2.0,
                   budget_states: int | None = None, options: Options | None = None,
                   seed: int = 0) -> Verdict[PatienceMove]:
    """Thoughtful mode for Patience Kabalam: won (with the moves, replayed
    through the engine before answering) / lost (the complete search ran
    out: proved) / unknown within the budget. A position is played with
    ``options`` (default: none); a game with its own."""
    started = time.perf_counter()
    if isinstance(game, PatiencePosition):
        game = Patience.from_position(game, options or Options())
    elif options is not None and options != game.options:
        raise ValueError(f"the game is played with {game.options}, not {options}")
    result = game.result()
    if result is not None:  # the rules have decided already
        return Verdict(WON if result.won else LOST, (), 0, time.perf_counter() - started)
    model, state = PatienceModel.from_game(game)
    space = PatienceSpace(model)
    outcome = search(space, state, _budget(budget_s, budget_states), seed=seed, complete_share=0.5,
                     progress=space.progress)
    moves = tuple(model.to_move(action) for action in outcome.actions) if outcome.status == WON else ()
    if outcome.status == WON:
        _check_patience_line(game, moves)
    best = tuple(model.to_move(action) for action in outcome.best_line)
    return Verdict(outcome.status, moves, outcome.states, time.perf_counter() - started, best_line=best)


def _check_patience_line(game: Patience, moves: Sequence[PatienceMove]) -> None:
    """Replay a winning line through the engine: the solver's promise."""
    replay = game.copy()
    for move in moves:
        replay.apply(move)  # raises IllegalMove if the solver and the rules disagree
    result = replay.result()
    if result is None or not result.won:
        raise AssertionError("the solver's winning line does not win")


def describe_patience(game: Patience | PatienceObservation, move: PatienceMove) -> str:
    """A patience move in words, for hints: "play two 4s on packet 2"."""
    if move.kind == "bare":
        return f"play {how_many(len(move.values), move.values[0])} on packet {move.packet}"
    if move.kind == "double":
        return f"play the Double {move.values[0]} + {move.values[1]} on packet {move.packet}"
    drawn = "the last card" if game.draw_pile_size == 1 else "2 cards"
    if move.kind == "pass":
        return f"flip packet {move.packet} and draw {drawn}"
    return f"draw {drawn}"


def safe_move(game: DoubleH) -> Move | None:
    """A build proved safe here (RULES.md section 5, Double H), or None: what the
    table's "automatic safe moves" plays. It needs no knowledge of the stock."""
    if game.is_over():
        return None
    model, state = Model.from_game(game)
    forced, _ = Space(model).scored(state)
    return None if forced is None else Model.to_move(forced)
