"""The computer opponents: legal moves only, nothing hidden in what they see,
reproducible thinking in slices, and the hard bot's obvious closes."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import Any, Iterator

import pytest

from kabale.bots import BOTS, LEVELS, EasyBot, HardBot, NormalBot, finish, make_bot
from kabale.bots.base import Bot
from kabale.bots.search import Budget
from kabale.cards import Card, cards_from_text, kabalam_deck
from kabale.games.kabala.rules import Move, Options
from kabale.games.kabalam.hand import KabalamHand, KabalamObservation, KabalamPosition
from kabale.games.kabalam.match import Match

from unit_helpers import cards_seen_by

OPTION_CYCLE = (Options(), Options(compounded_doubles=True), Options(free_yield=True),
                Options(compounded_doubles=True, free_yield=True))


def everything_in(value: Any) -> Iterator[Any]:
    """Every object reachable through dataclass fields, tuples, lists and mappings."""
    yield value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from everything_in(getattr(value, field.name))
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from everything_in(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from everything_in(key)
            yield from everything_in(item)


class Spy:
    """Stands between the table and a bot; checks what the bot is given."""

    def __init__(self, bot: Bot, hand: KabalamHand, seat: str) -> None:
        self.bot, self.hand, self.seat = bot, hand, seat
        self.checked = 0

    def choose(self, observation: KabalamObservation) -> Move:
        assert type(observation) is KabalamObservation and observation.seat == self.seat
        allowed = cards_seen_by(self.hand, self.seat)
        for item in everything_in(observation):
            assert not isinstance(item, KabalamHand)
            if isinstance(item, Card):
                assert id(item) in allowed, f"{self.seat} was shown {item}"
        self.checked += 1
        return self.bot.choose(observation)


def play(hand: KabalamHand, bots: dict[str, Any]) -> int:
    """Play the hand out; every move must be legal. Returns how many decisions were made."""
    decisions = 0
    while not hand.is_over():
        seat = hand.turn or ""
        legal = hand.legal_moves()
        move = bots[seat].choose(hand.observation(seat))
        assert move in legal, f"{bots[seat]} chose {move}, not one of {legal}"
        hand.apply(move)
        decisions += 1
    return decisions


@pytest.mark.slow
def test_bots_only_ever_return_legal_moves_in_ten_thousand_decisions() -> None:
    decisions = game = 0
    chosen: Counter[str] = Counter()
    while decisions < 10_000:
        seats = 2 + game % 3
        hand = KabalamHand.deal(game, seats=seats, options=OPTION_CYCLE[game % 4])
        levels = [("easy", "normal", "hard")[(game + k) % 3] for k in range(seats)]
        bots = {seat: make_bot(level, random.Random(game * 10 + k), budget_ms=None, playouts=24)
                for k, (seat, level) in enumerate(zip(hand.seats, levels))}
        for seat, bot in bots.items():
            original = bot.choose

            def counted(observation: KabalamObservation, original: Any = original, name: str = bot.name) -> Move:
                move: Move = original(observation)
                chosen[f"{name} {move.kind}"] += 1
                return move

            bot.choose = counted  # type: ignore[method-assign]
        decisions += play(hand, bots)
        game += 1
    for level in LEVELS[:3]:  # every level met every kind of decision (the expert's own: test_bots_expert.py)
        assert all(chosen[f"{level} {kind}"] for kind in ("bare", "double", "pass", "yield")), chosen


def test_what_a_bot_is_given_holds_no_card_hidden_from_its_seat() -> None:
    checked: Counter[str] = Counter()
    for game in range(12):
        hand = KabalamHand.deal(100 + game, seats=2 + game % 3, options=OPTION_CYCLE[game % 4])
        spies = {seat: Spy(make_bot(LEVELS[(game + k) % len(LEVELS)], random.Random(k), budget_ms=None, playouts=16), hand, seat)
                 for k, seat in enumerate(hand.seats)}
        play(hand, spies)
        checked.update({spy.bot.name: spy.checked for spy in spies.values()})
    assert all(checked[level] >= 20 for level in LEVELS), checked


def test_the_hard_bot_searches_only_what_the_observation_gives_it() -> None:
    """Two hands that look the same to South get the same answer, however the hidden cards lie."""
    packets, south, drawn = ("9C AC", "9D AD", "9H 2H"), "4S 4H 5C 6C 7C 8C", "5D"
    rest = Counter(kabalam_deck())
    rest.subtract(cards_from_text(" ".join([*packets, south, drawn])))
    hidden = sorted(rest.elements(), key=str)
    answers = set()
    for shuffle_seed in range(3):
        random.Random(shuffle_seed).shuffle(hidden)
        pile = [Card.from_text(drawn), *hidden[10:]]
        position = KabalamPosition.of(packets, {"S": south, "W": hidden[:10]}, pile)
        hand = KabalamHand.from_position(position)
        answers.add(HardBot(random.Random(5), budget_ms=None, playouts=300).choose(hand.observation("S")))
    assert len(answers) == 1


# -- the levels and the table's interface ------------------------------------------


def test_make_bot_knows_the_three_levels_of_the_lobby_the_expert_and_the_random_baseline() -> None:
    assert LEVELS == ("easy", "normal", "hard", "expert") and set(LEVELS) | {"random"} == set(BOTS)
    assert isinstance(make_bot("easy", random.Random(0)), EasyBot)
    assert isinstance(make_bot("normal", random.Random(0)), NormalBot)
    hard = make_bot("hard", random.Random(0))
    assert isinstance(hard, HardBot) and hard.budget.budget_ms == 150 and hard.budget.playouts is None
    with pytest.raises(ValueError, match="no bot called 'grandmaster'"):
        make_bot("grandmaster", random.Random(0))
    with pytest.raises(ValueError):
        Budget(budget_ms=None, playouts=None)
    with pytest.raises(ValueError):
        Budget(budget_ms=0)


def test_a_bot_refuses_to_move_for_a_seat_whose_turn_it_is_not() -> None:
    hand = KabalamHand.deal(3, seats=2)
    for level in LEVELS:
        with pytest.raises(ValueError):
            make_bot(level, random.Random(0)).choose(hand.observation("W"))


@pytest.mark.parametrize("level", LEVELS)
def test_think_yields_and_returns_the_same_move_as_choose(level: str) -> None:
    hand = KabalamHand.deal(21, seats=3)
    rng = random.Random(1)
    for _ in range(15):  # a few decisions in, so there is something to think about
        hand.apply(rng.choice(hand.legal_moves()))
    observation = hand.observation(hand.turn or "")
    first = make_bot(level, random.Random(9), budget_ms=None, playouts=400)
    second = make_bot(level, random.Random(9), budget_ms=None, playouts=400)
    thinking = second.think(observation)
    slices = 0
    while True:
        try:
            next(thinking)
            slices += 1
        except StopIteration as done:
            move = done.value
            break
    assert move == first.choose(observation) and move in hand.legal_moves()
    assert finish(make_bot(level, random.Random(9), budget_ms=None, playouts=400).think(observation)) == move


def test_the_hard_bot_thinks_in_slices() -> None:
    hand = KabalamHand.deal(8, seats=2)
    observation = hand.observation("S")
    assert len(observation.legal_moves) > 1
    bot = HardBot(random.Random(0), budget_ms=None, playouts=3000, slice_ms=0.5)
    thinking = bot.think(observation)
    slices = 0
    with pytest.raises(StopIteration):
        while True:
            next(thinking)
            slices += 1
    assert slices >= 2 and bot.report.playouts >= 1


def test_a_playout_budget_makes_the_hard_bot_reproducible() -> None:
    def moves_of(seed: int) -> list[Move]:
        hand = KabalamHand.deal(44, seats=2)
        bots = {seat: make_bot("hard", random.Random(f"{seed}{seat}"), budget_ms=None, playouts=120)
                for seat in hand.seats}
        play(hand, bots)
        return list(hand.moves)

    assert moves_of(1) == moves_of(1)


def test_every_level_plays_a_match_through() -> None:
    match = Match.start(4, seats=3)
    bots = {seat: make_bot(level, random.Random(seat), budget_ms=None, playouts=40)
            for seat, level in zip(match.seats, LEVELS)}
    while not match.is_over():
        assert match.hand is not None
        play(match.hand, bots)
        if not match.is_over():
            match.next_hand()
    assert match.result() is not None


# -- the hard bot finds the obvious winning close ------------------------------------

ON_A_4 = ("9C AC", "9D AD", "9H 2H")  # faces A, A, 2: the target is 4


def hand_of(packets: tuple[str, ...], south: str, west: str, pile: str, turn: str = "S",
            before: tuple[str, ...] = (), options: Options = Options()) -> KabalamHand:
    """A two-seat hand laid out card by card; ``before`` are moves played first
    (they show packet cards to the memory)."""
    rest = Counter(kabalam_deck())
    rest.subtract(cards_from_text(" ".join([*packets, south, west, pile])))
    draw_pile = [*cards_from_text(pile), *sorted(rest.elements(), key=str)]
    hand = KabalamHand.from_position(KabalamPosition.of(packets, {"S": south, "W": west}, draw_pile, turn), options)
    hand.replay(before)
    return hand


def hard_line(hand: KabalamHand, seat: str = "S", playouts: int = 400) -> list[str]:
    """The moves the hard bot makes until its turn ends."""
    bot = HardBot(random.Random(3), budget_ms=None, playouts=playouts)
    line = []
    while hand.turn == seat:
        move = bot.choose(hand.observation(seat))
        line.append(str(move))
        hand.apply(move)
    return line


def test_it_lays_every_card_of_a_bare_descent_that_closes() -> None:
    hand = hand_of(ON_A_4, "4S 4H", "5C 6C 7C 8C", "4D")  # S draws her third 4
    assert hard_line(hand)[0].startswith("bare 4x3") and hand.result() and hand.result().closer == "S"  # type: ignore[union-attr]


def test_it_plays_on_the_packet_it_remembers_will_show_the_card_its_last_card_needs() -> None:
    # West plays her 4 on packet 1 and yields: packet 1 is then 4S AC 9C (bottom to top),
    # so its next flip shows the 4S. The target is 9 + 1 + 2 -> 3. South holds 3D and
    # 7C and draws 7H: her 3 on packet 1 brings up the 4S, 4 + 1 + 2 = 7, and her two
    # 7s close. On packets 2 and 3 a card she has never seen comes up.
    hand = hand_of(ON_A_4, "3D 7C", "4S 5C 5D 6C 6D 8C", "8D 7H", turn="W", before=("bare 4 on 1", "yield"))
    assert hand.turn == "S" and hand.target == 3
    line = hard_line(hand)
    assert line[0] == "bare 3 on 1" and line[1].startswith("bare 7x2")
    assert hand.result() is not None and hand.result().closer == "S"  # type: ignore[union-attr]


def test_it_chooses_the_double_whose_packet_leads_to_a_close() -> None:
    # As above, but South holds an Ace and a 2 on the target 3 and then her two 7s:
    # double 1+2 on packet 1 brings up the 4S (target 7), then bare 7x2 closes.
    hand = hand_of(ON_A_4, "AS 2D 7C", "4S 5C 5D 6C 6D 8C", "8D 7H", turn="W", before=("bare 4 on 1", "yield"))
    line = hard_line(hand)
    assert line[0] == "double 1+2 on 1" and line[1].startswith("bare 7x2")
    assert hand.result() is not None and hand.result().closer == "S"  # type: ignore[union-attr]


def test_it_plays_in_the_order_that_closes() -> None:
    # Target 3; South holds 3D, 7C, 7H and draws 3H. Packet 1 shows the 4S after a flip
    # (target 7): both 3s at once on packet 1, then both 7s, closes; a single 3 on
    # packet 1 would leave her other 3 and the 7s facing a 7 and then unknown cards.
    hand = hand_of(ON_A_4, "3D 7C 7H", "4S 5C 5D 6C 6D 8C", "8D 3H", turn="W", before=("bare 4 on 1", "yield"))
    line = hard_line(hand)
    assert line[0] == "bare 3x2 on 1" and line[1].startswith("bare 7x2")
    assert hand.result() is not None and hand.result().closer == "S"  # type: ignore[union-attr]
