"""`python -m kabale simulate`: bots play many games; a JSON summary on stdout.

KABALAM: ``--games N`` matches (or hands, with ``--hands``) for ``--seats``
bots. Patience: N games of the one bot. Game i is dealt with seed ``S + i``;
each bot's rng is seeded with the text "S+i:seat", so a run is reproducible.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from typing import Any

from kabale.bots import BOTS, Bot, make_bot
from kabale.cards import new_rng
from kabale.kabala import Options
from kabale.kabalam import KabalamHand
from kabale.kabalam_state import ENDINGS
from kabale.match import Match
from kabale.patience import DRAW_PILE_FINISHED, OUT_WITH_THIRTEEN, WON, Patience

NAME = "simulate"
HELP = "let bots play many games and print a JSON summary"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", choices=["kabalam", "patience"], default="kabalam")
    parser.add_argument("--seats", type=int, choices=[2, 3, 4], default=4, help="KABALAM players (default 4)")
    parser.add_argument("--games", type=int, default=100, help="how many matches, hands or patiences (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="game i is dealt with seed SEED + i (default 0)")
    parser.add_argument("--hands", action="store_true", help="KABALAM: play single hands, not matches")
    parser.add_argument("--bot", choices=sorted(BOTS), default="random", help="the bot on every seat")
    parser.add_argument("--compounded-doubles", action="store_true", help="the option of compounded Doubles")
    parser.add_argument("--free-yield", action="store_true", help="the option of free yield")


def run(args: argparse.Namespace) -> int:
    if args.games < 0 or args.seed < 0:
        raise SystemExit("simulate: --games and --seed are not negative")
    options = Options(compounded_doubles=args.compounded_doubles, free_yield=args.free_yield)
    started = time.perf_counter()
    if args.game == "patience":
        summary = simulate_patience(args.games, args.seed, options, args.bot)
    else:
        summary = simulate_kabalam(args.games, args.seed, args.seats, options, args.bot, matches=not args.hands)
    summary["seconds"] = round(time.perf_counter() - started, 3)
    print(json.dumps(summary, indent=2))
    return 0


def _bots(name: str, seed: int, seats: tuple[str, ...]) -> dict[str, Bot]:
    return {seat: make_bot(name, new_rng(f"{seed}:{seat}")) for seat in seats}


def play_hand(hand: KabalamHand, bots: dict[str, Bot]) -> None:
    """Each seat's bot chooses from its own observation until the hand is over."""
    while not hand.is_over():
        seat = hand.turn
        assert seat is not None
        hand.apply(bots[seat].choose(hand.observation(seat)))


class _Tally:
    """What the KABALAM summary counts, hand by hand."""

    def __init__(self) -> None:
        self.hands = 0
        self.moves = 0
        self.endings: Counter[str] = Counter({ending: 0 for ending in ENDINGS})
        self.closers: Counter[str] = Counter()
        self.out_with_thirteen = 0
        self.scores: list[int] = []

    def add(self, hand: KabalamHand) -> None:
        result = hand.result()
        assert result is not None
        self.hands += 1
        self.moves += len(hand.moves)
        self.endings[result.ending] += 1
        if result.closer:
            self.closers[result.closer] += 1
        self.out_with_thirteen += len(result.out_with_thirteen)
        self.scores.extend(result.scores.values())

    def summary(self) -> dict[str, Any]:
        return {
            "hands": self.hands,
            "mean_moves_per_hand": round(self.moves / self.hands, 2) if self.hands else None,
            "endings": dict(self.endings),
            "closers": dict(sorted(self.closers.items())),
            "out_with_thirteen": self.out_with_thirteen,
            "hand_scores": score_distribution(self.scores),
        }


def simulate_kabalam(
    games: int, seed: int, seats: int, options: Options, bot: str, matches: bool = True
) -> dict[str, Any]:
    tally = _Tally()
    winners: Counter[str] = Counter()
    shared = 0
    for i in range(games):
        if matches:
            match = Match.start(seed + i, seats=seats, options=options)
            bots = _bots(bot, seed + i, match.seats)
            while True:
                assert match.hand is not None
                play_hand(match.hand, bots)
                tally.add(match.hand)
                if match.is_over():
                    break
                match.next_hand()
            result = match.result()
            assert result is not None
            winners.update(result.great_kabalists)
            shared += len(result.great_kabalists) > 1
        else:
            hand = KabalamHand.deal(seed + i, seats=seats, options=options)
            play_hand(hand, _bots(bot, seed + i, hand.seats))
            tally.add(hand)
    summary: dict[str, Any] = {
        "game": "kabalam",
        "seats": seats,
        "unit": "match" if matches else "hand",
        "games": games,
        "seed": seed,
        "options": options.to_dict(),
        "bot": bot,
        **tally.summary(),
    }
    if matches:
        summary["mean_hands_per_match"] = round(tally.hands / games, 2) if games else None
        summary["winners"] = dict(sorted(winners.items()))
        summary["shared_titles"] = shared
    return summary


def score_distribution(scores: list[int]) -> dict[str, Any]:
    """Mean, quantiles and a histogram in tens of the points scored per seat per hand.

    >>> score_distribution([0, 0, 5, 12, 100, 130])["histogram"]
    {'0': 2, '1-9': 1, '10-19': 1, '100': 1, '101+': 1}
    """
    if not scores:
        return {"count": 0}
    ordered = sorted(scores)

    def quantile(q: float) -> int:
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    histogram: Counter[str] = Counter()
    for points in ordered:
        if points == 0 or points == 100:
            histogram[str(points)] += 1
        elif points > 100:
            histogram["101+"] += 1
        else:
            low = points // 10 * 10
            histogram[f"{low}-{low + 9}" if low else "1-9"] += 1
    return {
        "count": len(ordered),
        "mean": round(sum(ordered) / len(ordered), 2),
        "min": ordered[0],
        "median": quantile(0.5),
        "p90": quantile(0.9),
        "max": ordered[-1],
        "histogram": dict(histogram),
    }


def simulate_patience(games: int, seed: int, options: Options, bot: str) -> dict[str, Any]:
    results: Counter[str] = Counter({WON: 0, OUT_WITH_THIRTEEN: 0, DRAW_PILE_FINISHED: 0})
    moves = 0
    for i in range(games):
        game = Patience.deal(seed + i, options=options)
        player = make_bot(bot, new_rng(f"{seed + i}:patience"))
        while not game.is_over():
            game.apply(player.choose(game.observation()))
        result = game.result()
        assert result is not None
        results[result.reason] += 1
        moves += len(game.moves)
    return {
        "game": "patience",
        "games": games,
        "seed": seed,
        "options": options.to_dict(),
        "bot": bot,
        "wins": results[WON],
        "win_rate": round(results[WON] / games, 4) if games else None,
        "results": dict(results),
        "mean_moves": round(moves / games, 2) if games else None,
    }
