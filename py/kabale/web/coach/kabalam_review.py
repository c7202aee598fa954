"""The review of a finished KABALAM hand at the table: each of the person's decisions beside
the hard computer's honest choice and its cost in points, the three costliest marked, a jump
to each.

The review is the engine's (:func:`kabale.bots.review.think_review`, as
``python -m kabale review`` makes it of the saved table: the people of the plan, seed 0), kept to
the hand just played and to :data:`kabale.bots.review.TABLE_WORLDS` sampled deals per decision,
the command line's default, so the page and the command line say the same (fewer in a hand of
many decisions: :data:`kabale.bots.review.TABLE_DEALS` in all). A cost within the sampling noise
is said to be as good as hard's choice, not charged (see :mod:`kabale.bots.review`). Thought in
slices by :class:`.sliced_review.SlicedReview` (shared with the patience table). The end of
a hand offers it, and so does the end of a match (its last hand). A review belongs to its
hand: the next hand forgets it. A jump shows the hand as it stood before the decision,
replayed from its deal and seen by the seat who decided, read only, with the move made
and hard's choice marked on the table (their packets and cards); "Back" returns to the list.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generator

from kabale.bots.review import TABLE_DEALS, TABLE_WORLDS, think_review
from kabale.games.kabala.rules import Move
from kabale.games.kabalam.hand import KabalamHand

from .coach_text import move_words, points_text
from ..views.felt_views import Mark
from ..views.selection import play_cards
from .sliced_review import REVIEW_ACTIONS, Progress, SlicedReview

__all__ = ["KabalamReviewMixin", "REVIEW_ACTIONS"]

class KabalamReviewMixin(SlicedReview):
    """The KABALAM side of the review (mixed into :class:`KabalamTable`)."""

    choice_field = "hard"
    matched_field = "as_good"  # made as hard would, or as well as far as the deals can tell
    words = "kreview"

    _before: KabalamHand | None = None
    _before_at: tuple[Any, ...] | None = None  # (review key, move number) of _before

    # provided by the table (declared for the type checker only)
    match: Any
    plan: Any
    viewer: str | None
    if TYPE_CHECKING:
        def name(self, seat: str) -> str: return ""

    def review_key(self) -> tuple[int, int, int]:
        """(match seed, hand number, moves made): the hand a review belongs to."""
        hand = self.match.hand
        return self.match.seed, self.match.hand_number, 0 if hand is None else len(hand.moves)

    def reviewed(self) -> tuple[str, ...]:
        """The people who played the hand (a person out of the match only watched it)."""
        hand = self.match.hand
        return tuple(seat for seat in self.plan.persons if hand is not None and seat in hand.seats)

    def may_review(self) -> bool:
        hand = self.match.hand
        return hand is not None and hand.is_over() and bool(self.reviewed())

    def think_review(self) -> Generator[Progress, None, dict[str, Any]]:
        return think_review(self.match, self.reviewed(), TABLE_WORLDS, 0, hands=(self.match.hand_number,), deals=TABLE_DEALS)

    def decision_words(self, decision: dict[str, Any], move_text: str) -> str:
        return move_words(Move.from_text(move_text), self.t)

    def made_words(self, decision: dict[str, Any]) -> str:
        """"You: …"; at a table of several people, whose decision it was."""
        move = self.decision_words(decision, decision["made"])
        if len(self.reviewed()) > 1:
            return self.t("kreview.made_by", name=self.name(decision["seat"]), move=move)
        return self.t("review.made", move=move)

    def cost_words(self, cost: float) -> str:
        if cost <= 0:
            return self.t("review.no_cost")
        return self.t("kreview.cost", points=points_text(cost, self.t("review.decimal_mark")))

    # -- a jump ------------------------------------------------------------------------

    def looking(self) -> str | None:
        """Whose cards the table shows: during a jump the seat who decided, else the viewer."""
        decision = self.jumped_decision()
        return self.viewer if decision is None else decision["seat"]

    def shown_hand(self) -> KabalamHand:
        """The hand the table draws: the hand itself, or during a jump the hand as it stood
        before that decision, replayed from its deal."""
        decision = self.jumped_decision()
        hand = self.match.hand
        if decision is None:
            return hand  # type: ignore[no-any-return]
        at = (self.review_key(), decision["move_number"])
        if self._before is None or self._before_at != at:
            record = hand.to_dict()
            self._before = KabalamHand.from_dict({**record, "moves": record["moves"][:decision["move_number"] - 1]})
            self._before_at = at
        return self._before

    def shown_totals(self) -> dict[str, int]:
        """The match totals the seat pills show: the match's, or during a jump the totals as they
        stood at that decision (before the hand's points were added: a jump shows the hand
        before its end, so its points are not in yet)."""
        totals = self.match.totals
        hand = self.match.hand
        result = None if self.jumped_decision() is None or hand is None else hand.result()
        if result is not None:
            for seat, points in result.scores.items():
                totals[seat] -= points
        return totals  # type: ignore[no-any-return]

    def jump_marks(self) -> tuple[Mark, ...]:
        """During a jump, the two moves marked on the table: the move made's packet and cards
        ("made"), hard's ("hinted", as the Hint marks its packet); a yield marks nothing."""
        decision = self.jumped_decision()
        if decision is None:
            return ()
        endowment = self.shown_hand().observation(decision["seat"]).endowment
        marks = []
        for name, text in (("made", decision["made"]), ("hinted", decision["hard"])):
            move = Move.from_text(text)
            packet = move.packet if move.packet and 1 <= move.packet <= 3 else None
            cards = tuple(play_cards(endowment, move)) if move.kind in ("bare", "double") else ()
            marks.append(Mark(name, packet, cards))
        return tuple(marks)
