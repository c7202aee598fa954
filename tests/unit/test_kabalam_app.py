"""KABALAM at the table, played through the app in CPython as in its worker (tests/unit/app_driver.py):
what the set-up, the table and the end of a hand show and save along played hands (issues 5, 13, 16,
28). The browser's tests of the table (tests/e2e/test_kabalam_table.py) keep what needs a page: the
keyboard's focus, axe, the fit on a phone, reloads of the real page, the page writing its records."""

from __future__ import annotations

import json
import re
from functools import partial
from typing import Any, Callable

import pytest

from app_driver import Kabale, Shown, opened  # noqa: F401 (opened: a fixture)
from kabale.bots import make_bot
from kabale.cards import new_rng
from kabale.games.kabala.rules import Move
from kabale.games.kabalam.hand import KabalamHand
from kabale.games.kabalam.match import Match
from kabale.web.storage.saved import SavedMatch
from kabale.web.text.i18n import translate
from kabale.web.text.messages import card_name

#: How a screen reader names a value ("Ace of spades", "7 of hearts").
VALUE_NAMES = {1: "Ace", 11: "Jack", 12: "Queen", 13: "King"}

#: A deal whose first hand, with the Hint followed, ends in some ten of the person's decisions.
HINTED_HAND = 3

#: What the Hint marks, as tests/e2e/helpers.py's HINTED_CARDS, HINTED_PACKET and HINTED_BUTTON select it.
Marks = tuple[list[Shown], list[Shown], list[Shown]]


def open_kabale(opened: list[Kabale], search: str, **options: Any) -> Kabale:
    kabale = Kabale(search, **options)
    opened.append(kabale)
    return kabale


# -- what a person finds on the page ----------------------------------------------------------------


def accessible_name(node: Shown) -> str:
    """The element's accessible name as a browser computes it from its content (a row's: its
    cells' words and the names of the faces in them), or its aria-label."""
    label = node.get("aria-label")
    if label:
        return label
    if node.get("aria-hidden") == "true":
        return ""
    return " ".join(" ".join([node.text, *(accessible_name(child) for child in node.children)]).split())


def named_in(view: Shown, node: Shown) -> str:
    """The element's accessible name within ``view``: its aria-label, else the words of the
    elements it is labelled by (aria-labelledby), else its content's."""
    if node.get("aria-labelledby") and not node.get("aria-label"):
        ids = (node.get("aria-labelledby") or "").split()
        return " ".join(found.words() for label in ids for found in view.all(id=label))
    return accessible_name(node)


def region(view: Shown, name: str) -> Shown:
    """The one section named ``name`` (a region, as get_by_role("region", name=...) finds it)."""
    found = [node for node in view.all(tag="section") if named_in(view, node) == name]
    assert len(found) == 1, f"{len(found)} regions named {name!r}"
    return found[0]


def headings(view: Shown) -> list[str]:
    return [node.words() for node in view.walk() if node.tag in ("h2", "h3")]


def named(kabale: Kabale, pattern: str) -> Shown:
    """The one button whose accessible name matches ``pattern``, as a person finds it."""
    found = [node for node in kabale.view.all(tag="button") if re.search(pattern, node.name())]
    assert len(found) == 1, (pattern, [node.name() for node in found])
    return found[0]


def labelled(kabale: Kabale, label: str) -> list[Shown]:
    """The fields a <label> of these words names (by its ``for``)."""
    view = kabale.view
    targets = {node.get("for") for node in view.all(tag="label") if node.words().strip() == label}
    return [node for node in view.walk() if node.get("id") in targets]


def choose(kabale: Kabale, label: str, option: str) -> None:
    """Choose an option of the select labelled ``label`` by its words, as select_option(label=...)."""
    field, = labelled(kabale, label)
    value, = [node.get("value") or "" for node in field.all(tag="option") if node.words() == option]
    kabale.change("SELECT", value, **field.attributes)


def texts_matching(within: Shown, pattern: re.Pattern[str]) -> list[Shown]:
    """The elements whose words match, not counting those whose match is a child's (as Playwright's
    get_by_text finds them)."""
    return [node for node in within.walk() if pattern.search(node.words())
            and not any(pattern.search(child.words()) for child in node.children)]


def me_turn_or_hand_end(view: Shown) -> list[Shown]:
    """".seat.me.turn, .hand-end": your seat marked as the one to play, or the hand's end."""
    return [node for node in view.walk() if {"seat", "me", "turn"} <= node.classes or "hand-end" in node.classes]


# -- the match ---------------------------------------------------------------------------------------


def saved_match(kabale: Kabale) -> SavedMatch:
    data = kabale.stored("kabalam")
    assert data is not None, "no match is saved"
    return SavedMatch.from_dict(data)


def seat_and_start(kabale: Kabale, west: str = "The computer, normal") -> None:
    """At the set-up: who sits West, then Start the match (tests/e2e/helpers.start_two_seat_match)."""
    choose(kabale, "Who sits West?", west)
    kabale.click(named(kabale, "^Start the match$"))
    region(kabale.view, "KABALAM table")


def start_two_seat_match(opened: list[Kabale], seed: int, west: str = "The computer, normal") -> Kabale:
    kabale = open_kabale(opened, f"?game=kabalam&seed={seed}")
    seat_and_start(kabale, west)
    return kabale


def my_move(match: Match) -> Move:
    """A simple person: the first play if there is one, else pass on packet 1 (yields come by themselves)."""
    legal = match.legal_moves()
    plays = [move for move in legal if move.is_play]
    return plays[0] if plays else legal[0]


def your_cards(kabale: Kabale) -> Shown:
    """The toolbar "Your cards": your endowment, a button a card."""
    return kabale.view.one(role="toolbar", **{"aria-label": "Your cards"})


def click_move(kabale: Kabale, move: Move, press: Callable[[Shown], None] | None = None) -> None:
    """Make a move the way a person does, finding each control by its accessible name: pick up
    cards of its values ("4 of spades", not yet pressed), then choose its packet ("Packet 2,
    showing 7, 5 cards"; when passing, "Flip packet 2, …")."""
    pressing = press if press is not None else kabale.click

    def packet(number: int | None) -> Shown:
        return named(kabale, rf"^(Packet|Flip packet) {number},")

    if move.kind in ("bare", "double"):
        for value in move.values:
            cards = [card for card in your_cards(kabale).all(tag="button")
                     if re.search(rf"^{VALUE_NAMES.get(value, value)} of ", card.name())
                     and card.get("aria-pressed") == "false"]
            if not cards:
                raise AssertionError(f"no card of value {value} to pick up for {move}")
            pressing(cards[0])
        pressing(packet(move.packet))
    elif move.kind == "pass":
        pressing(packet(move.packet))
    elif move.kind == "yield":
        pressing(named(kabale, "Yield"))
    elif move.kind == "draw":
        pressing(named(kabale, r"^Draw (2 cards|the last card)$"))
    else:
        raise AssertionError(f"cannot click {move}")


def play_my_turns_until_the_hand_ends(kabale: Kabale, limit: int = 400) -> Match:
    """South plays her simple moves; the computer's turns are played at once in between (``settle``)."""
    for _ in range(limit):
        match = saved_match(kabale).match
        hand = match.hand
        assert hand is not None
        if hand.is_over():
            return match
        assert hand.turn == "S", "the computer left its turn unplayed"
        click_move(kabale, my_move(match))
    raise AssertionError("the hand did not end")


# -- the computer's pace -----------------------------------------------------------------------------


def quicken(kabale: Kabale, tick_s: float = 0.005) -> None:
    """Make the app's clock move by ``tick_s`` each time its event loop reads it, not with the wall's.
    Why: at the slow pace each computer play is shown for 1.4 s, and the computer waits as long
    before each; those are real sleeps (asyncio.sleep), and what is under test is their order, not
    their length. So a play stays on show for some forty ``step``s however busy the machine is, and
    a 1.4 s wait takes a fraction of a second."""
    now = kabale.loop.time()

    def ticked() -> float:
        nonlocal now
        now += tick_s
        return now

    kabale.loop.time = ticked  # type: ignore[method-assign]


def press_at_once(kabale: Kabale, element: Shown) -> None:
    """A click the app answers, and nothing more: the computer's turn it sets off, and the timers
    of a play on show, are left to run by ``step`` (the driver's ``click`` runs them to their end)."""
    kabale.send({"type": "click", "within": "view", "path": element.path()}, settle=False)


# -- tests -------------------------------------------------------------------------------------------


def test_a_whole_two_seat_hand_against_the_computer(opened: list[Kabale]) -> None:
    """Issue 5: a hand played to its end against the computer by the table's buttons; its end says
    each seat's score, and the record saved replays (axe on that end: the browser's
    test_the_end_of_a_hand_passes_axe_and_fits_a_phone)."""
    kabale = start_two_seat_match(opened, seed=11)
    match = play_my_turns_until_the_hand_ends(kabale)
    result = match.hand.result() if match.hand else None
    assert result is not None
    end = region(kabale.view, "Hand 1 is over")
    for seat, name in (("S", "You"), ("W", "West (computer, normal)")):
        row, = [row for row in end.all(tag="tr") if name.lower() in accessible_name(row).lower()]
        assert str(result.scores[seat]) in row.words()
    # every move was made through the table and saved: the record replays in CPython
    replayed = Match.from_dict(json.loads(json.dumps(match.to_dict())))
    assert replayed.totals == match.totals
    kabale.click(named(kabale, "^Next hand$"))
    assert "KABALAM · Hand 2" in headings(kabale.view)


def test_the_end_of_a_hand_shows_the_cards_left_and_what_they_cost(opened: list[Kabale]) -> None:
    """Issue 28, item 10: played to the end through the table, the hand's end shows each seat's
    cards left as named faces in its row, with what they cost, and says who closed once (in the
    closer's row: the log keeps its own line). That it fits a phone: the browser's
    test_the_end_of_a_hand_passes_axe_and_fits_a_phone."""
    kabale = start_two_seat_match(opened, seed=20)
    match = play_my_turns_until_the_hand_ends(kabale)
    hand = match.hand
    assert hand is not None
    result = hand.result()
    assert result is not None
    end = region(kabale.view, "Hand 1 is over")
    names = {"S": "You", "W": "West (computer, normal)"}
    for seat, name in names.items():
        row, = [row for row in end.all(tag="tr") if re.search("^" + re.escape(name), accessible_name(row))]
        held = hand.endowment(seat)
        faces = row.all(role="img")
        assert len(faces) == len(held)
        for face, card in zip(faces, held):
            assert face.name() == card_name(card, partial(translate, "en"))
        cells = row.all(tag="td")  # the row's cells (its name is the row's header, <th>)
        words = "Closed" if seat == result.closer else f"cost {sum(card.value for card in held)}"
        assert cells[0].words().strip() == words
        assert cells[1].words().strip() == str(result.scores[seat])
    assert result.closer == "S"  # the "You closed." (this deal's hand ends so)
    assert len(texts_matching(end, re.compile(r"closed", re.I))) == 1


def test_an_illegal_play_says_why(opened: list[Kabale]) -> None:
    kabale = start_two_seat_match(opened, seed=5)
    match = saved_match(kabale).match
    hand = match.hand
    assert hand is not None and hand.turn == "S"
    target = hand.target
    wrong = next(card for card in hand.endowment("S") if card.value != target)
    kabale.click(kabale.view.one("mine").all(tag="button", **{"data-card": str(wrong)})[0])
    assert len(kabale.view.one("mine").all(**{"aria-pressed": "true"})) == 1
    kabale.click("packet", **{"data-packet": "2"})
    alerts = [node for node in kabale.view.all(role="alert") if "The Kabala sums to" in node.words()]
    assert len(alerts) == 1 and f"The Kabala sums to {target}" in alerts[0].words()
    assert saved_match(kabale).match.hand.moves == ()  # type: ignore[union-attr]


def test_corrupt_storage_is_survived(opened: list[Kabale]) -> None:
    """A record that cannot be read is set aside under a backup key, said plainly, and the set-up
    offered afresh. The page writing what Python tells it is the browser's (test_safe_and_shared)."""
    corrupt = '{"app": "kabale", "schema": 1, "name": "kabalam", "revis'
    kabale = open_kabale(opened, "?game=kabalam", storage={"kabale:kabalam": corrupt})
    notice = kabale.part("#notice").words()  # the page's first alert (index.html), over the view
    assert kabale.said[("#notice", "hidden")] is False
    assert "could not be read, so it was set aside" in notice
    assert "kabale-backup" not in notice  # no storage key for a player
    named(kabale, "^Start the match$")
    keys = list(kabale.storage)
    assert any(key.startswith("kabale-backup:kabalam:") for key in keys)
    assert "kabale:kabalam" not in keys


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "expert"])
def test_the_computer_plays_at_each_level(opened: list[Kabale], level: str) -> None:
    kabale = start_two_seat_match(opened, seed=3, west=f"The computer, {level}")
    for _ in range(20):  # South plays her turn; then West, the computer, plays its own to the end
        match = saved_match(kabale).match
        assert match.hand is not None
        if match.hand.turn != "S" or match.hand.is_over() or any(
                event.seat == "S" and event.kind in ("pass", "yield") for event in match.hand.history):
            break
        click_move(kabale, my_move(match))
    assert saved_match(kabale).match.hand.moves  # type: ignore[union-attr]
    assert len(me_turn_or_hand_end(kabale.view)) == 1
    match = saved_match(kabale).match  # every move the computer made was legal: the record replays
    assert match.hand is not None
    west_moves = [event for event in match.hand.history if event.seat == "W" and event.kind != "draw"]
    assert west_moves, "West made no move"
    log = kabale.view.one("log-lines").words()
    assert "West (computer, " + level + ")" in log
    if level not in ("hard", "expert"):  # easy and normal choose from the table's seeded rng alone: replay each choice
        replay = KabalamHand.from_dict({**match.hand.to_dict(), "moves": []})
        for move in match.hand.moves:
            if replay.turn == "W":
                rng = new_rng(f"{match.seed}:{match.hand_number}:W:{len(replay.moves)}")
                assert move == make_bot(level, rng).choose(replay.observation("W")), "West plays another level"
            replay.apply(move)


def test_a_click_while_the_computers_play_is_shown_lets_the_game_go_on(opened: list[Kabale]) -> None:
    """A press while the computer's play is on show (not her turn) flips the play at once, and the
    computer plays on (at the slow pace, each play stays in view 1.4 s: ``quicken``)."""
    kabale = open_kabale(opened, "?game=kabalam&seed=3", settings={"bot_speed": "slow", "language": "en"})
    quicken(kabale)
    seat_and_start(kabale, "The computer, easy")

    def west_shown() -> list[Shown]:
        return [node for node in kabale.view.all("reveal") if (node.get("aria-label") or "").startswith("West")]

    for _ in range(600):  # South plays her turns until West's play is on show
        if west_shown():
            break
        match = saved_match(kabale).match
        assert match.hand is not None and not match.hand.is_over()
        if match.hand.turn == "S" and not kabale.view.all("reveal"):
            click_move(kabale, my_move(match), press=partial(press_at_once, kabale))
        else:
            kabale.step()
    assert len(west_shown()) == 1  # West's play, shown before its flip
    press_at_once(kabale, named(kabale, r"^Packet 1,"))  # impatient: not her turn
    assert len(west_shown()) == 0  # the play flipped at once...
    kabale.settle()
    assert len(me_turn_or_hand_end(kabale.view)) == 1  # ...and West played on


def hint_marks(view: Shown) -> Marks:
    """What the Hint marks: its cards in your hand, its packet's button, its button among the
    controls (tests/e2e/helpers.py's HINTED_CARDS, HINTED_PACKET and HINTED_BUTTON)."""
    cards = [card for card in view.one("mine").one("endowment").all("card", tag="button") if "hinted" in card.classes]
    packets = [button for packet in view.one("kabala").all("packet") if "hinted" in packet.classes
               for button in packet.children if button.get("data-action") == "packet"]
    buttons = [button for controls in view.all("controls") for button in controls.all(tag="button")
               if "hinted" in button.classes]
    return cards, packets, buttons


def press_what_the_hint_marks(kabale: Kabale, cards_first: bool) -> str:
    """Follow the Hint by its marks alone, as a player who reads the outlines, not the words: the
    marked button (a yield, a draw); else the marked packet, after pressing the marked cards when
    ``cards_first`` (both ways follow the hint). Each mark says so to a screen reader. Returns what
    was pressed ("button", "packet" or "cards+packet") (tests/e2e/helpers.py, the same)."""
    cards, packet, button = hint_marks(kabale.view)
    marked = len(packet) + len(button)
    assert marked == 1, f"the hint marks {marked} packets and buttons, not one"
    for target in (cards, packet, button):
        for node in target:
            name = node.get("aria-label") or node.words()
            assert name.endswith(", marked by the Hint"), name
    if button:
        assert not cards, "a button's move lays no card"
        kabale.click(button[0])
        return "button"
    pressed = "packet"
    if cards_first and cards:
        for card in cards:
            kabale.click(card)
        marked_cards = hint_marks(kabale.view)[0]
        assert len([card for card in marked_cards if card.get("aria-pressed") == "true"]) == len(cards)
        pressed = "cards+packet"
    kabale.click(hint_marks(kabale.view)[1][0])
    return pressed


def test_following_the_hint_by_its_marks_alone_plays_a_whole_hand(opened: list[Kabale]) -> None:
    """Issue 28: a person who presses only what the Hint marks (its cards then its packet, its
    packet alone, or the Yield button) plays a whole hand against the computer (at once)."""
    kabale = start_two_seat_match(opened, seed=HINTED_HAND)
    pressed = set()
    for turn in range(80):
        view = kabale.view
        if view.all("hand-end"):
            break
        hint = view.one("hint-button")
        assert "disabled" not in hint.attributes
        moves_before = len(saved_match(kabale).match.hand.moves)  # type: ignore[union-attr]
        kabale.click(hint)
        assert len(kabale.view.all("coach-hint")) == 1
        pressed.add(press_what_the_hint_marks(kabale, cards_first=turn % 2 == 1))
        assert len(saved_match(kabale).match.hand.moves) > moves_before  # type: ignore[union-attr]
        assert kabale.view.one("refusal").words() == ""
    else:
        raise AssertionError("the hand did not end")
    hand = saved_match(kabale).match.hand
    assert hand is not None and hand.is_over()
    assert {"packet", "cards+packet"} <= pressed, pressed


def test_the_set_up_says_how_strong_each_level_is_and_seats_you_against_normal(opened: list[Kabale]) -> None:
    """Issue 16: measured strengths at the set-up (kabale.bots.ladder); the default is you against normal."""
    kabale = open_kabale(opened, "?game=kabalam&seed=3")
    levels, = [node for node in kabale.view.all(role="group")
               if named_in(kabale.view, node) == "How strong the computer is"]
    words = levels.words()
    assert "it beats normal in 98.5% of two-player matches" in words
    assert "normal beats it in 71.8%" in words
    assert "press Hint (H)" in words
    two, = [node for node in kabale.view.all(tag="label") if node.words().strip() == "2 players"]
    assert "checked" in two.one(tag="input").attributes
    for label, value in (("Who sits South?", "you"), ("Who sits West?", "normal")):
        field, = labelled(kabale, label)
        assert [node.get("value") for node in field.all(tag="option") if "selected" in node.attributes] == [value]


# -- a new match after a saved one (issue 28, item 1) ----------------------------------------------

SEAT_WORDS = {"S": "South", "W": "West", "N": "North", "E": "East"}


def reopen(opened: list[Kabale], kabale: Kabale, search: str) -> Kabale:
    """The page opened at ``search`` reloaded: the app started afresh at its address, from the
    records it saved. (That the page hands its storage to a new start is the browser's:
    test_a_move_shown_is_a_move_saved_and_not_lost_by_a_reload_or_a_closed_tab.)"""
    address, storage = kabale.address, dict(kabale.storage)
    kabale.close()
    opened.remove(kabale)
    return open_kabale(opened, address[address.index("?"):] if address else search, storage=storage)


def check(kabale: Kabale, field: Shown) -> None:
    """A radio button or a checkbox checked, as the page describes the change (assets/js/page.js
    ``described``: its value and checked)."""
    path = field.path()
    path[0].update(value=field.get("value") or "on", checked=True)
    kabale.send({"type": "change", "within": "view", "path": path})


def choose_and_start(kabale: Kabale, count: int) -> None:
    radio, = [label.one(tag="input") for label in kabale.view.all(tag="label")
              if label.words().strip() == f"{count} players"]
    check(kabale, radio)
    for seat in "SWNE"[:count]:
        assert len(labelled(kabale, f"Who sits {SEAT_WORDS[seat]}?")) == 1
    for seat in "SWNE"[count:]:
        assert len(labelled(kabale, f"Who sits {SEAT_WORDS[seat]}?")) == 0
    kabale.click(named(kabale, "^Start the match$"))
    region(kabale.view, "KABALAM table")


@pytest.mark.parametrize("count, reload", [(4, False), (3, True)])
def test_new_match_deals_the_seats_chosen_after_a_saved_match(opened: list[Kabale], count: int, reload: bool) -> None:
    """A new player started a two-seat match, pressed New match and chose 4 players: the set-up kept
    listing South and West only, and "Start the match" dealt a two-seat table, since the set-up took
    its seats from the saved match's plan. The same after a reload."""
    kabale = start_two_seat_match(opened, seed=12)
    assert len(saved_match(kabale).plan.seats) == 2
    if reload:
        kabale = reopen(opened, kabale, "?game=kabalam&seed=12")
        region(kabale.view, "KABALAM table")
    kabale.click([node for node in kabale.view.all(tag="button") if node.name() == "New match"][0])
    assert "A new match of KABALAM" in headings(kabale.view)
    choose_and_start(kabale, count)
    saved = saved_match(kabale)
    assert [plan.seat for plan in saved.plan.seats] == list("SWNE"[:count])
    first = next(node for node in kabale.view.walk() if "kabalam-table" in node.classes or "data-seats" in node.attributes)
    assert first.get("data-seats") == str(count)
