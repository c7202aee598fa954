"""Moves of both KABALAM games: the text form both ways, equality by value (RULES.md section 5)."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from kabale.cards import Card
from kabale.game import IllegalMove
from kabale.games.kabala.rules import BARE, DOUBLE, Move, Options, double_pairs


@pytest.mark.parametrize(
    "text, kind, packet, values",
    [
        ("bare 4x3 on 2", BARE, 2, (4, 4, 4)),
        ("bare 4 on 1", BARE, 1, (4,)),
        ("bare 1x2 on 3", BARE, 3, (1, 1)),
        ("double 1+3 on 2", DOUBLE, 2, (1, 3)),
        ("double 2+2 on 1", DOUBLE, 1, (2, 2)),
        ("pass flip 3", "pass", 3, ()),
        ("yield", "yield", None, ()),
        ("draw", "draw", None, ()),
    ],
)
def test_move_text_reads_and_writes_the_documented_syntax(text: str, kind: str, packet: int, values: tuple[int, ...]) -> None:
    move = Move.from_text(text)
    assert (move.kind, move.packet, move.values) == (kind, packet, values)
    assert str(move) == text


@pytest.mark.parametrize(
    "text, canonical",
    [
        ("  BARE   4X3  on 2 ", "bare 4x3 on 2"),
        ("bare A on 1", "bare 1 on 1"),
        ("bare ax2 on 1", "bare 1x2 on 1"),
        ("double 3+1 on 2", "double 1+3 on 2"),
        ("double A+3 on 2", "double 1+3 on 2"),
        ("pass 3", "pass flip 3"),
        ("Yield", "yield"),
    ],
)
def test_move_text_is_read_leniently_and_written_canonically(text: str, canonical: str) -> None:
    assert str(Move.from_text(text)) == canonical


def test_a_move_may_name_its_cards_and_still_equals_the_move_by_value() -> None:
    named = Move.from_text("bare 4S 4H on 2")
    assert named.cards == (Card.from_text("4S"), Card.from_text("4H"))
    assert named == Move.bare(4, 2, packet=2)
    assert hash(named) == hash(Move.bare(4, 2, packet=2))
    assert str(named) == "bare 4S 4H on 2"
    assert named.canonical is Move.bare(4, 2, packet=2)


def test_a_double_naming_its_cards_puts_the_lower_card_first_which_is_the_top() -> None:
    move = Move.from_text("double 3H+AS on 2")
    assert move.cards == (Card.from_text("AS"), Card.from_text("3H"))
    assert str(move) == "double AS+3H on 2"
    assert move == Move.double(1, 3, packet=2)


def test_of_two_equal_cards_in_a_double_the_first_named_goes_on_top() -> None:
    move = Move.double_cards(Card.from_text("2S"), Card.from_text("2C"), packet=1)
    assert [str(card) for card in move.cards or ()] == ["2S", "2C"]


def test_moves_on_different_packets_are_different_moves() -> None:
    assert Move.bare(4, 1, packet=1) != Move.bare(4, 1, packet=2)
    assert Move.bare(4, 1, packet=1) != Move.bare(4, 2, packet=1)


def test_canonical_constructors_share_one_object_per_move() -> None:
    assert Move.bare(4, 3, packet=2) is Move.from_text("bare 4x3 on 2")
    assert Move.pass_flip(1) is Move.from_text("pass flip 1")
    assert Move.yield_turn() is Move.from_text("yield")


@pytest.mark.parametrize(
    "text",
    ["", "bare", "bare 4", "bare 4x3 on", "bare 4x3 on 4", "bare 4x0 on 1", "bare 4x9 on 1", "bare 0 on 1",
     "double 1+ on 2", "double 1+2+3 on 2", "double 1+3", "pass flip 0", "pass flip 9", "pass flip x",
     "flip 2", "bare 4Z on 1", "bare TS on 1", "double KS+AC on 1", "bare 4S 5S on 1", "I yield!", "☃"],
)
def test_garbage_move_text_raises_illegal_move_never_anything_else(text: str) -> None:
    with pytest.raises(IllegalMove) as raised:
        Move.from_text(text)
    assert raised.value.reason in {"bad_move_text", "bad_packet", "bad_count", "bad_value", "bad_card", "bare_mixed"}
    assert str(raised.value)


def test_packets_are_numbered_one_to_three_in_text() -> None:
    with pytest.raises(IllegalMove) as raised:
        Move.from_text("bare 4 on 4")
    assert raised.value.reason == "bad_packet"
    assert "1 to 3" in str(raised.value)


def test_the_deck_has_no_tens_or_court_cards_to_name() -> None:
    with pytest.raises(IllegalMove) as raised:
        Move.from_text("bare TS on 1")
    assert raised.value.reason == "bad_card"


def test_a_bare_descent_of_mixed_values_is_refused() -> None:
    with pytest.raises(IllegalMove) as raised:
        Move.from_text("bare 4S 5S on 1")
    assert raised.value.reason == "bare_mixed"


@given(st.sampled_from(["bare", "double", "pass", "yield", "draw"]), st.integers(1, 3), st.integers(1, 9),
       st.integers(1, 9), st.integers(1, 8))
def test_every_canonical_move_text_round_trips(kind: str, packet: int, a: int, b: int, count: int) -> None:
    move = {"bare": Move.bare(a, count, packet=packet), "double": Move.double(a, b, packet=packet),
            "pass": Move.pass_flip(packet), "yield": Move.yield_turn(), "draw": Move.draw()}[kind]
    assert Move.from_text(str(move)) is move


@given(st.text(max_size=30))
def test_any_text_either_reads_as_a_move_or_raises_illegal_move(text: str) -> None:
    try:
        move = Move.from_text(text)
    except IllegalMove:
        return
    assert Move.from_text(str(move)) == move


def test_no_double_exists_on_a_1() -> None:
    assert double_pairs(1, compounded=False) == ()


def test_the_doubles_on_a_4_are_1_3_and_2_2() -> None:
    assert double_pairs(4, compounded=False) == ((1, 3), (2, 2))


def test_compounded_doubles_add_the_pairs_that_compound_to_the_target() -> None:
    assert double_pairs(4, compounded=True) == ((1, 3), (2, 2), (4, 9), (5, 8), (6, 7))
    assert (1, 9) in double_pairs(1, compounded=True)


def test_two_9s_on_a_9_are_not_listed_as_a_compounded_double() -> None:
    assert (9, 9) not in double_pairs(9, compounded=True)


def test_options_read_and_write_plain_json() -> None:
    options = Options(compounded_doubles=True)
    assert Options.from_dict(options.to_dict()) == options
    assert Options.from_dict(None) == Options()
    with pytest.raises(ValueError):
        Options.from_dict({"compounded_doubles": "yes"})
    with pytest.raises(ValueError):
        Options.from_dict({"jokers": True})


@pytest.mark.parametrize(
    "fields",
    [
        {"kind": "jump"},
        {"kind": "bare", "packet": 1},
        {"kind": "bare", "packet": 1, "values": (4, 5)},
        {"kind": "bare", "packet": 4, "values": (4,)},
        {"kind": "double", "packet": 1, "values": (3, 1)},
        {"kind": "double", "packet": 1, "values": (1,)},
        {"kind": "double", "packet": 1, "values": (1, 12)},
        {"kind": "pass"},
        {"kind": "pass", "packet": 2, "values": (4,)},
        {"kind": "yield", "packet": 1},
        {"kind": "bare", "packet": 1, "values": (4,), "cards": (Card.from_text("5S"),)},
        {"kind": "bare", "packet": 1, "values": (4,), "cards": ("4S",)},
    ],
)
def test_a_move_built_by_hand_that_is_no_move_is_refused_as_illegal(fields: dict[str, object]) -> None:
    with pytest.raises(IllegalMove):
        Move(**fields)  # type: ignore[arg-type]
