"""Benchmark of the Double H solver (thoughtful mode) over a range of deals.

    python bench/solver.py [--seeds 1-500] [--budget-s 2] [--jobs 1]

Prints the share of deals decided (won or proved lost) within the budget,
the median and 95th percentile of the time per deal, states searched per
second, and the thoughtful win rate with its 95% Wilson interval (unknown
deals count as not won: a lower bound). One process by default, so the
times are those of one CPython core; ``--jobs`` trades that for speed.
Figures go to stdout as text and JSON (and to bench/results/, git-ignored).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from kabale.solver import solve_seed, wilson_interval  # noqa: E402


def _one(job: tuple[int, float]) -> tuple[int, str, int, float]:
    seed, budget_s = job
    verdict = solve_seed(seed, budget_s=budget_s)
    return seed, verdict.status, verdict.states, verdict.seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", default="1-500")
    parser.add_argument("--budget-s", type=float, default=2.0)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    first, last = (int(part) for part in args.seeds.split("-"))
    jobs = [(seed, args.budget_s) for seed in range(first, last + 1)]
    started = time.perf_counter()
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            rows = pool.map(_one, jobs, chunksize=1)
    else:
        rows = []
        for job in jobs:
            rows.append(_one(job))
            if len(rows) % 50 == 0:
                print(f"  {len(rows)} deals, {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
    wall = time.perf_counter() - started
    count = len(rows)
    won = sum(status == "won" for _, status, _, _ in rows)
    lost = sum(status == "lost" for _, status, _, _ in rows)
    seconds = sorted(s for *_, s in rows)
    states = sum(n for _, _, n, _ in rows)
    decided_in_time = sum(status != "unknown" and s <= args.budget_s for _, status, _, s in rows)
    low, high = wilson_interval(won, count)
    figures = {
        "seeds": args.seeds,
        "budget_s": args.budget_s,
        "deals": count,
        "won": won,
        "proved_lost": lost,
        "unknown": count - won - lost,
        "decided_within_budget": round(decided_in_time / count, 4),
        "median_s": round(statistics.median(seconds), 3),
        "p95_s": round(seconds[min(count - 1, int(0.95 * count))], 3),
        "states_per_s": round(states / sum(seconds)),
        "win_rate": round(won / count, 4),
        "win_rate_interval_95": [round(low, 4), round(high, 4)],
        "unknown_seeds": [seed for seed, status, _, _ in rows if status == "unknown"],
        "lost_seeds": [seed for seed, status, _, _ in rows if status == "lost"],
        "wall_s": round(wall, 1),
        "python": sys.version.split()[0],
    }
    print(f"Double H solver, thoughtful, seeds {args.seeds}, {args.budget_s:g} s per deal")
    print(f"  decided within {args.budget_s:g} s: {100 * figures['decided_within_budget']:.1f}%"
          f"  (won {won}, proved lost {lost}, unknown {count - won - lost})")
    print(f"  time per deal: median {figures['median_s']} s, p95 {figures['p95_s']} s;"
          f" {figures['states_per_s']} states/s")
    print(f"  thoughtful win rate: {100 * won / count:.1f}%  (95% interval {100 * low:.1f}%-{100 * high:.1f}%)")
    print(json.dumps(figures))
    results = ROOT / "bench" / "results"
    results.mkdir(parents=True, exist_ok=True)
    (results / "solver.json").write_text(json.dumps(figures, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
