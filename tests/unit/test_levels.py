"""Issue 16, item 3: the set-up says how strong each level is, from the measured ladder,
and a new table seats the person against normal computers."""

from __future__ import annotations

import re

import pytest

from kabale.bots.ladder import LADDER, Ladder
from kabale.web.text.i18n import LANGUAGES, translate
from kabale.web.text.levels_text import level_lines, percent
from kabale.web.storage.saved import TablePlan


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_level_is_described_with_the_measured_figures(language: str) -> None:
    def t(key: str, **values: object) -> str:
        return translate(language, key, **values)

    lines = level_lines(t, language)
    assert [name for name, _ in lines] == [t("level.easy"), t("level.normal"), t("level.hard"), t("level.expert")]
    easy, normal, hard, expert = (text for _, text in lines)
    assert percent(LADDER.normal_beats_easy, language) in easy and percent(LADDER.normal_beats_easy, language) in normal
    assert percent(LADDER.hard_beats_normal, language) in hard and percent(LADDER.hard_beats_cheater, language) in hard
    assert percent(LADDER.expert_beats_hard, language) in expert and percent(LADDER.expert_beats_cheater, language) in expert
    for text in (easy, normal, hard, expert):
        assert "{" not in text and "setup." not in text


def test_the_words_follow_the_figures_not_the_other_way_round() -> None:
    """A new ladder run changes one constant; the words change with it."""
    other = Ladder(matches=10, playouts=1, normal_beats_easy=0.5, hard_beats_normal=0.6,
                   hard_beats_normal_interval=(0.5, 0.7), hard_beats_cheater=0.25,
                   expert_beats_hard=0.55, expert_beats_hard_matches=20, expert_beats_cheater=0.3,
                   expert_beats_cheater_matches=30)
    hard = level_lines(lambda key, **v: translate("en", key, **v), "en", other)[2][1]
    assert "60.0%" in hard and "25.0%" in hard and "98.5" not in hard


def test_a_figure_is_never_rounded_up() -> None:
    assert percent(0.9855, "en") == "98.5%" and percent(0.9999, "en") == "99.9%" and percent(1.0, "en") == "100.0%"
    assert re.fullmatch(r"\d+,\d %", percent(0.141, "da"))


def test_the_measured_figures_are_the_ladders() -> None:
    """The closing note of issue 8 (bench/bots.py, 1,100 two-player matches a pair, 1,000 playouts)."""
    assert (LADDER.matches, LADDER.playouts) == (1100, 1000)
    low, high = LADDER.hard_beats_normal_interval
    assert low < LADDER.hard_beats_normal < high
    assert 0.5 < LADDER.normal_beats_easy < LADDER.hard_beats_normal and LADDER.hard_beats_cheater < 0.5
    # the expert's (kabale.bots.expert's docstring, bench/bots.py of 30 November 2026): 78 of 120 against
    # hard, 31 of 160 against the cheater
    assert round(LADDER.expert_beats_hard * LADDER.expert_beats_hard_matches) == 78
    assert round(LADDER.expert_beats_cheater * LADDER.expert_beats_cheater_matches) == 31
    assert LADDER.hard_beats_cheater < LADDER.expert_beats_cheater < 0.5 < LADDER.expert_beats_hard


def test_a_new_table_is_the_person_against_normal_computers() -> None:
    for count in (2, 3, 4):
        kinds = [plan.kind for plan in TablePlan.default(count).seats]
        assert kinds == ["you"] + ["normal"] * (count - 1)
