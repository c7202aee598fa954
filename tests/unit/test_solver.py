"""The solver's answers: still winnable?, hints in both modes, turning points, win rates."""

from __future__ import annotations

from test_double_h_tables import table

from kabale.games.double_h.rules import DoubleH, Move, MoveKind
from kabale.solver import (
    HONEST, THOUGHTFUL, Verdict, hint, solve, solve_position, solve_seed, turning_point, wilson_interval, win_rate,
)
from kabale.games.double_h.core import Model
from kabale.games.double_h.solver import Space
from kabale.solver_search import LOST, WON

BUDGET = 60_000  # states: answers that do not depend on the machine's speed


def test_a_build_is_played_alone_only_where_it_is_proved_safe() -> None:
    # 4S on 9L (over 4H) may build on 4L; the twin 4R already holds the other 4D and 4S.
    safe = table({"4L": "4C 4D", "4R": "4C 4D 4S", "9L": "4H 4S"})
    model, state = Model.from_game(safe)
    assert [[str(model.to_move(s)) for s in a] for a in Space(model).actions(state, True, None)] == [["9L to 4L"]]
    unsafe = table({"4L": "4C 4D", "4R": "4C", "9L": "4H 4S"})  # the other 4D could still park on 4S
    model, state = Model.from_game(unsafe)
    assert len(Space(model).actions(state, True, None)) > 1


def test_still_winnable_after_each_move_of_a_winning_line() -> None:
    line = solve_seed(3, budget_s=None, budget_states=BUDGET).moves
    game = DoubleH.deal(3)
    for index, move in enumerate(line):
        if index % 60 == 0:
            assert solve(game, budget_s=None, budget_states=BUDGET).status == WON
        game.apply(move)
    assert game.is_won() and solve(game).status == WON


def test_a_thoughtful_hint_is_the_first_move_of_a_win_and_says_its_mode() -> None:
    game = DoubleH.deal(6)
    advice = hint(game, THOUGHTFUL, budget_s=None, budget_states=BUDGET)
    assert advice.mode == THOUGHTFUL and advice.verdict.status == WON
    assert advice.move == advice.verdict.moves[0] and game.is_legal(advice.move)
    assert advice.text == game.describe(advice.move)


def test_an_honest_answer_samples_the_unseen_stock_orders_in_round_one() -> None:
    game = DoubleH.deal(6)
    verdict = solve(game, budget_s=None, budget_states=4 * 20_000, mode=HONEST, samples=4)
    assert verdict.mode == HONEST and verdict.samples == 4 and len(verdict.moves) <= 1
    # the hint's plan in round 1 (tests/unit/test_double_h_honest_hint.py): see the stock through
    advice = hint(game, HONEST, budget_s=None, budget_states=4 * 20_000, samples=4)
    assert advice.mode == HONEST and advice.move is not None and game.is_legal(advice.move)


def test_honest_is_thoughtful_once_every_card_has_been_seen() -> None:
    game = DoubleH.deal(3)
    for _ in range(78):
        game.apply("draw")
    game.apply("next round")
    verdict = solve(game, budget_s=None, budget_states=BUDGET, mode=HONEST)
    assert verdict.mode == HONEST and verdict.samples == 1
    assert verdict.status == solve(game, budget_s=None, budget_states=BUDGET).status


def test_no_hint_in_a_lost_position() -> None:
    game = table({"3R": "9H", "9R": "3H"}, round_number=2, rest="waste")
    advice = hint(game, THOUGHTFUL, budget_s=None, budget_states=10_000)
    assert advice.move is None and advice.verdict.status == LOST


def _fatal_deviation(seed: int, line: list) -> tuple[int, object]:  # type: ignore[type-arg]
    """A move near the end of a winning line after which the game is proved lost."""
    for index in range(len(line) - 8, len(line) - 80, -1):
        game = DoubleH.replay(seed, line[:index])
        for move in game.legal_moves():
            if move.kind is MoveKind.GIVE_UP or move == line[index]:
                continue
            after = game.copy()
            after.apply(move)
            if solve_position(after.position(), budget_s=None, budget_states=3000).status == LOST:
                return index, move
    raise AssertionError("no fatal move found")


def test_the_turning_point_is_the_last_winnable_position_and_the_move_that_lost_it() -> None:
    seed = 8
    line = list(solve_seed(seed, budget_s=None, budget_states=BUDGET).moves)
    index, fatal = _fatal_deviation(seed, line)
    game = DoubleH.replay(seed, line[:index] + [fatal])
    while not game.is_over():  # play on to the end, as a player would
        game.apply(next(m for m in game.legal_moves() if m.kind is not MoveKind.GIVE_UP))
    point = turning_point(seed, game.history, budget_s=None, budget_states=BUDGET)
    assert (point.status, point.index, point.move) == ("found", index, fatal)
    assert DoubleH.replay(seed, list(game.history[:index]) + list(point.line)).is_won()


def test_a_won_game_has_no_turning_point() -> None:
    line = solve_seed(3, budget_s=None, budget_states=BUDGET).moves
    assert turning_point(3, line, budget_s=None, budget_states=BUDGET).status == "still winnable"


def test_a_win_rate_counts_deals_and_gives_a_95_percent_interval() -> None:
    rate = win_rate(range(1, 5), budget_s=None, budget_states=BUDGET)
    assert rate.won + rate.lost + rate.unknown == 4 and rate.won == 4
    assert rate.low <= rate.rate <= rate.high and rate.rate == 1.0
    data = rate.to_dict()
    assert data["interval_95"][1] == 1.0 and data["seeds"] == 4


def test_the_wilson_interval_is_narrow_for_many_deals_and_wide_for_few() -> None:
    low, high = wilson_interval(485, 500)
    assert 0.95 < low < 0.97 < high < 0.99
    assert wilson_interval(1, 2)[1] - wilson_interval(1, 2)[0] > 0.7


def test_a_verdict_is_plain_json() -> None:
    data = Verdict(WON, (), 10, 0.5).to_dict()
    assert data == {"result": "won", "mode": "thoughtful", "moves": [], "states": 10, "seconds": 0.5}


def test_without_a_proof_the_hint_is_a_legal_best_guess_and_says_so() -> None:
    game = DoubleH.deal(199)  # undecided within two minutes
    advice = hint(game, THOUGHTFUL, budget_s=None, budget_states=300)
    assert advice.verdict.status == "unknown" and "best guess" in advice.support
    assert advice.move is not None and game.is_legal(advice.move)
    assert advice.move == advice.verdict.best_line[0]


def test_an_honest_hint_names_a_legal_move_while_the_game_goes_on_even_when_no_order_can_win() -> None:
    # Deal 2, the whole stock drawn three times, then a line that loses: from move 9 on, every
    # line is lost, yet the game is not over, and the player asking for a hint gets a move.
    losing = ["2L to JL", "3L to 10R", "waste to 3L", "9L to 7R", "waste to 9L", "6L to KR", "8R to 6L",
              "3L to 8R", "turn 7R", "4L to 3L", "9R to JR", "KR to 5L", "5L to 2L", "KR to 2L", "waste to KR",
              "9L to 5R", "waste to 9L", "waste to 9R", "waste to 4L"]
    game = DoubleH.deal(2)
    for round_number in range(3):
        for _ in range(78):
            game.apply(Move(MoveKind.DRAW))
        if round_number < 2:
            game.apply(Move(MoveKind.NEXT_ROUND))
    lost_seen = 0
    for text in losing:
        found = hint(game, HONEST, budget_s=None, budget_states=20_000, seed=0)
        assert found.move is not None and found.move in game.legal_moves(), text
        assert found.move.kind is not MoveKind.GIVE_UP
        lost_seen += found.verdict.status == LOST
        game.apply(Move.from_text(text))
    assert game.is_over() and lost_seen >= 5  # the positions searched really were lost ones
