"""The KABALAM set-up's words on how strong each computer level is, from measured figures.

Pure Python (tested in CPython); the figures come from :data:`kabale.bots.ladder.LADDER`.

>>> from kabale.web.text.i18n import translate
>>> lines = level_lines(lambda key, **v: translate("en", key, **v), "en")
>>> lines[2][1]
'Remembers every card shown, imagines the hidden ones and plans its turn: it beats normal in 98.5% of two-player matches, and wins 14.1% against a player who sees every card.'
"""

from __future__ import annotations

from kabale.bots.ladder import LADDER, Ladder

from .messages import Translate

__all__ = ["percent", "level_lines"]


def percent(rate: float, language: str) -> str:
    """A rate as the language writes a percentage, to a tenth: "98.5%", "98,5%", "98,5 %".

    >>> percent(0.9855, "en"), percent(0.9855, "it"), percent(0.718, "da")
    ('98.5%', '98,5%', '71,8 %')
    """
    # to a tenth, rounding down: a figure never claims more than was measured
    text = f"{int(rate * 1000 + 1e-9) / 10:.1f}"
    if language == "en":
        return f"{text}%"
    text = text.replace(".", ",")
    return f"{text} %" if language == "da" else f"{text}%"


def level_lines(t: Translate, language: str, ladder: Ladder = LADDER) -> list[tuple[str, str]]:
    """Each level's name and how strong it is, easiest first; then where the figures come from."""
    figures = {
        "normal_easy": percent(ladder.normal_beats_easy, language),
        "hard_normal": percent(ladder.hard_beats_normal, language),
        "hard_cheater": percent(ladder.hard_beats_cheater, language),
        "expert_hard": percent(ladder.expert_beats_hard, language),
        "expert_cheater": percent(ladder.expert_beats_cheater, language),
        "expert_count": ladder.expert_beats_hard_matches,
        "expert_cheater_count": ladder.expert_beats_cheater_matches,
    }
    return [(t(f"level.{level}"), t(f"setup.level.{level}", **figures)) for level in ("easy", "normal", "hard", "expert")]
