"""kabale.session: the turns played as the tables played them, in CPython.

Each test plays a game through a Session and again by the rule the table
follows today (table_patience.settle and travel, table_kabalam.continue_play
and computer_turns, table_double_h.help_after_move), and the two must agree
move for move.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from kabale.bots import make_bot
from kabale.cards import new_rng
from kabale.game import IllegalMove
from kabale.games.double_h.rules import DoubleH, MoveKind
from kabale.games.kabala.rules import Move, Options
from kabale.games.kabalam.match import Match
from kabale.games.patience.rules import Patience
from kabale.session import AUTOMATIC, COMPUTER, DEAL, FORCED, PLAY, Session
from kabale.solver import safe_move

DRAW = Move.draw()


def bot(level: str) -> Any:
    return lambda observation, rng: make_bot(level, rng, budget_ms=None, playouts=30).choose(observation)


@pytest.mark.parametrize("seed", range(6))
def test_a_patience_draws_by_itself_as_its_table_did(seed: int) -> None:
    options = Options(free_yield=seed % 2 == 1)
    session, table = Session(Patience.deal(seed, options)), Patience.deal(seed, options)
    rng = random.Random(seed)
    while not session.game.is_over():
        move = rng.choice(session.game.legal_moves())
        events = session.play(move)
        table.apply(move)
        if table.legal_moves() == [DRAW]:  # table_patience.settle
            table.apply(DRAW)
        assert session.game.to_dict() == table.to_dict()
        assert [e.kind for e in events] == [PLAY] + [FORCED] * (len(events) - 1)
        assert all(e.move == "draw" for e in events[1:])
        assert session.game.is_over() or session.game.legal_moves() != [DRAW]
    assert any(e.kind == FORCED for e in session.events)


@pytest.mark.parametrize("seed", range(4))
def test_undo_and_redo_go_past_the_draws_as_the_table_did(seed: int) -> None:
    session = Session(Patience.deal(seed))
    rng = random.Random(seed)
    for _ in range(12):
        if session.game.is_over():
            break
        session.play(rng.choice(session.game.legal_moves()))
    table = Patience.from_dict(session.game.to_dict())
    while session.game.can_undo:
        session.undo()
        table.undo()  # table_patience.travel
        while table.can_undo and table.legal_moves() == [DRAW]:
            table.undo()
        assert session.game.to_dict() == table.to_dict()
    with pytest.raises(IllegalMove):
        session.undo()
    while session.game.can_redo:
        session.redo()
        table.redo()
        while table.can_redo and table.legal_moves() == [DRAW]:
            table.redo()
        assert session.game.to_dict() == table.to_dict()


def table_choice(match: Match, level: str) -> Move:
    """What table_kabalam.computer_turns plays for the seat to move."""
    hand = match.hand
    assert hand is not None and hand.turn is not None
    rng = new_rng(f"{match.seed}:{match.hand_number}:{hand.turn}:{len(hand.moves)}")
    return make_bot(level, rng, budget_ms=None, playouts=30).choose(hand.observation(hand.turn))  # type: ignore[no-any-return]


@pytest.mark.parametrize("seed", [2, 7])
def test_kabalam_computers_play_their_turns_with_the_tables_rngs(seed: int) -> None:
    levels = {"W": "easy", "N": "normal", "E": "hard"}
    session = Session(Match.start(seed, seats=4), {seat: bot(level) for seat, level in levels.items()})
    session.settle()
    rng = random.Random(seed)
    hands = 0
    while not session.game.is_over() and hands < 2:
        if session.to_move() is None:
            assert session.next_hand()[0].kind == DEAL
            hands += 1
            continue
        assert session.to_move() == "S"
        session.play(rng.choice(session.game.legal_moves()), "S")
    # Replay every event on a fresh match: each computer move is the table's choice, each forced one the only move.
    replay = Match.start(seed, seats=4)
    for event in session.events:
        if event.kind == DEAL:
            replay.next_hand()
            continue
        if event.kind == COMPUTER:
            assert event.move == str(table_choice(replay, levels[event.seat or ""]))
        if event.kind == FORCED:
            assert [str(m) for m in replay.legal_moves()] == [event.move] == ["yield"]
        assert event.seat == replay.turn
        replay.push(event.move, event.seat)
    assert replay.to_dict() == session.game.to_dict()
    kinds = {e.kind for e in session.events}
    assert {PLAY, COMPUTER, FORCED} <= kinds


def test_a_person_cannot_play_for_the_computer_nor_out_of_turn() -> None:
    session = Session(Match.start(3, seats=2), {"W": bot("easy")})
    if session.to_move() == "S":
        with pytest.raises(IllegalMove) as refused:
            session.play(session.game.legal_moves()[0], "W")
        assert refused.value.reason == "not_your_turn"
    session.game.hand._core.turn = 1  # type: ignore[union-attr]  # W to move, as after S yields (the core keeps whose turn)
    with pytest.raises(IllegalMove) as refused:
        session.play(session.game.legal_moves()[0])
    assert refused.value.reason == "computer_seat"
    with pytest.raises(ValueError):
        Session(Patience.deal(1), {"W": bot("easy")})


def test_a_computer_turn_thought_in_slices_is_refused_once_stale() -> None:
    session = Session(Match.start(5, seats=2), {"S": bot("easy"), "W": bot("normal")})
    turn = session.computer_turn()
    assert turn is not None and turn.seat == "S"
    move = bot("easy")(turn.observation, turn.rng)
    events = session.play_computer(turn, move)
    assert events[0].kind == COMPUTER and events[0].move == str(move)
    assert session.game.is_over() or session.game.hand.is_over()  # type: ignore[union-attr]  # computers play on
    with pytest.raises(IllegalMove):
        session.play_computer(turn, move)


def a_build(game: DoubleH) -> Any:
    """A stand-in for the solver's proof: the first move onto a right (building) pile."""
    return next((m for m in game.legal_moves() if m.kind is MoveKind.CARD and m.target is not None
                 and game.is_right(m.target.index) and game.pile(m.target)), None)


@pytest.mark.parametrize("hook", [safe_move, a_build])
@pytest.mark.parametrize("seed", [3, 11])
def test_double_h_plays_the_automatic_moves_as_its_table_did(seed: int, hook: Any) -> None:
    session, table = Session(DoubleH.deal(seed), automatic=hook), DoubleH.deal(seed)
    rng = random.Random(seed)
    automatic = 0
    for _ in range(40):
        if session.game.is_over():
            break
        move = rng.choice([m for m in session.game.legal_moves() if m.kind is not MoveKind.GIVE_UP])
        events = session.play(move)
        table.apply(move)
        played = 0  # table_double_h.help_after_move
        while played < 30 and not table.is_over() and (safe := hook(table)) is not None:
            table.apply(safe)
            played += 1
        automatic += played
        assert [e.kind for e in events] == [PLAY] + [AUTOMATIC] * played
        assert session.game.to_dict() == table.to_dict()
    assert automatic > 0 or hook is safe_move  # random play rarely leaves a build the solver proves safe


def test_a_session_replays_the_same() -> None:
    def run() -> list[Any]:
        session = Session(Match.start(9, seats=3), {"W": bot("normal"), "N": bot("hard")})
        session.settle()
        rng = random.Random(9)
        while session.to_move() == "S":
            session.play(rng.choice(session.game.legal_moves()))
        return session.events

    assert run() == run()
