"""10,000 random games of KABALAM (each seat count) and the patience, and 3,000 of Double H,
through the engine, without an error.

The figures (games per second, how the games ended) are bench/engine.py's and
bench/double_h_random.py's; here the same runs are checks that can fail. A random
game of Double H is some 420 moves (seeds 0-299), so its 10,000 games are left
to bench/double_h_random.py (``make bench``): here they took 74-100 s of the
suite, its longest test, and 3,000 games still make some 1.2 million random
moves, each checked by the engine.
"""

from __future__ import annotations

import pytest

from double_h_random import play_random_in_parallel
from engine import long_run

GAMES = 10_000
DOUBLE_H_GAMES = 3_000


@pytest.mark.slow
def test_ten_thousand_random_games_of_kabalam_and_the_patience() -> None:
    report = long_run(GAMES)  # raises at the first hand that loses a card or scores below zero
    for variant in ("kabalam 2 seats", "kabalam 3 seats", "kabalam 4 seats", "patience"):
        counts = {key: value for key, value in report[variant].items() if key != "seconds"}
        assert sum(counts.values()) == GAMES, variant
    assert set(report["patience"]) - {"seconds"} <= {"endowment_empty", "out_with_thirteen", "draw_pile_finished"}


@pytest.mark.slow
def test_three_thousand_random_games_of_double_h() -> None:
    outcomes, moves = play_random_in_parallel(DOUBLE_H_GAMES)  # each ends over, its position valid
    assert sum(outcomes.values()) == DOUBLE_H_GAMES and moves > 100 * DOUBLE_H_GAMES
    assert set(outcomes) <= {"won", "lost"}
