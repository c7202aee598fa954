"""The bot benchmark page ships the engine and the bots to the browser, and nothing of the web layer."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from pyscript_files import browser_modules

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "bench" / "bots_page"


def test_the_bench_page_lists_every_module_outside_the_web_layer() -> None:
    config = tomllib.loads((PAGE / "pyscript.toml").read_text(encoding="utf-8"))
    assert config["interpreter"] == "../../assets/vendor/pyodide/pyodide.mjs"
    listed = set()
    for source, target in config["files"].items():
        match = re.fullmatch(r"\.\./\.\./py/(.+\.py)", source)
        if match:
            assert target == f"./{match.group(1)}" and (PAGE / source).resolve().is_file()
            listed.add(match.group(1))
        else:
            assert (PAGE / source).is_file()
    wanted = {module for module in browser_modules() if not module.startswith("kabale/web/")}
    wanted -= {"kabale/patience.py"}  # the page times KABALAM only
    assert listed == wanted


def test_the_bench_page_loads_the_vendored_runtime_and_its_worker() -> None:
    html = (PAGE / "index.html").read_text(encoding="utf-8")
    assert '<script type="module" src="../../assets/vendor/pyscript/core.js">' in html
    assert '<script type="py" worker name="bots" src="./worker.py" config="./pyscript.toml">' in html
