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
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from kabale.double_h import DoubleH, MoveKind  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    args = parser.parse_args()
    started = time.perf_counter()
    outcomes: Counter[str] = Counter()
    moves = 0
    for seed in range(args.games):
        game = DoubleH.deal(seed)
        rng = random.Random(seed)
        while not game.is_over():
            game.apply(rng.choice([m for m in game.legal_moves() if m.kind is not MoveKind.GIVE_UP]))
            moves += 1
        game.position().validate()
        outcomes[game.result().outcome] += 1
    seconds = time.perf_counter() - started
    print(f"{args.games} random games of Double H: {dict(outcomes)}, {moves} moves, "
          f"{seconds:.1f} s ({1000 * seconds / args.games:.1f} ms a game), no error")
    return 0


if __name__ == "__main__":
    sys.exit(main())
