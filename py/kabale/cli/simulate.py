"""`python -m kabale simulate`: bots play many games; a JSON summary on stdout.

KABALAM: ``--games N`` (or ``--matches N``) matches, or hands with
``--hands``, for ``--seats`` bots. ``--bots hard,normal`` seats those bots in
turn (the list is repeated to fill the seats) and moves the line-up one seat
on after each game, so every bot sits in every seat equally often; the summary
gives each bot's win rate with its 95% (Wilson) interval. A title shared by k
seats counts 1/k to each. With ``--hands`` a hand is won by the fewest points.

Patience: N games of the one bot. Game i is dealt with seed ``S + i``; each
bot's rng is seeded with the text "S+i:seat", so a run is reproducible.

``--bot hint`` is a player who always follows the table's honest Hint (the
game's ``hint`` hook in :mod:`kabale.games`, seeded by the number of moves made,
as at the table), in Patience Kabalam and in Double H; the summary gives its
win rate with its 95% (Wilson) interval, its mean score (a win counts its
``returns``: 1 in Patience Kabalam, the round's bonus 3, 2 or 1 in Double H) with a
95% interval, and in Double H its wins by round. Its searches are capped in states
(``--hint-states``), not in seconds, so a run is the same on any machine. The
hard bot thinks for ``--playouts`` playouts a decision (default 1000, as in
bench/bots.py; its 150 ms at the table buy it more), not for a time, so that a
run is the same on any machine; ``--budget-ms`` adds (or with ``--playouts 0``
sets) a time limit.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any, Sequence

from kabale.bots import BOTS, Bot, make_bot
from kabale.cards import new_rng
from kabale.games import GAMES, HONEST, GameSpec
from kabale.games.kabala.rules import Options
from kabale.games.kabalam.hand import KabalamHand
from kabale.games.kabalam.match import Match
from kabale.games.kabalam.state import ENDINGS
from kabale.games.patience.rules import DRAW_PILE_FINISHED, OUT_WITH_THIRTEEN, WON, Patience

NAME = "simulate"
HELP = "let bots play many games and print a JSON summary"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", choices=[name for name, spec in GAMES.items() if spec.has_bots or _hints(spec.name)],
                        default="kabalam")
    parser.add_argument("--seats", type=int, choices=[2, 3, 4], default=4, help="KABALAM players (default 4)")
    parser.add_argument("--games", type=int, default=100, help="how many matches, hands or patiences (default 100)")
    parser.add_argument("--matches", type=int, default=None, help="KABALAM: how many matches (the same as --games)")
    parser.add_argument("--seed", type=int, default=0, help="game i is dealt with seed SEED + i (default 0)")
    parser.add_argument("--hands", action="store_true", help="KABALAM: play single hands, not matches")
    parser.add_argument("--bot", choices=sorted([*BOTS, HINT]), default="random",
                        help="the bot on every seat (hint: a patience player who follows the honest Hint)")
    parser.add_argument("--bots", type=_bot_list, default=None,
                        help="KABALAM: bots by seat, comma-separated (e.g. hard,normal); repeated to fill the seats")
    parser.add_argument("--playouts", type=int, default=DEFAULT_PLAYOUTS,
                        help=f"the hard bot's playouts per decision (default {DEFAULT_PLAYOUTS}; 0: none, use --budget-ms)")
    parser.add_argument("--budget-ms", type=float, default=None, help="the hard bot's time per decision, in ms")
    parser.add_argument("--hint-states", type=int, default=None,
                        help="--bot hint: the solver's states per search (default: each game's own)")
    parser.add_argument("--compounded-doubles", action="store_true", help="the option of compounded Doubles")
    parser.add_argument("--free-yield", action="store_true", help="the option of free yield")
    parser.add_argument("--record", default=None, metavar="FILE",
                        help="write the first game's record (the saved-game format: python -m kabale review FILE)")


#: The player who follows the honest Hint (a patience's; not a bot of KABALAM's).
HINT = "hint"
#: Its searches' cap of states, by game: Patience Kabalam's per sampled world
#: (kabale.games.patience.solver_honest), Double H's per hint, shared by its sampled stock orders
#: (kabale.games.double_h.solver_honest.DEFAULT_STATES).
HINT_STATES = {"patience": 3000, "double-h": 4000}


def _hints(game: str) -> bool:
    """Whether the game gives an honest hint (so a player can follow it)."""
    spec = GAMES[game]
    return HONEST in (spec.solver_modes if spec.hint_modes is None else spec.hint_modes)


#: The hard bot's playouts per decision on the command line, as in bench/bots.py
#: (150 ms buy it a median of about 1,650 in the browser: bench/bots_browser.py).
DEFAULT_PLAYOUTS = 1000


def _bot_list(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",") if name.strip()]
    unknown = [name for name in names if name not in BOTS]
    if not names or unknown:
        raise argparse.ArgumentTypeError(f"bots are a comma-separated list of {', '.join(sorted(BOTS))}, not {text!r}")
    return names


def run(args: argparse.Namespace) -> int:
    games = args.games if args.matches is None else args.matches
    if games < 0 or args.seed < 0 or args.playouts < 0 or (args.budget_ms is not None and args.budget_ms <= 0):
        raise SystemExit("simulate: --games, --matches, --seed and --playouts are not negative; --budget-ms is positive")
    if args.playouts == 0 and args.budget_ms is None:
        raise SystemExit("simulate: the hard bot needs --playouts or --budget-ms")
    if args.matches is not None and args.hands:
        raise SystemExit("simulate: --matches and --hands do not go together (use --games with --hands)")
    spec = GAMES[args.game]
    if args.bot == HINT and not (spec.is_patience and _hints(args.game)):
        raise SystemExit(f"simulate: --bot hint plays the patiences ({', '.join(HINT_STATES)}), not {args.game}")
    if not spec.has_bots and args.bot != HINT:
        raise SystemExit(f"simulate: {spec.title} is played by --bot hint only")
    if args.hint_states is not None and args.hint_states < 1:
        raise SystemExit("simulate: --hint-states is positive")
    options = Options(compounded_doubles=args.compounded_doubles, free_yield=args.free_yield)
    thinking = Thinking(args.budget_ms, args.playouts or None)
    started = time.perf_counter()
    first: list[dict[str, Any]] = []
    if args.bot == HINT:
        summary = simulate_hint(args.game, games, args.seed, options, args.hint_states or HINT_STATES[args.game], first)
    elif spec.is_patience:
        summary = simulate_patience(games, args.seed, options, args.bot, first)
    else:
        lineup = args.bots or [args.bot]
        summary = simulate_kabalam(games, args.seed, args.seats, options, lineup, matches=not args.hands,
                                   thinking=thinking, first=first)
    summary["seconds"] = round(time.perf_counter() - started, 3)
    if args.record is not None:
        if not first:
            raise SystemExit("simulate: --record needs at least one game (--games 1 or more)")
        try:
            with open(args.record, "w", encoding="utf-8") as file:
                json.dump(first[0], file, indent=1)
        except OSError as error:
            raise SystemExit(f"simulate: cannot write {args.record}: {error}") from None
        summary["record"] = args.record
    print(json.dumps(summary, indent=2))
    return 0


@dataclass(frozen=True)
class Thinking:
    """How long the hard bot may think per decision (see kabale.bots.make_bot)."""

    budget_ms: float | None = None
    playouts: int | None = DEFAULT_PLAYOUTS


def seating(lineup: Sequence[str], seats: Sequence[str], game: int) -> dict[str, str]:
    """Which bot sits where in game ``game``: the line-up repeated to fill the seats,
    moved on one seat per game.

    >>> seating(["hard", "normal"], ("S", "W"), 0), seating(["hard", "normal"], ("S", "W"), 1)
    ({'S': 'hard', 'W': 'normal'}, {'S': 'normal', 'W': 'hard'})
    """
    filled = [lineup[k % len(lineup)] for k in range(len(seats))]
    shift = game % len(seats)
    return {seat: filled[(k - shift) % len(seats)] for k, seat in enumerate(seats)}


def _bots(names: dict[str, str], seed: int, thinking: Thinking) -> dict[str, Bot]:
    return {
        seat: make_bot(name, new_rng(f"{seed}:{seat}"), budget_ms=thinking.budget_ms, playouts=thinking.playouts)
        for seat, name in names.items()
    }


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default).

    >>> wilson(50, 100)
    (0.4038, 0.5962)
    """
    if games <= 0:
        return (0.0, 1.0)
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4))


def mean_interval(values: Sequence[float], z: float = 1.96) -> tuple[float, float]:
    """A normal 95% interval of a mean score (Double H's bonus per deal: 3, 2, 1 or 0), for
    telling two players' means apart the way :func:`wilson` tells win rates apart.

    >>> mean_interval([0.0, 2.0, 2.0, 2.0])
    (0.52, 2.48)
    """
    if len(values) < 2:
        return (min(values, default=0.0), max(values, default=0.0))
    mean = sum(values) / len(values)
    variance = sum((value - mean) ** 2 for value in values) / (len(values) - 1)
    half = z * math.sqrt(variance / len(values))
    return (round(mean - half, 4), round(mean + half, 4))


class _WinTally:
    """Each bot's wins (a shared title split evenly) over the games it played."""

    def __init__(self) -> None:
        self.wins: dict[str, float] = {}
        self.games: Counter[str] = Counter()

    def add(self, names: dict[str, str], winners: Sequence[str]) -> None:
        for name in set(names.values()):
            self.games[name] += 1
            self.wins.setdefault(name, 0.0)
        for seat in winners:
            self.wins[names[seat]] += 1 / len(winners)

    def summary(self) -> dict[str, Any]:
        return {
            name: {
                "wins": round(self.wins[name], 3),
                "games": self.games[name],
                "rate": round(self.wins[name] / self.games[name], 4),
                "interval95": list(wilson(self.wins[name], self.games[name])),
            }
            for name in sorted(self.games)
        }


def play_hand(hand: KabalamHand, bots: dict[str, Bot], match: Match | None = None) -> None:
    """Each seat's bot chooses from its own observation until the hand is over; a
    bot that plays the match (the expert) sees the match's observation, with the
    public totals."""
    while not hand.is_over():
        seat = hand.turn
        assert seat is not None
        bot = bots[seat]
        if match is not None and getattr(bot, "plays_the_match", False):
            hand.apply(bot.choose(match.observation(seat)))
        else:
            hand.apply(bot.choose(hand.observation(seat)))


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
    games: int, seed: int, seats: int, options: Options, bot: str | Sequence[str], matches: bool = True,
    thinking: Thinking = Thinking(),
    first: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """Bots play ``games`` matches (or hands); the first one's record goes into ``first``."""
    lineup = [bot] if isinstance(bot, str) else list(bot)
    tally = _Tally()
    wins = _WinTally()
    winners: Counter[str] = Counter()
    shared = 0
    points: dict[str, list[int]] = {}
    for i in range(games):
        if matches:
            match = Match.start(seed + i, seats=seats, options=options)
            names = seating(lineup, match.seats, i)
            bots = _bots(names, seed + i, thinking)
            while True:
                assert match.hand is not None
                play_hand(match.hand, bots, match)
                tally.add(match.hand)
                if match.is_over():
                    break
                match.next_hand()
            if first is not None and not first:
                first.append(match.to_dict())
            result = match.result()
            assert result is not None
            winners.update(result.great_kabalists)
            shared += len(result.great_kabalists) > 1
            wins.add(names, result.great_kabalists)
        else:
            hand = KabalamHand.deal(seed + i, seats=seats, options=options)
            names = seating(lineup, hand.seats, i)
            play_hand(hand, _bots(names, seed + i, thinking))
            tally.add(hand)
            if first is not None and not first:
                first.append(hand.to_dict())
            scores = hand.result().scores  # type: ignore[union-attr]
            fewest = min(scores.values())
            wins.add(names, [seat for seat, score in scores.items() if score == fewest])
            for seat, score in scores.items():
                points.setdefault(names[seat], []).append(score)
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
    if len(lineup) > 1 or not isinstance(bot, str):
        summary["bot"] = ",".join(lineup)
        summary["bots"] = lineup
        summary["win_rates"] = wins.summary()
        if points:
            summary["mean_points_per_hand"] = {
                name: round(sum(values) / len(values), 2) for name, values in sorted(points.items())
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


def simulate_patience(games: int, seed: int, options: Options, bot: str,
                      first: list[dict[str, Any]] | None = None) -> dict[str, Any]:
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
        if first is not None and not first:
            first.append(game.to_dict())
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


def follow_hint(spec: GameSpec, game: Any, hint_states: int) -> None:
    """Play a patience to its end by the honest Hint, asked through the game's registry hook
    with the table's seed (the number of moves made). The only move is played without asking.

    When the player has seen every card still to come (Double H from round 2), an honest
    hint that proves a win gives its whole winning line (``verdict.moves``): she follows it
    to its end rather than asking again at every move."""
    line: list[Any] = []
    while not game.is_over():
        if line:
            game.apply(line.pop(0))
            continue
        moves = [move for move in game.legal_moves() if str(move) != "give up"]
        if len(moves) == 1:
            game.apply(moves[0])
            continue
        hint = spec.hint(game, HONEST, budget_s=None, budget_states=hint_states, seed=len(game.moves))
        if hint.move is None:
            break  # a hint names a move while one exists: only a proved loss ends here
        if hint.verdict.moves and hint.verdict.moves[0] == hint.move:
            line = list(hint.verdict.moves[1:])
        game.apply(hint.move)


def simulate_hint(game: str, games: int, seed: int, options: Options, hint_states: int,
                  first: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """``games`` deals (seeds ``seed`` to ``seed + games - 1``) played by the honest Hint;
    the first one's record goes into ``first``."""
    spec = GAMES[game]
    won = 0
    moves = 0
    outcomes: Counter[str] = Counter()
    scores: list[float] = []
    by_round: Counter[str] = Counter()
    for i in range(games):
        played = spec.deal(seed + i, options if spec.has_options else None)
        follow_hint(spec, played, hint_states)
        if first is not None and not first:
            first.append(played.to_dict())
        result = played.outcome()  # None: the hint found no move (a proved loss the rules had not ended)
        outcomes["unfinished" if result is None else result.ending] += 1
        won += result is not None and bool(result.winners)
        moves += len(played.moves)
        scores.append(0.0 if result is None else sum(result.returns.values()))
        round_won = getattr(result.detail, "round", None) if result is not None and result.winners else None
        if round_won is not None:
            by_round[str(round_won)] += 1
    summary: dict[str, Any] = {
        "game": game,
        "games": games,
        "seed": seed,
        "bot": HINT,
        "hint_states": hint_states,
        "wins": won,
        "win_rate": round(won / games, 4) if games else None,
        "interval95": list(wilson(won, games)),
        "results": dict(sorted(outcomes.items())),
        "mean_moves": round(moves / games, 2) if games else None,
        "mean_score": round(sum(scores) / games, 4) if games else None,
        "score_interval95": list(mean_interval(scores)),
    }
    if by_round:  # Double H: a win counts its round's bonus (3, 2, 1), so where the wins fell is the score
        summary["wins_by_round"] = dict(sorted(by_round.items()))
    if spec.has_options:
        summary["options"] = options.to_dict()
    return summary
