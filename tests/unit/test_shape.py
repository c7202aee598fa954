"""The engine's shape: each rule written once (issue 12).

Copies of a formula drift apart; these tests find a second copy in the source,
so a new one is caught when it is written, not when it disagrees.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from kabale.cards import COMPOUNDED_SUMS, compounded_sum

PY = Path(__file__).resolve().parents[2] / "py" / "kabale"


def sources() -> dict[str, str]:
    return {str(path.relative_to(PY)): path.read_text(encoding="utf-8") for path in sorted(PY.rglob("*.py"))}


def test_the_table_of_compounded_sums_is_the_formula() -> None:
    assert COMPOUNDED_SUMS[1:] == tuple(compounded_sum(n) for n in range(1, 28))
    assert len(COMPOUNDED_SUMS) == 3 * 9 + 1  # every sum of three face-up cards has its entry


def test_the_compounded_sum_is_written_once() -> None:
    modulo_nine = re.compile(r"%\s*9\b")
    writers = sorted(name for name, text in sources().items() if modulo_nine.search(text))
    assert writers == ["cards.py"]


def test_out_with_thirteen_is_defined_once() -> None:
    defined = []
    for name, text in sources().items():
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Assign):
                targets = [t.id for t in node.targets if isinstance(t, ast.Name)]
                if any(t.startswith("OUT_WITH_THIRTEEN_") for t in targets):
                    defined.append((name, *targets))
    assert sorted(defined) == [("games/kabala/rules.py", "OUT_WITH_THIRTEEN_CARDS"), ("games/kabalam/hand.py", "OUT_WITH_THIRTEEN_POINTS")]


def test_double_h_s_last_round_and_layout_are_written_once() -> None:
    """The rules, the exact end test and the solver each used to write "3 rounds" and
    "place i has value i % 13 + 1" for themselves; now they read games/double_h/moves.py."""
    defined = []
    for name, text in sources().items():
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.Assign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                if any(isinstance(t, ast.Name) and t.id in ("LAST_ROUND", "PLACE_VALUES", "PLACE_VALUE")
                       for t in targets):
                    defined.append(name)
    assert sorted(defined) == ["games/double_h/moves.py", "games/double_h/moves.py"]
    place_value_by_index = re.compile(r"%\s*13\b")
    assert sorted(name for name, text in sources().items() if place_value_by_index.search(text)) == []
