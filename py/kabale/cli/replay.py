"""`python -m kabale replay FILE`: replay a game record, print the final state as JSON.

A record is JSON: ``{"game": "kabalam", "seed": 7, "seats": 4, "starter": "S",
"options": {...}, "moves": ["bare 4x3 on 2", ...]}`` or ``{"game": "patience",
"seed": 7, "options": {...}, "moves": [...]}`` or ``{"game": "double-h", "seed":
7, "moves": ["draw", "waste to 7R", ...]}`` (``seats``, ``starter``,
``options`` and ``version`` may be left out; a stored game's ``to_dict()`` is a
record too, its moves to redo aside). At the first illegal move it prints that move and the reason and
exits with status 2; an unreadable record exits with status 1.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from kabale.game import IllegalMove
from kabale.games import spec_for_record

NAME = "replay"
HELP = "replay a JSON game record and print the final state"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="the JSON record ('-' reads stdin)")


def run(args: argparse.Namespace) -> int:
    try:
        text = sys.stdin.read() if args.file == "-" else open(args.file, encoding="utf-8").read()
        record = json.loads(text)
        game = start(record)
        moves = record.get("moves", [])
        if not isinstance(moves, list) or not all(isinstance(move, str) for move in moves):
            raise ValueError("moves are a list of texts")
    except (OSError, ValueError) as error:
        print(f"replay: cannot read {args.file}: {error}", file=sys.stderr)
        return 1
    for number, move in enumerate(moves, start=1):
        try:
            game.apply(move)
        except IllegalMove as error:
            report = {"illegal_move": move, "move_number": number, "reason": error.reason,
                      "message": error.message, "details": error.details, "state": game.snapshot()}
            print(json.dumps(report, indent=2))
            print(f"replay: move {number} ({move}) is illegal: {error.message}", file=sys.stderr)
            return 2
    print(json.dumps({"moves_applied": len(moves), "state": game.snapshot()}, indent=2))
    return 0


def start(record: Any) -> Any:
    """The game a record begins with, before its moves (the registry knows each game's records)."""
    return spec_for_record(record).start(record)
