"""Cards, decks, their text form, seeded shuffles and the compounded sum.

Everything here is shared by the three games. A card is a small frozen value;
the two copies of a card in a double deck are equal values, which is all the
rules need (suits never tell two copies apart, and neither does a player).

Chance is explicit: a game owns a ``random.Random`` made from its seed and
shuffles with :func:`shuffled`, whose result depends only on the seed, never
on the Python version (it draws with ``getrandbits``, not ``Random.shuffle``).
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass
from typing import Iterable, Sequence, TypeVar

__all__ = [
    "Card",
    "Suit",
    "VALUE_NAMES",
    "compounded_sum",
    "COMPOUNDED_SUMS",
    "value_label",
    "kabalam_deck",
    "patience_deck",
    "double_h_deck",
    "new_rng",
    "shuffled",
    "cards_from_text",
    "cards_to_text",
]


class Suit(enum.Enum):
    """The four suits, in Double H's build order: clubs, diamonds, spades, hearts."""

    CLUBS = "C"
    DIAMONDS = "D"
    SPADES = "S"
    HEARTS = "H"

    @property
    def letter(self) -> str:
        return self.value

    @property
    def name_en(self) -> str:
        """The English plural name, as in "4 of spades"."""
        return self.name.lower()

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def build_index(self) -> int:
        """Position in the build order (clubs 0 .. hearts 3)."""
        return _SUIT_ORDER.index(self)

    @classmethod
    def from_letter(cls, letter: str) -> "Suit":
        try:
            return cls(letter.upper())
        except ValueError:
            raise ValueError(f"{letter!r} is not a suit (C, D, S or H)") from None


_SUIT_ORDER: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES, Suit.HEARTS)
_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.SPADES: "♠", Suit.HEARTS: "♥"}

SUITS: tuple[Suit, ...] = _SUIT_ORDER

#: The one-character text of each value; 10 is "T" so every card is two characters.
VALUE_LETTERS = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K"}
_LETTER_VALUES = {letter: value for value, letter in VALUE_LETTERS.items()}
_VALUE_TEXT: tuple[str, ...] = ("", *(VALUE_LETTERS.get(value, str(value)) for value in range(1, 14)))

#: English names of the values, for accessible names such as "Ace of clubs".
VALUE_NAMES = {1: "Ace", 11: "Jack", 12: "Queen", 13: "King"}


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """A playing card: a value 1 (Ace) .. 13 (King) and a suit.

    >>> Card.from_text("4S")
    Card(value=4, suit=<Suit.SPADES: 'S'>)
    >>> str(Card(10, Suit.HEARTS))
    'TH'
    """

    value: int
    suit: Suit

    def __post_init__(self) -> None:
        if not isinstance(self.value, int) or not 1 <= self.value <= 13:
            raise ValueError(f"a card's value is 1..13, not {self.value!r}")
        if not isinstance(self.suit, Suit):
            raise ValueError(f"a card's suit is a Suit, not {self.suit!r}")

    @classmethod
    def from_text(cls, text: str) -> "Card":
        """Read "4S", "TH", "AC", "KD" (also "10H" and lower case)."""
        if not isinstance(text, str):
            raise ValueError(f"{text!r} is not a card (write it like 4S, TH or AC)")
        cleaned = text.strip().upper()
        rank, suit_letter = cleaned[:-1], cleaned[-1:]
        value = _LETTER_VALUES.get(rank)
        if value is None and rank.isdigit() and rank.isascii() and 1 <= int(rank) <= 10:
            value = int(rank)  # "10H" as well as "TH"; court cards only by letter
        if value is None or not 1 <= value <= 13 or not suit_letter or suit_letter not in "CDSH":
            raise ValueError(f"{text!r} is not a card (write it like 4S, TH or AC)")
        return cls(value, Suit(suit_letter))

    @property
    def value_label(self) -> str:
        """The value as printed in a card's corner: A, 2 .. 10, J, Q, K."""
        return value_label(self.value)

    @property
    def is_club(self) -> bool:
        return self.suit is Suit.CLUBS

    def name(self) -> str:
        """English accessible name, e.g. "4 of spades", "Ace of clubs"."""
        return f"{VALUE_NAMES.get(self.value, str(self.value))} of {self.suit.name_en}"

    def __hash__(self) -> int:
        # the hash dataclass writes hashes the Suit, an Enum whose __hash__ is Python code; the hash of
        # its letter is a string's, kept by the string: 2.5 times faster (a Counter of the deck checks
        # every random game of bench/engine.py, and sets and dicts of cards are everywhere)
        return hash((self.value, self.suit._value_))

    def __str__(self) -> str:
        # by a table, and the suit's plain attribute: a card's text is made for every card a view
        # draws and every move a refusal names (an Enum's ``value`` is a property, slow to read)
        return _VALUE_TEXT[self.value] + self.suit._value_


def value_label(value: int) -> str:
    """A value as printed on cards and above Double H's places.

    >>> [value_label(v) for v in (1, 10, 13)]
    ['A', '10', 'K']
    """
    return {1: "A", 11: "J", 12: "Q", 13: "K"}.get(value, str(value))


def cards_from_text(text: str | Iterable[str]) -> list[Card]:
    """Read cards separated by spaces or commas ("4S 4D AC"), or a list of texts."""
    parts = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [Card.from_text(part) for part in parts]


def cards_to_text(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards)


def compounded_sum(n: int) -> int:
    """The repeated digit sum of a positive number, down to one digit 1..9.

    >>> [compounded_sum(n) for n in (14, 10, 28, 5 + 6 + 2)]
    [5, 1, 1, 4]
    """
    if n < 1:
        raise ValueError(f"the compounded sum is defined for positive numbers, not {n}")
    return 1 + (n - 1) % 9


#: ``compounded_sum(n)`` at index n, for every sum of three face-up cards (3..27; 0 is
#: unused): the fast copies of the rules look the target up in their inner loops
#: rather than write the formula again (and a lookup is no slower than the sum).
COMPOUNDED_SUMS: tuple[int, ...] = (0, *(compounded_sum(n) for n in range(1, 28)))


def _deck(values: Iterable[int], copies: int) -> list[Card]:
    values = list(values)
    return [Card(value, suit) for _ in range(copies) for suit in SUITS for value in values]


def kabalam_deck() -> list[Card]:
    """Two 52-card decks without 10s and court cards: 72 cards, A..9, two of each."""
    return _deck(range(1, 10), copies=2)


def patience_deck() -> list[Card]:
    """One deck without 10s and court cards: 36 cards, A..9."""
    return _deck(range(1, 10), copies=1)


def double_h_deck() -> list[Card]:
    """Two full decks: 104 cards, A..K, two of each."""
    return _deck(range(1, 14), copies=2)


def new_rng(seed: int | str) -> random.Random:
    """The game's own random generator; nothing in Kabale uses the global one."""
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise ValueError(f"a seed is a whole number, not {seed!r}")
    return random.Random(seed)


T = TypeVar("T")


def shuffled(items: Sequence[T], rng: random.Random) -> list[T]:
    """A Fisher-Yates shuffle of a copy of ``items`` that depends only on the rng's seed.

    Each swap's place is a uniform integer in [0, i] drawn the same way on every Python
    version (``randrange`` is not): as many bits as i + 1 has, drawn again while too large.
    Written out in the loop, with ``getrandbits`` bound once: the search bots shuffle for
    every world they imagine."""
    result = list(items)
    getrandbits = rng.getrandbits
    for i in range(len(result) - 1, 0, -1):
        bits = (i + 1).bit_length()
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        result[i], result[j] = result[j], result[i]
    return result
