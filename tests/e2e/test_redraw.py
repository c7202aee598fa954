"""assets/js/redraw.js makes the page equal to a new drawing while changing only what differs
(issue 14, click to first changed frame): whatever the change, the page must end exactly as the
drawing, and the parts a change leaves alone must stay the same nodes (not laid out again).

The redraw runs on trees made in the page (it does not care whose drawing it is): many pairs
of a tree and a changed copy, in every kind of change a table's redraw makes (a line added at
either end or in the middle, lines gone, an attribute or a text changed, an element of another
kind), and the two cases that kept a redraw from one layout: a list grown at its start (the
log, newest line first) and an attribute of the focused element.
"""

from __future__ import annotations

import json
from typing import Any, Callable

import pytest
from playwright.sync_api import Page, expect

from conftest import wait_ready  # type: ignore[import-not-found]
from helpers import INSTANT, click_move, revision, saved_match, saved_patience, wait_for_save, wait_landed
from kabale.games.kabalam.match import Match
from kabale.web.storage.saved import SavedMatch, SeatPlan, TablePlan

#: Random trees and changed copies of them (a seeded generator, so a failure can be replayed);
#: for each, the page's HTML after the redraw against the drawing's HTML before it.
RANDOM_PAIRS = """(count) => {
  let seed = 12345;
  const random = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
  const pick = (list) => list[Math.floor(random() * list.length)];
  const TAGS = ['div', 'span', 'li', 'button', 'p'];
  const tree = (depth) => {
    const element = document.createElement(pick(TAGS));
    if (random() < 0.5) element.className = pick(['card', 'card picked', 'place', 'reveal']);
    if (random() < 0.3) element.setAttribute('data-card', pick(['7S', 'AH', '10D']));
    if (random() < 0.3) element.setAttribute('tabindex', pick(['0', '-1']));
    const children = depth > 2 ? 0 : Math.floor(random() * 5);
    for (let i = 0; i < children; i += 1) {
      if (random() < 0.3) element.append(pick(['one', 'two', 'three']));
      else element.append(tree(depth + 1));
    }
    return element;
  };
  // a changed copy: each element's children may gain one at the start, end or middle, lose one,
  // or change; an element may change an attribute, or become another kind
  const change = (node, depth) => {
    const copy = node.cloneNode(false);
    if (copy.nodeType !== Node.ELEMENT_NODE) {
      if (random() < 0.2) copy.nodeValue = pick(['one', 'two', 'four']);
      return copy;
    }
    let kids = [...node.childNodes].map((child) => change(child, depth + 1));
    const roll = random();
    if (roll < 0.15) kids.unshift(tree(depth + 1));
    else if (roll < 0.25) kids.push(tree(depth + 1));
    else if (roll < 0.32 && kids.length) kids.splice(Math.floor(random() * kids.length), 0, tree(depth + 1));
    else if (roll < 0.45 && kids.length) kids.splice(Math.floor(random() * kids.length), 1);
    else if (roll < 0.5 && kids.length) kids.shift();
    let element = copy;
    if (random() < 0.05) element = document.createElement(pick(TAGS));
    else if (random() < 0.15) element.setAttribute('data-card', pick(['7S', 'AH', 'KC']));
    else if (random() < 0.1) element.removeAttribute('class');
    element.append(...kids);
    return element;
  };
  const failures = [];
  const box = document.createElement('div');
  document.body.append(box);
  for (let i = 0; i < count; i += 1) {
    const old = tree(0);
    box.replaceChildren(old);
    if (random() < 0.5) {  // sometimes with a focused element inside
      const focusable = box.querySelector('button, [tabindex]');
      if (focusable) focusable.focus();
    }
    const drawn = change(old, 0);
    const expected = drawn.outerHTML;
    window.kabaleRedraw.redraw(box, drawn);
    if (box.innerHTML !== expected) failures.push([i, expected, box.innerHTML]);
  }
  box.remove();
  return failures.slice(0, 3);
}"""


def test_the_page_ends_exactly_as_the_drawing_whatever_changed(page: Page, open_kabale: Callable[..., Page]) -> None:
    open_kabale()
    failures: list[Any] = page.evaluate(RANDOM_PAIRS, 400)
    assert failures == []


#: A list of lines (the log's), for the redraw to change (put at the start of a test's function).
LIST = """
const list = (lines) => {
  const ol = document.createElement('ol');
  for (const line of lines) { const li = document.createElement('li'); li.textContent = line; ol.append(li); }
  return ol;
};
"""


def test_a_list_grown_at_its_start_keeps_its_lines(page: Page, open_kabale: Callable[..., Page]) -> None:
    """The log shows the newest line first: a new line must not rewrite every line below it."""
    open_kabale()
    kept = page.evaluate("() => {" + LIST + """
      const box = document.createElement('div');
      document.body.append(box);
      box.append(list(['c', 'b', 'a']));
      const before = [...box.querySelectorAll('li')];
      window.kabaleRedraw.redraw(box, list(['d', 'c', 'b', 'a']));
      const after = [...box.querySelectorAll('li')];
      const result = {text: after.map((li) => li.textContent), same: after.slice(1).map((li, i) => li === before[i])};
      window.kabaleRedraw.redraw(box, list(['d', 'c', 'b']));  // the oldest line gone
      const shorter = [...box.querySelectorAll('li')];
      result.shorter = shorter.map((li) => li.textContent);
      result.shorterSame = shorter.map((li, i) => li === after[i]);
      box.remove();
      return result;
    }""")
    assert kept == {"text": ["d", "c", "b", "a"], "same": [True, True, True],
                    "shorter": ["d", "c", "b"], "shorterSame": [True, True, True]}


def test_a_list_at_its_length_limit_keeps_its_lines(page: Page, open_kabale: Callable[..., Page]) -> None:
    """The log shows its latest 40 lines: a new line comes in first and the oldest goes, so the list
    is as long as before. Matched place by place, every line took the text of the one before it
    (40 lines laid out again at each KABALAM click); the lines that stay must stay the same nodes,
    also when two lines come in at once, or when lines go from the start (a card played from a group)."""
    open_kabale()
    result = page.evaluate("() => {" + LIST + """
      const box = document.createElement('div');
      document.body.append(box);
      const steps = [['e', 'd', 'c', 'b'], ['g', 'f', 'e', 'd'], ['f', 'e', 'd', 'x'], ['d', 'x']];
      box.append(list(['d', 'c', 'b', 'a']));
      const result = [];
      for (const lines of steps) {
        const before = new Map([...box.querySelectorAll('li')].map((li) => [li.textContent, li]));
        const drawn = list(lines);
        const expected = drawn.outerHTML;
        let writes = 0;
        const watcher = new MutationObserver((records) => { writes += records.filter((r) => r.type === 'characterData').length; });
        watcher.observe(box, {subtree: true, characterData: true});
        window.kabaleRedraw.redraw(box, drawn);
        watcher.takeRecords().forEach((r) => { if (r.type === 'characterData') writes += 1; });
        watcher.disconnect();
        const after = [...box.querySelectorAll('li')];
        result.push({equal: box.innerHTML === expected, textWrites: writes,
                     kept: after.filter((li) => before.get(li.textContent) === li).map((li) => li.textContent)});
      }
      box.remove();
      return result;
    }""")
    assert result == [{"equal": True, "textWrites": 0, "kept": ["d", "c", "b"]},
                      {"equal": True, "textWrites": 0, "kept": ["e", "d"]},
                      {"equal": True, "textWrites": 0, "kept": ["f", "e", "d"]},
                      {"equal": True, "textWrites": 0, "kept": ["d", "x"]}]


def test_the_focused_elements_attributes_are_written_and_it_keeps_the_focus(
        page: Page, open_kabale: Callable[..., Page]) -> None:
    open_kabale()
    result = page.evaluate("""() => {
      const row = (focused) => {
        const div = document.createElement('div');
        for (const index of [0, 1]) {
          const button = document.createElement('button');
          button.className = index === focused ? 'card picked' : 'card';
          button.setAttribute('tabindex', index === focused ? '0' : '-1');
          button.setAttribute('aria-pressed', String(index === focused));
          button.textContent = `card ${index}`;
          div.append(button);
        }
        return div;
      };
      const box = document.createElement('div');
      document.body.append(box);
      box.append(row(0));
      const first = box.querySelector('button');
      first.focus();
      const drawn = row(1);
      const expected = drawn.outerHTML;
      window.kabaleRedraw.redraw(box, drawn);
      const result = {equal: box.innerHTML === expected, tabindex: first.getAttribute('tabindex'),
                      same: box.querySelector('button') === first, focused: document.activeElement === first};
      // the focused card played: it goes, the rest stays, and the page is the drawing
      const played = row(1);
      played.firstChild.remove();
      const shorter = played.outerHTML;
      window.kabaleRedraw.redraw(box, played);
      result.gone = !first.isConnected && box.innerHTML === shorter;
      box.remove();
      return result;
    }""")
    assert result == {"equal": True, "tabindex": "-1", "same": True, "focused": True, "gone": True}


#: Random descriptions of elements as py/kabale/web/dom.py gives them to ``build`` (one string of
#: JSON: [tag, [name, value, ...], ...children], a child a description or a text), made both ways:
#: by ``build``, and by ``make`` one element a call, as h() made each before.
RANDOM_DESCRIPTIONS = """(count) => {
  let seed = 777;
  const random = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
  const pick = (list) => list[Math.floor(random() * list.length)];
  const PROPS = [['class', 'card picked'], ['text', 'Ace of ♦ "one" <b>&amp;</b> → 13'], ['style', '--i:3; --layer:2'],
                 ['data-card', '7S'], ['aria-pressed', 'true'], ['disabled', ''], ['reversed', ''], ['start', '40'],
                 ['aria-label', 'Packet 2, 7 of spades'], ['tabindex', '-1']];
  const describe = (depth) => {
    const flat = [];
    for (const [name, value] of PROPS) if (random() < 0.3) flat.push(name, value);
    const node = [pick(['div', 'span', 'li', 'button', 'ol', 'p']), flat];
    const children = depth > 2 ? 0 : Math.floor(random() * 4);
    for (let i = 0; i < children; i += 1) node.push(random() < 0.25 ? pick(['one', ' ', 'é ✓']) : describe(depth + 1));
    return node;
  };
  const oneByOne = (node) => typeof node === 'string' ? node
    : window.kabaleRedraw.make(node[0], node[1].length / 2, ...node[1], ...node.slice(2).map(oneByOne));
  const failures = [];
  for (let i = 0; i < count; i += 1) {
    const description = describe(0);
    const built = window.kabaleRedraw.build(JSON.stringify(description));
    const made = oneByOne(description);
    if (!built.isEqualNode(made) || built.outerHTML !== made.outerHTML) failures.push([i, made.outerHTML, built.outerHTML]);
  }
  return failures.slice(0, 3);
}"""


def test_a_drawing_built_in_one_call_is_the_one_made_element_by_element(
        page: Page, open_kabale: Callable[..., Page]) -> None:
    """A table drawn at once (kabale.web.dom.drawn_at_once) crosses into the page as one string:
    ``build`` must make exactly the elements ``make`` made one call each."""
    open_kabale()
    failures: list[Any] = page.evaluate(RANDOM_DESCRIPTIONS, 300)
    assert failures == []


#: A kept drawing (kabale.web.dom.keep) copied into two drawings in a row; then the page's copy
#: changed by someone else (as the press's echo or a drag does), and a third drawing.
KEPT_PARTS = """() => {
  const { make, keep, redraw } = window.kabaleRedraw;
  const card = (name) => make('div', 2, 'class', 'card', 'data-card', name, make('span', 1, 'class', 'corner'));
  const place = keep(make('div', 1, 'class', 'place', make('button', 1, 'class', 'place-button', card('7S'), card('7H'))));
  const other = (text) => make('p', 1, 'text', text);
  const box = document.createElement('div');
  document.body.append(box);
  const drawing = (text) => make('section', 0, place, other(text));
  const result = {};
  redraw(box, drawing('one'));
  const shown = box.querySelector('.place');
  const cards = [...box.querySelectorAll('.card')];
  let second = drawing('two');
  let expected = second.outerHTML;
  redraw(box, second);
  result.equal = box.innerHTML === expected;
  result.sameNodes = box.querySelector('.place') === shown && [...box.querySelectorAll('.card')].every((c, i) => c === cards[i]);
  result.keptOutOfPage = place.parentNode === null && !box.contains(place);
  // someone else changes the page's copy: the next redraw mends it
  cards[1].classList.add('picked');
  cards[0].style.transform = 'translate(3px, 4px)';
  const third = drawing('three');
  expected = third.outerHTML;
  redraw(box, third);
  result.mended = box.innerHTML === expected;
  // a change the observer has already reported (after a task), then a copy again
  shown.querySelector('button').append(card('8D'));
  return new Promise((resolve) => setTimeout(() => {
    const fourth = drawing('four');
    const html = fourth.outerHTML;
    redraw(box, fourth);
    result.mendedLater = box.innerHTML === html;
    // and a drawing of the place without the copy (drawn again) makes the page that, not the kept one
    const fresh = make('section', 0, make('div', 1, 'class', 'place', make('button', 1, 'class', 'place-button', card('7S'))), other('five'));
    const freshHtml = fresh.outerHTML;
    redraw(box, fresh);
    const sixth = drawing('six');
    const sixthHtml = sixth.outerHTML;
    redraw(box, sixth);
    result.backToKept = box.innerHTML === sixthHtml && freshHtml !== sixthHtml;
    box.remove();
    resolve(result);
  }, 0));
}"""


def test_a_kept_part_is_copied_left_as_it_is_and_mended_when_changed(page: Page, open_kabale: Callable[..., Page]) -> None:
    """A table keeps the drawing of a part that did not change and hands it again (kabale.web.dom.Kept):
    the page gets a copy, the part shown stays the same nodes, the kept drawing never enters the page,
    and a change made by someone else (the press's echo, a drag's transform) is still mended."""
    open_kabale()
    result = page.evaluate(KEPT_PARTS)
    assert result == {"equal": True, "sameNodes": True, "keptOutOfPage": True, "mended": True,
                      "mendedLater": True, "backToKept": True}


#: A kept description (kabale.web.dom.Kept inside drawn_at_once) in ``build``'s text: made and kept
#: under its number the first time, named by its number after; forgotten, then whole again.
KEPT_NUMBERED = """() => {
  const { build, redraw } = window.kabaleRedraw;
  const card = (name) => ['div', ['class', 'card', 'data-card', name], ['span', ['class', 'corner']]];
  const place = ['div', ['class', 'place'], ['button', ['class', 'place-button'], card('7S'), card('7H')]];
  const drawing = (shown, text, forget = []) =>
    build(JSON.stringify({drawing: ['section', [], shown, ['p', ['text', text]]], forget}));
  const plain = (text) => build(JSON.stringify(['section', [], place, ['p', ['text', text]]])).outerHTML;
  const box = document.createElement('div');
  document.body.append(box);
  const result = {};
  const first = drawing({k: 900001, d: place}, 'one');
  result.first = first.outerHTML === plain('one');
  redraw(box, first);
  const shown = box.querySelector('.place');
  // by its number: the same drawing, and the page's copy known for it (not compared node by node)
  const compare = Node.prototype.isEqualNode;
  let compared = 0;
  Node.prototype.isEqualNode = function (other) { compared += 1; return compare.call(this, other); };
  const second = drawing(900001, 'two');
  const expected = second.outerHTML;
  try { redraw(box, second); } finally { Node.prototype.isEqualNode = compare; }
  result.second = expected === plain('two') && box.innerHTML === expected;
  result.sameNode = box.querySelector('.place') === shown;
  result.compared = compared;  // the paragraph and its text only (the place, drawn again, would be a third)
  // twice in one drawing: two copies
  const twice = build(JSON.stringify({drawing: ['section', [], 900001, 900001], forget: []}));
  result.twice = twice.querySelectorAll('.place').length === 2;
  // forgotten, and the number whole again (a part shown again after its table dropped it)
  const other = ['div', ['class', 'place other']];
  const third = drawing({k: 900001, d: other}, 'three', [900001]);
  result.third = third.outerHTML === build(JSON.stringify(['section', [], other, ['p', ['text', 'three']]])).outerHTML;
  box.remove();
  return result;
}"""


def test_a_kept_description_goes_once_then_by_its_number(page: Page, open_kabale: Callable[..., Page]) -> None:
    """A table drawn at once keeps its parts as descriptions (kabale.web.dom.Kept): the first drawing
    holds one whole, ``build`` makes and keeps it, and later drawings name it by number: the page
    gets the same elements, and the redraw knows the copy for the part it shows."""
    open_kabale()
    result = page.evaluate(KEPT_NUMBERED)
    assert result == {"first": True, "second": True, "sameNode": True, "compared": 2, "twice": True, "third": True}


#: The calls into assets/js/redraw.js, counted (wrapped as the page defines them): the page
#: (assets/js/page.js) makes each drawing Python sends with one call, ``element``.
CALLS = """
window.__calls = {make: 0, element: 0, keep: 0};
let redrawScript;
Object.defineProperty(window, 'kabaleRedraw', {configurable: true, get: () => redrawScript, set: (script) => {
  for (const name of Object.keys(window.__calls)) {
    const call = script[name];
    script[name] = function (...args) { window.__calls[name] += 1; return call.apply(this, args); };
  }
  redrawScript = script;
}});
"""


@pytest.mark.parametrize("game", ["patience", "kabalam"])
def test_a_table_drawn_at_once_keeps_its_parts_and_ends_as_drawn_afresh(
        page: Page, open_kabale: Callable[..., Page], game: str) -> None:
    """The patience and KABALAM tables are made in one call at each redraw (``element``),
    with no element made or kept one call at a time; after moves, with parts kept, forgotten and
    shown again, the page is exactly the one a fresh page draws of the same game."""
    page.add_init_script(INSTANT)
    page.add_init_script(CALLS)
    if game == "kabalam":
        match = Match.start(7, seats=3)
        saved = SavedMatch(TablePlan((SeatPlan("S", "you"), SeatPlan("W", "easy"), SeatPlan("N", "easy"))), match)
        page.add_init_script(f"""if (!sessionStorage.getItem('seeded')) {{ sessionStorage.setItem('seeded', '1');
            localStorage.setItem('kabale:kabalam', {json.dumps(json.dumps(
                {"app": "kabale", "schema": 1, "name": "kabalam", "revision": 1, "data": saved.to_dict()}))}); }}""")
    open_kabale(f"?game={game}&seed=7")
    table = page.locator(".table")
    expect(table).to_be_visible()
    moves = 0
    for _ in range(60):
        if moves >= 8:
            break
        if game == "patience":
            state: Any = saved_patience(page).game
            if state.is_over():
                break
            legal = state.legal_moves()
        else:
            hand = saved_match(page).match.hand
            assert hand is not None
            if hand.is_over():
                break
            if hand.turn != "S":
                page.wait_for_timeout(50)
                continue
            legal = list(hand.observation("S").legal_moves)
        plays = [move for move in legal if move.is_play]
        move = plays[-1] if plays else legal[0]
        lines = page.locator(".log-lines li").element_handles()
        page.evaluate("window.__calls.make = window.__calls.keep = window.__calls.element = 0")
        before = revision(page, game)
        click_move(page, move)
        wait_for_save(page, game, before)
        moves += 1
        calls = page.evaluate("window.__calls")
        assert calls["make"] == 0 and calls["keep"] == 0 and calls["element"] >= 1, (move, calls)
        # the log's lines already shown stay the same nodes (a line or two comes in first)
        shown = page.locator(".log-lines li").element_handles()
        kept = page.evaluate("([old, shown]) => old.filter((node) => shown.includes(node)).length", [lines[:10], shown])
        assert kept >= min(len(lines), 10) - 2, (kept, len(lines))
    assert moves >= 4
    wait_landed(page)
    page.wait_for_timeout(300)
    html = page.evaluate(SHOWN)
    page.reload()
    wait_ready(page)
    expect(table).to_be_visible()
    wait_landed(page)
    page.wait_for_timeout(300)
    assert page.evaluate(SHOWN) == html


#: The table as shown, but for the card that has the tab stop of your cards (the table's focus,
#: which a fresh page puts on the first card).
SHOWN = """() => {
  const view = document.getElementById('view').cloneNode(true);
  for (const card of view.querySelectorAll('.mine [data-action=card]')) card.removeAttribute('tabindex');
  return view.innerHTML;
}"""
