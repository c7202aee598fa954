"""Motion (issue 14, item 1): a card travels from where it was to where it goes, with
transforms only, in under 300 ms; a press during the flight ends it at once; the
system's reduced motion and the setting turn it off."""

from __future__ import annotations

import json
import re
from functools import partial
from typing import Any, Callable

import pytest
from playwright.sync_api import Page, expect

from conftest import wait_ready  # type: ignore[import-not-found]
from helpers import INSTANT, click_double_h_move, click_move, saved_double_h, saved_patience  # type: ignore[import-not-found]
from kabale.cards import Card
from kabale.web.text.i18n import translate
from kabale.web.text.messages import card_name

PATIENCE = "?game=patience&seed=7"
EN = partial(translate, "en")

#: The card animations that are in flight, frozen where they are so a slow machine
#: cannot let them end before the test has looked at them.
FROZEN_FLIGHTS = """() => {
  const flights = document.getAnimations().filter((animation) => animation.id === 'kabale-move');
  flights.forEach((animation) => animation.pause());
  return flights.map((animation) => ({
    card: animation.effect.target.dataset.card,
    duration: animation.effect.getTiming().duration,
    properties: [...new Set(animation.effect.getKeyframes().flatMap((frame) => Object.keys(frame)))]
      .filter((key) => !['offset', 'computedOffset', 'easing', 'composite'].includes(key)),
  }));
}"""


def shown_hand(page: Page) -> list[str]:
    cards: list[str] = page.locator(".mine button[data-card]").evaluate_all("nodes => nodes.map(n => n.dataset.card)")
    return cards


def slow_motion(page: Page) -> None:
    """Ten-second flights: the test looks at cards mid-way, then ends them itself."""
    page.evaluate("window.kabaleMotion.duration = 10000")


def play_a_patience_move(page: Page) -> Any:
    game = saved_patience(page).game
    plays = [move for move in game.legal_moves() if move.is_play]
    move = plays[0]
    click_move(page, move)
    return move


def flights_after(page: Page, action: Callable[[], Any]) -> tuple[Any, list[dict[str, Any]]]:
    result = action()
    page.wait_for_function(FROZEN_FLIGHTS.replace("return flights.map", "return flights.length > 0 && flights.map"),
                           timeout=10_000)
    flights: list[dict[str, Any]] = page.evaluate(FROZEN_FLIGHTS)
    return result, flights


def in_flight(page: Page) -> int:
    count: int = page.evaluate(
        "document.getAnimations().filter((animation) => animation.id === 'kabale-move').length")
    return count


def test_a_played_card_travels_with_transforms_only_in_under_300_ms(page: Page, open_kabale: Callable[..., Page]) -> None:
    page = open_kabale(PATIENCE)  # at the normal pace, the cards played stay in view over their packet
    assert page.evaluate("window.kabaleMotion.duration") <= 300
    slow_motion(page)
    before = shown_hand(page)
    move, flights = flights_after(page, lambda: play_a_patience_move(page))
    played = set(before) - set(shown_hand(page))
    assert played and played <= {flight["card"] for flight in flights}
    assert all(flight["properties"] == ["transform"] for flight in flights)
    # a press anywhere ends every flight at once: input is never held up
    page.mouse.move(5, 5)
    page.mouse.down()
    page.mouse.up()
    assert in_flight(page) == 0


def test_a_double_h_move_travels_from_its_place(page: Page, open_kabale: Callable[..., Page]) -> None:
    page.add_init_script(INSTANT)
    page = open_kabale("?game=double-h&seed=7")
    slow_motion(page)
    game = saved_double_h(page).game
    from kabale.games.double_h.rules import MoveKind

    move = next(move for move in game.legal_moves() if move.kind is MoveKind.CARD)
    card = str(game.pile(move.source)[-1]) if move.source is not None else str(game.waste[-1])
    _, flights = flights_after(page, lambda: click_double_h_move(page, move))
    assert card in {flight["card"] for flight in flights}
    assert all(flight["properties"] == ["transform"] for flight in flights)
    page.keyboard.press("Shift")  # a key ends the flights too
    assert in_flight(page) == 0
    # issue 31, item 5: a card drawn from the stock travels too, face down from the stock, and turns
    # face up on its way to the waste (it was seen nowhere before, so only a cue can move it). The
    # face-down stand-in sets off at the click itself (tests/e2e/test_move_echo.py: from the stock),
    # one at a time; the card turns in once Python has drawn it
    page.evaluate("""() => { window.__backs = 0; new MutationObserver(() => { window.__backs = Math.max(
      window.__backs, document.querySelectorAll('.motion-ghosts > .card.back').length); })
      .observe(document.body, {subtree: true, childList: true}); }""")  # the most at once
    flights = frozen_when(page, "kabale-travel", page.get_by_role("button", name=re.compile(r"^Stock, ")).click,
                          on_card=True)
    drawn = str(saved_double_h(page).game.waste[-1])
    travel = [flight for flight in flights if flight["id"] == "kabale-travel"]
    assert page.evaluate("window.__backs") == 1
    assert any(not flight["ghost"] and flight["card"] == drawn for flight in travel), (drawn, travel)
    assert all(flight["properties"] == ["transform"] for flight in travel)
    assert max(flight["ends"] for flight in travel) <= 300
    page.keyboard.press("Shift")
    assert running_ours(page) == 0


@pytest.mark.parametrize("how", ["setting", "system"])
def test_reduced_motion_keeps_every_card_still(page: Page, open_kabale: Callable[..., Page], how: str) -> None:
    settings: dict[str, Any] = {"bot_speed": "instant", "language": "en", "reduced_motion": how == "setting"}
    record = json.dumps({"app": "kabale", "schema": 1, "name": "settings", "revision": 1, "data": settings})
    page.add_init_script(f"localStorage.setItem('kabale:settings', {json.dumps(record)});")
    if how == "system":
        page.emulate_media(reduced_motion="reduce")
    page = open_kabale(PATIENCE)
    slow_motion(page)
    play_a_patience_move(page)
    page.wait_for_timeout(300)  # two frames and more: when motion is on, the flights have begun by now
    assert in_flight(page) == 0
    assert page.evaluate("window.kabaleMotion.moved") == 0
    page.wait_for_timeout(700)  # the packet has flipped: still nothing moved, nor was the deal dealt
    assert page.evaluate("(ids) => document.getAnimations().filter((a) => ids.includes(a.id)).length", IDS) == 0
    assert page.locator(".motion-ghosts > *").count() == 0


# -- the cues (issue 14, item 1): a computer's play, a packet's flip, a deal, a win ----------------

#: Every animation motion.js runs, frozen where it is (the ghosts' layer too), described.
FROZEN = """(ids) => {
  const ours = document.getAnimations().filter((animation) => ids.includes(animation.id));
  ours.forEach((animation) => animation.pause());
  return ours.map((animation) => ({
    id: animation.id,
    classes: animation.effect.target.className,
    card: animation.effect.target.dataset.card || null,
    ghost: !!animation.effect.target.closest('.motion-ghosts'),
    ends: animation.effect.getComputedTiming().endTime / window.kabaleMotion.timeScale,  // as in life
    properties: [...new Set(animation.effect.getKeyframes().flatMap((frame) => Object.keys(frame)))]
      .filter((key) => !['offset', 'computedOffset', 'easing', 'composite'].includes(key)),
  }));
}"""

IDS = ["kabale-move", "kabale-deal", "kabale-flip", "kabale-travel", "kabale-win"]


def frozen_when(page: Page, animation_id: str, action: Callable[[], Any] | None = None,
                on_card: bool = False) -> list[dict[str, Any]]:
    """Wait for an animation ``animation_id`` to run (after ``action``, if given), then freeze every one
    of ours and describe them (``on_card``: one of a card of the table, not of a stand-in in motion.js's
    own layer, such as the one a click's echo sends at once).

    The page looks for it itself at every frame and freezes in the frame it appears: a wait from here
    (a poll, then another call to freeze) once came after a computer's stand-in card, 140 ms on its
    way, had gone (at load 9). And it catches it as it is made (``Element.animate``), frozen once the
    drawing that made it has made the others too (a microtask), with the catch set before ``action``:
    the stock's card travels for a fifth of its length in these tests (tests/e2e/conftest.py), and
    at a load of 6 (3 runs in 5 with two busy loops beside) the page had drawn it, and it had ended,
    before a look set after the click began ("no animation kabale-travel in 30 s")."""
    page.evaluate(
        """([id, ids, onCard]) => { window.__frozen = new Promise((resolve, reject) => {
          const wanted = (a) => a.id === id && (!onCard || !a.effect.target.closest('.motion-ghosts'));
          const frozen = %s;
          const ends = performance.now() + 30000;
          const animate = Element.prototype.animate;
          let done = false;
          const end = () => { done = true; Element.prototype.animate = animate; };
          const found = () => { if (!done) { end(); resolve(frozen(ids)); } };
          Element.prototype.animate = function (...args) {
            const animation = animate.apply(this, args);
            if (wanted(animation)) queueMicrotask(found);
            return animation;
          };
          const look = () => {
            if (done) return;
            if (document.getAnimations().some(wanted)) found();
            else if (performance.now() > ends) { end(); reject(new Error(`no animation ${id} in 30 s`)); }
            else requestAnimationFrame(look);
          };
          look();
        }); }""" % FROZEN, [animation_id, IDS, on_card])
    if action is not None:
        action()
    described: list[dict[str, Any]] = page.evaluate("() => window.__frozen")
    return described


#: Every animation of ours that runs from now on, gathered each frame (one entry an animation), as FROZEN
#: describes them; the page keeps them in window.__won.
WATCH_WIN = """(ids) => {
  window.__won = [];
  const seen = new Set();
  const look = () => {
    for (const animation of document.getAnimations()) {
      if (!ids.includes(animation.id) || seen.has(animation)) continue;
      seen.add(animation);
      window.__won.push({
        id: animation.id,
        classes: animation.effect.target.className,
        ghost: !!animation.effect.target.closest('.motion-ghosts'),
        ends: animation.effect.getComputedTiming().endTime / window.kabaleMotion.timeScale,
        properties: [...new Set(animation.effect.getKeyframes().flatMap((frame) => Object.keys(frame)))]
          .filter((key) => !['offset', 'computedOffset', 'easing', 'composite'].includes(key)),
      });
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}"""


def slowed(page: Page, times: int = 10) -> None:
    """The cues play ``times`` slower (set before the page starts): a test catches them half-way."""
    page.add_init_script(f"window.kabaleMotionTimeScale = {times};")


def running_ours(page: Page) -> int:
    count: int = page.evaluate(
        "(ids) => document.getAnimations().filter((a) => ids.includes(a.id) && a.playState !== 'finished').length"
        " + document.querySelectorAll('.motion-ghosts > *').length", IDS)
    return count


def press_anywhere(page: Page) -> None:
    """A press on the page's header: it lands on nothing, and finishes every animation."""
    page.mouse.move(5, 5)
    page.mouse.down()
    page.mouse.up()


def store(page: Page, name: str, data: Any) -> None:
    record = json.dumps({"app": "kabale", "schema": 1, "name": name, "revision": 1, "data": data})
    page.add_init_script(f"if (!sessionStorage.getItem('seeded:{name}')) {{"
                         f" localStorage.setItem('kabale:{name}', {json.dumps(record)});"
                         f" sessionStorage.setItem('seeded:{name}', '1'); }}")


def settings(page: Page, **values: Any) -> None:
    data = {"language": "en", **values}
    record = json.dumps({"app": "kabale", "schema": 1, "name": "settings", "revision": 1, "data": data})
    page.add_init_script(f"localStorage.setItem('kabale:settings', {json.dumps(record)});")


def west_to_play(seed: int = 1) -> Any:
    """A two-seat match (you and West, the computer) where South has played her turn and West
    can play: its play will come from its seat."""
    from kabale.games.kabalam.match import Match
    from kabale.web.storage.saved import SavedMatch, SeatPlan, TablePlan

    match = Match.start(seed, seats=2)
    while match.hand is not None and match.hand.turn == "S":
        match.apply(match.legal_moves()[0])
    assert any(move.is_play for move in match.legal_moves())
    return SavedMatch(TablePlan((SeatPlan("S", "you"), SeatPlan("W", "normal"))), match)


def test_a_computer_play_comes_from_its_seat_face_down_and_its_packet_turns_over(
    page: Page, open_kabale: Callable[..., Page]
) -> None:
    saved = west_to_play()
    store(page, "kabalam", saved.to_dict())
    settings(page, bot_speed="normal")  # the play stays in view a moment before its packet flips
    page = open_kabale(f"?game=kabalam&seed={saved.match.seed}")
    flights = frozen_when(page, "kabale-travel")
    # every animation of ours from now on is noted as it starts: the packet's flip comes 800 ms after
    # the play, and under load that can be before the press below (which would end it unseen)
    page.evaluate(WATCH_WIN, IDS)
    travel = [flight for flight in flights if flight["id"] == "kabale-travel"]
    # each card played: a face-down stand-in leaves the seat, the card itself turns face up on the way
    assert any(flight["ghost"] and "back" in flight["classes"] for flight in travel)
    assert any(not flight["ghost"] and "revealed" in flight["classes"] for flight in travel)
    assert all(flight["properties"] == ["transform"] for flight in flights)
    assert max(flight["ends"] for flight in travel) <= 400  # one card's way, the cards a few ms apart
    # the stand-in starts on West's fan of backs
    start = page.evaluate("""() => {
      const ghost = document.querySelector('.motion-ghosts .card.back');
      const animation = ghost.getAnimations()[0];
      animation.currentTime = 0;
      const at = ghost.getBoundingClientRect(), fan = document.querySelector('.seat[data-seat=W] .seat-fan').getBoundingClientRect();
      return {x: at.left + at.width / 2, y: at.top + at.height / 2, left: fan.left, right: fan.right, top: fan.top, bottom: fan.bottom};
    }""")
    assert start["left"] - 2 <= start["x"] <= start["right"] + 2 and start["top"] - 2 <= start["y"] <= start["bottom"] + 2
    press_anywhere(page)
    assert page.evaluate(  # the play's flights have ended, stand-ins and all
        "document.getAnimations().filter((a) => a.id === 'kabale-travel' && a.playState !== 'finished').length"
        " + document.querySelectorAll('.motion-ghosts > .card.back').length") == 0
    # then the packet flips: its old stack, the play on it, turns away; the new one turns in
    page.wait_for_function("window.__won.some((a) => a.id === 'kabale-flip')", timeout=30_000)
    flips = [flight for flight in page.evaluate("window.__won") if flight["id"] == "kabale-flip"]
    assert any(flight["ghost"] and "packet-stack" in flight["classes"] for flight in flips)
    assert any(not flight["ghost"] and "packet-stack" in flight["classes"] for flight in flips)
    assert all(flight["properties"] == ["transform"] for flight in flips)
    assert max(flight["ends"] for flight in flips) <= 300
    page.keyboard.press("Shift")
    assert page.evaluate(  # the flip has ended (the computer may be playing on by now, under load)
        "document.getAnimations().filter((a) => a.id === 'kabale-flip' && a.playState !== 'finished').length"
        " + document.querySelectorAll('.motion-ghosts > .packet-stack').length") == 0


def deal_of(page: Page) -> list[dict[str, Any]]:
    return [flight for flight in frozen_when(page, "kabale-deal") if flight["id"] == "kabale-deal"]


@pytest.mark.parametrize("game, cards", [("patience", 3 + 3 + 12), ("double-h", 26)])
def test_a_fresh_deal_flies_in_from_the_stock_in_under_a_second(
    page: Page, open_kabale: Callable[..., Page], game: str, cards: int
) -> None:
    settings(page, bot_speed="instant")
    # 50 times slower: at load 11 the page once stalled long enough after the deal began that
    # its first two cards (2.8 s each, 10 times slower) had landed before they were counted
    slowed(page, 50)
    page = open_kabale(f"?game={game}&seed=7")
    dealt = deal_of(page)
    assert len(dealt) == cards  # patience: each packet's card underneath and face up, and 12 in hand
    assert all(flight["properties"] == ["transform"] for flight in dealt)
    assert max(flight["ends"] for flight in dealt) <= 800
    press_anywhere(page)
    assert running_ours(page) == 0


#: At the first table's drawing: a look at every card of the table as drawn (a microtask after the
#: drawing), then a long task (as a slow phone's, or a loaded machine's: the next frame is then
#: overdue and comes before the deal's places are read) and a look in that frame, after its layout
#: (a ResizeObserver's first call).
DEAL_FRAME_PROBE = """addEventListener('DOMContentLoaded', () => {
  const view = document.getElementById('view');
  window.kabaleDealLooks = null;
  const look = (cards) => cards.filter((card) => card.isConnected).map((card) => {
    const style = getComputedStyle(card);
    return { visibility: style.visibility, image: style.backgroundImage };
  });
  const seen = new MutationObserver(() => {
    const cards = [...view.querySelectorAll('[data-card]')];
    if (!cards.length) return;
    seen.disconnect();
    const drawn = look(cards);
    const until = performance.now() + 80;
    while (performance.now() < until) {}
    const sized = new ResizeObserver(() => {
      sized.disconnect();
      window.kabaleDealLooks = { drawn, frame: look(cards) };
    });
    cards.forEach((card) => sized.observe(card));
  });
  seen.observe(view, { childList: true, subtree: true });
});"""


@pytest.mark.parametrize("game", ["patience", "double-h", "kabalam"])
def test_a_deal_s_cards_ask_for_no_image_until_their_places_are_read(
    page: Page, open_kabale: Callable[..., Page], game: str
) -> None:
    """From the drawing of a fresh table until its places are read, its dealt cards are out of sight
    and without their faces: a layout meanwhile (the frame's, when it comes first after a long drawing;
    a hit test's at its start, as KABALAM's table comes under the pointer that pressed Start) asks for
    none of their images. Asked for by the first table's layout, their requests (one a card) held it
    over 50 ms (bench/long_tasks.py). Then the deal shows every face."""
    page.add_init_script(DEAL_FRAME_PROBE)
    page = open_kabale(f"?game={game}&seed=7")
    if game == "kabalam":
        page.get_by_role("button", name="Start the match").click()
    page.wait_for_function("window.kabaleDealLooks !== null")
    looks = page.evaluate("window.kabaleDealLooks")
    hidden = [card for card in looks["drawn"] if card["visibility"] == "hidden"]
    assert len(hidden) >= 8, looks["drawn"]  # the deal's cards, as drawn
    assert all(card["image"] == "none" for card in hidden), hidden
    # in the frame: out of sight and without images still, or (their places read) shown with them
    assert all(card["image"] == "none" for card in looks["frame"] if card["visibility"] == "hidden"), looks["frame"]
    press_anywhere(page)
    expect(page.locator("#view [data-card][class*='face-']").first).to_be_visible()
    images = page.locator("#view [data-card][class*='face-']").evaluate_all(
        "cards => cards.map((card) => getComputedStyle(card).backgroundImage)")
    assert len(images) >= 8 and all(image.startswith('url(') and "/cards/faces/" in image for image in images)


def view_html(page: Page) -> str:
    html: str = page.evaluate("document.getElementById('view').innerHTML")
    return html


def won_double_h_but_one() -> tuple[Any, Any]:
    from kabale.games.double_h.rules import DoubleH
    from kabale.solver import solve_seed
    from kabale.web.storage.saved import SavedDoubleH

    verdict = solve_seed(1, budget_s=None, budget_states=400_000)
    assert verdict.status == "won"
    game = DoubleH.deal(1)
    for move in verdict.moves[:-1]:
        game.apply(move)
    return SavedDoubleH(game), verdict.moves[-1]


def won_patience_but_one() -> tuple[Any, Any]:
    from kabale.games.patience.rules import Patience
    from kabale.web.storage.saved import SavedPatience

    game = Patience.deal(42)
    while True:
        legal = game.legal_moves()
        plays = [move for move in legal if move.is_play]
        move = max(plays, key=lambda move: (move.count, -(move.packet or 0))) if plays else legal[0]
        trial = Patience.deal(42)
        for earlier in game.moves:
            trial.apply(earlier)
        trial.apply(move)
        if trial.is_over():
            assert trial.result().won
            return SavedPatience(game), move
        game.apply(move)


def won_kabalam_but_one() -> Any:
    """Seed 6 played at random to its end: South (you) is the Great Kabalist when West's last pass ends it."""
    import random

    from kabale.games.kabalam.match import Match
    from kabale.web.storage.saved import SavedMatch, SeatPlan, TablePlan

    def play(stop_before_last: bool) -> Match:
        match, rng, made = Match.start(6, seats=2), random.Random(6), 0
        while not match.is_over():
            if match.hand is not None and match.hand.is_over():
                match.next_hand()
                continue
            legal = match.legal_moves()
            move = legal[rng.randrange(len(legal))]
            trial_over = False
            if stop_before_last:
                trial = Match.from_dict(match.to_dict())
                trial.apply(move)
                trial_over = trial.is_over()
            if trial_over:
                return match
            match.apply(move)
            made += 1
        return match

    full = play(False)
    result = full.result()
    assert result is not None and result.great_kabalists == ("S",)
    match = play(True)
    assert match.hand is not None and match.hand.turn == "W"
    return SavedMatch(TablePlan((SeatPlan("S", "you"), SeatPlan("W", "normal"))), match)


def test_a_double_h_win_sends_the_cards_home_and_counts_the_bonus_up(context: Any, base_url: str) -> None:
    html = {}
    saved, last = won_double_h_but_one()
    for motion in ("on", "off"):
        page = context.new_page()
        # each tab starts from the same saved game and no statistics (the two share one storage)
        page.add_init_script("if (!sessionStorage.getItem('cleared')) { localStorage.clear(); "
                             "sessionStorage.setItem('cleared', '1'); }")
        store(page, "double-h", saved.to_dict())
        settings(page, bot_speed="instant", reduced_motion=motion == "off")
        slowed(page)
        page.goto(f"{base_url}?game=double-h&seed=1")
        wait_ready(page)
        if motion == "on":
            page.evaluate(WATCH_WIN, IDS)
        click_double_h_move(page, last)
        if motion == "on":
            # the result pops up once the cards are home; then the bonus is counted up, ×1 first
            expect(page.locator(".bonus-count")).to_have_text("×1", timeout=30_000)
            # each place's cards start home in the place's turn (assets/js/motion.js: goHome): the
            # flights were gathered as they came, and every place has had its turn by now
            flights = page.evaluate("window.__won")
            won = [flight for flight in flights if flight["id"] == "kabale-win"]
            assert sum("card" in flight["classes"] for flight in won) >= 26  # every pile squares up, home
            assert any("bonus-count" in flight["classes"] for flight in won)
            assert any("game-end" in flight["classes"] for flight in won)
            assert all(flight["properties"] == ["transform"] for flight in flights)
            press_anywhere(page)
            assert running_ours(page) == 0
        else:
            page.wait_for_timeout(400)
            assert running_ours(page) == 0
        expect(page.locator(".bonus-count")).to_have_text("×2")
        html[motion] = view_html(page)
        page.close()
    assert html["on"] == html["off"]  # the same table, however it got there


def test_a_double_h_win_left_to_end_leaves_the_cards_as_drawn(page: Page, open_kabale: Callable[..., Page]) -> None:
    """The cards wait for their place's turn and stay layers of their own by styles of their own
    (assets/js/motion.js: goHome); once the win is over they are gone, with no press to end it."""
    saved, last = won_double_h_but_one()
    store(page, "double-h", saved.to_dict())
    settings(page, bot_speed="instant")
    page = open_kabale("?game=double-h&seed=1")
    click_double_h_move(page, last)
    page.wait_for_function("document.querySelector('.double-h-board [data-card][style]') !== null", timeout=10_000)
    expect(page.locator(".bonus-count")).to_have_text("×2", timeout=10_000)
    page.wait_for_function("document.querySelector('.double-h-board [data-card][style]') === null", timeout=10_000)
    assert running_ours(page) == 0


@pytest.mark.parametrize("game", ["patience", "kabalam"])
def test_a_won_patience_or_match_has_its_own_celebration(page: Page, open_kabale: Callable[..., Page], game: str) -> None:
    settings(page, bot_speed="instant")
    slowed(page, 5)
    if game == "patience":
        saved, last = won_patience_but_one()
        store(page, "patience", saved.to_dict())
        page = open_kabale("?game=patience&seed=42")
        click_move(page, last)
    else:
        saved = won_kabalam_but_one()  # West's last pass ends the match; the computer plays it at once
        store(page, "kabalam", saved.to_dict())
        page = open_kabale(f"?game=kabalam&seed={saved.match.seed}")
    won = [flight for flight in frozen_when(page, "kabale-win") if flight["id"] == "kabale-win"]
    assert sum("packet-stack" in flight["classes"] for flight in won) == 3  # the Kabala's packets leap
    assert any(("game-end" if game == "patience" else "match-end") in flight["classes"] for flight in won)
    assert all(flight["properties"] == ["transform"] for flight in won)
    assert max(flight["ends"] for flight in won) <= 2000
    press_anywhere(page)
    assert running_ours(page) == 0


def test_work_that_waits_for_the_cards_to_be_still_waits_for_the_whole_deal(
        page: Page, open_kabale: Callable[..., Page]) -> None:
    """web/tables/ahead.py imports the Hint's modules only once no card moves (``whenStill``), so that no
    long import falls inside the deal that opens a table (issue 14: no task over 50 ms during an
    animation)."""
    slowed(page)  # the deal takes over 7 s
    page = open_kabale("?game=patience&seed=7")
    # the table drawn, its deal waits for its frame (kabaleMotion.pending) or runs: a clean clone's run
    # began the wait before the deal had begun, and found nothing moving
    waited: dict[str, Any] = page.evaluate("""async (ids) => {
      const moving = () => document.getAnimations().filter((a) => ids.includes(a.id) && a.playState === 'running').length;
      const before = moving() + (window.kabaleMotion.pending ? 1 : 0);
      const start = performance.now();
      await window.kabaleMotion.whenStill(60000);
      return {before, after: moving(), waited: performance.now() - start};
    }""", IDS)
    assert waited["before"] > 0  # the deal was running when the wait began
    assert waited["after"] == 0
    assert waited["waited"] > 1000  # it waited for the deal to end
    # nothing moving: at once (the next frame)
    again: float = page.evaluate("async () => { const t = performance.now(); await window.kabaleMotion.whenStill(); "
                                 "return performance.now() - t; }")
    assert again < 1000


# -- the log waits for the motion (issue 28, item 11) ------------------------------------------------------

#: The log's lines a person sees (a line held back is hidden), newest first.
SHOWN_LINES = "() => [...document.querySelectorAll('.log-lines > li')].filter((li) => li.getClientRects().length)" \
    ".map((li) => li.textContent)"


def test_a_flip_s_line_comes_to_the_log_as_the_packet_turns_over_not_before(
    page: Page, open_kabale: Callable[..., Page]
) -> None:
    """The log said "Packet 3 flipped: 6 of hearts" while the table still showed the 8 of hearts:
    a line now shows, and is said, once the motion of its event has landed. Frozen half-way
    through the flip of West's play, the packet's old stack still turning away, the log has
    neither the flip's line nor the play's (nor did the live region say them); once the motion
    ends, it has both, the flip's on top, each once, and the live region says them in order."""
    saved = west_to_play()
    store(page, "kabalam", saved.to_dict())
    settings(page, bot_speed="normal")  # the play stays in view a moment before its packet flips
    slowed(page, 100)  # the cues take seconds: the flip is frozen before it can end by itself
    page = open_kabale(f"?game=kabalam&seed={saved.match.seed}")
    before = page.evaluate(SHOWN_LINES)
    flips = [flight for flight in frozen_when(page, "kabale-flip") if flight["id"] == "kabale-flip"]
    assert any(flight["ghost"] for flight in flips)  # the old stack, turning away, is what shows
    seen = page.evaluate("""() => {
      const ghost = document.querySelector('.motion-ghosts .packet-stack .card.top');
      const stack = [...document.querySelectorAll('.kabala .packet-stack')]
        .find((s) => s.getAnimations().some((a) => a.id === 'kabale-flip'));
      return {old: ghost && ghost.dataset.card, packet: stack.closest('[data-packet]').dataset.packet,
              now: stack.querySelector('.card.top').dataset.card};
    }""")
    assert seen["old"] and seen["old"] != seen["now"]
    flipped = f"Packet {seen['packet']} flipped: {card_name(Card.from_text(seen['now']), EN)} came up."
    played = re.compile(rf"^West \(computer, normal\) played .* on packet {seen['packet']}\.$")
    shown = page.evaluate(SHOWN_LINES)
    assert shown == before and flipped not in shown  # nothing new while the cards move
    assert page.evaluate("window.kabaleMotion.held") >= 2
    assert flipped not in page.locator("#announcer").text_content()
    assert page.locator(".log-lines > li", has_text=flipped).count() == 1  # drawn, held back
    press_anywhere(page)  # the motion ends: the lines come
    expect(page.locator(".log-lines > li:visible", has_text=flipped)).to_have_count(1)
    shown = page.evaluate(SHOWN_LINES)
    at = shown.index(flipped)
    assert played.match(shown[at + 1]) and shown[at + 2:] == before[:len(shown) - at - 2]
    # the live region says the play, then the flip (West may already have played again after them:
    # its turn goes on at its pace, in Python's worker, while the test reads the page)
    said = page.locator("#announcer").text_content() or ""
    assert said.count(flipped) == 1
    assert played.match(said[: said.index(flipped)].strip())
