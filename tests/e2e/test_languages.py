"""English, Italian and Danish: the whole page follows the language chosen, with no string missing.

Every language on every screen is checked on what Python tells the page, in CPython
(tests/unit/test_languages_app.py); here one language in a browser: the page's lang, its own static
words, axe, and a real reload keeping the choice."""

from __future__ import annotations

import re
from typing import Any, Callable

from playwright.sync_api import Page, expect

from helpers import INSTANT, STILL

pytestmark = STILL

#: What a key that slipped through untranslated looks like on the page ("table.hand", "dh.place_label").
RAW_KEY = re.compile(r"\b[a-z_]+\.[a-z_]+(?:\.[a-z_]+)*\b")


def visible_texts(page: Page) -> list[str]:
    return page.evaluate(
        """() => { const out = []; const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
                   while (walk.nextNode()) { const t = walk.currentNode.textContent.trim(); if (t) out.push(t); }
                   for (const e of document.querySelectorAll('[aria-label]')) out.push(e.getAttribute('aria-label'));
                   return out; }""")


def test_the_page_speaks_the_language_chosen(page: Page, open_kabale: Callable[..., Page], axe_violations: Any) -> None:
    """Italian chosen on a patience, kept across a reload, on the lobby and the Double H table too."""
    page.add_init_script(INSTANT)
    page = open_kabale("?game=patience&seed=42")
    page.evaluate("document.getElementById('announcer').textContent = 'Lost: the draw pile is finished.'")
    page.get_by_label("Language").select_option(label="Italiano")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    expect(page.locator("#announcer")).to_have_text("")  # nothing left in the language before
    expect(page.get_by_role("heading", name="Solitario Kabalam")).to_be_visible()
    page.locator(".mine button[data-card]").first.click()
    leftovers = [text for text in visible_texts(page) if RAW_KEY.fullmatch(text)]
    assert leftovers == []
    assert [v["id"] for v in axe_violations(page)] == []
    # the choice is kept: after a reload the page still speaks it, lobby included
    page.reload()
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=90_000)
    expect(page.locator("html")).to_have_attribute("lang", "it")
    page.get_by_role("button", name="Tutti i giochi", exact=True).click()
    expect(page.get_by_role("heading", name="Scegli un gioco")).to_be_visible()
    # the Double H table too, a card picked up and a hint asked for
    page.get_by_role("button", name="Doppia H", exact=True).click()
    page.locator("button[data-action=place]").first.click()
    page.locator("button[data-action=hint]").click()
    expect(page.locator(".hint-text")).not_to_have_text(re.compile("…$"), timeout=20_000)
    leftovers = [text for text in visible_texts(page) if RAW_KEY.fullmatch(text)]
    assert leftovers == []
    assert [v["id"] for v in axe_violations(page)] == []
