"""The drawings a table keeps between its redraws (kabale.web.dom.Kept).

A click changes a part or two of a table; drawing the rest again cost most of the
click (a call into the page per element, issue 14). The Double H and patience
tables keep each part's drawing while what it shows is unchanged, and each card's
(or corner's, or log line's) drawing by what it shows, and give the page copies.
A table drawn at once (KABALAM, the patience) keeps descriptions the page's script
makes and keeps by number (kabale.web.dom.Kept); those it no longer keeps, the
script forgets.
"""

from __future__ import annotations

from typing import Any, Callable, Hashable, TypeVar

from ..dom import Element, Kept, forget, keep
from ..views.felt_views import CardView, PacketView
from .kabala_view import line_drawn, packet_drawn, value_group_drawn
from .render import card_drawn, view_corners

__all__ = ["KeptDrawings", "KabalaDrawings", "CARDS_KEPT", "LOG_LINES_KEPT"]

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
            if drawn is not None:
                forget(drawn[1])
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
                for each in kept.values():
                    forget(each)
                kept.clear()
            drawn = kept[shows] = draw()
        return drawn

    def card(self, view: CardView, limit: int) -> Kept:
        """A card's drawing, by its view (the same card in the same look is drawn once)."""
        return self.alike("card", view, lambda: keep(card_drawn(view)), limit)

    def corners(self, view: CardView, limit: int) -> tuple[Kept, Kept]:
        """A card's two corners, kept by what they print: a card of an endowment is drawn again
        when its place in the hand changes (its index), its corners stay the same."""
        assert view.card is not None

        def draw() -> tuple[Kept, Kept]:
            top, bottom = view_corners(view)
            return keep(top), keep(bottom)

        return self.alike("corners", (view.corner, view.card.suit.symbol), draw, limit)


#: How many of the log's lines' drawings a Kabala table keeps before it starts afresh (a game's
#: log is some 40 to 80 lines, a KABALAM hand's some 40, many alike).
LOG_LINES_KEPT = 400
#: How many cards' drawings (and corners') a Kabala table keeps before it starts afresh.
CARDS_KEPT = 512


class KabalaDrawings:
    """What the patience's and KABALAM's tables keep of their drawing (a mixin): a part while what
    it shows is the same (the bar, a packet, a value's group of your cards, the refusal...), the
    cards on the felt, the corners of your cards and the log's lines by what they show. A click
    changes a packet, your cards and the log; the rest goes to the page as it was."""

    drawings: KeptDrawings

    def kept(self, part: str, shows: object, draw: Callable[[], Element]) -> Kept:
        """The drawing of a part of the table, drawn again only when what it ``shows`` changed."""
        return self.drawings.part(part, shows, draw)

    def packet_kept(self, packet: PacketView) -> Kept:
        """A packet with nothing beside it, kept by its view; its cards kept by theirs."""
        return self.kept(f"packet-{packet.number}", packet, lambda: packet_drawn(packet, card=self.card_kept))

    def group_kept(self, cards: tuple[CardView, ...]) -> Kept:
        """Your cards of one value, kept by their views (a card's index moves when one before it is
        played: the group is drawn again, its cards' corners stay)."""
        value = cards[0].card.value if cards[0].card is not None else 0
        return self.kept(f"group-{value}", cards, lambda: value_group_drawn(cards, self.corners_kept))

    def card_kept(self, view: CardView) -> Kept:
        """A card on the felt, kept by its view."""
        return self.drawings.card(view, CARDS_KEPT)

    def corners_kept(self, view: CardView) -> tuple[Kept, Kept]:
        """A card's two corners, kept by what they print (``KeptDrawings.corners``)."""
        return self.drawings.corners(view, CARDS_KEPT)

    def line_kept(self, number: int, line: str) -> Kept:
        """A line of the log, kept by its number and words (each click adds a line; the others stay)."""
        return self.drawings.alike("line", (number, line), lambda: keep(line_drawn(number, line)), LOG_LINES_KEPT)
