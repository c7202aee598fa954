"""The Hint's solver modules a table imports ahead (web/tables/ahead.py) are the ones its first hint loads.

Why: the lists are written out by hand, leaves first, so each idle task compiles one
module. If the solver gains a module the list lacks, the first hint imports it in one
long task again; if the order is wrong, one task imports several. ahead.py needs the
browser (pyodide.ffi), so its lists are read from its source, and the imports are
made in a fresh CPython for each game.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

#: What a table has loaded when it shows (its game's rules), and what its Hint imports.
GAMES = {
    "PATIENCE_SOLVER": ("kabale.games.patience.rules", ("kabale.games.patience.solver_honest", "kabale.games.patience.solver_review")),
    "DOUBLE_H_SOLVER": ("kabale.games.double_h.rules", ("kabale.solver", "kabale.games.double_h.solver_honest")),
}

PROBE = """
import importlib, json, sys
shown, order, hint = sys.argv[1], json.loads(sys.argv[2]), json.loads(sys.argv[3])
importlib.import_module("kabale.games")
importlib.import_module("kabale.session")
importlib.import_module(shown)
before = set(sys.modules)
added = []
for name in order:
    was = set(sys.modules)
    importlib.import_module(name)
    added.append(sorted(m for m in set(sys.modules) - was if m.startswith("kabale")))
after_list = set(sys.modules)
for name in hint:
    importlib.import_module(name)
print(json.dumps({"added": added, "left": sorted(m for m in set(sys.modules) - after_list if m.startswith("kabale")),
                  "loaded_before": sorted(m for m in before if m.startswith("kabale"))}))
"""


def ahead_lists() -> dict[str, tuple[str, ...]]:
    """The module-level tuples of web/tables/ahead.py, starred parts expanded."""
    tree = ast.parse((ROOT / "py/kabale/web/tables/ahead.py").read_text())
    names: dict[str, tuple[str, ...]] = {}
    for node in tree.body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and isinstance(node.value, ast.Tuple):
            target = node.targets[0] if isinstance(node, ast.Assign) else node.target
            assert isinstance(target, ast.Name)
            items: list[str] = []
            for element in node.value.elts:
                if isinstance(element, ast.Starred):
                    assert isinstance(element.value, ast.Name)
                    items += names[element.value.id]
                else:
                    items.append(ast.literal_eval(element))
            names[target.id] = tuple(items)
    return names


@pytest.mark.parametrize("listed", sorted(GAMES))
def test_the_first_hint_loads_nothing_the_list_left_out_and_each_task_loads_one_module(listed: str) -> None:
    order = ahead_lists()[listed]
    shown, hint = GAMES[listed]
    run = subprocess.run([sys.executable, "-c", PROBE, shown, json.dumps(order), json.dumps(hint)],
                         capture_output=True, text=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT / "py")}, check=True)
    probe = json.loads(run.stdout)
    assert probe["left"] == [], f"the first hint still imports {probe['left']}: add them to {listed}"
    for name, added in zip(order, probe["added"]):
        own = {name} | {name.rsplit(".", depth)[0] for depth in range(1, name.count("."))}  # with its packages
        assert set(added) <= own, f"importing {name} also loads {sorted(set(added) - own)}: list them before it"
    assert any(probe["added"]), "the list imports nothing the table had not loaded (a test that cannot fail)"
