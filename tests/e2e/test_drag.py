"""Issue 14: cards dragged with a mouse and with a finger (Pointer Events, assets/js/drag.js).

A touch drag is real touch input: CDP's Input.dispatchTouchEvent, which Chromium turns into
pointer events of type "touch" as a phone's screen would. A mouse drag is Playwright's mouse.
In each game a drag onto a legal target plays the move; in Double H an illegal drop is refused
with its reason and the card flies back.
"""

from __future__ import annotations

import re
import time
from typing import Any, Callable, Iterator

import pytest
from playwright.sync_api import Locator, Page, expect

from conftest import wait_ready  # type: ignore[import-not-found]
from helpers import (INSTANT, VALUE_NAMES, revision, saved_double_h, saved_match, saved_patience, wait_for_save,
                     wait_landed)
from kabale.games.double_h.rules import DoubleH, Move as DoubleHMove, MoveKind
from kabale.games.kabala.rules import Move
from kabale.games.patience.rules import Patience

STEPS = 12


def centre(locator: Locator) -> tuple[float, float]:
    box = locator.bounding_box()
    assert box is not None, f"{locator} is not on screen"
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def grip(locator: Locator) -> tuple[float, float]:
    """Where a finger takes a card: by its top-left index, which a fan never covers."""
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    assert box is not None, f"{locator} is not on screen"
    return box["x"] + min(12.0, box["width"] * 0.2), box["y"] + box["height"] * 0.3


class Pointer:
    """Drags from one element's centre to another's, by mouse or by finger."""

    def __init__(self, page: Page, kind: str) -> None:
        self.page, self.kind = page, kind
        self.cdp = page.context.new_cdp_session(page) if kind == "touch" else None

    def _touch(self, kind: str, x: float, y: float) -> None:
        assert self.cdp is not None
        points = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1, "radiusX": 4, "radiusY": 4, "force": 1}]
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def drag(self, source: Locator, target: Locator) -> None:
        (x0, y0), (x1, y1) = grip(source), centre(target)
        if self.kind == "mouse":
            self.page.mouse.move(x0, y0)
            self.page.mouse.down()
            self.page.mouse.move(x1, y1, steps=STEPS)
            self.page.mouse.up()
            return
        self._touch("touchStart", x0, y0)
        for step in range(1, STEPS + 1):
            self._touch("touchMove", x0 + (x1 - x0) * step / STEPS, y0 + (y1 - y0) * step / STEPS)
            self.page.wait_for_timeout(16)
        self._touch("touchEnd", x1, y1)


@pytest.fixture(params=["mouse", "touch"])
def pointer_page(request: pytest.FixtureRequest, shared_context: Any) -> Iterator[tuple[Page, str]]:
    """A page on a phone with a touch screen (touch), or a desktop with a mouse (in the context
    this file's tests share for that screen: conftest's ``shared_context``)."""
    kind: str = request.param
    options: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}
    if kind == "touch":
        options = {"viewport": {"width": 390, "height": 844}, "has_touch": True}
    page: Page = shared_context(**options).new_page()
    page.add_init_script(INSTANT)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page, kind
    assert not errors, errors


def open_at(page: Page, url: str) -> Page:
    page.goto(url)
    wait_ready(page)
    at_rest(page)
    return page


def at_rest(page: Page) -> None:
    """Wait for the deal's animation: cards are taken where they lie, not where they fly. A deal
    waiting for its frame counts (helpers.LANDED): the animations running at the call were none
    when the page had drawn the table but not yet begun its deal."""
    wait_landed(page)
    page.evaluate("Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null)))")


def place(page: Page, name: str) -> Locator:
    return page.locator(f"button[data-action=place][data-place='{name}']")


def board(page: Page) -> list[list[str]]:
    return [button.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
            for button in page.locator("button[data-action=place]").all()]


def engine_board(game: DoubleH) -> list[list[str]]:
    return [[str(card) for card in place_facts.cards] for place_facts in game.facts().places]


def shows(page: Page, game: DoubleH) -> None:
    deadline = time.monotonic() + 10
    while board(page) != engine_board(game):
        assert time.monotonic() < deadline, "the board shown is not the game's"
        time.sleep(0.05)


def test_double_h_a_card_dragged_to_a_legal_place_is_played(pointer_page: tuple[Page, str], base_url: str) -> None:
    page, kind = pointer_page
    open_at(page, f"{base_url}?game=double-h&seed=31")
    game = DoubleH.deal(31)
    move = next(m for m in game.legal_moves() if m.kind is MoveKind.CARD and m.source is not None)
    source, target = str(move).split(" to ")
    Pointer(page, kind).drag(place(page, source).locator(".pile .card").last, place(page, target))
    game.apply(move)
    shows(page, game)
    assert list(saved_double_h(page).game.history) == [move]
    expect(page.locator(".drag-ghost")).to_have_count(0)


def test_double_h_an_illegal_drop_flies_back_and_says_why(pointer_page: tuple[Page, str], base_url: str) -> None:
    page, kind = pointer_page
    open_at(page, f"{base_url}?game=double-h&seed=31")
    game = DoubleH.deal(31)
    legal = {str(m) for m in game.legal_moves()}
    names = [str(p.name) for p in game.facts().places]
    source = next(str(m).split(" to ")[0] for m in game.legal_moves()
                  if m.kind is MoveKind.CARD and m.source is not None)
    wrong = next(name for name in names if name != source and f"{source} to {name}" not in legal)
    before = board(page)
    Pointer(page, kind).drag(place(page, source).locator(".pile .card").last, place(page, wrong))
    with pytest.raises(Exception):
        game.apply(DoubleHMove.card(source, wrong))  # the engine refuses it too
    expect(page.locator(".refusal, [role=alert]").filter(has_text=re.compile(r"\w")).first).to_be_visible()
    expect(page.locator(".drag-ghost")).to_have_count(0)
    assert board(page) == before
    assert saved_double_h(page).game.history == () or not saved_double_h(page).game.history


def drag_a_play(page: Page, kind: str, move: Move) -> None:
    """Pick up all but the last card of the play by tapping, then drag the last one to its packet."""
    hand = page.get_by_role("toolbar", name="Your cards")
    pointer = Pointer(page, kind)
    *tapped, dragged = move.values
    for value in tapped:
        card = hand.get_by_role("button", name=re.compile(rf"^{VALUE_NAMES.get(value, value)} of "), pressed=False)
        card.first.tap() if kind == "touch" else card.first.click()
    card = hand.get_by_role("button", name=re.compile(rf"^{VALUE_NAMES.get(dragged, dragged)} of "), pressed=False)
    packet = page.get_by_role("button", name=re.compile(rf"^(Packet|Flip packet) {move.packet},"))
    pointer.drag(card.first, packet)


def test_patience_cards_dragged_to_a_packet_are_played(pointer_page: tuple[Page, str], base_url: str) -> None:
    page, kind = pointer_page
    open_at(page, f"{base_url}?game=patience&seed=42")
    game = Patience.deal(42)
    move = min((m for m in game.legal_moves() if m.is_play), key=lambda m: m.count)
    before = revision(page, "patience")
    drag_a_play(page, kind, move)
    wait_for_save(page, "patience", before)
    assert saved_patience(page).game.moves[0] == move


def test_kabalam_cards_dragged_to_a_packet_are_played(pointer_page: tuple[Page, str], base_url: str) -> None:
    page, kind = pointer_page
    open_at(page, f"{base_url}?game=kabalam&seed=2")  # South opens, and has a play
    page.get_by_label("Who sits West?").select_option(label="The computer, normal")
    start = page.get_by_role("button", name="Start the match")
    start.tap() if kind == "touch" else start.click()
    expect(page.get_by_role("region", name="KABALAM table")).to_be_visible()
    at_rest(page)
    match = saved_match(page).match
    assert match.hand is not None and match.hand.turn == "S"
    move = min((m for m in match.legal_moves() if m.is_play), key=lambda m: m.count)
    played_before = len(match.hand.moves)
    before = revision(page, "kabalam")
    drag_a_play(page, kind, move)
    wait_for_save(page, "kabalam", before)
    hand = saved_match(page).match.hand
    assert hand is not None and hand.moves[played_before] == move


def test_a_dropped_card_travels_from_where_it_was_let_go(pointer_page: tuple[Page, str], base_url: str) -> None:
    """With motion on, the redraw after a drop sends the card on from the drop point, not from
    its old place: the ghost and the card never show the same card twice."""
    page, kind = pointer_page
    if kind == "touch":
        pytest.skip("the motion is the same for a finger; the mouse case measures it")
    open_at(page, f"{base_url}?game=double-h&seed=31")
    page.evaluate("window.kabaleMotion.duration = 5000")  # slow enough to read the flight
    game = DoubleH.deal(31)
    move = next(m for m in game.legal_moves() if m.kind is MoveKind.CARD and m.source is not None)
    source, target = str(move).split(" to ")
    card = place(page, source).locator(".pile .card").last
    origin = card.bounding_box()
    assert origin is not None
    Pointer(page, kind).drag(card, place(page, target))
    page.wait_for_function("window.kabaleMotion.moved >= 1")
    landed = place(page, target).locator(".pile .card").last
    final = page.evaluate("""(el) => {
        const a = el.getAnimations().find((x) => x.id === window.kabaleMotion.ANIMATION_ID);
        const m = /translate\\(([-\\d.]+)px, ([-\\d.]+)px\\)/.exec(a.effect.getKeyframes()[0].transform);
        const r = el.getBoundingClientRect();
        return {dx: +m[1], dy: +m[2], left: r.left, top: r.top};
    }""", landed.element_handle())
    start = (final["left"] + final["dx"], final["top"] + final["dy"])  # where its flight began
    from_origin = ((start[0] - origin["x"]) ** 2 + (start[1] - origin["y"]) ** 2) ** 0.5
    to_target = ((final["left"] - origin["x"]) ** 2 + (final["top"] - origin["y"]) ** 2) ** 0.5
    assert to_target > 40 and from_origin > 0.6 * to_target  # it starts near the drop, far from its old place
    expect(page.locator(".drag-ghost")).to_have_count(0)
