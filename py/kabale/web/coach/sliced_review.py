"""A table's Review thought in slices: each of the person's decisions beside the computer's
honest choice, the three costliest marked, a jump to each.

Why one place: the patience and the KABALAM tables review alike. The engine's review
is a generator that yields its progress (done, total) between searches; it is driven
here with ``await asyncio.sleep(0)`` between steps, so the page paints "Reviewing… N%"
and takes clicks. A review belongs to what it was made for (the moves of the finished
game, or of the finished hand): when that changes (an undo, a new deal) it is forgotten.
A jump shows the position before one decision (``jumped`` is its move number), read
only; "Back" returns to the list. Each game's side (what is reviewed, its moves in
words, its cost in words, the marks on the table) is its mixin's
(:mod:`.patience_review`, :mod:`.kabalam_review`).
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Any, Generator, Hashable

from ..dom import Element, data, h
from .sliced_hint import PAINT_S

__all__ = ["SlicedReview", "REVIEW_ACTIONS", "Progress"]

#: The actions the review answers while a jump shows an earlier position (all others wait).
REVIEW_ACTIONS = frozenset({"review", "review-jump", "review-back"})

#: How long the review works between two yields to the page (the engines yield after every
#: search, often far sooner: a yield each time would spend more on the event loop than on thinking).
SLICE_S = 0.008

#: How far a review has come: (steps done, steps in all), as the engines' reviews yield it.
Progress = tuple[int, int]


class SlicedReview:
    """The review's state, its thinking loop and its list, mixed into a table before its base class."""

    review: dict[str, Any] | None = None
    review_for: Hashable | None = None  # what the review (or the reviewing) is for
    review_progress: Progress | None = None  # while reviewing: (steps done, steps)
    review_shown: bool = False  # the list in the end panel, rather than the result alone
    jumped: int | None = None  # the move number whose position is shown, read only
    _review_task: asyncio.Task[None] | None = None

    #: The decision's field naming the computer's choice, and the review's count of decisions made
    #: as the computer would have ("hint"/"matched_hint" in the patience, "hard"/"matched_hard").
    choice_field = "hint"
    matched_field = "matched_hint"
    #: The first part of the keys of the words that differ between the games' reviews
    #: (heading, summary, unit, hint, at, back); the others are "review.*" for both.
    words = "review"

    # -- the game's side, given by each table's mixin -----------------------------------

    def review_key(self) -> Hashable:
        """What a review is made for: it is shown only while that stays the same."""
        raise NotImplementedError

    def may_review(self) -> bool:
        """Whether there is something finished to review (the game, or the hand)."""
        raise NotImplementedError

    def think_review(self) -> Generator[Progress, None, dict[str, Any]]:
        """The engine's review of what :meth:`review_key` names, yielding its progress."""
        raise NotImplementedError

    def decision_words(self, decision: dict[str, Any], move_text: str) -> str:
        """A move of a decision (the engine's text) in the player's language, at its position."""
        raise NotImplementedError

    def cost_words(self, cost: float) -> str:
        raise NotImplementedError

    def decision_cost_words(self, decision: dict[str, Any], brief: bool = False) -> str:
        """The cost, or, when it is within the sampling noise (not ``charged``: see
        :mod:`kabale.noise`), that the move was as good as far as the sampled deals can tell:
        a cost the deals cannot tell from luck is not charged to the player. ``brief`` (the
        list's cost column, narrow on a phone) says "as good"; the unit line above says why.
        A review made before costs had a noise (none is stored, but a list in memory across
        an update may be) charges every cost, as it did."""
        if decision["cost"] > 0 and not decision.get("charged", True):
            if brief:
                return self.t("review.as_good")
            review = self.current_review() or {}
            return self.t("review.within", worlds=review.get("worlds_per_decision", 0))
        return self.cost_words(decision["cost"])

    def made_words(self, decision: dict[str, Any]) -> str:
        """"You: …" beside a decision (a table of several people names whose it was)."""
        return self.t("review.made", move=self.decision_words(decision, decision["made"]))

    app: Any  # the table's own
    if TYPE_CHECKING:  # the table's own (a method here would come before it in the order Python looks it up)
        def t(self, key: str, **values: Any) -> str: return ""

        def refresh(self) -> None: pass

    # -- state ---------------------------------------------------------------------

    def current_review(self) -> dict[str, Any] | None:
        """The review of what is on the table, or None (none made, or the moves changed)."""
        if self.review is None or self.review_for != self.review_key() or not self.may_review():
            return None
        return self.review

    def reviewing(self) -> bool:
        return self.review_progress is not None and self.review_for == self.review_key()

    def jumped_decision(self) -> dict[str, Any] | None:
        review = self.current_review()
        if review is None or self.jumped is None:
            return None
        return next((d for d in review["decisions"] if d["move_number"] == self.jumped), None)

    def ask_review(self) -> None:
        if not self.may_review() or self.reviewing():
            return
        if self.current_review() is not None:
            self.review_shown, self.jumped = True, None
            self.refresh()
            return
        key = self.review_key()
        self.review_for, self.review_progress, self.review = key, (0, 1), None
        self._review_task = asyncio.ensure_future(self._think_review(key))
        self.refresh()

    async def _think_review(self, key: Hashable) -> None:
        try:
            await asyncio.sleep(PAINT_S)  # the button's "Reviewing… 0%" first
            reviewing = self.think_review()
            shown = progress = self.review_progress
            while True:
                if self.review_key() != key:
                    return  # an undo or a new deal: this review is for a game gone
                slice_end = time.perf_counter() + SLICE_S
                try:
                    while time.perf_counter() < slice_end:  # steps until the slice is used up
                        progress = next(reviewing)
                except StopIteration as done:
                    review: dict[str, Any] = done.value
                    break
                if percent(progress) != percent(shown):  # redraw when the figure shown changes, not every step
                    self.review_progress = shown = progress
                    self.refresh()
                await asyncio.sleep(0)
        finally:
            self.review_progress = None
        self.review, self.review_shown, self.jumped = review, True, None
        self.refresh()
        self.app.focus_key("review-list", scroll=False)  # the button that had the focus is gone

    def stop_review(self) -> None:
        if self._review_task is not None and not self._review_task.done():
            self._review_task.cancel()
        self._review_task, self.review_progress, self.jumped, self.review_shown = None, None, None, False

    #: What a table answers while a jump shows an earlier position (the shell's read-only dispatch).
    read_only_actions: frozenset[str] = REVIEW_ACTIONS

    def read_only(self) -> bool:
        """A jump shows an earlier position, read only: the table answers only ``read_only_actions``."""
        return self.jumped_decision() is not None

    def jump_key(self, key: str) -> bool | None:
        """A key during a jump (None: no jump is shown). The position is read only, so the table
        answers no other key; Escape goes back to the list, in both games (the patience's once
        answered nothing, and a keyboard player was stuck on the jump until she found Back)."""
        if self.jumped_decision() is None:
            return None
        if key == "Escape":
            self.on_review_action("review-back", 0)
        return key == "Escape"

    def review_actions(self) -> dict[str, Any]:
        """The review's buttons as a table's actions (action -> callable of the pressed element)."""
        return {action: (lambda target, action=action: self.on_review_action(action, int(data(target, "move") or 0)))
                for action in REVIEW_ACTIONS}

    def on_review_action(self, action: str, move_number: int) -> None:
        if action == "review":
            self.ask_review()
        elif action == "review-jump" and self.current_review() is not None:
            self.jumped = move_number
            self.refresh()
            self.app.focus_key("review-back", scroll=False)
        elif action == "review-back" and self.jumped is not None:
            back_to, self.jumped = self.jumped, None
            self.refresh()
            key = f"review-jump-{back_to}" if back_to in self.marked_moves() else "review-list"
            self.app.focus_key(key, scroll=False)  # back where the jump was taken

    # -- drawing -------------------------------------------------------------------

    def choice_words(self, decision: dict[str, Any]) -> str:
        """"Hint: …" (the patience), "Hard: …" (KABALAM): the computer's choice there."""
        return self.t(f"{self.words}.hint", move=self.decision_words(decision, decision[self.choice_field]))

    def review_controls(self) -> list[Any]:
        """The end panel's Review button (or its progress)."""
        t = self.t
        if self.reviewing():
            done, total = self.review_progress or (0, 1)
            return [h("button", {"type": "button", "class": "button review-button", "disabled": True, "aria-busy": "true",
                                 "text": t("review.reviewing", percent=percent((done, total)))}),
                    h("progress", {"class": "review-progress", "max": total, "value": done,
                                   "aria-label": t("review.progress_label")})]
        if not self.may_review() or (self.current_review() is not None and self.review_shown):
            return []
        return [h("button", {"type": "button", "class": "button review-button", "data-action": "review",
                             "data-key": "review", "text": t("review.button")})]

    def review_element(self) -> Element | None:
        """The list of decisions, the three costliest marked, the jumps at the top."""
        review = self.current_review()
        if review is None or not self.review_shown:
            return None
        t = self.t
        decisions = review["decisions"]
        marked = sorted((d for d in decisions if d["costliest"]), key=lambda d: d["costliest"])
        jumps = [h("button", {"type": "button", "class": "button review-jump", "data-action": "review-jump",
                              "data-move": d["move_number"], "data-key": f"review-jump-{d['move_number']}",
                              "text": t("review.jump", rank=t(f"review.rank.{d['costliest']}"), number=d["move_number"],
                                        cost=self.decision_cost_words(d))})
                 for d in marked]
        items = [h("li", {"class": "review-decision" + (" costliest" if d["costliest"] else ""),
                          "data-move": d["move_number"]},
                   h("span", {"class": "review-number", "text": t("review.move", number=d["move_number"])}),
                   h("span", {"class": "review-made", "text": self.made_words(d)}),
                   h("span", {"class": "review-hint", "text": self.choice_words(d)}),
                   h("span", {"class": "review-cost", "text": self.decision_cost_words(d, brief=True)}),
                   h("strong", {"class": "review-rank", "text": t(f"review.rank.{d['costliest']}")})
                   if d["costliest"] else None)
                 for d in decisions]
        summary = t(f"{self.words}.summary", decisions=len(decisions), matched=review[self.matched_field],
                    worlds=review["worlds_per_decision"]) \
            if decisions else t("review.none")
        return h("section", {"class": "review", "aria-labelledby": "review-heading"},
                 h("h4", {"id": "review-heading", "text": t(f"{self.words}.heading")}),
                 h("p", {"class": "review-summary", "text": summary}),
                 # the unit in full, and shortened for a phone (the style sheet shows one): without
                 # it a phone's "−29.7 points" said neither what was lost nor over how many deals
                 h("p", {"class": "review-unit"},
                   h("span", {"class": "review-unit-long",
                              "text": t(f"{self.words}.unit", worlds=review["worlds_per_decision"])}),
                   h("span", {"class": "review-unit-short",
                              "text": t(f"{self.words}.unit_short", worlds=review["worlds_per_decision"])})),
                 h("div", {"class": "review-jumps"}, *jumps) if jumps else None,
                 h("ol", {"class": "review-list", "tabindex": 0, "aria-label": t("review.list_label"),
                          "data-key": "review-list"}, *items)
                 if items else None)

    def marked_moves(self) -> list[int]:
        """The move numbers of the costliest decisions (those with a jump)."""
        review = self.current_review()
        return [] if review is None else [d["move_number"] for d in review["decisions"] if d["costliest"]]

    def jump_controls(self) -> list[Any]:
        """During a jump: which decision this is, its two moves, what the outlines on the table
        mean, the way back. The cost goes with the move made, the player's own ("You: … · win
        chance −25%"): on the line of the hint's move it read as if the hint's move had cost it
        (the r10 playthrough). The legend names the two outlines (gold: the move made, blue: the
        hint's or hard's); a card or packet in both moves wears both rings."""
        decision = self.jumped_decision()
        if decision is None:
            return []
        t = self.t
        rank = decision["costliest"]
        return [h("div", {"class": "review-at", "role": "status"},
                  h("p", {"class": "review-at-move"},
                    h("span", {"text": t(f"{self.words}.at", number=decision["move_number"])}),
                    h("strong", {"class": "review-rank", "text": t(f"review.rank.{rank}")}) if rank else None),
                  h("p", {"class": "review-made", "text": self.made_words(decision)
                          + " · " + self.decision_cost_words(decision)}),
                  h("p", {"class": "review-hint", "text": self.choice_words(decision)}),
                  h("p", {"class": "review-legend"},
                    h("span", {"class": "review-made", "text": t("review.legend_made")}),
                    " · ",
                    h("span", {"class": "review-hint", "text": t(f"{self.words}.legend_hint")}))),
                h("button", {"type": "button", "class": "button primary", "data-action": "review-back",
                             "data-key": "review-back", "text": t(f"{self.words}.back")})]


def percent(progress: Progress | None) -> int:
    """The whole percent a review's progress stands at (0 before it starts)."""
    done, total = progress or (0, 1)
    return int(100 * done / max(total, 1))
