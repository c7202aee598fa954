"""The solvers of Double H and Patience Kabalam: hints, "still winnable?",
win rates, turning points (Double H).

Every answer comes from :func:`kabale.solver_search.search` on the compact
rules of :mod:`kabale.games.double_h.solver` or :mod:`kabale.games.patience.solver`,
within a budget of seconds and/or states, and is one of:

* ``won``: a winning line was found (its moves replay legally through the
  engine: the solver checks them before it answers);
* ``lost``: the complete search ran out of moves: proved;
* ``unknown``: the budget ran out first.

Two modes. *Thoughtful* knows the order of the stock, as the cards were
shuffled. *Honest* uses only what the player has seen: in round 1 the stock's
cards are known (they are the ones not on the table) but not their order, so
it solves ``samples`` orders drawn at random and aggregates; from round 2 on
the player has seen every card in drawing order, and honest is thoughtful.
Each answer says which mode it used. Double H's honest answers, and its honest
hint's plan (see the first round through, then solve), are in
:mod:`kabale.games.double_h.solver_honest`.

Patience Kabalam is solved in thoughtful mode only: it knows the face-down
cards of the Kabala and the order of the draw pile (:func:`solve_patience`;
:func:`solve` and :func:`hint` take either game). Its honest *hint* samples
the unseen cards and solves each world thoughtfully
(:mod:`kabale.games.patience.solver_honest`).
"""

from __future__ import annotations

import math
import statistics
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Generic, Iterable, Sequence, TypeVar, overload

from kabale.games.double_h.rules import DoubleH, Move, MoveKind, Position
from kabale.games.kabala.rules import Move as PatienceMove, Options, how_many
from kabale.games.patience.rules import Patience, PatienceObservation, PatiencePosition
from kabale.games.double_h.core import Action, Model, State
from kabale.games.double_h.solver import Macro, Space
from kabale.games.patience.solver import Model as PatienceModel, Space as PatienceSpace
from kabale.solver_search import LOST, WON, Budget, search

__all__ = [
    "THOUGHTFUL", "HONEST", "Verdict", "Hint", "TurningPoint", "WinRate",
    "solve", "solve_seed", "winnable", "hint", "turning_point", "win_rate", "wilson_interval", "safe_move",
    "solve_patience", "solve_patience_seed", "patience_win_rate",
]

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


@dataclass(frozen=True)
class TurningPoint:
    """Where a lost game was lost: after ``index`` moves the position was
    still winnable (``line`` wins from there), and ``move`` lost it.

    ``status``: "found" (the next position is proved lost), "uncertain" (it
    was not proved lost within the budget), "never winnable" (the deal
    itself is lost), "still winnable" (the last position can still win) or
    "unknown" (the deal could not be decided)."""

    status: str
    index: int | None
    move: Move | None
    line: tuple[Move, ...]
    verdicts: dict[int, str] = field(default_factory=dict)


@dataclass(frozen=True)
class WinRate:
    """Counts over many deals; ``rate`` counts an unknown deal as not won, so
    it and its 95% Wilson interval are a lower bound when unknowns remain."""

    seeds: int
    won: int
    lost: int
    unknown: int
    rate: float
    low: float
    high: float
    seconds: tuple[float, ...]
    states: int

    def to_dict(self) -> dict[str, Any]:
        ordered = sorted(self.seconds)
        return {
            "seeds": self.seeds,
            "won": self.won,
            "proved_lost": self.lost,
            "unknown": self.unknown,
            "win_rate": round(self.rate, 4),
            "interval_95": [round(self.low, 4), round(self.high, 4)],
            "win_rate_of_decided": round(self.won / (self.won + self.lost), 4) if self.won + self.lost else None,
            "median_seconds": round(statistics.median(ordered), 3) if ordered else None,
            "p95_seconds": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 3) if ordered else None,
            "states": self.states,
        }


def wilson_interval(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion.

    >>> [round(x, 3) for x in wilson_interval(95, 100)]
    [0.888, 0.978]
    """
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


# -- thoughtful --------------------------------------------------------------------


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


@overload
def solve(game: DoubleH, budget_s: float | None = 2.0, budget_states: int | None = None,
          mode: str = THOUGHTFUL, samples: int = DEFAULT_SAMPLES, seed: int = 0) -> Verdict[Move]: ...


@overload
def solve(game: Patience, budget_s: float | None = 2.0, budget_states: int | None = None,
          mode: str = THOUGHTFUL, samples: int = DEFAULT_SAMPLES, seed: int = 0) -> Verdict[PatienceMove]: ...


def solve(game: DoubleH | Patience, budget_s: float | None = 2.0, budget_states: int | None = None,
          mode: str = THOUGHTFUL, samples: int = DEFAULT_SAMPLES,
          seed: int = 0) -> Verdict[Move] | Verdict[PatienceMove]:
    """Can the game's present position still be won? (Also "still winnable?")
    Patience Kabalam has the thoughtful mode only (see :func:`solve_patience`).
    The game's own solver side answers (:data:`_SIDES`); ValueError for a game the solver does not play."""
    return _side(game).solve(game, budget_s, budget_states, mode, samples, seed)


def _solve_double_h(game: DoubleH, budget_s: float | None, budget_states: int | None, mode: str, samples: int,
                    seed: int) -> Verdict[Move]:
    """:func:`solve` for Double H: thoughtful, or honest over sampled stock orders."""
    if game.is_won():
        return Verdict(WON, (), 0, 0.0, mode)
    if mode == HONEST:
        return _solve_honest(game, budget_s, budget_states, samples, seed)
    if mode != THOUGHTFUL:
        raise ValueError(f"the mode is {THOUGHTFUL!r} or {HONEST!r}, not {mode!r}")
    return solve_position(game.position(), budget_s, budget_states, seed)


winnable = solve


def solve_seed(seed: int, budget_s: float | None = 2.0, budget_states: int | None = None) -> Verdict[Move]:
    """Thoughtful mode from a deal."""
    return solve_position(DoubleH.deal(seed).start, budget_s, budget_states, seed)


# -- honest ------------------------------------------------------------------------
#
# Double H's honest answers (the sampled stock orders, the hint's plan) live in
# kabale.games.double_h.solver_honest, given the game's observation only.


def _solve_honest(game: DoubleH, budget_s: float | None, budget_states: int | None, samples: int,
                  seed: int) -> Verdict[Move]:
    from kabale.games.double_h.solver_honest import solve_honest

    return solve_honest(game.observation(), budget_s, budget_states, samples, seed)[0]


# -- hints, turning points, win rates ----------------------------------------------------


def _fallback_move(game: DoubleH, verdict: Verdict[Move] | None = None) -> Move | None:
    """When nothing was proved: the first move of the line that got furthest, or else the move
    the search would try first (the honest hint's :func:`~kabale.games.double_h.solver_honest.best_guess`,
    which reads only the table); None when only giving up is left."""
    from kabale.games.double_h.solver_honest import best_guess

    if not any(move.kind is not MoveKind.GIVE_UP for move in game.legal_moves()):
        return None
    return best_guess(game.observation(), verdict)


@overload
def hint(game: DoubleH, mode: str = THOUGHTFUL, budget_s: float | None = 1.0, budget_states: int | None = None,
         samples: int = DEFAULT_SAMPLES, seed: int = 0) -> Hint[Move]: ...


@overload
def hint(game: Patience, mode: str = THOUGHTFUL, budget_s: float | None = 1.0, budget_states: int | None = None,
         samples: int = DEFAULT_SAMPLES, seed: int = 0) -> Hint[PatienceMove]: ...


def hint(game: DoubleH | Patience, mode: str = THOUGHTFUL, budget_s: float | None = 1.0,
         budget_states: int | None = None, samples: int = DEFAULT_SAMPLES,
         seed: int = 0) -> Hint[Move] | Hint[PatienceMove]:
    """The best next move, saying which mode found it and how sure it is.
    Patience Kabalam: thoughtful (:func:`_patience_hint`), or honest from the game's
    observation alone (:mod:`kabale.games.patience.solver_honest`: ``samples`` worlds, each
    search capped at ``budget_states``, 3,000 when not given; ``budget_s`` is not used,
    so that an honest hint is the same on any machine). The game's own solver side answers
    (:data:`_SIDES`); ValueError for a game the solver does not play."""
    return _side(game).hint(game, mode, budget_s, budget_states, samples, seed)


def _hint_double_h(game: DoubleH, mode: str, budget_s: float | None, budget_states: int | None, samples: int,
                   seed: int) -> Hint[Move]:
    """:func:`hint` for Double H."""
    if game.is_over():
        verdict: Verdict[Move] = Verdict(game.result().outcome, (), 0, 0.0, mode)
        return Hint(None, f"The game is over: {game.result().outcome}", mode, verdict, "")
    if mode == THOUGHTFUL:
        verdict = solve(game, budget_s, budget_states, THOUGHTFUL, seed=seed)
        if verdict.status == WON:
            move = verdict.moves[0]
            return Hint(move, game.describe(move), mode, verdict, "it starts a winning line")
        if verdict.status == LOST:
            return Hint(None, "No move can win any more", mode, verdict, "every line was searched")
        guess = _fallback_move(game, verdict)
        text = game.describe(guess) if guess is not None else "No move"
        return Hint(guess, text, mode, verdict, "a best guess: no win was found within the time")
    if mode != HONEST:
        raise ValueError(f"the mode is {THOUGHTFUL!r} or {HONEST!r}, not {mode!r}")
    from kabale.games.double_h.solver_honest import honest_hint as double_h_hint

    # The observation alone: the hint cannot look at the stock's hidden order (samples, states and
    # the seed as given; the table caps it in seconds).
    return double_h_hint(game.observation(), samples, budget_states, seed, budget_s)


def turning_point(seed: int, moves: Sequence[Move | str], budget_s: float | None = 2.0,
                  budget_states: int | None = None) -> TurningPoint:
    """The last position of a game (dealt from ``seed``) that could still be
    won, and the move that lost it. Winnability only ever goes from yes to
    no along a game (a position that can win makes the one before it
    winnable), so a binary search finds the point in a few solves."""
    game = DoubleH.deal(seed)
    positions = [game.position()]
    played: list[Move] = []
    for move in moves:
        game.apply(move)
        played.append(game.history[-1])
        if game.history[-1].kind is not MoveKind.GIVE_UP:
            positions.append(game.position())
    played = [move for move in played if move.kind is not MoveKind.GIVE_UP]
    verdicts: dict[int, Verdict[Move]] = {}

    def verdict(index: int) -> Verdict[Move]:
        if index not in verdicts:
            verdicts[index] = solve_position(positions[index], budget_s, budget_states, seed)
        return verdicts[index]

    def summary() -> dict[int, str]:
        return {index: v.status for index, v in sorted(verdicts.items())}

    last = len(positions) - 1
    if verdict(last).status == WON:
        return TurningPoint("still winnable", None, None, verdict(last).moves, summary())
    first = verdict(0)
    if first.status != WON:
        status = "never winnable" if first.status == LOST else "unknown"
        return TurningPoint(status, None, None, (), summary())
    low, high = 0, last  # low: proved winnable; high: not proved winnable
    while high - low > 1:
        middle = (low + high) // 2
        if verdict(middle).status == WON:
            low = middle
        else:
            high = middle
    status = "found" if verdict(high).status == LOST else "uncertain"
    return TurningPoint(status, low, played[low], verdict(low).moves, summary())


def win_rate(seeds: Iterable[int], budget_s: float | None = 2.0, budget_states: int | None = None) -> WinRate:
    """Thoughtful mode over many deals (one process; see the CLI for more)."""
    verdicts = [solve_seed(seed, budget_s, budget_states) for seed in seeds]
    return summarize(verdicts)


def summarize(verdicts: Sequence[Verdict[Any]]) -> WinRate:
    won = sum(v.status == WON for v in verdicts)
    lost = sum(v.status == LOST for v in verdicts)
    low, high = wilson_interval(won, len(verdicts))
    return WinRate(len(verdicts), won, lost, len(verdicts) - won - lost, won / len(verdicts) if verdicts else 0.0,
                   low, high, tuple(v.seconds for v in verdicts), sum(v.states for v in verdicts))


# -- Patience Kabalam (thoughtful) --------------------------------------------------
#
# Thoughtful mode knows the face-down cards of the Kabala and the order of the
# draw pile: the full state of a deal, or of a Patience game in play. The
# search runs on the compact rules of :mod:`kabale.games.patience.solver`.

KNOWS_EVERYTHING = "thoughtful: it knows the face-down cards and the order of the draw pile"


def _solve_patience_game(game: Patience, budget_s: float | None, budget_states: int | None, mode: str,
                         samples: int, seed: int) -> Verdict[PatienceMove]:
    """:func:`solve` for Patience Kabalam: thoughtful only (``samples`` is not used)."""
    _thoughtful_only(mode)
    return solve_patience(game, budget_s, budget_states, seed=seed)


def _hint_patience_game(game: Patience, mode: str, budget_s: float | None, budget_states: int | None,
                        samples: int, seed: int) -> Hint[PatienceMove]:
    """:func:`hint` for Patience Kabalam: thoughtful, or honest from the game's observation alone."""
    if mode == HONEST:
        from kabale.games.patience.solver_honest import DEFAULT_STATES, honest_hint

        return honest_hint(game.observation(), samples, budget_states or DEFAULT_STATES, seed)
    _thoughtful_only(mode)
    return _patience_hint(game, budget_s, budget_states, seed)


def _thoughtful_only(mode: str) -> None:
    if mode != THOUGHTFUL:
        raise ValueError(f"Patience Kabalam is solved in the {THOUGHTFUL!r} mode only, not {mode!r}")


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


def solve_patience_seed(seed: int, options: Options = Options(), budget_s: float | None = 2.0,
                        budget_states: int | None = None) -> Verdict[PatienceMove]:
    """Thoughtful mode from a deal of Patience Kabalam."""
    return solve_patience(Patience.deal(seed, options), budget_s, budget_states, seed=seed)


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


def _patience_hint(game: Patience, budget_s: float | None, budget_states: int | None,
                   seed: int) -> Hint[PatienceMove]:
    """The move a player who knew every card would play next."""
    verdict = solve_patience(game, budget_s, budget_states, seed=seed)
    result = game.result()
    if result is not None:
        return Hint(None, f"The game is over: {'won' if result.won else 'lost'} ({result.reason})", THOUGHTFUL,
                    verdict, "")
    if verdict.status == WON:
        move = verdict.moves[0]
        return Hint(move, describe_patience(game, move), THOUGHTFUL, verdict,
                    f"it starts a winning line ({KNOWS_EVERYTHING})")
    if verdict.status == LOST:
        return Hint(None, "No move can win any more", THOUGHTFUL, verdict,
                    f"every line was searched ({KNOWS_EVERYTHING})")
    guess = verdict.best_line[0] if verdict.best_line else None
    if guess is None:
        model, state = PatienceModel.from_game(game)
        actions = PatienceSpace(model).actions(state, True, None)
        guess = model.to_move(actions[0]) if actions else None
    text = describe_patience(game, guess) if guess is not None else "No move"
    return Hint(guess, text, THOUGHTFUL, verdict, f"a best guess: no win was found within the time ({KNOWS_EVERYTHING})")


def patience_win_rate(seeds: Iterable[int], options: Options = Options(), budget_s: float | None = 2.0,
                      budget_states: int | None = None) -> WinRate:
    """Thoughtful mode over many deals of Patience Kabalam (one process)."""
    return summarize([solve_patience_seed(seed, options, budget_s, budget_states) for seed in seeds])


def safe_move(game: DoubleH) -> Move | None:
    """A build proved safe here (RULES.md section 5, Double H), or None: what the
    table's "automatic safe moves" plays. It needs no knowledge of the stock."""
    if game.is_over():
        return None
    model, state = Model.from_game(game)
    forced, _ = Space(model).scored(state)
    return None if forced is None else Model.to_move(forced)


# -- each game's solver side ---------------------------------------------------------------


@dataclass(frozen=True)
class _Side:
    """What the solver does for one game: :func:`solve` and :func:`hint` for a game of it
    (each takes the public function's arguments, in the public function's order)."""

    solve: Callable[[Any, float | None, int | None, str, int, int], Verdict[Any]]
    hint: Callable[[Any, str, float | None, int | None, int, int], Hint[Any]]


#: The solver side of each game it plays, by the class of a game of it: :func:`solve` and
#: :func:`hint` look a game up here instead of asking which game it is, so a game the
#: solver comes to play is one entry more. (The solver sits below the registry,
#: kabale.games.GAMES, whose hooks call :func:`solve` and :func:`hint`: it cannot ask it.)
_SIDES: dict[type, _Side] = {
    DoubleH: _Side(_solve_double_h, _hint_double_h),
    Patience: _Side(_solve_patience_game, _hint_patience_game),
}


def _side(game: object) -> _Side:
    """The solver side of a game; ValueError for a game the solver does not play."""
    side = _SIDES.get(type(game))
    if side is None:
        raise ValueError(f"the solver does not play {type(game).__name__}")
    return side
