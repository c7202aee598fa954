"""A change of language redraws every text on screen, what a table said before the change included
(issue 28, item 4).

A new player asked for a Double H hint in Italiano, then chose English: the hint read "Hint: draw a
card from the stock. Un tentativo: …", since the table kept the reason as text made in Italian. A
refusal was kept the same way. The tables now keep what they said as words (kabale.web.text.i18n.Said)
and say them in the language of each redraw.
"""

from __future__ import annotations

import re
from typing import Callable

from playwright.sync_api import Page, expect

from conftest import wait_ready  # type: ignore[import-not-found]
from helpers import INSTANT, saved_patience
from kabale.games.kabala.rules import Move
from kabale.web.text.strings_en import STRINGS_EN
from kabale.web.text.strings_it import STRINGS_IT


def said_as(template: str) -> str:
    """A template as a pattern of what it says ("{won} of {samples}" -> ".+? of .+?")."""
    return ".+?".join(re.escape(part) for part in re.split(r"\{[^}]*\}", template))


def any_of(strings: dict[str, str], prefix: str) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{said_as(text)})" for key, text in strings.items() if key.startswith(prefix)))


def test_a_hint_and_a_refusal_follow_the_language_chosen(page: Page, open_kabale: Callable[..., Page]) -> None:
    page.add_init_script(INSTANT)
    page = open_kabale("?game=double-h&seed=7")
    page.get_by_label("Language").select_option(label="Italiano")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    page.locator("button[data-action=hint]").click()
    hint = page.locator(".hint-text")
    expect(hint).not_to_have_text(re.compile("…$"), timeout=20_000)
    italian_basis, english_basis = any_of(STRINGS_IT, "dh.basis."), any_of(STRINGS_EN, "dh.basis.")
    assert italian_basis.search(hint.inner_text()), hint.inner_text()

    page.get_by_label("Lingua").select_option(label="English")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(hint).to_have_text(re.compile(r"^Hint: "))
    said = hint.inner_text()
    assert english_basis.search(said) and not italian_basis.search(said), said

    # the patience's refusal, said in Italiano, is said again in English
    page.goto(page.url.split("?")[0] + "?game=patience&seed=42")
    wait_ready(page)
    page.get_by_label("Language").select_option(label="Italiano")
    game = saved_patience(page).game
    legal = set(game.legal_moves())
    index, packet = next((index, packet) for index, card in enumerate(game.endowment) for packet in (1, 2, 3)
                         if Move.bare(card.value, packet=packet) not in legal)
    page.locator(f".mine button[data-index='{index}']").click()
    page.locator(f"[data-action=packet][data-packet='{packet}']").click()
    refusal = page.locator(".refusal")
    expect(refusal).not_to_have_text("")
    italian = refusal.inner_text()
    page.get_by_label("Lingua").select_option(label="English")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    english = refusal.inner_text()
    assert english and english != italian
    assert any_of(STRINGS_EN, "illegal.").search(english), english
