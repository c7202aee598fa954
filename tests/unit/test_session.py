"""kabale.session: the turns played as the tables played them, in CPython.

Each test plays a game through a Session and again by the rule the tables
followed before they asked a session (the patience's automatic draw and the
undo that skips it, KABALAM's computer turns and their rngs, Double H's
proved-safe moves), and the two must agree move for move.
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
from kabale.session import AUTOMATIC, COMPUTER, DEAL, FORCED, PLAY, UNDO, Session
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


@pytest.mark.parametrize("seed", range(4))
def test_a_play_shown_first_draws_only_when_the_table_settles(seed: int) -> None:
    """The patience's table shows a play on its packet before the flip: the draw that follows
    comes with ``settle``, and the game is then the one ``play`` alone makes."""
    shown, direct = Session(Patience.deal(seed)), Session(Patience.deal(seed))
    rng = random.Random(seed)
    while not direct.game.is_over():
        move = rng.choice(direct.game.legal_moves())
        direct.play(move)
        assert [e.kind for e in shown.play(move, follow=False)] == [PLAY]
        assert shown.game.is_over() or shown.game.legal_moves() == [DRAW] or shown.game.to_dict() == direct.game.to_dict()
        forced = shown.settle()
        assert all(e.kind == FORCED and e.move == "draw" for e in forced)
        assert shown.game.to_dict() == direct.game.to_dict()


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


def test_a_table_that_thinks_in_slices_plays_one_computer_move_at_a_time() -> None:
    """The KABALAM table shows each play for a moment and thinks the next turn itself: with
    ``follow=False`` the session plays the one move and leaves the next turn to be asked for."""
    session = Session(Match.start(5, seats=2), {"S": bot("easy"), "W": bot("normal")}, forced=False)
    moves = 0
    while (turn := session.computer_turn()) is not None and moves < 12:
        events = session.play_computer(turn, bot("easy")(turn.observation, turn.rng),
                                       follow=False)
        assert [e.kind for e in events] == [COMPUTER] and events[0].seat == turn.seat
        moves += 1
    assert moves == 12 or session.game.hand.is_over()  # type: ignore[union-attr]


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
        played = 0  # what table_double_h played after a move before it asked the session
        while played < 30 and not table.is_over() and (safe := hook(table)) is not None:
            table.apply(safe)
            played += 1
        automatic += played
        assert [e.kind for e in events] == [PLAY] + [AUTOMATIC] * played
        assert session.game.to_dict() == table.to_dict()
    assert automatic > 0 or hook is safe_move  # random play rarely leaves a build the solver proves safe


@pytest.mark.parametrize("seed", [3, 11])
def test_double_h_forces_no_move_and_follows_a_redo_with_the_automatic_moves(seed: int) -> None:
    """The Double H table: no move is forced (the player draws when she likes, even when
    drawing is all she can do), an undo takes back one move, and a redo is followed by the
    automatic moves as any move is (``follow``)."""
    session, table = Session(DoubleH.deal(seed), automatic=a_build, forced=False), DoubleH.deal(seed)
    rng = random.Random(seed)
    for _ in range(40):
        if session.game.is_over():
            break
        legal = [m for m in session.game.legal_moves() if m.kind is not MoveKind.GIVE_UP]
        move = rng.choice(legal)
        events = session.play(move)
        assert all(e.kind in (PLAY, AUTOMATIC) for e in events)
        table.apply(move)
        while not table.is_over() and (build := a_build(table)) is not None:
            table.apply(build)
        if len(session.game.moves) > 1 and rng.random() < 0.3:
            assert [e.kind for e in session.undo()] == [UNDO]  # one move back, never more
            table.undo()
            assert session.game.to_dict() == table.to_dict()
            session.redo()
            table.redo()
            followed = session.follow()
            while not table.is_over() and (build := a_build(table)) is not None:
                table.apply(build)
            assert all(e.kind == AUTOMATIC for e in followed)
        assert session.game.to_dict() == table.to_dict()


def test_a_session_replays_the_same() -> None:
    def run() -> list[Any]:
        session = Session(Match.start(9, seats=3), {"W": bot("normal"), "N": bot("hard")})
        session.settle()
        rng = random.Random(9)
        while session.to_move() == "S":
            session.play(rng.choice(session.game.legal_moves()))
        return session.events

    assert run() == run()


YIELD = Move.yield_turn()


class TableRun:
    """A KABALAM table, as table_kabalam plays it: each move alone (``follow=False``), then
    ``continue_play``. ``old`` is the match the table played before the session owned the
    yield: it yielded for a person when the yield was all she had and she was the one looking."""

    def __init__(self, seed: int, persons: tuple[str, ...], computers: dict[str, Any]) -> None:
        self.persons = persons
        self.viewer: str | None = None
        self.session = Session(Match.start(seed, seats=2), computers, forces=lambda seat: seat == self.viewer)
        self.old = Match.start(seed, seats=2)
        self.levels = {seat: "easy" for seat in computers}
        self.covered_yields = 0  # a person had only the yield, but was not looking: nothing forced

    @property
    def match(self) -> Match:
        return self.session.game  # type: ignore[no-any-return]

    def first_viewer(self) -> None:
        """table_kabalam.first_viewer: the only person; in hot-seat, nobody until a hand's first turn is uncovered."""
        self.viewer = self.persons[0] if len(self.persons) == 1 else None

    def after_move(self, seat: str) -> None:
        hand = self.match.hand
        assert hand is not None
        if len(self.persons) > 1 and not hand.is_over() and hand.turn != seat:
            self.viewer = None  # hot-seat: the hand that just played is hidden
        self.continue_play()

    def continue_play(self) -> None:
        hand = self.match.hand
        assert hand is not None
        if hand.is_over():
            return
        turn = self.session.to_move()
        assert turn is not None
        old_yields = self.old.legal_moves() == [YIELD] and turn == self.viewer  # the table's rule before
        forced = self.session.forced_move()
        assert (forced is not None) == old_yields and forced in (None, YIELD)
        if self.match.legal_moves() == [YIELD] and forced is None and turn in self.persons:
            self.covered_yields += 1
            assert Session(Match.from_dict(self.match.to_dict())).forced_move() == YIELD  # any person seat would yield
        if forced is not None:
            events = self.session.play_forced(follow=False)
            assert [(e.kind, e.seat, e.move) for e in events] == [(FORCED, turn, "yield")]
            self.old.push(YIELD, turn)
            self.after_move(turn)
        elif (computer := self.session.computer_turn()) is not None:
            move = bot(self.levels[computer.seat])(computer.observation, computer.rng)
            assert move == table_choice(self.old, self.levels[computer.seat])
            assert [e.kind for e in self.session.play_computer(computer, move, follow=False)] == [COMPUTER]
            self.old.push(move, computer.seat)
            self.after_move(computer.seat)

    def person_plays(self, move: Move, reopened: bool = False) -> None:
        """A person's move; ``reopened``: the table is reloaded while the play is shown (it was
        saved at once), so nobody is looking when the game goes on."""
        seat = self.session.to_move()
        assert seat == self.viewer
        assert [e.kind for e in self.session.play(move, seat, follow=False)] == [PLAY]
        self.old.push(move, seat)
        if reopened:
            self.first_viewer()
        self.after_move(seat)

    def play_hand(self, rng: random.Random, reopen: float = 0.0) -> None:
        """Persons choose at random, uncovering the device when it is handed to them; with
        probability ``reopen`` the table is reopened after a move (a reload: in hot-seat, nobody looks)."""
        self.first_viewer()
        self.continue_play()
        for _ in range(400):
            hand = self.match.hand
            assert hand is not None
            if hand.is_over():
                return
            if self.viewer != self.session.to_move():  # the cover: "pass the device to ..."
                self.viewer = self.session.to_move()  # uncover (the table asks nothing more)
            self.person_plays(rng.choice(self.match.legal_moves()), reopened=rng.random() < reopen)
            assert self.match.to_dict() == self.old.to_dict()


@pytest.mark.parametrize("seed", range(5))
def test_a_hot_seat_hand_yields_only_for_the_person_looking(seed: int) -> None:
    """Two persons at one device: the session forces the yield on the person looking at it, as
    the table did, and not on a person who has not been handed the device (a reopened table)."""
    run = TableRun(seed, ("S", "W"), {})
    run.play_hand(random.Random(seed), reopen=0.5)
    assert run.match.to_dict() == run.old.to_dict()
    events = run.session.events
    assert {e.kind for e in events} == {PLAY, FORCED}
    assert all(e.move == "yield" for e in events if e.kind == FORCED)
    assert run.match.hand is not None and run.match.hand.is_over()


def test_a_covered_person_is_never_forced() -> None:
    covered = 0
    for seed in range(12):
        run = TableRun(seed, ("S", "W"), {})
        run.play_hand(random.Random(seed), reopen=0.5)
        covered += run.covered_yields
    assert covered > 0  # the case the ``forces`` answer is for did arise


@pytest.mark.parametrize("seed", range(4))
def test_a_person_against_the_computer_yields_as_the_table_did(seed: int) -> None:
    run = TableRun(seed, ("S",), {"W": bot("easy")})
    run.play_hand(random.Random(seed))
    assert run.match.to_dict() == run.old.to_dict()
    forced = [e for e in run.session.events if e.kind == FORCED]
    assert forced and all(e.seat == "S" and e.move == "yield" for e in forced)
    assert COMPUTER in {e.kind for e in run.session.events}


@pytest.mark.parametrize("name", ["patience", "double-h"])
def test_a_patience_left_after_a_move_counts_as_lost_and_one_left_untouched_or_over_counts_nothing(name: str) -> None:
    """RULES.md, Statistics: left unfinished after at least one move (a new deal, a restart), a
    patience counts as lost; before any move it counts nothing, and a game over was counted at its end."""
    from kabale.games import GAMES
    from kabale.session import LEFT, left_unfinished

    game = GAMES[name].deal(11)
    assert left_unfinished(game) is None
    game.apply(game.legal_moves()[0])
    left = left_unfinished(game)
    assert left is not None and left.ending == LEFT and left.winners == () and set(left.returns.values()) == {0.0}
    rng = random.Random(5)
    while not game.is_over():
        game.apply(rng.choice(game.legal_moves()))
    assert left_unfinished(game) is None
