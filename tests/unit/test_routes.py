"""The URL's rules (kabale.web.routes): every value checked, a message for every bad one."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from kabale.web.text.i18n import STRINGS
from kabale.web.routes import GAMES, MAX_SEED, Route, parse_query, parse_seed, query_for


@pytest.mark.parametrize("game", GAMES)
def test_a_game_and_seed_open_that_deal(game: str) -> None:
    assert parse_query(f"?game={game}&seed=12") == Route(game=game, seed=12)


def test_no_query_is_the_lobby() -> None:
    assert parse_query("") == Route()


def test_a_game_without_a_seed_asks_for_a_fresh_deal() -> None:
    assert parse_query("?game=double-h") == Route(game="double-h", seed=None)


@pytest.mark.parametrize("seed", ["-1", "abc", "1.5", "", " ", "1e3", "0x10", "١٢", str(MAX_SEED + 1), "9" * 40])
def test_a_bad_seed_is_reported_and_the_game_still_opens(seed: str) -> None:
    route = parse_query(f"game=patience&seed={seed}")
    assert route.game == "patience" and route.seed is None
    assert [p.key for p in route.problems] == ["url.bad_seed"]


def test_an_unknown_game_is_reported() -> None:
    route = parse_query("?game=poker&seed=3")
    assert route.game is None
    assert [p.key for p in route.problems] == ["url.unknown_game"]
    assert route.problems[0].value == "poker"


def test_a_seed_without_a_game_is_reported() -> None:
    route = parse_query("?seed=3")
    assert (route.game, route.seed) == (None, None)
    assert [p.key for p in route.problems] == ["url.seed_without_game"]


def test_long_values_are_cut_short_in_messages() -> None:
    route = parse_query("?game=" + "x" * 500)
    assert len(route.problems[0].value) <= 40


def test_every_problem_has_a_message() -> None:
    for key in ("url.unknown_game", "url.bad_seed", "url.seed_without_game"):
        assert "{value}" in STRINGS["en"][key]


@given(st.integers(min_value=0, max_value=MAX_SEED), st.sampled_from(GAMES))
def test_query_for_round_trips(seed: int, game: str) -> None:
    assert parse_query(query_for(game, seed)) == Route(game=game, seed=seed)


@given(st.text(max_size=60))
def test_any_text_is_a_seed_or_none_never_an_error(text: str) -> None:
    seed = parse_seed(text)
    assert seed is None or 0 <= seed <= MAX_SEED


@given(st.dictionaries(st.sampled_from(["game", "seed", "x", "é"]), st.text(max_size=20), max_size=4))
def test_query_fields_read_what_urlencode_wrote(fields: dict[str, str]) -> None:
    from urllib.parse import urlencode

    from kabale.web.routes import query_fields

    assert query_fields("?" + urlencode(fields)) == {name: [value] for name, value in fields.items()}
