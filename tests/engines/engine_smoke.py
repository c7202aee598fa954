"""What the smoke suites of Gecko and WebKit do: boot each game at a seed, play one legal
move (the engine's own rules find it in CPython; it is clicked as a person does), reload
and find every game kept; and check that nothing left the machine.

The drivers, the request guard and the clicks are bench/engines.py's, shared with the
benchmark of every engine. (A module of its own, not conftest: several conftest modules
share that name in one run.)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import engines

#: How long a page may take to boot Python (cold, in CI, on 2 busy cores; WebKit is the slowest).
BOOT_TIMEOUT_S = 120.0
#: The path of the guard's probes (one to a host that never resolves, one to localhost).
GUARD_PATH = "/kabale-guard-probe"


@dataclass
class Engine:
    """A browser of one engine, the site it is served, and what left the machine."""

    driver: Any
    base_url: str
    proxy: engines.RecordingProxy
    #: each game's move and the table it left, in the order played
    played: dict[str, tuple[Any, str]] = field(default_factory=dict)

    def foreign(self) -> list[str]:
        """Requests for another host: those the page made (Gecko: all its documents so far;
        WebKit: the current one, by resource timing) but the guard's own probe, and all
        that reached the proxy."""
        made = [url for url in engines.foreign(self.driver.requests()) if GUARD_PATH not in url]
        return made + list(self.proxy.hosts)


def boot_and_play(engine: Engine, game: engines.Game) -> None:
    """Open the game at its seed, play one legal move: it is shown and saved."""
    driver = engine.driver
    driver.goto(f"{engine.base_url}?game={game.key}&seed={game.seed}")
    assert engines.wait_for(driver, engines.READY, BOOT_TIMEOUT_S), f"{game.key} never became ready"
    move, before, after = engines.play(driver, game, 30)
    assert after != before, f"the table did not change after {move}"
    record = engines.stored(driver, game.key)
    assert record is not None, f"{game.key} was not saved"
    assert game.first_move(record) == move
    engine.played[game.key] = (move, after)
    assert not engine.foreign(), f"the page asked for another host: {engine.foreign()}"


def reload_and_find_each_game(engine: Engine) -> None:
    """Reload the last game's page: it is shown as it was left; then each other game, chosen
    on the page (one boot for all three, not one each), is back as it was left too."""
    assert [game.key for game in engines.GAMES if game.key in engine.played] == [g.key for g in engines.GAMES], \
        f"not every game was played: {sorted(engine.played)}"
    driver = engine.driver
    driver.reload()
    assert engines.wait_for(driver, engines.READY, BOOT_TIMEOUT_S), "never became ready after a reload"
    for game in reversed(engines.GAMES):
        move, after = engine.played[game.key]
        if game is not engines.GAMES[-1]:  # "All games", then the game
            driver.click("button[data-action=lobby]")
            assert engines.wait_for(driver, "!document.getElementById('lobby').hidden", 30), "no list of games"
            driver.click(f"#lobby button[data-game=\"{game.key}\"]")
        assert engines.wait_for(driver, engines.table_shown(game), 30), f"the {game.region} is not back"
        assert engines.settled(driver) == after, f"the {game.region} is not the one left"
        record = engines.stored(driver, game.key)
        assert record is not None and game.first_move(record) == move
    assert not engine.foreign(), f"the page asked for another host: {engine.foreign()}"


def guard_sees_other_hosts(engine: Engine) -> None:
    """The guard can fail: requests to another host, and to this machine by another name
    than 127.0.0.1, made on a page without the site's policy, reach the recording proxy
    (and are then forgotten)."""
    driver = engine.driver
    driver.goto(engine.base_url + "no-such-page")
    port = urlsplit(engine.base_url).port
    for host in ("kabale-guard.invalid", f"localhost:{port}"):
        driver.evaluate(f"fetch('http://{host}{GUARD_PATH}', {{mode: 'no-cors'}}).then(() => 1, () => 0)")
        seen = [line for line in engine.proxy.hosts if GUARD_PATH in line and host.split(":")[0] in line]
        assert seen, f"the proxy did not see the request to {host} (it saw {engine.proxy.hosts})"
        for line in seen:
            engine.proxy.hosts.remove(line)
