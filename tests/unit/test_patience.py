"""Patience Kabalam, RULES.md section 3 and its rulings in section 5: one named test per rule.

ON_A_4 is a Kabala showing A, A, 2 (target 4). Flipping packet 1 shows its 9C: 9 + 1 + 2 = 12 -> 3.
"""

from __future__ import annotations

from collections import Counter

import pytest

from kabale.cards import Card, patience_deck
from kabale.game import IllegalMove
from kabale.games.kabala.rules import Options
from kabale.games.patience.rules import Patience, PatiencePosition

ON_A_4 = ("9C AC", "9D AD", "9H 2H")
ELEVEN_NO_PLAY = "5C 5D 5H 5S 6C 6D 6H 6S 7C 7D 7H"  # nothing on a 3 or a 4


def game_at(endowment: str, draw_pile: str = "", played: bool = False, options: Options = Options(),
            packets: tuple[str, ...] = ON_A_4) -> Patience:
    return Patience.from_position(PatiencePosition.of(packets, endowment, draw_pile, played), options)


def texts(cards: tuple[Card, ...]) -> str:
    return " ".join(str(card) for card in cards)


def legal(game: Patience) -> list[str]:
    return [str(move) for move in game.legal_moves()]


def test_the_patience_uses_one_deck_of_36_cards() -> None:
    game = Patience.deal(1)
    everything = [*(c for p in game.packets for c in p), *game.endowment, *game.draw_pile]
    assert Counter(everything) == Counter(patience_deck()) and len(everything) == 36


def test_the_deal_forms_the_kabala_of_six_cards_ten_face_up_and_then_draws_two() -> None:
    game = Patience.deal(1)
    assert [len(packet) for packet in game.packets] == [2, 2, 2]
    assert len(game.endowment) == 12 and game.draw_pile_size == 18
    assert [event.kind for event in game.history] == ["deal", "deal", "deal", "deal", "draw"]
    assert [event.count for event in game.history if event.kind in ("deal", "draw")][3:] == [10, 2]


def test_cards_of_equal_value_lie_together_in_the_endowment() -> None:
    values = [card.value for card in Patience.deal(2).endowment]
    assert values == sorted(values)


def test_the_deal_of_seed_zero_is_pinned() -> None:
    game = Patience.deal(0)
    # the shuffle of seed 0 begins AC 2S 6D 4S 5S 9D: face-down cards first
    assert [texts(packet) for packet in game.packets] == ["AC 4S", "2S 5S", "6D 9D"]
    assert game.seed == 0


def test_plays_are_bare_descents_and_doubles_flipping_the_packet_after_each() -> None:
    game = game_at("4S 3S AS 8C", "6C 7S")
    assert {"bare 4 on 1", "double 1+3 on 2"} <= set(legal(game))
    game.apply("double 1+3 on 3")
    assert texts(game.packets[2]) == "AS 3S 2H 9H"
    assert game.target == 2  # 1 + 1 + 9 = 11 -> 2


def test_when_she_can_play_no_more_after_having_played_she_draws_two() -> None:
    game = game_at("4S 5C", "6C 7C 8C")
    game.apply("bare 4 on 1")
    assert legal(game) == ["draw"]
    game.apply("draw")
    assert texts(game.endowment) == "5C 6C 7C" and game.draw_pile_size == 1
    assert not game.played_since_draw


def test_the_draw_takes_the_last_card_when_only_one_is_left() -> None:
    game = game_at("4S 5C", "6C")
    game.apply("bare 4 on 1")
    game.apply("draw")
    assert texts(game.endowment) == "5C 6C" and game.draw_pile_size == 0


def test_she_must_play_while_she_can_so_draw_is_refused() -> None:
    game = game_at("4S 3C 5C", "6C 7C")
    game.apply("bare 4 on 1")  # 3 now, and she holds a 3
    with pytest.raises(IllegalMove) as raised:
        game.apply("draw")
    assert raised.value.reason == "must_play_on"


def test_free_yield_lets_her_draw_after_a_play_while_she_could_still_play() -> None:
    game = game_at("4S 3C 5C", "6C 7C", options=Options(free_yield=True))
    game.apply("bare 4 on 1")
    assert legal(game)[-1] == "draw"
    game.apply("draw")
    assert game.draw_pile_size == 0


def test_she_may_not_draw_before_having_played_since_her_last_draw() -> None:
    game = game_at("4S 5C", "6C 7C", options=Options(free_yield=True))
    with pytest.raises(IllegalMove) as raised:
        game.apply("draw")
    assert raised.value.reason == "draw_before_play"


def test_when_she_cannot_play_a_single_card_she_flips_a_packet_of_her_choice_and_draws_two() -> None:
    game = game_at("5C 6C", "7C 8C 9S")
    assert legal(game) == ["pass flip 1", "pass flip 2", "pass flip 3"]
    game.apply("pass flip 1")
    assert texts(game.packets[0]) == "AC 9C"
    assert texts(game.endowment) == "5C 6C 7C 8C"
    assert [event.kind for event in game.history][-3:] == ["pass", "flip", "draw"]


def test_passing_is_refused_while_she_can_play_or_after_having_played() -> None:
    game = game_at("4S 5C", "7C 8C")
    with pytest.raises(IllegalMove) as raised:
        game.apply("pass flip 1")
    assert raised.value.reason == "must_play"
    game.apply("bare 4 on 2")
    with pytest.raises(IllegalMove) as raised:
        game.apply("pass flip 1")
    assert raised.value.reason == "played_since_draw"


def test_a_double_that_does_not_make_the_target_is_refused_with_the_sum() -> None:
    with pytest.raises(IllegalMove) as raised:
        game_at("2S 3H 5C", "7C").apply("double 2+3 on 1")
    assert str(raised.value) == "The Kabala sums to 4; 2 + 3 makes 5"


def test_compounded_doubles_apply_to_the_patience_too() -> None:
    assert "double 6+7 on 1" not in legal(game_at("6S 7H 5C", "8C"))
    assert "double 6+7 on 1" in legal(game_at("6S 7H 5C", "8C", options=Options(compounded_doubles=True)))


def test_there_is_no_yield_in_the_patience() -> None:
    with pytest.raises(IllegalMove) as raised:
        game_at("4S 5C", "7C").apply("yield")
    assert raised.value.reason == "not_in_this_game"


def test_unable_to_play_a_single_card_while_holding_thirteen_she_is_out_with_thirteen_and_loses() -> None:
    game = game_at(ELEVEN_NO_PLAY, "7S 8C 8D")
    game.apply("pass flip 1")  # thirteen cards now, and nothing plays on the 3
    result = game.result()
    assert result is not None and not result.won and result.reason == "out_with_thirteen"
    assert game.legal_moves() == []


def test_thirteen_cards_after_having_played_is_not_out_she_draws() -> None:
    game = game_at("4S 8C " + ELEVEN_NO_PLAY + " 7S", "8D 8H 8S")  # fourteen cards
    game.apply("bare 4 on 1")  # thirteen left, and nothing plays on the 3
    assert not game.is_over() and legal(game) == ["draw"]
    game.apply("draw")  # fifteen, and still nothing plays since this draw: out
    result = game.result()
    assert result is not None and result.reason == "out_with_thirteen"


def test_twelve_cards_that_cannot_play_are_not_out() -> None:
    game = game_at(ELEVEN_NO_PLAY + " 7S", "8C 8D")
    assert not game.is_over() and legal(game) == ["pass flip 1", "pass flip 2", "pass flip 3"]


def test_she_wins_the_moment_her_endowment_is_empty() -> None:
    game = game_at("4S", "5C 6C 7C")
    game.apply("bare 4 on 2")
    result = game.result()
    assert result is not None and result.won and result.reason == "endowment_empty"
    assert [event.kind for event in game.history][-1] == "end"


def test_she_loses_when_she_cannot_play_and_the_draw_pile_is_empty() -> None:
    game = game_at("4S 5C")
    game.apply("bare 4 on 1")
    result = game.result()
    assert result is not None and not result.won and result.reason == "draw_pile_finished"
    assert game_at("5C 6C").result() == result  # nothing to play from the start, nothing to draw


def test_out_with_thirteen_is_the_reason_when_the_draw_pile_is_empty_too() -> None:
    result = game_at(ELEVEN_NO_PLAY + " 7S 8C").result()
    assert result is not None and result.reason == "out_with_thirteen"


def test_the_face_down_cards_of_the_kabala_are_not_in_the_observation() -> None:
    game = game_at("5C 6C", "7C 8C 9S")
    hidden = {packet[0] for packet in game.packets} | set(game.draw_pile)
    observation = game.observation()
    shown = {card for event in observation.history for card in event.cards}
    assert not hidden & (shown | set(observation.face_up) | set(observation.endowment))
    assert observation.draw_pile_size == 3 and observation.packet_sizes == (2, 2, 2)


def test_a_refused_move_changes_nothing() -> None:
    game = game_at("4S 3C 5C", "6C 7C")
    before = game.snapshot()
    for text in ("bare 3 on 1", "double 1+3 on 1", "draw", "pass flip 1", "yield", "bare 4H on 1", "nonsense"):
        with pytest.raises(IllegalMove):
            game.apply(text)
    assert game.snapshot() == before


def test_a_game_over_refuses_every_move() -> None:
    game = game_at("4S", "5C")
    game.apply("bare 4 on 1")
    with pytest.raises(IllegalMove) as raised:
        game.apply("pass flip 1")
    assert raised.value.reason == "game_over"


def test_a_position_with_a_card_twice_is_refused() -> None:
    with pytest.raises(ValueError):
        PatiencePosition.of(ON_A_4, "4S 4S")
    with pytest.raises(ValueError):
        PatiencePosition.of(ON_A_4, "AC")  # AC is in packet 1


# -- undo and redo ------------------------------------------------------------------------


def played_game(seed: int, moves: int) -> tuple[Patience, list[dict[str, object]]]:
    """A game with up to ``moves`` moves, and its snapshot before each and after the last."""
    game = Patience.deal(seed)
    snapshots = [game.snapshot()]
    while len(game.moves) < moves and not game.is_over():
        game.apply(game.legal_moves()[-1])
        snapshots.append(game.snapshot())
    return game, snapshots


def test_undo_takes_back_any_number_of_moves_exactly() -> None:
    game, snapshots = played_game(4, 10)
    played = len(game.moves)
    assert played >= 5
    game.undo()
    assert game.snapshot() == snapshots[-2]
    game.undo(3)
    assert game.snapshot() == snapshots[-5]
    game.undo(played - 4)
    assert game.snapshot() == snapshots[0] and not game.can_undo


def test_redo_plays_the_undone_moves_again_in_order() -> None:
    game, snapshots = played_game(4, 10)
    played = len(game.moves)
    game.undo(played)
    game.redo(2)
    assert game.snapshot() == snapshots[2]
    game.redo(played - 2)
    assert game.snapshot() == snapshots[-1] and not game.can_redo


def test_a_new_move_after_undo_forgets_the_moves_to_redo() -> None:
    game, _ = played_game(4, 10)
    game.undo(2)
    assert game.can_redo
    game.apply(game.legal_moves()[0])
    assert not game.can_redo


def test_undo_works_after_the_game_is_over() -> None:
    game = game_at("4S", "5C")
    game.apply("bare 4 on 1")
    game.undo()
    assert not game.is_over() and texts(game.endowment) == "4S"


def test_there_is_nothing_to_undo_at_the_deal_or_to_redo_without_undo() -> None:
    game = Patience.deal(1)
    with pytest.raises(IllegalMove) as raised:
        game.undo()
    assert raised.value.reason == "nothing_to_undo"
    with pytest.raises(IllegalMove) as raised:
        game.redo()
    assert raised.value.reason == "nothing_to_redo"


def test_a_stored_game_keeps_its_moves_to_redo() -> None:
    game, snapshots = played_game(6, 8)
    game.undo(3)
    again = Patience.from_dict(game.to_dict())
    assert again.snapshot() == game.snapshot() and again.can_redo
    again.redo(3)
    assert again.snapshot() == snapshots[-1]


def test_a_stored_game_whose_moves_to_redo_cannot_be_played_is_refused() -> None:
    game, _ = played_game(6, 8)
    game.undo(2)
    data = game.to_dict()
    data["redo"] = ["bare 9x4 on 1"] + data["redo"]
    with pytest.raises(ValueError):
        Patience.from_dict(data)
