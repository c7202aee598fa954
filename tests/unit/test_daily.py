"""The daily deal (issue 31, item 2): the same deal for everyone on a day, from the date by
RULES.md's rule; Double H's winnable."""

from __future__ import annotations

import datetime
import hashlib

from kabale.daily import DAILY_STATES, daily_candidate, daily_candidates, parse_day
from kabale.games import GAMES
from kabale.solver import solve

DAY = datetime.date(2026, 12, 2)


def test_a_candidate_is_the_rule_written_in_rules_md() -> None:
    # "the first 8 bytes of SHA-256 of 'kabale daily <game> <YYYY-MM-DD> <k>', big-endian, modulo 10**9"
    digest = hashlib.sha256(b"kabale daily patience 2026-12-02 0").digest()
    assert daily_candidate("patience", DAY, 0) == int.from_bytes(digest[:8], "big") % 10**9
    assert daily_candidate("patience", DAY, 0) != daily_candidate("double-h", DAY, 0)
    assert daily_candidate("patience", DAY, 0) != daily_candidate("patience", DAY + datetime.timedelta(days=1), 0)
    assert len(set(daily_candidates("double-h", DAY))) == 40


def test_the_patience_deals_its_first_candidate_every_day() -> None:
    spec = GAMES["patience"]
    assert spec.daily_seed(DAY) == daily_candidate("patience", DAY, 0)
    assert spec.daily_seed(DAY) != spec.daily_seed(DAY + datetime.timedelta(days=1))


def test_double_h_deals_the_first_candidate_the_solver_wins_within_a_budget_of_states() -> None:
    spec = GAMES["double-h"]
    for day in (DAY, datetime.date(2026, 12, 3), datetime.date(2027, 2, 28)):
        seed = spec.daily_seed(day, winnable=True)
        assert seed in list(daily_candidates("double-h", day))
        assert solve(spec.deal(seed), None, DAILY_STATES, seed=seed).status == "won"
        earlier = list(daily_candidates("double-h", day))[: list(daily_candidates("double-h", day)).index(seed)]
        assert all(solve(spec.deal(s), None, DAILY_STATES, seed=s).status != "won" for s in earlier)
        assert spec.daily_seed(day, winnable=True) == seed  # the same again: nothing depends on the clock


def test_a_day_is_written_year_month_day() -> None:
    assert parse_day(" 2026-12-02 ") == DAY
    for bad in ("2026-12-32", "2026-13-01", "26-12-02", "2026/12/02", "2025-12-31", "２０２６-12-02", "", "x" * 99):
        assert parse_day(bad) is None, bad
