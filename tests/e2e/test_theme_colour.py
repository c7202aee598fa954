"""The browser's bar follows the theme (issue 13): the theme-color the browser would use is the
page's edge colour (--felt-dark, <html>'s background) in the system's scheme, in the one the
settings hold, before Python starts as after, and again when the setting goes back to auto."""

from __future__ import annotations

from typing import Any, Callable

import pytest
from playwright.sync_api import Page
from helpers import STILL, choose_theme  # type: ignore[import-not-found]

pytestmark = STILL

#: The colour the browser takes for its bar (the first theme-color meta whose media matches), and
#: the page's own edge colour in the theme in force.
BAR = """() => {
  const meta = [...document.querySelectorAll('meta[name="theme-color"]')]
    .find((m) => !m.media || matchMedia(m.media).matches);
  return {bar: meta ? meta.content : null,
          edge: getComputedStyle(document.documentElement).getPropertyValue('--felt-dark').trim()};
}"""

DARK_EDGE, LIGHT_EDGE = "#12452b", "#bcd8c1"


def bar(page: Page) -> dict[str, Any]:
    colours: dict[str, Any] = page.evaluate(BAR)
    return colours


@pytest.mark.parametrize("scheme, edge", [("dark", DARK_EDGE), ("light", LIGHT_EDGE)])
def test_the_bar_follows_the_system_scheme(page: Page, open_kabale: Callable[..., Page], scheme: str, edge: str) -> None:
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    open_kabale()
    assert bar(page) == {"bar": edge, "edge": edge}
    other = "light" if scheme == "dark" else "dark"
    page.emulate_media(color_scheme=other)  # type: ignore[arg-type]
    assert bar(page)["bar"] == bar(page)["edge"] != edge  # the system changes its mind: so does the bar


def test_the_bar_follows_the_theme_setting(page: Page, open_kabale: Callable[..., Page]) -> None:
    page.emulate_media(color_scheme="dark")
    open_kabale("?game=patience&seed=5")
    choose_theme(page, "Light")
    assert bar(page) == {"bar": LIGHT_EDGE, "edge": LIGHT_EDGE}
    page.emulate_media(color_scheme="light")
    choose_theme(page, "Dark")
    assert bar(page) == {"bar": DARK_EDGE, "edge": DARK_EDGE}
    # kept, and painted by assets/js/boot.js before Python starts: no light bar first
    page.goto(page.url.split("?")[0] + "?game=double-h&seed=5", wait_until="domcontentloaded")
    early = page.evaluate("() => document.body.dataset.ready || ''")
    assert early == "" and bar(page) == {"bar": DARK_EDGE, "edge": DARK_EDGE}
    open_kabale("?game=double-h&seed=5")
    assert bar(page) == {"bar": DARK_EDGE, "edge": DARK_EDGE}
    choose_theme(page, "As the system (light or dark)")
    assert bar(page) == {"bar": LIGHT_EDGE, "edge": LIGHT_EDGE}
    page.emulate_media(color_scheme="dark")
    assert bar(page) == {"bar": DARK_EDGE, "edge": DARK_EDGE}
