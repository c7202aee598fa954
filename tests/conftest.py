"""Settings shared by every test directory.

Hypothesis's per-example deadline (200 ms by default) makes a property test a
timed test: under load on the 2-core machine an honest example took 339 ms and
failed. Speed goals live in `bench/`, so no test here is timed.

The files that hold a long test (marked ``slow``) are collected first. `make
test` hands whole files to its workers in the order they are collected, and
the longest (10,000 random games, an installed dist/, a changed release) were
collected last and ran alone at the end while the other worker sat idle. The
order holds only with ``--no-loadscope-reorder`` (the Makefile passes it): by
default xdist hands out the files with the most tests first, whatever the order.
"""
from __future__ import annotations

import os

import pytest
from hypothesis import settings

# A test's dist/ compresses at brotli quality 5, not 11 (scripts/dist.py): no test depends on how
# small the copies get, and on a fresh machine the runtime's took 41 s of a core at 11, 1.0 s at 5.
os.environ.setdefault("KABALE_BROTLI_QUALITY", "5")

settings.register_profile("kabale", deadline=None)
settings.load_profile("kabale")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Put the files with a ``slow`` test first, keeping the order of the files and of
    the tests within each (every worker sorts the same items the same way)."""
    long_files = {item.path for item in items if item.get_closest_marker("slow")}
    items.sort(key=lambda item: item.path not in long_files)  # stable: False (long) first
