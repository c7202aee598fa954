"""The expert: the hard bot's memory, sampler and search, playing the match, not the hand.

The hard bot values a playout by its points in the hand (the others' mean
minus its own). But a match is won by standing: a seat whose total goes over
101 leaves, the last seat left is the Great Kabalist, and if everyone left
goes over in the same hand the lowest total wins (RULES.md section 2, "A
match"). Ten points matter little at 20 to 20 and decide everything at 95 to
60. So the expert values a playout by the **match standing it leaves**: its
chance to be the Great Kabalist once the hand's scores are added to the public
totals, plus a small share of the hand points (which break the ties between
moves whose standing is the same, and keep the search's comparisons paired).

The chance to win from given totals is a model, worked out once per number of
seats (:func:`outlast_table`): the points two seats score in one hand are drawn
from hands dealt fresh and played out by the search's own playout policy, and a
dynamic programme over both totals (0 to 101) gives the chance that a seat on
``a`` points outlasts one on ``b``: leaves later, or, leaving in the same hand,
with fewer points. With three or four seats left, a seat's chance to be the
last one is its product of those pairwise chances, normalised over the seats
still in (:func:`standing`). A hand that ends the match is scored exactly.

It also thinks longer: :data:`PLAYOUT_FACTOR` times the hard bot's playouts or
time, where the time allows.

Measured with bench/bots.py (two seats, playouts per decision as given; the
expert thinks twice that; 95% Wilson intervals), on 30 November 2026:

* at 100: the expert beats hard in 78 of 120 matches (65%, 56-73%) and normal
  in 119 of 120; against the cheater it wins 25 of 200 (12.5%, 9-18%), hard 19
  of 200 (9.5%, 6-14%). By a Bradley-Terry fit of those six pairs it closes 71%
  (65-76%) of the gap from normal to the cheater, hard 62% (56-69%).
* the value alone (``expert1x`` in the bench: this value, hard's playouts)
  wins 99 of 200 against hard (49.5%, 43-56%) and 25 of 200 against the
  cheater: at these sample sizes the gain is the longer thought's.
* at 300: the expert wins 29 of 160 against the cheater (18.1%, 13-25%),
  hard 20 of 160 (12.5%, 8-19%).
* at 1000 (the ladder's default): the expert wins 31 of 160 against the cheater
  (19.4%, 14-26%); issue 16 gives hard 14.1% there.

Where the rest of the gap to the cheater lies (bench/expert_regret.py, 240
decisions of hard against the cheater, each move valued on the real hand): an
honest decision costs 12-13 points against the cheater's 1.2, the same from 300
to 3,000 playouts, so longer thought wins nothing back there. Given the draw
pile's order the cost falls to 6.5 (on a pass, which packet to flip, to 1.0),
given the face-down cards to 9.7, given the opponent's cards only to 11.7: the
gap is what no honest seat can know, not what a better sampler could infer.

The bot sees only its observation. A hand's observation does not carry the
match; the expert is given a :class:`~kabale.games.kabalam.match.MatchObservation`
(the hand's observation and the public totals) and, given a hand's observation
alone, plays as if every total were 0 (the first hand of a match).

>>> import random
>>> from kabale.games.kabalam.match import Match
>>> match = Match.start(3, seats=2)
>>> bot = ExpertBot(random.Random(1), budget_ms=None, playouts=100)
>>> bot.choose(match.observation("S")) in match.legal_moves()
True
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from typing import Generator, Sequence, TypeVar

from kabale.bots.base import Thinking, check_turn
from kabale.bots.hard import DEFAULT_BUDGET_MS as HARD_BUDGET_MS, HardBot
from kabale.bots.playout import play_out
from kabale.bots.sampler import Knowledge
from kabale.bots.search import Value, value_for
from kabale.games.kabalam.hand import KabalamHand
from kabale.games.kabalam.match import LIMIT, MatchObservation
from kabale.games.kabalam.state import KabalamObservation

__all__ = ["ExpertBot", "PLAYOUT_FACTOR", "DEFAULT_BUDGET_MS", "HAND_WEIGHT", "outlast_table", "standing",
           "match_value"]

#: The expert thinks this many times as long as the hard bot (time or playouts).
PLAYOUT_FACTOR = 2
#: The table's thinking time per decision for the expert.
DEFAULT_BUDGET_MS = PLAYOUT_FACTOR * HARD_BUDGET_MS
#: The weight of the hand points (the hard bot's value, per 101 points) beside the
#: chance to win the match: a tie-break, small beside what standing decides.
HAND_WEIGHT = 0.05
#: How many (my points, another's points) pairs of one hand the model is drawn from.
MODEL_HANDS = 160


T = TypeVar("T")


def _run(work: Generator[None, None, T]) -> T:
    """A sliced piece of work, all at once."""
    while True:
        try:
            next(work)
        except StopIteration as done:
            result: T = done.value
            return result


#: ``table[a][b]`` of :func:`outlast_table`.
Table = tuple[tuple[float, ...], ...]
_TABLES: dict[int, Table] = {}


def hand_points(seats: int, hands: int = MODEL_HANDS) -> Counter[tuple[int, int]]:
    """Points of two different seats in one hand of ``seats`` seats, over fresh deals
    played out by the playout policy, each pair both ways round (so the model is
    fair to both); the same every time (fixed seeds)."""
    return _run(_hand_points(seats, hands))


def _hand_points(seats: int, hands: int) -> Generator[None, None, Counter[tuple[int, int]]]:
    rng = random.Random(7919 * seats)
    pairs: Counter[tuple[int, int]] = Counter()
    for number in range(hands):
        yield
        hand = KabalamHand.deal(number, seats=seats)
        world = Knowledge(hand.observation(hand.turn or hand.seats[0])).sim(rng)
        scores = play_out(world, rng)
        mine = rng.randrange(seats)
        other = (mine + 1 + rng.randrange(seats - 1)) % seats
        pairs[(scores[mine], scores[other])] += 1
        pairs[(scores[other], scores[mine])] += 1  # either seat may be the one that asks
    return pairs


def outlast_table(seats: int) -> Table:
    """``table[a][b]``: the chance that a seat on ``a`` points outlasts one on ``b`` in
    a match of ``seats`` seats: the other leaves first (total over 101), or both
    leave in the same hand and this one has fewer points (equal: half). Worked out
    once per number of seats (about half a second in CPython)."""
    return _run(building(seats))


def building(seats: int) -> Generator[None, None, Table]:
    """:func:`outlast_table` in slices (a row of the programme, a hand of the model),
    so the expert's first decision at a table does not hold the page."""
    if seats in _TABLES:
        return _TABLES[seats]
    pairs = yield from _hand_points(seats, MODEL_HANDS)
    total = sum(pairs.values())
    moves = [(p, q, count / total) for (p, q), count in pairs.items() if p or q]
    still = pairs[(0, 0)] / total  # a hand that changes neither total
    table = [[0.0] * (LIMIT + 1) for _ in range(LIMIT + 1)]
    for a in range(LIMIT, -1, -1):
        yield
        row = table[a]
        for b in range(LIMIT, -1, -1):
            chance = 0.0
            for p, q, weight in moves:
                x, y = a + p, b + q
                if x > LIMIT:
                    if y > LIMIT:
                        chance += weight * (1.0 if x < y else 0.5 if x == y else 0.0)
                elif y > LIMIT:
                    chance += weight
                else:
                    chance += weight * table[x][y]  # later in the loops: x > a, or x == a and y > b
            row[b] = chance / (1.0 - still) if still < 1.0 else 0.5
    _TABLES[seats] = tuple(tuple(row) for row in table)
    return _TABLES[seats]


@lru_cache(maxsize=65536)
def standing(totals: tuple[int, ...], seat: int) -> float:
    """The seat's chance to be the Great Kabalist with these match totals after a
    hand (of the seats that played it): exact if the hand ends the match (a share
    when lowest totals are equal), else by the outlast model."""
    staying = [index for index, points in enumerate(totals) if points <= LIMIT]
    if not staying:
        lowest = min(totals)
        winners = [index for index, points in enumerate(totals) if points == lowest]
        return 1.0 / len(winners) if seat in winners else 0.0
    if seat not in staying:
        return 0.0
    if len(staying) == 1:
        return 1.0
    table = outlast_table(len(staying))

    def strength(index: int) -> float:
        product = 1.0
        for other in staying:
            if other != index:
                product *= table[totals[index]][totals[other]]
        return product

    strengths = [strength(index) for index in staying]
    whole = sum(strengths)
    return strengths[staying.index(seat)] / whole if whole > 0 else 1.0 / len(staying)


def match_value(before: Sequence[int], hand_weight: float = HAND_WEIGHT) -> Value:
    """The value of a playout's scores, given the match totals ``before`` the hand
    (one per seat of the hand, in its order): the standing they leave, plus
    ``hand_weight`` times the hand points per 101."""
    start = tuple(before)

    def value(scores: Sequence[int], seat: int) -> float:
        after = tuple(total + points for total, points in zip(start, scores))
        return standing(after, seat) + hand_weight * value_for(scores, seat) / LIMIT

    return value


class ExpertBot(HardBot):
    """The hard bot's search with the match standing as the value of a playout."""

    name = "expert"
    #: Give it the match's observation (the totals), not only the hand's.
    plays_the_match = True

    def __init__(
        self,
        rng: random.Random,
        budget_ms: float | None = DEFAULT_BUDGET_MS,
        playouts: int | None = None,
        slice_ms: float = 8.0,
    ) -> None:
        """``budget_ms`` and ``playouts`` are the expert's own (see :data:`PLAYOUT_FACTOR`
        for how :func:`kabale.bots.make_bot` sets them from the hard bot's)."""
        super().__init__(rng, budget_ms, playouts, slice_ms)

    def think(self, observation: KabalamObservation | MatchObservation) -> Thinking:
        if isinstance(observation, MatchObservation):
            hand = observation.hand
            totals = [observation.totals[seat] for seat in hand.seats]
        else:
            hand = observation
            totals = [0] * len(hand.seats)
        check_turn(hand)
        if len(hand.legal_moves) > 1:
            for seats in range(2, len(hand.seats) + 1):  # the model of the standing, once
                yield from building(seats)
        return (yield from self.search_hand(hand, match_value(totals)))
