"""Write build/pyodide-snapshot.bin: Pyodide's memory just after it started, for warm starts.

Starting Pyodide runs Python's own start-up (the interpreter, then the
modules Pyodide imports), which blocks the page's main thread for about two
seconds on a fast machine. A memory snapshot taken right after that start
(Pyodide's ``_makeSnapshot``/``makeMemorySnapshot``) restores it in a fraction
of the time: measured in headless Chromium under load, ready in 3.5 s instead
of 10.4 s, the longest main-thread block 0.5 s instead of 9.3 s.

It is made here, in Node (which `make setup` needs anyway for npm), from the
vendored runtime: a restore needs exactly the same Pyodide build, so the file
is remade whenever one of the runtime's files changes (build/pyodide-snapshot.json
keeps their hash, and that of build/python_stdlib.zip, the standard library
the page starts with: scripts/stdlib.py). It is 31 MB (about 5 MB with brotli), so the page uses it
only on a start served by the service worker, which precaches it in the
background after the first visit: a first visit downloads nothing more before
it can play (assets/js/runtime.mjs).

Usage: python3 scripts/snapshot.py [SITE_FOLDER]   (default: this checkout)
"""

from __future__ import annotations

import hashlib
import shutil
import sys
from pathlib import Path

import stdlib
import vendor

ROOT = Path(__file__).resolve().parent.parent
SNAPSHOT = "build/pyodide-snapshot.bin"
STAMP = "build/pyodide-snapshot.json"
RUNTIME = vendor.vendored("pyodide")
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
#: The standard library the page starts with (assets/js/runtime.mjs): the snapshot
#: remembers where each module lies in it, so it must be made from the same zip.
STDLIB = stdlib.STDLIB

_NODE = """
const [runtime, target, stdLibURL] = process.argv.slice(1);
const { loadPyodide } = await import(runtime);
const fs = await import("node:fs");
const pyodide = await loadPyodide({ _makeSnapshot: true, stdLibURL, env: { HOME: "/home/pyodide" } });
fs.writeFileSync(target, pyodide.makeMemorySnapshot());
"""


def runtime_key(site: Path) -> str:
    digest = hashlib.sha256()
    for path in [*(site / RUNTIME / name for name in RUNTIME_FILES), site / STDLIB]:
        with path.open("rb") as handle:
            digest.update(hashlib.file_digest(handle, "sha256").digest())
    return digest.hexdigest()


def write(site: Path = ROOT) -> Path | None:
    """Make the snapshot if the runtime is vendored and it is missing or stale; return its path
    (None when there is no runtime or no Node: the page then starts as usual)."""
    if not all((site / RUNTIME / name).is_file() for name in RUNTIME_FILES) or not (site / STDLIB).is_file():
        return None
    node = shutil.which("node")
    if node is None:
        return None
    target, stamp = site / SNAPSHOT, site / STAMP
    key = runtime_key(site)
    runtime = (site / RUNTIME / "pyodide.mjs").resolve().as_uri()
    return vendor.made_by_node(target, stamp, "runtime", key, lambda partial: [
        node, "--input-type=module", "-e", _NODE, runtime, str(partial), str((site / STDLIB).resolve())], timeout=300)


def main(argv: list[str]) -> int:
    return vendor.run_writer("snapshot", write, argv, lambda size: f"{size / 1e6:.1f} MB", "no runtime or no node: none made")


if __name__ == "__main__":
    sys.exit(main(sys.argv))
