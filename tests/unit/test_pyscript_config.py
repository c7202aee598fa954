"""pyscript.toml ships every module of the package to the browser, and nothing else."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from pyscript_files import browser_modules

ROOT = Path(__file__).resolve().parents[2]


def _config() -> dict[str, object]:
    return tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))


def test_browser_modules_are_the_package_without_the_command_line() -> None:
    modules = browser_modules()
    assert "kabale/cards.py" in modules and "kabale/web/app.py" in modules
    assert not any(module.startswith("kabale/cli/") or module.endswith("__main__.py") for module in modules)


def test_the_interpreter_is_the_vendored_pyodide() -> None:
    assert _config()["interpreter"] == "./assets/vendor/pyodide/pyodide.mjs"


def test_every_module_is_listed_once_and_maps_to_its_import_path() -> None:
    files = _config()["files"]
    assert isinstance(files, dict)
    listed = {}
    for source, target in files.items():
        match = re.fullmatch(r"\./py/(.+\.py)", source)
        assert match, f"{source} is not a module under py/"
        assert target == f"./{match.group(1)}"
        assert (ROOT / source).is_file(), f"{source} does not exist"
        listed[match.group(1)] = target
    assert set(listed) == set(browser_modules()), "run: python3 scripts/pyscript_files.py"


def test_the_page_loads_main_through_this_config() -> None:
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    assert '<script type="py" src="./py/main.py" config="./pyscript.toml">' in html
