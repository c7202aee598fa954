"""Every word the page shows, in English (Italian and Danish join the same tables).

Pure Python, so a test can check that every language has every key. Messages
are ``str.format`` templates; values from outside (URL, storage, names) are
only ever inserted into text nodes, never into HTML.
"""

from __future__ import annotations

from typing import Any

LANGUAGES: tuple[str, ...] = ("en",)
DEFAULT_LANGUAGE = "en"

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "game.kabalam": "KABALAM",
        "game.patience": "Patience Kabalam",
        "game.double-h": "Double H",
        "lobby.heading": "Choose a game",
        "view.rules": "How to play {game}",
        "view.deal": "Deal {seed}",
        "view.deal_caption.kabalam": "A fresh two-seat deal: the Kabala and South's endowment. The table arrives soon.",
        "view.deal_caption.patience": "A fresh deal: the Kabala and your endowment, face up. The table arrives soon.",
        "view.deal_caption.double-h": "A fresh deal: one card on each of the 26 places. The table arrives soon.",
        "view.new_deal": "Deal again",
        "view.back": "Back to the games",
        "kabala.heading": "The Kabala",
        "kabala.packet": "Packet {number}",
        "kabala.packet_label": "Packet {number}, showing {card}, {count} cards",
        "kabala.sum": "Compounded sum {explained}",
        "endowment.heading": "Endowment ({count} cards)",
        "endowment.label": "{seat}'s endowment",
        "double_h.left": "Left H",
        "double_h.right": "Right H",
        "double_h.place_label": "{value}-place of the {side}, {card}",
        "double_h.place_label_empty": "{value}-place of the {side}, empty",
        "double_h.side.left": "left H",
        "double_h.side.right": "right H",
        "double_h.stock": "Stock: {count} cards",
        "card.face_down": "Face-down card",
        "seat.S": "South",
        "seat.W": "West",
        "seat.N": "North",
        "seat.E": "East",
        "url.unknown_game": "There is no game called “{value}” here. Choose KABALAM, Patience Kabalam or Double H.",
        "url.bad_seed": "“{value}” is not a deal number: use a whole number from 0 to 9007199254740991.",
        "url.seed_without_game": "Deal {value} of which game? Choose a game below.",
        "app.failed": "Something went wrong: {error}. Your saved games are safe; reload the page to go on.",
    },
}


def translate(language: str, key: str, **values: Any) -> str:
    """The message for ``key`` in ``language``, falling back to English, then to the key."""
    table = STRINGS.get(language, STRINGS[DEFAULT_LANGUAGE])
    template = table.get(key) or STRINGS[DEFAULT_LANGUAGE].get(key) or key
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError):
        return template
