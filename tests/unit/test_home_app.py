"""The home (issue 31) through the whole app in CPython, as in its worker (tests/unit/app_driver.py):
a tile's Continue opens its saved game in one click and All games comes back to the home; the
daily deal is the same for two players on a day and another the next, by the clock the page
passes to Python. The browser keeps what needs a page (tests/e2e/test_home.py): axe, the keyboard's
tab stops, a click through the page, and that the page's clock reaches Python."""

from __future__ import annotations

import datetime
from typing import Any


from app_driver import Kabale, Shown, record, opened  # noqa: F401 (opened: a fixture)
from kabale.daily import daily_candidate
from kabale.games.double_h.rules import DoubleH
from kabale.games.kabalam.match import Match
from kabale.games.patience.rules import Patience
from kabale.web.storage.saved import SavedDoubleH, SavedMatch, SavedPatience, TablePlan

#: Noon (UTC) on 2 December 2026, as the page's clock says it.
NOON = datetime.datetime(2026, 12, 2, 12, tzinfo=datetime.timezone.utc)
DAY_MS = 86_400_000

#: Each game's table by its name for a screen reader (a region).
TABLES = {"kabalam": "KABALAM table", "patience": "Patience Kabalam table", "double-h": "Double H table"}


def at_home(opened: list[Kabale], day: datetime.datetime = NOON, storage: dict[str, str] | None = None) -> Kabale:
    """The app started on the home on ``day`` (the clock page.js passes in its boot message)."""
    kabale = Kabale("", storage=storage, now_ms=day.timestamp() * 1000)
    opened.append(kabale)
    return kabale


def tile(kabale: Kabale, game: str) -> Shown:
    return kabale.part(f"#more-{game}", "div", **{"class": "tile-slot"})


def continue_in(kabale: Kabale, game: str) -> Shown:
    """A tile's Continue: the one button that names a deal (data-seed)."""
    found = [button for button in tile(kabale, game).all(tag="button") if "data-seed" in button.attributes]
    assert len(found) == 1, [button.name() for button in found]
    return found[0]


def played(game: Any, moves: int) -> Any:
    for _ in range(moves):
        game.apply(game.legal_moves()[0])
    return game


def saved_games() -> dict[str, str]:
    """A game of each kind in progress, each last played yesterday."""
    match = Match.start(3, seats=2)
    played(match, 6)
    at = NOON.timestamp() * 1000 - DAY_MS
    return {
        "kabale:patience": record("patience", SavedPatience(played(Patience.deal(21), 3)).to_dict(), at=at),
        "kabale:double-h": record("double-h", SavedDoubleH(played(DoubleH.deal(12), 5)).to_dict(), at=at),
        "kabale:kabalam": record("kabalam", SavedMatch(TablePlan.default(2), match).to_dict(), at=at),
    }


def test_each_tile_continues_its_saved_game_in_one_click(opened: list[Kabale]) -> None:
    """Each tile names its game in progress and when it was played; one click opens it at its
    table, the address its deal's; All games comes back to the home and its tiles."""
    kabale = at_home(opened, storage=saved_games())
    continues = {"kabalam": "Continue · yesterday (KABALAM)",
                 "patience": "Continue: deal 21 · yesterday (Patience Kabalam)",
                 "double-h": "Continue: deal 12, round 1 · yesterday (Double H)"}
    for game, name in continues.items():
        assert continue_in(kabale, game).name() == name
    for game in continues:  # (KABALAM's computer plays on once its table is open: then "today")
        kabale.click(continue_in(kabale, game), within="lobby")
        assert "table" in kabale.view.classes and kabale.view.get("aria-label") == TABLES[game]
        assert kabale.said[("#lobby", "hidden")] is True
        assert kabale.address is not None and kabale.address.startswith(f"/?game={game}&seed="), kabale.address
        kabale.click(kabale.part("#toolbar", "div").one(tag="button", data_action="lobby"), within="toolbar")
        assert kabale.said[("#lobby", "hidden")] is False
        assert continue_in(kabale, "double-h").get("data-seed") == "12"


def daily_seed_in(opened: list[Kabale], day: datetime.datetime) -> int:
    """A fresh app on ``day`` opens the home's daily deal of Patience Kabalam: its deal."""
    kabale = at_home(opened, day)
    daily = [button for button in tile(kabale, "patience").all(tag="button")
             if button.name() == f"Daily deal · {day.day} Dec 2026 (Patience Kabalam)"]
    assert len(daily) == 1, [button.name() for button in tile(kabale, "patience").all(tag="button")]
    kabale.click(daily[0], within="lobby")
    assert kabale.address == f"/?game=patience&daily={day.date().isoformat()}"
    saved = kabale.stored("patience")
    assert saved is not None and saved["daily"] == day.date().isoformat()
    return int(saved["game"]["seed"])


def test_the_daily_deal_is_the_same_in_two_fresh_apps_on_a_day_and_another_the_next(opened: list[Kabale]) -> None:
    """Two players (nothing kept, each their own app) on one day get the same daily deal, the day's
    first candidate; on the next day, another."""
    first, second = daily_seed_in(opened, NOON), daily_seed_in(opened, NOON)
    assert first == second == daily_candidate("patience", NOON.date(), 0)
    assert daily_seed_in(opened, NOON + datetime.timedelta(days=1)) != first
