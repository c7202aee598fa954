"""What the browser tests of every engine share: the saved records they put in localStorage and the
page measures they take, written once (tests/conftest.py puts this folder on the path)."""
from __future__ import annotations

import json

from kabale.games.double_h.moves import Move
from kabale.games.double_h.rules import DoubleH
from kabale.web.storage.saved import SavedDoubleH


def drawn_through(seed: int) -> str:
    """A saved Double H deal with its whole stock drawn (round 1's order seen): a hint then names a place."""
    game = DoubleH.deal(seed)
    while Move.draw() in game.legal_moves():
        game.apply(Move.draw())
    return json.dumps({"app": "kabale", "schema": 1, "name": "double-h", "revision": 1,
                       "data": SavedDoubleH(game).to_dict()})


#: Where Double H's words stand against the place they speak of (the feedback's data-at, or data-near:
#: the stock or the waste), as a function to call in the page: the gap between the words and the place,
#: in px; a card's width and height; the side of the words their pointer is on (data-side, null: no
#: callout); what of the stock, the waste and the places the words lie over, and of the last row's places
#: (the 5s and 10s, the H's foot) apart; the place's left and right, the foot of the H's, the top of the
#: words; whether the words are in the viewport, whether the engine has CSS anchor positioning, and the
#: viewport's size. Playwright calls it as it is; WebDriver BiDi evaluates ``f"({WORDS_AND_PLACE})()"``.
WORDS_AND_PLACE = """() => {
  const feedback = document.querySelector('.double-h-table > .feedback');
  const at = feedback.dataset.at || feedback.dataset.near;
  if (!at) return null;
  const place = document.querySelector(feedback.dataset.at ? `.place-button[data-place="${at}"]` : `.stock-area .${at}`);
  const p = place.getBoundingClientRect();
  const words = [...feedback.children].map((el) => el.getBoundingClientRect()).filter((b) => b.width > 0);
  const top = Math.min(...words.map((b) => b.top)), bottom = Math.max(...words.map((b) => b.bottom));
  const left = Math.min(...words.map((b) => b.left)), right = Math.max(...words.map((b) => b.right));
  const gap = Math.hypot(Math.max(p.left - right, left - p.right, 0), Math.max(p.top - bottom, top - p.bottom, 0));
  const over = (el) => {
    const c = el.getBoundingClientRect();
    return words.some((b) => b.left < c.right - 0.5 && c.left < b.right - 0.5 && b.top < c.bottom - 0.5 && c.top < b.bottom - 0.5);
  };
  const covered = [...document.querySelectorAll('.double-h-table .place-button')].filter(over)
    .map((el) => el.dataset.place || el.dataset.action);
  const lastRow = [...document.querySelectorAll('.place:is([data-value="5"], [data-value="10"]) > .place-button')]
    .filter(over).map((el) => el.dataset.place);
  const hs = [...document.querySelectorAll('.double-h-board > .h-shape')].map((el) => el.getBoundingClientRect().bottom);
  const card = document.querySelector('.double-h-board .card').getBoundingClientRect();
  const inView = top >= 0 && left >= 0 && bottom <= innerHeight && right <= innerWidth;
  return {at, gap, card: card.width, cardH: card.height, side: feedback.dataset.side || null, covered, lastRow,
          place: [p.left, p.right], hFoot: Math.max(...hs), top, inView, anchors: CSS.supports('anchor-name: --a'),
          size: [innerWidth, innerHeight]};
}"""
