"""The searches that run in Pyodide's worker, run there once each: the expert computer's turn and
"Where was it lost?" (a binary search of the solver's).

What they show is tested in CPython (tests/unit/test_kabalam_app.py, test_double_h_app.py); here
the same code runs in the browser's Python, in its worker: its stack, its memory, its speed.
"""

from __future__ import annotations

import json
from typing import Callable

from playwright.sync_api import Page, expect

from helpers import INSTANT, STILL, saved_match  # type: ignore[import-not-found]
from kabale.games.double_h.rules import DoubleH, Move
from kabale.games.kabalam.match import Match
from kabale.web.storage.saved import SavedDoubleH, SavedMatch, SeatPlan, TablePlan
from test_double_h_app import LOSING_CARD_MOVES  # type: ignore[import-not-found]  (the CPython test's)

pytestmark = STILL


def store(page: Page, name: str, data: object) -> None:
    """A record in storage before the page's scripts run."""
    record = json.dumps({"app": "kabale", "schema": 1, "name": name, "revision": 1, "data": data})
    page.add_init_script(f"localStorage.setItem('kabale:{name}', {json.dumps(record)});")


def test_the_expert_computer_plays_its_turn_in_the_worker(page: Page, open_kabale: Callable[..., Page]) -> None:
    """A two-seat match saved with West, the expert, to play: the page's worker plays West's turn."""
    match = Match.start(5, seats=2)
    while match.turn != "W":
        match.apply(match.legal_moves()[0])
    plan = TablePlan((SeatPlan("S", "you"), SeatPlan("W", "expert")))
    page.add_init_script(INSTANT)
    store(page, "kabalam", SavedMatch(plan, match).to_dict())
    open_kabale(f"?game=kabalam&seed={match.seed}")
    made = len(match.hand.history)  # type: ignore[union-attr]
    expect(page.get_by_role("region", name="KABALAM table")).to_be_visible()
    played: list[str] = []
    for _ in range(150):
        hand = saved_match(page).match.hand
        assert hand is not None
        played = [event.seat for event in hand.history[made:] if event.kind in ("bare", "double", "pass", "yield")]
        if played:
            break
        page.wait_for_timeout(100)
    assert played[:1] == ["W"], played


def test_where_a_game_was_lost_is_found_in_the_worker(page: Page, open_kabale: Callable[..., Page]) -> None:
    """Deal 2 lost (the stock drawn through three rounds, then the card moves that leave none to
    play): "Where was it lost?" searches back along the game in the worker and says what it found.
    (For this game it says, in CPython too, "The solver could not decide within its time": the
    search's budget, not the worker, decides that.)"""
    game = DoubleH.deal(2)
    for round_number in range(3):
        for _ in range(78):
            game.apply(Move.draw())
        if round_number < 2:
            game.apply(Move.next_round())
    for text in LOSING_CARD_MOVES:
        game.apply(Move.from_text(text))
    assert game.result().outcome == "lost"
    page.add_init_script(INSTANT)
    store(page, "double-h", SavedDoubleH(game).to_dict())
    open_kabale("?game=double-h&seed=2")
    page.get_by_role("button", name="Where was it lost?").click()
    expect(page.locator(".turning")).to_be_visible(timeout=60_000)
