"""10,000 random games of Double H through the engine, without an error.

    python bench/double_h_random.py [--games 10000]

Each game picks uniformly among the legal moves (never giving up) until the
engine says it is over; every position is validated at the end of a game.
Prints the outcomes and the time taken.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from kabale.games.double_h.rules import DoubleH, MoveKind  # noqa: E402


def play_random(seeds: range) -> tuple[Counter[str], int]:
    """Play a random game from each seed to its end; the outcomes and the number of moves.
    Raises when the engine errs or leaves an invalid position."""
    outcomes: Counter[str] = Counter()
    moves = 0
    for seed in seeds:
        game = DoubleH.deal(seed)
        rng = random.Random(seed)
        while not game.is_over():
            game.apply(rng.choice([m for m in game.legal_moves() if m.kind is not MoveKind.GIVE_UP]))
            moves += 1
        game.position().validate()
        outcomes[game.result().outcome] += 1
    return outcomes, moves


def play_random_in_parallel(games: int, processes: int = 2) -> tuple[Counter[str], int]:
    """:func:`play_random` over seeds 0..games-1, split across processes (the machine has 2 cores)."""
    chunks = [range(start, games, processes) for start in range(processes)]
    outcomes: Counter[str] = Counter()
    moves = 0
    with ProcessPoolExecutor(processes) as pool:
        for part, count in pool.map(play_random, chunks):
            outcomes += part
            moves += count
    return outcomes, moves


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--processes", type=int, default=1, help="1 gives one core's time a game")
    args = parser.parse_args()
    started = time.perf_counter()
    outcomes, moves = play_random_in_parallel(args.games, args.processes)
    seconds = time.perf_counter() - started
    print(f"{args.games} random games of Double H: {dict(outcomes)}, {moves} moves, "
          f"{seconds:.1f} s ({1000 * seconds * args.processes / args.games:.1f} ms a game on one core), no error")
    return 0


if __name__ == "__main__":
    sys.exit(main())
