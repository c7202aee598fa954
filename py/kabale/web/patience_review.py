"""The review of a finished Patience Kabalam game at the table: each decision beside the honest
hint's choice and its cost in win chance, the three costliest marked, a jump to each.

The review is the engine's (:func:`kabale.games.patience.solver_review.think_review`, the
same as ``python -m kabale review``, its defaults and seed 0), thought in slices with
``await asyncio.sleep(0)`` between searches so the page paints its progress and takes
clicks. A review belongs to the moves it was made for: an undo after the end, or a new
deal, forgets it. A jump shows the position before a decision, replayed from the deal,
read only (the game is over, so the table takes no move), with the decision's two moves
named under the Kabala; "Back to the result" returns to the list.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from kabale.games.kabala.rules import BARE, DOUBLE, PASS, Move
from kabale.games.patience.rules import Patience

from .dom import Element, found, h
from .messages import short_cards
from .patience_hint import hint_cards
from .sliced_hint import PAINT_S

__all__ = ["PatienceReviewMixin", "REVIEW_ACTIONS", "cost_text", "position_before"]

#: The actions the review answers while a jump shows an earlier position (all others wait).
REVIEW_ACTIONS = frozenset({"review", "review-jump", "review-back"})


def cost_text(cost: float, decimal_mark: str) -> str:
    """A cost in win chance as whole or decimal percent points ("25", "6.25"): counted in
    worlds of 16, so a cost is a multiple of 6.25 and shown exactly, not rounded."""
    return f"{cost * 100:g}".replace(".", decimal_mark)


class PatienceReviewMixin:
    """The review's state and drawing for the patience table (mixed into :class:`PatienceTable`)."""

    review: dict[str, Any] | None = None
    review_for: tuple[Move, ...] | None = None  # the moves the review (or the reviewing) is for
    review_progress: tuple[int, int] | None = None  # while reviewing: (moves replayed, moves)
    review_shown: bool = False  # the list over the table, rather than the result alone
    jumped: int | None = None  # the move number whose position is shown, read only
    _review_task: asyncio.Task[None] | None = None

    if TYPE_CHECKING:  # provided by the table (declared for the type checker only)
        @property
        def game_state(self) -> Patience: ...

        def t(self, key: str, **values: Any) -> str: return ""

        def refresh(self) -> None: pass

    # -- state ---------------------------------------------------------------------

    def current_review(self) -> dict[str, Any] | None:
        """The review of the game on the table, or None (none made, or the moves changed)."""
        if self.review is None or self.review_for != self.game_state.moves or not self.game_state.is_over():
            return None
        return self.review

    def reviewing(self) -> bool:
        return self.review_progress is not None and self.review_for == self.game_state.moves

    def jumped_decision(self) -> dict[str, Any] | None:
        review = self.current_review()
        if review is None or self.jumped is None:
            return None
        return next((d for d in review["decisions"] if d["move_number"] == self.jumped), None)

    def shown_game(self) -> Patience:
        """The game the table draws: the game itself, or during a jump the position before that
        decision, replayed from the deal."""
        decision = self.jumped_decision()
        if decision is None:
            return self.game_state
        return position_before(self.game_state, decision["move_number"])

    def ask_review(self) -> None:
        game = self.game_state
        if not game.is_over() or self.reviewing():
            return
        if self.current_review() is not None:
            self.review_shown, self.jumped = True, None
            self.refresh()
            return
        self.review_for, self.review_progress, self.review = game.moves, (0, len(game.moves)), None
        self._review_task = asyncio.ensure_future(self._think_review(game.moves))
        self.refresh()

    async def _think_review(self, moves: tuple[Move, ...]) -> None:
        from kabale.games.patience.solver_review import think_review  # the solver loads on the first review

        try:
            await asyncio.sleep(PAINT_S)
            reviewing = think_review(self.game_state.copy())
            shown = self.review_progress
            while True:
                if self.game_state.moves != moves:
                    return  # an undo or a new deal: this review is for a game gone
                try:
                    progress = next(reviewing)
                except StopIteration as done:
                    review: dict[str, Any] = done.value
                    break
                if progress != shown:  # redraw when the review reaches another move, not every search
                    self.review_progress = shown = progress
                    self.refresh()
                await asyncio.sleep(0)
        finally:
            self.review_progress = None
        self.review, self.review_shown, self.jumped = review, True, None
        self.refresh()

    def stop_review(self) -> None:
        if self._review_task is not None and not self._review_task.done():
            self._review_task.cancel()
        self._review_task, self.review_progress, self.jumped, self.review_shown = None, None, None, False

    def on_review_action(self, action: str, move_number: int) -> None:
        if action == "review":
            self.ask_review()
        elif action == "review-jump" and self.current_review() is not None:
            self.jumped = move_number
            self.refresh()
        elif action == "review-back":
            self.jumped = None
            self.refresh()

    # -- drawing -------------------------------------------------------------------

    def mark_jump(self, kabala: Element, endowment: Element) -> None:
        """During a jump, mark on the table what the two moves concern: the move made's packet and
        cards ("made"), the hint's ("hinted", as the Hint marks them)."""
        decision = self.jumped_decision()
        if decision is None:
            return
        shown = self.shown_game()
        for name, text in (("made", decision["made"]), ("hinted", decision["hint"])):
            move = legal_move(shown, text)
            if move is None:
                continue
            if move.kind in (BARE, DOUBLE, PASS) and move.packet and 1 <= move.packet <= kabala.children.length:
                kabala.children[move.packet - 1].classList.add(name)
            for index in hint_cards(shown.endowment, move):
                card = endowment.querySelector(f'[data-index="{index}"]')
                if found(card):
                    card.classList.add(name)

    def move_words(self, game: Patience, move_text: str) -> str:
        """A move of the record (its engine text) in the player's language, at the position it was made."""
        move = legal_move(game, move_text)
        t = self.t
        if move is None:
            return move_text
        if move.kind in (BARE, DOUBLE):
            cards = [game.endowment[i] for i in hint_cards(game.endowment, move)]
            return t("review.play", cards=short_cards(cards), packet=move.packet or 1)
        if move.kind == PASS:
            return t("review.pass", packet=move.packet or 1)
        return t("review.draw")

    def cost_words(self, cost: float) -> str:
        if cost <= 0:
            return self.t("review.no_cost")
        return self.t("review.cost", percent=cost_text(cost, self.t("review.decimal_mark")))

    def review_controls(self) -> list[Any]:
        """The result panel's Review button (or its progress)."""
        t = self.t
        if self.reviewing():
            done, total = self.review_progress or (0, 1)
            percent = int(100 * done / max(total, 1))
            return [h("button", {"type": "button", "class": "button review-button", "disabled": True, "aria-busy": "true",
                                 "text": t("review.reviewing", percent=percent)}),
                    h("progress", {"class": "review-progress", "max": total, "value": done,
                                   "aria-label": t("review.progress_label")})]
        if self.current_review() is not None and self.review_shown:
            return []
        return [h("button", {"type": "button", "class": "button review-button", "data-action": "review",
                             "data-key": "review", "text": t("review.button")})]

    def review_element(self) -> Element | None:
        """The list of decisions, the three costliest marked, the jumps at the top."""
        review = self.current_review()
        if review is None or not self.review_shown:
            return None
        t, game = self.t, self.game_state
        decisions = review["decisions"]
        marked = sorted((d for d in decisions if d["costliest"]), key=lambda d: d["costliest"])
        jumps = [h("button", {"type": "button", "class": "button review-jump", "data-action": "review-jump",
                              "data-move": d["move_number"],
                              "text": t("review.jump", rank=t(f"review.rank.{d['costliest']}"), number=d["move_number"],
                                        cost=self.cost_words(d["cost"]))})
                 for d in marked]
        replay = Patience.from_dict({**game.to_dict(), "moves": [], "redo": []})
        items: list[Any] = []
        moves = game.moves
        for index, made in enumerate(moves, start=1):
            decision = next((d for d in decisions if d["move_number"] == index), None)
            if decision is not None:
                rank = decision["costliest"]
                items.append(h(
                    "li", {"class": "review-decision" + (" costliest" if rank else ""), "data-move": index},
                    h("span", {"class": "review-number", "text": t("review.move", number=index)}),
                    h("span", {"class": "review-made", "text": t("review.made", move=self.move_words(replay, decision["made"]))}),
                    h("span", {"class": "review-hint", "text": t("review.hint", move=self.move_words(replay, decision["hint"]))}),
                    h("span", {"class": "review-cost", "text": self.cost_words(decision["cost"])}),
                    h("strong", {"class": "review-rank", "text": t(f"review.rank.{rank}")}) if rank else None))
            replay.apply(made)
        summary = t("review.summary", decisions=len(decisions), matched=review["matched_hint"]) if decisions \
            else t("review.none")
        return h("section", {"class": "review", "aria-labelledby": "review-heading"},
                 h("h4", {"id": "review-heading", "text": t("review.heading")}),
                 h("p", {"class": "review-summary", "text": summary}),
                 h("p", {"class": "review-unit", "text": t("review.unit", worlds=review["worlds_per_decision"])}),
                 h("div", {"class": "review-jumps"}, *jumps) if jumps else None,
                 h("ol", {"class": "review-list", "tabindex": 0, "aria-label": t("review.list_label")}, *items))

    def jump_controls(self) -> list[Any]:
        """Under the Kabala during a jump: which decision this is, its two moves, the way back."""
        decision = self.jumped_decision()
        if decision is None:
            return []
        t, shown = self.t, self.shown_game()
        rank = decision["costliest"]
        return [h("div", {"class": "review-at", "role": "status"},
                  h("p", {"class": "review-at-move"},
                    h("span", {"text": t("review.at", number=decision["move_number"])}),
                    h("strong", {"class": "review-rank", "text": t(f"review.rank.{rank}")}) if rank else None),
                  h("p", {"class": "review-made", "text": t("review.made", move=self.move_words(shown, decision["made"]))}),
                  h("p", {"class": "review-hint", "text": t("review.hint", move=self.move_words(shown, decision["hint"]))
                          + " · " + self.cost_words(decision["cost"])})),
                h("button", {"type": "button", "class": "button primary", "data-action": "review-back",
                             "data-key": "review-back", "text": t("review.back")})]


def legal_move(game: Patience, text: str) -> Move | None:
    """The legal move whose engine text the review gives (the review names moves as text)."""
    return next((move for move in game.legal_moves() if str(move) == text), None)


def position_before(game: Patience, move_number: int) -> Patience:
    """The game as it stood before its move ``move_number`` (1 is the first), replayed from the deal."""
    replay = Patience.from_dict({**game.to_dict(), "moves": [], "redo": []})
    for move in game.moves[:move_number - 1]:
        replay.apply(move)
    return replay
