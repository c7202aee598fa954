"""Gecko: Debian's Firefox ESR, headless, over WebDriver BiDi (puppeteer-core): each game
boots and takes one move, and all three are kept across a reload; nothing leaves the machine."""

from __future__ import annotations

import pytest

import engines
from engine_fixtures import engine  # noqa: F401  # the fixture, launched once per module
from engine_smoke import Engine, boot_and_play, guard_sees_other_hosts, reload_and_find_each_game

pytestmark = pytest.mark.engines

ENGINE = "gecko"


def test_the_guard_sees_a_request_to_another_host(engine: Engine) -> None:
    guard_sees_other_hosts(engine)


@pytest.mark.parametrize("game", engines.GAMES, ids=lambda game: game.key)
def test_each_game_boots_and_takes_a_move(engine: Engine, game: engines.Game) -> None:
    boot_and_play(engine, game)
    assert_no_console_errors(engine)


def test_the_games_are_kept_across_a_reload(engine: Engine) -> None:
    reload_and_find_each_game(engine)
    assert_no_console_errors(engine)


def assert_no_console_errors(engine: Engine) -> None:
    errors = [m for m in engine.driver.console() if m["type"] in ("error", "uncaught")]
    assert not errors, f"console errors: {errors}"
