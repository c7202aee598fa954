"""scripts/snapshot.py: Pyodide's memory snapshot is made from the vendored runtime, and
made again only when that runtime changes."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

import snapshot

ROOT = Path(__file__).resolve().parents[2]


def test_no_runtime_or_no_node_means_no_snapshot_and_no_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert snapshot.write(tmp_path) is None  # nothing vendored
    runtime = tmp_path / snapshot.RUNTIME
    runtime.mkdir(parents=True)
    for name in snapshot.RUNTIME_FILES:
        (runtime / name).write_text(name)
    monkeypatch.setattr(shutil, "which", lambda name: None)
    assert snapshot.write(tmp_path) is None
    assert not (tmp_path / snapshot.SNAPSHOT).exists()


def test_the_snapshot_is_remade_only_when_the_runtime_changes(tmp_path: Path) -> None:
    if not all((ROOT / snapshot.RUNTIME / name).is_file() for name in snapshot.RUNTIME_FILES):
        pytest.fail("the runtime is not vendored: run `make setup` (make test does it)")
    if shutil.which("node") is None:
        pytest.fail("node is missing: `make setup` needs it")
    runtime = tmp_path / snapshot.RUNTIME
    runtime.mkdir(parents=True)
    for name in snapshot.RUNTIME_FILES:
        os.symlink(ROOT / snapshot.RUNTIME / name, runtime / name)
    assert snapshot.write(tmp_path) is None  # a snapshot remembers the page's standard library: none without it
    if not (ROOT / snapshot.STDLIB).is_file():
        pytest.fail("the standard library is not made: run `make setup` (make test does it)")
    (tmp_path / snapshot.STDLIB).parent.mkdir(parents=True, exist_ok=True)
    os.symlink(ROOT / snapshot.STDLIB, tmp_path / snapshot.STDLIB)
    made = snapshot.write(tmp_path)
    assert made == tmp_path / snapshot.SNAPSHOT
    data = made.read_bytes()
    assert len(data) > 10_000_000 and data.count(0) > len(data) // 2  # wasm memory: mostly zeros
    stamp = json.loads((tmp_path / snapshot.STAMP).read_text(encoding="utf-8"))
    assert stamp == {"runtime": snapshot.runtime_key(tmp_path), "bytes": len(data)}

    made.write_bytes(b"kept")  # up to date: not made again
    assert snapshot.write(tmp_path) == made and made.read_bytes() == b"kept"
    (tmp_path / snapshot.STAMP).write_text(json.dumps({"runtime": "another Pyodide"}))
    assert snapshot.write(tmp_path) == made and len(made.read_bytes()) == len(data)  # stale: made again
