"""The KABALAM table's Hint: the button, the key H, the thought in slices, the words over the felt.

Kept apart from :mod:`kabale.web.tables.table_kabalam` so the table only asks for the
button and the bubble. The hint is the hard computer's honest choice for the
person looking at the device (:mod:`kabale.bots.coach`): it sees her
observation only. It thinks in slices like the computer players do, so the page
paints and takes clicks meanwhile; a hint belongs to one position (hand number
and move count) and is forgotten as soon as a move is made.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generator, Hashable

from kabale.bots.coach import Advice, think_advice
from kabale.cards import new_rng
from kabale.games.kabala.rules import YIELD, Move

from .coach_text import hint_text, margin_text
from ..dom import Element, h
from ..views.felt_views import HINTED, Mark
from ..views.selection import play_cards
from .kabala_hint import KabalaHint

__all__ = ["CoachMixin"]


class CoachMixin(KabalaHint):
    """Hint state and drawing for a KABALAM table (mixed into :class:`KabalamTable`)."""

    advice: Advice | None = None

    # provided by the table (declared for the type checker only: a stub here would
    # come before the table's own methods in the order Python looks them up)
    match: Any
    viewer: str | None
    if TYPE_CHECKING:
        def t(self, key: str, **values: Any) -> str: return ""

        def refresh(self) -> None: pass

        def showing(self) -> bool: return False

        def is_computer(self, seat: str | None) -> bool: return False

    def position_key(self) -> tuple[int, int]:
        """(hand number, moves made): the position a hint belongs to."""
        hand = self.match.hand
        return self.match.hand_number, len(hand.moves)

    def may_hint(self) -> bool:
        """Only on the turn of the person looking at the device, with a choice to make."""
        hand = self.match.hand
        return (hand is not None and not hand.is_over() and self.viewer is not None and hand.turn == self.viewer
                and not self.is_computer(self.viewer) and len(hand.observation(self.viewer).legal_moves) > 1)

    def hint_held_back(self) -> bool:
        return self.showing()

    def think(self, key: Hashable) -> Generator[None, None, Advice]:
        assert self.viewer is not None and isinstance(key, tuple)
        observation = self.match.hand.observation(self.viewer)
        rng = new_rng(f"hint:{self.match.seed}:{key[0]}:{key[1]}")
        return think_advice(observation, rng)

    def hint_button(self) -> Element | None:
        if not self.may_hint():
            return None
        busy = self.hint_busy()
        return h("button", {"type": "button", "class": "button hint-button", "data-action": "hint", "data-key": "hint",
                            "aria-keyshortcuts": "H", "disabled": busy, "aria-busy": "true" if busy else None,
                            "text": self.t("coach.thinking") if busy else self.t("coach.hint")})

    def hint_at(self) -> int | None:
        """The packet the advice on show plays on or flips (None: none, or no advice)."""
        advice = self.current_advice()
        if advice is None or not self.may_hint():
            return None
        packet = advice.move.packet or 0
        return packet if 1 <= packet <= 3 else None

    def hinted_move(self) -> Move | None:
        """The move of the advice on show: a press on its packet plays it (KabalaTable.packet_chosen)."""
        advice = self.current_advice()
        return None if advice is None else advice.move

    def hint_mark(self) -> Mark | None:
        """The advice on show marked on the table: its packet and the cards in the hand it plays
        (as the patience's Hint marks them). Why the cards: a hint of "Ace + 5" with two Aces in
        the hand left the person to guess which (the r10 playthrough); the cards marked are those
        a click on the packet would lay, the first of each value (:func:`.selection.play_cards`).
        A yield marks the Yield button: what to press is what is marked."""
        advice = self.current_advice()
        if advice is None or self.viewer is None:
            return None
        if advice.move.kind == YIELD:
            return Mark(HINTED, button="yield")
        at = self.hint_at()
        if at is None:
            return None
        endowment = self.match.hand.observation(self.viewer).endowment
        return Mark(HINTED, at, tuple(play_cards(endowment, advice.move)))

    def hint_bubble(self) -> Element | None:
        """The advice over the felt, at the packet it names (at the controls for a yield)."""
        advice = self.current_advice()
        if advice is None or not self.may_hint():
            return None
        margin = margin_text(advice, self.t)
        return h("div", {"class": "coach-hint", "role": "status", "aria-label": self.t("coach.label"),
                         "data-packet": advice.move.packet or 0},
                 h("p", {"class": "coach-move", "text": hint_text(advice, self.t)}),
                 h("p", {"class": "coach-margin", "text": margin}) if margin else None)
