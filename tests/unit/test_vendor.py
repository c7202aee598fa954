"""The vendored runtime lives under folders named after its pins (scripts/vendor.py).

Why: hosts cache assets/vendor/ for a year as immutable (scripts/dist.py), so a
new pin must come under new URLs; the committed pages that name those folders
must follow package.json, or set-up stops and says which lines to change.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import dist
import vendor

ROOT = Path(__file__).resolve().parents[2]


def test_every_committed_page_names_the_folders_of_the_pins() -> None:
    pins = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["dependencies"]
    assert vendor.folder_names() == {"pyodide": f"pyodide-{pins['pyodide']}",
                                     "@pyscript/core": f"pyscript-{pins['@pyscript/core']}",
                                     "trystero": f"trystero-{pins['trystero']}",
                                     "qrcode-generator": f"qrcode-{pins['qrcode-generator']}"}
    assert vendor.stale_references() == []
    bare = (ROOT / "bench" / "bare" / "index.html").read_text(encoding="utf-8")  # the benchmarks' yardstick
    assert f'src="../../{vendor.vendored("@pyscript/core", "core.js")}"' in bare


def test_a_new_pin_without_the_pages_changed_is_reported_line_by_line() -> None:
    pins = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["dependencies"]
    bumped = {**{package: pins[package] for package in vendor.FOLDER_STEMS}, "pyodide": pins["pyodide"] + ".1"}
    stale = vendor.stale_references(versions=bumped)
    assert stale, "a pin moved on but no page was found naming the old folder"
    assert all(f"-> vendor/pyodide-{bumped['pyodide']}/" in line for line in stale)
    assert {line.split(":")[0] for line in stale} >= {"assets/js/runtime.mjs", "bench/bare/pyscript.toml"}


def test_the_versioned_folders_are_the_ones_hosts_may_cache_for_good() -> None:
    assert dist.cache_control(vendor.vendored("pyodide", "pyodide.asm.wasm")) == dist.IMMUTABLE
    assert dist.cache_control("index.html") == dist.REVALIDATE


def test_a_new_trystero_pin_names_the_transport_module_line() -> None:
    pins = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["dependencies"]
    bumped = {**pins, "trystero": pins["trystero"] + ".1"}
    stale = vendor.stale_references(versions=bumped)
    assert [line.split(":")[0] for line in stale] == ["assets/js/transport.mjs"]


def test_a_new_qrcode_pin_names_the_invite_s_qr_module_line() -> None:
    pins = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["dependencies"]
    stale = vendor.stale_references(versions={**pins, "qrcode-generator": pins["qrcode-generator"] + ".1"})
    assert [line.split(":")[0] for line in stale] == ["assets/js/qr.mjs"]


def test_trystero_is_bundled_whole_with_the_licence_of_every_package_in_it(tmp_path: Path) -> None:
    """Trystero's npm modules import their dependencies by bare name; the bundle imports nothing,
    and carries each bundled package's licence file in full, Trystero's first."""
    target = tmp_path / vendor.TRYSTERO_BUNDLE
    packages = vendor.bundle_trystero(target)
    names = [package.name for package in packages]
    assert names[0] == "trystero"
    assert {"@trystero-p2p/core", "@trystero-p2p/nostr", "@noble/secp256k1"} <= set(names)
    pins = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["dependencies"]
    assert packages[0].version == pins["trystero"]
    text = target.read_text(encoding="utf-8")
    header, _, code = text.partition("\n*/\n")
    assert header.startswith("/*! Bundled at set-up")
    for package in packages:
        licence = (ROOT / "node_modules" / package.name / "LICENSE").read_text(encoding="utf-8").strip()
        assert licence in header, package.name
        assert "Copyright" in licence or "(c)" in licence
    assert "*/" not in header
    assert not re.search(r"""(?:^|[;}\s])import\s*[\w{*][^;]*from\s*["']""", code), "a bare import was left"
    assert "import(" not in code
    assert re.search(r"export\s*\{[^}]*\bas joinRoom\b", code)
