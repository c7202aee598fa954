"""Issue 6: Double H at the table, played through the page."""

from __future__ import annotations

import functools
import json
import re
from types import SimpleNamespace
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
    file (a worker runs a whole file): deal 38's took 5 s of CPython at load 7, and five tests use it."""
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


def test_the_deal_on_the_table_is_the_engines_deal(double_h: Callable[[int], Page]) -> None:
    page = double_h(31)
    game = DoubleH.deal(31)
    for place in game.facts().places:
        button = page.locator(f"button[data-action=place][data-place='{place.name}']")
        shown = button.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
        assert shown == [str(card) for card in place.cards]
    expect(page.get_by_role("button", name=re.compile(r"^Stock, 78 cards"))).to_be_visible()


@pytest.mark.slow
def test_a_seeded_deal_is_won_through_the_page_along_the_solvers_moves(double_h: Callable[[int], Page]) -> None:
    verdict = solved(1)
    assert verdict.status == "won"
    page = double_h(1)
    for move in verdict.moves:
        click_double_h_move(page, move)
        if move.kind is MoveKind.NEXT_ROUND:  # a round change shows its bonus, by the stock, and says it
            expect(page.locator(".stock-area .round")).to_have_text("Round 2 of 3 · a win counts ×2")
            expect(page.locator("#announcer")).to_have_text("Round 2 of 3 · a win counts ×2")
    expect(page.get_by_role("heading", name="You won in round 2! It counts as 2 wins.")).to_be_visible()
    game = saved_double_h(page).game
    assert game.result().outcome == "won" and list(game.history) == list(verdict.moves)
    expect(page.locator(".stats")).to_contain_text("Played 1, won 1, weighted by bonus 2")
    assert page.locator(".place-button.frame-complete").count() == 26


LOSING_CARD_MOVES = ["2L to JL", "3L to 10R", "waste to 3L", "9L to 7R", "waste to 9L", "6L to KR", "8R to 6L",
                     "3L to 8R", "turn 7R", "4L to 3L", "9R to JR", "KR to 5L", "5L to 2L", "KR to 2L", "waste to KR",
                     "9L to 5R", "waste to 9L", "waste to 9R", "waste to 4L"]


def test_a_lost_game_says_so_and_finds_where_it_was_lost(double_h: Callable[[int], Page]) -> None:
    page = double_h(2)
    page.locator("button[data-action=draw]").focus()
    for _ in range(3):  # the whole stock, three rounds, from the keyboard: D draws, N starts the next round
        for _ in range(78):
            page.keyboard.press("d")
        page.keyboard.press("n")
    assert len(saved_double_h(page).game.history) == 236
    for text in LOSING_CARD_MOVES:
        click_double_h_move(page, Move.from_text(text))
    expect(page.get_by_role("heading", name=re.compile("^Lost: no card can go"))).to_be_visible()
    assert saved_double_h(page).game.result().outcome == "lost"
    page.get_by_role("button", name="Where was it lost?").click()
    expect(page.locator(".turning")).to_be_visible(timeout=60_000)


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


def test_a_yellow_pile_is_turned_over(double_h: Callable[[int], Page]) -> None:
    verdict = solved(38)
    turn_at = next(i for i, move in enumerate(verdict.moves) if move.kind is MoveKind.TURN)
    page = double_h(38)
    for move in verdict.moves[:turn_at]:
        click_double_h_move(page, move)
    place = str(verdict.moves[turn_at].target)
    pile = page.locator(f"button[data-action=place][data-place='{place}']")
    expect(pile).to_have_class(re.compile("frame-yellow"))
    page.get_by_role("button", name=re.compile("^Turn over the pile on the")).click()
    expect(pile).to_have_class(re.compile("frame-(right|complete)"))
    cards = pile.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    assert cards[0].endswith("C")  # the club is at the bottom now: its right place


def test_an_illegal_move_says_why(double_h: Callable[[int], Page]) -> None:
    page = double_h(5)
    page.locator("button[data-action=draw]").click()
    game = saved_double_h(page).game
    # empty a place by a legal card move from the table, if the deal has one, then try to draw
    source_move = next((m for m in game.legal_moves() if m.kind is MoveKind.CARD and m.source is not None
                        and len(game.pile(m.source)) == 1), None)
    assert source_move is not None
    click_double_h_move(page, source_move)
    page.locator("button[data-action=draw]").click()
    expect(page.get_by_role("alert").filter(has_text="Fill the empty place")).to_contain_text(
        "Fill the empty place before you draw: the waste is not empty")


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


def test_a_hint_says_what_it_is_based_on(double_h: Callable[[int], Page]) -> None:
    page = double_h(5)
    page.get_by_role("button", name="Hint").click()
    # round 1's plan (kabale.games.double_h.solver_honest): a build proved safe, or see the stock through,
    # saying which round's win that aims at (a win counts its round's bonus)
    expect(page.locator(".hint-text")).to_contain_text(
        re.compile("It aims at a win in round 3, which counts ×1. The first round shows|This build is safe"),
        timeout=20_000)
    assert page.locator(".place-button.hinted, .waste.hinted").count() >= 1


#: A deal that, with the Hint followed, ends in some 290 moves (round 1 draws the stock through).
HINTED_DEAL = 3
#: The opening is played in CPython and the page takes the game over in round 2 once the stock
#: holds no more than this many cards: the rest of round 2 (a pile turned over, as a rule), the
#: Next round button, round 3 and the end are played through the page (some 80 hints).
HANDOVER_STOCK = 20
#: The opening's hints think for a tenth of the table's time (HINT_BUDGET_S): a few seconds for
#: the opening. (A cap in states would give one line on every machine, but it does not bound
#: the honest hint's work: at 10 states a hint as at 40, the opening made the same calls, 11-40 s.)
OPENING_S = 0.025
#: Once the hint on show is the advice (not "Thinking…"): what it marks, each its action and its name.
HINT_MARKS = """() => {
  const said = document.querySelector('.double-h-table .hint-text');
  if (!said || !said.textContent.startsWith('Hint: ')) return null;
  return [...document.querySelectorAll('.double-h-table .hinted')].map(e => [e.dataset.action, e.getAttribute('aria-label')]);
}"""
#: Once a marked card is picked up ("picked"), or the move is made: the hint goes with its position ("played").
PICKED_OR_PLAYED = """() => document.querySelector('.double-h-table .hinted[aria-pressed=true]') ? 'picked'
  : document.querySelector('.double-h-table .hinted') ? null : 'played'"""


def hinted_opening(seed: int) -> DoubleH:
    """Deal ``seed`` and follow the Hint as the table does (kabale.web.tables.table_double_h
    ``ask_hint``: the honest hint seeded by the move number, and a move that would bring a
    position back replaced by the draw, ``comes_back``) until the table takes over: in round 2,
    with no more than HANDOVER_STOCK cards in the stock. Through the page the opening took some
    200 of the game's 290 hints, some 80 s of a 113 s test in CI; here 7-12 s at load 6."""
    from kabale.solver import HONEST, hint
    from kabale.web.tables.table_double_h import DoubleHTable

    game = DoubleH.deal(seed)
    table = SimpleNamespace(game_state=game)  # what comes_back reads of the table
    while not (game.round == 2 and len(game.stock) <= HANDOVER_STOCK):
        assert not game.is_over(), "the opening ended the game"
        move = hint(game, HONEST, budget_s=OPENING_S, seed=len(game.history)).move
        assert move is not None
        if DoubleHTable.comes_back(table, move) and Move.draw() in game.legal_moves():  # type: ignore[arg-type]
            move = Move.draw()
        game.apply(move)
    return game


@pytest.mark.slow
def test_following_the_hint_by_its_marks_alone_plays_a_whole_game(page: Page, double_h: Callable[[int], Page]) -> None:
    """Issue 28: a player who presses only what the Hint marks plays a whole game: a card's marked
    source then its marked target (or the target alone), the stock, a pile's Turn over button
    (not the pile), the Next round button. Each mark says so to a screen reader. The opening,
    the Hint followed to late in round 2, is played in CPython (``hinted_opening``) and saved as
    the game in progress; the page plays on from there by the marks alone, through the end of
    round 2 and round 3 to the game's end (some 80 hints: the page is asked only what a player
    sees, a round trip or three each)."""
    from kabale.web.storage.saved import SavedDoubleH

    opening = hinted_opening(HINTED_DEAL)
    record = json.dumps({"app": "kabale", "schema": 1, "name": "double-h", "revision": 1,
                         "data": SavedDoubleH(opening).to_dict()})
    page.add_init_script(
        f"if (!localStorage.getItem('kabale:double-h')) localStorage.setItem('kabale:double-h', {json.dumps(record)});")
    page = double_h(HINTED_DEAL)
    expect(page.locator(".stock-area .round")).to_contain_text("Round 2 of 3")  # the opening, resumed
    marked, end = page.locator(".double-h-table .hinted"), page.locator(".game-end")
    pressed: dict[str, int] = {}
    for _ in range(600):
        if end.count():
            break
        page.keyboard.press("h")
        marks = page.wait_for_function(HINT_MARKS, timeout=15_000).json_value()
        assert marks and all(str(name).endswith(", marked by the Hint") for _action, name in marks), marks
        kinds = [action for action, _name in marks]
        marked.first.click()
        if len(kinds) == 1:  # a button: the stock, a pile's Turn over, Next round
            assert kinds[0] in ("draw", "turn", "next-round"), kinds
            key = kinds[0]
        else:  # a card: its source (a place or the waste) and its target place, pressed in the page's order
            assert len(kinds) == 2 and "place" in kinds and set(kinds) <= {"place", "waste"}, kinds
            key = "target alone"
            if page.wait_for_function(PICKED_OR_PLAYED).json_value() == "picked":
                marked.locator(":scope:not([aria-pressed=true])").click()
                key = "source, target"
        page.wait_for_function(PICKED_OR_PLAYED)  # played: the hint is gone
        pressed[key] = pressed.get(key, 0) + 1
    else:
        raise AssertionError("the game did not end")
    game = saved_double_h(page).game
    assert game.is_over() and game.history[:len(opening.history)] == opening.history
    assert {"draw", "turn", "next-round", "target alone", "source, target"} <= set(pressed), pressed


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


