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
from kabale.games.double_h.solver import Space
from kabale.solver_core import HONEST, Hint, Verdict, safe_move, solve_position
from kabale.solver_search import LOST, UNKNOWN, WON

__all__ = ["DEFAULT_STATES", "DEFAULT_SAMPLES", "honest_hint", "sampled_orders", "solve_honest", "order_seen",
           "best_guess"]

#: The cap of states of one hint's searches (shared by its sampled orders). 4,000 won 490 of
#: deals 0-499 and 2,000 won 90 of deals 0-99; a search runs about 60,000 states a second in CPython.
DEFAULT_STATES = 4000
#: Stock orders sampled where a search in round 1 cannot be avoided (a place is empty).
DEFAULT_SAMPLES = 8

FIRST_ROUND = "the first round shows the stock's order: draw it through, then play what you have seen"
SAFE = "a build proved safe, whatever the stock's order"


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
                 samples: int, seed: int | str) -> tuple[Verdict[Move], Counter[Move], list[Verdict[Move]]]:
    """Solve every sampled order under an equal share of the budget: the honest verdict
    ("won"/"lost" only when every order agrees), the first moves of the winning lines and
    their counts, and each order's verdict. One order (it has been seen): the winning line
    is honest advice to its end; several: only its first move is."""
    started = time.perf_counter()
    orders = sampled_orders(observation, samples, seed)
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


def honest_hint(observation: DoubleHObservation, samples: int = DEFAULT_SAMPLES,
                budget_states: int | None = DEFAULT_STATES, seed: int | str = 0,
                budget_s: float | None = None) -> Hint[Move]:
    """The honest hint from what the player has seen (see the module for the plan)."""
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
    table = _table(observation)

    def advice(move: Move, verdict: Verdict[Move], support: str) -> Hint[Move]:
        return Hint(move, table.describe(move), HONEST, verdict, support)

    if not order_seen(observation):
        nothing: Verdict[Move] = Verdict(UNKNOWN, (), 0, time.perf_counter() - started, HONEST, 0, 0, 0)
        if len(legal) == 1:
            return advice(legal[0], nothing, "it is the only move")
        safe = safe_move(table)
        if safe is not None:
            return advice(safe, nothing, SAFE)
        if Move.draw() in legal:
            return advice(Move.draw(), nothing, FIRST_ROUND)
    verdict, firsts, verdicts = solve_honest(observation, budget_s, budget_states, samples, seed)
    verdict = Verdict(verdict.status, verdict.moves, verdict.states, time.perf_counter() - started, HONEST,
                      verdict.samples, verdict.won_samples, verdict.lost_samples, verdict.best_line)
    many = len(verdicts) > 1
    if firsts:
        order = {move: index for index, move in enumerate(legal)}
        move = min(firsts, key=lambda m: (-firsts[m], order.get(m, len(order))))
        if not many:
            return advice(move, verdict, "it starts a winning line (you have seen every card still to come)")
        return advice(move, verdict, f"it starts a win in {firsts[move]} of {len(verdicts)} possible stock orders")
    guess = best_guess(observation, verdict)
    if verdict.status == LOST:
        lost_in = f"all {len(verdicts)} possible stock orders" if many else "the stock order you have seen"
        return advice(guess, verdict, f"lost in {lost_in}; it plays on")
    return advice(guess, verdict, "a best guess: no win was found within the search")
