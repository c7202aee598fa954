"""The expert: legal moves from the match's observation, reproducible thinking,
and a value that weighs the match standing, not the hand points, near the end."""

from __future__ import annotations

import random

import pytest

from kabale.bots import BOTS, ExpertBot, make_bot
from kabale.bots.expert import DEFAULT_BUDGET_MS, PLAYOUT_FACTOR, match_value, outlast_table, standing
from kabale.bots.search import value_for
from kabale.games.kabala.rules import Move
from kabale.games.kabalam.match import LIMIT, Match, MatchObservation


def play_match(seed: int, seats: int, levels: dict[str, str], playouts: int = 16,
               rng_tag: str = "") -> list[list[Move]]:
    """A whole match; the expert sees the match's observation, the others the hand's.
    Every move must be legal. Returns each hand's moves."""
    match = Match.start(seed, seats=seats)
    bots = {seat: make_bot(levels.get(seat, "normal"), random.Random(f"{rng_tag}{seed}{seat}"),
                           budget_ms=None, playouts=playouts) for seat in match.seats}
    hands = []
    while True:
        hand = match.hand
        assert hand is not None
        while not hand.is_over():
            seat = hand.turn or ""
            bot = bots[seat]
            observation = match.observation(seat) if isinstance(bot, ExpertBot) else hand.observation(seat)
            move = bot.choose(observation)
            assert move in hand.legal_moves(), f"{bot} chose {move}"
            hand.apply(move)
        hands.append(list(hand.moves))
        if match.is_over():
            return hands
        match.next_hand()


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_expert_only_ever_returns_legal_moves_through_a_match(seats: int) -> None:
    levels = {"S": "expert", "W": "hard", "N": "expert", "E": "normal"}
    hands = play_match(10 + seats, seats, levels)
    assert sum(len(moves) for moves in hands) > 10


def test_the_expert_is_reproducible_from_its_rng() -> None:
    levels = {"S": "expert", "W": "expert"}
    assert play_match(5, 2, levels, playouts=24, rng_tag="a") == play_match(5, 2, levels, playouts=24, rng_tag="a")


def test_the_expert_plays_from_a_hands_observation_alone_as_from_a_first_hand() -> None:
    match = Match.start(3, seats=2)
    observation = match.observation("S")
    assert isinstance(observation, MatchObservation) and set(observation.totals.values()) == {0}
    from_hand = ExpertBot(random.Random(4), budget_ms=None, playouts=200).choose(observation.hand)
    from_match = ExpertBot(random.Random(4), budget_ms=None, playouts=200).choose(observation)
    assert from_hand == from_match and from_hand in match.legal_moves()


def test_make_bot_gives_the_expert_twice_the_hard_bots_thinking() -> None:
    assert "expert" in BOTS and PLAYOUT_FACTOR == 2
    expert = make_bot("expert", random.Random(0), budget_ms=None, playouts=300)
    assert isinstance(expert, ExpertBot) and expert.budget.playouts == 600 and expert.budget.budget_ms is None
    table = make_bot("expert", random.Random(0))
    assert isinstance(table, ExpertBot) and table.budget.budget_ms == DEFAULT_BUDGET_MS == 300


def test_the_outlast_model_is_fair_and_favours_fewer_points() -> None:
    for seats in (2, 3, 4):
        table = outlast_table(seats)
        assert table[0][0] == pytest.approx(0.5) and table[70][70] == pytest.approx(0.5)
        assert table[30][70] == pytest.approx(1 - table[70][30])
        assert table[10][60] > table[30][60] > table[60][60] > table[90][60]
        assert all(0.0 <= chance <= 1.0 for row in table for chance in row)


def test_a_hand_that_ends_the_match_is_scored_exactly() -> None:
    assert standing((LIMIT + 1, 60), 0) == 0.0 and standing((LIMIT + 1, 60), 1) == 1.0
    assert standing((110, 105), 1) == 1.0 and standing((110, 105), 0) == 0.0  # all over: the lowest wins
    assert standing((105, 105), 0) == 0.5  # equal lowest totals share the title
    assert standing((20, LIMIT + 1, 30), 1) == 0.0 and 0.0 < standing((20, LIMIT + 1, 30), 0) < 1.0


def test_near_the_end_the_expert_values_putting_the_other_out_over_hand_points() -> None:
    """South has 60, West 98. Outcome A: South scores 0, West 3 (101: still in, the
    hand won by 3 points). Outcome B: South scores 30, West 4 and leaves the match:
    South is the Great Kabalist. Hand points prefer A; the expert must prefer B."""
    before = (60, 98)
    stay_in, put_out = (0, 3), (30, 4)
    assert value_for(stay_in, 0) > value_for(put_out, 0)  # the hard bot's value would choose A
    value = match_value(before)
    assert value(put_out, 0) > value(stay_in, 0)
    assert standing((90, 102), 0) == 1.0 and standing((60, 101), 0) < 1.0


def test_with_four_seats_it_values_being_the_last_one_left() -> None:
    """South has 50, the others 99 each. Outcome A: South scores 0 and each other 2
    (all still in). Outcome B: South scores 40 and the others 3 each: they all leave."""
    before = (50, 99, 99, 99)
    all_stay, all_leave = (0, 2, 2, 2), (40, 3, 3, 3)
    assert value_for(all_stay, 0) > value_for(all_leave, 0)
    assert match_value(before)(all_leave, 0) > match_value(before)(all_stay, 0)


def test_early_in_a_match_fewer_points_are_still_better() -> None:
    """At 0 to 0 the standing follows the points: taking 5 beats taking 25."""
    value = match_value((0, 0))
    assert value((5, 0), 0) > value((25, 0), 0)
    assert value((0, 30), 0) > value((0, 10), 0)


def test_the_model_is_built_in_slices_at_the_first_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    from kabale.bots import expert

    match = Match.start(6, seats=2)
    observation = match.observation("S")
    built = expert.outlast_table(2)
    monkeypatch.setattr(expert, "_TABLES", {})  # as at a table's first decision
    thinking = ExpertBot(random.Random(2), budget_ms=None, playouts=4).think(observation)
    slices = 0
    while True:
        try:
            next(thinking)
            slices += 1
        except StopIteration as done:
            move = done.value
            break
    assert slices > LIMIT and move in match.legal_moves()  # a yield per row of the programme at least
    assert expert._TABLES[2] == built  # the same model, however it was built
