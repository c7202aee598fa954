"""The player's settings: language, theme, motion, card backs, the computer's pace and thinking time, the memory aid.

Pure Python. Read from storage field by field: a bad field falls back to its
default and the good ones are kept (a corrupt setting never costs the rest).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, Collection

from ..text.i18n import DEFAULT_LANGUAGE, LANGUAGES

#: How long a computer's play stays in view before the next, in milliseconds.
BOT_SPEEDS: dict[str, int] = {"slow": 1400, "normal": 800, "fast": 350, "instant": 0}

#: How long the hard computer thinks over a move, in milliseconds (in slices, so the
#: page stays responsive). More time, more sampled deals, a stronger play.
THINK_TIMES: dict[str, int] = {"quick": 50, "normal": 150, "long": 500, "deep": 1500}

#: The card backs to choose from, drawn by scripts/cards_svg.py (assets/cards/back-<name>.svg);
#: the page shows the chosen one through a class on <body>, "back-<name>".
CARD_BACKS: tuple[str, ...] = ("red", "blue", "green")

#: The page's colours: "auto" follows the system's prefers-color-scheme, the others hold whatever
#: the system says; the page shows a held one through a class on <html>, "theme-<name>".
THEMES: tuple[str, ...] = ("auto", "light", "dark")

#: The settings chosen from a list, and their lists.
CHOICES: dict[str, Collection[str]] = {
    "theme": THEMES, "bot_speed": BOT_SPEEDS, "think_time": THINK_TIMES, "card_back": CARD_BACKS}


#: The settings that are lists of addresses (space-separated text), and their longest length.
ADDRESSES = frozenset({"relays", "ice_servers"})
MAX_ADDRESSES = 2000


@dataclass(frozen=True)
class Settings:
    language: str = DEFAULT_LANGUAGE
    reduced_motion: bool = False
    theme: str = "auto"  # a saved release-1 record has none: it reads back as "auto"
    card_back: str = "red"  # the back every face-down card shows
    bot_speed: str = "normal"
    think_time: str = "normal"  # the hard computer's budget a move: 150 ms
    memory_aid: bool = False  # off by default: the game rewards memory
    still_winnable: bool = False  # Double H: show whether the deal can still be won
    auto_safe_moves: bool = False  # Double H: play moves the solver proves safe
    winnable_only: bool = False  # Double H: deal only deals the solver has found winnable
    playable_cards: bool = False  # Patience Kabalam: light the cards that can be played now
    # Remote play on strict networks (issue 30): a relay of one's own and STUN or TURN servers,
    # addresses separated by spaces; kabale.web.remote_link keeps those that are such addresses.
    relays: str = ""
    ice_servers: str = ""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> "Settings":
        """Settings from stored data: every bad or unknown field is dropped, the rest kept.

        >>> Settings.from_dict({"language": "xx", "memory_aid": True, "junk": 1})
        Settings(language='en', reduced_motion=False, theme='auto', card_back='red', bot_speed='normal', think_time='normal', memory_aid=True, still_winnable=False, auto_safe_moves=False, winnable_only=False, playable_cards=False, relays='', ice_servers='')
        """
        if not isinstance(data, dict):
            raise ValueError("settings are a JSON object")
        chosen: dict[str, Any] = {}
        for spec in fields(cls):
            value = data.get(spec.name)
            if spec.name == "language":
                good = value in LANGUAGES
            elif spec.name in CHOICES:
                good = isinstance(value, str) and value in CHOICES[spec.name]
            elif spec.name in ADDRESSES:
                good = isinstance(value, str) and len(value) <= MAX_ADDRESSES
                value = " ".join(str(value).split()) if good else value
            else:
                good = isinstance(value, bool)
            if good:
                chosen[spec.name] = value
        return cls(**chosen)

    @property
    def bot_delay_ms(self) -> int:
        return BOT_SPEEDS[self.bot_speed]

    @property
    def think_ms(self) -> int:
        return THINK_TIMES[self.think_time]
