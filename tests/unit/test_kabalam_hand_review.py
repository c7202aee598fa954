"""Issue 16: the KABALAM review in slices, as the table thinks it: one hand of a match, its
progress, and a bound on the deals it samples."""

from __future__ import annotations

import random

from kabale.bots import make_bot
from kabale.bots.base import finish
from kabale.bots.review import FEWEST_WORLDS, review_kabalam, think_review
from kabale.games.kabalam.match import Match


def two_hands(seed: int = 4) -> Match:
    """A 3-seat match whose first two hands are played by normal bots (South the person)."""
    match = Match.start(seed, seats=3)
    bots = {seat: make_bot("normal", random.Random(f"{seed}:{seat}")) for seat in match.seats}
    for number in (1, 2):
        if number == 2:
            match.next_hand()
        hand = match.hand
        assert hand is not None
        while not hand.is_over():
            seat = hand.turn or ""
            match.apply(bots[seat].choose(hand.observation(seat)), seat)
    assert not match.is_over() and match.hand_number == 2
    return match


def without_ranks(decisions: list[dict[str, object]]) -> list[dict[str, object]]:
    return [{key: value for key, value in d.items() if key != "costliest"} for d in decisions]


def test_one_hand_is_costed_as_in_the_review_of_the_whole_match() -> None:
    match = two_hands()
    whole = review_kabalam(match, ("S",), worlds=6)
    second = review_kabalam(match, ("S",), worlds=6, hands=(2,))
    assert {d["hand"] for d in second["decisions"]} == {2}
    assert without_ranks(second["decisions"]) == without_ranks([d for d in whole["decisions"] if d["hand"] == 2])
    assert [d["costliest"] for d in second["decisions"] if d["costliest"]] != []
    marked = sorted((d for d in second["decisions"] if d["costliest"]), key=lambda d: d["costliest"])
    # the costliest of those charged (beyond the noise of 6 deals), not a bigger cost within it
    charged = [d["cost"] for d in second["decisions"] if d["charged"]]
    assert [d["cost"] for d in marked] == sorted(charged, reverse=True)[:len(marked)]


def test_the_progress_climbs_to_its_total_one_deal_at_a_time() -> None:
    match = two_hands()
    thinking = think_review(match, ("S",), worlds=5, hands=(1,))
    steps = []
    while True:
        try:
            steps.append(next(thinking))
        except StopIteration as done:
            review = done.value
            break
    total = len(review["decisions"]) * 5
    assert total > 0 and steps == [(done, total) for done in range(1, total + 1)]
    assert review == review_kabalam(match, ("S",), worlds=5, hands=(1,))


def test_deals_bound_the_whole_review_and_share_out_among_the_decisions() -> None:
    match = two_hands()
    count = len(review_kabalam(match, ("S",), worlds=1, hands=(1,))["decisions"])
    assert count >= 4
    shared = finish(think_review(match, ("S",), worlds=40, hands=(1,), deals=count * 10))
    assert shared["worlds_per_decision"] == 10
    roomy = review_kabalam(match, ("S",), worlds=12, hands=(1,), deals=count * 100)
    assert roomy["worlds_per_decision"] == 12  # never more than asked
    tight = review_kabalam(match, ("S",), worlds=12, hands=(1,), deals=1)
    assert tight["worlds_per_decision"] == FEWEST_WORLDS  # never fewer than the fewest
