"""A move's click shows its motion in its own frame (issue 29: click to paint): Python, in its
worker, answers 5-11 ms after the click, often a frame later; so Python says ahead what a press
sets moving, and the click itself starts it (assets/js/motion.js ``echoMove``): the cards a press
on a packet or a place sends there fly (``data-flies``), a pass's packet turns (``data-turns``), a
draw's card leaves the stock or the draw pile face down (``data-draws``). Python's redraw then
carries the motion on; should none come, the cards fly back."""

from __future__ import annotations

import json
from typing import Any, Callable

from playwright.sync_api import Page, expect

from helpers import STILL, VALUE_NAMES, saved_double_h, saved_patience, settle, wait_landed  # type: ignore[import-not-found]

#: Click ``control`` and, in the click's own task (before Python can have answered), read each card
#: it sends: whether it is marked flying and moving towards the control, and where it was.
CLICK_AND_LOOK = """(selector) => {
  const control = document.querySelector(selector);
  const cards = (control.dataset.flies || '').split(' ').filter(Boolean).map((key) => {
    const from = document.querySelector(`[data-key="${key}"]`);
    return from.matches('[data-card]') ? from : [...from.querySelectorAll('[data-card]')].pop();
  });
  const before = cards.map((card) => card.getBoundingClientRect());
  const goal = ([...control.querySelectorAll('[data-card]')].pop() || control).getBoundingClientRect();
  control.click();
  return cards.map((card, index) => {
    const flights = card.getAnimations().filter((a) => a.id === 'kabale-move');
    const last = flights.length ? flights[0].effect.getKeyframes().pop().transform : '';
    const [dx, dy] = (last.match(/-?[0-9.]+/g) || [0, 0]).map(Number);
    return {card: card.dataset.card, flying: card.classList.contains('flying'), flights: flights.length,
            aim: [before[index].left + dx - goal.left, before[index].top + dy - goal.top]};
  });
}"""

#: No card is marked flying, and no echo's animation is left on any card.
NOTHING_IN_FLIGHT = """() => !document.querySelector('.flying')
  && !document.getAnimations().some((a) => a.id === 'kabale-move' && a.playState !== 'finished')"""


def pick_cards(page: Page, values: tuple[int, ...]) -> list[str]:
    """Pick up endowment cards of these values (as a person does); their data-keys."""
    keys: list[str] = []
    for value in values:
        label = VALUE_NAMES.get(value, str(value))
        card = page.locator(".mine .endowment button[data-action=card][aria-pressed=false]").filter(
            has=page.locator(f"xpath=self::*[starts-with(@aria-label, '{label} of ')]")).first
        keys.append(str(card.get_attribute("data-key")))
        card.click()
        settle(page)
        wait_landed(page)
    return keys


def first_play(page: Page) -> Any:
    game = saved_patience(page).game
    return next(move for move in game.legal_moves() if move.is_play)


def test_a_play_s_cards_set_off_for_their_packet_at_the_click_and_land_there(
        page: Page, open_kabale: Callable[..., Page]) -> None:
    open_kabale("?game=patience&seed=7")
    wait_landed(page)
    move = first_play(page)
    keys = pick_cards(page, move.values)
    packet = f"button[data-action=packet][data-packet='{move.packet}']"
    assert sorted(str(page.locator(packet).get_attribute("data-flies")).split()) == sorted(keys)
    moves_before = len(saved_patience(page).game.history)
    seen = page.evaluate(CLICK_AND_LOOK, packet)
    assert len(seen) == len(move.values)
    for card in seen:  # in the click's own task: each card flies, aimed at the packet's top card
        assert card["flying"] and card["flights"] == 1, card
        assert all(abs(offset) < 1 for offset in card["aim"]), card
    # Python's move comes and its redraw carries them on: they land on the packet, nothing left flying
    wait_landed(page)
    page.wait_for_function(NOTHING_IN_FLIGHT)
    history = saved_patience(page).game.history
    played = next(event for event in reversed(history) if event.kind in ("bare", "double"))
    assert len(history) > moves_before and played.packet == move.packet
    assert sorted(str(card) for card in played.cards) == sorted(card["card"] for card in seen)


def test_cards_sent_flying_fly_back_when_python_takes_no_move(page: Page, open_kabale: Callable[..., Page]) -> None:
    """Python says ahead what a press plays; should it take none after all (no redraw comes), the
    cards go back where they are drawn. Here a control Python does not act on says it sends a card."""
    open_kabale("?game=patience&seed=7")
    wait_landed(page)
    card = ".mine .endowment button[data-action=card][data-index='0']"
    home = page.locator(card).bounding_box()
    page.evaluate("document.querySelector('.kabala .packet-label').dataset.flies = 'card-0'")
    seen = page.evaluate(CLICK_AND_LOOK, ".kabala .packet-label")
    assert seen[0]["flying"] and seen[0]["flights"] == 1
    page.wait_for_function(NOTHING_IN_FLIGHT, timeout=5000)
    assert page.locator(card).bounding_box() == home
    assert page.locator(card).get_attribute("aria-pressed") == "false"


def test_a_double_h_card_sets_off_for_its_place_at_the_click(page: Page, open_kabale: Callable[..., Page]) -> None:
    from kabale.games.double_h.rules import MoveKind

    open_kabale("?game=double-h&seed=1")
    wait_landed(page)
    game = saved_double_h(page).game
    move = next(move for move in game.legal_moves() if move.kind is MoveKind.CARD and move.source is not None)
    source, target = f"[data-key='place-{move.source}']", f"[data-key='place-{move.target}']"
    top = page.locator(f"{source} [data-card]").last.get_attribute("data-card")
    page.locator(source).click()
    settle(page)
    wait_landed(page)  # the card picked up has lifted (a person sees it before choosing its place)
    assert page.locator(target).get_attribute("data-flies") == f"place-{move.source}"
    seen = page.evaluate(CLICK_AND_LOOK, target)
    assert [(card["card"], card["flying"], card["flights"]) for card in seen] == [(top, True, 1)]
    wait_landed(page)
    page.wait_for_function(NOTHING_IN_FLIGHT)
    expect(page.locator(f"{target} [data-card]").last).to_have_attribute("data-card", str(top))


def at_first(kind: str) -> Any:
    """A patience of deal 200 played by the greedy way until a move of ``kind`` is legal (a pass: a
    packet flips; a draw)."""
    from kabale.games.patience.rules import Patience

    game = Patience.deal(200)
    while not any(move.kind == kind for move in game.legal_moves()):
        legal = game.legal_moves()
        plays = [move for move in legal if move.is_play]
        game.apply(max(plays, key=lambda move: move.count) if plays else legal[0])
    return game


def open_patience_at(page: Page, open_kabale: Callable[..., Page], game: Any) -> None:
    from kabale.web.storage.saved import SavedPatience

    envelope = {"app": "kabale", "schema": 1, "name": "patience", "revision": 1, "data": SavedPatience(game).to_dict()}
    page.add_init_script(f"localStorage.setItem('kabale:patience', {json.dumps(json.dumps(envelope))});")
    open_kabale(f"?game=patience&seed={game.seed}")
    wait_landed(page)


#: The stand-ins turning away in motion.js's own layer, and whether the packet's stack itself shows.
TURNING = """(packet) => {
  const ghosts = [...document.querySelectorAll('.motion-ghosts > .packet-stack')];
  const stack = document.querySelector(`[data-action=packet][data-packet="${packet}"] .packet-stack`);
  return {ghosts: ghosts.filter((g) => g.getAnimations().some((a) => a.id === 'kabale-flip')).length,
          shown: getComputedStyle(stack).visibility};
}"""


def test_a_pass_starts_its_packet_turning_at_the_click_and_the_flip_goes_on(
        page: Page, open_kabale: Callable[..., Page]) -> None:
    game = at_first("pass")
    open_patience_at(page, open_kabale, game)
    move = next(move for move in game.legal_moves() if move.kind == "pass")
    packet = f"button[data-action=packet][data-packet='{move.packet}']"
    assert page.locator(packet).get_attribute("data-turns") == "true"
    top = page.locator(f"{packet} [data-card]").last.get_attribute("data-card")
    # in the click's own task: the old stack turns away as a stand-in, the stack itself hidden meanwhile
    assert page.evaluate(f"(packet) => {{ document.querySelector(`{packet}`).click(); return ({TURNING})(packet); }}",
                         str(move.packet)) == {"ghosts": 1, "shown": "hidden"}
    # Python's flip comes: the new top card turns in, once, and the stack shows
    wait_landed(page)
    page.wait_for_function(NOTHING_IN_FLIGHT)
    assert page.evaluate(TURNING, str(move.packet)) == {"ghosts": 0, "shown": "visible"}
    after = saved_patience(page).game.history[len(game.history):]
    assert [event.packet for event in after if event.kind == "flip"] == [move.packet]
    assert page.locator(f"{packet} [data-card]").last.get_attribute("data-card") != top


#: Click the control that draws, and note the most face-down stand-ins motion.js's layer holds at
#: once from then on (window.__standIns) and the cards that turn in (window.__turned); in the click's
#: own task, whether each stand-in there starts over the place the cards come from.
DRAW_AND_COUNT = """([control, origin]) => {
  window.__standIns = 0;
  window.__turned = [];
  new MutationObserver(() => {
    window.__standIns = Math.max(window.__standIns, document.querySelectorAll('.motion-ghosts > .card.back').length);
  }).observe(document.body, {subtree: true, childList: true});
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) {
    const animation = animate.apply(this, args);
    if (animation.id === 'kabale-travel' && this.dataset.card) window.__turned.push(this.dataset.card);
    return animation;
  };
  document.querySelector(control).click();
  const backs = [...document.querySelectorAll('.motion-ghosts > .card.back')]
    .filter((g) => g.getAnimations().some((a) => a.id === 'kabale-travel'));
  // where each starts: the middle of its place at the animation's first moment
  const from = document.querySelector(origin).getBoundingClientRect();
  return backs.map((back) => {
    const animation = back.getAnimations()[0];
    const time = animation.currentTime;
    animation.currentTime = 0;
    const at = back.getBoundingClientRect();
    animation.currentTime = time;
    const [x, y] = [at.left + at.width / 2, at.top + at.height / 2];
    return from.left - 2 <= x && x <= from.right + 2 && from.top - 2 <= y && y <= from.bottom + 2;
  });
}"""


def test_a_double_h_draw_sends_its_card_from_the_stock_at_the_click_once(
        page: Page, open_kabale: Callable[..., Page]) -> None:
    open_kabale("?game=double-h&seed=1")
    wait_landed(page)
    assert page.locator("button[data-action=draw]").get_attribute("data-draws") == "waste"
    stock = saved_double_h(page).game.facts().stock_count
    # in the click's own task: the card comes face down, from the stock
    assert page.evaluate(DRAW_AND_COUNT, ["button[data-action=draw]", "button[data-action=draw]"]) == [True]
    wait_landed(page)
    page.wait_for_function(NOTHING_IN_FLIGHT)
    # Python's draw went on from there: its card turned in, its stand-in took the echo's place (never two)
    game = saved_double_h(page).game
    assert game.facts().stock_count == stock - 1
    assert page.evaluate("[window.__standIns, window.__turned]") == [1, [str(game.waste[-1])]]
    assert page.locator(".motion-ghosts > *").count() == 0
    expect(page.locator(".stock-area .waste [data-card]")).to_have_count(1)


def test_a_patience_draw_sends_its_cards_from_the_draw_pile_at_the_click(
        page: Page, open_kabale: Callable[..., Page]) -> None:
    """The cards drawn come from the draw pile face down and turn face up in the endowment (they
    appeared there from nowhere); the first sets off at the click."""
    game = at_first("draw")
    open_patience_at(page, open_kabale, game)
    draw = "button[data-action=draw]"
    assert page.locator(draw).get_attribute("data-draws") == "endowment draw-pile"
    assert page.evaluate(DRAW_AND_COUNT, [draw, ".felt .draw-pile"]) == [True]
    wait_landed(page)
    page.wait_for_function(NOTHING_IN_FLIGHT)
    after = saved_patience(page).game
    drawn = [str(card) for event in after.history[len(game.history):] if event.kind == "draw" for card in event.cards]
    assert drawn and sorted(page.evaluate("window.__turned")) == sorted(drawn)
    assert 1 <= page.evaluate("window.__standIns") <= len(drawn)
    assert page.locator(".motion-ghosts > *").count() == 0


@STILL
def test_with_reduced_motion_a_click_sets_nothing_flying(page: Page, open_kabale: Callable[..., Page]) -> None:
    open_kabale("?game=patience&seed=7")
    move = first_play(page)
    pick_cards(page, move.values)
    seen = page.evaluate(CLICK_AND_LOOK, f"button[data-action=packet][data-packet='{move.packet}']")
    assert seen and not any(card["flying"] or card["flights"] for card in seen)
    assert page.evaluate("window.kabaleMotion.echoed") == 0
