"""The player's settings: every field read on its own, bad ones fall back, the think time a choice."""

from __future__ import annotations

import pytest

from kabale.web.storage.settings import CARD_BACKS, THEMES, THINK_TIMES, Settings


def test_the_hard_computer_thinks_150_ms_a_move_by_default() -> None:
    assert Settings().think_ms == 150


@pytest.mark.parametrize("name", list(THINK_TIMES))
def test_each_think_time_is_kept_through_storage(name: str) -> None:
    settings = Settings.from_dict(Settings(think_time=name).to_dict())
    assert settings.think_time == name and settings.think_ms == THINK_TIMES[name]


@pytest.mark.parametrize("bad", ["forever", 150, None, ["long"], "LONG"])
def test_a_bad_think_time_falls_back_and_keeps_the_other_fields(bad: object) -> None:
    settings = Settings.from_dict({"think_time": bad, "bot_speed": "slow", "memory_aid": True})
    assert settings.think_time == "normal" and settings.bot_speed == "slow" and settings.memory_aid


def test_a_bad_bot_speed_falls_back() -> None:
    assert Settings.from_dict({"bot_speed": "warp"}).bot_delay_ms == Settings().bot_delay_ms


def test_settings_are_a_json_object() -> None:
    with pytest.raises(ValueError):
        Settings.from_dict(["en"])


@pytest.mark.parametrize("name", CARD_BACKS)
def test_each_card_back_is_kept_through_storage(name: str) -> None:
    assert Settings.from_dict(Settings(card_back=name).to_dict()).card_back == name


def test_settings_saved_before_card_backs_existed_still_load_with_the_red_back() -> None:
    older = {"language": "da", "reduced_motion": True, "bot_speed": "fast", "think_time": "long", "memory_aid": True,
             "still_winnable": False, "auto_safe_moves": True, "winnable_only": False}
    settings = Settings.from_dict(older)
    assert settings.card_back == "red"
    assert {key: value for key, value in settings.to_dict().items() if key in older} == older


@pytest.mark.parametrize("bad", ["purple", 1, None, ["blue"], "BLUE"])
def test_a_bad_card_back_falls_back_and_keeps_the_other_fields(bad: object) -> None:
    settings = Settings.from_dict({"card_back": bad, "language": "it"})
    assert settings.card_back == "red" and settings.language == "it"


@pytest.mark.parametrize("name", THEMES)
def test_each_theme_is_kept_through_storage(name: str) -> None:
    assert Settings.from_dict(Settings(theme=name).to_dict()).theme == name


@pytest.mark.parametrize("bad", ["sepia", None, True, "Light"])
def test_a_bad_theme_follows_the_system_and_keeps_the_other_fields(bad: object) -> None:
    settings = Settings.from_dict({"theme": bad, "card_back": "blue"})
    assert settings.theme == "auto" and settings.card_back == "blue"
