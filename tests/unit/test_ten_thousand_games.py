"""10,000 random games of each game and variant, through the engine, without an error.

The figures (games per second, how the games ended) are bench/engine.py's and
bench/double_h_random.py's; here the same runs are checks that can fail.
"""

from __future__ import annotations

import pytest

from double_h_random import play_random_in_parallel
from engine import long_run

GAMES = 10_000


@pytest.mark.slow
def test_ten_thousand_random_games_of_kabalam_and_the_patience() -> None:
    report = long_run(GAMES)  # raises at the first hand that loses a card or scores below zero
    for variant in ("kabalam 2 seats", "kabalam 3 seats", "kabalam 4 seats", "patience"):
        counts = {key: value for key, value in report[variant].items() if key != "seconds"}
        assert sum(counts.values()) == GAMES, variant
    assert set(report["patience"]) - {"seconds"} <= {"endowment_empty", "out_with_thirteen", "draw_pile_finished"}


@pytest.mark.slow
def test_ten_thousand_random_games_of_double_h() -> None:
    outcomes, moves = play_random_in_parallel(GAMES)  # each ends over, its position valid
    assert sum(outcomes.values()) == GAMES and moves > 100 * GAMES
    assert set(outcomes) <= {"won", "lost"}
