"""Every word the page shows, in English, Italian and Danish.

Pure Python, so a test checks that every language has every key and the same
placeholders. Messages are ``str.format`` templates; values from outside (URL,
storage, names) are only ever put into text nodes, never into HTML.

The tables live in kabale/web/strings_*.py, one file per language.
"""

from __future__ import annotations

from typing import Any

from .strings_da import STRINGS_DA
from .strings_en import STRINGS_EN
from .strings_it import STRINGS_IT

LANGUAGES: tuple[str, ...] = ("en", "it", "da")
DEFAULT_LANGUAGE = "en"
#: Each language named in itself, for the language menu.
LANGUAGE_NAMES = {"en": "English", "it": "Italiano", "da": "Dansk"}

STRINGS: dict[str, dict[str, str]] = {"en": STRINGS_EN, "it": STRINGS_IT, "da": STRINGS_DA}


def translate(language: str, key: str, **values: Any) -> str:
    """The message for ``key`` in ``language``, falling back to English, then to the key."""
    table = STRINGS.get(language, STRINGS[DEFAULT_LANGUAGE])
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
