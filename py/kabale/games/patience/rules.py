"""Patience Kabalam, one player (RULES.md section 3).

>>> game = Patience.deal(3)
>>> len(game.endowment), game.draw_pile_size
(12, 18)

The deal and the first draw of 2 happen together. Then the player plays Bare
Descents and Doubles; when she can play no more after having played since her
last draw, her one move is ``draw`` (2 cards, or the last one); when she has
not played since her last draw and cannot, she chooses ``pass flip N``: the
packet is flipped and 2 cards are drawn. Wins and losses happen by themselves:
the game is won the moment the endowment is empty, and lost when she cannot
play and either holds 13 or more cards without having played since her last
draw (out with thirteen) or the draw pile is empty.

Undo and redo take back and replay any number of moves: the game is rebuilt
from its deal, so an undone game is exactly the game that was never played on.

The rules themselves are the patience's core (:class:`~kabale.games.patience.core.Model`,
values only): the game keeps its position as a state of a Model, asks it for the
legal moves, the effect of each move and the end. The game adds only what a player
needs around them: the cards with their suits, the history, and the reasons a move
is refused (:class:`~kabale.game.IllegalMove`).
"""

from __future__ import annotations

from copy import deepcopy
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, Hashable, Iterable, Mapping, Sequence

from kabale.cards import Card, cards_from_text, new_rng, patience_deck, shuffled
from kabale.game import SOLO, IllegalMove, Result, check_seat, position_key, replay_numbered
from kabale.games.kabala.rules import (
    BARE,
    DOUBLE,
    DRAW,
    PACKETS,
    PASS,
    Event,
    Move,
    Options,
    by_value,
    known_packets,
    check_copies,
    check_play,
    lay_down,
    sorted_cards,
    suit_key,
    take_cards,
    take_values,
)
from kabale.games.kabalam.state import check_seed
from kabale.games.patience.core import (
    A_BARE,
    A_DOUBLE,
    A_PASS,
    DRAW_ACTION,
    DRAW_PILE_FINISHED,
    OUT_WITH_THIRTEEN,
    WON,
    Action,
    Model,
    State,
    pack_hand,
    target_of,
)

__all__ = ["Patience", "PatienceResult", "PatiencePosition", "PatienceObservation", "WON", "OUT_WITH_THIRTEEN",
           "DRAW_PILE_FINISHED"]

FORMAT_VERSION = 1
_MOVES: dict[Action, Move] = {}


def _move(action: Action) -> Move:
    """The core's action as the engine's canonical (shared) move."""
    found = _MOVES.get(action)
    if found is None:
        found = _MOVES[action] = Model.to_move(action)
    return found
_DECK: tuple[Card, ...] = tuple(patience_deck())

_Raw = tuple[str, int, tuple[Card, ...], int, str]  # (kind, packet or 0, cards, count, note)


@dataclass(frozen=True)
class PatienceResult:
    """Won or lost, and why: endowment_empty, out_with_thirteen or draw_pile_finished."""

    won: bool
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"won": self.won, "reason": self.reason}


@dataclass(frozen=True)
class PatiencePosition:
    """A patience laid out card by card (packets bottom to top, draw pile top first),
    at a moment when the player decides. A position need not use the whole deck."""

    packets: tuple[tuple[Card, ...], ...]
    endowment: tuple[Card, ...]
    draw_pile: tuple[Card, ...] = ()
    played_since_draw: bool = False

    @classmethod
    def of(
        cls,
        packets: Sequence[str | Sequence[Card]],
        endowment: str | Sequence[Card],
        draw_pile: str | Sequence[Card] = (),
        played_since_draw: bool = False,
    ) -> "PatiencePosition":
        def cards(value: str | Sequence[Card]) -> tuple[Card, ...]:
            return tuple(cards_from_text(value)) if isinstance(value, str) else tuple(value)

        return cls(tuple(cards(packet) for packet in packets), cards(endowment), cards(draw_pile), played_since_draw)

    def __post_init__(self) -> None:
        if len(self.packets) != PACKETS or not all(self.packets):
            raise ValueError("the Kabala is three packets of at least one card each")
        check_copies([*[c for p in self.packets for c in p], *self.endowment, *self.draw_pile], 1, "a patience")

    def to_dict(self) -> dict[str, Any]:
        def texts(cards: Iterable[Card]) -> str:
            return " ".join(str(card) for card in cards)

        return {
            "packets": [texts(packet) for packet in self.packets],
            "endowment": texts(self.endowment),
            "draw_pile": texts(self.draw_pile),
            "played_since_draw": self.played_since_draw,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "PatiencePosition":
        try:
            return cls.of(data["packets"], data["endowment"], data.get("draw_pile", ""),
                          bool(data.get("played_since_draw", False)))
        except (KeyError, TypeError, AttributeError) as error:
            raise ValueError(f"a damaged patience position: {error}") from None


@dataclass(frozen=True)
class PatienceObservation:
    """What the player sees: everything but the face-down Kabala cards and the draw pile."""

    options: Options
    endowment: tuple[Card, ...]
    face_up: tuple[Card, ...]
    target: int
    packet_sizes: tuple[int, ...]
    draw_pile_size: int
    played_since_draw: bool
    history: tuple[Event, ...]
    legal_moves: tuple[Move, ...]
    result: PatienceResult | None

    @property
    def is_over(self) -> bool:
        return self.result is not None


class Patience:
    """A game of Patience Kabalam: ``deal(seed)``, ``legal_moves()``, ``apply()``, ``undo()``."""

    __slots__ = ("_options", "_model", "_state", "_packets", "_hand", "_pile", "_result", "_moves", "_redo", "_raw",
                 "_events", "_start")

    _options: Options
    _model: Model  # the rules, for the draw pile as dealt
    _state: State  # the position in values: the packets, the endowment, the cards drawn, played since the draw
    _packets: list[list[Card]]  # the state's packets card by card
    _hand: list[list[Card]]  # the state's endowment card by card (lists per value)
    _pile: list[Card]  # the cards still to draw; the top card is the last
    _result: PatienceResult | None
    _moves: list[Move]
    _redo: list[Move]
    _raw: list[_Raw]
    _events: list[Event]  # _raw as events, converted when first observed
    _start: dict[str, Any]

    def __init__(self) -> None:
        raise TypeError("use Patience.deal(seed), Patience.from_position(...) or Patience.from_dict(...)")

    @classmethod
    def _new(cls, options: Options, start: dict[str, Any]) -> "Patience":
        if not isinstance(options, Options):
            raise ValueError(f"options are an Options value, not {options!r}")
        game = object.__new__(cls)
        game._options, game._start = options, start
        game._result = None
        game._moves, game._redo, game._raw, game._events = [], [], [], []
        return game

    @classmethod
    def deal(cls, seed: int, options: Options = Options()) -> "Patience":
        """Shuffle the 36 cards with ``seed``: the packets take cards 1-6 (face-down cards
        first), the endowment the next 10, the rest is the draw pile; then draw 2."""
        check_seed(seed)
        deck = shuffled(_DECK, new_rng(seed))
        game = cls._new(options, {"seed": seed})
        game._set_up([[deck[i], deck[3 + i]] for i in range(3)], deck[6:16], list(reversed(deck[16:])), False)
        game._state = game._model.play(game._state, DRAW_ACTION)
        game._drawn()
        game._settle()
        return game

    @classmethod
    def from_position(cls, position: PatiencePosition, options: Options = Options()) -> "Patience":
        game = cls._new(options, {"position": position.to_dict()})
        game._set_up([list(packet) for packet in position.packets], position.endowment,
                     list(reversed(position.draw_pile)), position.played_since_draw)
        game._settle()
        return game

    @classmethod
    def sample(cls, observation: PatienceObservation, rng: random.Random) -> "Patience":
        """A game this observation could come from, the face-down cards and the draw pile
        dealt at random: what a fair solver searches. Its history starts here."""
        if observation.result is not None:
            raise ValueError("a game that is over has nothing left to sample")
        memory = known_packets(observation)
        hidden = Counter(_DECK)
        hidden.subtract(observation.endowment)
        hidden.subtract(card for packet in memory for card in packet if card is not None)
        pool = shuffled(sorted(hidden.elements(), key=lambda card: (card.value, card.suit.value)), rng)
        if len(pool) != sum(card is None for packet in memory for card in packet) + observation.draw_pile_size:
            raise ValueError("the observation does not account for every card")
        packets = tuple(tuple(card if card is not None else pool.pop() for card in packet) for packet in memory)
        position = PatiencePosition(packets, observation.endowment, tuple(pool), observation.played_since_draw)
        return cls.from_position(position, observation.options)

    def _set_up(self, packets: list[list[Card]], endowment: Sequence[Card], pile: list[Card], played: bool) -> None:
        """Lay the cards out and put the core's state on their values."""
        self._packets, self._hand, self._pile = packets, by_value(endowment), pile
        self._model = Model([card.value for card in reversed(pile)], self._options)
        values = tuple(tuple(card.value for card in packet) for packet in packets)
        self._state = (values, pack_hand([card.value for card in endowment]), 0, played)  # type: ignore[assignment]
        for i, packet in enumerate(packets):
            self._raw.append(("deal", i + 1, (packet[-1],), len(packet), ""))
        self._raw.append(("deal", 0, sorted_cards(self._hand), len(endowment), ""))

    def copy(self) -> "Patience":
        new = object.__new__(Patience)
        new._options, new._start, new._result = self._options, self._start, self._result
        new._model, new._state = self._model, self._state  # a Model and a state are never changed
        new._packets = [packet[:] for packet in self._packets]
        new._hand = [cards[:] for cards in self._hand]
        new._pile, new._moves, new._redo, new._raw = self._pile[:], self._moves[:], self._redo[:], self._raw[:]
        new._events = []
        return new

    __copy__ = copy

    # -- the rules -------------------------------------------------------------

    @property
    def target(self) -> int:
        return target_of(self._state[0])

    def legal_moves(self) -> list[Move]:
        """The plays (as in KABALAM); else ``draw`` after a play, or the three passes (the core's)."""
        if self._result is not None:
            return []
        legal = self._model.actions(self._state)
        known = _MOVES
        try:
            return [known[action] for action in legal]
        except KeyError:  # a move seen for the first time
            return [_move(action) for action in legal]

    def _plays(self) -> list[Move]:
        """The Bare Descents and Doubles the player can make (the core's)."""
        return [_move(action) for action in self._model.actions(self._state) if action[0] <= A_DOUBLE]

    def apply(self, move: Move | str) -> None:
        """Play a move (or its text); raises IllegalMove and changes nothing if it is not legal."""
        self._apply(move)
        self._redo.clear()

    def _apply(self, move: Move | str) -> None:
        if isinstance(move, str):
            move = Move.from_text(move)
        elif not isinstance(move, Move):
            raise IllegalMove(f"{move!r} is not a move", "bad_move_text", {"text": repr(move)})
        if self._result is not None:
            raise IllegalMove("The game is over", "game_over")
        kind = move.kind
        if kind == BARE or kind == DOUBLE:
            self._play(move)
        elif kind == PASS:
            self._pass(move)
        elif kind == DRAW:
            self._draw_move()
        else:
            raise IllegalMove(
                "In the patience you draw when you can play no more; there is no yield",
                "not_in_this_game",
                {"move": str(move)},
            )
        self._moves.append(move)
        self._settle()

    def play_out(self, rng: random.Random) -> PatienceResult:
        """Random legal moves to the end of the game (a playout; no redo is kept)."""
        while self._result is None:
            moves = self.legal_moves()
            self._apply(moves[rng.randrange(len(moves))])
        self._redo.clear()
        return self._result

    def _play(self, move: Move) -> None:
        kind = check_play(move, self.target, self._options.compounded_doubles)
        chosen = take_values(self._hand, move.values) if move.cards is None else take_cards(self._hand, move.cards)
        packet_number = move.packet or 1
        packet = self._packets[packet_number - 1]
        lay_down(packet, chosen)
        action: Action = ((A_BARE, packet_number - 1, chosen[0].value, len(chosen)) if kind == BARE
                          else (A_DOUBLE, packet_number - 1, chosen[0].value, chosen[1].value))
        self._state = self._model.play(self._state, action)
        self._raw.append((kind, packet_number, tuple(chosen), len(chosen), ""))
        self._raw.append(("flip", packet_number, (packet[-1],), 0, ""))

    def _pass(self, move: Move) -> None:
        if self._state[3]:
            raise IllegalMove("You have played since your last draw: draw when you can play no more",
                              "played_since_draw")
        plays = self._plays()
        if plays:
            raise IllegalMove(f"You can play ({plays[0]}), so you may not pass", "must_play",
                              {"move": str(plays[0])})
        packet_number = move.packet or 1
        packet = self._packets[packet_number - 1]
        packet.reverse()
        self._state = self._model.play(self._state, (A_PASS, packet_number - 1, 0, 0))
        self._raw.append(("pass", packet_number, (), 0, ""))
        self._raw.append(("flip", packet_number, (packet[-1],), 0, ""))
        self._drawn()

    def _draw_move(self) -> None:
        if not self._state[3]:
            raise IllegalMove("You have not played since your last draw; if you cannot play, pass and flip a packet",
                              "draw_before_play")
        if not self._options.free_yield:
            plays = self._plays()
            if plays:
                raise IllegalMove(f"You can still play ({plays[0]}); you must play while you can",
                                  "must_play_on", {"move": str(plays[0])})
        if not self._pile:
            raise IllegalMove("The draw pile is empty; play on while you can", "draw_pile_empty")
        self._state = self._model.play(self._state, DRAW_ACTION)
        self._drawn()

    def _drawn(self) -> None:
        """The core has drawn: the cards it drew join the endowment, suits and all."""
        drawn = []
        left = len(self._model.pile) - self._state[2]
        while len(self._pile) > left:
            card = self._pile.pop()
            cards = self._hand[card.value]
            cards.append(card)
            cards.sort(key=suit_key, reverse=True)
            drawn.append(card)
        self._raw.append(("draw", 0, tuple(drawn), len(drawn), ""))

    def _settle(self) -> None:
        """Win or lose by themselves, at the moment the rules (the core's result) say so."""
        reason = self._model.result(self._state)
        if reason is not None:
            self._end(PatienceResult(reason == WON, reason))

    def _end(self, result: PatienceResult) -> None:
        self._result = result
        self._raw.append(("end", 0, (), 0, result.reason))

    # -- undo and redo ---------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        return bool(self._moves)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self, count: int = 1) -> None:
        """Take back the last ``count`` moves (they can be redone until another move is played)."""
        if not 0 < count <= len(self._moves):
            raise IllegalMove("There is nothing to undo" if not self._moves else
                              f"Only {len(self._moves)} moves can be undone", "nothing_to_undo", {"count": count})
        kept, undone = self._moves[:-count], self._moves[-count:]
        redo = self._redo + undone[::-1]
        self._restart()
        for move in kept:
            self._apply(move)
        self._redo = redo

    def redo(self, count: int = 1) -> None:
        """Play again the last ``count`` undone moves."""
        if not 0 < count <= len(self._redo):
            raise IllegalMove("There is nothing to redo", "nothing_to_redo", {"count": count})
        for _ in range(count):
            self._apply(self._redo.pop())

    def _restart(self) -> None:
        fresh = Patience._from_start(self._start, self._options)
        for name in Patience.__slots__:
            setattr(self, name, getattr(fresh, name))

    @classmethod
    def _from_start(cls, start: Mapping[str, Any], options: Options) -> "Patience":
        if "position" in start:
            return cls.from_position(PatiencePosition.from_dict(start["position"]), options)
        return cls.deal(start.get("seed"), options)  # type: ignore[arg-type]

    # -- what the game looks like ----------------------------------------------

    def is_over(self) -> bool:
        return self._result is not None

    def result(self) -> PatienceResult | None:
        return self._result

    @property
    def options(self) -> Options:
        return self._options

    @property
    def seed(self) -> int | None:
        seed: int | None = self._start.get("seed")
        return seed

    @property
    def packets(self) -> tuple[tuple[Card, ...], ...]:
        """Every packet, bottom to top, face-down cards included (not for the player's eyes)."""
        return tuple(tuple(packet) for packet in self._packets)

    @property
    def face_up(self) -> tuple[Card, ...]:
        return tuple(packet[-1] for packet in self._packets)

    @property
    def endowment(self) -> tuple[Card, ...]:
        """The player's cards, face up, by value then suit (equal values lie stacked)."""
        return sorted_cards(self._hand)

    @property
    def draw_pile(self) -> tuple[Card, ...]:
        """The draw pile, top first (hidden from the player)."""
        return tuple(reversed(self._pile))

    @property
    def draw_pile_size(self) -> int:
        return len(self._pile)

    @property
    def played_since_draw(self) -> bool:
        return self._state[3]

    @property
    def moves(self) -> tuple[Move, ...]:
        return tuple(self._moves)

    @property
    def history(self) -> tuple[Event, ...]:
        """Everything that happened; all of it is public in the patience."""
        events = self._events
        for kind, packet, cards, count, note in self._raw[len(events):]:
            events.append(Event(kind, None, packet or None, cards, count, note))
        return tuple(events)

    def observation(self, seat: str = SOLO[0]) -> PatienceObservation:
        """What the player sees (the one seat, South; the seat is there so that every game
        is observed alike): the Kabala's face-up cards, the endowment, the counts."""
        check_seat(seat, SOLO)
        return PatienceObservation(
            options=self._options,
            endowment=self.endowment,
            face_up=self.face_up,
            target=self.target,
            packet_sizes=tuple(len(packet) for packet in self._packets),
            draw_pile_size=len(self._pile),
            played_since_draw=self._state[3],
            history=self.history,
            legal_moves=tuple(self.legal_moves()),
            result=self._result,
        )

    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain JSON, face-down cards included."""
        return {
            "game": "patience",
            "options": self._options.to_dict(),
            "target": self.target,
            "packets": [[str(card) for card in packet] for packet in self._packets],
            "endowment": [str(card) for card in self.endowment],
            "draw_pile": [str(card) for card in self.draw_pile],
            "played_since_draw": self._state[3],
            "moves": len(self._moves),
            "over": self.is_over(),
            "result": None if self._result is None else self._result.to_dict(),
        }

    def __repr__(self) -> str:
        state = f"over: {self._result.reason}" if self._result else f"on {self.target}"
        return f"<Patience {len(self._moves)} moves, {sum(map(len, self._hand))} cards held, {state}>"

    # -- storage ----------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON: the deal (a seed or a position), the moves and the moves to redo."""
        return {
            "version": FORMAT_VERSION,
            "game": "patience",
            "options": self._options.to_dict(),
            **deepcopy(self._start),
            "moves": [str(move) for move in self._moves],
            "redo": [str(move) for move in self._redo],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Patience":
        if not isinstance(data, Mapping) or data.get("game") != "patience":
            raise ValueError("not a Patience Kabalam game")
        if data.get("version") != FORMAT_VERSION:
            raise ValueError(f"unknown patience version {data.get('version')!r}")
        game = cls._from_start(data, Options.from_dict(data.get("options")))
        moves, redo = data.get("moves", []), data.get("redo", [])
        if not isinstance(moves, list) or not isinstance(redo, list):
            raise ValueError("a patience's moves are lists of texts")
        game.replay(moves)
        game._redo = [Move.from_text(text) for text in redo]
        game.copy().replay(reversed(game._redo))  # the moves to redo must be playable, in turn
        return game

    def replay(self, moves: Iterable[Move | str]) -> None:
        """Apply moves in turn; an illegal one raises IllegalMove naming its number."""
        replay_numbered(self.apply, moves)

    # -- the API every game shares (kabale.game) --------------------------------------

    @property
    def seats(self) -> tuple[str, ...]:
        """The one player's seat."""
        return SOLO

    @property
    def turn(self) -> str | None:
        """The seat to move: the player's, until the game is over."""
        return None if self._result is not None else SOLO[0]

    def push(self, move: Move | str, seat: str | None = None) -> None:
        """Play a move (as :meth:`apply`); ``seat``, if given, is the player's (as in KABALAM)."""
        if seat is not None:
            check_seat(seat, SOLO)
        self.apply(move)

    def pop(self) -> Move:
        """Take back the last move and return it: :meth:`undo`, so it can be redone."""
        if not self._moves:
            raise IllegalMove("There is nothing to undo", "nothing_to_undo", {"count": 1})
        move = self._moves[-1]
        self.undo()
        return move

    def key(self) -> Hashable:
        """The position, hashable: every card where it lies, the flags, the result."""
        return position_key(self.snapshot())

    def outcome(self) -> Result | None:
        """The end in the shape every game shares: a return of 1 for a win, 0 for a loss."""
        result = self._result
        if result is None:
            return None
        return Result(result.reason, {SOLO[0]: float(result.won)}, SOLO if result.won else (), result)

    def returns(self) -> dict[str, float]:
        outcome = self.outcome()
        return {SOLO[0]: 0.0} if outcome is None else dict(outcome.returns)
