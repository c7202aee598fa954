"""Issue 16: the KABALAM Hint for a person (the hard computer's honest choice and its plan
in words) and the paired evaluation the review costs moves with."""

from __future__ import annotations

import random
from typing import Iterator

import pytest

from kabale.bots import make_bot
from kabale.bots.coach import Advice, Step, advise, evaluate, plan_of
from kabale.cards import Card
from kabale.games.kabala.rules import MAX_OF_A_VALUE, Move
from kabale.games.kabalam.hand import KabalamHand, KabalamObservation
from kabale.web.coach.coach_text import hint_text, margin_text, move_words
from kabale.web.text.i18n import LANGUAGES, translate

from unit_helpers import cards_seen_by


def en(key: str, **values: object) -> str:
    return translate("en", key, **values)


def decisions(seeds: range, seats: int = 3) -> Iterator[tuple[KabalamHand, KabalamObservation]]:
    """South's decisions with a choice in hands played by normal bots (the hand before each move)."""
    for seed in seeds:
        hand = KabalamHand.deal(seed, seats=seats)
        bot = make_bot("normal", random.Random(seed))
        while not hand.is_over():
            seat = hand.turn or ""
            observation = hand.observation(seat)
            if seat == "S" and len(observation.legal_moves) > 1:
                yield hand, observation
            hand.apply(bot.choose(observation))


def test_a_hint_is_a_legal_move_and_its_plan_starts_with_it() -> None:
    count = 0
    for _hand, observation in decisions(range(1, 6)):
        advice = advise(observation, random.Random(1), budget_ms=None, playouts=120)
        assert advice.move in observation.legal_moves
        assert advice.plan[0].move == advice.move
        assert advice.worlds >= 1 and advice.means
        count += 1
    assert count > 10


def test_the_hint_is_the_hard_computers_choice() -> None:
    """Same observation, same rng, same budget: the Hint and the hard bot agree."""
    for _hand, observation in list(decisions(range(7, 9)))[:6]:
        hard = make_bot("hard", random.Random(5), budget_ms=None, playouts=200)
        assert advise(observation, random.Random(5), budget_ms=None, playouts=200).move == hard.choose(observation)


def test_a_plan_names_only_cards_the_person_has_seen_and_says_what_really_comes_up() -> None:
    """Honest and true: every card a plan says comes up was seen by the person (by identity),
    and a move played in the real hand shows that very card and the target the plan said."""
    checked = unknown = 0
    for hand, observation in decisions(range(1, 25)):
        seen = cards_seen_by(hand, "S")
        for move in observation.legal_moves:
            plan = plan_of(observation, move)
            assert plan[0].move == move
            for step in plan:
                if step.comes_up is not None:
                    assert id(step.comes_up) in seen, f"the plan named {step.comes_up}, never shown to South"
            first = plan[0]
            if move.kind == "yield" or first.closes:
                continue
            trial = KabalamHand.from_dict(hand.to_dict())
            trial.apply(move)
            assert move.packet is not None
            if first.comes_up is None:
                unknown += 1
                assert first.target is None
            else:
                assert trial.face_up[move.packet - 1] == first.comes_up
                assert first.target == trial.observation("S").target
                checked += 1
    assert checked > 50 and unknown > 5


def test_a_plan_chains_follow_up_plays_from_the_persons_own_cards() -> None:
    chained = 0
    for _hand, observation in decisions(range(1, 25)):
        for move in observation.legal_moves:
            plan = plan_of(observation, move)
            held = list(observation.endowment)
            for earlier, later in zip(plan, plan[1:]):
                assert earlier.target is not None and later.move.kind in ("bare", "double")
                # the follow-up plays on the target the step before left, with cards still held
                assert (sum(later.move.values) - 1) % 9 + 1 == earlier.target or len(later.move.values) > 1 \
                    and later.move.kind == "bare" and later.move.values[0] == earlier.target
                for value in earlier.move.values:
                    held.remove(next(card for card in held if card.value == value))
                for value in later.move.values:
                    assert any(card.value == value for card in held)
                chained += 1
    assert chained > 20


def test_the_words_of_a_hint() -> None:
    double = Move.double(4, 5, packet=2)
    plan = (Step(double, Card.from_text("7H"), 7), Step(Move.bare(7, 1, packet=1), None, None, closes=True))
    assert hint_text(Advice(double, plan), en) == (
        "Double: 4 + 5 on packet 2; the 7 that comes up then makes the sum 7, which takes your 7 on packet 1; "
        "that is your last card: you close the hand.")
    passing = Move.pass_flip(3)
    assert hint_text(Advice(passing, (Step(passing, Card.from_text("AS"), 2),)), en) == \
        "Pass and flip packet 3; the Ace that comes up leaves the next player the sum 2."
    assert hint_text(Advice(Move.yield_turn(), (Step(Move.yield_turn()),)), en) == "Yield: end your turn here."
    # a play is named as the log names it: "8 + 8" read as a sum, and said a Double on a 16 as well
    assert move_words(Move.bare(8, 2, packet=1), en) == "Bare Descent: two 8s on packet 1"
    assert move_words(Move.double(1, 3, packet=2), en) == "Double: Ace + 3 on packet 2"
    assert move_words(Move.bare(1, 3, packet=3), en) == "Bare Descent: three Aces on packet 3"
    later = (Step(double, Card.from_text("7H"), 7), Step(Move.bare(7, 2, packet=1), None, None, closes=True))
    assert "which takes your two 7s on packet 1" in hint_text(Advice(double, later), en)
    advice = Advice(double, plan, ((double, 3.0), (Move.bare(9, 1, packet=1), 2.2)), 40)
    assert margin_text(advice, en) == "About 1 point better than the next best move (40 deals imagined)."
    assert margin_text(Advice(double, plan), en) is None
    even = Advice(double, plan, ((double, 3.0), (Move.bare(9, 1, packet=1), 2.7)), 40)
    assert margin_text(even, en) == "Within a point of the next best move (40 deals imagined): either will do."


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_language_words_every_kind_of_plan(language: str) -> None:
    def t(key: str, **values: object) -> str:
        return translate(language, key, **values)

    for _hand, observation in list(decisions(range(1, 4)))[:8]:
        for move in observation.legal_moves:
            text = hint_text(Advice(move, plan_of(observation, move)), t)
            assert "coach." not in text and "{" not in text and text.endswith(".")
    # a Bare Descent of any size, in this language's words (a value's cards: 1 to 8, two decks)
    for count in range(1, MAX_OF_A_VALUE + 1):
        said = move_words(Move.bare(5, count, packet=1), t)
        assert "coach." not in said and "{" not in said and "+" not in said


def test_evaluate_costs_the_best_move_nothing_and_every_other_move_something_or_nothing() -> None:
    for _hand, observation in list(decisions(range(3, 6)))[:6]:
        evaluation = evaluate(observation, random.Random(2), worlds=30)
        assert evaluation.cost(evaluation.best) == 0.0
        assert all(evaluation.cost(move) >= 0 for move in evaluation.moves)
        assert evaluation.worlds == 30 and set(evaluation.moves) == set(observation.legal_moves)


def test_nothing_to_hint_when_it_is_not_your_turn() -> None:
    hand = KabalamHand.deal(3, seats=2)
    with pytest.raises(ValueError, match="nothing to hint"):
        advise(hand.observation("W"), random.Random(1), budget_ms=None, playouts=10)
    with pytest.raises(ValueError, match="nothing to evaluate"):
        evaluate(hand.observation("W"), random.Random(1))
