"""One API for every game (kabale.game): push/pop, copy, key(), outcome()/returns(), observation(seat).

Each game is played at random; at every step a move pushed and popped must
leave the game exactly as it was, a copy must not share state, equal positions
must give equal keys, and the one Result shape must say what the game's own
result says.
"""

from __future__ import annotations

import random
from typing import Any, Callable

import pytest

from kabale.game import SOLO, Game, IllegalMove, Result
from kabale.games.double_h.rules import DoubleH, DoubleHObservation, MoveKind
from kabale.games.kabala.rules import Options
from kabale.games.kabalam.hand import KabalamHand
from kabale.games.kabalam.match import Match
from kabale.games.patience.rules import Patience

MAKERS: dict[str, Callable[[int], Any]] = {
    "hand-2": lambda seed: KabalamHand.deal(seed, seats=2),
    "hand-4": lambda seed: KabalamHand.deal(seed, seats=4, options=Options(compounded_doubles=True)),
    "match-3": lambda seed: Match.start(seed, seats=3),
    "patience": lambda seed: Patience.deal(seed, Options(free_yield=True)),
    "double-h": lambda seed: DoubleH.deal(seed),
}


def seats_of(game: Any) -> tuple[str, ...]:
    return tuple(game.seats)


def state(game: Any) -> Any:
    """Everything a player or a record could tell apart (the moves to redo aside)."""
    hand = game.hand if isinstance(game, Match) else game
    return (game.key(), [str(m) for m in game.legal_moves()], hand.snapshot(), game.returns(),
            [str(m) for m in hand.moves])


def choose(game: Any, rng: random.Random) -> Any:
    moves = [m for m in game.legal_moves() if not (isinstance(game, DoubleH) and m.kind is MoveKind.GIVE_UP)]
    return rng.choice(moves)


@pytest.mark.parametrize("name", sorted(MAKERS))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_push_then_pop_leaves_the_game_as_it_was(name: str, seed: int) -> None:
    game = MAKERS[name](seed)
    assert isinstance(game, Game)
    rng = random.Random(seed)
    for _ in range(60):
        if isinstance(game, Match) and game.hand is not None and game.hand.is_over() and not game.is_over():
            game.next_hand()
        if game.is_over():
            break
        before = state(game)
        move = choose(game, rng)
        game.push(move)
        after = state(game)
        assert after != before
        assert game.pop() == move
        assert state(game) == before
        game.push(move)
        assert state(game) == after


@pytest.mark.parametrize("name", sorted(MAKERS))
def test_pop_refuses_when_there_is_nothing_to_take_back(name: str) -> None:
    game = MAKERS[name](5)
    with pytest.raises(IllegalMove) as refused:
        game.pop()
    assert refused.value.reason == "nothing_to_undo"


def test_a_match_pops_the_end_of_a_hand_and_its_scores() -> None:
    match = Match.start(8, seats=2)
    rng = random.Random(8)
    assert match.hand is not None
    while not match.hand.is_over():
        match.push(rng.choice(match.legal_moves()))
    ended = (match.totals, match.results, match.key())
    last = match.pop()
    assert match.results == [] and set(match.totals.values()) == {0} and not match.hand.is_over()
    match.push(last)
    assert (match.totals, match.results, match.key()) == ended


@pytest.mark.parametrize("name", sorted(MAKERS))
def test_a_copy_shares_nothing_and_keys_hash(name: str) -> None:
    game = MAKERS[name](9)
    twin = game.copy()
    assert twin.key() == game.key() and hash(twin.key()) == hash(game.key())
    twin.push(choose(twin, random.Random(9)))
    assert twin.key() != game.key()
    assert {game.key(), twin.key(), game.copy().key()} == {game.key(), twin.key()}


def test_two_ways_to_one_position_give_one_key() -> None:
    # Double H: two card moves that touch different piles, played in either order.
    found = 0
    for seed in range(20):
        game = DoubleH.deal(seed)
        cards = [m for m in game.legal_moves() if m.kind is MoveKind.CARD and m.source is not None]
        for a in cards:
            for b in cards:
                if {a.source, a.target} & {b.source, b.target}:
                    continue
                one, other = game.copy(), game.copy()
                one.apply(a)
                other.apply(b)
                if b not in one.legal_moves() or a not in other.legal_moves():
                    continue
                one.apply(b)
                other.apply(a)
                assert one.moves != other.moves and one.key() == other.key()
                found += 1
    assert found > 0
    assert DoubleH.deal(1).key() != DoubleH.deal(2).key()


@pytest.mark.parametrize("name", sorted(MAKERS))
def test_the_one_result_says_what_the_games_own_says(name: str) -> None:
    rng = random.Random(21)
    for seed in range(4):
        game = MAKERS[name](seed)
        assert game.outcome() is None and set(game.returns().values()) == {0.0}
        while not game.is_over():
            if isinstance(game, Match) and game.hand is not None and game.hand.is_over():
                game.next_hand()
                continue
            game.push(choose(game, rng) if rng.random() > 0.002 else game.legal_moves()[-1])
        outcome = game.outcome()
        assert isinstance(outcome, Result) and outcome.detail == game.result()
        assert set(outcome.returns) == set(seats_of(game)) and game.returns() == dict(outcome.returns)
        best = max(outcome.returns.values())
        if outcome.winners:
            assert {seat for seat, value in outcome.returns.items() if value == best} == set(outcome.winners)
        detail = outcome.detail
        if isinstance(game, KabalamHand):
            assert outcome.returns == {seat: -points for seat, points in detail.scores.items()}
        elif isinstance(game, Match):
            assert sum(outcome.returns.values()) == pytest.approx(1.0)
            assert outcome.winners == detail.great_kabalists
        elif isinstance(game, Patience):
            assert outcome.returns == {"S": 1.0 if detail.won else 0.0} and outcome.ending == detail.reason
        else:
            assert outcome.returns == {"S": float(detail.wins)} and outcome.ending == detail.outcome


def test_every_game_is_observed_by_seat() -> None:
    for name, make in MAKERS.items():
        game = make(4)
        for seat in seats_of(game):
            assert game.observation(seat) is not None
        with pytest.raises(ValueError):
            game.observation("X")
    assert Patience.deal(4).observation() == Patience.deal(4).observation("S")
    assert seats_of(Patience.deal(4)) == seats_of(DoubleH.deal(4)) == SOLO


def test_double_h_is_observed_as_the_player_sees_it() -> None:
    game = DoubleH.deal(6)
    seen = game.observation("S")
    assert isinstance(seen, DoubleHObservation)
    assert seen.stock_seen == () and sorted(seen.unseen, key=str) == sorted(game.stock, key=str)
    assert seen.stock_size == len(game.stock) == 78 and seen.legal_moves == tuple(game.legal_moves())
    while game.round == 1:
        kinds = {m.kind: m for m in game.legal_moves()}
        game.apply(kinds.get(MoveKind.DRAW) or kinds[MoveKind.NEXT_ROUND])
    later = game.observation()
    assert later.round == 2 and later.unseen == () and later.stock_seen == game.stock
