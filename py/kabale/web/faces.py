"""What a card face shows, as plain values: the sprite's symbols and the corner index.

Pure Python (tested in CPython); kabale.web.render turns these into elements.
The art is assets/cards/, drawn by scripts/cards_svg.py: one sprite holds every
face, so the page fetches it once, and the service worker keeps it for offline play.
"""

from __future__ import annotations

from typing import Callable

from kabale.cards import Card

Translate = Callable[..., str]

#: The sprite of faces and suit signs, relative to the page (the site may live under a sub-path).
SPRITE = "assets/cards/cards.svg"

#: The values whose corner is a letter, which each language prints its own way
#: (a Danish deck prints B, D, K for knægt, dame, konge).
LETTER_VALUES = (1, 11, 12, 13)


def face_href(card: Card) -> str:
    """The face's symbol in the sprite, named by the card's text.

    >>> face_href(Card.from_text("TH")), face_href(Card.from_text("4S"))
    ('assets/cards/cards.svg#face-TH', 'assets/cards/cards.svg#face-4S')
    """
    return f"{SPRITE}#face-{card}"


def suit_href(card: Card) -> str:
    """The suit sign printed under the corner index.

    >>> suit_href(Card.from_text("QC"))
    'assets/cards/cards.svg#suit-C'
    """
    return f"{SPRITE}#suit-{card.suit.letter}"


def corner_index(card: Card, t: Translate) -> str:
    """The value printed in a corner, in the page's language: "10", "K"; Danish "B" for a jack.

    >>> from kabale.web.i18n import translate
    >>> en = lambda key, **values: translate("en", key, **values)
    >>> da = lambda key, **values: translate("da", key, **values)
    >>> [corner_index(Card.from_text(text), en) for text in ("AS", "TS", "JS", "QS", "KS")]
    ['A', '10', 'J', 'Q', 'K']
    >>> [corner_index(Card.from_text(text), da) for text in ("JS", "QS", "KS")]
    ['B', 'D', 'K']
    """
    return t(f"index.{card.value}") if card.value in LETTER_VALUES else str(card.value)
