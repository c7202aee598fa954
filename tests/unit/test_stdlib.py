"""The page's standard library (build/python_stdlib.zip, scripts/stdlib.py) holds what Kabale imports.

A standard module Kabale imports that the trimmed zip lacks would fail only when
that import runs in the browser, perhaps in a path rarely played; here it fails
at once. The zip is made by `make setup` (scripts/precache.py runs stdlib.py);
a new import needs `make setup` again, which this test asks for.
"""

from __future__ import annotations

import gzip
import zipfile
from pathlib import Path

import pytest

import stdlib
import vendor

ROOT = Path(__file__).resolve().parents[2]


def module_files(archive: zipfile.ZipFile) -> dict[str, str]:
    """Module name -> its file in a stdlib zip (a package by its __init__)."""
    found = {}
    for name in archive.namelist():
        if name.endswith((".py", ".pyc")):
            found[name.rsplit(".", 1)[0].replace("/", ".").removesuffix(".__init__")] = name
    return found


@pytest.fixture(scope="module")
def zips() -> tuple[dict[str, str], zipfile.ZipFile]:
    built = ROOT / stdlib.STDLIB
    if not built.is_file() or not (ROOT / stdlib.VENDORED).is_file():
        pytest.fail(f"{stdlib.STDLIB} or the runtime is missing: run `make setup`")
    with zipfile.ZipFile(ROOT / stdlib.VENDORED) as stock:
        stock_modules = module_files(stock)
    return stock_modules, zipfile.ZipFile(built)


def test_every_standard_module_kabale_imports_is_in_the_page_s_zip(zips: tuple[dict[str, str], zipfile.ZipFile]) -> None:
    stock, built = zips
    imports = stdlib.kabale_imports(ROOT)
    assert {"json", "random", "asyncio", "dataclasses"} <= set(imports)  # the reading finds real imports
    standard = [name for name in imports if name in stock]
    missing = [name for name in standard if name not in module_files(built)]
    assert not missing, f"not in {stdlib.STDLIB}: {missing} (run `make setup` to remake it)"


def test_the_zip_holds_precompiled_code_only_and_moves_fewer_bytes(zips: tuple[dict[str, str], zipfile.ZipFile]) -> None:
    stock, built = zips
    modules = [name for name in built.namelist() if name.endswith((".py", ".pyc"))]
    assert modules and all(name.endswith(".pyc") for name in modules)
    for name in modules:
        header = built.read(name)[:16]
        assert header[2:4] == b"\r\n"  # a magic number (3.14's: Pyodide compiled it)
        assert int.from_bytes(header[4:8], "little") == 0b01  # hash-based, unchecked: no date to check
    assert len(module_files(built)) < len(stock) / 2
    # stored, not deflated, so that the server's compression sees the whole: smaller on the wire
    assert {info.compress_type for info in built.infolist()} == {zipfile.ZIP_STORED}
    on_the_wire = len(gzip.compress((ROOT / stdlib.STDLIB).read_bytes(), 9))
    assert on_the_wire < 0.8 * len(gzip.compress((ROOT / stdlib.VENDORED).read_bytes(), 9))


def test_kabale_imports_reads_imports_in_function_bodies_too(tmp_path: Path) -> None:
    package = tmp_path / "py" / "kabale"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "late.py").write_text("import json\nfrom kabale import cards\n\ndef f():\n    import heapq\n    from statistics import mean\n")
    assert stdlib.kabale_imports(tmp_path) == ["heapq", "json", "statistics", "statistics.mean"]


def test_the_stock_zip_stays_as_vendored() -> None:
    assert (ROOT / vendor.vendored("pyodide", "python_stdlib.zip")).stat().st_size > 2_000_000
