"""Issue 28 (a new player's playthrough), items 2, 3, 5 and 12: every control in view and pressable.

* item 2: in a blog's frame on a phone (350x720, the blog on another site, so the page says it keeps no
  games there), with two rows of cards, Hint, Undo and Redo lay under the statistics and "What happened";
* item 3: Double H in Italian at 1280x800 ran 13 px past the right edge: every table, in every language,
  at every screen of test_fit.py, with no sideways scroll;
* item 5: at 1280x800 with four players, a hand of two rows went under the foot of the screen;
* item 12: with a match in progress, the set-up's sticky "Start the match" lay over "Free yield".

Each screen boots once: the language is switched with the toolbar's select and the tables are opened as
Back and Forward do (test_fit.GO), without a new page.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Frame, Page, expect

from test_fit import BOOT_TIMEOUT_MS, GO, SCREENS, screen_context  # noqa: F401  (a fixture)
from kabale.games.kabalam.match import Match
from kabale.web.saved import SavedMatch, SeatPlan, TablePlan

LANGUAGES = {"en": "English", "da": "Dansk", "it": "Italiano"}

#: The page's sideways overflow, and each control whose box runs past the left or right edge.
SIDEWAYS = """() => {
  const width = document.documentElement.clientWidth, past = [];
  for (const el of document.querySelectorAll(
      '#view button, #view select, #view input, #view a, #view label, #toolbar button, #toolbar select, #toolbar a')) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;  // not shown
    if (box.left < -0.5 || box.right > width + 0.5) {
      const name = el.getAttribute('aria-label') || el.textContent.trim() || el.className;
      past.push(`${name.slice(0, 30)} at ${Math.round(box.left)}-${Math.round(box.right)} of ${width}`);
    }
  }
  return {scroll: document.scrollingElement.scrollWidth - innerWidth, past};
}"""


def sideways(where: Page | Frame, what: str) -> list[str]:
    """What scrolls sideways or lies past an edge (each case is checked, then all are reported)."""
    found = where.evaluate(SIDEWAYS)
    return [] if found["scroll"] <= 0 and not found["past"] else [f"{what}: {found}"]


def speak(page: Page, language: str) -> None:
    page.locator("#language").select_option(language)
    expect(page.locator("html")).to_have_attribute("lang", language)


@pytest.mark.parametrize("screen", list(SCREENS))
def test_no_table_scrolls_sideways_in_any_language(screen: str, screen_context: Any, base_url: str) -> None:
    """Item 3: the three tables and KABALAM's set-up, in English, Danish and Italian."""
    page: Page = screen_context(*SCREENS[screen])
    page.goto(base_url + "?game=double-h&seed=5")
    expect(page.locator("body")).to_have_attribute("data-ready", "1", timeout=BOOT_TIMEOUT_MS)
    wrong: list[str] = []
    for language in LANGUAGES:
        speak(page, language)
        page.evaluate(GO, "?game=double-h&seed=5")
        expect(page.locator(".double-h-table")).to_be_visible()
        wrong += sideways(page, f"Double H in {language} at {screen}")
        page.evaluate(GO, "?game=patience&seed=8")
        expect(page.locator(".patience-table")).to_be_visible()
        wrong += sideways(page, f"Patience Kabalam in {language} at {screen}")
        page.evaluate(GO, "?game=kabalam&seed=3")
        page.locator('[data-field="count"][value="4"]').check()
        expect(page.locator(".seat-row")).to_have_count(4)
        wrong += sideways(page, f"KABALAM's set-up, 4 players, in {language} at {screen}")
    page.locator('[data-action="start"]').click()
    expect(page.locator(".kabalam-table .seat")).to_have_count(4)
    for language in LANGUAGES:
        speak(page, language)
        expect(page.locator(".kabalam-table .seat")).to_have_count(4)
        wrong += sideways(page, f"KABALAM, 4 seats, in {language} at {screen}")
    assert not wrong, "\n".join(wrong)
