"""`python -m kabale review RECORD.json`: each of a person's decisions beside the honest
choice there and what the move made cost, as JSON.

* KABALAM: the hard computer's honest choice; the cost in points
  (:mod:`kabale.bots.review`).
* Patience Kabalam: the honest hint's choice; the cost in win chance over the
  same sampled worlds (:mod:`kabale.games.patience.solver_review`).

RECORD is a saved game in any of the forms Kabale writes:

* what the page keeps in storage (``{"app": "kabale", "data": {...}, ...}``) or its
  ``data`` alone: a saved KABALAM table ``{"plan": ..., "match": ...}``, whose plan
  says which seats are people (those are reviewed);
* a saved patience (``{"game": {...}, ...}``) or its game alone;
* a game's own record: a KABALAM match (``"game": "kabalam-match"``), a KABALAM
  hand (``"game": "kabalam"``), a patience (``"game": "patience"``), as
  ``python -m kabale simulate --record`` writes them; with no plan, the first
  seat (South) of a KABALAM game is reviewed.

The game is looked up in the registry (:mod:`kabale.games`), which says whether
it has a review: KABALAM and Patience Kabalam have one, Double H not yet (its
record exits with status 2 and says so). An unreadable record exits with status
1. ``--worlds`` and ``--states`` default to each game's own (KABALAM: 200 sampled
deals; the patience: 16 worlds, 1,000 states per search).
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from typing import Any, Mapping

from kabale.games import GAMES, GameSpec, names_text

NAME = "review"
HELP = "review a saved game: each of the person's decisions, the honest choice there, the cost"

#: The seat kinds of a saved table that are people (kabale.web.storage.saved.SEAT_KINDS).
PERSON_KINDS = ("you", "person")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="the saved game, JSON ('-' reads stdin)")
    parser.add_argument("--worlds", type=int, default=None,
                        help="sampled deals per decision (default: KABALAM 200, the patience 16; "
                             "more: steadier costs, slower)")
    parser.add_argument("--states", type=int, default=None,
                        help="the patience's cap of states per search (default 1000; KABALAM has none)")
    parser.add_argument("--game", choices=sorted(GAMES), default=None,
                        help="which game to review when RECORD is a copy of the storage holding several")
    parser.add_argument("--seed", type=int, default=0, help="the review's own random seed (default 0)")


def run(args: argparse.Namespace) -> int:
    if (args.worlds is not None and args.worlds < 1) or (args.states is not None and args.states < 1) \
            or args.seed < 0:
        print("review: --worlds and --states are at least 1 and --seed is not negative", file=sys.stderr)
        return 1
    try:
        text = sys.stdin.read() if args.file == "-" else open(args.file, encoding="utf-8").read()
        spec, game, persons = read_saved(json.loads(text), args.game)
    except (OSError, ValueError, TypeError, KeyError) as error:
        print(f"review: cannot read {args.file}: {error}", file=sys.stderr)
        return 1
    if spec.review is None:
        reviewed = names_text(tuple(name for name, other in GAMES.items() if other.review is not None))
        print(f"review: {spec.title} has no review yet ({reviewed} games are reviewed)", file=sys.stderr)
        return 2
    try:
        review = spec.review(game, persons, args.worlds, args.seed, args.states)
    except ValueError as error:  # a record that reads but does not replay (an illegal move, say)
        print(f"review: cannot review {args.file}: {error}", file=sys.stderr)
        return 1
    print(json.dumps(review, indent=2))
    return 0


def read_saved(data: Any, game: str | None = None) -> tuple[GameSpec, Any, tuple[str, ...] | None]:
    """The game of a saved record, its registry entry, and the seats that are people
    (None when the record does not say). ValueError for anything else."""
    if not isinstance(data, Mapping):
        raise ValueError("a saved game is a JSON object")
    data = _from_storage(data.get("storage", data), game)
    if isinstance(data.get("data"), Mapping):  # as kept in the page's storage
        data = data["data"]
    persons: tuple[str, ...] | None = None
    if isinstance(data.get("plan"), Mapping) and isinstance(data.get("match"), Mapping):  # a saved table
        seats = data["plan"].get("seats")
        if not isinstance(seats, list) or not all(isinstance(seat, Mapping) for seat in seats):
            raise ValueError("a saved table's plan lists its seats")
        persons = tuple(str(seat.get("seat")) for seat in seats if seat.get("kind") in PERSON_KINDS)
        data = data["match"]
    elif isinstance(data.get("game"), Mapping):  # a saved patience: its game
        data = data["game"]
    name = data.get("game")
    if isinstance(name, str) and name in GAMES:
        spec = GAMES[name]
        return spec, spec.from_dict({"version": 1, **data}), persons
    for spec in GAMES.values():  # a record of a game's other class: a KABALAM match
        for class_name in spec.classes[1:]:
            module, _, class_ = class_name.rpartition(".")
            try:
                return spec, getattr(importlib.import_module(module), class_).from_dict(data), persons
            except ValueError:
                continue
    raise ValueError(f"the game is {names_text()} (or a KABALAM match), not {name!r}")


def _from_storage(data: Mapping[str, Any], game: str | None) -> Mapping[str, Any]:
    """A copy of the page's storage (``{"kabale:kabalam": "<json>", ...}``) gives the
    record of its one saved game (or of ``game``); any other record is itself."""
    if not isinstance(data, Mapping):
        raise ValueError("a copy of the storage is a JSON object")
    kept = {key.partition(":")[2]: value for key, value in data.items()
            if isinstance(key, str) and key.startswith("kabale:") and key.partition(":")[2] in GAMES}
    if not kept:
        return data
    if game is not None and game not in kept:
        raise ValueError(f"the storage holds no {game} game (it holds {names_text(tuple(kept))})")
    if game is None and len(kept) > 1:
        raise ValueError(f"the storage holds several games ({names_text(tuple(kept))}): choose one with --game")
    value = kept[game or next(iter(kept))]
    record = json.loads(value) if isinstance(value, str) else value
    if not isinstance(record, Mapping):
        raise ValueError("a stored game is a JSON object")
    return record
