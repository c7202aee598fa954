"""Import a table's solver ahead, on idle, one module per task.

Why: the solver modules load when a hint is first asked for, not with the
table (the table shows sooner without them). But then the first hint of a page
was one long task while Pyodide compiled and ran them (patience p95 521 ms,
Double H's first hint p95 847 ms, with tasks of several hundred ms): the
click's answer waited for the import. So once a table shows, the modules its
Hint will need are imported ahead while the page is idle, one module at a
time, leaves first (a module's own imports are loaded by the tasks before
it), so each task is one module's compile and run and the page takes clicks
between them. A hint asked for before they are all in imports the rest at
once, as before.

Measured on 1 December 2026 in headless Chromium, the machine loaded (the
benches look at the table 2 s before the first hint): Patience Kabalam, 10
hints of a page (bench/hints.py --browser 10): the first 240 ms, p95 285 ms, no
task over 50 ms during a hint; Double H, 6 pages (bench/hints_double_h.py
--browser 6): the first hint of a page p95 58 ms. A module takes 2-55 ms to
import when the machine is quiet (kabale.games.double_h.solver and
kabale.solver the longest), up to 190 ms when it is not.

A module is imported only while no card moves (``still``): a table opens with its deal
animation (720 ms at most), and IDLE_MS after the table shows is still inside it, where
an import of 50 ms or more dropped frames (issue 14: no task over 50 ms during an
animation; the deals ran at 28-54 fps).
"""

from __future__ import annotations

import asyncio
import importlib
import sys
from typing import Sequence

__all__ = ["PATIENCE_SOLVER", "DOUBLE_H_SOLVER", "import_ahead", "IDLE_MS", "GAP_MS"]

#: The standard library the solver needs (statistics brings fractions and decimal), leaves first.
_STATISTICS = ("numbers", "decimal", "fractions", "statistics")
#: What Patience Kabalam's Hint (and its review) imports, leaves first.
PATIENCE_SOLVER = (
    *_STATISTICS, "kabale.games.double_h.moves", "kabale.games.double_h.end", "kabale.games.double_h.core",
    "kabale.games.double_h.rules",
    "kabale.games.double_h.solver", "kabale.games.patience.solver", "kabale.solver_search", "kabale.solver_core",
    "kabale.solver",
    "kabale.noise", "kabale.games.patience.solver_honest", "kabale.games.patience.solver_review",
)
#: What Double H's Hint (and "still winnable?") imports, leaves first.
DOUBLE_H_SOLVER = (
    "kabale.games.double_h.solver", *_STATISTICS, "kabale.games.kabala.rules", "kabale.games.kabalam.state",
    "kabale.games.patience.core", "kabale.games.patience.rules", "kabale.games.patience.solver", "kabale.solver_search",
    "kabale.solver_core", "kabale.solver", "kabale.games.double_h.solver_honest",
)
#: How long after the table shows before the first import: its first paint and a
#: computer's first move come first.
IDLE_MS = 600.0
#: The pause between two modules, so clicks and paints go between them.
GAP_MS = 40.0
#: The longest wait for an idle moment before a module is imported anyway.
IDLE_TIMEOUT_MS = 1000.0


def import_ahead(modules: Sequence[str], idle_ms: float = IDLE_MS, gap_ms: float = GAP_MS) -> "asyncio.Task[None]":
    """Import ``modules`` in order, one per task, after ``idle_ms`` and ``gap_ms`` apart;
    a module already imported costs nothing. Cancel the task to stop (a table left)."""

    async def run() -> None:
        await asyncio.sleep(idle_ms / 1000)
        for name in modules:
            if name in sys.modules:
                continue
            await still()
            await idle()
            importlib.import_module(name)
            await asyncio.sleep(gap_ms / 1000)

    return asyncio.ensure_future(run())


async def still() -> None:
    """Once waited until no card moved: Python ran on the page's thread, where an import of 50 ms
    dropped frames of a deal's animation. It runs in a worker now (issue 29): an import holds up
    only Python's answer to a click that comes meanwhile, by one module's import at most."""


async def idle() -> None:
    """Once waited for the page's idle moment (requestIdleCallback), for the same reason as ``still``."""
