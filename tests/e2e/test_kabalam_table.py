"""Issue 5: KABALAM at the table, played through the page like a person would."""

from __future__ import annotations

import json
import re
import random
from functools import partial
from typing import Any, Callable

import pytest
from playwright.sync_api import Page, expect

from conftest import wait_ready  # type: ignore[import-not-found]
from helpers import (INSTANT, click_move, inside, press_what_the_hint_marks, revision, saved_match,
                     settle, start_two_seat_match, stored,
                     wait_for_save)
from kabale.bots import make_bot
from kabale.cards import new_rng
from kabale.games.kabala.rules import Move
from kabale.games.kabalam.hand import KabalamHand
from kabale.games.kabalam.match import Match
from kabale.web.text.i18n import translate
from kabale.web.text.messages import card_name
from kabale.web.storage.saved import SavedMatch, SeatPlan, TablePlan


@pytest.fixture
def table_page(page: Page) -> Page:
    """A page whose computers play at once, with the system's reduced motion: these tests play
    hands through the page, and the cards' flights are test_motion's."""
    page.add_init_script(INSTANT)
    page.emulate_media(reduced_motion="reduce")
    return page


#: A deal whose first hand, with the Hint followed, ends in some ten of the person's decisions.
HINTED_HAND = 3


def my_move(match: Match) -> Move:
    """A simple person: the first play if there is one, else pass on packet 1 (yields come by themselves)."""
    legal = match.legal_moves()
    plays = [move for move in legal if move.is_play]
    return plays[0] if plays else legal[0]


def play_my_turns_until_the_hand_ends(page: Page, limit: int = 400) -> Match:
    for _ in range(limit):
        match = saved_match(page).match
        hand = match.hand
        assert hand is not None
        if hand.is_over():
            return match
        if hand.turn != "S":
            before = revision(page, "kabalam")
            wait_for_save(page, "kabalam", before - 1)  # the computer plays at once
            page.wait_for_function(
                "() => { const r = JSON.parse(localStorage.getItem('kabale:kabalam')).data.match;"
                " return true; }")
            page.wait_for_timeout(20)
            continue
        before = revision(page, "kabalam")
        click_move(page, my_move(match))
        wait_for_save(page, "kabalam", before)
    raise AssertionError("the hand did not end")


def test_a_whole_two_seat_hand_against_the_computer(table_page: Page, base_url: str, axe_violations: Any) -> None:
    page = table_page
    start_two_seat_match(page, base_url, seed=11)
    match = play_my_turns_until_the_hand_ends(page)
    result = match.hand.result() if match.hand else None
    assert result is not None
    end = page.get_by_role("region", name="Hand 1 is over")
    expect(end).to_be_visible()
    for seat, name in (("S", "You"), ("W", "West (computer, normal)")):
        row = end.get_by_role("row", name=name)
        expect(row).to_contain_text(str(result.scores[seat]))
    # every move was made through the page and saved: the record replays in CPython
    replayed = Match.from_dict(json.loads(json.dumps(match.to_dict())))
    assert replayed.totals == match.totals
    assert axe_violations(page) == []  # the end-of-hand panel
    page.get_by_role("button", name="Next hand").click()
    expect(page.get_by_role("heading", name="KABALAM · Hand 2")).to_be_visible()


def test_the_end_of_a_hand_shows_the_cards_left_and_what_they_cost(table_page: Page, base_url: str) -> None:
    """Issue 28, item 10: played to the end through the page, the hand's end shows each seat's
    cards left as named faces in its row, with what they cost, and says who closed once (in the
    closer's row: the log keeps its own line)."""
    page = table_page
    page.set_viewport_size({"width": 390, "height": 844})
    start_two_seat_match(page, base_url, seed=20)
    match = play_my_turns_until_the_hand_ends(page)
    hand = match.hand
    assert hand is not None
    result = hand.result()
    assert result is not None
    end = page.get_by_role("region", name="Hand 1 is over")
    expect(end).to_be_visible()
    inside(page, ".hand-end")
    names = {"S": "You", "W": "West (computer, normal)"}
    for seat, name in names.items():
        row = end.get_by_role("row", name=re.compile("^" + re.escape(name)))
        held = hand.endowment(seat)
        faces = row.get_by_role("img")
        expect(faces).to_have_count(len(held))
        for index, card in enumerate(held):
            expect(faces.nth(index)).to_have_accessible_name(card_name(card, partial(translate, "en")))
        words = "Closed" if seat == result.closer else f"cost {sum(card.value for card in held)}"
        expect(row.get_by_role("cell").first).to_have_text(words)
        expect(row.get_by_role("cell").nth(1)).to_have_text(str(result.scores[seat]))
    assert result.closer == "S"  # the "You closed." (this deal's hand ends so)
    expect(end.get_by_text(re.compile(r"closed", re.I))).to_have_count(1)


def test_an_illegal_play_says_why(table_page: Page, base_url: str) -> None:
    page = table_page
    start_two_seat_match(page, base_url, seed=5)
    match = saved_match(page).match
    hand = match.hand
    assert hand is not None and hand.turn == "S"
    target = hand.target
    wrong = next(card for card in hand.endowment("S") if card.value != target)
    page.locator(f".mine button[data-card='{wrong}']").first.click()
    expect(page.locator(".mine [aria-pressed=true]")).to_have_count(1)
    page.locator("button[data-action=packet][data-packet='2']").click()
    expect(page.get_by_role("alert").filter(has_text="The Kabala sums to")).to_contain_text(
        f"The Kabala sums to {target}")
    assert saved_match(page).match.hand.moves == ()  # type: ignore[union-attr]


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


def test_corrupt_storage_is_survived(page: Page, open_kabale: Callable[..., Page]) -> None:
    page.add_init_script("""
      if (!sessionStorage.getItem("seeded")) {
        sessionStorage.setItem("seeded", "1");
        localStorage.setItem("kabale:kabalam", '{"app": "kabale", "schema": 1, "name": "kabalam", "revis');
      }""")
    page = open_kabale("?game=kabalam")
    expect(page.get_by_role("alert").first).to_contain_text("could not be read, so it was set aside")
    expect(page.get_by_role("alert").first).not_to_contain_text("kabale-backup")  # no storage key for a player
    expect(page.get_by_role("button", name="Start the match")).to_be_visible()
    keys = page.evaluate("Object.keys(localStorage)")
    assert any(key.startswith("kabale-backup:kabalam:") for key in keys)
    assert "kabale:kabalam" not in keys


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


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "expert"])
def test_the_computer_plays_at_each_level(table_page: Page, base_url: str, level: str) -> None:
    page = table_page
    start_two_seat_match(page, base_url, seed=3, west=f"The computer, {level}")
    for _ in range(20):  # South plays her turn; then West, the computer, plays its own to the end
        match = saved_match(page).match
        assert match.hand is not None
        if match.hand.turn != "S" or match.hand.is_over():
            break
        before = revision(page, "kabalam")
        click_move(page, my_move(match))
        wait_for_save(page, "kabalam", before)
    page.wait_for_function(
        "() => { const m = JSON.parse(localStorage.getItem('kabale:kabalam')).data.match;"
        " const hand = m.hands[m.hands.length - 1]; return hand.moves.length > 0; }")
    expect(page.locator(".seat.me.turn, .hand-end")).to_have_count(1, timeout=30_000)
    match = saved_match(page).match  # every move the computer made was legal: the record replays
    assert match.hand is not None
    west_moves = [event for event in match.hand.history if event.seat == "W" and event.kind != "draw"]
    assert west_moves, "West made no move"
    log = page.locator(".log-lines").inner_text()
    assert "West (computer, " + level + ")" in log
    if level not in ("hard", "expert"):  # easy and normal choose from the table's seeded rng alone: replay each choice
        replay = KabalamHand.from_dict({**match.hand.to_dict(), "moves": []})
        for move in match.hand.moves:
            if replay.turn == "W":
                rng = new_rng(f"{match.seed}:{match.hand_number}:W:{len(replay.moves)}")
                assert move == make_bot(level, rng).choose(replay.observation("W")), "West plays another level"
            replay.apply(move)


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


def test_a_click_while_the_computers_play_is_shown_lets_the_game_go_on(page: Page, base_url: str) -> None:
    settings = {"bot_speed": "slow", "language": "en"}  # each computer play stays in view 1.4 s
    record = json.dumps({"app": "kabale", "schema": 1, "name": "settings", "revision": 1, "data": settings})
    page.add_init_script(f"localStorage.setItem('kabale:settings', {json.dumps(record)});")
    start_two_seat_match(page, base_url, seed=3, west="The computer, easy")
    west_shown = page.locator(".reveal[aria-label^='West']")
    for _ in range(600):  # South plays her turns until West's play is on show
        if west_shown.count():
            break
        match = saved_match(page).match
        assert match.hand is not None and not match.hand.is_over()
        if match.hand.turn == "S" and not page.locator(".reveal").count():
            before = revision(page, "kabalam")
            click_move(page, my_move(match))
            wait_for_save(page, "kabalam", before)
        else:
            page.wait_for_timeout(50)
    expect(west_shown).to_have_count(1)  # West's play, shown before its flip
    page.get_by_role("button", name=re.compile(r"^Packet 1,")).click()  # impatient: not her turn
    expect(west_shown).to_have_count(0)  # the play flipped at once...
    expect(page.locator(".seat.me.turn, .hand-end")).to_have_count(1, timeout=60_000)  # ...and West played on


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


def test_following_the_hint_by_its_marks_alone_plays_a_whole_hand(table_page: Page, base_url: str) -> None:
    """Issue 28: a person who presses only what the Hint marks (its cards then its packet, its
    packet alone, or the Yield button) plays a whole hand against the computer (at once)."""
    page = table_page
    start_two_seat_match(page, base_url, seed=HINTED_HAND)
    hint, pressed = page.locator(".hint-button"), set()
    for turn in range(80):
        expect(page.locator(".hint-button:enabled, .hand-end").first).to_be_visible(timeout=30_000)
        if page.locator(".hand-end").count():
            break
        before = revision(page, "kabalam")
        moves_before = len(saved_match(page).match.hand.moves)
        hint.click()
        expect(page.locator(".coach-hint")).to_have_count(1, timeout=30_000)
        pressed.add(press_what_the_hint_marks(page, cards_first=turn % 2 == 1))
        wait_for_save(page, "kabalam", before)
        assert len(saved_match(page).match.hand.moves) > moves_before
        expect(page.locator(".refusal")).to_have_text("")
    else:
        raise AssertionError("the hand did not end")
    hand = saved_match(page).match.hand
    assert hand is not None and hand.is_over()
    assert {"packet", "cards+packet"} <= pressed, pressed


def test_the_set_up_says_how_strong_each_level_is_and_seats_you_against_normal(page: Page, base_url: str) -> None:
    """Issue 16: measured strengths at the set-up (kabale.bots.ladder); the default is you against normal."""
    page.goto(f"{base_url}?game=kabalam&seed=3")
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=90_000)
    levels = page.get_by_role("group", name="How strong the computer is")
    expect(levels).to_be_visible()
    expect(levels).to_contain_text("it beats normal in 98.5% of two-player matches")
    expect(levels).to_contain_text("normal beats it in 71.8%")
    expect(levels).to_contain_text("press Hint (H)")
    expect(page.get_by_label("2 players")).to_be_checked()
    expect(page.get_by_label("Who sits South?")).to_have_value("you")
    expect(page.get_by_label("Who sits West?")).to_have_value("normal")


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
