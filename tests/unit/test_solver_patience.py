"""The thoughtful Patience Kabalam solver: its compact rules against the engine,
its proofs against a brute force through the engine, its wins replayed
through the engine, the options, hints and win rates."""

from __future__ import annotations

import random
from typing import Iterator

import pytest

from kabale.games.kabala.rules import Move, Options
from kabale.games.patience.rules import Patience, PatiencePosition
from kabale.solver import (
    HONEST, THOUGHTFUL, describe_patience, hint, patience_win_rate, solve, solve_patience, solve_patience_seed,
)
from kabale.games.patience.solver import Model, Space
from kabale.solver_search import LOST, UNKNOWN, WON, Budget, DepthFirst

EVERY_OPTIONS = [Options(c, f) for c in (False, True) for f in (False, True)]
LOST_DEALS = (2736, 2796, 4637, 54776)  # with the default options: proved lost (1-100,000 holds 65 such)
BUDGET = 200_000  # states: answers that do not depend on the machine's speed


def random_games(seed: int, options: Options, rng: random.Random) -> Iterator[Patience]:
    """Every position of a game played at random from a deal (each its own copy)."""
    game = Patience.deal(seed, options)
    yield game.copy()
    while not game.is_over():
        moves = game.legal_moves()
        game.apply(moves[rng.randrange(len(moves))])
        yield game.copy()


def random_position(rng: random.Random) -> PatiencePosition:
    """A position that need not use the whole deck, with packets of any height."""
    deck = list(Patience.deal(rng.randrange(10_000)).draw_pile) + list(Patience.deal(rng.randrange(10_000)).endowment)
    cards = list(dict.fromkeys(deck))
    rng.shuffle(cards)
    sizes = [rng.randrange(1, 5) for _ in range(3)]
    packets, cut = [], 0
    for size in sizes:
        packets.append(tuple(cards[cut:cut + size]))
        cut += size
    hand = rng.randrange(1, 9)
    pile = rng.randrange(0, 6)
    return PatiencePosition(tuple(packets), tuple(cards[cut:cut + hand]), tuple(cards[cut + hand:cut + hand + pile]),
                            rng.random() < 0.5)


# -- the compact rules against the engine ---------------------------------------------


def _check_against_engine(game: Patience, model: Model) -> int:
    """Legal moves (in order), every successor state and the result agree."""
    state = model.state_of(game)
    result = game.result()
    assert model.result(state) == (None if result is None else result.reason)
    actions = model.actions(state)
    assert [model.to_move(action) for action in actions] == game.legal_moves()
    for action in actions:
        after = game.copy()
        after.apply(model.to_move(action))
        assert model.play(state, action) == model.state_of(after), (game.snapshot(), action)
        assert model.from_move(model.to_move(action)) == action
    return 1


def test_the_compact_rules_agree_with_the_engine_on_thousands_of_positions() -> None:
    positions = 0
    for options in EVERY_OPTIONS:
        for seed in range(150):
            rng = random.Random(seed)
            model, _ = Model.from_game(Patience.deal(seed, options))
            for game in random_games(seed, options, rng):
                positions += _check_against_engine(game, model)
    assert positions > 12_000


def test_the_compact_rules_agree_with_the_engine_on_odd_positions() -> None:
    rng = random.Random(7)
    positions = 0
    for _ in range(400):
        options = rng.choice(EVERY_OPTIONS)
        game = Patience.from_position(random_position(rng), options)
        model, state = Model.from_game(game)
        assert state == model.state_of(game)
        while True:
            positions += _check_against_engine(game, model)
            moves = game.legal_moves()
            if not moves:
                break
            game.apply(rng.choice(moves))
    assert positions > 1000


def test_a_state_is_the_engine_position_in_values() -> None:
    game = Patience.deal(14)
    model, (packets, hand, pos, played) = Model.from_game(game)
    assert packets == ((3, 1), (9, 7), (5, 1)) and pos == 0 and not played
    assert model.pile == tuple(card.value for card in game.draw_pile)
    assert [hand >> 3 * (value - 1) & 7 for value in range(1, 10)] == [0, 4, 2, 0, 2, 2, 0, 2, 0]


# -- the search space --------------------------------------------------------------------


def test_the_key_does_not_see_the_order_of_the_packets() -> None:
    game = Patience.from_position(PatiencePosition.of(["4S 2H", "AC 9D", "3H 7C 5D"], "6C 6D 8S", "2C"))
    model, (packets, hand, pos, played) = Model.from_game(game)
    space = Space(model)
    a, b, c = packets
    keys = {space.key(((x, y, z), hand, pos, played)) for x, y, z in [(a, b, c), (c, a, b), (b, c, a), (b, a, c)]}
    assert len(keys) == 1
    assert len({Space(model, symmetric=False).key(((x, y, z), hand, pos, played))
                for x, y, z in [(a, b, c), (c, a, b)]}) == 2


def _complete(game: Patience, symmetric: bool) -> str:
    model, state = Model.from_game(game)
    return DepthFirst(Space(model, symmetric=symmetric), state, complete=True).run(Budget(states=100_000))


def test_the_symmetry_never_changes_whether_a_position_can_be_won() -> None:
    rng = random.Random(3)
    counts = {WON: 0, LOST: 0}
    for seed in range(150):
        games = list(random_games(seed, Options(), rng))
        game = games[rng.randrange(len(games))]
        if game.is_over():
            continue
        with_symmetry, without = _complete(game, True), _complete(game, False)
        assert with_symmetry == without != UNKNOWN
        counts[with_symmetry] += 1
    assert counts[WON] > 20 and counts[LOST] > 5


def test_every_legal_move_is_searched_in_a_complete_search() -> None:
    rng = random.Random(11)
    for seed in range(40):
        for game in random_games(seed, rng.choice(EVERY_OPTIONS), rng):
            model, state = Model.from_game(game)
            offered = Space(model).actions(state, True, None)
            legal = model.actions(state)
            wins = [a for a in legal if model.is_won(model.play(state, a))]
            assert offered == wins[:1] if wins else sorted(offered) == sorted(legal)


# -- proofs and wins against the engine ------------------------------------------------------


def _engine_can_win(game: Patience, seen: set[tuple[object, ...]]) -> bool:
    """Brute force through the engine: every legal move, a memory of positions seen."""
    result = game.result()
    if result is not None:
        return result.won
    key = (tuple(tuple(card.value for card in packet) for packet in game.packets),
           tuple(card.value for card in game.endowment), game.draw_pile_size, game.played_since_draw)
    if key in seen:
        return False
    seen.add(key)
    for move in game.legal_moves():
        after = game.copy()
        after.apply(move)
        if _engine_can_win(after, seen):
            return True
    return False


@pytest.mark.parametrize("seed", LOST_DEALS)
def test_a_deal_the_solver_proves_lost_is_lost_by_brute_force_through_the_engine(seed: int) -> None:
    verdict = solve_patience_seed(seed, budget_s=None, budget_states=BUDGET)
    assert verdict.status == LOST and verdict.moves == ()
    assert not _engine_can_win(Patience.deal(seed), set())
    assert solve_patience_seed(seed, Options(compounded_doubles=True), None, BUDGET).status == WON


def test_the_solver_and_a_brute_force_through_the_engine_agree_on_random_positions() -> None:
    rng = random.Random(5)
    counts = {WON: 0, LOST: 0}
    for seed in range(200):
        options = rng.choice(EVERY_OPTIONS)
        games = list(random_games(seed, options, rng))
        game = games[rng.randrange(max(1, len(games) // 3), len(games))]
        verdict = solve(game, budget_s=None, budget_states=BUDGET)
        assert verdict.status != UNKNOWN
        assert (verdict.status == WON) == _engine_can_win(game.copy(), set()), game.snapshot()
        counts[verdict.status] += 1
    assert counts[WON] > 30 and counts[LOST] > 30


def test_every_solution_replays_legally_through_the_engine_and_wins() -> None:
    won = 0
    for options in EVERY_OPTIONS:
        for seed in range(1, 101):
            verdict = solve_patience_seed(seed, options, budget_s=None, budget_states=BUDGET)
            assert verdict.status == WON and verdict.mode == THOUGHTFUL
            game = Patience.deal(seed, options)
            game.replay(verdict.moves)  # raises IllegalMove at a move the engine refuses
            result = game.result()
            assert result is not None and result.won and len(game.moves) == len(verdict.moves)
            won += 1
    assert won == 400


def test_a_solution_from_a_game_in_play_replays_from_that_position() -> None:
    rng = random.Random(9)
    checked = 0
    for seed in range(60):
        games = list(random_games(seed, Options(), rng))
        game = games[rng.randrange(len(games))]
        before = game.to_dict()
        verdict = solve(game, budget_s=None, budget_states=BUDGET)
        assert game.to_dict() == before  # the solver plays on a copy
        if verdict.status == WON:
            replay = Patience.from_dict(before)
            replay.replay(verdict.moves)
            assert replay.result() is not None and replay.result().won  # type: ignore[union-attr]
            checked += 1
    assert checked > 20


def test_still_winnable_after_each_move_of_a_winning_line() -> None:
    game = Patience.deal(487)
    for move in solve_patience_seed(487, budget_s=None, budget_states=BUDGET).moves:
        assert solve(game, budget_s=None, budget_states=BUDGET).status == WON
        game.apply(move)
    assert game.result() is not None and solve(game).status == WON


# -- options, positions and budgets ------------------------------------------------------------


def test_compounded_doubles_are_honoured() -> None:
    # The Kabala sums to 4; 6 + 7 = 13 compounds to 4. One 9 is left to draw, and it plays on nothing.
    position = PatiencePosition.of(["5S AH", "8S 2D", "2C AC"], "6C 7D", "9S", played_since_draw=True)
    with_option = solve_patience(position, None, BUDGET, options=Options(compounded_doubles=True))
    assert with_option.status == WON and [str(m) for m in with_option.moves] == ["double 6+7 on 1"]
    assert solve_patience(position, None, BUDGET).status == LOST


def test_free_yield_is_honoured() -> None:
    # On a 5, 1 + 4 is the only play, and after it nothing wins; drawing the 2 first wins.
    position = PatiencePosition.of(["5H 9H", "8H 5C", "2H 9D"], "3C 4S AH", "2D", played_since_draw=True)
    free = solve_patience(position, None, BUDGET, options=Options(free_yield=True))
    assert free.status == WON and free.moves[0] == Move.draw()
    assert solve_patience(position, None, BUDGET).status == LOST


def test_a_game_is_solved_with_its_own_options() -> None:
    game = Patience.deal(5, Options(compounded_doubles=True))
    assert solve_patience(game, None, BUDGET).status == WON
    with pytest.raises(ValueError, match="played with"):
        solve_patience(game, None, BUDGET, options=Options())


def test_a_game_that_is_over_is_answered_by_its_result() -> None:
    won = Patience.deal(14)
    won.replay(solve_patience_seed(14, budget_s=None, budget_states=BUDGET).moves)
    assert solve(won).status == WON and solve(won).states == 0
    lost = Patience.deal(2736)
    while not lost.is_over():
        lost.apply(lost.legal_moves()[0])
    assert solve(lost).status == LOST


def test_a_budget_too_small_answers_unknown_with_a_best_line() -> None:
    verdict = solve_patience_seed(88796, budget_s=None, budget_states=300)
    assert verdict.status == UNKNOWN and verdict.moves == ()
    game = Patience.deal(88796)
    for move in verdict.best_line:  # the furthest line so far is legal
        game.apply(move)
    assert solve_patience_seed(88796, budget_s=None, budget_states=BUDGET).status == WON


# -- hints and win rates ----------------------------------------------------------------------


def test_a_thoughtful_hint_is_the_first_move_of_a_win_and_says_it_knows_the_hidden_cards() -> None:
    game = Patience.deal(14)
    advice = hint(game, budget_s=None, budget_states=BUDGET)
    assert advice.mode == THOUGHTFUL and advice.verdict.status == WON
    assert advice.move == advice.verdict.moves[0] and advice.move in game.legal_moves()
    assert advice.text == "play the Double 3 + 6 on packet 1" == describe_patience(game, advice.move)
    assert "knows the face-down cards and the order of the draw pile" in advice.support


def test_a_hint_in_a_lost_position_says_no_move_can_win() -> None:
    advice = hint(Patience.deal(2736), budget_s=None, budget_states=BUDGET)
    assert advice.move is None and advice.verdict.status == LOST and "every line" in advice.support


def test_without_a_proof_the_hint_is_a_legal_best_guess_and_says_so() -> None:
    game = Patience.deal(88796)
    advice = hint(game, budget_s=None, budget_states=300)
    assert advice.verdict.status == UNKNOWN and advice.move in game.legal_moves()
    assert advice.support.startswith("a best guess")


def test_a_hint_when_the_game_is_over() -> None:
    game = Patience.deal(2736)
    while not game.is_over():
        game.apply(game.legal_moves()[-1])
    advice = hint(game)
    assert advice.move is None and advice.text.startswith("The game is over: lost")


def test_moves_in_words() -> None:
    game = Patience.deal(1)
    assert describe_patience(game, Move.bare(4, 2, packet=2)) == "play two 4s on packet 2"
    assert describe_patience(game, Move.bare(1, 1, packet=3)) == "play one Ace on packet 3"
    assert describe_patience(game, Move.pass_flip(3)) == "flip packet 3 and draw 2 cards"
    assert describe_patience(game, Move.draw()) == "draw 2 cards"


def test_the_patience_is_solved_thoughtfully_only_but_hints_honestly_too() -> None:
    with pytest.raises(ValueError, match="thoughtful"):
        solve(Patience.deal(1), mode=HONEST)
    game = Patience.deal(1)
    advice = hint(game, mode=HONEST)  # tests/unit/test_patience_honest_hint.py tells the rest
    assert advice.mode == HONEST and advice.move in game.legal_moves()


def test_a_win_rate_counts_deals_and_proved_losses() -> None:
    rate = patience_win_rate([1, 2, 3, 2736, 2796], budget_s=None, budget_states=BUDGET)
    assert (rate.won, rate.lost, rate.unknown) == (3, 2, 0)
    assert rate.rate == 0.6 and rate.low < 0.6 < rate.high
