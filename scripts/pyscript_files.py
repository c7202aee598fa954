"""Rewrite the [files] table of pyscript.toml from the modules under py/kabale/.

PyScript needs one [files] entry per module (a directory entry does not work).
Run this after adding or removing a module; tests/unit/test_pyscript_config.py
fails until the list matches. The command line (cli/, __main__.py) is not
shipped to the browser.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "pyscript.toml"
MARKER = "[files]"


def browser_modules() -> list[str]:
    package = ROOT / "py" / "kabale"
    return sorted(
        path.relative_to(ROOT / "py").as_posix()
        for path in package.rglob("*.py")
        if "cli" not in path.relative_to(package).parts and path.name != "__main__.py"
    )


def render(config_text: str) -> str:
    head = config_text.split(MARKER, 1)[0]
    entries = "".join(f'"./py/{module}" = "./{module}"\n' for module in browser_modules())
    return f"{head}{MARKER}\n{entries}"


if __name__ == "__main__":
    CONFIG.write_text(render(CONFIG.read_text(encoding="utf-8")), encoding="utf-8")
    print(f"pyscript.toml: {len(browser_modules())} modules listed")
