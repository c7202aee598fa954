"""Every language says everything English says, with the same placeholders.

The checks are functions that return what is wrong, so each is shown to find a
fault in a broken table before it is trusted to find none in the real ones.
"""

from __future__ import annotations

import re
from string import Formatter
from typing import Callable, Mapping

import pytest

from kabale.cards import Card, cards_from_text
from kabale.game import IllegalMove
from kabale.games.kabala.rules import Event
from kabale.web.text import i18n
from kabale.web.text.i18n import LANGUAGE_NAMES, LANGUAGES, STRINGS, translate
from kabale.web.text.messages import card_name, event_text, patience_event_text, refusal
from kabale.web.text.rules_text import RULES_TEXT, Section, rules_for
from kabale.web.text.strings_en import STRINGS_EN

TRANSLATIONS = [language for language in LANGUAGES if language != "en"]

Table = Mapping[str, str]
Rules = Mapping[str, tuple[Section, ...]]


def placeholders(template: str) -> set[str]:
    """The names of a template's ``{fields}`` ("" for a positional ``{}``)."""
    return {field for _, field, _, _ in Formatter().parse(template) if field is not None}


def key_problems(table: Table, reference: Table = STRINGS_EN) -> list[str]:
    missing = sorted(set(reference) - set(table))
    extra = sorted(set(table) - set(reference))
    return [f"missing {key}" for key in missing] + [f"not in English: {key}" for key in extra]


def placeholder_problems(table: Table, reference: Table = STRINGS_EN) -> list[str]:
    return [
        f"{key}: {sorted(placeholders(text))} instead of {sorted(placeholders(reference[key]))}"
        for key, text in table.items()
        if key in reference and placeholders(text) != placeholders(reference[key])
    ]


def format_problems(table: Table) -> list[str]:
    """Templates that do not format with a dummy value for each of their own names."""
    problems = []
    for key, text in table.items():
        try:
            fields = placeholders(text)
            if not all(field.isidentifier() for field in fields):
                problems.append(f"{key}: a field that is not a plain name in {text!r}")
                continue
            result = text.format(**{field: f"<{field}>" for field in fields})
        except (KeyError, IndexError, ValueError) as error:
            problems.append(f"{key}: {error!r}")
            continue
        if re.search(r"[{}]", result.replace("<", "").replace(">", "")):
            problems.append(f"{key}: a brace is left in {result!r}")
    return problems


def value_problems(table: Table) -> list[str]:
    return [f"{key}: {text!r}" for key, text in table.items() if not text.strip() or text == key]


def rules_problems(rules: Rules, reference: Rules) -> list[str]:
    problems = [f"games {sorted(rules)} instead of {sorted(reference)}"] if set(rules) != set(reference) else []
    for game in sorted(set(rules) & set(reference)):
        sections, english = rules[game], reference[game]
        if len(sections) != len(english):
            problems.append(f"{game}: {len(sections)} sections instead of {len(english)}")
            continue
        for number, ((heading, paragraphs), (english_heading, english_paragraphs)) in enumerate(
            zip(sections, english), start=1
        ):
            where = f"{game}, section {number}"
            if len(paragraphs) != len(english_paragraphs):
                problems.append(f"{where}: {len(paragraphs)} paragraphs instead of {len(english_paragraphs)}")
            if not heading.strip() or any(not paragraph.strip() for paragraph in paragraphs):
                problems.append(f"{where}: an empty heading or paragraph")
            if heading == english_heading or set(paragraphs) & set(english_paragraphs):
                problems.append(f"{where}: left in English")
    return problems


# -- the checks find faults --------------------------------------------------------


def test_placeholders_reads_every_field() -> None:
    assert placeholders("{name} played a Double {a} + {b}") == {"name", "a", "b"}
    assert placeholders("no fields, “quoted”") == set()
    assert placeholders("{value}{value}'s") == {"value"}
    assert placeholders("{}") == {""}


def test_the_checks_find_a_broken_table() -> None:
    reference = {"a": "Hello {name}", "b": "{count} cards", "c": "Close"}
    assert key_problems({"a": "Ciao {name}", "b": "{count} carte"}, reference) == ["missing c"]
    assert key_problems({**reference, "d": "extra"}, reference) == ["not in English: d"]
    assert placeholder_problems({"a": "Ciao {nome}", "b": "carte"}, reference) == [
        "a: ['nome'] instead of ['name']",
        "b: [] instead of ['count']",
    ]
    assert len(format_problems({"a": "Ciao {name", "b": "{0} carte", "c": "{name.upper}", "d": "{x}}"})) == 4
    assert value_problems({"a": "", "b": "  ", "c": "c", "d": "Chiudi"}) == ["a: ''", "b: '  '", "c: 'c'"]


def test_the_rules_check_finds_a_broken_translation() -> None:
    english: Rules = {"g": (("Heading", ("One.", "Two.")), ("Next", ("Three.",)))}
    assert rules_problems({"g": (("Titolo", ("Uno.", "Due.")), ("Poi", ("Tre.",)))}, english) == []
    assert rules_problems({}, english) == ["games [] instead of ['g']"]
    assert rules_problems({"g": (("Titolo", ("Uno.", "Due.")),)}, english) == ["g: 1 sections instead of 2"]
    assert rules_problems({"g": (("Titolo", ("Uno e due.",)), ("Poi", ("Tre.",)))}, english) == [
        "g, section 1: 1 paragraphs instead of 2"
    ]
    assert rules_problems({"g": (("Titolo", ("Uno.", "")), ("Next", ("Three.",)))}, english) == [
        "g, section 1: an empty heading or paragraph",
        "g, section 2: left in English",
    ]


# -- the page's words -------------------------------------------------------------


def test_every_language_is_listed_and_named() -> None:
    assert set(STRINGS) == set(LANGUAGES) == set(LANGUAGE_NAMES) == {"en", "it", "da"}
    assert set(RULES_TEXT) == set(LANGUAGES)


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_a_language_has_exactly_the_english_keys(language: str) -> None:
    assert key_problems(STRINGS[language]) == []


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_a_language_keeps_each_keys_placeholders(language: str) -> None:
    assert placeholder_problems(STRINGS[language]) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_template_formats(language: str) -> None:
    assert format_problems(STRINGS[language]) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_value_is_empty_or_its_key(language: str) -> None:
    assert value_problems(STRINGS[language]) == []


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_a_translation_is_mostly_not_english(language: str) -> None:
    """Some words are the same in both ("KABALAM", "Nord", "{seat} (computer, {level})"), but few.
    A card's corner letters ("index.*") are left out: many decks print A, J, Q, K in any language."""
    same = [key for key, text in STRINGS[language].items()
            if text == STRINGS_EN.get(key) and not key.startswith("index.")
            and re.sub(r"\{\w+\}", "", text).strip(" .·,") != ""]  # a date's "{day} {month} {year}" holds no words
    assert len(same) <= 6, same


def test_italian_never_puts_you_before_a_third_person_verb() -> None:
    """A {name} may be "Tu" (you, playing alone): "Tu ha giocato" would be wrong, "Tu: «Cedo!»" is not."""
    may_be_you = ("kabala.played_by", "end.closed", "end.one_seat_left", "log.bare", "log.double", "log.pass",
                  "log.yield", "log.out_with_thirteen", "log.close")
    wrong = [key for key in may_be_you if re.search(r"\{name\} \w", STRINGS["it"][key])]
    assert wrong == []


def test_english_says_you_with_its_own_verb() -> None:
    """A {name} may be "You": "You scores nothing" was shown at a hand's end. A line whose verb
    takes an -s after {name} has its own line for "you" (its key and "_you")."""
    may_be_you = ("kabala.played_by", "end.closed", "end.one_seat_left", "log.bare", "log.double", "log.pass",
                  "log.yield", "log.out_with_thirteen", "log.close")
    third_person = [key for key in may_be_you if re.search(r"\{name\} (is|was|has|\w+[^s]s)\b", STRINGS_EN[key])]
    assert {"end.one_seat_left", "log.out_with_thirteen"} <= set(third_person)  # "You scores", "You is"
    assert [key for key in third_person if key + "_you" not in STRINGS_EN] == []
    assert "you score" in STRINGS_EN["end.one_seat_left_you"]
    you = {"S": STRINGS_EN["you"]}
    assert event_text(Event("out_with_thirteen", "S"), "S", you, lambda key, **values: translate("en", key, **values)) \
        == "You are out with thirteen: 100 points."


# -- the rules ---------------------------------------------------------------------


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_the_rules_have_the_english_sections_and_paragraphs(language: str) -> None:
    assert rules_problems(RULES_TEXT[language], RULES_TEXT["en"]) == []


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_the_rules_in_a_language_are_its_own(language: str) -> None:
    for game in RULES_TEXT["en"]:
        assert rules_for(language, game) is RULES_TEXT[language][game]
    assert rules_for("xx", "kabalam") is RULES_TEXT["en"]["kabalam"]


# -- translate() -------------------------------------------------------------------


def test_translate_formats_in_the_language() -> None:
    assert translate("it", "card.name", value="Asso", suit="fiori") == "Asso di fiori"
    assert translate("da", "card.name", value="dame", suit="hjerter") == "hjerter dame"
    assert translate("en", "kabala.packet", number=2) == "Packet 2"


def test_an_unknown_language_falls_back_to_english() -> None:
    assert translate("xx", "dialog.close") == "Close"
    assert translate("xx", "kabala.packet", number=3) == "Packet 3"


def test_an_unknown_key_falls_back_to_the_key() -> None:
    assert translate("it", "no.such.key") == "no.such.key"
    assert translate("xx", "no.such.key", name="Anna") == "no.such.key"


def test_a_key_missing_in_a_language_falls_back_to_english(monkeypatch: pytest.MonkeyPatch) -> None:
    italian = {key: text for key, text in STRINGS["it"].items() if key != "dialog.close"}
    monkeypatch.setitem(i18n.STRINGS, "it", italian)
    assert translate("it", "dialog.close") == "Close"
    assert translate("it", "toolbar.rules") == "Regole"


# -- sentences built from the words ------------------------------------------------


def t_for(language: str) -> Callable[..., str]:
    return lambda key, **values: translate(language, key, **values)


@pytest.mark.parametrize(
    ("language", "card", "name"),
    [
        ("it", "AC", "Asso di fiori"), ("it", "4S", "4 di picche"), ("it", "QH", "Donna di cuori"),
        ("da", "4S", "spar 4"), ("da", "QH", "hjerter dame"), ("da", "AD", "ruder es"), ("da", "JC", "klør bonde"),
        ("en", "4S", "4 of spades"), ("en", "KD", "King of diamonds"),
    ],
)
def test_card_names(language: str, card: str, name: str) -> None:
    assert card_name(Card.from_text(card), t_for(language)) == name


@pytest.mark.parametrize(
    ("language", "target", "value", "sentence"),
    [
        ("it", 4, 7, "La Kabala fa 4: una Discesa Nuda qui vuole carte di valore 4, non carte di valore 7."),
        ("it", 1, 7, "La Kabala fa 1: una Discesa Nuda qui vuole Assi, non carte di valore 7."),
        ("da", 4, 1, "Kabalaens tværsum er 4; et rent udlæg på den er 4'ere, ikke esser."),
        ("en", 4, 7, "The Kabala sums to 4; a Bare Descent on it is of 4s, not 7s."),
    ],
)
def test_a_refused_bare_descent_names_both_values(language: str, target: int, value: int, sentence: str) -> None:
    error = IllegalMove("The Kabala sums to …", "bare_value", {"target": target, "value": value})
    assert refusal(error, t_for(language)) == sentence


def test_the_log_reads_right_for_you_and_for_others() -> None:
    it, da = t_for("it"), t_for("da")
    names = {"W": "Ovest (computer, normale)"}
    yielded, closed = Event("yield", "W"), Event("close", "W")
    assert event_text(yielded, "S", names, it) == "Ovest (computer, normale): «Cedo!»"
    assert event_text(closed, "S", {"W": "Vest"}, da) == "Vest lukkede!"
    bare = Event("bare", "S", packet=2, cards=tuple(cards_from_text("4S 4H")))
    assert patience_event_text(bare, it) == "Tu: Discesa Nuda di 4♠ 4♥ sul mazzetto 2."
    assert patience_event_text(bare, da) == "Du spillede et rent udlæg af 4♠ 4♥ på bunke 2."


def engine_refusals(reasons: set[str]) -> dict[str, IllegalMove]:
    """Real refusals of the Double H engine, one per reason, from moving cards between places of fresh deals."""
    from kabale.games.double_h.rules import PLACES, DoubleH, Move

    found: dict[str, IllegalMove] = {}
    for seed in range(200):
        game = DoubleH.deal(seed)
        for source in PLACES:
            for target in PLACES:
                try:
                    game.check(Move.card(source, target))
                except IllegalMove as error:
                    if error.reason in reasons:
                        found.setdefault(error.reason, error)
        if set(found) == reasons:
            return found
    raise AssertionError(f"no deal refused {reasons - set(found)}")


@pytest.mark.parametrize("language", ["en", "it", "da"])
def test_double_h_refusals_name_the_cards_in_each_language(language: str) -> None:
    refusals = engine_refusals({"build_order", "park_order"})
    t = lambda key, **values: translate(language, key, **values)  # noqa: E731
    build, park = refusals["build_order"], refusals["park_order"]
    needed = Card.from_text(build.details["needed"])
    assert card_name(needed, t) in refusal(build, t)
    parked = Card.from_text(park.details["card"])
    assert t(f"suit_one.{parked.suit.letter}") in refusal(park, t)
    for error in (build, park):
        assert "{" not in refusal(error, t)
