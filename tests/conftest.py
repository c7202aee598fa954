"""Settings shared by every test directory.

Hypothesis's per-example deadline (200 ms by default) makes a property test a
timed test: under load on the 2-core machine an honest example took 339 ms and
failed. Speed goals live in `bench/`, so no test here is timed.
"""
from __future__ import annotations

from hypothesis import settings

settings.register_profile("kabale", deadline=None)
settings.load_profile("kabale")
