"""The Patience Kabalam table: the Kabala, your endowment face up, draw 2, pass-flip, undo and redo.

The Patience (engine) is the state. A draw the rules leave as the only move is
made by itself; an undo takes it back together with the play that led to it.
"""

from __future__ import annotations

import asyncio
from typing import Any, Callable

from kabale.game import IllegalMove
from kabale.games.kabala.rules import Move
from kabale.games.patience.rules import Patience, PatienceObservation

from .ahead import PATIENCE_SOLVER, import_ahead
from .dom import Element, data, h
from .kabala_table import KabalaTable
from .kabala_view import endowment_element, kabala_element, log_element, selection_text, sum_element
from .messages import patience_event_text
from .selection import playable_cards
from .patience_hint import PatienceHintMixin
from .patience_review import REVIEW_ACTIONS, PatienceReviewMixin
from .saved import PATIENCE, PATIENCE_STATS, PatienceStats, SavedPatience

REVEAL_MS = 600
DRAW = Move.draw()


class PatienceTable(PatienceReviewMixin, PatienceHintMixin, KabalaTable):
    game: str = "patience"
    record = PATIENCE
    stats_record = PATIENCE_STATS

    def __init__(self, app: Any, saved: SavedPatience, stats: PatienceStats) -> None:
        super().__init__(app)
        self.saved = saved
        self.stats = stats
        self._ahead: asyncio.Task[None] | None = None  # the solver's import ahead (start)
        self.dealing = not saved.game.moves  # a deal reopened part-way is not dealt again

    @property
    def game_state(self) -> Patience:
        return self.saved.game

    def query(self) -> str:
        return f"?game={self.game}&seed={self.game_state.seed}"

    def seen(self) -> PatienceObservation:
        return self.game_state.observation()

    def may_play(self) -> bool:
        return not self.game_state.is_over()

    # -- drawing -------------------------------------------------------------------

    def render(self) -> Element:
        t = self.t
        game = self.shown_game()  # the game, or during a review's jump the position before that decision
        jumped = game is not self.game_state
        observation = game.observation()
        legal = observation.legal_moves
        scene = self.scene(observation, legal)
        # the cards a legal play plays, lit when the player asks (the setting): the engine's list
        playable = playable_cards(observation.endowment, legal) if self.app.settings.playable_cards else frozenset()
        controls: list[Any] = []
        if jumped:
            controls = self.jump_controls()
        elif not game.is_over():
            if scene.passable:
                controls.append(h("p", {"class": "prompt", "text": t("patience.pass_prompt")}))
            else:
                controls.append(h("p", {"class": "prompt", "aria-live": "polite", "text": selection_text(
                    observation.endowment, self.selected, scene.lit, observation.target, t)}))
            if DRAW in legal:
                label = t("patience.draw" if observation.draw_pile_size > 1 else "patience.draw_last")
                controls.append(h("button", {"type": "button", "class": "button", "data-action": "draw",
                                             "data-key": "draw", "text": label}))
        controls += [] if jumped else [
            self.hint_button(),
            h("button", {"type": "button", "class": "button", "data-action": "undo", "data-key": "undo",
                         "disabled": not game.can_undo, "text": t("patience.undo")}),
            h("button", {"type": "button", "class": "button", "data-action": "redo", "data-key": "redo",
                         "disabled": not game.can_redo, "text": t("patience.redo")}),
        ]
        kabala = kabala_element(scene, t)
        endowment = endowment_element(observation.endowment, self.selected,
                                      min(self.focus, max(len(observation.endowment) - 1, 0)), t, t("endowment.label"),
                                      playable)
        on_felt: list[Any] = []
        self.place_hint(kabala, endowment, on_felt)  # the Hint at its packet, its cards marked
        self.mark_jump(kabala, endowment)  # a review's jump: the two moves' packets and cards marked
        # the felt and your cards take the screen; the refusal shows over the felt, where the eye
        # is; the log is a side panel (a drawer on a narrow screen); the result shows over the table
        return h(
            "section",
            {"class": self.table_classes("kabala-table patience-table"), "aria-label": t("table.patience")},
            h("header", {"class": "table-bar"},
              h("h2", {"text": t("game.patience")}),
              h("span", {"class": "deal-number", "text": t("table.deal", seed=game.seed)}),
              h("span", {"class": "bar-actions"},
                h("button", {"type": "button", "class": "button", "data-action": "rules", "text": t("toolbar.rules")}),
                h("button", {"type": "button", "class": "button", "data-action": "restart", "text": t("patience.restart")}),
                h("button", {"type": "button", "class": "button", "data-action": "new-deal", "data-key": "new-deal-bar",
                             "text": t("patience.new_deal")}))),
            h("div", {"class": "felt"},
              sum_element(scene.face_up, t),
              kabala,
              *on_felt,
              h("p", {"class": "draw-pile", "aria-label": t("draw_pile_label", count=observation.draw_pile_size),
                      "text": t("draw_pile", count=observation.draw_pile_size)})),
            h("section", {"class": "mine", "aria-labelledby": "mine-heading"},
              h("h3", {"id": "mine-heading", "text": t("endowment.heading", count=len(observation.endowment))}),
              endowment,
              h("div", {"class": "controls"}, *controls)),
            h("div", {"class": "feedback"}, h("p", {"class": "refusal", "role": "alert", "text": self.message})),
            h("p", {"class": "stats", "text": self.stats_line()}),
            log_element([line for line in map(lambda e: patience_event_text(e, t), observation.history) if line], t,
                        open_=self.log_open),
            self.render_result() if game.is_over() and not jumped else None,
        )

    def render_result(self) -> Element:
        t, result = self.t, self.game_state.result()
        assert result is not None
        text = t("patience.won") if result.won else t(f"patience.lost.{result.reason}")
        return h(
            "section",
            {"class": "game-end " + ("won" if result.won else "lost"), "aria-labelledby": "result-heading"},
            h("h3", {"id": "result-heading", "text": text}),
            self.review_element(),
            h("div", {"class": "result-actions"},
              *self.review_controls(),
              h("button", {"type": "button", "class": "button primary", "data-action": "new-deal", "data-key": "new-deal",
                           "text": t("patience.new_deal")})),
        )

    def stats_line(self) -> str:
        stats = self.stats
        return self.t("patience.stats") + ": " + self.t(
            "patience.stats_line", played=stats.played, won=stats.won, rate=f"{stats.rate:.0%}",
            streak=stats.streak, best=stats.best_streak,
        )

    # -- playing -------------------------------------------------------------------

    def on_action(self, action: str, target: Any, event: Any) -> None:
        if action in REVIEW_ACTIONS:
            self.on_review_action(action, int(data(target, "move") or 0))
        elif self.jumped_decision() is not None:
            return  # an earlier position, shown read only: only the review's buttons answer
        elif action == "card":
            self.toggle(int(data(target, "index") or 0))
        elif action == "packet":
            self.packet_chosen(int(data(target, "packet") or 0))
        elif action == "draw":
            self.play(DRAW)
        elif action == "undo":
            self.undo()
        elif action == "redo":
            self.redo()
        elif action == "new-deal":
            self.app.new_solitaire(self.game, None)
        elif action == "restart":
            self.app.new_solitaire(self.game, self.game_state.seed)
        elif action == "rules":
            self.app.show_rules(self.game)
        elif action == "log":
            self.toggle_log()
        elif action == "hint":
            self.ask_hint()

    def play(self, move: Move) -> None:
        game = self.game_state
        before, face_up = len(game.history), game.face_up
        try:
            game.apply(move)
        except IllegalMove as error:
            self.refuse(error)
            return
        self.selected, self.message = frozenset(), ""
        self.note_events(game.history[before:], self.t("you"), face_up)
        self.show_for_a_moment(REVEAL_MS)
        self.settle()

    def settle(self) -> None:
        """Draw when that is the only move left, count a finished game, save, draw the table."""
        game = self.game_state
        if self.reveal is None and game.legal_moves() == [DRAW]:
            game.apply(DRAW)
        if game.is_over() and not self.saved.counted:
            result = game.result()
            assert result is not None
            self.stats = self.app.count_result(self.game, lambda stats: stats.record(result.won))
            self.saved.counted = True
            if result.won:
                self.cue("win", {"game": self.game})
            self.app.announce(self.t("patience.won") if result.won else self.t(f"patience.lost.{result.reason}"))
        self.app.save(PATIENCE, self.saved.to_dict())
        self.refresh()

    def after_reveal(self) -> None:
        self.settle()

    def undo(self) -> None:
        """Take back the last decision: a draw made by itself goes with the play before it."""
        self.travel(self.game_state.undo, lambda: self.game_state.can_undo)

    def redo(self) -> None:
        self.travel(self.game_state.redo, lambda: self.game_state.can_redo)

    def travel(self, step: Callable[[], None], possible: Callable[[], bool]) -> None:
        """One undo or redo, and on past the positions where drawing was the only move."""
        self.finish_reveal(go_on=False)
        game = self.game_state
        if not possible():
            return
        step()
        while possible() and game.legal_moves() == [DRAW]:
            step()
        self.selected, self.message, self.flipped = frozenset(), "", None
        self.settle()

    # -- keyboard and mouse --------------------------------------------------------

    def on_key(self, event: Any) -> bool:
        key = str(event.key)
        if self.jumped_decision() is not None:
            return False  # an earlier position, shown read only
        if self.move_focus(event):
            return True
        actions = {"1": "p1", "2": "p2", "3": "p3", "d": "draw", "u": "undo", "r": "redo", "n": "new", "h": "hint"}
        action = actions.get(key.lower())
        if action is None:
            if key == "Escape" and self.selected:
                self.selected = frozenset()
                self.refresh()
                return True
            return False
        if action.startswith("p"):
            self.packet_chosen(int(action[1]))
        elif action == "draw":
            self.play(DRAW)
        elif action == "undo":
            self.undo()
        elif action == "redo":
            self.redo()
        elif action == "hint":
            self.ask_hint()
        elif action == "new" and self.game_state.is_over():
            self.app.new_solitaire(self.game, None)
        else:
            return False
        return True

    def on_storage(self, name: str) -> None:
        if name == self.record:
            saved = self.app.store.load(PATIENCE)
            if isinstance(saved, SavedPatience):
                self.leave()
                self.saved, self.reveal, self.selected = saved, None, frozenset()
                self.refresh()
        elif name == self.stats_record:
            stats = self.app.store.load(PATIENCE_STATS)
            if isinstance(stats, PatienceStats):
                self.stats = stats
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
