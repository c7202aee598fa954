"""Gecko: Debian's Firefox ESR, headless, over WebDriver BiDi (puppeteer-core): each game
boots and takes one move, and all three are kept across a reload; nothing leaves the machine."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pytest

import engines
from engine_fixtures import engine  # noqa: F401  # the fixture, launched once per module
from engine_smoke import BOOT_TIMEOUT_S, Engine, boot_and_play, guard_sees_other_hosts, reload_and_find_each_game
from records import WORDS_AND_PLACE, drawn_through
from serve import serve_in_thread

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




def show_a_hint(engine: Engine) -> dict[str, Any]:
    """In the page or frame shown (Double H ready): load deal 7 drawn through, ask for a hint, and
    say where its words stand (WORDS_AND_PLACE)."""
    driver = engine.driver
    # as another tab would write it: localStorage, then the storage event that tells this tab (its
    # Python, in a worker, keeps a copy of Kabale's keys: assets/js/page.js)
    driver.evaluate(f"(() => {{ const value = {json.dumps(drawn_through(7))}; localStorage.setItem('kabale:double-h', value);"
                    " dispatchEvent(new StorageEvent('storage', {key: 'kabale:double-h', newValue: value,"
                    " storageArea: localStorage})); })()")
    for query in ("?game=patience&seed=8", "?game=double-h"):  # as Back and Forward: the record is read again
        driver.evaluate(f"history.pushState(null, '', location.pathname + {json.dumps(query)}); "
                        "dispatchEvent(new PopStateEvent('popstate'))")
    assert engines.wait_for(driver, "document.querySelector('.double-h-table .deal-number')?.textContent === 'Deal 7'", 20)
    driver.evaluate("document.querySelector('.double-h-table [data-action=hint]').click()")
    assert engines.wait_for(driver, "document.querySelector('.hint-text')?.textContent.startsWith('Hint: ')", 30)
    near: dict[str, Any] = driver.evaluate(f"({WORDS_AND_PLACE})()")
    assert near is not None, "the hint names no place"
    return near


def test_a_hint_stands_by_its_place_on_a_desktop_and_a_tablet(engine: Engine, tmp_path: Path) -> None:
    """Issue 13, item 3, in an engine with no CSS anchor positioning (Firefox ESR 140): the words of a
    hint stand by the place they speak of, in view, not over that place, the stock or the waste, and on
    a 768x1024 tablet not over the H's last row (the fallback placed them there, over the 5s and 10s).
    The window is 1280x900; the tablet is a 768x1024 frame of a page of another port."""
    driver = engine.driver
    driver.goto(f"{engine.base_url}?game=double-h&seed=5")
    assert engines.wait_for(driver, engines.READY, BOOT_TIMEOUT_S), "Double H never became ready"
    desktop = show_a_hint(engine)
    assert desktop["inView"] and desktop["gap"] <= desktop["cardH"], f"the hint at 1280x900: {desktop}"
    assert not {desktop["at"], "draw", "waste"} & set(desktop["covered"]), f"the hint at 1280x900: {desktop}"
    if not desktop["anchors"]:
        assert desktop["side"] is not None, f"no callout where anchors are missing: {desktop}"

    (tmp_path / "host.html").write_text(
        '<!doctype html><html><head><meta charset="utf-8"><title>A tablet</title></head><body style="margin:0">'
        f'<iframe id="game" title="Kabale" src="{engine.base_url}?game=double-h&amp;seed=5" width="768" height="1024" '
        'style="border:0; display:block"></iframe></body></html>')
    host, host_url = serve_in_thread(tmp_path, 0)
    try:
        driver.goto(host_url + "host.html")
        assert engines.wait_for(driver, "document.querySelector('#game') !== null", 10)
        found = False
        for _ in range(50):  # the frame's document comes a moment after the page's load
            try:
                driver.frame("#game")
                found = True
                break
            except Exception:  # noqa: BLE001 - the driver's error while the frame is not there yet
                time.sleep(0.2)
        assert found, "the tablet's frame never came"
        assert engines.wait_for(driver, engines.READY, BOOT_TIMEOUT_S), "Double H never became ready in the frame"
        tablet = show_a_hint(engine)
        assert tablet["size"] == [768, 1024], tablet
        assert tablet["inView"] and tablet["gap"] <= tablet["cardH"], f"the hint at 768x1024: {tablet}"
        assert not {tablet["at"], "draw", "waste"} & set(tablet["covered"]), f"the hint at 768x1024: {tablet}"
        assert not tablet["lastRow"], f"the hint at 768x1024 lies over the last row: {tablet}"
        if shots := os.environ.get("KABALE_GECKO_SHOTS"):
            driver.frame(None)
            driver.screenshot(str(Path(shots) / "gecko-768x1024-hint.png"))
    finally:
        driver.frame(None)
        host.shutdown()
        host.server_close()
    assert_no_console_errors(engine)
