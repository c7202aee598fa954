"""Doctests run for every module CPython can import; those that need the browser are skipped.

A module needs the browser when it imports pyscript, js or pyodide, or imports
(relatively, within kabale.web and its sub-packages) a module that does.
"""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).parent
_BROWSER_IMPORT = re.compile(r"^\s*(?:import|from)\s+(?:pyscript|js|pyodide)\b", re.MULTILINE)
_RELATIVE_IMPORT = re.compile(r"^\s*from\s+(\.+)([\w.]*)\s+import\s+\(?([\w, ]+)", re.MULTILINE)


def _relative_targets(path: Path, text: str) -> set[Path]:
    """The files a module's relative imports may name (``from ..text.i18n import x``, ``from . import y``)."""
    targets: set[Path] = set()
    for dots, module, names in _RELATIVE_IMPORT.findall(text):
        base = path.parent
        for _ in range(len(dots) - 1):
            base = base.parent
        if module:  # a module, or a package and the modules named from it
            base = base.joinpath(*module.split("."))
            targets.update((base.with_suffix(".py"), base / "__init__.py"))
        targets.update(base / f"{name.strip()}.py" for name in names.split(",") if name.strip())
    return targets


def _browser_modules(folder: Path) -> set[Path]:
    sources = {path: path.read_text(encoding="utf-8") for path in folder.rglob("*.py")}
    needs = {path for path, text in sources.items() if _BROWSER_IMPORT.search(text)}
    changed = True
    while changed:
        changed = False
        for path, text in sources.items():
            if path not in needs and _relative_targets(path, text) & needs:
                needs.add(path)
                changed = True
    return needs


collect_ignore = [str(path.relative_to(HERE)) for path in _browser_modules(HERE / "py" / "kabale" / "web")]
collect_ignore.append("py/main.py")
