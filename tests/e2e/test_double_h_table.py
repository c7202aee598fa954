"""Issue 6: Double H at the table, played through the page: what needs a browser (the focus and
the keyboard's walk, a double-click, axe, the note's place by its cards, the page's writes on a
reload or a closed tab). What the table shows and saves along whole games (the deal, a win, a
loss, the Hint's marks followed to the end, a refusal, a pile turned over) is played through the
app in CPython: tests/unit/test_double_h_app.py."""

from __future__ import annotations

import functools
import json
import re
from typing import Any, Callable

import pytest
from playwright.sync_api import Page, expect

from helpers import INSTANT, click_double_h_move, saved_double_h
from kabale.games.double_h.rules import DoubleH, Move, MoveKind
from kabale.solver import solve_seed
from kabale.solver_core import Verdict


@functools.cache
def solved(seed: int) -> Verdict[Move]:
    """The solver's line for a deal, capped in states (the same line each time), solved once for the
    file (a worker runs a whole file): deal 38's took 5 s of CPython at load 7, and four tests use it."""
    return solve_seed(seed, budget_s=None, budget_states=400_000)


@pytest.fixture
def double_h(page: Page, open_kabale: Callable[..., Page]) -> Callable[[int], Page]:
    """A Double H deal opened with the system's reduced motion: these tests play whole games
    through the page, and the cards' flights are test_motion's (waiting for a flight at every
    move, the seeded win took 59 s; without, 23 s)."""
    page.add_init_script(INSTANT)
    page.emulate_media(reduced_motion="reduce")

    def open_deal(seed: int) -> Page:
        opened = open_kabale(f"?game=double-h&seed={seed}")
        expect(opened.get_by_role("region", name="Double H table")).to_be_visible()
        return opened

    return open_deal


def test_undo_and_redo_without_limit(double_h: Callable[[int], Page]) -> None:
    verdict = solved(38)
    page = double_h(38)
    for move in verdict.moves[:6]:
        click_double_h_move(page, move)
    after = saved_double_h(page).game.position()
    for _ in range(6):
        page.get_by_role("button", name="Undo").click()
    assert saved_double_h(page).game.position() == DoubleH.deal(38).position()
    expect(page.get_by_role("button", name="Undo")).to_be_disabled()
    for _ in range(6):
        page.get_by_role("button", name="Redo").click()
    assert saved_double_h(page).game.position() == after


def test_a_reload_restores_the_game(double_h: Callable[[int], Page]) -> None:
    verdict = solved(38)
    page = double_h(38)
    for move in verdict.moves[:5]:
        click_double_h_move(page, move)
    before = page.locator(".double-h-board [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    page.reload()
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=90_000)
    after = page.locator(".double-h-board [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    assert after == before
    expect(page.get_by_role("button", name="Undo")).to_be_enabled()


def test_keyboard_only_moves(double_h: Callable[[int], Page]) -> None:
    verdict = solved(38)
    first = next(move for move in verdict.moves if move.kind is MoveKind.CARD and move.source is not None)
    prefix = verdict.moves[: verdict.moves.index(first)]
    page = double_h(38)
    for move in prefix:  # draws, from the keyboard
        assert move.kind is MoveKind.DRAW
        page.keyboard.press("d")
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.action") == "place":
            break
    assert first.source is not None and first.target is not None
    for _ in range(30):  # arrows walk the places to the card's own
        if page.evaluate("document.activeElement.dataset.place") == str(first.source):
            break
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    for _ in range(30):
        if page.evaluate("document.activeElement.dataset.place") == str(first.target):
            break
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    assert saved_double_h(page).game.history[-1] == first


def test_no_axe_violations_on_the_double_h_table(double_h: Callable[[int], Page], axe_violations: Any) -> None:
    page = double_h(38)
    verdict = solved(38)
    click_double_h_move(page, verdict.moves[0])
    page.locator("button[data-action=place]").first.click()
    assert [v["id"] for v in axe_violations(page)] == []


def test_a_double_click_sends_a_card_to_its_build(double_h: Callable[[int], Page]) -> None:
    verdict = solved(1)
    page = double_h(1)
    for index, move in enumerate(verdict.moves):
        game = DoubleH.deal(1)
        for earlier in verdict.moves[:index]:
            game.apply(earlier)
        if move.kind is MoveKind.CARD and move.source is not None and game.is_right(move.target.index):
            page.locator(f"button[data-place='{move.source}']").dblclick()
            assert saved_double_h(page).game.history[-1] == move
            return
        click_double_h_move(page, move)
    raise AssertionError("the solver's line has no build from a place")


def test_automatic_safe_moves_are_played_and_announced(page: Page, open_kabale: Callable[..., Page]) -> None:
    from kabale.solver import safe_move
    from kabale.web.storage.saved import SavedDoubleH

    line = solved(11).moves  # after move 72 of this line, a build is proved safe
    game = DoubleH.replay(11, line[:71])
    assert safe_move(game) is None
    after = DoubleH.replay(11, line[:72])
    safe = safe_move(after)
    assert safe is not None
    records = {
        "settings": {"bot_speed": "instant", "language": "en", "auto_safe_moves": True},
        "double-h": SavedDoubleH(game).to_dict(),
    }
    for name, data in records.items():
        record = json.dumps({"app": "kabale", "schema": 1, "name": name, "revision": 1, "data": data})
        page.add_init_script(f"localStorage.setItem('kabale:{name}', {json.dumps(record)});")
    page = open_kabale("?game=double-h&seed=11")
    click_double_h_move(page, line[71])
    expect(page.locator("#announcer")).to_contain_text("Played by itself (proved safe)")
    played = saved_double_h(page).game
    assert list(played.history[:73]) == [*line[:72], safe]
    assert safe_move(played) is None  # it played every safe move there was
    # the note stands by the place the last of them went to (issue 13: by the cards it concerns)
    last = played.history[-1]
    expect(page.locator(".double-h-table > .feedback .auto-note")).to_contain_text("Played by itself")
    expect(page.locator(".double-h-table > .feedback")).to_have_attribute("data-at", str(last.target))
    gap = page.evaluate("""at => {
      const p = document.querySelector(`.place-button[data-place="${at}"]`).getBoundingClientRect();
      const w = document.querySelector('.double-h-table > .feedback .advice').getBoundingClientRect();  // its bubble
      return Math.hypot(Math.max(p.left - w.right, w.left - p.right, 0), Math.max(p.top - w.bottom, w.top - p.bottom, 0));
    }""", str(last.target))
    assert gap <= 12, f"the note is {gap:.0f} px from {last.target}"


def test_winnable_deals_only_vets_a_new_deal_and_says_how_long_it_took(
    page: Page, open_kabale: Callable[..., Page]
) -> None:
    settings = {"bot_speed": "instant", "language": "en", "winnable_only": True}
    record = json.dumps({"app": "kabale", "schema": 1, "name": "settings", "revision": 1, "data": settings})
    page.add_init_script(f"localStorage.setItem('kabale:settings', {json.dumps(record)});")
    page = open_kabale("?game=double-h&seed=2")
    page.get_by_role("button", name="New deal").click()
    vetted = page.locator(".advice .vetted")
    expect(vetted).to_contain_text("was found winnable by the solver in", timeout=20_000)
    saved = saved_double_h(page)
    seed = saved.game.seed
    assert seed is not None and seed != 2 and saved.vetted_s is not None and saved.vetted_s < 3.0 + 0.6 + 1.0  # the budget, one more try, slack
    expect(vetted).to_have_text(f"Deal {seed} was found winnable by the solver in {saved.vetted_s:.1f} s.")
    assert solve_seed(seed, budget_s=10.0).status == "won"  # CPython's solver agrees
    page.locator("button[data-action=draw]").click()  # once play starts, the note gives way
    expect(vetted).to_have_count(0)


#: The moves in the record as stored now.
STORED_MOVES = "() => (JSON.parse(localStorage.getItem('kabale:double-h')) || {data: {game: {moves: []}}}).data.game.moves"


@pytest.mark.parametrize("leave", ["reload", "close"])
def test_a_move_shown_is_a_move_saved_and_not_lost_by_a_reload_or_a_closed_tab(
        double_h: Callable[[int], Page], leave: str) -> None:
    """Python sends a move's drawing and its record in one message, and the page draws the one and
    writes the other in the same task (assets/js/page.js): a move shown is a move saved, and a
    reload or a closed tab at once keeps it."""
    page = double_h(5)
    page.get_by_role("button", name=re.compile(r"^Stock, ")).click()
    expect(page.get_by_role("button", name=re.compile(r"^Stock, 77 cards"))).to_be_visible()
    assert page.evaluate(STORED_MOVES) == [str(Move.draw())], "the move is shown, so it is saved"
    if leave == "reload":
        page.reload()
        page.wait_for_function("document.body.dataset.ready === '1'", timeout=90_000)  # a loaded machine boots slowly
        expect(page.get_by_role("button", name=re.compile(r"^Stock, 77 cards"))).to_be_visible()
        assert list(saved_double_h(page).game.history) == [Move.draw()]
        return
    url = page.url
    other = page.context.new_page()  # the tab that stays, to read storage once the first is closed
    other.goto(url.split("?")[0] + "?game=patience&seed=3")
    page.close(run_before_unload=True)
    other.wait_for_function(f"() => ({STORED_MOVES})().length === 1", timeout=10_000)
    assert other.evaluate(STORED_MOVES) == [str(Move.draw())]
    other.close()


