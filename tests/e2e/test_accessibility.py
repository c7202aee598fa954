"""axe-core finds no violation on Kabale's pages, in the dark theme and in the light one, whether
the light one comes from the system (prefers-color-scheme) or from the settings, and in Danish
(test_languages checks Italian's, on two pages)."""

from __future__ import annotations

import json
from typing import Any, Callable

import pytest
from playwright.sync_api import Page, expect
from helpers import STILL, choose_theme  # type: ignore[import-not-found]

pytestmark = STILL

QUERIES = ["", "?game=kabalam&seed=5", "?game=patience&seed=5", "?game=double-h&seed=5"]
#: Go to an address inside the app, as Back and Forward do (one boot serves the four pages).
GO = ("async query => { history.pushState(null, '', location.pathname + query); dispatchEvent(new PopStateEvent('popstate'));"
      " await window.kabalePage.settled(); }")  # once Python, in its worker, has drawn the address
#: The felt's middle stop as the page resolves it: which theme is in force.
FELT = "() => getComputedStyle(document.documentElement).getPropertyValue('--felt').trim()"
DARK_FELT, LIGHT_FELT = "#185535", "#d3e6d5"


def violations_on_every_page(page: Page, axe_violations: Any) -> dict[str, Any]:
    found = {}
    for query in QUERIES:
        page.evaluate(GO, query)
        expect(page.locator("#view")).to_be_attached()
        page.wait_for_timeout(300)  # the page drawn for the new address
        found[query or "lobby"] = axe_violations(page)
    return {where: violations for where, violations in found.items() if violations}


@pytest.mark.parametrize("scheme, felt", [("dark", DARK_FELT), ("light", LIGHT_FELT)])
def test_no_axe_violations_in_the_system_theme(page: Page, open_kabale: Callable[..., Page], axe_violations: Any,
                                               scheme: str, felt: str) -> None:
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    open_kabale()
    assert page.evaluate(FELT) == felt  # "auto", the default, follows the system
    assert violations_on_every_page(page, axe_violations) == {}


def test_the_theme_setting_holds_against_the_system(page: Page, open_kabale: Callable[..., Page],
                                                    axe_violations: Any) -> None:
    """Light chosen on a dark system, then dark on a light one: the setting wins, is kept on a
    reload, and axe finds nothing in either; Auto gives the system back."""
    page.emulate_media(color_scheme="dark")
    open_kabale("?game=patience&seed=5")
    choose_theme(page, "Light")
    assert page.evaluate(FELT) == LIGHT_FELT
    assert violations_on_every_page(page, axe_violations) == {}
    page.emulate_media(color_scheme="light")
    choose_theme(page, "Dark")
    assert page.evaluate(FELT) == DARK_FELT
    # kept in storage, and on <html> before Python starts (assets/js/boot.js): no light lobby first
    page.goto(page.url.split("?")[0] + "?game=double-h&seed=5", wait_until="domcontentloaded")
    early = page.evaluate("() => [document.documentElement.className, document.body.dataset.ready || '']")
    assert early == ["theme-dark", ""]
    open_kabale("?game=double-h&seed=5")
    assert page.evaluate(FELT) == DARK_FELT
    assert axe_violations(page) == []
    choose_theme(page, "As the system (light or dark)")
    assert page.evaluate(FELT) == LIGHT_FELT


def test_no_axe_violations_in_danish(page: Page, open_kabale: Callable[..., Page], axe_violations: Any) -> None:
    """The lobby and the three tables in Danish, as a Danish player has them from her settings (the
    page's own words and Python's: the names axe reads are other words than English's)."""
    settings = {"app": "kabale", "schema": 1, "name": "settings", "revision": 1,
                "data": {"bot_speed": "instant", "language": "da"}}
    page.add_init_script(f"localStorage.setItem('kabale:settings', {json.dumps(json.dumps(settings))});")
    open_kabale()
    expect(page.locator("html")).to_have_attribute("lang", "da")
    assert violations_on_every_page(page, axe_violations) == {}
    expect(page.get_by_role("region", name="Dobbelt-H-bordet")).to_be_visible()  # the last page, in Danish
