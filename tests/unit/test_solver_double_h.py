"""Double H's core against its checked class, the solver's reductions, and the
generic search core."""

from __future__ import annotations

import random

import pytest
from test_double_h_engine import random_game
from test_double_h_tables import table

from kabale.game import IllegalMove
from kabale.games.double_h.core import CARD, WASTE, Model, is_right
from kabale.games.double_h.moves import PLACES, Move
from kabale.games.double_h.rules import DoubleH, MoveKind, Position
from kabale.games.double_h.solver import Space, _movable_places
from kabale.solver import solve_position, solve_seed
from kabale.solver_search import LOST, UNKNOWN, WON, Budget, DepthFirst, search


def engine_moves(game: DoubleH) -> list[str]:
    return [str(move) for move in game.legal_moves() if move.kind is not MoveKind.GIVE_UP]


def test_the_checked_game_plays_the_core_s_moves_on_thousands_of_positions() -> None:
    """DoubleH asks the core for its legal moves and plays them on it; a model of the
    game's start, played move by move beside it, stays on the same position."""
    positions = 0
    for seed in range(25):
        game = DoubleH.deal(seed)
        model, state = Model.from_game(game)
        rng = random.Random(seed)
        while not game.is_over():
            assert [str(model.to_move(a)) for a in model.actions(state)] == engine_moves(game)
            assert Position(*model.laid(state)) == game.position()
            assert model.stock_count(state) == len(game.stock)
            move = rng.choice([m for m in game.legal_moves() if m.kind is not MoveKind.GIVE_UP])
            game.apply(move)
            state = model.play(state, model.from_move(move))
            positions += 1
        assert Position(*model.laid(state)) == game.position() and model.is_won(state) == game.is_won()
        assert model.is_lost(state) == game.is_lost()
    assert positions > 5000


def _every_move() -> list[Move]:
    """Every move that can be written: the draw, the new round, a turn-over of each place, and
    the top card of the waste or of any place to any place."""
    sources: list[str] = ["waste", *(str(place) for place in PLACES)]
    return [Move.draw(), Move.next_round(), *(Move.turn(place) for place in PLACES),
            *(Move.from_text(f"{source} to {target}") for source in sources for target in PLACES)]


def test_a_move_is_refused_with_a_reason_exactly_when_the_core_does_not_allow_it() -> None:
    """The independent check of the rules' two writings that stay: the core's generator says
    what is legal, the checked class's reasons (RULES.md section 4's words) say why a move is
    not. On every position of random games, every move that can be written is refused with
    a reason of its own (never the fallback, "not_allowed") exactly when the core does not
    list it; the reasons' own test passes exactly the core's moves, and the core's test of one
    move (``Model.allows``, which a checked move asks) agrees with its list."""
    every = _every_move()
    positions = 0
    for seed in range(6):
        game = random_game(seed, 0)
        rng = random.Random(100 + seed)
        step = 0
        while not game.is_over():
            legal = set(game.legal_moves())
            step += 1
            for move in every if step % 6 == seed % 6 else ():  # every sixth position: the test's time
                assert game._model.allows(game._state, Model.from_move(move)) == (move in legal), move
                try:
                    game._refuse(move)
                except IllegalMove as refusal:
                    assert move not in legal and refusal.reason != "not_allowed", (move, refusal.reason)
                    assert not game.is_legal(move)
                    with pytest.raises(IllegalMove) as raised:
                        game.check(move)
                    assert raised.value.reason == refusal.reason
                else:
                    assert move in legal, move
            game.apply(rng.choice([m for m in game.legal_moves() if m.kind is not MoveKind.GIVE_UP]))
            positions += step % 6 == seed % 6
    assert positions > 150


def test_the_search_offers_every_move_but_the_reversible_parkings() -> None:
    for seed in range(15):
        game = random_game(seed, 60 + 11 * seed)
        model, state = Model.from_game(game)
        space = Space(model, reduce=False, safe_moves=False)
        offered = sorted(str(model.to_move(action[0])) for action in space.actions(state, False, None))
        piles = state[0]

        def reversible(action: tuple[int, int, int]) -> bool:
            kind, source, target = action
            return (kind == CARD and source != WASTE and piles[source] & 7 > 1 and piles[target] != 0
                    and not is_right(piles[target], target))

        expected = sorted(str(model.to_move(a)) for a in model.actions(state) if not reversible(a))
        assert offered == expected


def test_every_member_of_a_class_is_reached_by_legal_parkings_and_back() -> None:
    classes = 0
    for seed in range(40):
        game = random_game(seed, 150)
        model, state = Model.from_game(game)
        space = Space(model)
        for value in range(1, 14):
            places = _movable_places(state[0], value)
            if places is None:
                continue
            found = space.value_class(state[0], places)
            rep_state, to_rep = space.canonical(state, value)
            engine = game.copy()
            for step in to_rep:
                engine.apply(model.to_move(step))
            assert Model.from_game(engine)[1] == rep_state
            for member in found.parent:
                walk = engine.copy()
                for step in found.path_from_rep(member):
                    walk.apply(model.to_move(step))
                assert tuple(Model.from_game(walk)[1][0][i] for i in places) == member
                for step in found.path_to_rep(member):
                    walk.apply(model.to_move(step))
                assert walk.position() == engine.position()
            classes += len(found.parent) > 1
    assert classes > 10


def _endgames(count: int) -> list[DoubleH]:
    """Positions late in a winning line, pushed off it by a few random moves."""
    games = []
    rng = random.Random(4)
    for seed in (3, 6, 9, 13):
        line = solve_seed(seed, budget_s=None, budget_states=60_000).moves
        for _ in range(count):
            game = DoubleH.replay(seed, line[: len(line) - rng.randrange(20, 60)])
            for _ in range(rng.randrange(0, 4)):
                moves = [m for m in game.legal_moves() if m.kind is not MoveKind.GIVE_UP]
                if moves:
                    game.apply(rng.choice(moves))
            games.append(game)
    return games


def _complete(game: DoubleH, safe_moves: bool) -> str:
    model, state = Model.from_game(game)
    space = Space(model, safe_moves=safe_moves)
    search_ = DepthFirst(space, space.root(state), complete=True)
    return search_.run(Budget(states=40_000))


def test_the_safe_build_never_changes_whether_an_endgame_can_be_won() -> None:
    decided = 0
    for game in _endgames(8):
        with_safe, without = _complete(game, True), _complete(game, False)
        if UNKNOWN not in (with_safe, without):
            assert with_safe == without, game.to_dict()
            decided += 1
    assert decided >= 20


def test_the_solver_says_lost_whenever_the_engine_does() -> None:
    for seed in range(30):
        game = random_game(seed, 5000)
        assert game.is_lost()
        assert solve_position(game.position(), budget_s=None, budget_states=20_000).status == LOST


def test_a_hopeless_swap_is_proved_lost_though_a_new_round_remains() -> None:
    game = table({"3R": "9H", "9R": "3H"}, round_number=2, rest="waste")
    assert not game.is_over()
    assert solve_position(game.position(), budget_s=None, budget_states=10_000).status == LOST


def test_a_one_move_win_is_found_with_its_move() -> None:
    game = table({"4L": "4C 4D 4S"}, waste="4H", round_number=3, rest="waste")
    verdict = solve_position(game.position(), budget_s=None, budget_states=100)
    assert verdict.status == WON and [str(m) for m in verdict.moves] == ["waste to 4L"]


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_solutions_replay_legally_through_the_engine_and_win(seed: int) -> None:
    verdict = solve_seed(seed, budget_s=None, budget_states=80_000)
    assert verdict.status == WON
    game = DoubleH.replay(seed, verdict.moves)
    assert game.is_won() and game.result().wins >= 1


# -- the generic search core on a toy game -------------------------------------------------


class Walk:
    """Reach ``goal`` from 0 by steps of +3 or -2 within 0..limit (a small graph with cycles)."""

    def __init__(self, goal: int, limit: int) -> None:
        self.goal, self.limit = goal, limit

    def key(self, state: int) -> int:
        return state

    def is_won(self, state: int) -> bool:
        return state == self.goal

    def actions(self, state: int, complete: bool, rng: random.Random | None) -> list[int]:
        steps = [step for step in (3, -2) if 0 <= state + step <= self.limit]
        if rng is not None:
            rng.shuffle(steps)
        return steps

    def play(self, state: int, action: int) -> int:
        return state + action


def test_the_search_finds_a_path_in_a_graph_with_cycles() -> None:
    outcome = search(Walk(goal=7, limit=9), 0, Budget(states=1000))
    assert outcome.status == WON and sum(outcome.actions) == 7


def test_the_search_proves_an_unreachable_goal_lost() -> None:
    assert search(Walk(goal=11, limit=9), 0, Budget(states=1000)).status == LOST


def test_the_search_answers_unknown_when_the_budget_runs_out() -> None:
    outcome = search(Walk(goal=10**6 + 1, limit=10**7), 0, Budget(states=2000))
    assert outcome.status == UNKNOWN and 2000 <= outcome.states < 3000


def test_a_budget_needs_states_or_seconds() -> None:
    with pytest.raises(ValueError):
        Budget()
