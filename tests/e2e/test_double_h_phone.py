"""Double H on a phone held upright: the H's fold their crossbars upright (J, Q, K down the middle)
so the cards grow with the height; held sideways, each H lies on its side, three rows high; the
stock, the waste and every place stay in view.

At 390x844 the cards were 31x43 px side by side in two classic H's (bench/fit.py), 28x39 at 360x740,
30x42 at 844x390.
"""

from __future__ import annotations

from typing import Any, Iterator

import pytest
from playwright.sync_api import Page, expect

from helpers import INSTANT

#: width, height, and the smallest card width the phone must show (CSS px), well over the old 31 and 28.
PHONES = {"390x844": (390, 844, 44), "360x740": (360, 740, 36)}

MEASURE = """() => {
  const box = el => el.getBoundingClientRect();
  const place = (side, value) => box(document.querySelector(`.h-shape:nth-of-type(${side}) .place[data-value="${value}"] .place-button`));
  const inView = el => { const r = box(el); return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; };
  return {
    card: box(document.querySelector('.h-shape .card')).width,
    jqk: [11, 12, 13].map(v => Math.round(place(1, v).left)),
    q_and_3: [Math.round(place(1, 12).top), Math.round(place(1, 3).top)],
    rows: [[1, 5], [11, 13], [6, 10]].map(([a, b]) => [Math.round(place(1, a).top), Math.round(place(1, b).top)]),
    every_place: [...document.querySelectorAll('.h-shape .place-button')].every(inView),
    stock_and_waste: [...document.querySelectorAll('.stock, .waste')].every(inView),
    scroll: document.documentElement.scrollHeight - innerHeight,
  };
}"""


@pytest.fixture
def phone(shared_context: Any, console_log: Any) -> Iterator[Page]:
    """A page on a touch screen, in the context this file's tests share (conftest's
    ``shared_context``: no other host, no storage left by another test); no console error."""
    context = shared_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                             reduced_motion="reduce")
    page = context.new_page()
    page.on("console", console_log.record)
    page.on("pageerror", lambda error: console_log.errors.append(f"uncaught: {error}"))
    page.add_init_script(INSTANT)
    yield page
    assert not console_log.errors, f"console errors: {console_log.errors}"


def test_the_h_takes_the_shape_of_the_screen(phone: Page, base_url: str) -> None:
    """One table, its window turned and resized as a player does (one start for the four shapes: the
    layouts are the style sheet's, by the window's size and aspect).

    * A phone held upright (390x844, 360x740): the H's fold, J, Q and K down the middle, the Q level
      with the 3, the cards no smaller than ``PHONES`` says, everything in view, no scrolling.
    * A squarish board (1200x1000, narrower than 5:4, where the H's do not lie on their sides): the
      crossbar stays a row, J, Q and K side by side, level with the 3 and the 8.
    * A phone held sideways (844x390): A to 5 a row, J, Q, K the row under it, 6 to 10 the third;
      the cards grow (40 px at least), everything in view."""
    phone.goto(base_url + "?game=double-h&seed=5")
    expect(phone.get_by_role("region", name="Double H table")).to_be_visible(timeout=90_000)

    def seen_at(width: int, height: int) -> dict[str, Any]:
        phone.set_viewport_size({"width": width, "height": height})
        phone.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        return dict(phone.evaluate(MEASURE))

    for screen, (width, height, smallest) in PHONES.items():
        seen = seen_at(width, height)
        assert seen["card"] >= smallest, (screen, seen)
        assert len(set(seen["jqk"])) == 1, f"J, Q and K are not one column at {screen}: {seen}"
        assert seen["q_and_3"][0] == seen["q_and_3"][1], f"the Q is not level with the 3 at {screen}: {seen}"
        assert seen["every_place"] and seen["stock_and_waste"] and seen["scroll"] <= 0, (screen, seen)

    seen = seen_at(1200, 1000)
    assert len(set(seen["jqk"])) == 3 and seen["q_and_3"][0] == seen["q_and_3"][1], seen

    seen = seen_at(844, 390)
    (top, top_end), (bar, bar_end), (foot, foot_end) = seen["rows"]
    assert top == top_end < bar == bar_end < foot == foot_end, seen
    assert seen["card"] >= 40, seen
    assert seen["every_place"] and seen["stock_and_waste"] and seen["scroll"] <= 0, seen
