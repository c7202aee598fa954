"""A session plays the turns of one game, so a table only shows it and turns gestures into moves.

Why: the game flow used to live in the tables (the automatic draw and the
undo that skips it in the patience's table, the automatic yield and the
computer's turn loop with its rng in the KABALAM table, the proved-safe moves
in the Double H table), where only the browser could run and test it. Here it
is engine code, tested in CPython, for every game alike:

* **forced moves**: when a person has one legal move only (the patience's draw
  after a play, KABALAM's yield when nothing else is left), the session plays it,
  for the seats a table says it may (``forces``: a hot-seat KABALAM table forces
  the yield only on the person looking at the device, not on one who has not
  been handed it yet);
* **automatic moves**: a hook that names a move proved safe (the solver's
  ``safe_move`` for Double H, an option of the player) is played after each of
  the person's moves, up to a limit;
* **the computer's turns**: each computer seat has a chooser ``(observation, rng)
  -> move``; its rng is seeded from the game, the seat and the number of moves,
  as the KABALAM table seeds it, so a session replays the same;
* **undo and redo** (for games that redo) go past forced moves, as a person
  never chose them;
* **events**: every move the session plays is an :class:`Event` saying who played
  it and why, for the table to show and announce.

A seat whose player is at another device (:mod:`kabale.net`) is a person's seat
here: its moves come over the network and go through :meth:`Session.play` like
a move made at this device; the host may give it to the computer while its
player is away (:meth:`Session.set_computer`).

The engine knows nothing of bots or the solver (tests/unit/test_layers.py):
the choosers and the hook come from the layer above.

>>> from kabale.games.patience.rules import Patience
>>> session = Session(Patience.deal(3))
>>> [event.kind for event in session.play(session.game.legal_moves()[0])][:1]
['play']
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from kabale.cards import new_rng
from kabale.game import IllegalMove, Result

__all__ = ["Session", "Event", "Turn", "Chooser", "left_unfinished", "LEFT", "PLAY", "FORCED", "AUTOMATIC", "COMPUTER", "UNDO", "REDO", "DEAL"]

#: Why a move was played: a person chose it, it was the only one, a hook proved it safe, the computer chose it.
PLAY, FORCED, AUTOMATIC, COMPUTER = "play", "forced", "automatic", "computer"
#: What else a session does: take a move back, play it again, deal the next hand of a match.
UNDO, REDO, DEAL = "undo", "redo", "deal"
#: The ending of a game a person left unfinished (a new deal, a restart): it counts as lost.
LEFT = "left"
#: As many proved-safe moves in a row as the Double H table plays (its MAX_SAFE_MOVES).
MAX_AUTOMATIC = 30

#: A computer player: the seat's observation and its own rng in, a legal move out.
Chooser = Callable[[Any, random.Random], Any]


@dataclass(frozen=True)
class Event:
    """One thing the session did: ``kind`` (play, forced, automatic, computer, undo, redo,
    deal), the seat concerned, the move as text ("" for a deal), and the number of
    moves played in the game (or in the match's current hand) after it."""

    kind: str
    seat: str | None
    move: str
    moves: int


@dataclass(frozen=True)
class Turn:
    """A computer's turn to think about: its seat, what it sees and the rng it thinks with."""

    seat: str
    observation: Any
    rng: random.Random


class Session:
    """One game and who plays each seat: persons (the default) or computer choosers."""

    def __init__(self, game: Any, computers: Mapping[str, Chooser] | None = None,
                 automatic: Callable[[Any], Any | None] | None = None, max_automatic: int = MAX_AUTOMATIC,
                 forced: bool = True, forces: Callable[[str], bool] | None = None) -> None:
        self.game = game
        self.computers: dict[str, Chooser] = dict(computers or {})
        unknown = set(self.computers) - set(game.seats)
        if unknown:
            raise ValueError(f"no seat {', '.join(sorted(unknown))} in this game")
        self.automatic = automatic
        self.max_automatic = max_automatic
        self.forced = forced
        #: For which person seats a forced move may be played now (None: every one). Asked each
        #: time, so a table's answer may change (the KABALAM table's: the seat looking at the device).
        self.forces = forces
        self.events: list[Event] = []

    # -- what the table asks ---------------------------------------------------------

    def to_move(self) -> str | None:
        """The seat to move, or None when the game (or the match's hand) is over."""
        turn: str | None = self.game.turn
        return turn

    def is_computer(self, seat: str | None) -> bool:
        return seat is not None and seat in self.computers

    def set_computer(self, seat: str, chooser: Chooser | None) -> None:
        """Let the computer play ``seat`` from now on (``chooser``), or give it back to its
        person (None). Why: at a table played at a distance (:mod:`kabale.net`) the host
        gives an away player's seat to the computer while she is gone, and back when she
        returns; to the session she is a person like any other, whose moves come over the
        network."""
        if seat not in self.game.seats:
            raise ValueError(f"no seat {seat} in this game")
        if chooser is None:
            self.computers.pop(seat, None)
        else:
            self.computers[seat] = chooser

    def _in_play(self) -> Any:
        """What the moves are played on: the game, or a match's current hand."""
        hand = getattr(self.game, "hand", None)
        return self.game if hand is None else hand

    def _moves(self) -> int:
        return len(self._in_play().moves)

    def rng_for(self, seat: str) -> random.Random:
        """The rng of a computer's decision: seeded from the deal, the seat and the moves so far
        (the KABALAM table's "seed:hand:seat:moves"; a game on its own is hand 1)."""
        hand_number = getattr(self.game, "hand_number", 1)
        return new_rng(f"{self.game.seed}:{hand_number}:{seat}:{self._moves()}")

    def computer_turn(self) -> Turn | None:
        """The computer's turn to think about now, if it is one (a table thinks in slices)."""
        seat = self.to_move()
        if not self.is_computer(seat):
            return None
        assert seat is not None
        return Turn(seat, self._in_play().observation(seat), self.rng_for(seat))

    # -- moves -------------------------------------------------------------------------

    def _push(self, kind: str, move: Any, seat: str | None) -> Event:
        self.game.push(move, seat)
        event = Event(kind, seat, str(move), self._moves())
        self.events.append(event)
        return event

    def play(self, move: Any, seat: str | None = None, follow: bool = True) -> list[Event]:
        """A person's move (IllegalMove as the game says), then what follows it by itself:
        forced moves, proved-safe moves, the computer's turns. Returns the events.

        ``follow=False`` plays the move alone: a table that shows the play for a moment first
        (the patience's, before its packet flips) asks for the forced moves and the computer's
        turns that follow with :meth:`settle` once it has shown it."""
        mark = len(self.events)
        mover = self.to_move()
        if seat is not None and seat != mover:
            raise IllegalMove(f"It is {mover}'s turn, not {seat}'s", "not_your_turn", {"seat": seat, "turn": mover})
        if self.is_computer(mover):
            raise IllegalMove(f"{mover} is played by the computer", "computer_seat", {"seat": mover})
        self._push(PLAY, move, mover)
        if follow:
            self._after_person()
        return self.events[mark:]

    def play_computer(self, turn: Turn, move: Any, follow: bool = True) -> list[Event]:
        """The move a computer chose for ``turn`` (a table that thought in slices), then what
        follows (``follow=False``: the move alone, for a table that shows each play for a
        moment and thinks the next computer's turn in slices too)."""
        mark = len(self.events)
        if self.to_move() != turn.seat or not self.is_computer(turn.seat):
            raise IllegalMove("The game moved on while the computer thought", "stale_turn", {"seat": turn.seat})
        self._push(COMPUTER, move, turn.seat)
        if follow:
            self.settle()
        return self.events[mark:]

    def follow(self) -> list[Event]:
        """What follows a person's move by itself, asked again: after a redo (the Double H table
        plays the proved-safe moves after a move played again, as after any move)."""
        mark = len(self.events)
        self._after_person()
        return self.events[mark:]

    def _after_person(self) -> None:
        self._forced_moves()
        if self.automatic is not None:
            for _ in range(self.max_automatic):
                if self.game.is_over():
                    break
                move = self.automatic(self.game)
                if move is None:
                    break
                self._push(AUTOMATIC, move, self.to_move())
                self._forced_moves()
        self.settle()

    def forced_move(self) -> Any | None:
        """The move the rules leave the seat to move, when it is the only one and the session may
        play it: forced moves are on, the seat is a person's the table lets it force, the game goes on."""
        if not self.forced or self.game.is_over():
            return None
        seat = self.to_move()
        if seat is None or self.is_computer(seat) or (self.forces is not None and not self.forces(seat)):
            return None
        legal = self.game.legal_moves()
        return legal[0] if len(legal) == 1 else None

    def play_forced(self, follow: bool = True) -> list[Event]:
        """Play the forced move now, if there is one (:meth:`forced_move`), then what follows it
        (``follow=False``: the move alone, for a table that shows each move and asks again).
        A table whose answer to ``forces`` changed (a hot-seat device handed over) asks this."""
        mark = len(self.events)
        move = self.forced_move()
        if move is not None:
            self._push(FORCED, move, self.to_move())
            if follow:
                self.settle()
        return self.events[mark:]

    def _forced_moves(self) -> None:
        while (move := self.forced_move()) is not None:
            self._push(FORCED, move, self.to_move())

    def settle(self) -> list[Event]:
        """Play what needs no person: forced moves and the computer's turns (with blocking
        choosers), until a person is to choose or the game (or the hand) is over."""
        mark = len(self.events)
        while True:
            self._forced_moves()
            turn = self.computer_turn()
            if turn is None:
                return self.events[mark:]
            self._push(COMPUTER, self.computers[turn.seat](turn.observation, turn.rng), turn.seat)

    def next_hand(self) -> list[Event]:
        """A match: deal the next hand once the table has shown the scores, then play on."""
        mark = len(self.events)
        self.game.next_hand()
        self.events.append(Event(DEAL, self.to_move(), "", 0))
        self.settle()
        return self.events[mark:]

    # -- undo and redo -----------------------------------------------------------------------

    def _single_forced(self) -> bool:
        """The position a forced move was played from: undo and redo go past it."""
        return self.forced_move() is not None

    def undo(self) -> list[Event]:
        """Take back the last move and any forced moves before it, so the person is where she
        last chose (a draw made by itself goes with the play before it)."""
        mark = len(self.events)
        if not self._moves():
            raise IllegalMove("There is no move to undo", "nothing_to_undo", {})
        self._undo_one()
        while self._moves() and self._single_forced():
            self._undo_one()
        return self.events[mark:]

    def _undo_one(self) -> None:
        move = self.game.pop()
        self.events.append(Event(UNDO, self.to_move(), str(move), self._moves()))

    def redo(self) -> list[Event]:
        """Play again the last move taken back (games that redo: the patiences), and on past
        the forced moves after it."""
        mark = len(self.events)
        self.game.redo()
        self.events.append(Event(REDO, self.to_move(), str(self.game.moves[-1]), self._moves()))
        while _can_redo(self.game) and self._single_forced():
            self.game.redo()
            self.events.append(Event(REDO, self.to_move(), str(self.game.moves[-1]), self._moves()))
        return self.events[mark:]


def _can_redo(game: Any) -> bool:
    can: Any = game.can_redo
    return bool(can() if callable(can) else can)


def left_unfinished(game: Any) -> Result | None:
    """How a game counts when the person leaves it for a new deal or a restart (RULES.md,
    "Statistics": a patience left unfinished after at least one move counts as lost): a
    :class:`Result` with no winners and nothing returned to any seat, or None when it counts
    nothing (no move was made, or it is over and counted at its end).

    Why here: this ruling was an ``if`` in the web app; it is the engine's, as every other one.

    >>> from kabale.games.patience.rules import Patience
    >>> game = Patience.deal(3)
    >>> left_unfinished(game) is None
    True
    >>> game.apply(game.legal_moves()[0]); left_unfinished(game).winners
    ()
    """
    if game.is_over() or not game.moves:
        return None
    return Result(LEFT, {seat: 0.0 for seat in game.seats}, ())
