"""The Patience Kabalam table's Hint: the button, the key H, the thought in slices, the words at the packet.

Kept apart from :mod:`kabale.web.tables.table_patience` so the table only asks for the
button and places the bubble. The hint is honest
(:mod:`kabale.games.patience.solver_honest`): it is given the game's observation only,
so it knows what the player has seen and nothing of the face-down cards or the
draw pile. It thinks one search at a time with ``await asyncio.sleep(0)`` in
between (as the computer players of KABALAM do), so the page paints and takes
clicks while it works. A hint belongs to one position (the moves made) and is
forgotten as soon as a move is made or taken back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generator, Hashable

from kabale.games.kabala.rules import BARE, DOUBLE, DRAW, PASS, Move
from kabale.games.patience.rules import Patience

if TYPE_CHECKING:  # the solver loads when a hint is first asked for, not with the table
    from kabale.solver import Hint

from ..dom import Element, h
from ..views.felt_views import HINTED, Mark
from ..text.messages import short_cards
from ..views.selection import play_cards
from .kabala_hint import KabalaHint

__all__ = ["PatienceHintMixin"]

#: Worlds and states per search at the table: bench/hints.py measures the time per hint.
HINT_WORLDS = 8
HINT_STATES = 3000


class PatienceHintMixin(KabalaHint):
    """Hint state and drawing for the patience table (mixed into :class:`PatienceTable`)."""

    advice: "Hint[Move] | None" = None

    if TYPE_CHECKING:  # provided by the table (declared for the type checker only)
        reveal: Any
        selected: frozenset[int]

        @property
        def game_state(self) -> Patience: ...

        def t(self, key: str, **values: Any) -> str: return ""

        def refresh(self) -> None: pass

    def position_key(self) -> tuple[Move, ...]:
        """The moves made: undo and redo change it as a play does."""
        return self.game_state.moves

    def may_hint(self) -> bool:
        return not self.game_state.is_over()

    def think(self, key: Hashable) -> "Generator[None, None, Hint[Move]]":
        from kabale.games.patience.solver_honest import think_hint  # the solver loads on the first hint

        return think_hint(self.game_state.observation(), HINT_WORLDS, HINT_STATES, seed=len(self.game_state.moves))

    def hint_button(self) -> Element:
        game = self.game_state
        busy = self.hint_busy()
        return h("button", {"type": "button", "class": "button hint-button", "data-action": "hint", "data-key": "hint",
                            "aria-keyshortcuts": "H", "disabled": busy or game.is_over(),
                            "aria-busy": "true" if busy else None,
                            "text": self.t("patience.thinking") if busy else self.t("patience.hint_button")})

    def hint_words(self, advice: "Hint[Move]") -> tuple[str, str]:
        """What to play, and what the advice rests on, in the player's language."""
        t, move, game = self.t, advice.move, self.game_state
        assert move is not None
        if move.kind in (BARE, DOUBLE):
            cards = [game.endowment[i] for i in play_cards(game.endowment, move)]
            said = t("patience.hint.play", cards=short_cards(cards), packet=move.packet or 1)
        elif move.kind == PASS:
            said = t("patience.hint.pass", packet=move.packet or 1)
        else:
            said = t("patience.hint.draw")
        verdict = advice.verdict
        if verdict.samples == 0:
            basis = t("patience.basis.only")
        elif verdict.won_samples:
            basis = t("patience.basis.honest", won=verdict.won_samples, samples=verdict.samples)
        elif verdict.lost_samples == verdict.samples:
            basis = t("patience.basis.lost", samples=verdict.samples)
        else:
            basis = t("patience.basis.guess")
        return said, basis

    def shown_advice(self) -> "Hint[Move] | None":
        """The advice on show: none while a play is shown (the position is about to change)."""
        advice: "Hint[Move] | None" = self.current_advice()
        if advice is None or advice.move is None or self.reveal is not None:
            return None
        return advice

    def hinted_move(self) -> Move | None:
        """The move of the advice on show: a press on its packet plays it (KabalaTable.packet_chosen)."""
        advice = self.shown_advice()
        return None if advice is None else advice.move

    def hint_marks(self) -> tuple[Mark, ...]:
        """What the advice marks on the felt: its packet (a play or a pass) and the cards it plays."""
        advice = self.shown_advice()
        if advice is None or advice.move is None:
            return ()
        move = advice.move
        packet = move.packet if move.kind in (BARE, DOUBLE, PASS) else None
        return (Mark(HINTED, packet, tuple(play_cards(self.game_state.endowment, move)),
                     button="draw" if move.kind == DRAW else None),)

    def hint_bubble(self) -> tuple[int | None, Element] | None:
        """The advice in words and the packet it stands at (None: over the felt, as a draw's)."""
        advice = self.shown_advice()
        if advice is None or advice.move is None:
            return None
        said, basis = self.hint_words(advice)
        move = advice.move
        packet = move.packet if move.kind in (BARE, DOUBLE, PASS) else None
        bubble = h("div", {"class": "patience-hint", "role": "status", "aria-label": self.t("patience.hint_label"),
                           "data-packet": packet or 0},
                   h("p", {"class": "hint-move", "text": said}),
                   h("p", {"class": "hint-basis", "text": basis}))
        return (packet if packet is not None and 1 <= packet <= 3 else None), bubble
