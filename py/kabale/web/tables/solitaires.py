"""Each patience's table on the page, by the game's name (the names of kabale.games.GAMES).

Why: the page used to ask ``if game == "patience"`` to choose a table, and
``game == "double-h"`` to vet a fresh deal. The engine's registry cannot name
the page's classes (the page sits above it: tests/unit/test_layers.py), so the
page keeps this small table of its own, keyed by the same names: the app opens
a patience by looking it up, and a new patience is one entry more.

A table's module is imported when its game is opened, not when the page starts
(the lobby is ready sooner).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from ..storage.saved import DOUBLE_H, PATIENCE, SavedDoubleH

if TYPE_CHECKING:
    from ..host import Host
    from .table_double_h import DoubleHTable
    from .table_patience import PatienceTable

__all__ = ["SolitaireTable", "SOLITAIRE_TABLES"]


@dataclass(frozen=True)
class SolitaireTable:
    """How the page opens one patience.

    ``open(app, saved, stats)`` is its table over a saved game and its statistics.
    ``vetted(game, seconds)`` is the saved record of a fresh deal the solver found
    winnable and how long that took (None: the game does not follow the setting
    "winnable deals only" and is dealt as it falls); ``vetting`` are the keys of
    the notices while the solver looks and when it found no deal in time.
    """

    open: Callable[["Host", Any, Any], PatienceTable | DoubleHTable]
    vetted: Callable[[Any, float | None], SavedDoubleH] | None = None
    vetting: tuple[str, str] = ("", "")


def _patience_table(app: "Host", saved: Any, stats: Any) -> PatienceTable:
    from .table_patience import PatienceTable

    return PatienceTable(app, saved, stats)


def _double_h_table(app: "Host", saved: Any, stats: Any) -> DoubleHTable:
    from .table_double_h import DoubleHTable

    return DoubleHTable(app, saved, stats)


def _vetted_double_h(game: Any, seconds: float | None) -> SavedDoubleH:
    return SavedDoubleH(game, vetted_s=seconds)


#: Every patience's table by its game's name.
SOLITAIRE_TABLES: dict[str, SolitaireTable] = {
    PATIENCE: SolitaireTable(_patience_table),
    DOUBLE_H: SolitaireTable(_double_h_table, vetted=_vetted_double_h, vetting=("dh.vetting", "dh.vetting_failed")),
}
