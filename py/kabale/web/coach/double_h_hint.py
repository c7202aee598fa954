"""The words of Double H's Hint: which round's win it aims at, and what it rests on.

Kept apart from :mod:`kabale.web.tables.table_double_h` (which shows them where the hint's
move is) so they are one function of the hint alone, tested without a page.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:  # the solver loads when a hint is first asked for, not with the table
    from kabale.games.double_h.rules import Move
    from kabale.solver import Hint

__all__ = ["hint_basis"]


def hint_basis(found: Hint[Move], t: Callable[..., str]) -> str:
    """What an honest hint (:func:`kabale.games.double_h.solver_honest.honest_hint`) rests on, in
    the player's words (``t``: the table's translation): the round whose win it aims at (a win
    counts its round's bonus) and what it rests on as a count, so that hints asked on moves in a
    row do not contradict each other: "such a win in 5 of 8 orders you could face", or "no win
    found yet: the move that got furthest" where the last hint had found one in its time."""
    from kabale.games.double_h.solver_honest import FIRST_ROUND, ONLY, SAFE, bonus

    verdict = found.verdict
    aim = t("dh.aim", round=found.aim, bonus=bonus(found.aim)) + " " if found.aim else ""
    if found.support in (SAFE, ONLY):
        return t("dh.basis.safe" if found.support == SAFE else "dh.basis.only")
    if found.support == FIRST_ROUND:  # round 1's plan: see the stock's order first
        if verdict.samples:
            return aim + t("dh.basis.first_round_counted", won=verdict.won_samples, samples=verdict.samples)
        return aim + t("dh.basis.first_round")
    if verdict.status == "lost":
        return t("dh.basis.lost" if found.move is None else "dh.basis.lost_play_on")
    if verdict.samples <= 1 and verdict.status == "won":
        # one order: the player has seen it (from round 2, or drawn through in round 1), so the
        # words say so, not that the hint knows it (which read as the thoughtful solver's)
        return aim + t("dh.basis.seen")
    if verdict.won_samples:
        return aim + t("dh.basis.honest", won=verdict.won_samples, samples=verdict.samples)
    return aim + t("dh.basis.guess")
