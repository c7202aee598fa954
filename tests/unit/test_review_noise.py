"""Issue 16 (r10): the KABALAM review charges a cost only beyond its sampling noise, so following
the Hint is not marked as a costly mistake, and the table reviews over as many deals as the
command line (its numbers are ``python -m kabale review``'s)."""

from __future__ import annotations

import random

from kabale.bots.coach import NOISE_SE, evaluate
from kabale.bots.review import DEFAULT_WORLDS, TABLE_DEALS, TABLE_WORLDS, review_kabalam
from kabale.games.kabala.rules import Move
from kabale.games.kabalam.hand import KabalamHand
from kabale.games.kabalam.match import Match
from kabalam_review import PLAYED_DEAL7

#: Deal 7 as the r10 playthrough played it on a phone (bench/kabalam_review.py keeps the record).
DEAL7 = PLAYED_DEAL7

HINTED = (1, 3, 4, 16, 17, 18)


def table_review() -> dict[str, object]:
    """The review the table makes of deal 7's hand (the people of the plan, seed 0, its budget)."""
    return review_kabalam(Match.from_dict(DEAL7), ("S",), TABLE_WORLDS, 0, hands=(1,), deals=TABLE_DEALS)


def test_the_table_reviews_over_as_many_deals_as_the_command_line() -> None:
    assert TABLE_WORLDS == DEFAULT_WORLDS == 200
    assert table_review() == review_kabalam(Match.from_dict(DEAL7), ("S",))


def test_following_the_hint_on_deal_7_is_not_marked_costly() -> None:
    review = table_review()
    decisions = {d["move_number"]: d for d in review["decisions"]}  # type: ignore[index, union-attr]
    assert sorted(decisions) == [1, 2, 3, 4, 12, 16, 17, 18]
    for number in HINTED:  # made as the Hint said: no cost beyond the deals' noise, and not ranked
        assert not decisions[number]["charged"] and decisions[number]["costliest"] is None, decisions[number]
    # moves 1 and 3 differ from the review's best by less than its noise (0.48 and 2.24 points,
    # against some 11.5): the deals cannot tell them from it
    for number in (1, 3):
        assert decisions[number]["made"] != decisions[number]["hard"]
        assert 0 < decisions[number]["cost"] < decisions[number]["noise"]
    # move 12 (5 on packet 2 where the Hint said packet 3) is a real loss, beyond the noise
    assert decisions[12]["charged"] and decisions[12]["costliest"] == 1
    assert decisions[12]["cost"] > decisions[12]["noise"] > 0
    assert review["costliest"] == [{"hand": 1, "move_number": 12, "cost": decisions[12]["cost"]}]
    assert review["as_good"] == 7 and review["total_cost"] == decisions[12]["cost"]


def test_the_noise_is_the_paired_standard_error_and_shrinks_with_more_deals() -> None:
    hand = KabalamHand.from_dict({**DEAL7["hands"][0], "moves": ["bare 2D on 1"]})  # type: ignore[index, dict-item]
    observation = hand.observation("S")
    few, many = (evaluate(observation, random.Random(5), worlds) for worlds in (24, 200))
    made = Move.from_text("double 1+5 on 3")
    assert few.noise(few.best) == 0.0 and few.cost(few.best) == 0.0 and not few.charged(few.best)
    # by hand: NOISE_SE standard errors of the per-deal differences, best minus made
    best, index = few.moves.index(few.best), few.moves.index(made)
    differences = [b - m for b, m in zip(few.values[best], few.values[index])]
    mean = sum(differences) / len(differences)
    deviation = (sum((d - mean) ** 2 for d in differences) / (len(differences) - 1)) ** 0.5
    assert abs(mean - few.cost(made)) < 1e-9
    assert abs(few.noise(made) - NOISE_SE * deviation / len(differences) ** 0.5) < 1e-9
    assert few.charged(made) == (few.cost(made) > few.noise(made))
    assert many.noise(made) < few.noise(made) / 2  # about 1/sqrt(n): 200 deals against 24


#: The same deal as the r10 playthrough played it at 1280x800 (and again, the same moves, on this
#: branch): South followed the Hint at moves 1, 3, 4 and 6 and closed at move 6; the page's old
#: review (24 deals) listed the Hint's own move 3, "7 on packet 2", as the costliest, -26.7 points.
DEAL7_DESKTOP = {**DEAL7, "hands": [{**DEAL7["hands"][0], "moves": [  # type: ignore[index, dict-item]
    "double AH+AS on 3", "bare 3D on 2", "bare 7C on 2", "double 2D+7D on 3", "bare 4C 4D 4H 4S on 3", "bare 5H on 1"]}],
    "results": [{"closer": "S", "ending": "closed", "out_with_thirteen": [], "scores": {"S": 0, "W": 40}}]}


def test_the_hints_7_on_packet_2_is_not_the_costliest_mistake_any_more() -> None:
    match = Match.from_dict(DEAL7_DESKTOP)
    review = review_kabalam(match, ("S",), TABLE_WORLDS, 0, hands=(1,), deals=TABLE_DEALS)
    decisions = {d["move_number"]: d for d in review["decisions"]}
    assert decisions[3]["made"] == "bare 7 on 2" and not decisions[3]["charged"]
    assert review["costliest"] == [] and review["as_good"] == len(decisions) == 6
    # over the old table's 24 deals its cost, 26.7 points, was just beyond even that noise: more
    # deals, not the noise bound alone, is what clears it (over 200 it costs 0.39, noise 10)
    old = review_kabalam(match, ("S",), 24, 0, hands=(1,))
    assert [d["move_number"] for d in old["costliest"]] == [3] and old["costliest"][0]["cost"] == 26.67
