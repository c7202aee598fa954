"""The Hint of the two Kabala tables (KABALAM's and the patience's): one behaviour in both games.

Why: the patience's Hint used to pick up the cards it named and KABALAM's only outlined them,
so a player who followed the patience's outline put its cards down again and was refused
("Pick up the cards to play first": issue 28). Now both mark what to press (the packet and
the cards a play lays, or the Yield or Draw button: :class:`.felt_views.Mark`), and pressing
what is marked plays the advice (:meth:`.kabala_table.KabalaTable.packet_chosen` with
:func:`.selection.follow_hint`). What each game advises and says stays in its own mixin
(:mod:`.kabalam_coach`, :mod:`.patience_hint`).
"""

from __future__ import annotations

from .sliced_hint import SlicedHint

__all__ = ["KabalaHint"]


class KabalaHint(SlicedHint):
    """The Hint of a Kabala table, one behaviour in KABALAM and the patience (issue 28): it marks
    what to press (its packet and the cards it plays, or the Yield or Draw button) and pressing
    what it marks plays it (``KabalaTable.packet_chosen``). Mixed in before the table."""

    selected: frozenset[int]

    def advice_given(self, advice: object) -> None:
        """Cards picked up before the advice came are put down, so an old pick never stands
        between the player and the advice: a tap on the marked packet then plays it. (The
        patience's Hint used to pick its cards up itself, and a player who then tapped the
        outlined cards put them down and was refused: "Pick up the cards to play first".)
        A refusal shown stays: it says what the sum is (tests/e2e/test_nothing_hidden.py)."""
        self.selected = frozenset()
