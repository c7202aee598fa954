"""The search behind the solver, for any one-player game with perfect
information (Double H now; Patience Kabalam's thoughtful mode can plug in).

A game comes in through :class:`Space`: a hashable key per state (a
transposition table is a set of keys), ordered actions, the state an action
leads to, and the goal. Two kinds of depth-first search run over it:

* a *complete* search: every action the rules allow (up to reductions the
  space has proved exact). When it ends without a win, the start is lost.
  It is a resumable object, so it can get slices of the budget between
* *restarts*: small searches that may prune actions that are rarely useful
  and shuffle the order among nearly equal actions; most of them start from
  a random point of the line that got furthest so far (iterated local
  search over lines). They find most wins fast; their failure proves nothing.

:func:`search` runs that portfolio within a :class:`Budget` and answers won
(with the actions), lost (only the complete search says so) or unknown.
Everything is iterative (no deep recursion: Pyodide's stack is small) and
single-threaded.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Callable, Generic, Hashable, Protocol, Sequence, TypeVar

__all__ = ["Space", "Budget", "Outcome", "DepthFirst", "search", "WON", "LOST", "UNKNOWN"]

S = TypeVar("S")
A = TypeVar("A")

WON, LOST, UNKNOWN = "won", "lost", "unknown"


class Space(Protocol[S, A]):
    """A game as the search sees it."""

    def key(self, state: S) -> Hashable:
        """Equal for states the search may treat as one (symmetry included)."""

    def is_won(self, state: S) -> bool: ...

    def actions(self, state: S, complete: bool, rng: random.Random | None) -> Sequence[A]:
        """Actions best first. ``complete``: all that can matter (a proof
        relies on it); otherwise pruning is allowed. ``rng``: shuffle among
        nearly equal actions (a restart)."""

    def play(self, state: S, action: A) -> S: ...


@dataclass
class Budget:
    """How much a search may spend: states visited and/or seconds."""

    states: int | None = None
    seconds: float | None = None
    used_states: int = 0
    started: float = field(default_factory=time.perf_counter)

    def __post_init__(self) -> None:
        if self.states is None and self.seconds is None:
            raise ValueError("a budget needs states or seconds")

    @property
    def elapsed(self) -> float:
        return time.perf_counter() - self.started

    def exhausted(self) -> bool:
        if self.states is not None and self.used_states >= self.states:
            return True
        return self.seconds is not None and self.elapsed >= self.seconds

    def share(self, fraction: float) -> tuple[int | None, float | None]:
        """Limits (total states, deadline elapsed) a slice of ``fraction`` of what is left may reach."""
        states = None
        if self.states is not None:
            states = self.used_states + max(1, int((self.states - self.used_states) * fraction))
        seconds = None
        if self.seconds is not None:
            seconds = self.elapsed + max(0.0, (self.seconds - self.elapsed) * fraction)
        return states, seconds


@dataclass(frozen=True)
class Outcome(Generic[A]):
    status: str  # WON, LOST or UNKNOWN
    actions: tuple[A, ...]
    states: int
    seconds: float
    from_restart: bool  # the actions are the restart space's (see search)
    best_line: tuple[A, ...] = ()  # when unknown: the restarts' line that got furthest


_CHECK_EVERY = 256


class DepthFirst(Generic[S, A]):
    """A depth-first search with a transposition table that can be paused
    (when its slice of the budget is spent) and resumed."""

    def __init__(
        self,
        space: Space[S, A],
        root: S,
        complete: bool,
        rng: random.Random | None = None,
        progress: Callable[[S], float] | None = None,
    ) -> None:
        self.space, self.complete, self.rng, self.progress = space, complete, rng, progress
        self.best = progress(root) if progress is not None else 0.0
        self.best_line: list[S] = [root]
        self.best_path: list[A] = []
        self.seen: set[Hashable] = {space.key(root)}
        self.states: list[S] = [root]
        self.pending: list[list[A]] = [list(reversed(space.actions(root, complete, rng)))]
        self.path: list[A] = []
        self.status = WON if space.is_won(root) else UNKNOWN

    def run(self, budget: Budget, max_states: int | None = None, deadline: float | None = None) -> str:
        """Search until won, exhausted (LOST if complete, else UNKNOWN with
        ``finished``), or the slice is spent (UNKNOWN)."""
        if self.status != UNKNOWN or self.finished:
            return self.status
        space, complete, rng = self.space, self.complete, self.rng
        key, play, is_won, actions = space.key, space.play, space.is_won, space.actions
        seen, states, pending, path = self.seen, self.states, self.pending, self.path
        counter = 0
        while pending:
            todo = pending[-1]
            if not todo:
                pending.pop()
                states.pop()
                if path:
                    path.pop()
                continue
            action = todo.pop()
            child = play(states[-1], action)
            child_key = key(child)
            if child_key in seen:
                continue
            seen.add(child_key)
            budget.used_states += 1
            if is_won(child):
                path.append(action)
                self.status = WON
                return WON
            path.append(action)
            states.append(child)
            pending.append(list(reversed(actions(child, complete, rng))))
            if self.progress is not None:
                value = self.progress(child)
                if value > self.best:
                    self.best, self.best_line, self.best_path = value, list(states), list(path)
            counter += 1
            if counter >= _CHECK_EVERY:
                counter = 0
                if budget.exhausted() or (max_states is not None and budget.used_states >= max_states) or (
                    deadline is not None and budget.elapsed >= deadline
                ):
                    return UNKNOWN
        if complete:
            self.status = LOST
        return self.status

    @property
    def finished(self) -> bool:
        return not self.pending

    @property
    def visited(self) -> int:
        return len(self.seen)


def search(
    space: Space[S, A],
    root: S,
    budget: Budget,
    seed: int = 0,
    complete_share: float = 0.2,
    restart_states: int = 500,
    elite: float = 0.8,
    restarts: tuple[Space[S, A], S] | None = None,
    progress: Callable[[S], float] | None = None,
) -> Outcome[A]:
    """Won, lost or unknown within the budget.

    A complete search gets ``complete_share`` of the effort; the rest goes to
    restarts of ``restart_states`` states each. The first restart follows the
    space's order; later ones shuffle it and, with probability ``elite``,
    start from a random point of the line that got furthest so far (by
    ``progress``: iterated local search over lines). ``restarts`` may give
    them a space and root of their own (e.g. a cheaper one). Only the
    complete search proves a loss. ``Outcome.from_restart`` says whether a
    win's actions are those of the restarts' own space.
    """
    if space.is_won(root):
        return Outcome(WON, (), 0, budget.elapsed, False)
    rng = random.Random(seed)
    complete = DepthFirst(space, root, complete=True) if complete_share > 0 else None
    restart_space, restart_root = restarts if restarts is not None else (space, root)
    line: list[S] = [restart_root]  # the states of the best line so far
    path: list[A] = []  # and its actions
    best = progress(restart_root) if progress is not None else 0.0
    attempt = 0
    complete_slice = max(1, int(restart_states * complete_share / max(1e-9, 1 - complete_share)))
    while not budget.exhausted():
        if complete_share < 1:
            start = rng.randrange(len(line)) if attempt and progress is not None and rng.random() < elite else 0
            restart = DepthFirst(restart_space, line[start], complete=False, rng=rng if attempt else None,
                                 progress=progress)
            status = restart.run(budget, max_states=budget.used_states + restart_states)
            attempt += 1
            if status == WON:
                return Outcome(WON, tuple(path[:start] + restart.path), budget.used_states, budget.elapsed,
                               restarts is not None)
            if progress is not None and restart.best > best:
                best = restart.best
                line = line[:start] + restart.best_line
                path = path[:start] + restart.best_path
        if complete is not None:
            status = complete.run(budget, max_states=budget.used_states + complete_slice)
            if status != UNKNOWN:
                return Outcome(status, tuple(complete.path), budget.used_states, budget.elapsed, False)
    return Outcome(UNKNOWN, (), budget.used_states, budget.elapsed, False, tuple(path))
