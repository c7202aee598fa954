"""Patience Kabalam's optional highlight of the playable cards, at the table, through the app in CPython
as in its worker (tests/unit/app_driver.py): off by default; on, it lights exactly the cards of the
engine's legal plays, and follows each move.

Why here: it is a class on the view's card buttons and a setting saved; in the browser (once
tests/e2e/test_playable_cards.py) the two tests spent 4.4 s on the page's work around Python."""

from __future__ import annotations

import json
import re


from app_driver import Kabale, Shown, opened  # noqa: F401 (opened: a fixture)
from kabale.games.kabala.rules import Move
from kabale.web.storage.saved import SavedPatience
from kabale.web.views.selection import playable_cards

#: How a screen reader names a value ("Ace of spades", "7 of hearts").
VALUE_NAMES = {1: "Ace", 11: "Jack", 12: "Queen", 13: "King"}


def patience(opened: list[Kabale], playable: bool) -> Kabale:
    """Deal 8 opened by a player whose settings say whether to light the playable cards."""
    kabale = Kabale("?game=patience&seed=8", settings={"reduced_motion": True, "playable_cards": playable})
    opened.append(kabale)
    assert kabale.view.all(tag="section", **{"aria-label": "Patience Kabalam table"}), "no patience table"
    return kabale


def saved_patience(kabale: Kabale) -> SavedPatience:
    data = kabale.stored("patience")
    assert data is not None, "no patience is saved"
    return SavedPatience.from_dict(data)


def revision(kabale: Kabale, name: str) -> int:
    raw = kabale.storage.get(f"kabale:{name}")
    return -1 if raw is None else int(json.loads(raw)["revision"])


def endowment(kabale: Kabale) -> list[Shown]:
    """The card buttons of the endowment, in the page's order (``.mine .endowment button.card``)."""
    return kabale.view.one("mine").one("endowment").all("card", tag="button")


def shown_and_engine(kabale: Kabale) -> tuple[set[int], set[int]]:
    """The places in the endowment of the lit cards, and the engine's playable cards."""
    observation = saved_patience(kabale).game.observation()
    lit = {index for index, card in enumerate(endowment(kabale)) if "playable" in card.classes}
    return lit, set(playable_cards(observation.endowment, observation.legal_moves))


def named(kabale: Kabale, pattern: str, **attributes: str) -> list[Shown]:
    """The buttons whose accessible name matches ``pattern``, as a person finds them."""
    return [node for node in kabale.view.all(tag="button", **attributes) if re.search(pattern, node.name())]


def click_move(kabale: Kabale, move: Move) -> None:
    """A move made as a person makes it (as tests/e2e/helpers.click_move): the cards of its values
    picked up by their names, then its packet; or its button."""
    def packet(number: int | None) -> Shown:  # "Packet 2, showing …"; when passing, "Flip packet 2, showing …"
        return named(kabale, rf"^(Packet|Flip packet) {number},")[0]

    if move.kind in ("bare", "double"):
        for value in move.values:
            cards = [card for card in named(kabale, rf"^{VALUE_NAMES.get(value, value)} of ")
                     if card.get("aria-pressed") == "false"]
            assert cards, f"no card of value {value} to pick up for {move}"
            kabale.click(cards[0])
        kabale.click(packet(move.packet))
    elif move.kind == "pass":
        kabale.click(packet(move.packet))
    elif move.kind == "yield":
        kabale.click(named(kabale, "^Yield$")[0])
    elif move.kind == "draw":
        kabale.click(named(kabale, "^Draw (2 cards|the last card)$")[0])
    else:
        raise AssertionError(f"cannot click {move}")


def dialog_open(kabale: Kabale) -> bool:
    states = [command[2] for command in kabale.commands if command[:2] == ["dialog", "#dialog"]]
    return bool(states) and states[-1] == "open"


def check(kabale: Kabale, label: str) -> None:
    """The dialog's checkbox of that label ticked, as the page reports the change."""
    labels = [node for node in kabale.part("#dialog-body").all(tag="label") if node.words().strip() == label]
    assert len(labels) == 1, [node.words() for node in kabale.part("#dialog-body").all(tag="label")]
    box = labels[0].one(tag="input", type="checkbox")
    assert "checked" not in box.attributes
    kabale.send({"type": "change", "within": "dialog",
                 "path": [{"tag": "INPUT", "attributes": dict(box.attributes), "checked": True}]})


def close_dialog(kabale: Kabale) -> None:
    """Its Close button pressed: the click (no action of Python's), then the dialog's close event."""
    close = {"id": "dialog-close", "class": "button", "type": "submit"}
    kabale.send({"type": "click", "within": "dialog", "path": [{"tag": "BUTTON", "attributes": close}]})
    kabale.send({"type": "dialog-closed"})


def test_the_lit_cards_are_the_engines_playable_cards(opened: list[Kabale]) -> None:
    """On, the lit cards are the engine's playable ones, move after move (some lit, some not)."""
    kabale = patience(opened, True)
    seen_lit = seen_unlit = 0
    for _ in range(6):
        game = saved_patience(kabale).game
        if game.is_over():
            break
        shown, engine = shown_and_engine(kabale)
        assert shown == engine
        seen_lit += bool(shown)
        seen_unlit += len(shown) < len(game.observation().endowment)
        plays = [move for move in game.legal_moves() if move.is_play]
        before = revision(kabale, "patience")
        click_move(kabale, plays[0] if plays else game.legal_moves()[0])
        assert revision(kabale, "patience") > before  # the move is saved
        assert endowment(kabale)
    assert seen_lit and seen_unlit


def test_off_by_default_nothing_is_lit(opened: list[Kabale]) -> None:
    """Off, nothing is lit though cards can be played; ticked in the settings, the playable light up."""
    kabale = patience(opened, False)
    shown, engine = shown_and_engine(kabale)
    assert engine and shown == set()
    kabale.send({"type": "click", "within": "toolbar",
                 "path": [{"tag": "BUTTON", "attributes": {"type": "button", "data-action": "settings"}}]})
    assert dialog_open(kabale)
    check(kabale, "Patience Kabalam: light the cards you can play")
    close_dialog(kabale)
    assert len([card for card in endowment(kabale) if "playable" in card.classes]) == len(engine)
    assert shown_and_engine(kabale)[0] == engine
    assert kabale.stored("settings")["playable_cards"] is True  # and kept
