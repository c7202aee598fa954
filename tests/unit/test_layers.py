"""The layers point one way: only kabale.web may touch the browser."""

from __future__ import annotations

import ast
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
