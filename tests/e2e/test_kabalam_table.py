"""Issue 5: KABALAM at the table, played through the page like a person would.

What the table says along played hands (the set-up, a refusal, the computer at each level, a press
while its play is shown, the end of a hand, the Hint followed, a new match) is tested on the app in
CPython: tests/unit/test_kabalam_app.py. Here stays what needs a page: the keyboard's focus, axe,
the fit on a phone, reloads and closed tabs, the page writing its records."""

from __future__ import annotations

import json
import re
import random
from typing import Any, Callable

import pytest
from playwright.sync_api import Page, expect

from conftest import wait_ready  # type: ignore[import-not-found]
from helpers import (AS_ANOTHER_TAB, INSTANT, click_move, inside, revision, saved_match, settle,
                     start_two_seat_match, stored, wait_for_save)
from kabale.bots import make_bot
from kabale.cards import new_rng
from kabale.games.kabala.rules import Move
from kabale.games.kabalam.match import Match
from kabale.web.storage.saved import SavedMatch, SeatPlan, TablePlan


@pytest.fixture
def table_page(page: Page) -> Page:
    """A page whose computers play at once, with the system's reduced motion: these tests play
    hands through the page, and the cards' flights are test_motion's."""
    page.add_init_script(INSTANT)
    page.emulate_media(reduced_motion="reduce")
    return page


def my_move(match: Match) -> Move:
    """A simple person: the first play if there is one, else pass on packet 1 (yields come by themselves)."""
    legal = match.legal_moves()
    plays = [move for move in legal if move.is_play]
    return plays[0] if plays else legal[0]


def test_legal_targets_light_up(table_page: Page, base_url: str, axe_violations: Any) -> None:
    page = table_page
    start_two_seat_match(page, base_url, seed=3)
    hand = saved_match(page).match.hand
    assert hand is not None
    play = next(move for move in hand.legal_moves() if move.kind == "bare")
    card = next(c for c in hand.endowment("S") if c.value == play.values[0])
    expect(page.locator(".packet-button.lit")).to_have_count(0)
    page.locator(f".mine button[data-card='{card}']").first.click()
    expect(page.locator(".packet-button.lit")).to_have_count(3)
    assert axe_violations(page) == []  # the table in play, a card picked up and its targets lit


def test_a_reload_in_the_middle_of_a_turn_restores_it_exactly(table_page: Page, base_url: str) -> None:
    page = table_page
    start_two_seat_match(page, base_url, seed=3)
    match = saved_match(page).match
    move = my_move(match)
    assert move.is_play, "seed 3 opens with a play for South"
    before = revision(page, "kabalam")
    click_move(page, move)
    wait_for_save(page, "kabalam", before)
    page.wait_for_timeout(800)
    cards = page.locator(".mine button[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    tops = page.locator(".kabala .card.top").evaluate_all("els => els.map(e => e.dataset.card)")
    log = page.locator(".log-lines li").all_inner_texts()
    page.reload()
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=90_000)
    expect(page.get_by_role("region", name="KABALAM table")).to_be_visible()
    assert page.locator(".mine button[data-card]").evaluate_all("els => els.map(e => e.dataset.card)") == cards
    assert page.locator(".kabala .card.top").evaluate_all("els => els.map(e => e.dataset.card)") == tops
    assert page.locator(".log-lines li").all_inner_texts() == log


def test_hot_seat_hides_hands_between_turns(table_page: Page, base_url: str, axe_violations: Any) -> None:
    page = table_page
    start_two_seat_match(page, base_url, seed=11, west="Another person at this device")
    south_cards = page.locator(".mine button[data-card]").count()
    assert south_cards == 11
    for _ in range(30):  # South plays her turn to its end
        match = saved_match(page).match
        if match.hand is None or match.hand.turn != "S":
            break
        before = revision(page, "kabalam")
        click_move(page, my_move(match))
        wait_for_save(page, "kabalam", before)
    expect(page.get_by_role("heading", name="Pass the device to West")).to_be_visible()
    assert page.locator(".endowment").count() == 0
    assert axe_violations(page) == []  # the "pass the device" cover
    page.get_by_role("button", name="Show West's cards").click()
    west = saved_match(page).match.hand.endowment("W")  # type: ignore[union-attr]
    shown = page.locator(".mine button[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    assert sorted(shown) == sorted(str(card) for card in west)


def focus_a_card(page: Page, value: int) -> None:
    """Tab to the endowment, then arrow along it to a card of ``value`` not picked up yet."""
    label = "A" if value == 1 else str(value)
    for _ in range(40):
        if page.evaluate("document.activeElement.dataset.action") == "card":
            break
        page.keyboard.press("Tab")
    else:
        raise AssertionError("Tab never reached the cards")
    page.keyboard.press("Home")
    for _ in range(30):
        focused = page.evaluate("[document.activeElement.dataset.card, document.activeElement.ariaPressed]")
        if focused[0][:-1] == label and focused[1] != "true":
            return
        page.keyboard.press("ArrowRight")
    raise AssertionError(f"no card of value {label} to focus")


def test_quick_arrows_move_the_focus_one_card_each_at_once(table_page: Page, base_url: str) -> None:
    """The arrows move the focus on the page's thread (page.js ``rove``): three presses sent without
    a pause move it three cards, and Python's answers neither pull it back nor lose the tab stop."""
    page = table_page
    start_two_seat_match(page, base_url, seed=3)
    focus_a_card(page, saved_match(page).match.hand.observation("S").endowment[0].value)  # type: ignore[union-attr]
    page.keyboard.press("Home")
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.index") == "3"
    settle(page)
    assert page.evaluate("[document.activeElement.dataset.index, document.activeElement.tabIndex]") == ["3", 0]
    assert page.locator(".mine [data-action=card][tabindex='0']").count() == 1
    page.keyboard.press("End")
    page.keyboard.press("ArrowRight")  # the line ends there: no wrapping
    settle(page)
    count = page.locator(".mine [data-action=card]").count()
    assert page.evaluate("document.activeElement.dataset.index") == str(count - 1)


def test_a_turn_played_by_keyboard_only(table_page: Page, base_url: str) -> None:
    page = table_page
    start_two_seat_match(page, base_url, seed=3)
    played: list[Move] = []
    for _ in range(30):  # South's whole turn: plays, then the pass or yield that ends it
        match = saved_match(page).match
        hand = match.hand
        assert hand is not None
        if any(event.seat == "S" and event.kind in ("pass", "yield") for event in hand.history):
            break  # South's turn is over (the computer may already be done with its own)
        if hand.turn != "S" or hand.is_over():
            page.wait_for_timeout(50)
            continue
        move = my_move(match)
        before = revision(page, "kabalam")
        if move.is_play:
            for value in move.values:
                focus_a_card(page, value)
                page.keyboard.press("Space")
            expect(page.locator(".mine [aria-pressed=true]")).to_have_count(len(move.values))
            page.keyboard.press(str(move.packet))
        elif move.kind == "pass":
            page.keyboard.press(str(move.packet))
        else:
            page.keyboard.press("y")
        wait_for_save(page, "kabalam", before)
        played.append(move)
    hand = saved_match(page).match.hand
    assert hand is not None
    mine = [event.kind for event in hand.history if event.seat == "S" and event.kind in ("bare", "double", "pass", "yield")]
    turn = mine[: next(k for k, kind in enumerate(mine) if kind in ("pass", "yield")) + 1]
    assert turn[: len(played)] == [move.kind for move in played] and turn[-1] in ("pass", "yield")
    assert any(move.is_play for move in played)


def finished_match(seed: int) -> SavedMatch:
    """A 2-seat match played to its end in CPython by random players (for the score sheet)."""
    match = Match.start(seed, seats=2)
    rng = random.Random(seed)
    while not match.is_over():
        if match.hand is not None and match.hand.is_over():
            match.next_hand()
            continue
        moves = match.legal_moves()
        match.apply(moves[rng.randrange(len(moves))])
    plan = TablePlan((SeatPlan("S", "you"), SeatPlan("W", "normal")))
    return SavedMatch(plan, match)


def store_record(page: Page, name: str, data: Any) -> None:
    """Seed a record before the page's first load in this tab (not again on a reload)."""
    record = json.dumps({"app": "kabale", "schema": 1, "name": name, "revision": 1, "data": data})
    page.add_init_script(f"if (!sessionStorage.getItem('seeded:{name}')) {{"
                         f" localStorage.setItem('kabale:{name}', {json.dumps(record)});"
                         f" sessionStorage.setItem('seeded:{name}', '1'); }}")


#: Go to another address of the site as a link inside it does (a popstate: no new start of Python).
GO = ("async query => { history.pushState(null, '', location.pathname + query); dispatchEvent(new PopStateEvent('popstate'));"
      " await window.kabalePage.settled(); }")  # once Python, in its worker, has drawn the address


def hand_played_to_its_end(seed: int) -> SavedMatch:
    """A two-seat match whose first hand is played to its end in CPython as the table plays it:
    South's simple moves (``my_move``), and West, the normal computer, choosing with the table's
    seeded rng (tests/unit/test_kabalam_app.py plays these hands through the app, and replays
    West's choices so). Why: to open a hand's end at once, with no hand played through the page."""
    match = Match.start(seed, seats=2)
    hand = match.hand
    assert hand is not None
    while not hand.is_over():
        if hand.turn == "S":
            move = my_move(match)
        else:
            rng = new_rng(f"{match.seed}:{match.hand_number}:W:{len(hand.moves)}")
            move = make_bot("normal", rng).choose(hand.observation("W"))
        match.apply(move)
    return SavedMatch(TablePlan((SeatPlan("S", "you"), SeatPlan("W", "normal"))), match)


def test_the_end_of_a_hand_passes_axe_and_fits_a_phone(
    table_page: Page, open_kabale: Callable[..., Page], axe_violations: Any
) -> None:
    """What only a page shows of a hand's end (what it says: tests/unit/test_kabalam_app.py's
    test_a_whole_two_seat_hand_against_the_computer and
    test_the_end_of_a_hand_shows_the_cards_left_and_what_they_cost, on the same hands): axe finds
    nothing on deal 11's, and on a phone deal 20's (South closed; West's cards left in its row)
    is drawn wholly in view."""
    store_record(table_page, "kabalam", hand_played_to_its_end(11).to_dict())
    page = open_kabale("?game=kabalam&seed=11")
    end = page.get_by_role("region", name="Hand 1 is over")
    expect(end).to_be_visible()
    assert axe_violations(page) == []  # the end-of-hand panel
    page.set_viewport_size({"width": 390, "height": 844})
    record = {"app": "kabale", "schema": 1, "name": "kabalam", "revision": 2,
              "data": hand_played_to_its_end(20).to_dict()}
    page.evaluate(AS_ANOTHER_TAB, ["kabale:kabalam", json.dumps(record)])
    page.evaluate(GO, "?game=kabalam&seed=20")
    expect(page.locator(".deal-number")).to_have_text("Deal 20")
    expect(end.get_by_role("row", name=re.compile("^You")).get_by_role("cell").first).to_have_text("Closed")
    inside(page, ".hand-end")


def test_the_end_of_a_match_shows_the_great_kabalist_and_the_score_sheet(
    table_page: Page, open_kabale: Callable[..., Page], axe_violations: Any
) -> None:
    saved = finished_match(3)
    result = saved.match.result()
    assert result is not None
    store_record(table_page, "kabalam", saved.to_dict())
    page = open_kabale(f"?game=kabalam&seed={saved.match.seed}")
    page.get_by_role("button", name="Continue the match").click() if page.get_by_role(
        "button", name="Continue the match").count() else None
    expect(page.get_by_role("heading", name="The match is over")).to_be_visible()
    winner = {"S": "You", "W": "West (computer, normal)"}[result.great_kabalists[0]]
    expect(page.locator(".great-kabalist")).to_contain_text(winner)
    sheet = page.get_by_role("table", name="Score sheet")
    expect(sheet.get_by_role("row")).to_have_count(len(saved.match.results) + 2)
    violations = axe_violations(page)
    assert [v["id"] for v in violations] == [], violations


def match_with_south_out(seats: int = 3) -> SavedMatch:
    """A match whose last hand put South, the only person, over 101 while the computer plays on."""
    for seed in range(1, 500):
        match = Match.start(seed, seats=seats)
        rng = random.Random(seed)
        while not match.is_over():
            if match.hand is not None and match.hand.is_over():
                if "S" not in match.in_match:
                    plan = TablePlan((SeatPlan("S", "you"), SeatPlan("W", "easy"), SeatPlan("N", "easy")))
                    return SavedMatch(plan, match)
                match.next_hand()
                continue
            moves = match.legal_moves()
            match.apply(moves[rng.randrange(len(moves))])
    raise AssertionError("no seed puts South out first")


def test_out_of_the_match_you_watch_the_computer_play_on(
    table_page: Page, open_kabale: Callable[..., Page]
) -> None:
    saved = match_with_south_out()
    store_record(table_page, "kabalam", saved.to_dict())
    page = open_kabale(f"?game=kabalam&seed={saved.match.seed}")
    page.get_by_role("button", name="Continue the match").click() if page.get_by_role(
        "button", name="Continue the match").count() else None
    page.get_by_role("button", name="Next hand").click()
    expect(page.locator(".mine")).to_contain_text("Out of the match: the computer plays on")
    page.wait_for_function(  # West and North play the new hand without South
        "() => { const m = JSON.parse(localStorage.getItem('kabale:kabalam')).data.match;"
        " const hand = m.hands[m.hands.length - 1]; return m.hands.length > 1 && hand.moves.length > 2; }")
    match = saved_match(page).match
    assert match.hand is not None and "S" not in match.hand.seats
    expect(page.locator(".seat[data-seat=S]")).to_contain_text("left the match")
    page.reload()  # a reload in the middle of the computer's hand opens the same table...
    wait_ready(page)
    expect(page.locator(".seat[data-seat=S]")).to_contain_text("left the match")
    # ...where the computer plays on to the end of the hand (at the instant pace it may be there already)
    expect(page.locator(".hand-end, .match-end")).to_have_count(1, timeout=60_000)
    if saved_match(page).match.is_over():  # issue 13: the end of the match takes down "Out of the match"
        expect(page.locator(".turn-status")).to_have_text("The match is over")
        expect(page.locator(".mine")).not_to_contain_text("Out of the match")
    else:
        expect(page.locator(".mine")).to_contain_text("Out of the match")


def test_settings_are_chosen_in_the_dialog_and_kept(
    page: Page, open_kabale: Callable[..., Page], axe_violations: Any
) -> None:
    page = open_kabale("")
    page.get_by_role("button", name="Settings").click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_label("How long the hard computer thinks over a move").select_option(label="Long (0.5 s)")
    dialog.get_by_label("Memory aid", exact=False).check()
    assert [v["id"] for v in axe_violations(page)] == []
    record = stored(page, "settings")
    assert record is not None and record["data"]["think_time"] == "long" and record["data"]["memory_aid"] is True
    page.reload()
    page.get_by_role("button", name="Settings").click()
    expect(page.get_by_role("dialog").get_by_label("How long the hard computer thinks over a move")).to_have_value("long")


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_hint_names_a_legal_play_in_the_viewport(table_page: Page, base_url: str, size: tuple[int, int]) -> None:
    """Issue 16: the Hint is the hard computer's honest choice for your seat, in words, over its packet."""
    from kabale.web.coach.coach_text import move_words
    from kabale.web.text.i18n import translate

    page = table_page
    page.set_viewport_size({"width": size[0], "height": size[1]})
    start_two_seat_match(page, base_url, seed=3)
    hand = saved_match(page).match.hand
    assert hand is not None and hand.turn == "S" and len(hand.legal_moves()) > 1
    words = {move_words(move, lambda key, **v: translate("en", key, **v)): move for move in hand.legal_moves()}
    if size[0] < 500:
        page.keyboard.press("h")  # the key does what the button does
    else:
        page.get_by_role("button", name="Hint").click()
    hint = page.locator(".coach-hint")
    expect(hint).to_be_visible(timeout=15_000)
    text = hint.locator(".coach-move").inner_text()
    named = [move for said, move in words.items() if text.startswith(said + ";") or text.startswith(said + ".")]
    assert len(named) == 1, f"{text!r} names no legal move of {sorted(words)}"
    move = named[0]
    assert hint.get_attribute("data-packet") == str(move.packet or 0)
    if move.packet:  # shown at the packet it names
        assert hint.locator("xpath=ancestor::li[contains(@class,'packet')]").count() == 1
        packets = page.locator(".kabala > li.packet")
        assert packets.nth(move.packet - 1).locator(".coach-hint").count() == 1
    # the cards in the hand it plays are outlined, as the patience's Hint does (which Ace of two?)
    from kabale.web.views.selection import play_cards
    outlined = page.locator(".mine .endowment button.card.hinted").evaluate_all(
        "els => els.map(e => Number(e.dataset.index))")
    assert outlined == play_cards(hand.observation("S").endowment, move) and (outlined or not move.is_play)
    box = hint.bounding_box()
    assert box is not None
    assert box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= size[0] and box["y"] + box["height"] <= size[1]
    # the hint is for this position only: a move makes it go
    before = revision(page, "kabalam")
    click_move(page, move)
    wait_for_save(page, "kabalam", before)
    expect(page.locator(".coach-hint")).to_have_count(0)
    expect(page.locator(".mine .endowment button.card.hinted")).to_have_count(0)


#: The match as stored now, raw.
STORED_NOW = "() => localStorage.getItem('kabale:kabalam')"


@pytest.mark.parametrize("leave", ["reload", "close"])
def test_a_move_shown_is_a_move_saved_and_not_lost_by_a_reload_or_a_closed_tab(
        table_page: Page, base_url: str, leave: str) -> None:
    """A move (yours, and the computer's after it) is sent by Python with its record in one message,
    and the page draws the one and writes the other in the same task (assets/js/page.js): a move
    shown is a move saved, and a reload or a closed tab at once keeps it."""
    page = table_page
    start_two_seat_match(page, base_url, seed=3)
    match = saved_match(page).match  # once the match's own save is written
    assert match.hand is not None and match.hand.moves == ()
    move = my_move(match)
    assert move.is_play, "seed 3 opens with a play for South"
    raw = page.evaluate(STORED_NOW)
    lines = page.locator(".log-lines li").count()
    click_move(page, move)
    expect(page.locator(".log-lines li")).not_to_have_count(lines)  # the play is shown
    assert page.evaluate(STORED_NOW) != raw, "the play is shown, so it is saved"
    if leave == "reload":
        page.reload()
        page.wait_for_function("document.body.dataset.ready === '1'", timeout=90_000)
        expect(page.get_by_role("region", name="KABALAM table")).to_be_visible()
    else:
        # the tab that stays, to read storage once the first is closed: a file of the site, not the app
        other = page.context.new_page()
        page.close(run_before_unload=True)
        other.goto(base_url + "sw.js")
        other.wait_for_function(f"() => ({STORED_NOW})() !== {json.dumps(raw)}", timeout=10_000)
        page = other
    hand = saved_match(page).match.hand
    assert hand is not None and hand.moves[:1] == (move,)
