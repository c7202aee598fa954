"""Every word the page shows, in English, Italian and Danish.

Pure Python, so a test checks that every language has every key and the same
placeholders. Messages are ``str.format`` templates; values from outside (URL,
storage, names) are only ever put into text nodes, never into HTML.

The tables live in kabale/web/strings_*.py, one file per language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .strings_da import STRINGS_DA
from .strings_en import STRINGS_EN
from .strings_it import STRINGS_IT

LANGUAGES: tuple[str, ...] = ("en", "it", "da")
DEFAULT_LANGUAGE = "en"
#: Each language named in itself, for the language menu.
LANGUAGE_NAMES = {"en": "English", "it": "Italiano", "da": "Dansk"}

STRINGS: dict[str, dict[str, str]] = {"en": STRINGS_EN, "it": STRINGS_IT, "da": STRINGS_DA}


def translate(language: str, key: str, **values: Any) -> str:
    """The message for ``key`` in ``language``, falling back to English, then to the key.

    A key may have a singular form ``key.one``, used when ``count`` is 1 ("1 card").

    >>> translate("en", "draw_pile_label", count=1), translate("en", "draw_pile_label", count=2)
    ('Draw pile, 1 card', 'Draw pile, 2 cards')
    """
    table = STRINGS.get(language, STRINGS[DEFAULT_LANGUAGE])
    if values.get("count") == 1 and f"{key}.one" in STRINGS[DEFAULT_LANGUAGE]:
        key = f"{key}.one"
    template = table.get(key) or STRINGS[DEFAULT_LANGUAGE].get(key) or key
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError):
        return template


def language_from(preferences: list[str]) -> str:
    """The first supported language among the browser's preferences ("da-DK" -> "da").

    >>> language_from(["de-DE", "it-IT", "en"]), language_from([])
    ('it', 'en')
    """
    for preference in preferences:
        code = str(preference).split("-")[0].lower()
        if code in LANGUAGES:
            return code
    return DEFAULT_LANGUAGE


@dataclass(frozen=True)
class Said:
    """A message kept by key and values, put in words each time it is drawn.

    Why: a table keeps what it said (a refusal, a hint, a note of moves played by
    themselves) until the next press. Kept as text, it stayed in the language it
    was said in when the player chose another (a new player read "Hint: draw a
    card from the stock. Un tentativo: …"). A value may itself be words (a card's
    name, a place), said in the same language.

    >>> said = Said.of("card.name", value=Said.of("value.1"), suit=Said.of("suit.S"))
    >>> said(lambda key, **v: translate("en", key, **v)), said(lambda key, **v: translate("it", key, **v))
    ('Ace of spades', 'Asso di picche')
    """

    key: str
    values: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, key: str, **values: Any) -> "Said":
        return cls(key, tuple(values.items()))

    def __call__(self, t: Callable[..., str]) -> str:
        return t(self.key, **{name: say(value, t) for name, value in self.values})


@dataclass(frozen=True)
class News(Said):
    """Words a table says over the felt as news, not as a refusal: what happened while one was away,
    a friend who left (a table at a distance). They showed as refusals, in the danger colour, read
    out as an alert."""


@dataclass(frozen=True)
class Told:
    """Words made by a function of some values and the translator, called when they are drawn:
    ``Told(refusal, (error,))`` says ``refusal(error, t)`` in the language of the moment."""

    function: Callable[..., str]
    args: tuple[Any, ...] = ()

    def __call__(self, t: Callable[..., str]) -> str:
        return self.function(*self.args, t)


@dataclass(frozen=True)
class Joined:
    """Several words said one after the other ("draw a card; 7 of hearts to …")."""

    parts: tuple["Words", ...]
    separator: str = "; "

    def __call__(self, t: Callable[..., str]) -> str:
        return self.separator.join(part(t) for part in self.parts)


#: Words to say when drawn; a plain str is the same in every language ("" says nothing).
Words = Said | Told | Joined


def say(words: "Words | str | int | None", t: Callable[..., str]) -> Any:
    """Words in the language of ``t``; a plain value as it is; None as ""."""
    if words is None:
        return ""
    if isinstance(words, (Said, Told, Joined)):
        return words(t)
    return words
