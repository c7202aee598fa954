"""Count the places that branch on which game is played, outside the registry.

Issue 12's measure: a fourth game should touch the registry, not every layer.
A branch here is a comparison with a game's name or the name of its record
(``game == "patience"``, ``name in ("kabalam", ...)``, ``name == DOUBLE_H``,
``key == "stats:double-h"``, a ``match`` case on it), or a test of a game's class
(``isinstance``/``issubclass`` against it, ``type(game) is Patience``). The registry (py/kabale/games/__init__.py) and each
game's own rules (its package under py/kabale/games/, whose records carry its
name) are not counted; a game's solver side (games/<game>/solver*.py) is, as the
solver's.

    python scripts/game_branches.py [--list]
"""

from __future__ import annotations

import argparse
import ast
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "py" / "kabale"
NAMES = {"kabalam", "patience", "double-h", "kabalam-match", "stats:patience", "stats:double-h"}
#: Constants that hold a game's name (kabale.web.storage.saved's record names, double_h.GAME_NAME).
NAME_CONSTANTS = {"KABALAM", "PATIENCE", "DOUBLE_H", "GAME_NAME", "PATIENCE_STATS", "DOUBLE_H_STATS"}
CLASSES = {"KabalamHand", "Match", "Patience", "DoubleH"}


def is_owner(parts: tuple[str, ...]) -> bool:
    """Where a game's name belongs: the registry, and a game's own rules (their records carry their name)."""
    if parts[0] != "games":
        return False
    return len(parts) == 2 or not parts[2].startswith("solver")


def area_of(parts: tuple[str, ...]) -> str:
    """engine, solver, bots, cli or web, by the file's path under kabale/."""
    if parts[0] == "games" or (len(parts) == 1 and parts[0].startswith("solver")):
        return "solver" if parts[-1].startswith("solver") else "engine"
    return parts[0] if len(parts) > 1 else "engine"


def _names_in(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant):
        return node.value in NAMES
    if isinstance(node, ast.Name):
        return node.id in NAME_CONSTANTS
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_names_in(item) for item in node.elts)
    return False


def _is_class(node: ast.AST) -> bool:
    """A game's class, by its name alone or through its module (``rules.Patience``)."""
    return (isinstance(node, ast.Name) and node.id in CLASSES) or (isinstance(node, ast.Attribute)
                                                                   and node.attr in CLASSES)


def branches(path: Path) -> list[tuple[int, str]]:
    """(line, kind) of every branch on a game in one file."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Compare) and any(_names_in(side) for side in [node.left, *node.comparators]):
            found.append((node.lineno, "name"))
        elif isinstance(node, ast.Compare) and any(_is_class(side) for side in [node.left, *node.comparators]):
            found.append((node.lineno, "class"))  # type(game) is Patience
        elif isinstance(node, ast.match_case) and _names_in(getattr(node.pattern, "value", ast.Constant(None))):
            found.append((node.pattern.lineno, "name"))
        elif isinstance(node, ast.match_case) and isinstance(node.pattern, ast.MatchClass) and _is_class(node.pattern.cls):
            found.append((node.pattern.lineno, "class"))  # case Patience():
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in ("isinstance", "issubclass") and len(node.args) == 2):
            kinds = node.args[1].elts if isinstance(node.args[1], ast.Tuple) else [node.args[1]]
            if any(_is_class(kind) for kind in kinds):
                found.append((node.lineno, "class"))
    return found


def count(root: Path = ROOT) -> dict[str, Counter[str]]:
    """Branches per area (engine, solver, bots, cli, web) and kind (name, class)."""
    areas: dict[str, Counter[str]] = {}
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root).parts
        if is_owner(parts):
            continue
        area = area_of(parts)
        for _, kind in branches(path):
            areas.setdefault(area, Counter())[kind] += 1
    return areas


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true", help="print every branch with its file and line")
    args = parser.parse_args()
    if args.list:
        for path in sorted(ROOT.rglob("*.py")):
            if not is_owner(path.relative_to(ROOT).parts):
                for line, kind in branches(path):
                    print(f"{path.relative_to(ROOT)}:{line}: {kind}")
    areas = count()
    total: Counter[str] = sum(areas.values(), Counter())
    for area, kinds in sorted(areas.items()):
        print(f"{area:8} names {kinds['name']:3}  classes {kinds['class']:3}")
    print(f"{'total':8} names {total['name']:3}  classes {total['class']:3}")


if __name__ == "__main__":
    main()
