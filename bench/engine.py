"""Engine figures for the three games, in CPython: `python bench/engine.py`.

Prints random-playout hands per second (2 and 4 seats), patience games per
second, Double H random moves per second, the same on each game's values-only
core (the KABALAM hand's ``core()``, the patience's and Double H's core Model),
the cost of single calls (legal_moves, apply, copy, observation, deal),
and then plays 10,000 random games per variant (2, 3 and 4 seats, and the
patience) checking that each ends properly, with the time that takes.

Options: ``--games N`` for the long run (0 skips it), ``--seconds S`` per
throughput figure, ``--json`` to print the figures as JSON as well.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from kabale.cards import kabalam_deck, patience_deck  # noqa: E402
from kabale.games.kabala.rules import Options  # noqa: E402
from kabale.games.double_h.core import Model as DoubleHModel  # noqa: E402
from kabale.games.double_h.rules import DoubleH, MoveKind  # noqa: E402
from kabale.games.kabalam.hand import KabalamHand  # noqa: E402
from kabale.games.patience.rules import Patience  # noqa: E402
from kabale.games.patience.solver import Model  # noqa: E402


def throughput(play_one: Callable[[int], int], seconds: float) -> tuple[float, float]:
    """Games per second and moves per game, playing games until ``seconds`` have passed."""
    games = moves = 0
    started = time.perf_counter()
    while (elapsed := time.perf_counter() - started) < seconds:
        moves += play_one(games)
        games += 1
    return games / elapsed, moves / games


def random_hand(seats: int, rng: random.Random) -> Callable[[int], int]:
    def play(seed: int) -> int:
        hand = KabalamHand.deal(seed, seats=seats)
        hand.play_out(rng)
        return len(hand.moves)

    return play


def random_core_hand(seats: int, rng: random.Random) -> Callable[[int], int]:
    """Random playouts on the KABALAM core itself (the rules in values that the hand,
    the bots and the cheater play on), dealt by the hand: what a search's playout costs."""
    def play(seed: int) -> int:
        core = KabalamHand.deal(seed, seats=seats).core()
        moves = 0
        while core.scores is None:
            legal = core.legal_moves()
            core.apply(legal[int(rng.random() * len(legal))])
            moves += 1
        return moves

    return play


def random_core_patience(rng: random.Random) -> Callable[[int], int]:
    """Random playouts on the patience's core (its Model, values only), dealt by the game."""
    def play(seed: int) -> int:
        model, state = Model.from_game(Patience.deal(seed))
        moves = 0
        while actions := model.actions(state):
            state = model.play(state, actions[int(rng.random() * len(actions))])
            moves += 1
        return moves

    return play


def random_patience(rng: random.Random) -> Callable[[int], int]:
    def play(seed: int) -> int:
        game = Patience.deal(seed)
        game.play_out(rng)
        return len(game.moves)

    return play


def random_double_h(rng: random.Random) -> Callable[[int], int]:
    """A Double H game of random moves (never giving up) on the checked class, to its end."""
    def play(seed: int) -> int:
        game = DoubleH.deal(seed)
        moves = 0
        while not game.is_over():
            game.apply(rng.choice([move for move in game.legal_moves() if move.kind is not MoveKind.GIVE_UP]))
            moves += 1
        return moves
    return play


def random_core_double_h(rng: random.Random) -> Callable[[int], int]:
    """The same on Double H's core Model: random actions until none is left (a random game
    parks to and fro without end once lost, so a game stops after 2,000 moves)."""
    def play(seed: int) -> int:
        model, state = DoubleHModel.from_game(DoubleH.deal(seed))
        moves = 0
        while moves < 2000 and not model.is_won(state):
            actions = model.actions(state)
            if not actions:
                break
            state = model.play(state, rng.choice(actions))
            moves += 1
        return moves
    return play


def sample_states(count: int, seats: int, rng: random.Random) -> list[KabalamHand]:
    """Decision points taken from random hands: what a bot meets."""
    states: list[KabalamHand] = []
    seed = 0
    while len(states) < count:
        hand = KabalamHand.deal(seed, seats=seats)
        seed += 1
        while not hand.is_over():
            if rng.random() < 0.2:
                states.append(hand.copy())
            hand.apply(rng.choice(hand.legal_moves()))
    return states[:count]


def microseconds(call: Callable[[], object], repeat: int) -> float:
    started = time.perf_counter()
    for _ in range(repeat):
        call()
    return (time.perf_counter() - started) / repeat * 1e6


def per_call(states: list[KabalamHand], rng: random.Random) -> dict[str, float]:
    figures: dict[str, float] = {}
    started = time.perf_counter()
    for state in states:
        for _ in range(10):
            state.legal_moves()
    figures["legal_moves"] = (time.perf_counter() - started) / (10 * len(states)) * 1e6
    copies = [state.copy() for state in states]
    started = time.perf_counter()
    for state in states:
        state.copy()
    figures["copy"] = (time.perf_counter() - started) / len(states) * 1e6
    moves = [rng.choice(copy.legal_moves()) for copy in copies]
    started = time.perf_counter()
    for copy, move in zip(copies, moves):
        copy.apply(move)
    figures["apply"] = (time.perf_counter() - started) / len(copies) * 1e6
    started = time.perf_counter()
    for state in states:
        state.observation(state.turn or state.seats[0])
    figures["observation (first)"] = (time.perf_counter() - started) / len(states) * 1e6
    started = time.perf_counter()
    for state in states:
        state.observation(state.turn or state.seats[0])
    figures["observation (again)"] = (time.perf_counter() - started) / len(states) * 1e6
    figures["deal (4 seats)"] = microseconds(lambda: KabalamHand.deal(1, seats=4), 2000)
    figures["to_dict + from_dict"] = microseconds(lambda: KabalamHand.from_dict(states[0].to_dict()), 200)
    return figures


def long_run(games: int) -> dict[str, Any]:
    """``games`` random games per variant, each checked to end properly."""
    report: dict[str, Any] = {}
    kabalam = Counter(kabalam_deck())
    for seats in (2, 3, 4):
        rng = random.Random(seats)
        endings: Counter[str] = Counter()
        started = time.perf_counter()
        for seed in range(games):
            options = Options(compounded_doubles=seed % 4 == 1, free_yield=seed % 4 == 2)
            hand = KabalamHand.deal(seed, seats=seats, options=options)
            result = hand.play_out(rng)
            endings[result.ending] += 1
            cards = [*(c for p in hand.packets for c in p), *hand.draw_pile,
                     *(c for s in hand.seats for c in (*hand.endowment(s), *hand.set_aside(s)))]
            if Counter(cards) != kabalam or min(result.scores.values()) < 0:
                raise AssertionError(f"hand {seed} with {seats} seats went wrong")
        report[f"kabalam {seats} seats"] = {"seconds": round(time.perf_counter() - started, 2), **endings}
    rng = random.Random(0)
    reasons: Counter[str] = Counter()
    deck = Counter(patience_deck())
    started = time.perf_counter()
    for seed in range(games):
        options = Options(compounded_doubles=seed % 4 == 1, free_yield=seed % 4 == 2)
        game = Patience.deal(seed, options=options)
        reasons[game.play_out(rng).reason] += 1
        if Counter([*(c for p in game.packets for c in p), *game.endowment, *game.draw_pile]) != deck:
            raise AssertionError(f"patience {seed} went wrong")
    report["patience"] = {"seconds": round(time.perf_counter() - started, 2), **reasons}
    return report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="random games per variant in the long run")
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per throughput figure")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    args = parser.parse_args()
    rng = random.Random(2024)
    figures: dict[str, Any] = {"python": f"{platform.python_implementation()} {platform.python_version()}"}
    print(f"KABALAM engine, {figures['python']} on {platform.machine()}")

    for seats in (2, 4):
        per_second, moves = throughput(random_hand(seats, rng), args.seconds)
        figures[f"hands/s {seats} seats"] = round(per_second)
        print(f"  random playouts, {seats} seats: {per_second:8.0f} hands/s ({moves:.1f} moves a hand, deal included)")
    per_second, moves = throughput(random_patience(rng), args.seconds)
    figures["patience games/s"] = round(per_second)
    print(f"  random patience:            {per_second:8.0f} games/s ({moves:.1f} moves a game)")
    for seats in (2, 4):
        per_second, moves = throughput(random_core_hand(seats, rng), args.seconds)
        figures[f"core hands/s {seats} seats"] = round(per_second)
        print(f"  core playouts, {seats} seats:   {per_second:8.0f} hands/s ({moves:.1f} moves a hand, deal included)")
    per_second, moves = throughput(random_core_patience(rng), args.seconds)
    figures["core patience games/s"] = round(per_second)
    print(f"  core patience playouts:     {per_second:8.0f} games/s ({moves:.1f} moves a game, deal included)")
    for name, player in (("Double H", random_double_h), ("core Double H", random_core_double_h)):
        per_second, moves = throughput(player(rng), args.seconds)
        figures[f"{name} moves/s"] = round(per_second * moves)
        print(f"  {name + ' random moves:':28}{per_second * moves:8.0f} moves/s ({moves:.1f} moves a game, deal included)")

    for seats in (2, 4):
        states = sample_states(2000, seats, rng)
        calls = per_call(states, rng)
        figures[f"us per call, {seats} seats"] = {name: round(value, 2) for name, value in calls.items()}
        print(f"  one call, {seats} seats (µs): " + ", ".join(f"{name} {value:.1f}" for name, value in calls.items()))

    if args.games:
        print(f"  {args.games} random games per variant (options cycling: none, compounded, free yield, none):")
        report = long_run(args.games)
        figures[f"{args.games} games per variant"] = report
        for variant, outcome in report.items():
            details = ", ".join(f"{key} {value}" for key, value in outcome.items() if key != "seconds")
            print(f"    {variant:18} {outcome['seconds']:7.2f} s  ({details})")
    if args.json:
        print(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
