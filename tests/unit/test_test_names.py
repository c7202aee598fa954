"""No two test files share a name: pytest imports each as a top-level module by its basename
(the test folders are not packages), so a second tests/*/test_x.py fails the whole run at collection."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def test_every_test_file_has_a_name_of_its_own() -> None:
    names = Counter(path.name for path in TESTS.rglob("test_*.py"))
    assert len(names) > 10
    assert [name for name, count in names.items() if count > 1] == []
