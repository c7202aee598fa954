"""What the unit tests share: the apps a test started in CPython (tests/unit/app_driver.py)."""

from __future__ import annotations

from typing import Iterator

import pytest

from app_driver import Kabale


@pytest.fixture
def opened() -> Iterator[list[Kabale]]:
    """The apps a test started (it appends each ``Kabale``), closed after it: each has an event loop
    of its own, and asyncio is left as it was for the next test."""
    apps: list[Kabale] = []
    yield apps
    for kabale in apps:
        kabale.close()
