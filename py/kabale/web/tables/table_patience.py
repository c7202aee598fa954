"""The Patience Kabalam table: the Kabala, your endowment face up, draw 2, pass-flip, undo and redo.

The Patience (engine) is the state, played through a :class:`kabale.session.Session`:
a draw the rules leave as the only move is made by the session (once the play
before it has been shown), and its undo takes the draw back together with the
play that led to it. The table shows the game and turns gestures into moves.
"""

from __future__ import annotations

import asyncio
from typing import Any

from kabale.game import IllegalMove
from kabale.games.kabala.rules import Move
from kabale.games.patience.rules import Patience, PatienceObservation
from kabale.session import Session

from .ahead import PATIENCE_SOLVER, import_ahead
from ..dom import Element, data, h
from .kabala_table import DEAL_FROM, KabalaTable
from .kabala_view import draw_pile_drawn, endowment_drawn, kabala_drawn, log_element, sum_drawn
from ..coach.patience_hint import PatienceHintMixin
from .kept import KabalaDrawings, KeptDrawings
from ..coach.patience_review import PatienceReviewMixin
from ..storage.saved import PATIENCE, PATIENCE_STATS, PatienceStats, SavedPatience
from .table_shell import Action, Key, button_element, used
from ..views.view_models import PatienceView, patience_view

REVEAL_MS = 600
DRAW = Move.draw()


class PatienceTable(KabalaDrawings, PatienceReviewMixin, PatienceHintMixin, KabalaTable):
    game: str = "patience"
    record = PATIENCE
    stats_record = PATIENCE_STATS
    saved: SavedPatience
    stats: PatienceStats

    def __init__(self, app: Any, saved: SavedPatience, stats: PatienceStats) -> None:
        super().__init__(app)
        self.saved = saved
        self.stats = stats
        self._ahead: asyncio.Task[None] | None = None  # the solver's import ahead (start)
        self.dealing = not saved.game.moves  # a deal reopened part-way is not dealt again
        self._session: Session | None = None
        self.drawings = KeptDrawings()  # the parts', cards', corners' and log lines' drawings (render)
        self._drawn_at: tuple[Patience, int] = (saved.game, len(saved.game.history))  # ``cue_drawn``

    @property
    def game_state(self) -> Patience:
        return self.saved.game

    @property
    def session(self) -> Session:
        """The session that plays the saved game (a new one when another tab's save replaced it)."""
        if self._session is None or self._session.game is not self.game_state:
            self._session = Session(self.game_state)
        return self._session

    def query(self) -> str:
        return f"?game={self.game}&seed={self.game_state.seed}"

    def seen(self) -> PatienceObservation:
        return self.game_state.observation()

    def may_play(self) -> bool:
        return not self.game_state.is_over()

    def view(self) -> PatienceView:
        """What the table shows, as plain values (tests/unit/test_view_models.py, test_felt_views.py):
        the felt with the play shown for a moment, and the moves the Hint or a review's jump marks."""
        game = self.shown_game()  # the game, or during a review's jump the position before that decision
        settings = self.app.settings
        return patience_view(game, self.stats, self.t, self.selected, settings.playable_cards,
                             jumped=game is not self.game_state, focus=self.focus, reveal=self.reveal,
                             memory_aid=settings.memory_aid, marks=self.hint_marks() + self.jump_marks(),
                             cards=self.card_memo())

    # -- drawing -------------------------------------------------------------------

    def render(self) -> Element:
        """The table. The parts that did not change since the last drawing (the bar, two of the
        three packets, most groups of the endowment, the log's lines...) are the drawings kept of
        them (``kept``): a click changes a packet, the endowment and the log, and drawing the rest
        again cost most of the click (issue 14, as Double H's table)."""
        t = self.t
        self.cue_drawn()
        view = self.view()
        controls: list[Any] = []
        if self.shown_game() is not self.game_state:  # a review's jump: which decision, its two moves
            controls = self.jump_controls()
        else:
            if view.prompt is not None:
                prompt = view.prompt
                controls.append(self.kept("prompt", prompt, lambda: h(
                    "p", {"class": "prompt", "aria-live": "polite" if prompt.live else None, "text": prompt.text})))
            if view.draw is not None:
                draw = view.draw
                controls.append(self.kept("draw", draw, lambda: button_element(draw)))
            controls += [self.hint_button(), self.kept("undo", view.undo, lambda: button_element(view.undo)),
                         self.kept("redo", view.redo, lambda: button_element(view.redo))]
        on_felt: list[Any] = []
        beside: dict[int, Element] = {}
        bubble = self.hint_bubble()  # the Hint at its packet (a draw's over the felt)
        if bubble is not None:
            if bubble[0] is None:
                on_felt.append(bubble[1])
            else:
                beside[bubble[0]] = bubble[1]
        kabala = kabala_drawn(view.kabala, beside, packet=self.packet_kept)
        endowment = endowment_drawn(view.endowment, group=self.group_kept)
        # the felt and your cards take the screen; the refusal shows over the felt, where the eye
        # is; the log is a side panel (a drawer on a narrow screen); the result shows over the table
        return h(
            "section",
            {"class": self.table_classes("kabala-table patience-table"), "aria-label": t("table.patience")},
            self.kept("bar", view.bar, lambda: self.render_bar(view.bar)),
            h("div", {"class": "felt"},
              self.kept("sum", view.kabala.sum, lambda: sum_drawn(view.kabala.sum)),
              kabala,
              *on_felt,
              draw_pile_drawn(view.draw_pile, view.draw_pile_label)),
            h("section", {"class": "mine", "aria-labelledby": "mine-heading"},
              h("h3", {"id": "mine-heading", "text": view.endowment_heading}),
              endowment,
              h("div", {"class": "controls"}, *controls)),
            self.kept("feedback", self.said(self.message), lambda: h(
                "div", {"class": "feedback"}, h("p", {"class": "refusal", "role": "alert",
                                                      "text": self.said(self.message)}))),
            self.kept("stats", view.stats, lambda: self.render_stats(view.stats)),
            log_element(list(view.log), t, open_=self.log_open, line=self.line_kept),
            self.render_result(view.result, self.daily_element(), self.review_element(), leading=self.review_controls())
            if view.result is not None else None,
        )

    # -- playing -------------------------------------------------------------------

    def actions(self) -> dict[str, Action]:
        return {
            **self.review_actions(),
            "card": lambda target: self.toggle(int(data(target, "index") or 0)),
            "packet": lambda target: self.packet_chosen(int(data(target, "packet") or 0)),
            "draw": lambda target: self.play(DRAW),
            "undo": lambda target: self.undo(),
            "redo": lambda target: self.redo(),
            "new-deal": lambda target: self.app.leave_solitaire(self.game, None, "new-deal"),
            "restart": lambda target: self.app.leave_solitaire(self.game, self.game_state.seed, "restart"),
            "rules": lambda target: self.app.show_rules(self.game),
            "log": lambda target: self.toggle_log(),
            "hint": lambda target: self.ask_hint(),
        }

    def play(self, move: Move) -> None:
        game = self.game_state
        before, face_up = len(game.history), game.face_up
        try:
            self.session.play(move, follow=False)  # the draw it may force comes once the play is shown
        except IllegalMove as error:
            self.refuse(error)
            return
        self.selected, self.message = frozenset(), ""
        self.note_events(game.history[before:], self.t("you"), face_up)
        self.show_for_a_moment(REVEAL_MS)
        self.settle()

    def settle(self) -> None:
        """Once no play is shown: the session draws when that is the only move left. Then count
        a finished game, save, draw the table.

        The game is saved with the move (the page writes the record with the drawing that shows
        it, from the same answer of the worker). The move that ends the game is saved at once, with the
        statistics that count it, so that the two are never stored one without the other."""
        game = self.game_state
        if self.reveal is None:
            self.session.settle()
        counted = False
        if game.is_over() and not self.saved.counted:
            counted = True
            result = game.result()
            assert result is not None
            self.stats = self.app.count_result(self.game, lambda stats: stats.record(result.won), self.saved)
            self.saved.counted = True
            if result.won:
                self.cue("win", {"game": self.game})
            self.app.announce(self.t("patience.won") if result.won else self.t(f"patience.lost.{result.reason}"))
        if counted:
            self.app.save(PATIENCE, self.saved.to_dict())
        else:
            self.app.save(PATIENCE, self.saved.to_dict())
        self.refresh()

    def after_reveal(self) -> None:
        self.settle()

    def cue_drawn(self) -> None:
        """The cards drawn since the table was last drawn (a press on Draw, the draw a play forces,
        a redo) come from the draw pile face down and turn face up on their way into the endowment
        (motion.js's "draw" cue, as Double H's stock). They appeared there from nowhere. Not a new
        deal's (it is dealt), nor an undo's."""
        game = self.game_state
        history = game.history
        shown, seen = self._drawn_at
        self._drawn_at = (game, len(history))
        if shown is not game or len(history) <= seen:
            return
        drawn = [card for event in history[seen:] if event.kind == "draw" for card in event.cards]
        if drawn:
            self.cue("draw", {"from": DEAL_FROM, "cards": ", ".join(
                f'.mine .endowment [data-card="{card}"]' for card in drawn)})

    def can_undo(self) -> bool:
        return self.game_state.can_undo

    def can_redo(self) -> bool:
        return self.game_state.can_redo

    def undo(self) -> None:
        """Take back the last decision: a draw made by itself goes with the play before it."""
        self.finish_reveal(go_on=False)
        super().undo()

    def redo(self) -> None:
        self.finish_reveal(go_on=False)
        super().redo()

    def travel(self, back: bool) -> None:
        """One undo or redo; the session goes on past the positions where drawing was the only move."""
        if back:
            self.session.undo()
        else:
            self.session.redo()
        self.selected, self.message, self.flipped = frozenset(), "", None
        self.settle()

    # -- keyboard and mouse --------------------------------------------------------

    def first_key(self, event: Any) -> bool | None:
        jumped = self.jump_key(str(event.key))  # an earlier position, read only: Escape goes back
        if jumped is not None:
            return jumped
        return True if self.move_focus(event) else None

    def keys(self) -> dict[str, Key]:
        return {
            **{str(packet): self.packet_key(packet) for packet in (1, 2, 3)},
            "d": used(lambda: self.play(DRAW)),
            "u": used(self.undo),
            "r": used(self.redo),
            "h": used(self.ask_hint),
            "n": self.new_deal_key,
            "Escape": self.put_back,
        }

    def packet_key(self, packet: int) -> Key:
        return used(lambda: self.packet_chosen(packet))

    def new_deal_key(self) -> bool:
        """N: a new deal, once the game is over."""
        if not self.game_state.is_over():
            return False
        self.app.new_solitaire(self.game, None)
        return True

    def saved_from(self, record: Any) -> SavedPatience | None:
        return record if isinstance(record, SavedPatience) else None

    def stats_from(self, record: Any) -> PatienceStats | None:
        return record if isinstance(record, PatienceStats) else None

    def reload(self, saved: SavedPatience) -> None:
        self.leave()
        self.saved, self.reveal, self.selected = saved, None, frozenset()
        self.refresh()

    def start(self) -> None:
        """The table shows: import the Hint's solver ahead, on idle (so the first hint needs no import)."""
        super().start()
        self._ahead = import_ahead(PATIENCE_SOLVER)

    def leave(self) -> None:
        super().leave()
        if self._ahead is not None:
            self._ahead.cancel()
        self.stop_hint()
        self.stop_review()
