"""Saved records the browser tests put in localStorage, written once for every test directory
(tests/conftest.py puts this folder on the path)."""
from __future__ import annotations

import json

from kabale.games.double_h.moves import Move
from kabale.games.double_h.rules import DoubleH
from kabale.web.saved import SavedDoubleH


def drawn_through(seed: int) -> str:
    """A saved Double H deal with its whole stock drawn (round 1's order seen): a hint then names a place."""
    game = DoubleH.deal(seed)
    while Move.draw() in game.legal_moves():
        game.apply(Move.draw())
    return json.dumps({"app": "kabale", "schema": 1, "name": "double-h", "revision": 1,
                       "data": SavedDoubleH(game).to_dict()})
