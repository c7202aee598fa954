"""The layers point one way: only kabale.web may touch the browser."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "py" / "kabale"
BROWSER_MODULES = {"js", "pyscript", "pyodide"}


def _imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def engine_files() -> list[Path]:
    return [p for p in sorted(ENGINE.rglob("*.py")) if "web" not in p.relative_to(ENGINE).parts]


def test_the_engine_exists() -> None:
    assert any(p.name == "cards.py" for p in engine_files())


def test_no_engine_module_imports_the_browser() -> None:
    offenders = {
        str(path.relative_to(ENGINE)): sorted(_imported_roots(path) & BROWSER_MODULES)
        for path in engine_files()
        if _imported_roots(path) & BROWSER_MODULES
    }
    assert offenders == {}


def test_no_engine_module_imports_the_web_layer() -> None:
    offenders = []
    for path in engine_files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.ImportFrom):
                names = [("." * node.level) + (node.module or "")]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            if any(name.startswith(("kabale.web", ".web")) for name in names):
                offenders.append(str(path.relative_to(ENGINE)))
    assert offenders == []


def test_the_guard_catches_a_browser_import(tmp_path: Path) -> None:
    sneaky = tmp_path / "sneaky.py"
    sneaky.write_text("import os\nfrom pyscript import document\nimport js.console\n")
    assert _imported_roots(sneaky) & BROWSER_MODULES == {"pyscript", "js"}


# -- the layers of the engine: engine <- bots, solver <- registry <- cli, web -------------------------


#: Each layer may import its own and the lower ones only. The rules (engine) know
#: nothing of who plays them; the bots and the solver play the rules; the registry
#: (kabale.games itself, its __init__) names the games for the command line and the
#: page, and calls the solver from its hooks; the command line and the page are the top.
#: A game's package under kabale.games (kabale.games.double_h, ...) holds that game's
#: rules, which are engine, and its solver side (a module named solver*), which is
#: solver: the package is where a reader finds the game, the layer is what a module does.
RANKS = {"engine": 0, "bots": 1, "solver": 1, "games": 2, "cli": 3, "web": 3}


def layer_of(module: str) -> str:
    """The layer of a module of kabale, by its dotted name.

    >>> [layer_of(m) for m in ("kabale.cards", "kabale.solver", "kabale.bots.search", "kabale.__main__")]
    ['engine', 'solver', 'bots', 'cli']
    >>> [layer_of(m) for m in ("kabale.games", "kabale.games.double_h", "kabale.games.double_h.rules",
    ...                        "kabale.games.patience.solver", "kabale.games.kabalam.fast")]
    ['games', 'engine', 'engine', 'solver', 'engine']
    """
    parts = module.split(".")[1:] or ["__init__"]
    if parts[0] == "games" and len(parts) > 1:
        return "solver" if len(parts) > 2 and parts[2].startswith("solver") else "engine"
    if parts[0] in ("bots", "games", "cli", "web"):
        return parts[0]
    if parts[0].startswith("solver"):
        return "solver"
    return "cli" if parts[0] == "__main__" else "engine"


def module_name(path: Path, root: Path = ENGINE) -> str:
    relative = path.relative_to(root.parent).with_suffix("")
    parts = list(relative.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path, root: Path = ENGINE) -> list[tuple[int, str]]:
    """Every module a file imports (at the top, in a function or under TYPE_CHECKING), relative ones resolved."""
    name = module_name(path, root)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
                found.extend((node.lineno, f"{target}.{alias.name}" if not node.module else target) for alias in node.names)
            else:
                found.append((node.lineno, node.module or ""))
    return found


def layer_breaches(root: Path) -> list[str]:
    breaches = []
    for path in sorted(root.rglob("*.py")):
        mine = layer_of(module_name(path, root))
        for line, target in imports_of(path, root):
            if target.split(".")[0] != "kabale":
                continue
            theirs = layer_of(target)
            if RANKS[theirs] > RANKS[mine] or (RANKS[theirs] == RANKS[mine] and theirs != mine):
                breaches.append(f"{path.relative_to(root.parent)}:{line} ({mine}) imports {target} ({theirs})")
    return breaches


def test_the_layers_import_downwards_only() -> None:
    assert layer_breaches(ENGINE) == []


def test_everything_but_the_page_imports_only_the_standard_library() -> None:
    allowed = set(sys.stdlib_module_names) | {"kabale"}
    offenders = {
        str(path.relative_to(ENGINE)): sorted(_imported_roots(path) - allowed)
        for path in engine_files()
        if _imported_roots(path) - allowed
    }
    assert offenders == {}


def test_the_layer_guard_catches_an_upward_import(tmp_path: Path) -> None:
    root = tmp_path / "kabale"
    (root / "bots").mkdir(parents=True)
    (root / "cards.py").write_text("def f():\n    from kabale.solver import solve\n")
    (root / "bots" / "x.py").write_text("from ..cli import main\nfrom ..solver import hint\nfrom . import sim\n")
    (root / "solver.py").write_text("from kabale.games import GAMES\nimport kabale.cards\n")
    game = root / "games" / "patience"
    game.mkdir(parents=True)
    (root / "games" / "__init__.py").write_text("from kabale.cli import main\n")
    (game / "__init__.py").write_text('"""Patience."""\n')
    (game / "rules.py").write_text("from kabale.cards import Card\nfrom .solver import Model\nfrom kabale.games import GAMES\n")
    (game / "solver.py").write_text("from kabale.solver_search import search\nfrom .rules import Patience\n"
                                    "from kabale.bots.search import search as s\n")
    breaches = layer_breaches(root)
    assert breaches == [
        "kabale/bots/x.py:1 (bots) imports kabale.cli (cli)",
        "kabale/bots/x.py:2 (bots) imports kabale.solver (solver)",
        "kabale/cards.py:2 (engine) imports kabale.solver (solver)",
        "kabale/games/__init__.py:1 (games) imports kabale.cli (cli)",
        "kabale/games/patience/rules.py:2 (engine) imports kabale.games.patience.solver (solver)",
        "kabale/games/patience/rules.py:3 (engine) imports kabale.games (games)",
        "kabale/games/patience/solver.py:3 (solver) imports kabale.bots.search (bots)",
        "kabale/solver.py:1 (solver) imports kabale.games (games)",
    ]


# -- no rings: a module never imports one that imports it back, not even for types ---------------------


def import_graph(root: Path) -> dict[str, set[str]]:
    """Each module of the package at ``root`` and the package's modules it imports (anywhere in the
    file: at the top, in a function or under TYPE_CHECKING); a name imported from a module counts
    as that module."""
    modules = {module_name(path, root): path for path in sorted(root.rglob("*.py"))}
    package = root.name

    def owner(target: str) -> str | None:
        while target and target not in modules:
            target = target.rpartition(".")[0]
        return target or None

    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        targets = {owner(target) for _, target in imports_of(path, root) if target.split(".")[0] == package}
        graph[name] = {target for target in targets if target is not None and target != name}
    return graph


def rings(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def test_no_module_imports_itself_through_others() -> None:
    assert rings(import_graph(ENGINE)) == []


def test_the_ring_guard_finds_a_ring_through_a_type_import(tmp_path: Path) -> None:
    root = tmp_path / "kabale"
    (root / "web").mkdir(parents=True)
    (root / "cards.py").write_text("X = 1\n")
    (root / "web" / "app.py").write_text("from .screen import Screen\nfrom kabale.cards import X\n")
    (root / "web" / "screen.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                            "    from .table import Table\n")
    (root / "web" / "table.py").write_text("def f():\n    from kabale.web.app import App\n")
    (root / "web" / "lone.py").write_text("from . import cards\n")
    assert rings(import_graph(root)) == [["kabale.web.app", "kabale.web.screen", "kabale.web.table"]]


# -- inside the page: text <- storage <- views <- coach <- tables, with the app on top ---------------


#: kabale.web's sub-packages, lowest first: each imports only its own and the lower ones. The words
#: know no record, the records no view, the views no coach, and the coach no table (a table mixes
#: the coach in, never the other way).
WEB_GROUPS = ("text", "storage", "views", "coach", "tables")
#: The groups that are plain values and words: they import nothing from kabale.web's top level (the
#: page, dom, a screen, the app), which is why they run and are tested in CPython as they are.
PURE_GROUPS = frozenset({"text", "storage", "views"})
#: The top's controller, above everything: no group imports it (the foundation beside it, dom.py,
#: page.py, screen.py and host.py, is what the coach and the tables draw and ask with).
CONTROLLER = frozenset({"kabale.web.app", "kabale.web.worker"})


def web_place(module: str) -> str | None:
    """Where a module of kabale.web sits: its group, or "top"; None outside kabale.web.

    >>> [web_place(m) for m in ("kabale.web", "kabale.web.app", "kabale.web.text", "kabale.web.tables.kept", "kabale.cards")]
    ['top', 'top', 'text', 'tables', None]
    """
    parts = module.split(".")
    if parts[:2] != ["kabale", "web"]:
        return None
    return parts[2] if len(parts) > 2 and parts[2] in WEB_GROUPS else "top"


def web_breaches(root: Path) -> list[str]:
    """Each import inside kabale.web that goes up a group, or from a pure group to the top, or to the controller."""
    breaches = []
    for path in sorted((root / "web").rglob("*.py")):
        mine = web_place(module_name(path, root))
        if mine is None or mine == "top":
            continue
        for line, target in imports_of(path, root):
            theirs = web_place(target)
            if theirs is None or theirs == mine:
                continue
            where = f"{path.relative_to(root.parent)}:{line} ({mine}) imports {target} ({theirs})"
            if theirs == "top":
                if mine in PURE_GROUPS or any(target == c or target.startswith(c + ".") for c in CONTROLLER):
                    breaches.append(where)
            elif WEB_GROUPS.index(theirs) > WEB_GROUPS.index(mine):
                breaches.append(where)
    return breaches


def test_the_page_s_groups_import_downwards_only() -> None:
    assert all((ENGINE / "web" / group / "__init__.py").is_file() for group in WEB_GROUPS)
    assert web_breaches(ENGINE) == []


def test_the_group_guard_catches_an_upward_import(tmp_path: Path) -> None:
    root = tmp_path / "kabale"
    for group in ("", *WEB_GROUPS):
        (root / "web" / group).mkdir(parents=True, exist_ok=True)
    (root / "web" / "dom.py").write_text("from .text.i18n import Said\nfrom .tables.kept import K\n")
    (root / "web" / "text" / "i18n.py").write_text("from ..storage.saved import S\nfrom .strings_en import E\n")
    (root / "web" / "storage" / "saved.py").write_text("from ..page import PAGE\nfrom ..text.i18n import Said\n")
    (root / "web" / "views" / "felt.py").write_text("from kabale.web.coach import hint\nfrom kabale.cards import Card\n")
    (root / "web" / "coach" / "hint.py").write_text("from ..dom import h\nfrom ..tables.shell import T\n"
                                                     "from ..views.felt import F\n")
    (root / "web" / "tables" / "shell.py").write_text("from ..screen import Screen\nfrom ..coach.hint import H\n"
                                                       "def f():\n    from ..app import App\n")
    assert web_breaches(root) == [
        "kabale/web/coach/hint.py:2 (coach) imports kabale.web.tables.shell (tables)",
        "kabale/web/storage/saved.py:1 (storage) imports kabale.web.page (top)",
        "kabale/web/tables/shell.py:4 (tables) imports kabale.web.app (top)",
        "kabale/web/text/i18n.py:1 (text) imports kabale.web.storage.saved (storage)",
        "kabale/web/views/felt.py:1 (views) imports kabale.web.coach (coach)",
    ]
