""""You finished 2nd of 4" at the end of a hand or a match: points are bad, equal points share a place."""

from __future__ import annotations

import pytest

from kabale.web.text.i18n import LANGUAGES, translate
from kabale.web.text.messages import placing, placing_text


def test_the_fewest_points_finish_first() -> None:
    points = {"S": 40, "W": 12, "N": 90, "E": 55}
    assert [placing(points, seat) for seat in ("W", "S", "E", "N")] == [(1, 4), (2, 4), (3, 4), (4, 4)]


def test_equal_points_share_a_place_and_the_next_place_is_skipped() -> None:
    points = {"S": 20, "W": 10, "N": 20, "E": 30}
    assert placing(points, "S") == placing(points, "N") == (2, 4)
    assert placing(points, "E") == (4, 4)


def test_two_players() -> None:
    assert placing({"S": 0, "W": 7}, "S") == (1, 2)
    assert placing({"S": 8, "W": 7}, "S") == (2, 2)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_place_is_said_in_every_language(language: str) -> None:
    def t(key: str, **values: object) -> str:
        return translate(language, key, **values)

    said = {placing_text({"S": points, "W": 1, "N": 2, "E": 3}, "S", t) for points in (0, 2, 3, 4)}
    assert len(said) == 4  # 1st, 2nd, 3rd, 4th (a tie shares its place): four sentences
    assert all("4" in sentence and "{" not in sentence for sentence in said)


def test_english_reads_as_the_issue_asks() -> None:
    def t(key: str, **values: object) -> str:
        return translate("en", key, **values)

    assert placing_text({"S": 30, "W": 10, "N": 50, "E": 60}, "S", t) == "You finished 2nd of 4."
