"""Where the honest search loses to the cheater: each decision's regret against the real hand.

A match against the cheater takes 10-15 s and is won or lost as a whole, so a
change to the honest bots is hard to see in matches (200 matches give +-6%).
This bench looks at single decisions instead, with the cheater's eyes:

* **positions**: the honest seat's decisions (more than one legal move) in
  two-seat matches of hard against the cheater (both at ``--gen-playouts``),
  from fixed seeds;
* **oracle**: every legal move's value on the *real* hand (every card where it
  is), the mean over ``--oracle`` playouts of the search's playout policy (the
  hand points: the others' mean minus one's own);
* a bot's **regret** at a position: the oracle's best value minus the oracle's
  value of the move it chose. The real hand is one draw from what the honest
  seat may believe, so the mean regret is the points a decision costs against
  a player who knows everything, with the same playouts.

Bots: ``hard@P`` (the hard bot's search at P playouts), ``cheater@P`` (the
search on the real hand: the floor the oracle's own noise leaves), and
``peek-WHAT@P``: the hard bot's search where the sampler is given the real
``hand`` (the opponents' cards), ``pile`` (the draw pile in order) or
``packets`` (the face-down cards never seen), the rest sampled as the hard bot
does. A peek says what that hidden part is worth to a decision: what no honest
sampler can win back, unless the part can be inferred from what was seen.

Measured on 1 December 2026 (240 positions from 30 matches, oracle 48 playouts;
machine loaded, 95% intervals by the normal approximation):

* cheater@1000 1.2 (+-0.5) points a decision; hard@300 12.2 (+-2.5), hard@1000
  13.4 (+-2.7), hard@2000 12.3 (+-2.5), hard@3000 12.7 (+-2.6): past 300
  playouts thinking longer wins nothing back, the honest search is at the
  limit of what it knows (with these playouts);
* peek-hand 11.7 (+-2.6), peek-packets 9.7 (+-2.2), peek-pile 6.5 (+-2.1): the
  draw pile's order is worth half the gap, and all of it on a pass (which
  packet to flip: regret 10.7 honest, 1.0 with the pile known); the face-down
  cards are worth most of it on a play (16.6 honest, 9.8 with them known); the
  opponents' cards, which a better sampler could infer, are worth 1.6.

Usage: .venv/bin/python bench/expert_regret.py [--matches 30] [--positions 240]
       [--bots cheater@1000,hard@1000,peek-pile@1000] [--procs 2]
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "bench"))

from cheater import Cheater, sim_of_hand  # noqa: E402
from kabale.bots.base import finish  # noqa: E402
from kabale.bots.hard import HardBot  # noqa: E402
from kabale.bots.playout import play_out  # noqa: E402
from kabale.bots.sampler import Knowledge  # noqa: E402
from kabale.bots.search import Budget, search, value_for  # noqa: E402
from kabale.games.kabala.rules import Move  # noqa: E402
from kabale.games.kabalam.fast import SimHand, to_sim  # noqa: E402
from kabale.games.kabalam.hand import KabalamHand  # noqa: E402
from kabale.games.kabalam.match import Match  # noqa: E402

#: A decision: the hand's record and the seat to move.
Position = tuple[dict[str, Any], str]
#: The oracle's verdict on a position: each legal move (as text) and its value on the real hand.
Oracle = tuple[list[str], list[float]]
FIRST_SEED = 5_000_000
PEEKS = ("hand", "pile", "packets")


def positions_of(matches: int, playouts: int) -> list[Position]:
    """The honest seat's decisions in ``matches`` two-seat matches of hard v the cheater
    (the honest seat South in even matches, West in odd ones)."""
    found: list[Position] = []
    for number in range(matches):
        match = Match.start(FIRST_SEED + number, seats=2)
        honest = match.seats[number % 2]
        hard = HardBot(random.Random(number), budget_ms=None, playouts=playouts)
        cheater = Cheater(random.Random(number), budget_ms=None, playouts=playouts)
        while True:
            hand = match.hand
            assert hand is not None
            while not hand.is_over():
                seat = hand.turn or ""
                if seat == honest:
                    observation = hand.observation(seat)
                    if len(observation.legal_moves) > 1:
                        found.append((hand.to_dict(), seat))
                    move = hard.choose(observation)
                else:
                    move = cheater.choose_in(hand)
                hand.apply(move)
            if match.is_over():
                break
            match.next_hand()
    return found


def oracle(job: tuple[Position, int]) -> Oracle:
    """Each legal move's mean value over ``playouts`` playouts of the real hand."""
    (record, seat), playouts = job
    hand = KabalamHand.from_dict(record)
    real = sim_of_hand(hand)
    index = hand.seats.index(seat)
    moves = hand.legal_moves()
    values = []
    for move in moves:
        total = 0.0
        for number in range(playouts):
            world = real.copy()
            world.apply(to_sim(move))
            total += value_for(play_out(world, random.Random(number)), index)
        values.append(total / playouts)
    return [str(move) for move in moves], values


def peeking_sampler(hand: KabalamHand, seat: str, peeks: frozenset[str]) -> Callable[[random.Random], SimHand]:
    """The hard bot's worlds, but with the ``peeks`` parts of the real hand put in as they are:
    the rest is dealt at random from what is left (without the clues: a diagnostic)."""
    knowledge = Knowledge(hand.observation(seat))
    real = sim_of_hand(hand)
    me = hand.seats.index(seat)
    hidden = Counter(card.value for card in knowledge.hidden)
    unseen = [(p, i) for p, packet in enumerate(knowledge.memory) for i, card in enumerate(packet) if card is None]
    others = [i for i in range(len(hand.seats)) if i != me and real.playing[i]]

    def sample(rng: random.Random) -> SimHand:
        if not peeks:
            return knowledge.sim(rng)
        pool = hidden.copy()
        if "hand" in peeks:
            for i in others:
                pool.subtract({value: count for value, count in enumerate(real.counts[i]) if count})
        if "pile" in peeks:
            pool.subtract(real.pile)
        if "packets" in peeks:
            pool.subtract(real.packets[p][i] for p, i in unseen)
        rest = list(pool.elements())
        rng.shuffle(rest)
        world = real.copy()
        if "hand" not in peeks:
            for i in others:
                counts = [0] * 10
                for _ in range(real.sizes[i]):
                    counts[rest.pop()] += 1
                world.counts[i] = counts
        if "packets" not in peeks:
            for p, i in unseen:
                world.packets[p][i] = rest.pop()
        if "pile" not in peeks:
            world.pile = [rest.pop() for _ in real.pile]
        return world

    return sample


def choose(name: str, hand: KabalamHand, seat: str, rng: random.Random) -> Move:
    """The move of bot ``name`` (``kind@playouts``) at the position."""
    kind, _, count = name.partition("@")
    playouts = int(count or 1000)
    if kind == "hard":
        return HardBot(rng, budget_ms=None, playouts=playouts).choose(hand.observation(seat))
    if kind == "cheater":
        return Cheater(rng, budget_ms=None, playouts=playouts).choose_in(hand)
    if kind.startswith("peek-"):
        peeks = frozenset(kind[len("peek-"):].split("+"))
        if not peeks <= set(PEEKS):
            raise ValueError(f"peek at {', '.join(PEEKS)}, not {kind}")
        moves = hand.legal_moves()
        sample = peeking_sampler(hand, seat, peeks)
        index = finish(search(sample, [to_sim(move) for move in moves], hand.seats.index(seat), rng,
                              Budget(None, playouts)))
        return moves[index]
    raise ValueError(f"no bot {name!r}")


def regret(job: tuple[str, int, Position, Oracle]) -> tuple[str, float]:
    """(the kind of decision, the regret of the bot's move)."""
    name, number, (record, seat), (moves, values) = job
    hand = KabalamHand.from_dict(record)
    move = choose(name, hand, seat, random.Random(number))
    kind = "pass" if any(legal.kind == "pass" for legal in hand.legal_moves()) else "play"
    return kind, max(values) - values[moves.index(str(move))]


def mean_interval(values: list[float]) -> dict[str, Any]:
    """Mean and the half width of its 95% interval (normal approximation)."""
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.nan
    return {"n": len(values), "mean": round(statistics.mean(values), 2), "plus_minus": round(half, 2)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=30, help="matches the positions come from (default 30)")
    parser.add_argument("--positions", type=int, default=240, help="positions to judge at most (default 240)")
    parser.add_argument("--gen-playouts", type=int, default=200, help="playouts of the bots that make the positions")
    parser.add_argument("--oracle", type=int, default=48, help="playouts per move on the real hand (default 48)")
    parser.add_argument("--bots", default="cheater@1000,hard@1000,peek-hand@1000,peek-pile@1000,peek-packets@1000")
    parser.add_argument("--procs", type=int, default=2, choices=[1, 2])
    args = parser.parse_args()
    started = time.perf_counter()
    found = positions_of(args.matches, args.gen_playouts)[:args.positions]
    with multiprocessing.Pool(args.procs) as pool:
        verdicts = pool.map(oracle, [(position, args.oracle) for position in found], chunksize=4)
        report: dict[str, Any] = {"positions": len(found), "matches": args.matches, "oracle_playouts": args.oracle,
                                  "regret_points_per_decision": {}}
        for name in args.bots.split(","):
            jobs = [(name, number, position, verdict) for number, (position, verdict) in enumerate(zip(found, verdicts))]
            results = pool.map(regret, jobs, chunksize=8)
            by_kind: dict[str, list[float]] = defaultdict(list)
            for kind, value in results:
                by_kind[kind].append(value)
            report["regret_points_per_decision"][name] = {
                "all": mean_interval([value for _, value in results]),
                **{kind: mean_interval(values) for kind, values in sorted(by_kind.items())}}
            print(f"{name}: {report['regret_points_per_decision'][name]['all']}", file=sys.stderr, flush=True)
    report["seconds"] = round(time.perf_counter() - started)
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
