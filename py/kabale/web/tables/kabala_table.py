"""What the KABALAM and Patience Kabalam tables do alike: pick up cards, choose a packet,
see a play for a moment before its packet flips, keyboard and drag-and-drop.

Each table says what its player sees (``seen``) and how a move is made
(``play``); this base does the rest, once.
"""

from __future__ import annotations

import asyncio
from typing import Any

from kabale.cards import Card
from kabale.game import IllegalMove
from kabale.games.kabala.rules import Move

from ..dom import data, found
from ..views.felt_views import CardMemo, Reveal
from ..text.i18n import Told, Words
from ..text.messages import refusal
from ..screen import later
from .table_shell import TableShell
from ..views.selection import follow_hint, pass_packets, play_for, playable_packets


#: Where a hand is dealt from (the draw pile), and what is dealt, in order: the backs of the
#: cards each opponent holds, the Kabala, your endowment (assets/js/motion.js deals them).
DEAL_FROM = ".felt .draw-pile"
DEALT = ".seat-fan .mini-back, .kabala .packet-stack > *, .mine .endowment .card"


class KabalaTable(TableShell):
    """A table of the Kabala: the state of picking up, showing and flipping."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.selected: frozenset[int] = frozenset()
        self.focus = 0
        self.reveal: Reveal | None = None
        self.flipped: int | None = None
        self.message: Words | str = ""  # a refusal, said in the language of each redraw
        self.dealing = True  # the first drawing of a fresh hand deals its cards in (a subclass says when)
        self.log_open = False  # on a narrow screen, the log drawer is open
        self._reveal_task: asyncio.Task[None] | None = None
        self._card_views: dict[str, CardMemo] = {}  # the cards' views made so far, by language

    def card_memo(self) -> CardMemo:
        """The card views made so far in the page's language (kabale.web.views.felt_views.card_view)."""
        return self._card_views.setdefault(self.app.language, {})

    # -- what the subclass tells -----------------------------------------------------

    def seen(self) -> Any:
        """The observation of the player at the device (endowment, target, legal moves...)."""
        raise NotImplementedError

    def may_play(self) -> bool:
        """Whether the player at the device may make a move now (else a click is refused)."""
        raise NotImplementedError

    def play(self, move: Move) -> None:
        """Make a move for the player at the device."""
        raise NotImplementedError

    def after_reveal(self) -> None:
        """The shown play has flipped: go on (draw the table, let the game continue)."""
        self.refresh()

    # -- shared --------------------------------------------------------------------

    def table_classes(self, name: str) -> str:
        """The table's classes; the first drawing of a fresh hand deals its cards in (a cue)."""
        if self.dealing:
            self.cue("deal", {"from": DEAL_FROM, "cards": DEALT})
            self.dealing = False
        return f"table {name}"

    def picked(self, observation: Any) -> list[Card]:
        endowment = observation.endowment
        return [endowment[i] for i in sorted(self.selected) if i < len(endowment)]

    def note_events(self, events: Any, name: str, face_up_before: tuple[Card, ...]) -> None:
        """Remember a play to show on its packet, or a pass's flip to animate."""
        self.flipped = None
        for event in events:
            if event.kind in ("bare", "double"):
                self.reveal = Reveal(event.packet, event.cards, name, face_up_before[event.packet - 1])
            elif event.kind == "flip" and self.reveal is None:
                self.flipped = event.packet
                self.cue("flip", event.packet)  # a pass: the packet turns over now

    def toggle_log(self) -> None:
        """Open or close the log drawer (a narrow screen; a wide one always shows the panel)."""
        self.log_open = not self.log_open
        self.refresh()

    def toggle(self, index: int) -> None:
        """Pick up a card or put it back. While a play is shown, the sum is about to change: the
        click only flips the packet now (the new sum shows), and the next click picks."""
        self.focus = index
        if self.reveal is not None:
            self.finish_reveal()
            return
        self.selected = self.selected ^ {index}
        self.message = ""
        self.refresh()

    def put_back(self) -> bool:
        """Escape: put back the cards picked up (if any)."""
        if not self.selected:
            return False
        self.selected = frozenset()
        self.refresh()
        return True

    def refuse(self, error: IllegalMove) -> None:
        self.message = Told(refusal, (error,))
        self.refresh()

    def hinted_move(self) -> Move | None:
        """The move of the Hint on show (None: none on show); each game's hint mixin says."""
        return None

    def hint_followed(self, packet: int) -> Move | None:
        """The Hint's move, when a press on ``packet`` follows it (:func:`.selection.follow_hint`)."""
        move = self.hinted_move()
        return None if move is None else follow_hint(self.seen().endowment, move, packet, self.selected)

    def packet_chosen(self, packet: int) -> None:
        """A click, a key or a drop on a packet: play the Hint's move when the press follows it;
        else pass and flip it, or play the picked-up cards on it."""
        showing = self.reveal is not None
        self.finish_reveal(go_on=False)
        if not self.may_play():
            if showing:
                self.after_reveal()  # the shown play flips now, and the game goes on
            return
        hinted = self.hint_followed(packet)
        if hinted is not None:
            self.play(hinted)
            return
        observation = self.seen()
        if packet in pass_packets(observation.legal_moves):
            self.play(Move.pass_flip(packet))
            return
        try:
            move = play_for(self.picked(observation), packet, observation.target)
        except IllegalMove as error:
            self.refuse(error)
            return
        self.play(move)

    def show_for_a_moment(self, delay_ms: int) -> None:
        """Keep a just-played reveal in view for ``delay_ms`` (none at the instant pace)."""
        if self.reveal is not None and self.app.settings.bot_delay_ms > 0 and delay_ms > 0:
            self._reveal_task = later(delay_ms, self.finish_reveal)
        else:
            self.finish_reveal(go_on=False)

    def finish_reveal(self, go_on: bool = True) -> None:
        if self._reveal_task is not None and not self._reveal_task.done():
            self._reveal_task.cancel()
        self._reveal_task = None
        if self.reveal is not None:
            self.flipped, self.reveal = self.reveal.packet, None
            self.cue("flip", self.flipped)  # the play shown on it turns over with its stack
            if go_on:
                self.after_reveal()

    def leave(self) -> None:
        if self._reveal_task is not None and not self._reveal_task.done():
            self._reveal_task.cancel()

    # -- keyboard and mouse --------------------------------------------------------

    def move_focus(self, event: Any) -> bool:
        """Arrows, Home and End move between the cards of the endowment (one tab stop)."""
        key, target = str(event.key), event.target
        if key not in ("ArrowLeft", "ArrowRight", "Home", "End") or data(target, "action") != "card":
            return False
        count = len(self.seen().endowment)
        index = int(data(target, "index") or 0)
        index = {"ArrowLeft": index - 1, "ArrowRight": index + 1, "Home": 0, "End": count - 1}[key]
        self.focus = max(0, min(count - 1, index))
        self.refresh()
        if not event.extra.get("roved"):  # the page moves the focus itself (page.js ``rove``)
            self.app.focus_key(f"card-{self.focus}")
        return True

    def on_drag_start(self, target: Any, event: Any) -> bool:
        """Dragging a card carries the cards picked up with it (or that card alone); not while
        a play is shown, whose flip is about to change the sum."""
        if data(target, "action") != "card" or self.reveal is not None or not self.may_play():
            return False
        index = int(data(target, "index") or 0)
        if index not in self.selected:
            self.selected = frozenset({index})
        return True

    def on_drag_over(self, target: Any, event: Any) -> bool:
        button = target.closest("[data-action=packet]")
        if not found(button) or not self.may_play():
            return False
        observation = self.seen()
        legal, packet = observation.legal_moves, int(data(button, "packet") or 0)
        return packet in playable_packets(self.picked(observation), legal, observation.target) \
            or self.hint_followed(packet) is not None  # a marked card dropped on the Hint's packet plays it

    def on_drop(self, target: Any, event: Any) -> None:
        button = target.closest("[data-action=packet]")
        if found(button):
            self.packet_chosen(int(data(button, "packet") or 0))
