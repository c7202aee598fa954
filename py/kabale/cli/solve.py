"""`python -m kabale solve`: solve one deal, or count wins over many.

    python -m kabale solve --game double-h --seed 7 [--budget-s 2] [--mode honest]
    python -m kabale solve --game double-h --seeds 1-500 [--budget-s 2] [--jobs 2]
    python -m kabale solve --game patience --seed 7 [--compounded-doubles] [--free-yield]
    python -m kabale solve --game patience --seeds 1-500

One deal prints its result (won / lost / unknown), the moves of a win as
text, the states searched and the seconds. Many deals print the counts of
won / proved lost / unknown and the win rate with its 95% interval (an
unknown deal counts as not won, so the rate is a lower bound). ``--jobs``
solves deals in parallel processes (the library itself stays single-threaded
for Pyodide). Patience Kabalam is solved in thoughtful mode only (it knows
the face-down cards and the draw pile), with the options asked for.
"""

from __future__ import annotations

import argparse
import json
import re
from typing import Any

from kabale.games import GAMES as REGISTRY

NAME = "solve"
HELP = "solve a deal (thoughtful or honest) or measure the win rate over many"
#: The games the solver plays.
GAMES = tuple(name for name, spec in REGISTRY.items() if spec.solver_modes)


def _seed_range(text: str) -> range:
    match = re.fullmatch(r"\s*(\d+)\s*-\s*(\d+)\s*", text)
    if not match or int(match[1]) > int(match[2]):
        raise argparse.ArgumentTypeError(f"{text!r} is not a range of seeds like 1-500")
    return range(int(match[1]), int(match[2]) + 1)


def _seed(text: str) -> int:
    if not text.strip().isdigit():
        raise argparse.ArgumentTypeError(f"{text!r} is not a seed (a non-negative whole number)")
    return int(text)


def _positive(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive number")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", choices=GAMES, default="double-h", help="the game (default: double-h)")
    parser.set_defaults(solve_parser=parser)
    which = parser.add_mutually_exclusive_group(required=True)
    which.add_argument("--seed", type=_seed, help="one deal")
    which.add_argument("--seeds", type=_seed_range, help="a range of deals, e.g. 1-500")
    parser.add_argument("--budget-s", type=_positive, default=2.0, help="seconds per deal (default 2)")
    parser.add_argument("--budget-states", type=int, default=None, help="states per deal (instead of, or with, seconds)")
    parser.add_argument("--mode", choices=("thoughtful", "honest"), default="thoughtful",
                        help="thoughtful knows the stock's order; honest only what the player has seen")
    parser.add_argument("--samples", type=int, default=8, help="stock orders an honest answer samples")
    parser.add_argument("--jobs", type=int, default=1, help="processes for --seeds (default 1)")
    parser.add_argument("--compounded-doubles", action="store_true", help="patience: the option of compounded Doubles")
    parser.add_argument("--free-yield", action="store_true", help="patience: the option of free yield")


Job = tuple[str, int, float, "int | None", str, int, bool, bool]


def _solve_one(job: Job) -> dict[str, Any]:
    from kabale.games.kabala.rules import Options

    game, seed, budget_s, budget_states, mode, samples, compounded, free_yield = job
    spec = REGISTRY[game]
    options = Options(compounded_doubles=compounded, free_yield=free_yield)
    verdict = spec.solve(spec.deal(seed, options), budget_s, budget_states, mode, samples, seed)
    return {"seed": seed, **verdict.to_dict(), **({"options": options.to_dict()} if spec.has_options else {})}


def run(args: argparse.Namespace) -> int:
    from kabale.solver import Verdict, summarize

    spec = REGISTRY[args.game]
    if args.mode not in spec.solver_modes:
        args.solve_parser.error(spec.mode_refusal())
    if not spec.has_options and (args.compounded_doubles or args.free_yield):
        args.solve_parser.error(f"{spec.title} has no options; --compounded-doubles and --free-yield are the patience's")
    extra: dict[str, Any] = {}
    if spec.has_options:
        extra["options"] = {"compounded_doubles": args.compounded_doubles, "free_yield": args.free_yield}

    def job(seed: int) -> Job:
        return (args.game, seed, args.budget_s, args.budget_states, args.mode, args.samples,
                args.compounded_doubles, args.free_yield)

    if args.seed is not None:
        print(json.dumps({"game": args.game, **_solve_one(job(args.seed))}))
        return 0
    jobs = [job(seed) for seed in args.seeds]
    if args.jobs > 1:
        import multiprocessing

        with multiprocessing.Pool(args.jobs) as pool:
            results = pool.map(_solve_one, jobs, chunksize=1)
    else:
        results = [_solve_one(one) for one in jobs]
    verdicts: list[Verdict[str]] = [Verdict(r["result"], (), r["states"], r["seconds"], r["mode"]) for r in results]
    summary = summarize(verdicts).to_dict()
    summary["seeds"] = f"{args.seeds.start}-{args.seeds.stop - 1}"
    print(json.dumps({"game": args.game, "mode": args.mode, "count": len(verdicts), "budget_s": args.budget_s,
                      **summary, **extra}))
    return 0
