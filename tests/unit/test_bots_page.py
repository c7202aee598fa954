"""The bot benchmark page loads the runtime and the package as the site does."""

from __future__ import annotations

import tomllib
from pathlib import Path

import bundle
import vendor

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "bench" / "bots_page"


def test_the_bench_page_loads_the_sites_bundle() -> None:
    config = tomllib.loads((PAGE / "pyscript.toml").read_text(encoding="utf-8"))
    assert config["interpreter"] == f"../../{vendor.vendored('pyodide', 'pyodide.mjs')}"
    assert config["files"][f"../../{bundle.BUNDLE}"] == "./*"
    for source in config["files"]:
        if source != f"../../{bundle.BUNDLE}":
            assert (PAGE / source).is_file()
    assert "kabale/bots/hard.py" in bundle.browser_modules(ROOT)


def test_the_bench_page_loads_the_vendored_runtime_and_its_worker() -> None:
    html = (PAGE / "index.html").read_text(encoding="utf-8")
    assert f'<script type="module" src="../../{vendor.vendored("@pyscript/core", "core.js")}">' in html
    assert '<script type="py" worker name="bots" src="./worker.py" config="./pyscript.toml">' in html
