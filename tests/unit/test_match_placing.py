"""The end of a KABALAM match says where the one person finished: the Great Kabalist is 1st.

A match of seed 7 played by random players (the one tests/e2e/test_fit.py shows) once said "The
Great Kabalist: You" over "You finished 2nd of 4": East had left the match a hand sooner with the
lowest total, and the places counted totals alone. Who stays in the match longer finishes higher.
"""

from __future__ import annotations

import random

import pytest

from kabale.games.kabalam.match import Match
from kabale.web.storage.saved import SeatPlan, TablePlan
from kabale.web.text.i18n import translate
from kabale.web.views.view_models import kabalam_end


def played(seed: int) -> Match:
    match = Match.start(seed, seats=4)
    rng = random.Random(seed)
    while not match.is_over():
        if match.hand is not None and match.hand.is_over():
            match.next_hand()
            continue
        moves = match.legal_moves()
        match.apply(moves[rng.randrange(len(moves))])
    return match


@pytest.mark.parametrize("seed", range(1, 41))
def test_the_great_kabalist_finished_first_and_no_one_else_did(seed: int) -> None:
    match = played(seed)
    plan = TablePlan((SeatPlan("S", "you"), SeatPlan("W", "easy"), SeatPlan("N", "normal"), SeatPlan("E", "hard")))
    names = {"S": "You", "W": "West", "N": "North", "E": "East"}
    placing = kabalam_end(match, plan, names, lambda key, **values: translate("en", key, **values))[3]
    result = match.result()
    assert result is not None and placing is not None
    assert placing.startswith("You finished 1st") == ("S" in result.great_kabalists), (placing, result)
