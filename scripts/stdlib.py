"""Write build/python_stdlib.zip: the part of Python's standard library Kabale can import, precompiled.

Pyodide's python_stdlib.zip holds the whole library as source (559 modules,
9.6 MB unpacked, 2.5 MB zipped). A cold start imports about 140 of them, 2.6 MB
of source, and compiles every one on the page's main thread: in Pyodide's own
CPython (in Node) that is 0.8-1.4 s of compiling against 0.02 s to load the same
code as .pyc. So this zip keeps only the modules Kabale can import, each as an
unchecked hash-based .pyc (PEP 552: no date to check, no source to read), and
assets/js/runtime.mjs gives it to Pyodide (``stdLibURL``) in place of the stock
one, which stays as it was vendored (bench/bare still uses it).

Measured by bench/stdlib_pyc.py in headless Chromium, 7 cold loads each,
interleaved with the stock zip on a loaded machine: ready in 2450 ms (median,
1876-3269) instead of 6790 (4245-7185), the longest main-thread block 1017 ms
instead of 5533. The zip's entries are stored, not deflated, so that the host's
compression sees the whole: 1.33 MB with brotli, 1.84 MB with gzip, against
2.49 and 2.50 MB for the stock zip (4.66 MB raw, against 2.55).
What it costs: 2.1 MB more on a host that does not compress (GitHub Pages,
Netlify, Cloudflare and `make play` all do) and in the service worker's cache,
and a traceback through the standard library shows no source lines.

What is kept, found in the vendored Pyodide itself (run in Node):
* every module Pyodide has imported once started;
* every standard module Kabale's browser modules import (``kabale_imports``: read
  from their source, so an import inside a function counts), and those PyScript
  imports in the page once ready (``PAGE_IMPORTS``, seen in the browser);
* everything those import, at any depth, inside functions too (read from the
  library's own source by 3.14's ``ast``);
* of each package so reached, the whole package (its data and lazy parts), but
  for the codecs (``encodings``), of which only those reached and the common
  Unicode and Latin ones stay.
A module missing from this zip would fail at its first import, perhaps in a
rarely played path, so tests/unit/test_stdlib.py checks that every standard module
Kabale imports is in it, and the e2e suites play every game on it.

The .pyc must come from the same CPython minor version as Pyodide's (3.14; the
magic number differs per version): .venv's Python is 3.11, so Pyodide compiles
them. The zip is remade when the vendored zip, Kabale's imports or this script
change (build/python_stdlib.json keeps their hash). The page's memory snapshot
is made in the browser from the zip the page loads (assets/js/runtime.mjs), as it
must be: a snapshot remembers the zip's layout.

Usage: python3 scripts/stdlib.py [SITE_FOLDER]   (default: this checkout)
"""

from __future__ import annotations

import ast
import hashlib
import json
import shutil
import sys
from pathlib import Path

import bundle
import vendor

ROOT = Path(__file__).resolve().parent.parent
STDLIB = "build/python_stdlib.zip"
STAMP = "build/python_stdlib.json"
VENDORED = vendor.vendored("pyodide", "python_stdlib.zip")
#: Where Pyodide mounts the standard library zip: the file names compiled into the .pyc.
MOUNTED = "/lib/python314.zip/"
#: Standard modules PyScript 0.7.31 imports in the page beyond Pyodide's own start
#: (sys.modules once the page was ready, less what Pyodide in Node had imported).
PAGE_IMPORTS = ("html", "html.entities")
#: Standard modules that the kept ones import inside a function, on paths Kabale may take:
#: a traceback's "did you mean" (difflib), a string seed's hash (hashlib), a warning's
#: origin (tracemalloc, inspect).
LAZY_IMPORTS = ("difflib", "hashlib", "inspect", "tracemalloc")
#: Codecs kept besides those reached: the Unicode ones and the common 8-bit ones.
CODECS = (
    "aliases", "ascii", "latin_1", "cp437", "cp1252", "idna", "raw_unicode_escape", "unicode_escape",
    "utf_8", "utf_8_sig", "utf_16", "utf_16_le", "utf_16_be", "utf_32", "utf_32_le", "utf_32_be",
)

_NODE = r"""
const [runtime, input, output, roots, codecs, mounted] = process.argv.slice(1);
const { loadPyodide } = await import(runtime);
const fs = await import("node:fs");
const pyodide = await loadPyodide({ env: { HOME: "/home/pyodide" } });
pyodide.FS.writeFile("/tmp/in.zip", fs.readFileSync(input));
pyodide.globals.set("roots", roots);
pyodide.globals.set("codecs", codecs);
pyodide.globals.set("mounted", mounted);
pyodide.runPython(String.raw`
import ast, importlib.util, json, marshal, sys, zipfile

source = zipfile.ZipFile("/tmp/in.zip")
files = {}  # module name -> its file in the zip
for name in source.namelist():
    if name.endswith(".py"):
        files[name[:-3].replace("/", ".").removesuffix(".__init__")] = name

def imported(module):
    tree = ast.parse(source.read(files[module]))
    package = module if files[module].endswith("__init__.py") else module.rpartition(".")[0]
    todo = list(tree.body)
    while todo:  # the module's own statements, in blocks too, but not in a function's body
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        if isinstance(node, ast.If) and "__main__" in ast.unparse(node.test):
            continue  # run as a script only: its doctest or command line
        todo.extend(child for child in ast.iter_child_nodes(node) if isinstance(child, ast.stmt | ast.excepthandler))
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
            yield base
            for alias in node.names:
                yield base + "." + alias.name

reached, todo = set(), [*json.loads(roots), *sys.modules]
while todo:
    name = todo.pop()
    parts = name.split(".")
    for depth in range(1, len(parts) + 1):  # a package is imported before its modules
        prefix = ".".join(parts[:depth])
        if prefix in files and prefix not in reached:
            reached.add(prefix)
            todo.extend(imported(prefix))

tops = {name.split(".")[0] for name in reached}
common = {"encodings." + codec for codec in json.loads(codecs)} | {"encodings"}

def kept(entry):
    if entry.endswith("/"):
        return False
    module = entry.rsplit(".", 1)[0].replace("/", ".").removesuffix(".__init__")
    if module.split(".")[0] == "encodings":
        return module in reached or module in common
    return module.split(".")[0] in tops or module in reached

with zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_STORED) as target:
    for info in sorted(source.infolist(), key=lambda info: info.filename):
        if not kept(info.filename):
            continue
        name, data = info.filename, source.read(info)
        if name.endswith(".py"):
            code = compile(data, mounted + name, "exec", dont_inherit=True)
            data = importlib.util.MAGIC_NUMBER + (0b01).to_bytes(4, "little") + importlib.util.source_hash(data) + marshal.dumps(code)
            name = name[:-3] + ".pyc"
        entry = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        entry.compress_type = zipfile.ZIP_STORED  # the server compresses the whole: brotli 1.33 MB, against 1.96 deflated
        entry.external_attr = 0o644 << 16
        target.writestr(entry, data)
`);
fs.writeFileSync(output, pyodide.FS.readFile("/tmp/out.zip"));
"""


def kabale_imports(root: Path = ROOT) -> list[str]:
    """Every absolute import in the modules the page may load (bundle.browser_modules),
    wherever it stands (a function's body too); the standard ones among them are what
    the zip must hold (the others, kabale, pyscript, js, are not in it)."""
    found: set[str] = set()
    for module in bundle.browser_modules(root):
        tree = ast.parse((root / "py" / module).read_bytes(), module)
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module)
                found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return sorted(name for name in found if name.split(".")[0] != "kabale")


def _key(site: Path, roots: list[str]) -> str:
    digest = hashlib.sha256()
    with (site / VENDORED).open("rb") as handle:
        digest.update(hashlib.file_digest(handle, "sha256").digest())
    digest.update(json.dumps(roots).encode())
    digest.update(Path(__file__).read_bytes())
    return digest.hexdigest()


def write(site: Path = ROOT) -> Path | None:
    """Make the zip if the runtime is vendored and the zip is missing or stale; return its
    path (None when there is no runtime to make it from)."""
    if not (site / VENDORED).is_file():
        return None
    node = shutil.which("node")
    if node is None:
        raise OSError("node is needed to compile the standard library for Pyodide (make setup installs it)")
    roots = sorted({*kabale_imports(site if (site / "py" / "kabale").is_dir() else ROOT), *PAGE_IMPORTS, *LAZY_IMPORTS})
    target, stamp = site / STDLIB, site / STAMP
    key = _key(site, roots)
    runtime = (site / vendor.vendored("pyodide", "pyodide.mjs")).resolve().as_uri()
    return vendor.made_by_node(target, stamp, "key", key, lambda partial: [
        node, "--input-type=module", "-e", _NODE, runtime, str(site / VENDORED), str(partial), json.dumps(roots),
        json.dumps(CODECS), MOUNTED], timeout=600)


def main(argv: list[str]) -> int:
    return vendor.run_writer("stdlib", write, argv, lambda size: f"{size / 1e6:.2f} MB", "no runtime: none made")


if __name__ == "__main__":
    sys.exit(main(sys.argv))
