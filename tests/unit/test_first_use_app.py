"""What a new player hit on a first visit, through the app in CPython as in its worker
(tests/unit/app_driver.py): a link to another deal (issue 13, item 7), New deal or Restart in the
middle of a patience (issue 28, item 9).

Why here: they are the words and the records the app gives back to a few inputs; in the browser they
spent 3-4 s each on the page's work around Python. The browser keeps what needs a page
(tests/e2e/test_first_use.py: one click on Start straight from the deal number's field, the rules'
focus and scroll; tests/e2e/test_leave_unfinished.py: the question's axe, Escape)."""

from __future__ import annotations

from app_driver import Kabale, opened  # noqa: F401 (opened: a fixture)
from test_playable_app import click_move, saved_patience  # a move made as a person makes it


def test_a_link_to_another_deal_opens_it_when_the_saved_one_has_no_move(opened: list[Kabale]) -> None:
    """Deal 8 opened and left with no move, then a link to deal 9 (the page started again on its
    address, with what the first one stored): deal 9 opens, no "Continue deal 8" asked."""
    first = Kabale("?game=patience&seed=8")
    opened.append(first)
    assert first.view.all(tag="section", **{"aria-label": "Patience Kabalam table"})
    assert first.stored("patience") is not None  # deal 8 is saved
    second = Kabale("?game=patience&seed=9", storage=dict(first.storage))
    opened.append(second)
    assert second.view.all(tag="section", **{"aria-label": "Patience Kabalam table"})
    assert [node for node in second.view.all(tag="button") if node.name() == "Continue deal 8"] == []
    assert second.view.one("deal-number").words() == "Deal 9"


# -- New deal or Restart in the middle of a patience (issue 28, item 9) ---------------------------------


def played(kabale: Kabale) -> int:
    """The patience's games counted as played (its statistics' record)."""
    record = kabale.stored("stats:patience")
    return 0 if record is None else int(record["played"])


def dialogs(kabale: Kabale) -> list[str]:
    """What Python did to the modal dialog, in order ("open", "close")."""
    return [command[2] for command in kabale.commands if command[:2] == ["dialog", "#dialog"]]


def closed_by_the_page(kabale: Kabale) -> None:
    """The dialog closed by the page itself (its Close button, a form's submit, or Escape): the page
    says so; Python's part is only to know it."""
    kabale.send({"type": "dialog-closed"})


def undo_enabled(kabale: Kabale) -> bool:
    return "disabled" not in kabale.view.one(tag="button", **{"data-action": "undo"}).attributes


def test_leaving_a_game_in_play_asks_and_counts_it_lost(opened: list[Kabale]) -> None:
    """A deal not begun is left with no question; after a move, New deal and Restart ask first and say
    it counts as a loss; declined (Keep playing, Escape), nothing changes; confirmed, the deal starts
    again and Played counts it. The dialog's axe and Escape in a browser: tests/e2e/test_leave_unfinished.py."""
    kabale = Kabale("?game=patience&seed=42")
    opened.append(kabale)
    # a deal not begun is left without a question: nothing is lost, nothing counted
    kabale.click("restart")
    assert dialogs(kabale) == []
    seed = saved_patience(kabale).game.seed
    assert seed == 42 and played(kabale) == 0

    game = saved_patience(kabale).game
    click_move(kabale, game.legal_moves()[0])
    assert undo_enabled(kabale)
    before = saved_patience(kabale).game.moves
    assert before
    kabale.click("new-deal")
    assert dialogs(kabale) == ["open"]
    assert kabale.part("#dialog-body").one(tag="h2").words() == "Start a new deal?"
    assert "counts as a loss" in kabale.part("#dialog-body").words()
    assert kabale.said[("#dialog-close", "textContent")] == "Keep playing"
    closed_by_the_page(kabale)  # "Keep playing"
    kept = saved_patience(kabale).game
    assert kept.seed == seed and kept.moves == before and played(kabale) == 0

    kabale.click("restart")
    assert dialogs(kabale) == ["open", "open"]
    assert kabale.part("#dialog-body").one(tag="h2").words() == "Restart this deal?"
    closed_by_the_page(kabale)  # Escape, as "Keep playing"
    assert saved_patience(kabale).game.moves == before and played(kabale) == 0

    kabale.click("restart")
    confirm = kabale.part("#dialog-body").all(tag="button", **{"data-action": "confirm"})
    assert [node.words() for node in confirm] == ["Restart, count a loss"]
    kabale.send({"type": "click", "within": "dialog", "path": confirm[0].path()})
    assert dialogs(kabale)[-1] == "close"
    assert not undo_enabled(kabale)
    restarted = saved_patience(kabale).game
    assert restarted.seed == seed and restarted.moves == () and played(kabale) == 1
    assert "Played 1, won 0" in kabale.view.one("stats").words()
