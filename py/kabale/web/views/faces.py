"""What a card face shows, as plain values: the drawing's file and class, and the corner index.

Pure Python (tested in CPython): kabale.web.views.felt_views puts these in a card's view, and
kabale.web.tables.render draws it.
The art is assets/cards/, drawn by scripts/cards_svg.py: a file per face, shown
as the card's background image through a class (cheap to redraw: see the
script's docstring); the service worker keeps every file for offline play.
"""

from __future__ import annotations

from typing import Callable

from kabale.cards import Card

Translate = Callable[..., str]

#: The faces' folder, relative to the page (the site may live under a sub-path).
FACES = "assets/cards/faces"

#: The values whose corner is a letter, which each language prints its own way
#: (a Danish deck prints B, D, K for knægt, dame, konge).
LETTER_VALUES = (1, 11, 12, 13)


def face_url(card: Card) -> str:
    """The face's drawing, named by the card's text.

    >>> face_url(Card.from_text("TH")), face_url(Card.from_text("4S"))
    ('assets/cards/faces/TH.svg', 'assets/cards/faces/4S.svg')
    """
    return f"{FACES}/{card}.svg"


def face_class(card: Card) -> str:
    """The class that gives a card its face (assets/cards/faces.css, drawn by the script, holds
    one rule a card: a class rule keeps the redraw of a table as cheap as the former text faces,
    where a style on each card would not).

    >>> face_class(Card.from_text("QC"))
    'face-QC'
    """
    return f"face-{card}"


def corner_index(card: Card, t: Translate) -> str:
    """The value printed in a corner, in the page's language: "10", "K"; Danish "B" for a jack.

    >>> from kabale.web.text.i18n import translate
    >>> en = lambda key, **values: translate("en", key, **values)
    >>> da = lambda key, **values: translate("da", key, **values)
    >>> [corner_index(Card.from_text(text), en) for text in ("AS", "TS", "JS", "QS", "KS")]
    ['A', '10', 'J', 'Q', 'K']
    >>> [corner_index(Card.from_text(text), da) for text in ("JS", "QS", "KS")]
    ['B', 'D', 'K']
    """
    return value_index(card.value, t)


def value_index(value: int, t: Translate) -> str:
    """A value as the cards print it, in the page's language (a Double H place's label too).

    >>> from kabale.web.text.i18n import translate
    >>> [value_index(value, lambda key, **v: translate("da", key, **v)) for value in (1, 7, 11, 12, 13)]
    ['A', '7', 'B', 'D', 'K']
    """
    return t(f"index.{value}") if value in LETTER_VALUES else str(value)
