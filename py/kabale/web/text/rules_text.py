"""The rules as the page tells them: the project's own words, short and exact.

RULES.md is the authority; this is its player-facing summary, a heading and
paragraphs per game. Italian and Danish versions join under their language.
"""

from __future__ import annotations

from .rules_da import RULES_DA
from .rules_it import RULES_IT

Section = tuple[str, tuple[str, ...]]

RULES_TEXT: dict[str, dict[str, tuple[Section, ...]]] = {
    "it": RULES_IT,
    "da": RULES_DA,
    "en": {
        "kabalam": (
            ("The deck and the deal", (
                "Two decks without tens, jacks, queens and kings: 72 cards, Ace (1) to 9. Suits never matter.",
                "The Kabala is three packets, each a face-down card under a face-up card. "
                "Everyone gets an endowment of 10 cards that only they see; the rest is the draw pile.",
            )),
            ("The compounded sum", (
                "Add the three face-up cards and keep adding the digits until one digit is left: "
                "7 + 4 + 2 = 13, and 1 + 3 = 4. That number, 1 to 9, is the target.",
            )),
            ("Your turn", (
                "Draw a card, then play on one packet: a Bare Descent (one or more cards of the target's value) "
                "or a Double (two cards that add up to the target; the lower card goes on top).",
                "Then flip that packet upside down: its bottom card comes up and the target changes. "
                "Keep playing while you can; when you cannot, say “I yield”.",
                "If you cannot play a single card, say “I pass” and flip a packet of your choice. "
                "Passing with 13 or more cards puts you out of the hand with 100 points.",
            )),
            ("The end of a hand", (
                "Play your last card and you close: the others score the sum of their cards. "
                "When the draw pile is empty and everyone passes in a row, everyone scores twice their sum.",
                "Points are bad. Over 101 and you leave the match; the last one left is the Great Kabalist.",
            )),
            ("Remember", (
                "A flip reverses a packet, so the card that will come up next is the one on top now. "
                "Remembering it is the skill this game rewards.",
            )),
        ),
        "patience": (
            ("Alone with the Kabala", (
                "One deck of 36 cards, Ace to 9. Three packets form the Kabala; your endowment of 10 cards lies face up; "
                "the other 20 are the draw pile. Start by drawing 2 cards.",
            )),
            ("Playing", (
                "Play Bare Descents and Doubles on the compounded sum, exactly as in KABALAM, flipping the packet each time.",
                "When you can play no more, draw 2 cards. If you could not play a single card since your last draw, "
                "flip one packet first, then draw 2.",
            )),
            ("Winning and losing", (
                "You win when your endowment is empty. You lose when you cannot play and the draw pile is finished, "
                "or when you cannot play a single card while holding 13 or more: out with thirteen.",
            )),
        ),
        "double-h": (
            ("The layout", (
                "Two decks, 104 cards. Two H's of 13 places each: the left leg Ace to 5, the right leg 6 to 10, "
                "and the crossbar Jack, Queen, King. Every value has two places, one in each H.",
                "One card goes face up on each place; the other 78 are the stock.",
            )),
            ("The goal", (
                "Every place ends as a pile of the four cards of its value: clubs at the bottom, then diamonds, spades, hearts.",
                "A club at the bottom of a place of its value is in its right place (red frame) and never moves again; "
                "its pile is complete with the heart (dark red).",
            )),
            ("Moving cards", (
                "Only the top card of a pile or of the waste moves, one at a time. A card goes onto its build "
                "(the next suit of that place's value), or is parked on a card of the same value in reverse order: "
                "a club on a diamond, a diamond on a spade, a spade on a heart.",
                "A club may go to an empty place of its value. The top of the waste may go to any empty place.",
                "A non-club lying at the bottom of its own place has a yellow frame: it builds in reverse, "
                "and once its club is on top the whole pile can be turned over into its right order.",
            )),
            ("Stock, waste and rounds", (
                "Turn the stock onto the waste one card at a time, but not while a place is empty and the waste is not. "
                "Three rounds: a win in the first counts three times, in the second twice.",
                "Careful what you put on an empty place: two cards on each other's places can never swap.",
            )),
        ),
    },
}


def rules_for(language: str, game: str) -> tuple[Section, ...]:
    """The rules of ``game`` in ``language``, in English when there is no translation."""
    return RULES_TEXT.get(language, RULES_TEXT["en"]).get(game) or RULES_TEXT["en"][game]
