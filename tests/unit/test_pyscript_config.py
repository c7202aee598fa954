"""pyscript.toml ships the vendored interpreter and the package as one archive, and nothing else."""

from __future__ import annotations

import io
import re
import tomllib
import zipfile
from pathlib import Path

import pytest

import bundle
import precache
import vendor

ROOT = Path(__file__).resolve().parents[2]


def _config() -> dict[str, object]:
    return tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))


def test_the_interpreter_is_the_vendored_pyodide() -> None:
    """Through assets/js/runtime.mjs, which hands Pyodide its lock (issue 15: no lock file download)."""
    assert _config()["interpreter"] == "./assets/js/runtime.mjs"
    runtime = (ROOT / "assets" / "js" / "runtime.mjs").read_text(encoding="utf-8")
    assert f'from "../vendor/{vendor.folder_names()["pyodide"]}/pyodide.mjs"' in runtime


def test_the_package_goes_as_one_archive_imported_in_place() -> None:
    """Written as it is (no "./*": nothing unpacked), and put on sys.path by py/main.py before any import."""
    assert _config()["files"] == {f"./{bundle.BUNDLE}": "./kabale.zip"}
    assert bundle.MOUNTED == "/home/pyodide/kabale.zip/"
    main = (ROOT / "py" / "main.py").read_text(encoding="utf-8")
    assert main.index('sys.path.insert(0, os.path.abspath("kabale.zip"))') < main.index("from kabale")


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


def test_the_page_loads_main_through_this_config() -> None:
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    assert '<script type="py" src="./py/main.py" config="./pyscript.toml">' in html


def test_every_preloaded_file_is_one_the_page_loads_and_the_worker_keeps() -> None:
    """A preload of a file that is gone (PyScript's chunks are named by their hash) would cost a
    404 and start nothing sooner; each one must exist and be in the precache list."""
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    preloaded = re.findall(r'<link rel="(?:module)?preload" href="([^"]+)"', html)
    assert f"{vendor.vendored('@pyscript/core', 'core.js')}" in preloaded
    kept = set(precache.precache_files(ROOT))
    for path in preloaded:
        assert (ROOT / path).is_file(), path
        assert path in kept, path
