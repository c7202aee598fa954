"""The drawings a table keeps between its redraws (kabale.web.dom.Kept).

A click changes a part or two of a table; drawing the rest again cost most of the
click (a call into the page per element, issue 14). The Double H and patience
tables keep each part's drawing while what it shows is unchanged, and each card's
(or corner's, or log line's) drawing by what it shows, and give the page copies.
"""

from __future__ import annotations

from typing import Any, Callable, Hashable, TypeVar

from .dom import Element, Kept, keep
from .felt_views import CardView
from .render import card_drawn

__all__ = ["KeptDrawings"]

T = TypeVar("T")


class KeptDrawings:
    """One table's kept drawings: its parts by name, and the drawings of many alike (the
    cards, the log's lines...) by what they show."""

    def __init__(self) -> None:
        self._parts: dict[str, tuple[object, Kept]] = {}
        self._alike: dict[str, dict[Hashable, Any]] = {}

    def part(self, name: str, shows: object, draw: Callable[[], Element]) -> Kept:
        """The drawing of the part ``name``, drawn again only when what it ``shows`` changed."""
        drawn = self._parts.get(name)
        if drawn is None or drawn[0] != shows:
            drawn = self._parts[name] = (shows, keep(draw()))
        return drawn[1]

    def alike(self, kind: str, shows: Hashable, draw: Callable[[], T], limit: int) -> T:
        """The drawing of one of a ``kind`` by what it ``shows``, made by ``draw`` the first time
        (it keeps what it draws). At most ``limit`` of a kind are kept, then the kind starts
        afresh: a long game shows many, most of them once."""
        kept = self._alike.setdefault(kind, {})
        drawn = kept.get(shows)
        if drawn is None:
            if len(kept) >= limit:
                kept.clear()
            drawn = kept[shows] = draw()
        return drawn

    def card(self, view: CardView, limit: int) -> Kept:
        """A card's drawing, by its view (the same card in the same look is drawn once)."""
        return self.alike("card", view, lambda: keep(card_drawn(view)), limit)
