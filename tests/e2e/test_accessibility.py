"""axe-core finds no violation on Kabale's pages."""

from __future__ import annotations

from typing import Any, Callable

import pytest
from playwright.sync_api import Page


@pytest.mark.parametrize("query", ["", "?game=kabalam&seed=5", "?game=patience&seed=5", "?game=double-h&seed=5"])
def test_no_axe_violations(open_kabale: Callable[..., Page], axe_violations: Any, query: str) -> None:
    page = open_kabale(query)
    assert axe_violations(page) == []
