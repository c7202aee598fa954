"""The modules every start imports, imported before Python's memory is snapshotted: a warm start
restoring it imports none of them.

Why: a warm start restores Pyodide's memory snapshot (assets/js/runtime.mjs) and then imported
Kabale: in Chromium's worker 110-190 ms for py/main.py's imports (the app and what it imports; their
dataclasses are made by ``exec``, as CPython makes them). The worker (assets/js/worker.mjs) runs
:func:`preload` on the Python it makes the snapshot from. Only what every start imports before it
draws (``STARTS_WITH``): a snapshot is made by a start (a first visit, or the first start of a
release), so whatever more it imported would delay that start. With every module of the bundle
preloaded, a cold start was ready in 2.16 s instead of 1.65 (bench/boot.py, medians of 3); the
tables' and the solver's modules are imported when a table opens, as before.

The snapshot then belongs to one bundle. It is kept in the release's cache beside the bundle it was
made from, so a start restores it with that very bundle; but while a new release takes over, two
releases' caches may each hold one for a moment (and a first visit's page gives its snapshot to the
worker being installed, from the files the page loaded: assets/js/keep-snapshot.mjs). So the
snapshot notes its bundle
(:func:`bundle_mark`), and py/main.py asks :func:`same_bundle` before it imports: where the bundle
differs, :func:`forget` drops the snapshot's modules and they are imported afresh from the bundle
there is (slower, never wrong).

Standard library only: it runs in the worker before anything else of Kabale, and is tested in CPython.
"""

from __future__ import annotations

import importlib
import sys
import zipimport
import zlib

__all__ = ["preload", "STARTS_WITH", "bundle_mark", "same_bundle", "forget"]

#: What every start imports before it draws: py/main.py's ``serve`` and the app it starts.
STARTS_WITH = ("kabale.web.worker", "kabale.web.app")

#: The zip's tail that is read for its mark: its central directory, which holds each file's CRC-32,
#: ends it (Kabale's is some 20 kB), so any change of any file changes the tail.
MARK_BYTES = 65_536

#: The mark of the bundle the modules were imported from (None: not preloaded).
PRELOADED_FROM: int | None = None


def bundle_mark(path: str) -> int:
    """The CRC-32 of the bundle's last ``MARK_BYTES`` bytes, and its size: which bundle it is,
    read in a moment (not the 3 MB of the whole)."""
    with open(path, "rb") as bundle:
        size = bundle.seek(0, 2)
        bundle.seek(max(0, size - MARK_BYTES))
        return zlib.crc32(bundle.read()) ^ size << 32


def preload(path: str) -> None:
    """Import what every start imports (``STARTS_WITH``) from the bundle at ``path`` (already on
    ``sys.path``), and note which bundle it was. Nothing of the browser is touched: Kabale's
    modules import none of it."""
    global PRELOADED_FROM
    for name in STARTS_WITH:
        importlib.import_module(name)
    PRELOADED_FROM = bundle_mark(path)


def same_bundle(path: str) -> bool:
    """Whether the modules already imported (a snapshot's) came from the bundle at ``path``; True
    when none were preloaded."""
    return PRELOADED_FROM is None or PRELOADED_FROM == bundle_mark(path)


def forget(path: str) -> None:
    """Drop every module of Kabale and what the import system keeps of the bundle at ``path``, so
    that the next import reads the bundle there is."""
    global PRELOADED_FROM
    for name in [name for name in sys.modules if name == "kabale" or name.startswith("kabale.")]:
        del sys.modules[name]
    sys.path_importer_cache.pop(path, None)
    getattr(zipimport, "_zip_directory_cache", {}).pop(path, None)
    importlib.invalidate_caches()
    PRELOADED_FROM = None
