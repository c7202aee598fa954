"""A match of KABALAM (RULES.md section 2, "A match", and the seat order), and its storage."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from kabale.game import IllegalMove
from kabale.games.kabala.rules import Options
from kabale.games.kabalam.match import LIMIT, Match, hand_seed, next_starter, standings


def play_hand(match: Match, rng: random.Random) -> None:
    assert match.hand is not None
    while not match.hand.is_over():
        moves = match.legal_moves()
        match.apply(moves[rng.randrange(len(moves))])


def play_match(match: Match, rng: random.Random) -> None:
    while True:
        play_hand(match, rng)
        if match.is_over():
            return
        match.next_hand()


# -- the rules, as pure functions ----------------------------------------------------------


def test_a_seat_whose_total_is_more_than_101_leaves_the_match() -> None:
    assert LIMIT == 101
    assert standings({"S": 102, "W": 10, "N": 0}, ("S", "W", "N")) == (("W", "N"), ())


def test_a_total_of_exactly_101_stays_in_the_match() -> None:
    assert standings({"S": 101, "W": 101}, ("S", "W")) == (("S", "W"), ())


def test_the_last_seat_left_is_the_great_kabalist() -> None:
    assert standings({"S": 150, "W": 101, "N": 180}, ("S", "W", "N")) == (("W",), ("W",))


def test_when_every_remaining_seat_goes_over_in_the_same_hand_the_lowest_total_wins() -> None:
    assert standings({"S": 130, "W": 104, "N": 180}, ("S", "W", "N")) == ((), ("W",))


def test_equal_lowest_totals_share_the_title() -> None:
    assert standings({"S": 104, "W": 104, "N": 180}, ("S", "W", "N")) == ((), ("S", "W"))


def test_seats_that_left_in_an_earlier_hand_do_not_compete_for_the_title() -> None:
    # E left earlier with 103; S and W both go over now: W's 110 beats S's 120, E is not considered
    assert standings({"S": 120, "W": 110, "E": 103}, ("S", "W")) == ((), ("W",))


def test_the_first_hand_starts_at_south() -> None:
    assert next_starter(("S", "W", "N", "E"), None, ("S", "W", "N", "E")) == "S"
    assert Match.start(1).hand is not None and Match.start(1).hand.turn == "S"  # type: ignore[union-attr]


def test_each_later_hand_starts_with_the_next_seat_to_the_left_of_the_previous_starter() -> None:
    seats = ("S", "W", "N", "E")
    assert [next_starter(seats, previous, seats) for previous in seats] == ["W", "N", "E", "S"]


def test_the_next_starter_skips_seats_no_longer_in_the_match() -> None:
    seats = ("S", "W", "N", "E")
    assert next_starter(seats, "S", ("S", "N", "E")) == "N"
    assert next_starter(seats, "W", ("S", "N")) == "N"  # the previous starter herself may have left
    assert next_starter(seats, "E", ("W", "N")) == "W"


def test_hand_n_of_a_match_is_dealt_with_seed_times_1000_plus_n() -> None:
    assert hand_seed(7, 1) == 7001
    match = Match.start(7, seats=2)
    assert match.hand is not None and match.hand.seed == 7001
    with pytest.raises(ValueError):
        hand_seed(7, 1000)


# -- a match played through ---------------------------------------------------------------


def test_hands_follow_each_other_with_the_starter_moving_left() -> None:
    rng = random.Random(3)
    hands = 0
    for seed in range(10):
        match = Match.start(seed, seats=4)
        play_match(match, rng)
        previous = None
        for record in match.hand_records:
            assert record["starter"] == next_starter(match.seats, previous, record["seats"])
            previous = record["starter"]
            hands += 1
        assert match.hand_records[0]["starter"] == "S"
        if len(match.hand_records) > 1 and len(match.hand_records[1]["seats"]) == 4:
            assert match.hand_records[1]["starter"] == "W"
    assert hands > 10


def test_a_match_adds_each_hands_scores_and_deals_the_next_hand_to_the_seats_still_in_it() -> None:
    match = Match.start(11, seats=3)
    rng = random.Random(11)
    play_match(match, rng)
    result = match.result()
    assert result is not None
    totals = {seat: sum(r.scores.get(seat, 0) for r in match.results) for seat in match.seats}
    assert totals == match.totals == dict(result.totals)
    assert result.hands == len(match.results) == match.hand_number
    for number, record in enumerate(match.hand_records, start=1):
        before = {seat: sum(r.scores.get(seat, 0) for r in match.results[: number - 1]) for seat in match.seats}
        assert record["seats"] == [seat for seat in match.seats if before[seat] <= LIMIT]
    assert all(totals[seat] > LIMIT for seat in match.seats if seat not in result.great_kabalists)
    if len(result.great_kabalists) == 1 and totals[result.great_kabalists[0]] <= LIMIT:
        assert match.in_match == result.great_kabalists
    else:  # everybody left in the last hand: the lowest totals of that hand's seats win
        last = match.hand_records[-1]["seats"]
        assert {totals[seat] for seat in result.great_kabalists} == {min(totals[seat] for seat in last)}


def test_moves_applied_to_the_current_hand_directly_are_counted_once() -> None:
    match = Match.start(5, seats=2)
    rng = random.Random(5)
    assert match.hand is not None
    match.hand.play_out(rng)  # not through match.apply
    assert len(match.results) == 1
    assert match.totals == dict(match.results[0].scores)
    assert len(match.results) == 1


def test_the_next_hand_waits_for_the_current_one_to_end() -> None:
    match = Match.start(5, seats=2)
    with pytest.raises(IllegalMove) as raised:
        match.next_hand()
    assert raised.value.reason == "hand_in_progress"


def test_a_finished_hand_waits_for_next_hand_and_refuses_moves() -> None:
    match = Match.start(5, seats=2)
    play_hand(match, random.Random(1))
    assert not match.is_over() and match.hand is not None and match.hand.is_over()
    assert match.legal_moves() == []
    with pytest.raises(IllegalMove):
        match.apply("yield")
    match.next_hand()
    assert match.hand_number == 2 and match.hand.seed == 5002 and match.hand.turn == "W"


def test_a_match_over_deals_no_more_hands() -> None:
    match = Match.start(2, seats=2)
    play_match(match, random.Random(2))
    with pytest.raises(IllegalMove) as raised:
        match.next_hand()
    assert raised.value.reason == "game_over"


def test_a_match_observation_is_the_hand_seen_from_a_seat_and_the_public_totals() -> None:
    match = Match.start(4, seats=3)
    observation = match.observation("N")
    assert observation.hand.seat == "N" and observation.hand_number == 1
    assert observation.totals == {"S": 0, "W": 0, "N": 0} and observation.in_match == ("S", "W", "N")


# -- storage ---------------------------------------------------------------------------------


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), seats=st.sampled_from([2, 3, 4]), rng=st.randoms(),
       free_yield=st.booleans(), stop=st.integers(0, 400))
def test_a_match_survives_a_reload_at_any_moment_and_totals_never_decrease(
    seed: int, seats: int, rng: random.Random, free_yield: bool, stop: int
) -> None:
    match = Match.start(seed, seats=seats, options=Options(free_yield=free_yield))
    previous = dict(match.totals)
    steps = 0
    while not match.is_over():
        assert match.hand is not None
        if match.hand.is_over():
            match.next_hand()
        else:
            moves = match.legal_moves()
            match.apply(moves[rng.randrange(len(moves))])
        assert all(match.totals[seat] >= previous[seat] for seat in match.seats)
        previous = dict(match.totals)
        steps += 1
        if steps == stop:
            break
    data = json.loads(json.dumps(match.to_dict()))
    again = Match.from_dict(data)
    assert again.to_dict() == data
    assert again.totals == match.totals and again.in_match == match.in_match
    assert again.is_over() == match.is_over() and again.result() == match.result()
    assert again.hand is not None and match.hand is not None
    assert again.hand.snapshot() == match.hand.snapshot()


def test_a_stored_match_with_a_hand_dealt_differently_is_refused() -> None:
    match = Match.start(8, seats=2)
    play_hand(match, random.Random(8))
    data = match.to_dict()
    data["hands"][0]["seed"] = 123
    with pytest.raises(ValueError):
        Match.from_dict(data)


def test_a_stored_match_whose_results_disagree_with_its_hand_is_refused() -> None:
    match = Match.start(8, seats=2)
    play_hand(match, random.Random(8))
    data = match.to_dict()
    data["results"][0]["scores"] = {seat: points + 1 for seat, points in data["results"][0]["scores"].items()}
    with pytest.raises(ValueError):
        Match.from_dict(data)


@pytest.mark.parametrize("data", [None, {}, {"game": "kabalam-match", "version": 99},
                                  {"game": "kabalam-match", "version": 1, "seed": 1, "seats": "SW"}])
def test_damaged_match_data_raises_value_error(data: object) -> None:
    with pytest.raises(ValueError):
        Match.from_dict(data)  # type: ignore[arg-type]


def test_fifty_random_matches_each_crown_a_great_kabalist() -> None:
    rng = random.Random(0)
    for seed in range(50):
        match = Match.start(seed, seats=2 + seed % 3)
        play_match(match, rng)
        result = match.result()
        assert result is not None and result.great_kabalists
        assert set(result.great_kabalists) <= set(match.seats)


def test_a_stored_match_whose_hand_has_other_options_is_refused() -> None:
    data = Match.start(8, seats=2).to_dict()
    data["hands"][0]["options"] = {"compounded_doubles": True, "free_yield": False}
    with pytest.raises(ValueError):
        Match.from_dict(data)
