"""Doctests run for every module CPython can import; those that need the browser are skipped.

A module needs the browser when it imports pyscript, js or pyodide, or imports
(relatively, within kabale.web) a module that does.
"""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).parent
_BROWSER_IMPORT = re.compile(r"^\s*(?:import|from)\s+(?:pyscript|js|pyodide)\b", re.MULTILINE)
_SIBLING_IMPORT = re.compile(r"^\s*from\s+\.(\w+)\s+import|^\s*from\s+\.\s+import\s+([\w, ]+)", re.MULTILINE)


def _browser_modules(folder: Path) -> set[Path]:
    sources = {path: path.read_text(encoding="utf-8") for path in folder.glob("*.py")}
    needs = {path for path, text in sources.items() if _BROWSER_IMPORT.search(text)}
    changed = True
    while changed:
        changed = False
        for path, text in sources.items():
            if path in needs:
                continue
            siblings: set[str] = set()
            for single, several in _SIBLING_IMPORT.findall(text):
                siblings.update([single] if single else [name.strip() for name in several.split(",")])
            if any(folder / f"{name}.py" in needs for name in siblings):
                needs.add(path)
                changed = True
    return needs


collect_ignore = [str(path.relative_to(HERE)) for path in _browser_modules(HERE / "py" / "kabale" / "web")]
collect_ignore.append("py/main.py")
