"""The vendored runtime lives under folders named after its pins (scripts/vendor.py).

Why: hosts cache assets/vendor/ for a year as immutable (scripts/dist.py), so a
new pin must come under new URLs; the committed pages that name those folders
must follow package.json, or set-up stops and says which lines to change.
"""

from __future__ import annotations

import json
from pathlib import Path

import dist
import vendor

ROOT = Path(__file__).resolve().parents[2]


def test_every_committed_page_names_the_folders_of_the_pins() -> None:
    pins = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["dependencies"]
    assert vendor.folder_names() == {"pyodide": f"pyodide-{pins['pyodide']}",
                                     "@pyscript/core": f"pyscript-{pins['@pyscript/core']}"}
    assert vendor.stale_references() == []
    bare = (ROOT / "bench" / "bare" / "index.html").read_text(encoding="utf-8")  # the benchmarks' yardstick
    assert f'src="../../{vendor.vendored("@pyscript/core", "core.js")}"' in bare


def test_a_new_pin_without_the_pages_changed_is_reported_line_by_line() -> None:
    pins = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["dependencies"]
    bumped = {"pyodide": pins["pyodide"] + ".1", "@pyscript/core": pins["@pyscript/core"]}
    stale = vendor.stale_references(versions=bumped)
    assert stale, "a pin moved on but no page was found naming the old folder"
    assert all(f"-> vendor/pyodide-{bumped['pyodide']}/" in line for line in stale)
    assert {line.split(":")[0] for line in stale} >= {"assets/js/runtime.mjs", "bench/bare/pyscript.toml"}


def test_the_versioned_folders_are_the_ones_hosts_may_cache_for_good() -> None:
    assert dist.cache_control(vendor.vendored("pyodide", "pyodide.asm.wasm")) == dist.IMMUTABLE
    assert dist.cache_control("index.html") == dist.REVALIDATE
