"""English, Italian and Danish through the app in CPython as in its worker (tests/unit/app_driver.py):
every screen follows the language chosen with no key left untranslated, the choice is kept, and
the cards are named and lettered in it.

Why here: which words Python puts on the page is read from what it tells the page (the view, the
toolbar, the dialog, the notice, the words set on the page's own elements), in every language and on
more screens than a browser could visit in the time. The browser keeps one language
(tests/e2e/test_languages.py: the lang attribute, axe, a real reload, the page's own static words)
and the faces' drawings (tests/e2e/test_card_faces.py)."""

from __future__ import annotations

import re
from typing import Any, Iterator

import pytest

from app_driver import Kabale, Shown, record, opened  # noqa: F401 (opened: a fixture)
from kabalam_review import played  # a match played by seeded bots (bench/kabalam_review.py)
from kabale.games.patience.rules import Patience
from kabale.web.dom import Drawn, Kept
from kabale.web.storage.saved import SavedMatch, SavedPatience, SeatPlan, TablePlan
from kabale.web.text.i18n import LANGUAGES

#: What a key that slipped through untranslated looks like on the page ("table.hand", "dh.place_label").
RAW_KEY = re.compile(r"\b[a-z_]+\.[a-z_]+(?:\.[a-z_]+)*\b")

#: The attributes whose words a person hears or reads (a name, a tooltip, a picture's text).
SAID_ATTRIBUTES = ("text", "aria-label", "title", "alt")


def start(opened: list[Kabale], search: str, **options: Any) -> Kabale:
    kabale = Kabale(search, **options)
    opened.append(kabale)
    return kabale


# -- what the page shows, read from what Python told it -----------------------------------------------


def texts(drawing: Any) -> Iterator[str]:
    """Each text node of a drawing, and each name or tooltip, as the page makes them."""
    if isinstance(drawing, Kept):
        drawing = drawing.drawn
    if not isinstance(drawing, Drawn):
        yield str(drawing)
        return
    _tag, flat, *children = drawing
    for name, value in zip(flat[::2], flat[1::2]):
        if name in SAID_ATTRIBUTES:
            yield str(value)
    for child in children:
        yield from texts(child)


def page_texts(kabale: Kabale) -> list[str]:
    """What the page shows and names now: the view; what Python put into the page's own elements
    (the toolbar, the dialog, the notice, the lobby's tiles: each one's last content); the words set
    on them (the lobby's heading and game buttons, the announcer, the dialog's Close)."""
    shown = list(texts(kabale.drawing)) if kabale.drawing is not None else []
    content: dict[str, list[Any]] = {}
    for command in kabale.commands:
        if command[0] == "replace":
            content[command[1]] = list(command[2])
        elif command[0] == "prepend":
            content.setdefault(command[1], []).insert(0, command[2])
    for children in content.values():
        for child in children:
            shown += texts(child)
    shown += [str(value) for (_selector, name), value in kabale.said.items() if name == "textContent"]
    return [text.strip() for text in shown if text.strip()]


def leftovers(kabale: Kabale) -> list[str]:
    """The texts that are a key, not words."""
    return [text for text in page_texts(kabale) if RAW_KEY.fullmatch(text)]


def choose_language(kabale: Kabale, language: str) -> int:
    """The toolbar's language menu set to ``language``; the number of commands before it."""
    before = len(kabale.commands)
    menu = {"tag": "SELECT", "attributes": {"id": "language", "data-field": "language"}, "value": language}
    kabale.send({"type": "change", "within": "toolbar", "path": [menu]})
    return before


def body_classes(kabale: Kabale) -> set[str]:
    """The classes Python has put on <body> (the page adds its own, as table-shown)."""
    on: dict[str, bool] = {}
    for command in kabale.commands:
        if command[:2] == ["class", "body"]:
            on[command[2]] = bool(command[3])
    return {name for name, is_on in on.items() if is_on}


def press(kabale: Kabale, within: str, **attributes: str) -> None:
    """A button outside the view pressed (the toolbar's, the lobby's), by its attributes."""
    kabale.send({"type": "click", "within": within,
                 "path": [{"tag": "BUTTON", "attributes": {"type": "button", **attributes}}]})


def first_card(kabale: Kabale) -> Shown:
    """The first card of the player's hand (``.mine button[data-card]``)."""
    return next(node for node in kabale.view.one("mine").all(tag="button") if node.get("data-card"))


# -- the language chosen --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "language, title, lobby, all_games, double_h",
    [("it", "Solitario Kabalam", "Scegli un gioco", "Tutti i giochi", "Doppia H"),
     ("da", "Kabalam-kabale", "Vælg et spil", "Alle spil", "Dobbelt-H")],
)
def test_the_page_speaks_the_language_chosen(opened: list[Kabale], language: str, title: str, lobby: str,
                                             all_games: str, double_h: str) -> None:
    """The language menu on a patience: the page's lang, nothing left said in the language before, the
    table's heading, no key with a card picked; started again, the choice is kept, in the lobby too,
    and on the Double H table with a place picked and a hint thought."""
    kabale = start(opened, "?game=patience&seed=42")
    before = choose_language(kabale, language)
    assert kabale.said[("html", "lang")] == language
    assert ["set", "#announcer", "textContent", ""] in kabale.commands[before:]  # nothing left in the language before
    assert title in [node.words() for node in kabale.view.all(tag="h2")]
    kabale.click(first_card(kabale))
    assert leftovers(kabale) == []
    # the choice is kept: the page started again on what it stored still speaks it, lobby included
    again = start(opened, "?game=patience&seed=42", storage=dict(kabale.storage))
    assert again.said[("html", "lang")] == language
    lobby_buttons = again.part("#toolbar").all(tag="button", **{"data-action": "lobby"})
    assert [node.words() for node in lobby_buttons] == [all_games]
    press(again, "toolbar", **{"data-action": "lobby"})
    assert again.said[("#lobby", "hidden")] is False and again.said[("#lobby-heading", "textContent")] == lobby
    # the Double H table too, a card picked up and a hint asked for
    assert again.said[('button[data-game="double-h"]', "textContent")] == double_h
    press(again, "lobby", **{"data-game": "double-h"})
    again.click(again.view.all(tag="button", **{"data-action": "place"})[0])
    again.click("hint")
    hint = again.view.one("hint-text").words()
    assert hint and not hint.endswith("…")
    assert leftovers(again) == []


def dialogs_drawn(kabale: Kabale) -> int:
    return len([command for command in kabale.commands if command[:2] == ["replace", "#dialog-body"]])


def screens(opened: list[Kabale], language: str) -> Iterator[tuple[str, Kabale]]:
    """Each screen a player meets, in ``language``, as (what it is, the app showing it): the lobby and
    a game's statistics; each game's table (KABALAM's set-up first) with its settings, help and rules
    open over it, a card picked and a hint; the end of a patience and of a KABALAM hand."""
    settings = {"language": language}
    home = start(opened, "", settings=settings)
    yield "the lobby", home
    press(home, "lobby", **{"data-action": "stats", "data-stats": "patience"})
    yield "the patience's statistics", home
    for game in ("patience", "double-h", "kabalam"):
        table = start(opened, f"?game={game}&seed=5", settings=settings)
        if game == "kabalam":
            yield "KABALAM's set-up", table
            table.click("start")
            yield "a KABALAM table", table
        for action in ("settings", "help", "rules"):
            drawn = dialogs_drawn(table)
            if action == "rules":
                table.click(action)  # the table's own button
            else:
                press(table, "toolbar", **{"data-action": action})
            assert dialogs_drawn(table) == drawn + 1, f"no {action} dialog over {game}"
            yield f"the {action} dialog over {game}", table
            table.send({"type": "dialog-closed"})  # closed (by Close or Escape) before the next press
    kabalam = opened[-1]
    kabalam.click(first_card(kabalam))
    yield "a KABALAM table, a card picked", kabalam
    hand = played(6, 3, 1)
    plan = TablePlan((SeatPlan("S", "you"), SeatPlan("W", "normal"), SeatPlan("N", "normal")))
    yield "the end of a KABALAM hand", start(opened, "?game=kabalam&seed=6", settings=settings, storage={
        "kabale:kabalam": record("kabalam", SavedMatch(plan, hand).to_dict())})
    patience = start(opened, "?game=patience&seed=42", settings=settings)
    patience.click(first_card(patience))
    patience.click("hint")
    assert patience.view.all("patience-hint"), "no hint shown"
    yield "a patience, a card picked and a hint", patience
    lost = Patience.deal(10)
    while not lost.is_over():
        plays = [move for move in lost.legal_moves() if move.is_play]
        lost.apply(plays[0] if plays else lost.legal_moves()[0])
    yield "the end of a patience", start(opened, "?game=patience&seed=10", settings=settings, storage={
        "kabale:patience": record("patience", SavedPatience(lost, counted=True).to_dict())})
    double_h = start(opened, "?game=double-h&seed=7", settings=settings)
    double_h.click(double_h.view.all(tag="button", **{"data-action": "place"})[0])
    double_h.key("h")
    assert double_h.view.one("hint-text").words(), "no hint shown"
    yield "a Double H table, a place picked and a hint", double_h


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_screen_shows_a_key_in_any_language(opened: list[Kabale], language: str) -> None:
    """A key with no words in the tables (a typo in the code) shows as itself: on no screen, in no language."""
    seen = 0
    for where, kabale in screens(opened, language):
        assert kabale.said[("html", "lang")] == language, where
        assert leftovers(kabale) == [], where
        seen += 1
    assert seen >= 15


# -- the cards, named and lettered in the page's language ---------------------------------------------


def faces(kabale: Kabale) -> list[Shown]:
    """Every face-up card of the view (``.card[data-card]``)."""
    return [node for node in kabale.view.all("card") if node.get("data-card")]


def test_every_face_is_named_and_lettered_in_the_page_language(opened: list[Kabale]) -> None:
    """Each face says its card by its class (the sprite's drawing), its corner letter and its name,
    with no text of its own; in Danish the courts are B, D, K and named so, the H's labels too.
    The drawings themselves, loaded and decoded: tests/e2e/test_card_faces.py."""
    kabale = start(opened, "?game=double-h&seed=7")
    shown = faces(kabale)
    assert len(shown) >= 20
    letters = {"A": "A", "T": "10", "J": "J", "Q": "Q", "K": "K"}
    for card in shown:
        code = card.get("data-card") or ""
        assert f"face-{code}" in card.classes
        assert card.one("corner", **{"class": "corner top"}).get("data-value") == letters.get(code[0], code[0])
        assert card.words() == ""  # the drawing and the corner signs are no text: the card is its name
    named = {card.get("data-card"): card.get("aria-label") or "" for card in shown}
    if "AS" in named:
        assert named["AS"] == "Ace of spades"
    assert all(re.fullmatch(r"(Ace|Jack|Queen|King|\d+) of (clubs|diamonds|spades|hearts)", n) for n in named.values())

    # Danish decks print B, D, K for knægt, dame, konge; the names follow too
    choose_language(kabale, "da")
    assert kabale.said[("html", "lang")] == "da"
    courts = [card for card in faces(kabale) if (card.get("data-card") or " ")[0] in "JQK"]
    assert courts, "deal 7 shows court cards"
    for card in courts:
        value = (card.get("data-card") or " ")[0]
        assert card.one("corner", **{"class": "corner top"}).get("data-value") == {"J": "B", "Q": "D", "K": "K"}[value]
        assert (card.get("aria-label") or "").endswith({"J": "bonde", "Q": "dame", "K": "konge"}[value])
    # the labels above the Double H places are lettered as the cards are
    labels = [node.words() for node in kabale.view.all("place-value")]
    assert labels.count("B") == labels.count("D") == labels.count("K") == 2 and "J" not in labels


def test_settings_saved_before_card_backs_load_with_the_red_back(opened: list[Kabale]) -> None:
    """A settings record of the format before card backs (no card_back) keeps its fields and gets the
    red back: the style sheet's own, with no back class on <body> (which the browser's test of the
    back chosen shows red)."""
    older = {"language": "it", "reduced_motion": True, "bot_speed": "fast", "think_time": "long", "memory_aid": True,
             "still_winnable": False, "auto_safe_moves": False, "winnable_only": False}
    kabale = start(opened, "?game=double-h&seed=7", storage={"kabale:settings": record("settings", older)})
    assert kabale.said[("html", "lang")] == "it"
    assert body_classes(kabale) == {"reduced-motion"}  # and no other back than the red one
    assert kabale.said[("#notice", "hidden")] is True


def test_a_card_back_chosen_in_the_settings_is_kept(opened: list[Kabale]) -> None:
    """The settings' Card backs: Blue rosettes puts its class on <body>, is saved, and comes back
    when the page starts again. (The drawing each class shows: tests/e2e/test_card_faces.py.)"""
    kabale = start(opened, "?game=double-h&seed=7")
    assert not {name for name in body_classes(kabale) if name.startswith("back-")}
    press(kabale, "toolbar", **{"data-action": "settings"})
    backs = [node for node in kabale.part("#dialog-body").all(tag="label")
             if "".join(part for part in node.content if isinstance(part, str)).strip() == "Card backs"]
    assert len(backs) == 1
    choice = backs[0].one(tag="select")
    assert [option.get("value") for option in choice.all(tag="option") if option.words() == "Blue rosettes"] == ["blue"]
    kabale.send({"type": "change", "within": "dialog",
                 "path": [{"tag": "SELECT", "attributes": dict(choice.attributes), "value": "blue"}]})
    assert "back-blue" in body_classes(kabale)
    assert kabale.stored("settings")["card_back"] == "blue"
    again = start(opened, "?game=double-h&seed=7", storage=dict(kabale.storage))
    assert "back-blue" in body_classes(again)
