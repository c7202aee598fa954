"""The KABALAM hint in words: the move, then what it leads to, in the player's language.

Pure Python over :mod:`kabale.web.text.i18n`, so every sentence is tested in CPython.
The plan comes from :func:`kabale.bots.coach.plan_of`, which only uses what the
person has seen; these words add nothing to it.

>>> from kabale.games.kabala.rules import Move
>>> from kabale.cards import Card
>>> from kabale.bots.coach import Advice, Step
>>> from kabale.web.text.i18n import translate
>>> t = lambda key, **v: translate("en", key, **v)
>>> plan = (Step(Move.double(4, 5, packet=2), Card.from_text("7H"), 7), Step(Move.bare(7, 1, packet=1), None, None))
>>> hint_text(Advice(plan[0].move, plan), t)
'Double: 4 + 5 on packet 2; the 7 that comes up then makes the sum 7, which takes your 7 on packet 1; a card you have not seen comes up then.'
"""

from __future__ import annotations

from kabale.bots.coach import Advice, Step
from kabale.games.kabala.rules import Move

from ..text.messages import Translate, plural_value, value_name

__all__ = ["move_words", "hint_text", "margin_text", "points_text"]


def _values(values: tuple[int, ...], t: Translate) -> str:
    return " + ".join(value_name(value, t) for value in values)


def _cards(move: Move, t: Translate) -> str:
    """The cards a play lays, as the play names them: a Bare Descent's count of one value ("two 2s", or
    "7" alone; never "2 + 2", which reads as a sum and would say a Double on a 4 as well); a Double's two
    values ("Ace + 3")."""
    if move.kind == "bare":
        value, count = move.values[0], move.count
        if count == 1:
            return value_name(value, t)
        return t(f"coach.count.{count}", plural=plural_value(value, t))  # of 2 to MAX_OF_A_VALUE (8)
    return _values(move.values, t)


def move_words(move: Move, t: Translate) -> str:
    """The move named as the log names it: "Bare Descent: two 8s on packet 1", "Double: 4 + 5 on
    packet 2", "Pass and flip packet 3", "Yield: end your turn here"."""
    if move.kind in ("bare", "double"):
        return t(f"coach.{move.kind}", cards=_cards(move, t), packet=move.packet)
    if move.kind == "pass":
        return t("coach.pass", packet=move.packet)
    return t("coach.yield")


def _cards_words(move: Move, t: Translate) -> str:
    """Your cards of a later play, in a sentence: "your two 7s on packet 1", "your Ace + 3 on packet 2"."""
    return t("coach.yours", cards=_cards(move, t), packet=move.packet, count=move.count)


def hint_text(advice: Advice, t: Translate) -> str:
    """The hint as one sentence: the move; then, step by step, the card that comes up,
    the sum it makes and the play of the person's own cards that takes it."""
    plan = advice.plan or (Step(advice.move),)
    parts = [move_words(plan[0].move, t)]
    for index, step in enumerate(plan):
        following = plan[index + 1] if index + 1 < len(plan) else None
        if step.move.kind == "yield":
            break
        if step.closes:
            parts.append(t("coach.closes"))
            break
        if step.comes_up is None or step.target is None:
            parts.append(t("coach.unseen"))
            break
        card = value_name(step.comes_up.value, t)
        if step.move.kind == "pass":
            parts.append(t("coach.leaves", card=card, target=step.target))
        elif following is not None:
            parts.append(t("coach.takes", card=card, target=step.target, yours=_cards_words(following.move, t)))
        else:
            parts.append(t("coach.makes", card=card, target=step.target))
    return t("coach.sentence", text="; ".join(parts))


def margin_text(advice: Advice, t: Translate) -> str | None:
    """"About 4 points better than the next best move (120 deals imagined)", when the search compared moves."""
    margin = advice.margin
    if margin is None or advice.worlds == 0:
        return None
    points = max(0, round(margin))
    if points == 0:
        return t("coach.margin_even", worlds=advice.worlds)
    return t("coach.margin", count=points, worlds=advice.worlds)


def points_text(cost: float, decimal_mark: str) -> str:
    """A review's cost in points, to one decimal ("3.5"); a cost above 0 never shows as "0".

    >>> points_text(12.08, "."), points_text(0.5, ","), points_text(0.02, "."), points_text(3.0, ".")
    ('12.1', '0,5', '0.1', '3')
    """
    shown = max(round(cost, 1), 0.1)
    return f"{shown:g}".replace(".", decimal_mark)
