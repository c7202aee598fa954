"""A change of language redraws every text on screen, what a table said before the change included
(issue 28, item 4), through the app in CPython as in its worker (tests/unit/app_driver.py).

A new player asked for a Double H hint in Italiano, then chose English: the hint read "Hint: draw a
card from the stock. Un tentativo: …", since the table kept the reason as text made in Italian. A
refusal was kept the same way. The tables now keep what they said as words (kabale.web.text.i18n.Said)
and say them in the language of each redraw. The browser's tests of the page's language
(tests/e2e/test_languages.py) keep the lang attribute's effect, axe, the reload.
"""

from __future__ import annotations

import re


from app_driver import Kabale, Shown, opened  # noqa: F401 (opened: a fixture)
from kabale.games.kabala.rules import Move
from kabale.web.storage.saved import SavedPatience
from kabale.web.text.strings_en import STRINGS_EN
from kabale.web.text.strings_it import STRINGS_IT


def said_as(template: str) -> str:
    """A template as a pattern of what it says ("{won} of {samples}" -> ".+? of .+?")."""
    return ".+?".join(re.escape(part) for part in re.split(r"\{[^}]*\}", template))


def any_of(strings: dict[str, str], prefix: str) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{said_as(text)})" for key, text in strings.items() if key.startswith(prefix)))


def choose_language(kabale: Kabale, label: str, option: str) -> None:
    """Choose ``option`` in the toolbar's select named ``label`` ("Language", "Lingua"), as
    select_option(label=...) does: the change as the page describes it (assets/js/page.js)."""
    field = kabale.part("#toolbar").one(tag="select", **{"aria-label": label})
    value, = [node.get("value") or "" for node in field.all(tag="option") if node.words() == option]
    kabale.send({"type": "change", "within": "toolbar",
                 "path": [{"tag": "SELECT", "attributes": dict(field.attributes), "value": value}]})


def text(node: Shown) -> str:
    """The element's words as Playwright reads them for to_have_text (white space folded)."""
    return " ".join(node.words().split())


def test_a_hint_and_a_refusal_follow_the_language_chosen(opened: list[Kabale]) -> None:
    kabale = Kabale("?game=double-h&seed=7")
    opened.append(kabale)
    choose_language(kabale, "Language", "Italiano")
    assert kabale.said[("html", "lang")] == "it"
    kabale.click(kabale.view.one(tag="button", data_action="hint"))
    hint = kabale.view.one("hint-text")
    assert not re.search("…$", text(hint)), text(hint)
    italian_basis, english_basis = any_of(STRINGS_IT, "dh.basis."), any_of(STRINGS_EN, "dh.basis.")
    assert italian_basis.search(hint.words()), hint.words()

    choose_language(kabale, "Lingua", "English")
    assert kabale.said[("html", "lang")] == "en"
    hint = kabale.view.one("hint-text")
    assert re.search(r"^Hint: ", text(hint)), text(hint)
    said = hint.words()
    assert english_basis.search(said) and not italian_basis.search(said), said

    # the patience's refusal, said in Italiano, is said again in English: on a page opened afresh
    # at the patience's address, with what the first saved (its settings, English)
    storage = dict(kabale.storage)
    kabale.close()
    opened.remove(kabale)
    kabale = Kabale("?game=patience&seed=42", storage=storage)
    opened.append(kabale)
    choose_language(kabale, "Language", "Italiano")
    data = kabale.stored("patience")
    assert data is not None, "no patience is saved"
    game = SavedPatience.from_dict(data).game
    legal = set(game.legal_moves())
    index, packet = next((index, packet) for index, card in enumerate(game.endowment) for packet in (1, 2, 3)
                         if Move.bare(card.value, packet=packet) not in legal)
    kabale.click(kabale.view.one("mine").one(tag="button", data_index=str(index)))
    kabale.click(kabale.view.one(data_action="packet", data_packet=str(packet)))
    italian = text(kabale.view.one("refusal"))
    assert italian != ""
    choose_language(kabale, "Lingua", "English")
    assert kabale.said[("html", "lang")] == "en"
    english = text(kabale.view.one("refusal"))
    assert english and english != italian
    assert any_of(STRINGS_EN, "illegal.").search(english), english
