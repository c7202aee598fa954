"""The modules a memory snapshot holds imported (kabale.web.preload), run in a Python of their own
as the worker runs them: the bundle on the path, what every start imports imported, and a bundle
changed under them noticed and read afresh (py/main.py's guard)."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import bundle

ROOT = Path(__file__).resolve().parents[2]

#: Run in a fresh Python: preload the bundle at argv[1], then say what py/main.py would see.
SCRIPT = r"""
import json, os, shutil, sys
path = sys.argv[1]
sys.path.insert(0, path)
sys.path[:] = [entry for entry in sys.path if not entry.endswith("/py")]  # only the bundle, as in the worker
from kabale.web.preload import preload
preload(path)
imported = sorted(name for name in sys.modules if name == "kabale" or name.startswith("kabale."))
from kabale.web import preload as kept
same_before = kept.same_bundle(path)
shutil.copyfile(sys.argv[2], path)  # another release's bundle, written where the snapshot's was
same_after = kept.same_bundle(path)
kept.forget(path)
import kabale.cards
print(json.dumps({"imported": imported,
                  "same_before": same_before, "same_after": same_after,
                  "marker": getattr(kabale.cards, "RELEASE_MARKER", None),
                  "left": [name for name in sys.modules if name.startswith("kabale.") and name != "kabale.cards"
                           and name not in ("kabale",)]}))
"""


def test_what_every_start_imports_is_imported_and_another_bundle_is_read_afresh(tmp_path: Path) -> None:
    first = tmp_path / "kabale.zip"
    first.write_bytes(bundle.bundle_bytes())
    second = tmp_path / "next.zip"
    with zipfile.ZipFile(first) as old, zipfile.ZipFile(second, "w") as new:
        for item in old.infolist():
            data = old.read(item)
            if item.filename == "kabale/cards.py":
                data += b"\nRELEASE_MARKER = 2\n"
            if item.filename == "kabale/cards.pyc":
                continue  # the source is the changed file's truth
            new.writestr(item, data)
    run = subprocess.run([sys.executable, "-c", SCRIPT, str(first), str(second)], capture_output=True, text=True,
                         cwd=tmp_path, timeout=120, check=False)
    assert run.returncode == 0, run.stderr
    seen = json.loads(run.stdout)
    # the app and what it imports, from the bundle; not a table's modules nor the solver's: what
    # more a snapshot held would delay the start that makes it
    assert {"kabale.web.worker", "kabale.web.app", "kabale.web.page", "kabale.web.preload"} <= set(seen["imported"])
    assert not {"kabale.solver", "kabale.web.tables.table_double_h"} & set(seen["imported"])
    assert seen["same_before"] is True and seen["same_after"] is False
    assert seen["marker"] == 2  # the module imported afresh is the new bundle's
    assert seen["left"] == []  # none of the old bundle's modules stayed
