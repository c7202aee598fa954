"""Benchmark of the Patience Kabalam solver (thoughtful mode) over a range of deals.

    python bench/solver_patience.py [--seeds 1-10000] [--budget-s 2] [--options default,compounded,free-yield]

For each set of options: the share of deals decided (won or proved lost)
within the budget, the median and 95th percentile of the time per deal
(the search and the replay of its win through the engine), states searched
per second, and the thoughtful win rate with its 95% Wilson interval (an
unknown deal would count as not won: a lower bound). One process, so the
times are those of one CPython core. Figures go to stdout as text and JSON
(and to bench/results/, git-ignored).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from kabale.games.kabala.rules import Options  # noqa: E402
from kabale.solver import solve_patience_seed, wilson_interval  # noqa: E402

OPTIONS = {
    "default": Options(),
    "compounded": Options(compounded_doubles=True),
    "free-yield": Options(free_yield=True),
    "both": Options(compounded_doubles=True, free_yield=True),
}


def measure(first: int, last: int, options: Options, budget_s: float) -> dict[str, Any]:
    rows = []
    started = time.perf_counter()
    for seed in range(first, last + 1):
        verdict = solve_patience_seed(seed, options, budget_s=budget_s)
        rows.append((seed, verdict.status, verdict.states, verdict.seconds))
    wall = time.perf_counter() - started
    count = len(rows)
    won = sum(status == "won" for _, status, _, _ in rows)
    lost = sum(status == "lost" for _, status, _, _ in rows)
    seconds = sorted(s for *_, s in rows)
    states = sum(n for _, _, n, _ in rows)
    decided_in_time = sum(status != "unknown" and s <= budget_s for _, status, _, s in rows)
    low, high = wilson_interval(won, count)
    return {
        "options": options.to_dict(),
        "deals": count,
        "won": won,
        "proved_lost": lost,
        "unknown": count - won - lost,
        "decided_within_budget": round(decided_in_time / count, 6),
        "median_ms": round(1000 * statistics.median(seconds), 3),
        "p95_ms": round(1000 * seconds[min(count - 1, int(0.95 * count))], 3),
        "max_ms": round(1000 * seconds[-1], 3),
        "states": states,
        "max_states": max(n for _, _, n, _ in rows),
        "states_per_s": round(states / sum(seconds)) if sum(seconds) else None,
        "win_rate": round(won / count, 6),
        "win_rate_interval_95": [round(low, 6), round(high, 6)],
        "lost_seeds": [seed for seed, status, _, _ in rows if status == "lost"][:100],
        "unknown_seeds": [seed for seed, status, _, _ in rows if status == "unknown"][:100],
        "wall_s": round(wall, 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", default="1-10000")
    parser.add_argument("--budget-s", type=float, default=2.0)
    parser.add_argument("--options", default="default,compounded", help=f"any of {', '.join(OPTIONS)}")
    args = parser.parse_args()
    first, last = (int(part) for part in args.seeds.split("-"))
    figures: dict[str, Any] = {"seeds": args.seeds, "budget_s": args.budget_s, "python": sys.version.split()[0]}
    for name in args.options.split(","):
        result = measure(first, last, OPTIONS[name], args.budget_s)
        figures[name] = result
        won, count = result["won"], result["deals"]
        low, high = result["win_rate_interval_95"]
        print(f"Patience Kabalam solver, thoughtful, {name} options, seeds {args.seeds}, {args.budget_s:g} s per deal")
        print(f"  decided within {args.budget_s:g} s: {100 * result['decided_within_budget']:.2f}%"
              f"  (won {won}, proved lost {result['proved_lost']}, unknown {result['unknown']})")
        print(f"  time per deal: median {result['median_ms']} ms, p95 {result['p95_ms']} ms, max {result['max_ms']} ms;"
              f" {result['states_per_s']} states/s (most states for one deal: {result['max_states']})")
        print(f"  thoughtful win rate: {100 * won / count:.3f}%  (95% interval {100 * low:.3f}%-{100 * high:.3f}%)")
    print(json.dumps(figures))
    results = ROOT / "bench" / "results"
    results.mkdir(parents=True, exist_ok=True)
    (results / "solver_patience.json").write_text(json.dumps(figures, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
