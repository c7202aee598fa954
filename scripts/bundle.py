"""Bundle the Python package for the browser: build/kabale.zip, one download instead of dozens.

PyScript's [files] writes the archive as it is (``"./build/kabale.zip" =
"./kabale.zip"``) and py/main.py puts it on ``sys.path``: Python imports from
the zip in place (zipimport), nothing is unpacked. The archive holds every
module the page may import: the package without the command line (cli/,
__main__.py). It is made at set-up (`make setup`), and afresh when a module
changed whenever the development server is asked for it, so an edited .py file
is what the browser gets. The bytes depend only on the sources and the
vendored runtime (fixed dates, sorted names), so the service worker's precache
hash changes only when one of them does.

Each module goes with its .pyc beside it (``kabale/cards.pyc``, where zipimport
looks first), compiled by the vendored Pyodide itself in Node, as
scripts/stdlib.py does for the standard library: .venv's CPython is another
version, whose bytecode Pyodide refuses. They are unchecked hash-based .pyc
(PEP 552): no date to compare, and the source stays in the zip for tracebacks.
So a cold start unmarshals the lobby's 20 modules instead of compiling 150 kB
of source on the page's main thread (their import took 200 ms instead of 445,
medians of 4 cold loads each at a load average of 6-8).
Without Node or the vendored runtime (a unit test's folder) the zip holds the
sources only, which the page imports as well, only slower. The entries are
stored, not deflated, so that the host's compression sees the whole zip.
"""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import sys
import tempfile
import threading
import zipfile
from pathlib import Path

import vendor

ROOT = Path(__file__).resolve().parent.parent
BUNDLE = "build/kabale.zip"
#: What the bundle was made from (a hash of the sources, the runtime and this script).
STAMP = "build/kabale.json"
#: Where the page writes the bundle (PyScript's working folder, py/main.py): the file
#: names compiled into the .pyc, so that a traceback names the module's place.
MOUNTED = "/home/pyodide/kabale.zip/"
_EPOCH = (1980, 1, 1, 0, 0, 0)
#: One writer at a time: the development server's threads may ask for the zip and the
#: precache list at once, and both would compile into the same partial file.
_WRITING = threading.Lock()

# Run by the vendored Pyodide in Node: every module of the source zip, then its .pyc.
_NODE = r"""
const [runtime, input, output, mounted] = process.argv.slice(1);
const { loadPyodide } = await import(runtime);
const fs = await import("node:fs");
const pyodide = await loadPyodide({ env: { HOME: "/home/pyodide" } });
pyodide.FS.writeFile("/tmp/in.zip", fs.readFileSync(input));
pyodide.globals.set("mounted", mounted);
pyodide.runPython(String.raw`
import importlib.util, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

with zipfile.ZipFile("/tmp/in.zip") as source, zipfile.ZipFile("/tmp/out.zip", "w") as out:
    for info in source.infolist():
        text = source.read(info)
        out.writestr(info, text)
        code = compile(text, mounted + info.filename, "exec", dont_inherit=True)
        compiled = zipfile.ZipInfo(info.filename + "c", date_time=info.date_time)
        compiled.external_attr = info.external_attr
        out.writestr(compiled, _code_to_hash_pyc(code, importlib.util.source_hash(text), checked=False))
`);
fs.writeFileSync(output, pyodide.FS.readFile("/tmp/out.zip"));
"""


def browser_modules(root: Path = ROOT) -> list[str]:
    """Every module the page may import, as paths under py/ ("kabale/cards.py")."""
    package = root / "py" / "kabale"
    return sorted(
        path.relative_to(root / "py").as_posix()
        for path in package.rglob("*.py")
        if "cli" not in path.relative_to(package).parts and path.name != "__main__.py"
    )


def bundle_bytes(root: Path = ROOT) -> bytes:
    """The sources' zip (without .pyc): what the page imports from where no .pyc can be made."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_STORED) as archive:
        for module in browser_modules(root):
            info = zipfile.ZipInfo(module, date_time=_EPOCH)
            info.external_attr = 0o644 << 16
            archive.writestr(info, (root / "py" / module).read_bytes())
    return buffer.getvalue()


def _runtime(root: Path) -> Path | None:
    """The vendored Pyodide that compiles the .pyc, with Node to run it; None without either."""
    runtime = root / vendor.vendored("pyodide", "pyodide.mjs")
    return runtime if runtime.is_file() and shutil.which("node") else None


def _key(sources: bytes, runtime: Path | None) -> str:
    digest = hashlib.sha256(sources)
    digest.update(Path(__file__).read_bytes())
    if runtime is not None:  # its folder is named by its version (scripts/vendor.py)
        digest.update(runtime.relative_to(runtime.parents[2]).as_posix().encode())
        digest.update(runtime.read_bytes())
    return digest.hexdigest()


def write(root: Path = ROOT) -> bool:
    """Write the bundle if it is missing or out of date; True when it was (re)written."""
    with _WRITING:
        return _write(root)


def _write(root: Path) -> bool:
    target, stamp = root / BUNDLE, root / STAMP
    sources = bundle_bytes(root)
    runtime = _runtime(root)
    key = _key(sources, runtime)
    if target.is_file() and stamp.is_file() and json.loads(stamp.read_text(encoding="utf-8")).get("key") == key:
        return False
    target.parent.mkdir(parents=True, exist_ok=True)
    if runtime is None:
        temporary = target.with_suffix(".tmp")
        temporary.write_bytes(sources)
        temporary.replace(target)
        stamp.write_text(json.dumps({"key": key, "bytes": len(sources)}) + "\n", encoding="utf-8")
        return True
    node = shutil.which("node")
    assert node is not None
    with tempfile.TemporaryDirectory() as folder:
        source_zip = Path(folder) / "sources.zip"
        source_zip.write_bytes(sources)
        stamp.unlink(missing_ok=True)  # made_by_node writes it once the zip is whole
        vendor.made_by_node(target, stamp, "key", key, lambda partial: [
            node, "--input-type=module", "-e", _NODE, runtime.resolve().as_uri(), str(source_zip), str(partial),
            MOUNTED], timeout=300)
    return True


if __name__ == "__main__":
    changed = write()
    print(f"bundle: {BUNDLE} {'written' if changed else 'up to date'} ({len(browser_modules())} modules)")
    sys.exit(0)
