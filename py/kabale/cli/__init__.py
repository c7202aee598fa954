"""The command line, one module per command.

Each module in :data:`COMMAND_MODULES` defines ``NAME``, ``HELP``,
``add_arguments(parser)`` and ``run(args) -> int`` (the exit status). They use
the same engine API as the table and the bots, and print JSON on stdout.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from typing import Sequence

#: The commands, in the order `python -m kabale --help` lists them.
COMMAND_MODULES: tuple[str, ...] = ("kabale.cli.simulate", "kabale.cli.replay", "kabale.cli.solve", "kabale.cli.review")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m kabale", description="Kabale's engine from the command line.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module_name in COMMAND_MODULES:
        module = importlib.import_module(module_name)
        sub = commands.add_parser(module.NAME, help=module.HELP, description=module.HELP)
        module.add_arguments(sub)
        sub.set_defaults(run=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.run(args)
        sys.stdout.flush()
    except BrokenPipeError:  # `... | head`: the reader has what it wanted; no traceback
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    return status


if __name__ == "__main__":
    sys.exit(main())
