"""Issue 15, item 5: a trimmed standard library zip, and precompiled .pyc, measured.

Adopted: the standard library trimmed to what can be imported and precompiled
(scripts/stdlib.py, build/python_stdlib.zip). Dropped: .pyc in build/kabale.zip.

Figures (2026-12-01, headless Chromium, 7 cold loads per variant, interleaved;
load average 3.3 before, 7.9 after; zips deflated as the stock one is):

=============  ==========  ===========  ==============  ===================
variant        zip raw MB  zip br MB    cold ready ms   longest block ms
                                        median (range)  (median)
=============  ==========  ===========  ==============  ===================
stock          2.55        2.49         6790 (4245-7185)  5533
trimmed (.py)  0.99        0.96         5506 (4925-6047)  4533
stdlib .pyc    4.53        4.46         2716 (1893-3596)  1100
adopted        1.98        1.96         2450 (1876-3269)  1017
+ bundle .pyc  kabale.zip 0.74 (was 0.22)  2637 (1955-4242)  1250
=============  ==========  ===========  ==============  ===================

* The adopted zip as committed (stored entries), again against stock, 5 cold
  loads each, load average 10.3 before, 11.8 after: ready 4787 ms (3878-6208)
  against 10189 (7819-12200), longest block 2000 ms against 8533.
* bench/boot.py with it, 3 runs (load average about 8-10): Kabale cold ready
  2775 ms against the bare PyScript page's 7828 (0.355x; the bare page keeps the
  stock zip), longest block 1250 ms against 7033; warm 1630, warm offline 1000
  (0.36x cold); a first visit from dist/ moves 4.65 MB before the worker's
  snapshot download (3.66 MB), 8.31 MB in all, the wasm once.
* The time goes to compiling: a cold start imports 141 stdlib modules (2.6 MB
  of source) and compiles each on the main thread; in Pyodide's CPython in Node
  that is 0.8-1.4 s, against 0.02 s to unmarshal the same code. Trimming alone
  saves bytes, hardly time; .pyc saves the time; both together do both.
* The adopted zip is written with stored (not deflated) entries, so that the
  host's compression sees the whole: 4.66 MB raw, 1.84 MB gzip -9, 1.33 MB
  brotli (deflated: 1.98 / 1.97 / 1.96 MB; stock: 2.55 / 2.50 / 2.49 MB).
* Kabale's own modules as .pyc (build/kabale.zip with __pycache__): no gain
  within the spread (2637 against 2450 ms), for 0.5 MB more: a start imports only
  the web layer (23 modules); the games are imported when opened. Compiling all
  73 modules (0.67 MB) takes 0.22-0.31 s in Node, so opening a game may pay
  ~0.1 s, not the boot. Dropped. (Round 7 took it up again, measured by phase
  rather than by the whole page's ready: the lobby's imports 445 -> 200 ms;
  scripts/bundle.py now puts a .pyc beside each module, imported from the zip.)
* A warm start restores the memory snapshot, in which the start-up modules are
  already imported: neither change matters there, but the snapshot must be made
  from the same zip the page loads (assets/js/runtime.mjs makes it in the browser).

How: every variant is made here, in a temporary folder, from the vendored
python_stdlib.zip and build/kabale.zip (neither is changed). The .pyc files are
compiled by the vendored Pyodide itself, in Node (as scripts/stdlib.py runs
it): Pyodide 314.0.7 is CPython 3.14.2 and .venv is 3.11, whose magic number a
3.14 interpreter refuses, so only Pyodide can make .pyc it will load. They are
unchecked hash-based .pyc (PEP 552), so no date in the zip matters.

Variants, each served in place of the page's file by one server (the handler's
path translation swapped), and loaded cold (a fresh browser context: no HTTP
cache, no service worker, so no memory snapshot) in turn, so that the load of
this shared machine hits them alike:
* ``stock``: the vendored stdlib zip, all 559 modules as source;
* ``trimmed``: only the modules Pyodide, PyScript and every Kabale module import
  (found by running them in Node and in the page; whole packages kept: ``keep``), as source;
* ``stdlib_pyc``: the whole stdlib, every module as .pyc (no source);
* ``adopted``: build/python_stdlib.zip as scripts/stdlib.py makes it;
* ``bundle_pyc``: the adopted zip, and build/kabale.zip with
  __pycache__/*.cpython-314.pyc beside every module (the sources stay).

Usage: .venv/bin/python bench/stdlib_pyc.py [--runs N] [--variants a,b,...]
"""

from __future__ import annotations

import argparse
import gzip
import io
import json
import os
import statistics
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "bench"))

from playwright.sync_api import expect, sync_playwright  # noqa: E402

import bundle  # noqa: E402
import serve  # noqa: E402
import stdlib  # noqa: E402
import vendor  # noqa: E402
from boot import READY_PROBE, measure  # noqa: E402
from browser import launch  # noqa: E402

RUNTIME = ROOT / vendor.vendored("pyodide")
STDLIB = RUNTIME / "python_stdlib.zip"
BUNDLE = ROOT / "build" / "kabale.zip"
_EPOCH = (1980, 1, 1, 0, 0, 0)

# Node + the vendored Pyodide: (1) the stdlib modules Pyodide has imported once
# started, and those every Kabale module imports (pyscript stubbed: it exists
# only in the page); (2) a zip rewritten with .pyc made by Pyodide's CPython.
_NODE = r"""
const [runtime, job, input, output, bundle] = process.argv.slice(1);
const { loadPyodide } = await import(runtime);
const fs = await import("node:fs");
const py = await loadPyodide({ env: { HOME: "/home/pyodide" } });
py.FS.writeFile("/tmp/in.zip", fs.readFileSync(input));
if (bundle) py.FS.writeFile("/tmp/bundle.zip", fs.readFileSync(bundle));
py.globals.set("job", job);
py.runPython(String.raw`
import sys, json
started = sorted(sys.modules)
if job == "modules":
    import importlib, importlib.abc, importlib.machinery, types, zipfile
    class _Anything:
        def __getattr__(self, name):
            if name.startswith("__"):
                raise AttributeError(name)
            return _Anything()
        def __call__(self, *args, **kwargs):
            return _Anything()
    class _PyScript(importlib.abc.MetaPathFinder, importlib.abc.Loader):
        def find_spec(self, name, path=None, target=None):
            if name == "pyscript" or name.startswith("pyscript."):
                return importlib.machinery.ModuleSpec(name, self, is_package=True)
            return None
        def create_module(self, spec):
            module = types.ModuleType(spec.name)
            module.__path__ = []
            def attribute(name):
                if name.startswith("__"):
                    raise AttributeError(name)
                return _Anything()
            module.__getattr__ = attribute
            return module
        def exec_module(self, module):
            pass
    sys.meta_path.insert(0, _PyScript())
    archive = zipfile.ZipFile("/tmp/bundle.zip")
    archive.extractall("/home/pyodide/app")
    sys.path.insert(0, "/home/pyodide/app")
    for name in sorted(archive.namelist()):
        module = name[:-3].replace("/", ".").removesuffix(".__init__")
        importlib.import_module(module)
    open("/tmp/out.json", "w").write(json.dumps({"started": started, "all": sorted(sys.modules)}))
else:
    import importlib.util, marshal, zipfile
    prefix = job.split(":", 1)[1]  # where the zip is mounted: "" for the stdlib (its own path), or a folder
    source = zipfile.ZipFile("/tmp/in.zip")
    with zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            data = source.read(info)
            name = info.filename
            entries = [(name, data)]
            if name.endswith(".py"):
                try:
                    code = compile(data, prefix + name, "exec", dont_inherit=True)
                except SyntaxError:
                    code = None
                if code is not None:
                    pyc = bytearray(importlib.util.MAGIC_NUMBER)
                    pyc += (0b01).to_bytes(4, "little")  # hash-based, unchecked
                    pyc += importlib.util.source_hash(data)
                    pyc += marshal.dumps(code)
                    if job.startswith("stdlib"):
                        entries = [(name[:-3] + ".pyc", bytes(pyc))]
                    else:
                        folder, _, stem = name.rpartition("/")
                        cached = (folder + "/" if folder else "") + "__pycache__/" + stem[:-3] + "." + sys.implementation.cache_tag + ".pyc"
                        entries.append((cached, bytes(pyc)))
            for entry, payload in entries:
                copy = zipfile.ZipInfo(entry, date_time=(1980, 1, 1, 0, 0, 0))
                copy.compress_type = info.compress_type if not entry.endswith(".pyc") else zipfile.ZIP_DEFLATED
                copy.external_attr = 0o644 << 16
                target.writestr(copy, payload)
`);
const out = job === "modules" ? "/tmp/out.json" : "/tmp/out.zip";
fs.writeFileSync(output, py.FS.readFile(out));
"""


def node(job: str, output: Path, input_zip: Path = STDLIB, bundle: Path | None = None) -> None:
    arguments = ["node", "--input-type=module", "-e", _NODE, (RUNTIME / "pyodide.mjs").as_uri(), job, str(input_zip), str(output)]
    if bundle is not None:
        arguments.append(str(bundle))
    subprocess.run(arguments, check=True, capture_output=True, timeout=600)


def stdlib_names(archive: zipfile.ZipFile) -> set[str]:
    """Module names of the stdlib zip ("asyncio.events", "json")."""
    names = set()
    for name in archive.namelist():
        if name.endswith((".py", ".pyc")):
            stem = name.rsplit(".", 1)[0].replace("/", ".")
            names.add(stem.removesuffix(".__init__"))
    return names


def keep(entry: str, used: set[str]) -> bool:
    """Whether a file of the stdlib zip stays in the trimmed one: a used module, or the
    whole package of a used package (its data files and lazily imported submodules
    too), except the codecs, where only the used ones and a few common ones stay."""
    if entry.endswith("/"):
        return True
    stem = entry.rsplit(".", 1)[0].replace("/", ".").removesuffix(".__init__")
    top = stem.split(".")[0]
    if top == "encodings":
        return stem in used or stem in {"encodings", "encodings.aliases", "encodings.utf_8", "encodings.utf_8_sig",
                                        "encodings.ascii", "encodings.latin_1", "encodings.cp437", "encodings.idna",
                                        "encodings.utf_16", "encodings.utf_16_le", "encodings.utf_16_be",
                                        "encodings.utf_32", "encodings.raw_unicode_escape", "encodings.unicode_escape"}
    return top in {name.split(".")[0] for name in used}


def trimmed_zip(source: Path, target: Path, used: set[str]) -> None:
    with zipfile.ZipFile(source) as original, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as trimmed:
        for info in original.infolist():
            if keep(info.filename, used):
                trimmed.writestr(info, original.read(info))


def sizes(path: Path) -> dict[str, int]:
    data = path.read_bytes()
    brotli = subprocess.run(
        ["node", "-e", "const z=require('zlib');const d=require('fs').readFileSync(0);"
         "process.stdout.write(String(z.brotliCompressSync(d,{params:{[z.constants.BROTLI_PARAM_QUALITY]:11}}).length))"],
        input=data, capture_output=True, check=True,
    )
    return {"raw": len(data), "gzip9": len(gzip.compress(data, 9)), "brotli11": int(brotli.stdout)}


MODULES_MAIN = b"""
import sys
from kabale.web.app import start
start()
from pyscript import document
document.body.dataset.benchModules = " ".join(sorted(sys.modules))
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--variants", default="stock,trimmed,stdlib_pyc,adopted,bundle_pyc")
    args = parser.parse_args()
    variants = args.variants.split(",")
    work = Path(tempfile.mkdtemp(prefix="kabale-stdlib-"))
    node("modules", work / "modules.json", bundle=BUNDLE)
    probe = json.loads((work / "modules.json").read_text())
    (work / "main.py").write_bytes(MODULES_MAIN)

    overrides: dict[str, Path] = {}
    original = serve.StaticHandler.translate_path

    def translate(self: Any, path: str) -> str:
        clean = path.split("?")[0]
        for suffix, local in overrides.items():
            if clean.endswith(suffix):
                return str(local)
        return str(original(self, path))

    serve.StaticHandler.translate_path = translate  # type: ignore[method-assign]
    server, base = serve.serve_in_thread(ROOT, 0)
    report: dict[str, Any] = {"uptime_before": os.popen("uptime").read().strip()}
    with sync_playwright() as playwright:
        browser = launch(playwright)
        # what the page itself has imported once ready (PyScript's own modules included)
        overrides["py/main.py"] = work / "main.py"
        context = browser.new_context()
        page = context.new_page()
        page.goto(base)
        expect(page.locator("body")).to_have_attribute("data-bench-modules", __import__("re").compile("."), timeout=120_000)
        in_page = set((page.locator("body").get_attribute("data-bench-modules") or "").split())
        context.close()
        overrides.clear()
        with zipfile.ZipFile(STDLIB) as archive:
            available = stdlib_names(archive)
        used = (set(probe["all"]) | in_page) & available
        report["stdlib_modules"] = {"in_zip": len(available), "used": len(used),
                                    "pyodide_started": len(set(probe["started"]) & available),
                                    "page_ready": len(in_page & available),
                                    "page_only": sorted((in_page - set(probe["all"])) & available)}
        page_stdlib = "/" + stdlib.STDLIB  # what runtime.mjs asks Pyodide to load
        adopted = stdlib.write(ROOT)
        assert adopted is not None, "no vendored runtime"
        files: dict[str, dict[str, Path]] = {"stock": {page_stdlib: STDLIB}, "adopted": {}}
        if "trimmed" in variants:
            trimmed_zip(STDLIB, work / "trimmed.zip", used)
            files["trimmed"] = {page_stdlib: work / "trimmed.zip"}
        if "stdlib_pyc" in variants:
            node("stdlib:" + stdlib.MOUNTED, work / "stdlib_pyc.zip")
            files["stdlib_pyc"] = {page_stdlib: work / "stdlib_pyc.zip"}
        if "bundle_pyc" in variants:
            node("bundle:/home/pyodide/", work / "bundle_pyc.zip", input_zip=BUNDLE)
            files["bundle_pyc"] = {"/" + bundle.BUNDLE: work / "bundle_pyc.zip"}
        report["bytes"] = {
            "stock python_stdlib.zip": sizes(STDLIB), "kabale.zip": sizes(BUNDLE), "adopted": sizes(adopted),
            **{name: sizes(next(iter(mapping.values()))) for name, mapping in files.items() if mapping and name != "stock"},
        }
        timings: dict[str, list[dict[str, float | None]]] = {name: [] for name in variants}
        for _ in range(args.runs):
            for name in variants:
                overrides.clear()
                overrides.update(files[name])
                context = browser.new_context()
                context.add_init_script(READY_PROBE)
                page = context.new_page()
                page.goto(base)
                expect(page.locator("body")).to_have_attribute("data-ready", "1", timeout=120_000)
                timings[name].append(measure(page))
                context.close()
        browser.close()
    server.shutdown()
    report["uptime_after"] = os.popen("uptime").read().strip()
    report["runs"] = args.runs
    report["cold_ready_ms"] = {
        name: {"median": round(statistics.median(r["ready"] for r in rows if r["ready"]), 0),
               "min": round(min(r["ready"] for r in rows if r["ready"]), 0),
               "max": round(max(r["ready"] for r in rows if r["ready"]), 0),
               "all": [round(r["ready"] or 0) for r in rows]}
        for name, rows in timings.items()
    }
    report["cold_longest_block_ms_median"] = {
        name: round(statistics.median(r["block"] for r in rows if r["block"]), 0) for name, rows in timings.items()
    }
    report["work"] = str(work)
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
