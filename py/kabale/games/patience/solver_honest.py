"""The honest hint of Patience Kabalam: the move that wins in the most worlds the player cannot tell apart.

The player sees the face-up cards, her endowment and everything that was
played or flipped; she does not see the face-down cards of the Kabala nor the
order of the draw pile. The hint is given the game's *observation* only (never
the game), so it cannot look at what she cannot see. It

1. deals ``worlds`` sampled games consistent with that observation
   (:meth:`kabale.games.patience.rules.Patience.sample`: the unseen cards dealt at random
   to the face-down places and the draw pile, by a seeded rng, so the same
   observation and seed always give the same hint);
2. solves each world with the thoughtful solver under a cap of ``states``
   (a world proved lost, or not won within the cap, wins with no move), and
   for every legal move, solves the world after that move (the move the
   world's own winning line starts with is won without a second search);
3. advises the move that wins in the most worlds. Ties are broken in a fixed
   order: first the move the most worlds' winning lines start with (the
   solver's own preference: it plays more cards at once and keeps a play
   in hand for the next sum), then the engine's order of the legal moves.

Counting the wins of every move, not only the first move of one winning line
per world, is what makes it strong: in a world where several moves win, the
solver's line names one of them, and a vote for the first move alone
followed the solver's ordering more than the chances. A hint always names a
legal move while the game goes on (the only move without any search).

Measured: ``python -m kabale simulate --game patience --bot hint --games 2000``
(8 worlds, 3,000 states, deals 0-1999) won 1,855: 92.8%, 95% interval
91.5-93.8% (random about 4%, greedy honest 7.7%, the thoughtful bound 99.9%).
bench/hints.py gives the time per hint (20 deals followed in CPython: 310
hints, median 10 ms, p95 37 ms; at the table in Pyodide, 100 hints: median
92 ms, p95 250 ms, max 847 ms; 8 of them had a main-thread task over 50 ms,
the longest 401 ms).

:func:`think_hint` is a generator that yields after every search, so the
table can think in slices and the page stays responsive; :func:`honest_hint`
runs it to the end.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass
from typing import Generator

from kabale.cards import new_rng
from kabale.games.kabala.rules import Move
from kabale.games.patience.rules import Patience, PatienceObservation
from kabale.noise import paired_noise
from kabale.solver_core import HONEST, Hint, Verdict, describe_patience, solve_patience
from kabale.solver_search import LOST, UNKNOWN, WON

__all__ = ["DEFAULT_WORLDS", "DEFAULT_STATES", "MoveWins", "think_wins", "move_wins", "think_hint", "honest_hint"]

#: Sampled worlds per hint, and the thoughtful solver's cap of states in each search: 8 and
#: 3,000 won 376 of deals 1-400 in a first trial; 16 worlds won no more (374) at twice the time.
DEFAULT_WORLDS = 8
DEFAULT_STATES = 3000

Thinking = Generator[None, None, "Hint[Move]"]


@dataclass(frozen=True)
class MoveWins:
    """Every legal move's wins over the same sampled worlds (paired: each move is played in
    every world), the votes of the worlds' own winning lines, what the searches cost, and
    which moves won in each world (``won[w]``), so a cost comes with its sampling noise."""

    legal: tuple[Move, ...]
    wins: Counter[Move]
    votes: Counter[Move]
    worlds: int
    lost_worlds: int
    states: int
    won: tuple[frozenset[Move], ...] = ()

    @property
    def best(self) -> Move:
        """The hint's move: the most wins, then the most votes, then the engine's order."""
        order = {move: index for index, move in enumerate(self.legal)}
        return min(self.legal, key=lambda move: (-self.wins[move], -self.votes[move], order[move]))

    def cost(self, move: Move) -> float:
        """The win chance ``move`` loses against the best, over the same worlds (0 for the best)."""
        return (self.wins[self.best] - self.wins[move]) / self.worlds

    def noise(self, move: Move) -> float:
        """How far ``move``'s cost could be the sampled worlds' luck (:func:`kabale.noise.paired_noise`
        of the worlds the best won and it lost, and the other way round; 0 for the best). With 16
        worlds a move that loses 3 that the best wins, and wins none it loses, is within it (a
        cost of 19%): three worlds out of sixteen cannot tell a loss from luck."""
        best = self.best
        if move == best or len(self.won) != self.worlds:
            return 0.0
        return paired_noise([(best in won) - (move in won) for won in self.won])

    def charged(self, move: Move) -> bool:
        """Whether ``move``'s cost is beyond the noise (a review charges and ranks only those)."""
        return self.cost(move) > self.noise(move)


def think_wins(observation: PatienceObservation, worlds: int, states: int,
               rng: random.Random) -> Generator[None, None, MoveWins]:
    """Count every legal move's wins in ``worlds`` worlds sampled by ``rng``, yielding after each
    search: the one counting that both the hint and the review (kabale.games.patience.solver_review) use."""
    legal = tuple(observation.legal_moves)
    votes: Counter[Move] = Counter()
    won: list[frozenset[Move]] = []  # the moves that won, world by world
    searched = lost_worlds = 0
    for k in range(worlds):
        world = Patience.sample(observation, rng)
        verdict = solve_patience(world, budget_s=None, budget_states=states, seed=k)
        searched += verdict.states
        yield
        if verdict.status == LOST:
            lost_worlds += 1
            won.append(frozenset())
            continue  # every move loses in a world that is lost
        first = verdict.moves[0] if verdict.status == WON and verdict.moves else None
        winning: set[Move] = set()
        if first is not None:
            winning.add(first)
            votes[first] += 1
        for move in legal:
            if move == first:
                continue
            after = world.copy()
            after.apply(move)
            result = after.result()
            if result is not None:
                if result.won:
                    winning.add(move)
                continue
            answer = solve_patience(after, budget_s=None, budget_states=states, seed=k)
            searched += answer.states
            if answer.status == WON:
                winning.add(move)
            yield
        won.append(frozenset(winning))
    wins: Counter[Move] = Counter(dict.fromkeys(legal, 0))
    wins.update(move for winning in won for move in winning)
    return MoveWins(legal, wins, votes, worlds, lost_worlds, searched, tuple(won))


def move_wins(observation: PatienceObservation, worlds: int = DEFAULT_WORLDS, states: int = DEFAULT_STATES,
              rng: random.Random | None = None) -> MoveWins:
    """:func:`think_wins` run to the end (``rng`` None: the hint's own stream for seed 0)."""
    if worlds < 1 or states < 1:
        raise ValueError("counting wins needs at least one world and one state")
    counting = think_wins(observation, worlds, states, rng or new_rng("patience-hint:0"))
    while True:
        try:
            next(counting)
        except StopIteration as done:
            counted: MoveWins = done.value
            return counted


def think_hint(observation: PatienceObservation, worlds: int = DEFAULT_WORLDS, states: int = DEFAULT_STATES,
               seed: int | str = 0) -> Thinking:
    """The honest hint from what the player has seen, yielding after each search (see the module)."""
    started = time.perf_counter()
    legal = list(observation.legal_moves)
    if observation.result is not None or not legal:
        result = observation.result
        outcome = "won" if result is not None and result.won else "lost"
        verdict: Verdict[Move] = Verdict(WON if outcome == "won" else LOST, (), 0, 0.0, HONEST)
        reason = f" ({result.reason})" if result is not None else ""
        return Hint(None, f"The game is over: {outcome}{reason}", HONEST, verdict, "")
    if worlds < 1 or states < 1:
        raise ValueError("a hint needs at least one world and one state")
    if len(legal) == 1:
        only = legal[0]
        verdict = Verdict(UNKNOWN, (), 0, time.perf_counter() - started, HONEST, 0, 0, 0)
        return Hint(only, describe_patience(observation, only), HONEST, verdict, "it is the only move")
    rng = new_rng(f"patience-hint:{seed}")  # a stream of its own, named apart from any deal's
    counted = yield from think_wins(observation, worlds, states, rng)
    searched, lost_worlds = counted.states, counted.lost_worlds
    best = counted.best
    won = counted.wins[best]
    status = WON if won == worlds else LOST if lost_worlds == worlds else UNKNOWN
    verdict = Verdict(status, (), searched, time.perf_counter() - started, HONEST, worlds, won, lost_worlds)
    if won:
        support = f"it wins in {won} of {worlds} possible deals of the unseen cards"
    elif lost_worlds == worlds:
        support = f"lost in all {worlds} possible deals of the unseen cards; it plays on"
    else:
        support = "a best guess: no win was found within the search"
    return Hint(best, describe_patience(observation, best), HONEST, verdict, support)


def honest_hint(observation: PatienceObservation, worlds: int = DEFAULT_WORLDS, states: int = DEFAULT_STATES,
                seed: int | str = 0) -> Hint[Move]:
    """:func:`think_hint` run to the end."""
    thinking = think_hint(observation, worlds, states, seed)
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            hint: Hint[Move] = done.value
            return hint

