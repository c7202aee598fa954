"""Issue 5: Patience Kabalam at the table: won and lost through the page, undo and redo, statistics."""

from __future__ import annotations

import json
import re
from typing import Any, Callable

import pytest
from playwright.sync_api import Page, expect

from helpers import INSTANT, click_move, inside, press_what_the_hint_marks, revision, saved_patience, wait_for_save
from kabale.cards import cards_from_text
from kabale.games.kabala.rules import Move
from kabale.games.patience.rules import Patience


@pytest.fixture
def patience_page(page: Page, open_kabale: Callable[..., Page]) -> Callable[[int], Page]:
    """A deal opened with the system's reduced motion: these tests play games through the page,
    and the cards' flights are test_motion's."""
    page.add_init_script(INSTANT)
    page.emulate_media(reduced_motion="reduce")

    def open_deal(seed: int) -> Page:
        opened = open_kabale(f"?game=patience&seed={seed}")
        expect(opened.get_by_role("region", name="Patience Kabalam table")).to_be_visible()
        return opened

    return open_deal


#: A deal whose game, following the Hint, ends in a few moves (the whole-game Hint test).
SHORT_DEAL = 1


def greedy(game: Patience) -> Move:
    """The most cards at once, else what the rules leave (draw, or a pass-flip of the first packet)."""
    legal = game.legal_moves()
    plays = [move for move in legal if move.is_play]
    return max(plays, key=lambda move: (move.count, -(move.packet or 0))) if plays else legal[0]


def play_greedily_to_the_end(page: Page, limit: int = 80) -> Patience:
    for _ in range(limit):
        game = saved_patience(page).game
        if game.is_over():
            return game
        before = revision(page, "patience")
        click_move(page, greedy(game))
        wait_for_save(page, "patience", before)
    raise AssertionError("the patience did not end")


def engine_result(seed: int) -> Any:
    game = Patience.deal(seed)
    while not game.is_over():
        game.apply(greedy(game))
    return game.result()


def test_a_patience_the_engine_says_wins_is_won_through_the_page(patience_page: Callable[[int], Page]) -> None:
    assert engine_result(42).won
    page = patience_page(42)
    game = play_greedily_to_the_end(page)
    assert game.result() == engine_result(42)
    expect(page.get_by_role("heading", name="You won! Your endowment is empty.")).to_be_visible()
    expect(page.locator(".stats")).to_contain_text("Played 1, won 1 (100%), streak 1, best streak 1")


def test_a_patience_lost_out_with_thirteen_says_why(patience_page: Callable[[int], Page]) -> None:
    assert engine_result(18).reason == "out_with_thirteen"
    page = patience_page(18)
    play_greedily_to_the_end(page)
    expect(page.locator(".game-end")).to_contain_text("Lost: out with thirteen")
    expect(page.locator(".stats")).to_contain_text("Played 1, won 0 (0%), streak 0")


def test_a_patience_lost_when_the_draw_pile_is_finished(patience_page: Callable[[int], Page]) -> None:
    assert engine_result(4).reason == "draw_pile_finished"
    page = patience_page(4)
    play_greedily_to_the_end(page)
    expect(page.locator(".game-end")).to_contain_text("the draw pile is finished")


def test_undo_and_redo_any_number_of_moves(patience_page: Callable[[int], Page]) -> None:
    page = patience_page(7)
    positions = [saved_patience(page).game.snapshot()]
    for _ in range(4):
        game = saved_patience(page).game
        before = revision(page, "patience")
        click_move(page, greedy(game))
        wait_for_save(page, "patience", before)
        positions.append(saved_patience(page).game.snapshot())
    for expected in reversed(positions[:-1]):
        before = revision(page, "patience")
        page.get_by_role("button", name="Undo").click()
        wait_for_save(page, "patience", before)
        assert saved_patience(page).game.snapshot() == expected
    expect(page.get_by_role("button", name="Undo")).to_be_disabled()
    for expected in positions[1:]:
        before = revision(page, "patience")
        page.get_by_role("button", name="Redo").click()
        wait_for_save(page, "patience", before)
        assert saved_patience(page).game.snapshot() == expected
    expect(page.get_by_role("button", name="Redo")).to_be_disabled()


def test_a_reload_restores_the_patience(patience_page: Callable[[int], Page]) -> None:
    page = patience_page(7)
    before = revision(page, "patience")
    click_move(page, greedy(saved_patience(page).game))
    wait_for_save(page, "patience", before)
    cards = page.locator(".mine button[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    page.reload()
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=90_000)
    assert page.locator(".mine button[data-card]").evaluate_all("els => els.map(e => e.dataset.card)") == cards
    expect(page.get_by_role("button", name="Undo")).to_be_enabled()


def test_the_deal_on_the_table_is_the_engines_deal(patience_page: Callable[[int], Page]) -> None:
    page = patience_page(4242)
    expected = Patience.deal(4242)
    shown = page.locator(".mine button[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    assert sorted(shown) == sorted(str(card) for card in expected.endowment)
    tops = page.locator(".kabala .card.top").evaluate_all("els => els.map(e => e.dataset.card)")
    assert tops == [str(card) for card in expected.face_up]
    expect(page.locator(".draw-pile")).to_have_text("Draw pile: 18")


def test_no_axe_violations_on_the_patience_table(patience_page: Callable[[int], Page], axe_violations: Any) -> None:
    page = patience_page(42)
    page.locator(".mine button[data-card]").first.click()
    assert [v["id"] for v in axe_violations(page)] == []


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}])
def test_the_hint_shows_the_honest_move_at_its_packet_inside_the_viewport(
        patience_page: Callable[[int], Page], viewport: dict[str, int]) -> None:
    from kabale.games.patience.solver_honest import honest_hint

    page = patience_page(14)
    page.set_viewport_size(viewport)
    game = saved_patience(page).game
    expected = honest_hint(game.observation(), seed=len(game.moves)).move  # what the page should advise
    assert expected is not None and expected.packet is not None
    page.keyboard.press("h") if viewport["width"] > 600 else page.get_by_role("button", name="Hint").click()
    bubble = page.get_by_role("status", name="Hint, from what you have seen only")
    expect(bubble).to_contain_text(f"on packet {expected.packet}.", timeout=15_000)
    expect(bubble).to_contain_text("possible deals of the unseen cards")
    expect(page.locator(f".kabala .packet:nth-child({expected.packet}).hinted")).to_have_count(1)
    marked = page.locator(".mine button.card.hinted").evaluate_all("els => els.map(e => e.dataset.card)")
    assert sorted(card.value for card in cards_from_text(" ".join(marked))) == sorted(expected.values)
    inside(page, ".patience-hint")
    # following it (one press on its packet plays it), the hint is for a position gone: it leaves
    before = revision(page, "patience")
    page.get_by_role("button", name=re.compile(rf"^Packet {expected.packet},")).click()
    wait_for_save(page, "patience", before)
    expect(page.locator(".patience-hint")).to_have_count(0)
    assert saved_patience(page).game.moves[:1] == (expected,)


def test_the_hint_puts_down_an_old_pick_and_a_tap_on_its_packet_or_its_cards_follows_it(
        patience_page: Callable[[int], Page]) -> None:
    """Issue 28: the Hint marks its cards and packet and picks nothing up. A card picked before
    asking is put down (a new player picked a 4, asked, tapped the packet and was refused for
    the 4); a marked card pressed is picked up as any press does, and the packet then plays the
    hint (the patience used to pick the cards up itself: tapping the outlined cards put them
    down, and the packet answered "Pick up the cards to play first")."""
    from kabale.games.patience.solver_honest import honest_hint

    page = patience_page(14)
    game = saved_patience(page).game
    expected = honest_hint(game.observation(), seed=len(game.moves)).move
    assert expected is not None and expected.kind in ("bare", "double") and expected.packet is not None
    hand = page.get_by_role("toolbar", name="Your cards")
    other = next(card for card in game.endowment if card.value not in expected.values)
    hand.locator(f'button[data-card="{other}"]').first.click()
    expect(hand.get_by_role("button", pressed=True)).to_have_count(1)
    page.get_by_role("button", name="Hint").click()
    expect(page.get_by_role("status", name="Hint, from what you have seen only")).to_contain_text(
        f"on packet {expected.packet}.", timeout=15_000)
    expect(hand.get_by_role("button", pressed=True)).to_have_count(0)  # the old pick is put down; none is picked
    marked = hand.locator("button.card.hinted")
    expect(marked).to_have_count(expected.count)
    marked.first.click()  # a marked card picked up, as any press does
    expect(hand.get_by_role("button", pressed=True)).to_have_count(1)
    packet = page.get_by_role("button", name=re.compile(rf"^Packet {expected.packet},.*, marked by the Hint$"))
    before = revision(page, "patience")
    packet.click()
    wait_for_save(page, "patience", before)
    assert saved_patience(page).game.moves[:1] == (expected,)
    expect(page.locator(".refusal")).to_have_text("")


def test_following_the_hint_by_its_marks_alone_plays_a_whole_patience(patience_page: Callable[[int], Page]) -> None:
    """Issue 28: a player who presses only what the Hint marks (its cards then its packet, or its
    packet alone, or its Draw button) plays the hint's moves to the end of the game."""
    from kabale.games.patience.solver_honest import honest_hint

    page = patience_page(SHORT_DEAL)
    hint = page.get_by_role("button", name="Hint")
    pressed = set()
    for turn in range(60):
        game = saved_patience(page).game
        if game.is_over():
            break
        expected = honest_hint(game.observation(), seed=len(game.moves)).move  # to check the page, not to press
        before = revision(page, "patience")
        expect(hint).to_be_enabled()
        hint.click()
        expect(page.locator(".patience-hint")).to_have_count(1, timeout=15_000)
        pressed.add(press_what_the_hint_marks(page, cards_first=turn % 2 == 1))
        wait_for_save(page, "patience", before)
        assert saved_patience(page).game.moves[len(game.moves)] == expected
    else:
        raise AssertionError("the patience did not end")
    assert saved_patience(page).game.is_over()
    assert {"packet", "cards+packet"} <= pressed


#: The patience as stored now, raw.
STORED_NOW = "() => localStorage.getItem('kabale:patience')"


@pytest.mark.parametrize("leave", ["reload", "close"])
def test_a_move_shown_is_a_move_saved_and_not_lost_by_a_reload_or_a_closed_tab(
        patience_page: Callable[[int], Page], leave: str) -> None:
    """Python runs in a worker (issue 29) and sends the move's drawing and its record in one
    message; the page draws the one and writes the other in the same task (assets/js/page.js), so
    a move shown is a move saved, and a reload or a closed tab at once keeps it."""
    page = patience_page(7)
    before = saved_patience(page)  # once the deal's own save is written
    assert before.game.moves == ()
    raw = page.evaluate(STORED_NOW)
    move = greedy(before.game)
    click_move(page, move)
    expect(page.get_by_role("button", name="Undo")).to_be_enabled()
    assert page.evaluate(STORED_NOW) != raw, "the move is shown, so it is saved"
    if leave == "reload":
        cards = page.locator(".mine button[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
        page.reload()
        page.wait_for_function("document.body.dataset.ready === '1'", timeout=90_000)
        assert page.locator(".mine button[data-card]").evaluate_all("els => els.map(e => e.dataset.card)") == cards
        assert saved_patience(page).game.moves[:1] == (move,)
        return
    # the tab that stays, to read storage once the first is closed: a file of the site, not the
    # app (whose own saves would reach the first tab as a storage event, and write the save)
    other = page.context.new_page()
    other.goto(page.url.split("?")[0] + "sw.js")
    page.close(run_before_unload=True)
    other.wait_for_function(f"() => ({STORED_NOW})() !== {json.dumps(raw)}", timeout=10_000)
    assert saved_patience(other).game.moves[:1] == (move,)
    other.close()
