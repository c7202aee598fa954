"""Determinized Monte Carlo search, shared by the hard bot and the cheater.

For each imagined hand (a *world*: the hard bot samples one from what it has
seen, the cheater copies the real one) every candidate move is played and the
hand is played out by the greedy playout policy. All candidates meet the same
world and the same playout random numbers (common random numbers), so their
comparison is a paired one and far less noisy than their raw values. A
candidate that falls clearly behind the leader on those paired differences is
dropped, so the budget goes to the close calls.

The value of a playout for the searching seat is, by default, the mean of the
other seats' points minus its own (points are bad): the hard bot plays the
hand. A caller may give another ``value`` of the hand's scores (the expert
values the match standing they leave, :mod:`kabale.bots.expert`).

The search is a generator (see :mod:`kabale.bots.base`): it yields after every
``slice_ms`` of work and returns the index of the chosen candidate. It stops
after ``playouts`` playouts or ``budget_ms`` milliseconds, whichever comes
first; with only ``playouts`` set it is exactly reproducible from its rng.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Callable, Generator, Sequence

from kabale.bots.playout import play_out
from kabale.games.kabalam.fast import SimHand, SimMove

__all__ = ["Budget", "SearchReport", "search"]

Sampler = Callable[[random.Random], SimHand]
Playout = Callable[[SimHand, random.Random], list[int]]
#: What a playout's scores (points per seat of the hand) are worth to a seat.
Value = Callable[[Sequence[int], int], float]


@dataclass(frozen=True)
class Budget:
    """How long a search may think: milliseconds, playouts, or both (the first
    reached stops it); ``slice_ms`` is how long it works between two yields."""

    budget_ms: float | None = 150.0
    playouts: int | None = None
    slice_ms: float = 8.0
    min_worlds: int = 4

    def __post_init__(self) -> None:
        if self.budget_ms is None and self.playouts is None:
            raise ValueError("a search needs a time or a playout budget")
        if self.budget_ms is not None and self.budget_ms <= 0:
            raise ValueError(f"a time budget is positive, not {self.budget_ms}")
        if self.playouts is not None and self.playouts < 1:
            raise ValueError(f"a playout budget is at least 1, not {self.playouts}")


@dataclass
class SearchReport:
    """What the last search did (for the bench and the curious)."""

    worlds: int = 0
    playouts: int = 0
    milliseconds: float = 0.0
    means: tuple[float, ...] = ()
    kept: tuple[int, ...] = ()


def value_for(scores: Sequence[int], seat: int) -> float:
    """The others' mean points minus the seat's own."""
    others = (sum(scores) - scores[seat]) / (len(scores) - 1)
    return others - scores[seat]


def search(
    sample: Sampler,
    candidates: Sequence[SimMove],
    seat: int,
    rng: random.Random,
    budget: Budget,
    report: SearchReport | None = None,
    playout: Playout = play_out,
    value: Value = value_for,
) -> Generator[None, None, int]:
    """Yield while thinking; return the index of the best candidate."""
    count = len(candidates)
    report = report if report is not None else SearchReport()
    if count == 1:
        report.means, report.kept = (0.0,), (0,)
        return 0
    clock = time.perf_counter
    started = slice_start = clock()
    deadline = math.inf if budget.budget_ms is None else started + budget.budget_ms / 1000
    limit = budget.playouts if budget.playouts is not None else math.inf
    slice_s = budget.slice_ms / 1000
    rewards: list[list[float]] = [[] for _ in range(count)]  # per candidate, per world it met
    active = list(range(count))
    worlds = playouts = 0
    out_of_time = False
    while playouts < limit and len(active) > 1:
        world = sample(rng)
        seed = rng.getrandbits(32)
        results: list[float] = []
        for index in active:
            trial = world.copy()
            trial.apply(candidates[index])
            results.append(value(playout(trial, random.Random(seed)), seat))
            now = clock()
            if now >= deadline and worlds >= budget.min_worlds:
                out_of_time = True
                break
            if now - slice_start >= slice_s:
                yield
                slice_start = clock()
        if out_of_time:
            break  # an unfinished world would favour the candidates that met it
        for index, reward in zip(active, results):
            rewards[index].append(reward)
        worlds += 1
        playouts += len(active)
        if worlds >= 6 and worlds % 3 == 0:
            active = _prune(active, rewards)
    means = tuple(sum(values) / len(values) if values else -math.inf for values in rewards)
    best = max(active, key=lambda index: means[index])
    report.worlds, report.playouts = worlds, playouts
    report.milliseconds = (clock() - started) * 1000
    report.means, report.kept = means, tuple(active)
    return best


def _prune(active: list[int], rewards: list[list[float]]) -> list[int]:
    """Drop the candidates clearly behind the leader, paired world by world (every
    candidate still in the race has met every world so far)."""
    leader = max(active, key=lambda index: sum(rewards[index]) / len(rewards[index]))
    lead = rewards[leader]
    kept = []
    for index in active:
        if index == leader:
            kept.append(index)
            continue
        values = rewards[index]
        n = len(values)
        diffs = [lead[k] - values[k] for k in range(n)]
        mean = sum(diffs) / n
        spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else math.inf
        if mean - 2.5 * spread / math.sqrt(n) <= 0:
            kept.append(index)
    return kept
