"""The coach: the hard computer's honest choice for a person, its plan, and what a move cost.

A **hint** is what the hard bot would play in the person's seat: it sees the
person's observation and nothing else (the same memory, sampler and search as
:class:`~kabale.bots.hard.HardBot`), so it never knows a card the person has
not seen. Its **plan** says why, from that same observation only: which card
comes up on the packet after the play (the packet's bottom card, known once
the packet has been flipped before), the target that makes, and which of the
person's cards play on it next, as far as known cards carry the chain. A plan
step never names a card the person has not seen: when a face-down card that
was never shown would come up, the plan says so and stops.

A **review** (:func:`evaluate`) plays every legal move in the same sampled
worlds with the same playout random numbers, without the search's pruning,
so the difference between two moves is a paired one: the move the bot
prefers costs exactly 0 in every world, and any other move costs the mean of
its shortfall. Values are in points, as the search scores them: the others'
mean points minus the seat's own.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Generator, Sequence

from kabale.bots.base import finish
from kabale.bots.hard import HardBot
from kabale.bots.playout import play_out
from kabale.bots.sampler import Knowledge
from kabale.bots.search import Budget, value_for
from kabale.games.kabalam.fast import doubles_held, to_sim
from kabale.cards import COMPOUNDED_SUMS, Card
from kabale.games.kabala.rules import Move, known_packets
from kabale.games.kabalam.state import KabalamObservation
from kabale.noise import NOISE_SE, paired_noise

__all__ = ["Step", "Advice", "Evaluation", "plan_of", "advise", "think_advice", "evaluate", "think_evaluation",
           "HINT_BUDGET_MS", "NOISE_SE"]

#: How long the table's Hint thinks (in slices, so the page stays responsive).
HINT_BUDGET_MS = 250.0
#: The fewest sampled deals a hint compares its moves over, whatever the time.
HINT_MIN_WORLDS = 16
#: The longest chain of follow-up plays a plan spells out.
PLAN_LENGTH = 4


@dataclass(frozen=True)
class Step:
    """One move of a plan and what it leads to, as far as the person can know.

    ``comes_up`` is the card that shows on the move's packet after it (None when
    it is a face-down card never seen, or for a yield); ``target`` the target
    that then stands (None when unknown); ``closes`` is True when the move plays
    the person's last card.
    """

    move: Move
    comes_up: Card | None = None
    target: int | None = None
    closes: bool = False


@dataclass(frozen=True)
class Advice:
    """A hint: the move, its plan (the move first, then the follow-ups the
    person's own known cards make), and the search's means in points."""

    move: Move
    plan: tuple[Step, ...]
    means: tuple[tuple[Move, float], ...] = ()
    worlds: int = 0

    @property
    def margin(self) -> float | None:
        """How many points better than the next best move the search found it (None with one candidate)."""
        values = sorted((value for _, value in self.means), reverse=True)
        return values[0] - values[1] if len(values) > 1 else None


def _counts(cards: Sequence[Card]) -> list[int]:
    counts = [0] * 10
    for card in cards:
        counts[card.value] += 1
    return counts


def _plays(counts: list[int], target: int, compounded: bool) -> list[Move]:
    """The plays these cards make on target, as canonical moves without a packet yet."""
    found: list[Move] = []
    if counts[target]:
        found.append(Move.bare(target, counts[target], packet=1))
    found += (Move.double(low, high, packet=1) for low, high in doubles_held(counts, target, compounded))
    return found


def _after(packets: list[list[Card | None]], move: Move, held: list[Card]) -> Card | None:
    """Play ``move`` on the remembered packets and out of ``held`` (both in place);
    the card that comes up when the packet turns over."""
    assert move.packet is not None
    packet = packets[move.packet - 1]
    laid = []
    for value in move.values:
        card = next(card for card in held if card.value == value)
        held.remove(card)
        laid.append(card)
    packet.extend(reversed(laid))  # values are top first (as the history records a play)
    packet.reverse()
    return packet[-1]


def plan_of(observation: KabalamObservation, move: Move) -> tuple[Step, ...]:
    """The plan behind ``move``, from what the observing seat has seen only.

    After a play the packet turns over and its bottom card comes up; if the
    person has seen that card, the new target is known, and the plan goes on
    with the play her remaining cards make on it (preferring one after which
    she can play again, then the most cards), up to :data:`PLAN_LENGTH` steps.
    """
    compounded = observation.options.compounded_doubles
    packets = [list(packet) for packet in known_packets(observation)]
    tops: list[int | None] = [card.value for card in observation.face_up]
    held = list(observation.endowment)
    steps: list[Step] = []
    current = move
    while True:
        if current.kind == "yield":
            steps.append(Step(current))
            break
        assert current.packet is not None
        up = _after(packets, current, held)
        if not held and current.kind != "pass":
            steps.append(Step(current, closes=True))
            break
        tops[current.packet - 1] = up.value if up is not None else None
        known = [top for top in tops if top is not None]
        target = COMPOUNDED_SUMS[sum(known)] if len(known) == 3 else None
        steps.append(Step(current, up, target))
        if current.kind == "pass" or target is None or len(steps) >= PLAN_LENGTH:
            break
        following = _next_play(packets, tops, _counts(held), target, compounded)
        if following is None:
            break
        current = following
    return tuple(steps)


def _next_play(
    packets: list[list[Card | None]], tops: list[int | None], counts: list[int], target: int, compounded: bool
) -> Move | None:
    """The follow-up a plan names: a play on ``target`` with the cards left, on the
    packet whose known next card leaves another play (or closes), most cards first."""
    best: tuple[float, Move] | None = None
    held = sum(counts)
    for play in _plays(counts, target, compounded):
        for packet in range(1, 4):
            after = [c - play.values.count(v) if v in play.values else c for v, c in enumerate(counts)]
            bottom = packets[packet - 1][0]
            score = float(len(play.values))
            if held == len(play.values):
                score += 100
            elif bottom is not None:
                rest = [top for k, top in enumerate(tops) if k != packet - 1 and top is not None]
                if len(rest) == 2 and _plays(after, COMPOUNDED_SUMS[sum(rest) + bottom.value], compounded):
                    score += 10
                else:
                    score += 0.5  # a known card coming up: the plan can say what it leaves
            placed = Move.bare(play.values[0], len(play.values), packet=packet) if play.kind == "bare" \
                else Move.double(play.values[0], play.values[1], packet=packet)
            if best is None or score > best[0]:
                best = (score, placed)
    return None if best is None else best[1]


def think_advice(
    observation: KabalamObservation, rng: random.Random, budget_ms: float | None = HINT_BUDGET_MS,
    playouts: int | None = None,
) -> Generator[None, None, Advice]:
    """The hint as a thought that yields between slices (drive it with
    :func:`~kabale.bots.base.think_async`-like stepping, or :func:`advise`)."""
    if not observation.legal_moves:
        raise ValueError("there is nothing to hint: it is not this seat's turn, or the hand is over")
    bot = HardBot(rng, budget_ms=budget_ms, playouts=playouts)
    # a slow phone still compares the moves over enough deals to mean something
    bot.budget = Budget(budget_ms, playouts, bot.budget.slice_ms, min_worlds=HINT_MIN_WORLDS)
    move = yield from bot.think(observation)
    moves = observation.legal_moves
    report = bot.report
    means = tuple((moves[index], report.means[index]) for index in report.kept) if len(moves) > 1 else ()
    return Advice(move, plan_of(observation, move), means, report.worlds)


def advise(
    observation: KabalamObservation, rng: random.Random, budget_ms: float | None = HINT_BUDGET_MS,
    playouts: int | None = None,
) -> Advice:
    """The hint, computed at once (the command line and the tests)."""
    thinking = think_advice(observation, rng, budget_ms, playouts)
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            advice: Advice = done.value
            return advice


@dataclass(frozen=True)
class Evaluation:
    """Every legal move's mean value in points over the same sampled worlds, and each move's
    value in every world (``values[k][w]``), so a cost comes with its sampling noise."""

    moves: tuple[Move, ...]
    means: tuple[float, ...]
    worlds: int
    values: tuple[tuple[float, ...], ...] = ()

    @property
    def best(self) -> Move:
        return self.moves[self._best()]

    def _best(self) -> int:
        return max(range(len(self.moves)), key=lambda k: self.means[k])

    def cost(self, move: Move) -> float:
        """Points lost by playing ``move`` instead of the best, in expectation (0 for the best)."""
        return max(self.means) - self.means[self.moves.index(move)]

    def noise(self, move: Move) -> float:
        """How far ``move``'s cost could be the sampled deals' luck: :data:`NOISE_SE` standard
        errors of the per-world difference between the best move and it (0 for the best, and 0
        when the worlds are not kept or fewer than 2). Paired: both moves were played in the same
        worlds with the same playout numbers, so the difference is the moves', not two draws of
        deals'. It is still wide: on deal 7 (r10) a world's difference spreads some 80 points
        (standard deviation), as a different play sends the playout down another road, so 200
        deals leave a standard error near 6 points and 24 deals near 17."""
        made, best = self.moves.index(move), self._best()
        if made == best or len(self.values) != len(self.moves):
            return 0.0
        return paired_noise([b - m for b, m in zip(self.values[best], self.values[made])])

    def charged(self, move: Move) -> bool:
        """Whether ``move``'s cost is beyond the noise (a review charges and ranks only those)."""
        return self.cost(move) > self.noise(move)


def evaluate(observation: KabalamObservation, rng: random.Random, worlds: int = 24) -> Evaluation:
    """Play every legal move in ``worlds`` sampled worlds (paired, no pruning)."""
    return finish(think_evaluation(observation, rng, worlds))


def think_evaluation(
    observation: KabalamObservation, rng: random.Random, worlds: int = 24,
) -> Generator[int, None, Evaluation]:
    """:func:`evaluate` as a thought that yields the worlds played so far after each one,
    so a page can review in slices and stay responsive (the same numbers, drawn in the same order)."""
    moves = observation.legal_moves
    if not moves:
        raise ValueError("there is nothing to evaluate: it is not this seat's turn, or the hand is over")
    if len(moves) == 1:
        return Evaluation(moves, (0.0,), 0)
    Budget(None, worlds)  # refuses a count below 1
    knowledge = Knowledge(observation)
    seat = observation.seats.index(observation.seat)
    candidates = [to_sim(move) for move in moves]
    totals = [0.0] * len(moves)
    values: list[list[float]] = [[] for _ in moves]
    for played in range(1, worlds + 1):
        world = knowledge.sim(rng)
        seed = rng.getrandbits(32)
        for index, candidate in enumerate(candidates):
            trial = world.copy()
            trial.apply(candidate)
            value = value_for(play_out(trial, random.Random(seed)), seat)
            totals[index] += value
            values[index].append(value)
        yield played
    return Evaluation(moves, tuple(total / worlds for total in totals), worlds, tuple(map(tuple, values)))
