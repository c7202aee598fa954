"""Issue 2 in CPython: an address with a value the app cannot use (a deal number that is none, a
game it does not have, a deal of no game) says so plainly, and the game opens all the same on a fresh
deal or the lobby stays, run through the whole app as in its worker (tests/unit/app_driver.py).
The browser keeps what needs a page: the boots themselves, and the notice's markup staying text
(tests/e2e/test_boot.py)."""

from __future__ import annotations

import re

import pytest

from app_driver import Kabale, opened  # noqa: F401 (opened: a fixture)


@pytest.mark.parametrize(
    "query, message",
    [
        ("?game=patience&seed=-3", "“-3” is not a deal number"),
        ("?game=patience&seed=abc", "“abc” is not a deal number"),
        ("?game=double-h&seed=1.5", "“1.5” is not a deal number"),
        ("?game=double-h&seed=99999999999999999999", "is not a deal number"),
        ("?game=chess&seed=1", "There is no game called “chess” here"),
        ("?seed=12", "Deal 12 of which game?"),
    ],
)
def test_a_bad_url_value_shows_a_clear_message(opened: list[Kabale], query: str, message: str) -> None:
    """The notice (the page's alert, #notice) says what is wrong; a game named opens on a fresh
    deal, its address rewritten to that deal; else the lobby stays, every game in it to choose."""
    kabale = Kabale(query)
    opened.append(kabale)
    assert message in kabale.part("#notice").words()
    assert kabale.said[("#notice", "hidden")] is False and kabale.said[("#notice", "className")] == "notice error"
    if "game=" in query and "chess" not in query:  # the game opens all the same, on a fresh deal
        assert kabale.part("#toolbar").one(tag="button", data_action="lobby").name() == "All games"
        assert kabale.said[("#lobby", "hidden")] is True
        game = re.search(r"game=([\w-]+)", query).group(1)  # type: ignore[union-attr]
        assert kabale.view.all(tag="section", aria_label={"patience": "Patience Kabalam table",
                                                          "double-h": "Double H table"}[game])
        assert kabale.address is not None and re.search(r"seed=\d+$", kabale.address), kabale.address
        assert kabale.address.endswith(f"seed={kabale.stored(game)['game']['seed']}")  # the deal on the table
    else:  # the lobby stays usable
        assert kabale.said[("#lobby", "hidden")] is False
        assert kabale.said[('button[data-game="double-h"]', "textContent")] == "Double H"
        assert not [command for command in kabale.commands if "disabled" in command
                    and 'button[data-game="double-h"]' in command]
