"""Kabale's worker runs the vendored Pyodide and imports the package from one archive, in place.

All of Kabale's Python runs in a worker (issue 29): assets/js/worker.mjs starts Pyodide through
assets/js/runtime.mjs, writes build/kabale.zip beside py/main.py, which puts it on sys.path."""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path

import pytest

import bundle
import precache
import vendor

ROOT = Path(__file__).resolve().parents[2]


WORKER = ROOT / "assets" / "js" / "worker.mjs"


def test_the_worker_runs_the_vendored_pyodide() -> None:
    """Through assets/js/runtime.mjs, which hands Pyodide its lock (issue 15: no lock file download)."""
    assert 'import { startPython } from "./runtime.mjs";' in WORKER.read_text(encoding="utf-8")
    runtime = (ROOT / "assets" / "js" / "runtime.mjs").read_text(encoding="utf-8")
    assert f'from "../vendor/{vendor.folder_names()["pyodide"]}/pyodide.mjs"' in runtime


def test_the_package_goes_as_one_archive_imported_in_place() -> None:
    """Written as it is (nothing unpacked) beside py/main.py, which puts it on sys.path before any import."""
    worker = WORKER.read_text(encoding="utf-8")
    assert f'new URL("../../{bundle.BUNDLE}", import.meta.url)' in worker
    assert 'const BUNDLE_PATH = "/home/pyodide/kabale.zip";' in worker
    assert worker.count("pyodide.FS.writeFile(BUNDLE_PATH, ") == 2  # for the snapshot's imports, and the start
    assert 'new URL("../../py/main.py", import.meta.url)' in worker
    assert bundle.MOUNTED == "/home/pyodide/kabale.zip/"
    main = (ROOT / "py" / "main.py").read_text(encoding="utf-8")
    assert main.index('BUNDLE = os.path.abspath("kabale.zip")') < main.index("sys.path.insert(0, BUNDLE)")
    assert main.index("sys.path.insert(0, BUNDLE)") < main.index("from kabale")


def test_the_archive_holds_every_browser_module_and_only_those() -> None:
    modules = bundle.browser_modules(ROOT)
    assert "kabale/cards.py" in modules and "kabale/web/app.py" in modules
    assert not any(module.startswith("kabale/cli/") or module.endswith("__main__.py") for module in modules)
    with zipfile.ZipFile(io.BytesIO(bundle.bundle_bytes(ROOT))) as archive:
        assert archive.namelist() == modules
        assert archive.read("kabale/cards.py") == (ROOT / "py" / "kabale" / "cards.py").read_bytes()


def test_the_written_archive_holds_each_module_with_its_unchecked_pyc() -> None:
    """Beside each source, its .pyc where zipimport looks first: an unchecked hash-based .pyc
    (PEP 552 flags 0b01) of that very source, so the page never compiles the lobby's modules."""
    if bundle._runtime(ROOT) is None:
        pytest.skip("no vendored Pyodide and Node to compile with")
    bundle.write(ROOT)
    modules = bundle.browser_modules(ROOT)
    with zipfile.ZipFile(ROOT / "build" / "python_stdlib.zip") as stdlib:  # compiled by the same Pyodide
        magic = stdlib.read(next(name for name in stdlib.namelist() if name.endswith(".pyc")))[:4]
    with zipfile.ZipFile(ROOT / bundle.BUNDLE) as archive:
        assert sorted(archive.namelist()) == sorted([*modules, *(module + "c" for module in modules)])
        assert all(info.compress_type == zipfile.ZIP_STORED for info in archive.infolist())
        for module in modules:
            assert archive.read(module) == (ROOT / "py" / module).read_bytes()
            header = archive.read(module + "c")[:16]
            assert header[:4] == magic, module  # Pyodide's CPython, not .venv's
            assert int.from_bytes(header[4:8], "little") == 0b01, module  # hash-based, not checked


def test_the_archive_depends_only_on_the_sources() -> None:
    assert bundle.bundle_bytes(ROOT) == bundle.bundle_bytes(ROOT)


def test_write_makes_the_bundle_only_when_a_module_changed(tmp_path: Path) -> None:
    package = tmp_path / "py" / "kabale"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "cards.py").write_text("A = 1\n")
    assert bundle.write(tmp_path)
    assert not bundle.write(tmp_path)
    (package / "cards.py").write_text("A = 2\n")
    assert bundle.write(tmp_path)
    with zipfile.ZipFile(tmp_path / bundle.BUNDLE) as archive:
        assert archive.read("kabale/cards.py") == b"A = 2\n"


def test_the_page_starts_the_worker_and_runs_no_python() -> None:
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    assert '<script type="module" src="assets/js/page.js"></script>' in html
    assert 'type="py"' not in html and "pyscript" not in html.lower()
    page = (ROOT / "assets" / "js" / "page.js").read_text(encoding="utf-8")
    assert 'new Worker(new URL("./worker.mjs", import.meta.url)' in page


def test_the_page_preloads_nothing_the_worker_fetches() -> None:
    """A preload belongs to the page's document: the worker's own fetch of the same file would not
    take it, and the file would come twice. What the page preloads must exist and be precached."""
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    preloaded = re.findall(r'<link rel="(?:module)?preload" href="([^"]+)"', html)
    assert not [path for path in preloaded if path.startswith(("assets/vendor/", "build/", "py/"))]
    kept = set(precache.precache_files(ROOT))
    for path in preloaded:
        assert (ROOT / path).is_file(), path
        assert path in kept, path
