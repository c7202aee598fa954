"""The ladder of KABALAM bots: easy, normal, hard, expert and the cheater, measured.

* 2 seats: every pair plays ``--matches`` matches (default 1100, enough for a
  95% interval of +-3% or better on any win rate). Each deal is played twice,
  once with each bot in South (who starts the first hand).
* 4 seats: ``--matches4`` matches of each mixed line-up (one of each level and
  the cheater; the hard bot against three normal bots), the line-up turning one
  seat per match so every bot sits everywhere equally often.
* decision times (CPython): mean and p95 over every decision each bot made in
  the ladder (with its playout budget), and the hard bot with the table's
  150 ms on the positions of bench/bots_page/positions.py. ``--browser`` adds
  the browser figures of bench/bots_browser.py (Pyodide; slices vs worker).
* the hard bot's share of the gap between normal and the cheater, three ways:
  on the scale of win rates against normal, on a Bradley-Terry (logistic)
  rating fitted to every pair, and head to head against the cheater; each with
  a bootstrap 95% interval.

The hard bot and the cheater think ``--playouts`` playouts per decision
(default 1000), the expert twice as many (its PLAYOUT_FACTOR), so the ladder
is the same on any machine. That is less than the hard bot gets from the table's 150 ms (measured on the benchmark positions:
a median of about 1,650 in Pyodide, 2,150 in CPython), so if anything the
ladder under-rates the table's hard bot. At most ``--procs`` processes (2).
The whole ladder takes about 70 minutes on two cores.

Usage: .venv/bin/python bench/bots.py [--matches N] [--matches4 M] [--playouts P]
       [--only easy-normal,hard-cheater,expert1x-hard] [--browser] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import platform
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any, Iterable, Sequence

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "bench" / "bots_page"))

from cheater import Cheater  # noqa: E402
from kabale.bots import Bot, ExpertBot, make_bot  # noqa: E402
from kabale.cards import new_rng  # noqa: E402
from kabale.cli.simulate import seating, wilson  # noqa: E402
from kabale.games.kabala.rules import Move  # noqa: E402
from kabale.games.kabalam.hand import KabalamHand  # noqa: E402
from kabale.games.kabalam.match import Match  # noqa: E402
from positions import observation_of, positions  # noqa: E402

Job = tuple[tuple[str, ...], int, int, int]  # line-up, seed, turn, playouts

BOTS = ("easy", "normal", "hard", "expert", "cheater")
#: Only with --only: the expert's value with the hard bot's playouts, to tell what
#: the value does from what the longer thought does.
EXPERT_1X = "expert1x"
NAMES = (*BOTS, EXPERT_1X)
PAIRS = tuple((a, b) for i, a in enumerate(BOTS) for b in BOTS[i + 1:])
LINEUPS4 = (("easy", "normal", "hard", "cheater"), ("hard", "normal", "normal", "normal"))
SEED_2 = 1_000_000  # match seeds of the 2-seat ladder
SEED_4 = 2_000_000


class Player:
    """A ladder seat: an honest bot (sees an observation) or the cheater (sees the hand)."""

    def __init__(self, name: str, seed: str, playouts: int) -> None:
        self.name = name
        self.cheater = Cheater(new_rng(seed), budget_ms=None, playouts=playouts) if name == "cheater" else None
        self.bot: Bot | None
        if self.cheater:
            self.bot = None
        elif name == EXPERT_1X:
            self.bot = ExpertBot(new_rng(seed), budget_ms=None, playouts=playouts)
        else:
            self.bot = make_bot(name, new_rng(seed), budget_ms=None, playouts=playouts)
        self.times: list[float] = []  # ms per decision with a choice
        self.forced: list[float] = []  # ms per decision with one legal move

    def move(self, hand: KabalamHand, match: Match) -> Move:
        seat = hand.turn or ""
        started = time.perf_counter()
        if self.cheater is not None:
            move = self.cheater.choose_in(hand)
            choices = len(hand.legal_moves())
        else:
            assert self.bot is not None
            observation = hand.observation(seat)
            # the expert plays the match: it sees the public totals too
            move = self.bot.choose(match.observation(seat) if getattr(self.bot, "plays_the_match", False)
                                   else observation)
            choices = len(observation.legal_moves)
        (self.times if choices > 1 else self.forced).append((time.perf_counter() - started) * 1000)
        return move


def play_match(job: Job) -> dict[str, Any]:
    """One match: the line-up (seated by ``seating``), its seed and turn, the playouts."""
    lineup, seed, turn, playouts = job
    match = Match.start(seed, seats=len(lineup))
    names = seating(lineup, match.seats, turn)
    players = {seat: Player(name, f"{seed}:{turn}:{seat}", playouts) for seat, name in names.items()}
    points: dict[str, list[int]] = defaultdict(list)
    while True:
        hand = match.hand
        assert hand is not None
        while not hand.is_over():
            hand.apply(players[hand.turn or ""].move(hand, match))
        result = hand.result()
        assert result is not None
        for seat, score in result.scores.items():
            points[names[seat]].append(score)
        if match.is_over():
            break
        match.next_hand()
    outcome = match.result()
    assert outcome is not None
    share: dict[str, float] = defaultdict(float)
    for seat in outcome.great_kabalists:
        share[names[seat]] += 1 / len(outcome.great_kabalists)
    times: dict[str, list[float]] = defaultdict(list)
    forced: dict[str, list[float]] = defaultdict(list)
    for player in players.values():
        times[player.name].extend(player.times)
        forced[player.name].extend(player.forced)
    return {"lineup": list(lineup), "share": dict(share), "hands": outcome.hands, "points": dict(points),
            "times": dict(times), "forced": dict(forced)}


def run_jobs(jobs: list[Job], procs: int, label: str) -> list[dict[str, Any]]:
    started = time.perf_counter()
    results: list[dict[str, Any]] = []
    with multiprocessing.Pool(procs) as pool:
        for number, result in enumerate(pool.imap_unordered(play_match, jobs, chunksize=2), start=1):
            results.append(result)
            if number % 100 == 0 or number == len(jobs):
                print(f"    {label}: {number}/{len(jobs)} matches, {time.perf_counter() - started:.0f} s",
                      file=sys.stderr, flush=True)
    return results


def rate(wins: float, games: int) -> dict[str, Any]:
    return {"wins": round(wins, 2), "games": games, "rate": round(wins / games, 4) if games else None,
            "interval95": list(wilson(wins, games))}


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else math.nan


def time_figures(values: Sequence[float]) -> dict[str, Any]:
    if not values:
        return {"decisions": 0}
    return {"decisions": len(values), "mean_ms": round(statistics.mean(values), 2),
            "p95_ms": round(percentile(values, 0.95), 2), "max_ms": round(max(values), 2)}


# -- the gap -------------------------------------------------------------------


def bradley_terry(wins: dict[tuple[str, str], float], games: dict[tuple[str, str], int],
                  names: Sequence[str], prior: float = 0.5) -> dict[str, float]:
    """Logistic ratings (natural log-odds units) from pairwise wins, by Hunter's MM
    iterations; ``prior`` wins each way per pair keep a clean sweep finite."""
    strength = {name: 1.0 for name in names}
    for _ in range(2000):
        new = {}
        for name in names:
            won = sum(wins.get((name, other), 0.0) + prior for other in names if other != name)
            denominator = 0.0
            for other in names:
                if other == name:
                    continue
                played = games.get((name, other), 0) + 2 * prior
                denominator += played / (strength[name] + strength[other])
            new[name] = won / denominator
        scale = math.exp(statistics.mean(math.log(value) for value in new.values()))
        new = {name: value / scale for name, value in new.items()}
        if max(abs(math.log(new[name] / strength[name])) for name in names) < 1e-10:
            strength = new
            break
        strength = new
    return {name: math.log(value) - math.log(strength["normal"]) for name, value in strength.items()}


def shares(wins: dict[tuple[str, str], float], games: dict[tuple[str, str], int]) -> dict[str, float]:
    def p(a: str, b: str) -> float:
        return wins[(a, b)] / games[(a, b)]

    names = sorted({a for a, _ in games}, key=NAMES.index)
    ratings = bradley_terry(wins, games, names)
    figures = {}
    for bot in ("hard", "expert"):
        if (bot, "cheater") not in games:
            continue
        suffix = "" if bot == "hard" else "_expert"
        if (bot, "normal") in games:
            figures["vs_normal_win_rates" + suffix] = (p(bot, "normal") - 0.5) / (p("cheater", "normal") - 0.5)
        figures["bradley_terry" + suffix] = (ratings[bot] - ratings["normal"]) / (ratings["cheater"] - ratings["normal"])
        figures["head_to_head_vs_cheater" + suffix] = (
            (p(bot, "cheater") - p("normal", "cheater")) / (0.5 - p("normal", "cheater")))
    return figures


def gap_report(wins: dict[tuple[str, str], float], games: dict[tuple[str, str], int],
               rounds: int = 1000) -> dict[str, Any]:
    """The three shares, with 95% intervals from a parametric bootstrap of every pair."""
    point = shares(wins, games)
    rng = random.Random(2024)
    draws: dict[str, list[float]] = defaultdict(list)
    for _ in range(rounds):
        resampled_wins: dict[tuple[str, str], float] = {}
        for (a, b), n in games.items():
            if a > b:
                continue
            p = wins[(a, b)] / n
            won = sum(rng.random() < p for _ in range(n))
            resampled_wins[(a, b)], resampled_wins[(b, a)] = won, n - won
        try:
            for key, value in shares(resampled_wins, games).items():
                draws[key].append(value)
        except ZeroDivisionError:
            continue
    report: dict[str, Any] = {}
    for key, value in point.items():
        values = sorted(draws[key])
        report[key] = {"share": round(value, 3),
                       "interval95": [round(percentile(values, 0.025), 3), round(percentile(values, 0.975), 3)]}
    names = sorted({a for a, _ in games}, key=NAMES.index)
    report["bradley_terry_ratings"] = {name: round(value, 3) for name, value in
                                       bradley_terry(wins, games, names).items()}
    return report


# -- the table's budget, on the benchmark positions ------------------------------


def table_budget_times(count: int, budget_ms: float) -> dict[str, Any]:
    cases = [(observation_of(record, seat), seat) for record, seat in positions(count)]
    figures: dict[str, Any] = {}
    for level in ("easy", "normal", "hard"):
        times, playouts = [], []
        for number, (observation, _) in enumerate(cases):
            bot = make_bot(level, random.Random(number), budget_ms=budget_ms)
            started = time.perf_counter()
            bot.choose(observation)
            times.append((time.perf_counter() - started) * 1000)
            report = getattr(bot, "report", None)
            playouts.append(report.playouts if report is not None else 0)
        figures[level] = {**time_figures(times), "mean_playouts": round(statistics.mean(playouts)),
                          "median_playouts": round(statistics.median(playouts))}
    return figures


# -- the ladder ------------------------------------------------------------------


def ladder(matches: int, matches4: int, playouts: int, procs: int, only: Iterable[tuple[str, str]]) -> dict[str, Any]:
    report: dict[str, Any] = {"two_seats": {}, "four_seats": {}}
    times: dict[str, list[float]] = defaultdict(list)
    wins: dict[tuple[str, str], float] = {}
    games: dict[tuple[str, str], int] = {}
    for a, b in only:
        jobs: list[Job] = [((a, b), SEED_2 + k // 2, k % 2, playouts) for k in range(matches)]
        results = run_jobs(jobs, procs, f"{a} v {b}")
        won_a = sum(result["share"].get(a, 0.0) for result in results)
        hands = sum(result["hands"] for result in results)
        points_a = [p for result in results for p in result["points"][a]]
        points_b = [p for result in results for p in result["points"][b]]
        for result in results:
            for name, values in result["times"].items():
                times[name].extend(values)
        wins[(a, b)], wins[(b, a)] = won_a, len(results) - won_a
        games[(a, b)] = games[(b, a)] = len(results)
        report["two_seats"][f"{a} v {b}"] = {
            a: rate(won_a, len(results)),
            "hands": hands,
            "mean_points_per_hand": {a: round(statistics.mean(points_a), 2), b: round(statistics.mean(points_b), 2)},
        }
    for lineup in LINEUPS4 if matches4 else ():
        jobs4: list[Job] = [(lineup, SEED_4 + k // 4, k % 4, playouts) for k in range(matches4)]
        results = run_jobs(jobs4, procs, "/".join(lineup))
        names = sorted(set(lineup), key=lineup.index)
        entry: dict[str, Any] = {"matches": len(results), "hands": sum(result["hands"] for result in results)}
        for name in names:
            seats = lineup.count(name)
            won = sum(result["share"].get(name, 0.0) for result in results)
            entry[name] = {**rate(won, len(results)), "seats": seats, "fair_share": round(seats / len(lineup), 3),
                           "mean_points_per_hand": round(statistics.mean(
                               p for result in results for p in result["points"][name]), 2)}
        for result in results:
            for name, values in result["times"].items():
                times[name].extend(values)
        report["four_seats"]["/".join(lineup)] = entry
    report["decision_times_cpython"] = {name: time_figures(values) for name, values in times.items()}
    if ("cheater", "normal") in games and (("hard", "cheater") in games or ("expert", "cheater") in games):
        # a Bradley-Terry fit needs every bot linked to the others; a partial ladder
        # (--only) gives the shares its pairs allow
        try:
            report["gap_normal_to_cheater"] = gap_report(wins, games)
        except (KeyError, ZeroDivisionError) as missing:
            report["gap_normal_to_cheater"] = f"not enough pairs for the shares ({missing})"
    return report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1100, help="2-seat matches per pair (default 1100)")
    parser.add_argument("--matches4", type=int, default=400, help="4-seat matches per line-up (default 400; 0 skips)")
    parser.add_argument("--playouts", type=int, default=1000, help="hard and cheater playouts per decision")
    parser.add_argument("--procs", type=int, default=2, choices=[1, 2], help="processes (at most 2)")
    parser.add_argument("--only", default="", help="pairs to play, e.g. easy-normal,hard-cheater (default all)")
    parser.add_argument("--positions", type=int, default=60,
                        help="positions for the 150 ms timing (default 60; 0 skips)")
    parser.add_argument("--browser", action="store_true", help="also measure in headless Chromium (bots_browser.py)")
    parser.add_argument("--json", default="", help="also write the report to this file")
    args = parser.parse_args()
    only = PAIRS
    if args.only:
        wanted = {tuple(text.split("-")) for text in args.only.split(",")}
        only = tuple(pair for pair in PAIRS if pair in wanted or pair[::-1] in wanted)
        only += tuple(pair for pair in wanted if EXPERT_1X in pair and len(pair) == 2 and set(pair) <= set(NAMES))
    started = time.perf_counter()
    report: dict[str, Any] = {
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "matches_per_pair": args.matches, "matches_per_lineup4": args.matches4, "playouts": args.playouts,
    }
    if args.positions:
        print("timing the table's 150 ms budget on the benchmark positions...", file=sys.stderr, flush=True)
        report["table_budget_150ms_cpython"] = table_budget_times(args.positions, 150.0)
    report.update(ladder(args.matches, args.matches4, args.playouts, args.procs, only))
    if args.browser:
        from bots_browser import measure  # needs Playwright and make setup

        print("measuring in the browser...", file=sys.stderr, flush=True)
        report["browser"] = measure(args.positions, 150.0, 0.0)
    report["seconds"] = round(time.perf_counter() - started)
    text = json.dumps(report, indent=2)
    print(text)
    if args.json:
        Path(args.json).write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
