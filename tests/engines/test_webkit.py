"""WebKit: WebKitGTK's MiniBrowser under Xvfb, through WebKitWebDriver (selenium): each game
boots and takes one move, and all three are kept across a reload; nothing leaves the machine."""

from __future__ import annotations

import pytest

import engines
from engine_fixtures import engine  # noqa: F401  # the fixture, launched once per module
from engine_smoke import Engine, boot_and_play, guard_sees_other_hosts, reload_and_find_each_game

pytestmark = pytest.mark.engines

ENGINE = "webkit"


def test_the_guard_sees_a_request_to_another_host(engine: Engine) -> None:
    guard_sees_other_hosts(engine)


@pytest.mark.parametrize("game", engines.GAMES, ids=lambda game: game.key)
def test_each_game_boots_and_takes_a_move(engine: Engine, game: engines.Game) -> None:
    boot_and_play(engine, game)


def test_the_games_are_kept_across_a_reload(engine: Engine) -> None:
    reload_and_find_each_game(engine)


#: A button on the page under a veil (a card on its way, as it were); the veil goes after
#: ``ms`` milliseconds, or stays (ms < 0). The button counts its clicks.
VEILED = """(() => {{
  for (const old of document.querySelectorAll('#probe, #veil')) old.remove();
  const probe = document.createElement('button');
  probe.id = 'probe';
  probe.textContent = 'probe';
  probe.style.cssText = 'position: fixed; left: 10px; top: 10px; width: 80px; height: 40px; z-index: 9998';
  probe.dataset.clicks = '0';
  probe.onclick = () => {{ probe.dataset.clicks = String(Number(probe.dataset.clicks) + 1); }};
  const veil = document.createElement('div');
  veil.id = 'veil';
  veil.textContent = 'a card on its way';
  veil.style.cssText = 'position: fixed; left: 0; top: 0; width: 200px; height: 100px; z-index: 9999';
  document.body.append(probe, veil);
  if ({ms} >= 0) setTimeout(() => veil.remove(), {ms});
  return true;
}})()"""


def test_a_click_waits_out_what_covers_its_target_for_a_moment_and_names_what_stays(engine: Engine) -> None:
    """WebDriver refuses a click on a covered element at once; a player waits for the card to
    land. The driver's click waits (as Playwright's does), and fails naming a cover that stays."""
    driver = engine.driver
    assert driver.evaluate(VEILED.format(ms=700))
    driver.click("#probe")
    assert driver.evaluate("document.querySelector('#probe').dataset.clicks") == "1"
    assert driver.evaluate(VEILED.format(ms=-1))
    with pytest.raises(engines.EngineError, match='stays covered by <div id="veil".*"a card on its way"'):
        driver.click("#probe", timeout=1.0)  # type: ignore[call-arg]  # WebKit's click takes a timeout
    assert driver.evaluate("document.querySelector('#probe').dataset.clicks") == "0"
