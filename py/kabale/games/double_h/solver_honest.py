"""The honest hint of Double H: advice from what the player has seen, and nothing more.

In Double H the player sees every card that is turned onto the waste, and the
next round draws the waste turned over, in the same order (RULES.md section 4,
"Rounds"). So the only thing she does not know is the order of the stock
*during round 1*; from the moment the first round's stock is drawn through,
she has seen every card still to come, in the order they will come.

That decides the hint's plan, which is measured, not guessed:

1. **Round 1, while the stock hides its order: see it first.** The hint
   advises a build proved safe (:func:`kabale.solver.safe_move`: it needs no
   knowledge of the stock), else the draw. Drawing never empties a place, and
   with three rounds a player who has seen the whole order still wins almost
   every deal. Playing in round 1 commits cards while the order is unknown:
   a greedy round-1 player (the search's own move order, then the draw) won
   9 of deals 0-19 where "see it first" won 19, at 8,000 states a hint; a
   player who also took every build from the waste and every turn-over in
   round 1 won 38 of deals 20-59 where "see it first" won 39 (at 4,000).
2. **Once the order is seen** (round 2 and 3, or no more than one card left
   in the stock), the honest hint *is* the thoughtful solver: a winning line
   found is honest advice to its end (``verdict.moves``); without a proof the
   hint is the first move of the line that got furthest (the search's best
   guess), so a player who asks again after each move searches on from there.
3. **Round 1 with a place empty** (the player left the hint's plan: the draw
   waits until the waste fills the place): ``samples`` stock orders, drawn
   from the unseen cards by a seeded rng, are each solved under an equal
   share of the cap, and the first move of the most winning lines is
   advised; with none, the search's first choice (a club to its own place
   before a card from the waste, before a card on a wrong place).

**What it aims at.** A win counts the bonus of its round: 3 in round 1, 2 in
round 2, 1 in round 3 (RULES.md section 4, "Bonus"), and the hint says which
round's win it aims at (``Hint.aim``). Measured, the plan above aims at round 3:
over deals 1000-1099 (``simulate --game double-h --bot hint``, 4,000 states)
it won 97, every one in round 3, a mean bonus of 0.97. An earlier win needs the
first round *played*, blind: a search that knows the order wins by round 2 from
most deals in a few hundred states (7 of deals 0-7), but after a first round
only drawn, a win in round 2 is one pass with nothing left to spare, and none
was found (0 of deals 0-11 at 20,000 states; in round 1 none from the deal
either, 0 of 20 at 20,000 and 0 of 3 at 200,000). So:

4. **Round 1, a win this round within reach** (no more than ``AIM_CARDS``
   cards to come, waste and stock): ``samples`` orders are searched for a win
   in round 1 (:func:`by_round`); the first move whose lines score the most
   bonus is advised when it is worth ``AIM_WORTH`` a deal or more (3 x the
   share of orders it wins in round 1, against a little under 1 for seeing the
   stock first), else the draw, saying in how many orders a round-1 win showed.
5. **Once the order is seen and a win is found** in a later round than this
   one, a search for a win a round sooner gets what the first left of the
   budget, up to a quarter of it (``SOONER_SHARE``; never beyond the hint's
   cap): a win sure in round 2 is worth twice one in round 3.

Tried and left out: the search in round 1 aimed at a win by round 2 from the
deal on (8 orders, 4,000 states a hint while the waste held 22 cards or fewer,
its play advised when worth 0.25 or 0.75 a deal): 19 of deals 0-19 won at
either, all in round 3, where the plan above won 20 (all in round 3), for a
search at each of the first ~25 hints. The orders it samples are each solved knowing their order, so
their lines by round 2 are not lines a player who does not know it can follow.

With 4 and 5, over deals 1000-1099 the hint won the same 97 (95% Wilson
interval 91.6-99.0%), all in round 3, mean bonus 0.97 (0.94-1.00): a player
who follows it from the deal never meets 4, and 5 finds no sooner win after a
first round only drawn; they serve a player who played the first round
herself. Their cost in CPython (``bench/hints_double_h.py``, deals 0-9, run
beside the old hint on a machine loaded about 6 times over, so only the
ratios count): of 820 hints asked, p95 342 ms against 381; the 50 that
searched, median 643 ms against 589; a hint every 10 moves along the lines
followed, median 245 ms against 118 (5's search), p95 1,067 against 1,121. At the table in
Pyodide (``--browser 4``, deals 0-3, the machine loaded), a hint in round 2 took
a median of 337 ms, p95 560 ms (16 hints; 353 and 537 before, over deals 0-9),
one in round 1 a median of 54 ms: the table's cap (``budget_s``) bounds 5 too.

The words rest on counts, so hints asked on moves in a row do not contradict
each other: "such a win in 5 of 8 orders you could face", or, where the search
ran out of states or time, "no win found yet: the line that got furthest"
(never that no win exists, which the hint a move earlier may have found).

A hint names a legal move while the game goes on, even in a position proved
lost ("it plays on"): the player is still playing. It is given the game's
*observation* (:class:`kabale.games.double_h.rules.DoubleHObservation`),
never the game, so it cannot look at the stock's hidden order, and the same
observation and seed always give the same hint. The searches are capped in
states (``states``), so a hint is the same on any machine; ``budget_s``, if
given, caps the time as well (the table's way).

Measured: ``python -m kabale simulate --game double-h --bot hint --games 500``
(4,000 states a hint, deals 0-499) won 490: 98.0%, 95% Wilson interval
96.4-98.9% (the thoughtful bound, which knows the hidden order, 99.6%; the
hint before this plan won 9 of 20 deals at 4,000 states). Time per hint in
CPython (``bench/hints_double_h.py``, deals 0-19 followed, on a loaded
machine): of 1,619 hints asked, median 0.3 ms and p95 4.6 ms (round 1 needs no
search); the 79 that searched, median 75 ms, p95 172 ms; a hint asked every 10
moves along the lines followed, median 6 ms, p95 84 ms. The table caps a hint
at 0.25 s as well (``budget_s``); there, in Pyodide (``--browser 10``, deals
0-9, the machine's two cores loaded), a hint in round 2 took a median of
353 ms, p95 537 ms (40 hints), one in round 1 a median of 145 ms, and the
first hint of a page, which loads the solver, a p95 of 847 ms. A cap of
2,000 states a hint (about what 0.25 s buys in Pyodide) won 90 of deals 0-99
(95% interval 82.6-94.5%).
"""

from __future__ import annotations

import time
from collections import Counter
from typing import Sequence

from kabale.cards import Card, new_rng, shuffled
from kabale.games.double_h.rules import DoubleH, DoubleHObservation, Move, MoveKind, Position
from kabale.games.double_h.core import Model
from kabale.games.double_h.moves import LAST_ROUND
from kabale.games.double_h.solver import Space
from kabale.solver_core import HONEST, Hint, Verdict, safe_move, solve_position
from kabale.solver_search import LOST, UNKNOWN, WON

__all__ = ["FIRST_ROUND", "SAFE", "ONLY", "AIMED", "DEFAULT_STATES", "DEFAULT_SAMPLES", "AIM_WORTH", "honest_hint", "sampled_orders", "solve_honest",
           "order_seen", "best_guess", "bonus", "win_round", "by_round"]

#: The cap of states of one hint's searches (shared by its sampled orders). 4,000 won 490 of
#: deals 0-499 and 2,000 won 90 of deals 0-99; a search runs about 60,000 states a second in CPython.
DEFAULT_STATES = 4000
#: Stock orders sampled where a search in round 1 cannot be avoided (a place is empty).
DEFAULT_SAMPLES = 8
#: The least worth (the bonus a deal, averaged over the sampled orders) for which a round-1 play is
#: advised over seeing the stock first, which wins nearly every deal in round 3 (worth a little under 1).
AIM_WORTH = 1.0
#: The most cards still to come (waste and stock) for which a round-1 hint searches for a win in
#: round 1 (x3): with more, the waste buries it (see the module), and the hint draws without a search.
AIM_CARDS = 16
#: The least states left by a search that found a win for a search of a win a round sooner, and
#: the most of the budget that search may take (a hint along a line found would otherwise use up
#: its whole cap each time: see the module's times).
SOONER_STATES = 250
SOONER_SHARE = 0.25

FIRST_ROUND = "the first round shows the stock's order: draw it through, then play what you have seen"
SAFE = "a build proved safe, whatever the stock's order"
ONLY = "it is the only move"
AIMED = "it aims at an early win in the stock orders you could face"


def bonus(round_number: int) -> int:
    """What a win in a round counts (RULES.md section 4, "Bonus"): 3, 2, 1."""
    return LAST_ROUND + 1 - round_number


def win_round(round_number: int, line: Sequence[Move]) -> int:
    """The round in which a winning line from a position of round ``round_number`` wins."""
    return round_number + sum(move.kind is MoveKind.NEXT_ROUND for move in line)


def by_round(position: Position, last: int) -> Position:
    """The position with no new round after round ``last``, so a search's wins are wins by then.
    The round's number decides only whether a new round may start (the core's ``moves`` and
    end test), so the position is renumbered: as many rounds left, counted up to round 3."""
    return Position(position.places, position.stock, position.waste, LAST_ROUND - (last - position.round))


def order_seen(observation: DoubleHObservation) -> bool:
    """Whether the player knows the order of every card still to come: from round 2 on,
    or in round 1 when at most one card is left in the stock."""
    return observation.round > 1 or observation.stock_size <= 1


def _position(observation: DoubleHObservation, stock: Sequence[Card]) -> Position:
    return Position(observation.places, tuple(stock), observation.waste, observation.round)


def sampled_orders(observation: DoubleHObservation, samples: int, seed: int | str) -> list[Position]:
    """Positions that agree with everything the player has seen. Once the order is seen,
    the one position; in round 1, ``samples`` orders of the unseen cards (sorted, so the
    orders cannot depend on the hidden one), shuffled by a stream of the hint's own."""
    if order_seen(observation):
        return [_position(observation, observation.stock_seen or observation.unseen)]  # one of them is ()
    rng = new_rng(f"double-h-hint:{seed}")
    return [_position(observation, shuffled(observation.unseen, rng)) for _ in range(samples)]


def _table(observation: DoubleHObservation) -> DoubleH:
    """A game with the observation's table (its stock in some order): for the words of a move and
    the search's order of moves, neither of which looks at the stock's order."""
    position = _position(observation, observation.stock_seen or observation.unseen)
    return DoubleH(position.places, position.stock, position.waste, position.round)


def best_guess(observation: DoubleHObservation, verdict: Verdict[Move] | None = None) -> Move:
    """A legal move when nothing was proved: the first move of the line that got furthest,
    else the search's first choice, else the first legal move (give up aside)."""
    legal = [move for move in observation.legal_moves if move.kind is not MoveKind.GIVE_UP]
    if verdict is not None and verdict.best_line and verdict.best_line[0] in legal:
        return verdict.best_line[0]
    model, state = Model.from_game(_table(observation))
    for macro in Space(model, reduce=False).actions(state, False, None):
        move = model.to_move(macro[0])
        if move in legal:
            return move
    return legal[0]


def solve_honest(observation: DoubleHObservation, budget_s: float | None, budget_states: int | None,
                 samples: int, seed: int | str, last: int = LAST_ROUND,
                 ) -> tuple[Verdict[Move], Counter[Move], list[Verdict[Move]]]:
    """Solve every sampled order under an equal share of the budget: the honest verdict
    ("won"/"lost" only when every order agrees), the first moves of the winning lines and
    their counts, and each order's verdict. One order (it has been seen): the winning line
    is honest advice to its end; several: only its first move is. ``last``: the last round
    a win may take (:func:`by_round`); "lost" then means no win by that round."""
    started = time.perf_counter()
    orders = [by_round(order, last) for order in sampled_orders(observation, samples, seed)]
    each_s = None if budget_s is None else budget_s / len(orders)
    each_states = None if budget_states is None else max(1, budget_states // len(orders))
    base = seed if isinstance(seed, int) else 0
    verdicts = [solve_position(order, each_s, each_states, base + k) for k, order in enumerate(orders)]
    won = sum(v.status == WON for v in verdicts)
    lost = sum(v.status == LOST for v in verdicts)
    status = WON if won == len(verdicts) else LOST if lost == len(verdicts) else UNKNOWN
    firsts = Counter(v.moves[0] for v in verdicts if v.status == WON and v.moves)
    moves: tuple[Move, ...] = next((v.moves for v in verdicts if v.status == WON), ())
    if len(orders) > 1:
        moves = moves[:1]
    best = verdicts[0].best_line if len(orders) == 1 else ()
    verdict = Verdict(status, moves, sum(v.states for v in verdicts), time.perf_counter() - started, HONEST,
                      len(verdicts), won, lost, best)
    return verdict, firsts, verdicts


def _worth(round_number: int, verdicts: Sequence[Verdict[Move]]) -> Counter[Move]:
    """The bonus each first move's winning lines score, summed over the sampled orders."""
    worth: Counter[Move] = Counter()
    for verdict in verdicts:
        if verdict.status == WON and verdict.moves:
            worth[verdict.moves[0]] += bonus(win_round(round_number, verdict.moves))
    return worth


def _aim(round_number: int, verdicts: Sequence[Verdict[Move]], move: Move) -> int:
    """The round in which most of the sampled orders' winning lines that start with ``move`` win
    (the earlier one of a tie); the next round when none does."""
    rounds = Counter(win_round(round_number, v.moves) for v in verdicts if v.status == WON and v.moves[:1] == (move,))
    return min(rounds, key=lambda r: (-rounds[r], r), default=min(round_number + 1, LAST_ROUND))


def _share(budget: float | int | None, part: float) -> float | None:
    return None if budget is None else budget * part


def honest_hint(observation: DoubleHObservation, samples: int = DEFAULT_SAMPLES,
                budget_states: int | None = DEFAULT_STATES, seed: int | str = 0,
                budget_s: float | None = None) -> Hint[Move]:
    """The honest hint from what the player has seen (see the module for the plan). Its ``aim``
    is the round whose win it aims at; where several orders were sampled, its verdict's
    ``won_samples`` counts the orders whose winning line starts with the advised move."""
    started = time.perf_counter()
    result = observation.result
    if result.is_over:
        verdict: Verdict[Move] = Verdict(result.outcome, (), 0, 0.0, HONEST)
        return Hint(None, f"The game is over: {result.outcome}", HONEST, verdict, "")
    if samples < 1 or (budget_states is not None and budget_states < 1):
        raise ValueError("an honest hint needs at least one sample and one state")
    if budget_states is None and budget_s is None:
        budget_states = DEFAULT_STATES
    legal = [move for move in observation.legal_moves if move.kind is not MoveKind.GIVE_UP]
    order = {move: index for index, move in enumerate(legal)}
    table = _table(observation)
    now = observation.round

    def advice(move: Move, verdict: Verdict[Move], support: str, aim: int = 0) -> Hint[Move]:
        verdict = Verdict(verdict.status, verdict.moves, verdict.states, time.perf_counter() - started, HONEST,
                          verdict.samples, verdict.won_samples, verdict.lost_samples, verdict.best_line)
        return Hint(move, table.describe(move), HONEST, verdict, support, aim)

    def spent(verdict: Verdict[Move], floor: float) -> tuple[float | None, int | None]:
        """What is left of the budget after a search, and at least ``floor`` of it."""
        left_s = None if budget_s is None else max(budget_s - (time.perf_counter() - started), budget_s * floor)
        left = None if budget_states is None else max(budget_states - verdict.states, int(budget_states * floor))
        return left_s, left

    def counted(verdict: Verdict[Move], won: int) -> Verdict[Move]:
        return Verdict(verdict.status, verdict.moves, verdict.states, verdict.seconds, HONEST, verdict.samples, won,
                       verdict.lost_samples, verdict.best_line)

    if not order_seen(observation):
        nothing: Verdict[Move] = Verdict(UNKNOWN, (), 0, 0.0, HONEST, 0, 0, 0)
        if len(legal) == 1:
            return advice(legal[0], nothing, ONLY)
        safe = safe_move(table)
        if safe is not None:
            return advice(safe, nothing, SAFE)
        drawing = Move.draw() in legal
        if len(observation.waste) + observation.stock_size <= AIM_CARDS:
            # aim at a win in round 1 (x3) in the orders sampled; with a place empty (no draw), the
            # plan's own search (below) has the other half of the budget
            part = 1.0 if drawing else 0.5
            aimed, firsts, verdicts = solve_honest(observation, _share(budget_s, part),
                                                   None if budget_states is None else int(budget_states * part),
                                                   samples, seed, last=now)
            worth = _worth(now, verdicts)
            move = min(worth, key=lambda m: (-worth[m], order.get(m, len(order))), default=Move.draw())
            if worth[move] / len(verdicts) >= AIM_WORTH:
                return advice(move, counted(aimed, firsts[move]), AIMED, _aim(now, verdicts, move))
            if drawing:
                return advice(Move.draw(), counted(aimed, firsts[move]), FIRST_ROUND, LAST_ROUND)
            budget_s, budget_states = spent(aimed, 0.5)  # the plan's own search: the other half
        elif drawing:
            return advice(Move.draw(), nothing, FIRST_ROUND, LAST_ROUND)
    verdict, firsts, verdicts = solve_honest(observation, budget_s, budget_states, samples, seed)
    many = len(verdicts) > 1
    if firsts and not many:
        line = verdict.moves
        left_s, left = spent(verdict, 0.0)
        left_s = None if left_s is None or budget_s is None else min(left_s, budget_s * SOONER_SHARE)
        left = None if left is None or budget_states is None else min(left, int(budget_states * SOONER_SHARE))
        if win_round(now, line) > now and (left is None or left >= SOONER_STATES) and (left_s is None or left_s > 0):
            # a win found: what is left of the budget looks for one a round earlier, worth more
            sooner, _, _ = solve_honest(observation, left_s, left, samples, seed, last=win_round(now, line) - 1)
            states = verdict.states + sooner.states
            if sooner.status == WON:
                verdict, line = sooner, sooner.moves
            verdict = Verdict(verdict.status, verdict.moves, states, 0.0, HONEST, verdict.samples,
                              verdict.won_samples, verdict.lost_samples, verdict.best_line)
        return advice(line[0], verdict, "it starts a winning line (you have seen every card still to come)",
                      win_round(now, line))
    if firsts:
        move = min(firsts, key=lambda m: (-firsts[m], order.get(m, len(order))))
        return advice(move, counted(verdict, firsts[move]),
                      f"it starts a win in {firsts[move]} of {len(verdicts)} possible stock orders",
                      _aim(now, verdicts, move))
    guess = best_guess(observation, verdict)
    if verdict.status == LOST:
        lost_in = f"all {len(verdicts)} possible stock orders" if many else "the stock order you have seen"
        return advice(guess, verdict, f"lost in {lost_in}; it plays on")
    return advice(guess, verdict, "a best guess: no win was found within the search", LAST_ROUND)
