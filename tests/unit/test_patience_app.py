"""Patience Kabalam at the table, played through the app in CPython as in its worker
(tests/unit/app_driver.py): the deal shown, games won and lost, undo and redo, a reload's restart
from what was saved, and the Hint (its words, its marks, a player following them alone). The
browser's tests of the table (tests/e2e/test_patience_table.py) keep what needs a page: axe, the
hint inside the viewport, a move saved in the task that shows it (a real reload, a closed tab)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from app_driver import Kabale, Shown, opened  # noqa: F401 (opened: a fixture)
from kabale.cards import cards_from_text
from kabale.games.kabala.rules import Move
from kabale.games.patience.rules import Patience
from kabale.games.patience.solver_honest import honest_hint
from kabale.web.storage.saved import SavedPatience

#: How a screen reader names a value ("Ace of spades", "7 of hearts").
VALUE_NAMES = {1: "Ace", 11: "Jack", 12: "Queen", 13: "King"}

#: A deal whose game, following the Hint, ends in a few moves (the whole-game Hint test).
SHORT_DEAL = 1

#: What the Hint's bubble is called for a screen reader (role status).
HINT_NAME = "Hint, from what you have seen only"


def deal(opened: list[Kabale], seed: int, **storage: str) -> Kabale:
    """The deal opened at its table (with ``storage``'s records, as a reload finds them)."""
    kabale = Kabale(f"?game=patience&seed={seed}", storage=storage or None)
    opened.append(kabale)
    assert kabale.view.all(tag="section", aria_label="Patience Kabalam table"), "no Patience Kabalam table"
    return kabale


def saved(kabale: Kabale) -> SavedPatience:
    data = kabale.stored("patience")
    assert data is not None, "no patience is saved"
    return SavedPatience.from_dict(data)


def greedy(game: Patience) -> Move:
    """The most cards at once, else what the rules leave (draw, or a pass-flip of the first packet)."""
    legal = game.legal_moves()
    plays = [move for move in legal if move.is_play]
    return max(plays, key=lambda move: (move.count, -(move.packet or 0))) if plays else legal[0]


def engine_result(seed: int) -> Any:
    game = Patience.deal(seed)
    while not game.is_over():
        game.apply(greedy(game))
    return game.result()


def named(within: Shown, pattern: str, tag: str = "button") -> list[Shown]:
    """The elements whose accessible name matches ``pattern``, as a person finds them."""
    return [node for node in within.all(tag=tag) if re.search(pattern, node.name())]


def hand(kabale: Kabale) -> Shown:
    return kabale.view.one(role="toolbar", aria_label="Your cards")


def button(kabale: Kabale, name: str) -> Shown:
    found = named(kabale.view, f"^{re.escape(name)}$")
    assert len(found) == 1, (name, [node.name() for node in found])
    return found[0]


def packet(kabale: Kabale, number: int | None) -> Shown:
    """A packet's button: "Packet 2, showing 7 of clubs, 2 cards"; when passing, "Flip packet 2, …"."""
    found = named(kabale.view, rf"^(Packet|Flip packet) {number},")
    assert len(found) == 1, (number, [node.name() for node in found])
    return found[0]


def play(kabale: Kabale, move: Move) -> None:
    """A move made as a person makes it, each button found by its name: cards of its values picked
    up ("4 of spades", not yet pressed), then its packet; or the Draw button."""
    if move.kind in ("bare", "double"):
        for value in move.values:
            cards = [card for card in named(hand(kabale), rf"^{VALUE_NAMES.get(value, value)} of ")
                     if card.get("aria-pressed") == "false"]
            assert cards, f"no card of value {value} to pick up for {move}"
            kabale.click(cards[0])
        kabale.click(packet(kabale, move.packet))
    elif move.kind == "pass":
        kabale.click(packet(kabale, move.packet))
    elif move.kind == "draw":
        draws = named(kabale.view, r"^Draw (2 cards|the last card)$")
        assert len(draws) == 1, f"no Draw button for {move}"
        kabale.click(draws[0])
    else:
        raise AssertionError(f"cannot click {move}")


def play_greedily_to_the_end(kabale: Kabale, limit: int = 80) -> Patience:
    for _ in range(limit):
        game = saved(kabale).game
        if game.is_over():
            return game
        before = len(game.moves)
        play(kabale, greedy(game))
        assert len(saved(kabale).game.moves) > before, "the move was not saved"  # (a draw may follow it by itself)
    raise AssertionError("the patience did not end")


def shown_cards(kabale: Kabale, within: str) -> list[str]:
    """The data-card of each card shown in ``within`` (``mine``: the endowment's buttons; ``kabala``:
    the packets' tops), in order."""
    found = kabale.view.one(within).walk()
    if within == "mine":
        return [node.attributes["data-card"] for node in found if node.tag == "button" and "data-card" in node.attributes]
    return [node.attributes["data-card"] for node in found if {"card", "top"} <= node.classes]


def pressed(kabale: Kabale) -> list[Shown]:
    return hand(kabale).all(tag="button", aria_pressed="true")


def hint_words(kabale: Kabale) -> str:
    return kabale.view.one(role="status", aria_label=HINT_NAME).words()


def enabled(node: Shown) -> bool:
    return "disabled" not in node.attributes


def test_the_deal_on_the_table_is_the_engines_deal(opened: list[Kabale]) -> None:
    kabale = deal(opened, 4242)
    expected = Patience.deal(4242)
    assert sorted(shown_cards(kabale, "mine")) == sorted(str(card) for card in expected.endowment)
    assert shown_cards(kabale, "kabala") == [str(card) for card in expected.face_up]
    assert kabale.view.one("draw-pile").words() == "Draw pile: 18"


def test_a_patience_the_engine_says_wins_is_won_through_the_page(opened: list[Kabale]) -> None:
    assert engine_result(42).won
    kabale = deal(opened, 42)
    game = play_greedily_to_the_end(kabale)
    assert game.result() == engine_result(42)
    headings = [node.words() for node in kabale.view.walk() if re.fullmatch(r"h[1-6]", node.tag)]
    assert "You won! Your endowment is empty." in headings, headings
    assert "Played 1, won 1 (100%), streak 1, best streak 1" in kabale.view.one("stats").words()


def test_a_patience_lost_out_with_thirteen_says_why(opened: list[Kabale]) -> None:
    assert engine_result(18).reason == "out_with_thirteen"
    kabale = deal(opened, 18)
    play_greedily_to_the_end(kabale)
    assert "Lost: out with thirteen" in kabale.view.one("game-end").words()
    assert "Played 1, won 0 (0%), streak 0" in kabale.view.one("stats").words()


def test_a_patience_lost_when_the_draw_pile_is_finished(opened: list[Kabale]) -> None:
    assert engine_result(4).reason == "draw_pile_finished"
    kabale = deal(opened, 4)
    play_greedily_to_the_end(kabale)
    assert "the draw pile is finished" in kabale.view.one("game-end").words()


def test_undo_and_redo_any_number_of_moves(opened: list[Kabale]) -> None:
    kabale = deal(opened, 7)
    positions = [saved(kabale).game.snapshot()]
    for _ in range(4):
        play(kabale, greedy(saved(kabale).game))
        positions.append(saved(kabale).game.snapshot())
    assert len({repr(position) for position in positions}) == 5, "each move changed the position"
    for expected in reversed(positions[:-1]):
        kabale.click(button(kabale, "Undo"))
        assert saved(kabale).game.snapshot() == expected
    assert not enabled(button(kabale, "Undo"))
    for expected in positions[1:]:
        kabale.click(button(kabale, "Redo"))
        assert saved(kabale).game.snapshot() == expected
    assert not enabled(button(kabale, "Redo"))


def drawn_cued(kabale: Kabale, since: int) -> list[str]:
    """The cards the redraws since command ``since`` send from the draw pile (their "draw" cues)."""
    cards: list[str] = []
    for command in kabale.commands[since:]:
        cue = command[1].get("cues", {}).get("draw") if command[0] == "render" else None
        if cue is not None:
            assert cue["from"] == ".felt .draw-pile"
            cards += re.findall(r'^\.mine \.endowment \[data-card="(\w+)"\]$', cue["cards"].replace(", ", "\n"), re.M)
    return cards


def test_the_cards_drawn_come_from_the_draw_pile_and_an_undo_s_do_not(opened: list[Kabale]) -> None:
    """Each redraw after a draw (a press on Draw, the one a play forces, a redo) cues the cards drawn
    (motion.js sends them from the draw pile, face down, turning face up); they had come from nowhere."""
    kabale = deal(opened, 200)
    draws = 0
    for _ in range(30):
        game = saved(kabale).game
        if game.is_over():
            break
        before, since = len(game.history), len(kabale.commands)
        play(kabale, greedy(game))
        drawn = [str(card) for event in saved(kabale).game.history[before:] if event.kind == "draw"
                 for card in event.cards]
        assert sorted(drawn_cued(kabale, since)) == sorted(drawn)
        assert set(drawn) <= set(shown_cards(kabale, "mine"))
        draws += bool(drawn)
        if drawn and draws == 2:  # an undo puts them back unseen; its redo draws them again
            since = len(kabale.commands)
            kabale.click(button(kabale, "Undo"))
            assert drawn_cued(kabale, since) == []
            kabale.click(button(kabale, "Redo"))
            assert sorted(drawn_cued(kabale, since)) == sorted(drawn)
    assert draws >= 2


def test_a_reload_restores_the_patience(opened: list[Kabale]) -> None:
    """A reload starts the app again from the records the page kept (a real reload, page.js
    writing a move's record in the task that shows it, is tests/e2e/test_patience_table.py's)."""
    kabale = deal(opened, 7)
    play(kabale, greedy(saved(kabale).game))
    cards = shown_cards(kabale, "mine")
    again = deal(opened, 7, **kabale.storage)
    assert shown_cards(again, "mine") == cards
    assert enabled(button(again, "Undo"))


@pytest.mark.parametrize("asked_by", ["key", "button"])
def test_the_hint_shows_the_honest_move_at_its_packet(opened: list[Kabale], asked_by: str) -> None:
    """The Hint, by its key (H) or its button, says the honest hint's move and what it is based on,
    marks that packet and the cards to lay; played, the hint is for a position gone and leaves.
    (That it is drawn inside the viewport, at 1280x800 and on a phone, is the browser's.)"""
    kabale = deal(opened, 14)
    game = saved(kabale).game
    expected = honest_hint(game.observation(), seed=len(game.moves)).move  # what the page should advise
    assert expected is not None and expected.packet is not None
    kabale.key("h") if asked_by == "key" else kabale.click(button(kabale, "Hint"))
    assert f"on packet {expected.packet}." in hint_words(kabale)
    assert "possible deals of the unseen cards" in hint_words(kabale)
    packets = kabale.view.one("kabala", tag="ul").children
    assert "hinted" in packets[expected.packet - 1].classes
    assert [number for number, node in enumerate(packets, 1) if "hinted" in node.classes] == [expected.packet]
    marked = [node.attributes["data-card"] for node in kabale.view.one("mine").all("card", tag="button")
              if "hinted" in node.classes]
    assert sorted(card.value for card in cards_from_text(" ".join(marked))) == sorted(expected.values)
    # following it (one press on its packet plays it), the hint is for a position gone: it leaves
    following = named(kabale.view, rf"^Packet {expected.packet},")
    assert len(following) == 1
    kabale.click(following[0])
    assert kabale.view.all("patience-hint") == []
    assert saved(kabale).game.moves[:1] == (expected,)


def test_the_hint_puts_down_an_old_pick_and_a_tap_on_its_packet_or_its_cards_follows_it(opened: list[Kabale]) -> None:
    """Issue 28: the Hint marks its cards and packet and picks nothing up. A card picked before
    asking is put down (a new player picked a 4, asked, tapped the packet and was refused for
    the 4); a marked card pressed is picked up as any press does, and the packet then plays the
    hint (the patience used to pick the cards up itself: tapping the outlined cards put them
    down, and the packet answered "Pick up the cards to play first")."""
    kabale = deal(opened, 14)
    game = saved(kabale).game
    expected = honest_hint(game.observation(), seed=len(game.moves)).move
    assert expected is not None and expected.kind in ("bare", "double") and expected.packet is not None
    other = next(card for card in game.endowment if card.value not in expected.values)
    kabale.click(hand(kabale).all(tag="button", data_card=str(other))[0])
    assert len(pressed(kabale)) == 1
    kabale.click(button(kabale, "Hint"))
    assert f"on packet {expected.packet}." in hint_words(kabale)
    assert pressed(kabale) == []  # the old pick is put down; none is picked
    marked = [node for node in hand(kabale).all("card", tag="button") if "hinted" in node.classes]
    assert len(marked) == expected.count
    kabale.click(marked[0])  # a marked card picked up, as any press does
    assert len(pressed(kabale)) == 1
    packets = named(kabale.view, rf"^Packet {expected.packet},.*, marked by the Hint$")
    assert len(packets) == 1
    kabale.click(packets[0])
    assert saved(kabale).game.moves[:1] == (expected,)
    assert kabale.view.one("refusal").words() == ""


def hinted(kabale: Kabale) -> tuple[list[Shown], list[Shown], list[Shown]]:
    """What the Hint marks (issue 28): the cards a play lays, its packet's button, or a button (Draw)."""
    view = kabale.view
    cards = [node for node in view.one("mine").one("endowment").all("card", tag="button") if "hinted" in node.classes]
    packets = [node.one(data_action="packet") for node in view.one("kabala").all("packet") if "hinted" in node.classes]
    buttons = [node for node in view.one("controls").all(tag="button") if "hinted" in node.classes]
    return cards, packets, buttons


def press_what_the_hint_marks(kabale: Kabale, cards_first: bool) -> str:
    """Follow the Hint by its marks alone, as a player who reads the outlines, not the words: the
    marked button (a draw); else the marked packet, after pressing the marked cards when
    ``cards_first`` (both ways follow the hint). Each mark says so to a screen reader. Returns
    what was pressed ("button", "packet" or "cards+packet")."""
    cards, packets, buttons = hinted(kabale)
    assert len(packets) + len(buttons) == 1, f"the hint marks {len(packets) + len(buttons)} packets and buttons, not one"
    for node in cards + packets + buttons:
        assert node.name().endswith(", marked by the Hint"), node.name()
    if buttons:
        assert not cards, "a button's move lays no card"
        kabale.click(buttons[0])
        return "button"
    if cards_first and cards:
        for card in cards:
            kabale.click(hand(kabale).one(tag="button", data_key=card.attributes["data-key"]))
        assert len([node for node in pressed(kabale) if "hinted" in node.classes]) == len(cards)
        kabale.click(hinted(kabale)[1][0])  # the packet the Hint marks still
        return "cards+packet"
    kabale.click(packets[0])
    return "packet"


def test_following_the_hint_by_its_marks_alone_plays_a_whole_patience(opened: list[Kabale]) -> None:
    """Issue 28: a player who presses only what the Hint marks (its cards then its packet, or its
    packet alone, or its Draw button) plays the hint's moves to the end of the game."""
    kabale = deal(opened, SHORT_DEAL)
    followed: set[str] = set()
    for turn in range(60):
        game = saved(kabale).game
        if game.is_over():
            break
        expected = honest_hint(game.observation(), seed=len(game.moves)).move  # to check the page, not to press
        assert enabled(button(kabale, "Hint"))
        kabale.click(button(kabale, "Hint"))
        assert len(kabale.view.all("patience-hint")) == 1
        followed.add(press_what_the_hint_marks(kabale, cards_first=turn % 2 == 1))
        assert saved(kabale).game.moves[len(game.moves)] == expected
    else:
        raise AssertionError("the patience did not end")
    assert saved(kabale).game.is_over()
    assert {"packet", "cards+packet"} <= followed
