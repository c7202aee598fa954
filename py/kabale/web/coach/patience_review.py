"""The review of a finished Patience Kabalam game at the table: each decision beside the honest
hint's choice and its cost in win chance, the three costliest marked, a jump to each.

The review is the engine's (:func:`kabale.games.patience.solver_review.think_review`, the
same as ``python -m kabale review``, its defaults and seed 0), thought in slices by
:class:`.sliced_review.SlicedReview` (shared with the KABALAM table). A review belongs to
the moves it was made for: an undo after the end, or a new deal, forgets it. A jump shows
the position before a decision, replayed from the deal, read only (the game is over, so
the table takes no move), with the decision's two moves marked on the table;
"Back to the result" returns to the list.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generator

from kabale.games.kabala.rules import BARE, DOUBLE, PASS, Move
from kabale.games.patience.rules import Patience

from ..views.felt_views import Mark
from ..text.messages import short_cards
from ..views.selection import play_cards
from .sliced_review import REVIEW_ACTIONS, Progress, SlicedReview

__all__ = ["PatienceReviewMixin", "REVIEW_ACTIONS", "cost_text", "position_before"]


def cost_text(cost: float, decimal_mark: str) -> str:
    """A cost in win chance as whole or decimal percent points ("25", "6.25"): counted in
    worlds of 16, so a cost is a multiple of 6.25 and shown exactly, not rounded."""
    return f"{cost * 100:g}".replace(".", decimal_mark)


class PatienceReviewMixin(SlicedReview):
    """The patience's side of the review (mixed into :class:`PatienceTable`)."""

    matched_field = "as_good"  # made as the hint would, or as well as far as the worlds can tell

    _before: dict[int, Patience] = {}
    _before_for: tuple[Move, ...] | None = None  # the moves the positions in _before are of

    if TYPE_CHECKING:  # provided by the table (declared for the type checker only)
        @property
        def game_state(self) -> Patience: ...

    def review_key(self) -> tuple[Move, ...]:
        return self.game_state.moves

    def may_review(self) -> bool:
        return self.game_state.is_over()

    def think_review(self) -> Generator[Progress, None, dict[str, Any]]:
        from kabale.games.patience.solver_review import think_review  # the solver loads on the first review

        return think_review(self.game_state.copy())

    def shown_game(self) -> Patience:
        """The game the table draws: the game itself, or during a jump the position before that
        decision, replayed from the deal."""
        decision = self.jumped_decision()
        if decision is None:
            return self.game_state
        return self.before(decision["move_number"])

    def jump_marks(self) -> tuple[Mark, ...]:
        """During a jump, what the two moves concern, marked on the table: the move made's packet
        and cards ("made"), the hint's ("hinted", as the Hint marks them)."""
        decision = self.jumped_decision()
        if decision is None:
            return ()
        shown = self.shown_game()
        marks = []
        for name, text in (("made", decision["made"]), ("hinted", decision["hint"])):
            move = legal_move(shown, text)
            if move is None:
                continue
            packet = move.packet if move.kind in (BARE, DOUBLE, PASS) and move.packet and 1 <= move.packet <= 3 else None
            marks.append(Mark(name, packet, tuple(play_cards(shown.endowment, move))))
        return tuple(marks)

    def move_words(self, game: Patience, move_text: str) -> str:
        """A move of the record (its engine text) in the player's language, at the position it was made."""
        move = legal_move(game, move_text)
        t = self.t
        if move is None:
            return move_text
        if move.kind in (BARE, DOUBLE):
            cards = [game.endowment[i] for i in play_cards(game.endowment, move)]
            return t("review.play", cards=short_cards(cards), packet=move.packet or 1)
        if move.kind == PASS:
            return t("review.pass", packet=move.packet or 1)
        return t("review.draw")

    def decision_words(self, decision: dict[str, Any], move_text: str) -> str:
        return self.move_words(self.before(decision["move_number"]), move_text)

    def before(self, move_number: int) -> Patience:
        """:func:`position_before` for the game on the table, kept while its moves stay (the list
        names two moves at every decision, on every drawing)."""
        moves = self.game_state.moves
        if self._before_for != moves:
            self._before, self._before_for = {}, moves
        if move_number not in self._before:
            self._before[move_number] = position_before(self.game_state, move_number)
        return self._before[move_number]

    def cost_words(self, cost: float) -> str:
        if cost <= 0:
            return self.t("review.no_cost")
        return self.t("review.cost", percent=cost_text(cost, self.t("review.decimal_mark")))


def legal_move(game: Patience, text: str) -> Move | None:
    """The legal move whose engine text the review gives (the review names moves as text)."""
    return next((move for move in game.legal_moves() if str(move) == text), None)


def position_before(game: Patience, move_number: int) -> Patience:
    """The game as it stood before its move ``move_number`` (1 is the first), replayed from the deal."""
    replay = Patience.from_dict({**game.to_dict(), "moves": [], "redo": []})
    for move in game.moves[:move_number - 1]:
        replay.apply(move)
    return replay
