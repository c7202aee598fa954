"""bench/worker/table.py, the Python of the worker prototype (bench/worker_bench.py): its view
tree is plain JSON whose actions are the game's legal moves, and a click plays the move it names,
so the prototype's timings are of real moves on the real engine."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType
from typing import Any

from kabale.games.patience.rules import Patience

TABLE = Path(__file__).resolve().parents[2] / "bench" / "worker" / "table.py"


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_worker_table", TABLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def actions(tree: dict[str, Any]) -> list[str]:
    found = [tree["action"]] if "action" in tree else []
    for child in tree.get("children", []):
        found += actions(child)
    return found


def test_the_view_offers_each_legal_move_and_a_click_plays_it() -> None:
    table = load().Table(200)
    legal = table.game.legal_moves()
    tree = json.loads(table.view())
    assert actions(tree) == [f"move:{index}" for index in range(len(legal))]
    expected = Patience.deal(200)
    expected.apply(legal[0])
    table.click("move:0")
    assert table.game.moves == expected.moves
    assert json.loads(table.view()) != tree


def test_a_finished_game_offers_a_new_deal_with_the_next_seed() -> None:
    table = load().Table(200)
    for _ in range(500):
        if table.game.is_over():
            break
        table.click("move:0")
    assert table.game.is_over()
    assert actions(json.loads(table.view())) == ["new-deal"]
    table.click("new-deal")
    assert table.seed == 201 and table.game.moves == () and not table.game.is_over()
