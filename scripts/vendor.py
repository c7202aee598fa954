"""Copy the pinned browser runtime from node_modules/ into assets/vendor/.

`npm ci` installs the exact versions of package-lock.json; this script copies
just the files the page loads (no source maps, no demo pages), so the folder
that is served, precached and deployed holds nothing else. assets/vendor/ is
git-ignored: third-party code is never committed.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
VENDOR = ROOT / "assets" / "vendor"

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)


def _version(package: str) -> str:
    version: str = json.loads((NODE_MODULES / package / "package.json").read_text())["version"]
    return version


def _expected_versions() -> dict[str, str]:
    pins = json.loads((ROOT / "package.json").read_text())["dependencies"]
    return {name: pins[name] for name in ("pyodide", "@pyscript/core")}


def vendor() -> Path:
    """Copy the runtime and return the stamp file recording what was copied."""
    expected = _expected_versions()
    for package, version in expected.items():
        if not (NODE_MODULES / package).is_dir():
            sys.exit(f"vendor: {package} is missing from node_modules; run `npm ci` first")
        found = _version(package)
        if found != version:
            sys.exit(f"vendor: node_modules has {package} {found}, package.json pins {version}; run `npm ci`")

    if VENDOR.exists():
        shutil.rmtree(VENDOR)
    pyodide_target = VENDOR / "pyodide"
    pyodide_target.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(NODE_MODULES / "pyodide" / name, pyodide_target / name)

    pyscript_source = NODE_MODULES / "@pyscript" / "core" / "dist"
    pyscript_target = VENDOR / "pyscript"
    pyscript_target.mkdir(parents=True)
    for path in sorted(pyscript_source.iterdir()):
        if path.is_file() and path.suffix in (".js", ".css"):
            shutil.copy2(path, pyscript_target / path.name)

    stamp = VENDOR / "versions.json"
    stamp.write_text(json.dumps(expected, indent=2, sort_keys=True) + "\n")
    return stamp


if __name__ == "__main__":
    stamp = vendor()
    size = sum(p.stat().st_size for p in VENDOR.rglob("*") if p.is_file())
    print(f"vendor: runtime copied into {VENDOR.relative_to(ROOT)} ({size / 1e6:.1f} MB): {stamp.read_text().strip()}")
