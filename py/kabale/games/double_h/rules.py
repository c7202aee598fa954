"""Double H, the Danish two-H patience: the engine (RULES.md section 4).

A game is fully determined by its deal (from a seed) and its moves. The state
is mutable: :meth:`DoubleH.apply` plays a move and records it, and
:meth:`DoubleH.undo` / :meth:`DoubleH.redo` walk the record any number of
steps, across rounds too. Everything the table draws is derived here
(:meth:`DoubleH.facts`): the UI keeps no state of its own.

Places, moves and their text live in :mod:`kabale.games.double_h.moves`; the exact
"lost" test in :mod:`kabale.games.double_h.end`.

>>> game = DoubleH.deal(7)
>>> len(game.facts().places), game.facts().stock_count
(26, 78)
>>> game.apply("draw"); len(game.facts().waste)
1
>>> str(game.undo()), game.facts().stock_count
('draw', 78)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Hashable, Mapping, Sequence

from kabale.cards import SUITS, Card, Suit, cards_from_text, cards_to_text, double_h_deck, new_rng, shuffled
from kabale.game import SOLO, IllegalMove, Result as GameResult, check_seat, position_key
from kabale.games.double_h.core import COMPLETE, Action, Model, State, card_code, card_of, is_right, pile_cards
from kabale.games.double_h.moves import LAST_ROUND, PLACE_VALUES, PLACES, Move, MoveKind, Place, parks_on

__all__ = ["DoubleH", "DoubleHObservation", "Position", "Result", "PlaceFacts", "TableFacts", "Move", "MoveKind", "Place", "PLACES", "GAME_NAME"]

GAME_NAME = "double-h"
FORMAT_VERSION = 1
_BUILD_INDEX = {suit: index for index, suit in enumerate(SUITS)}
_SUIT_NAMES = {Suit.CLUBS: "club", Suit.DIAMONDS: "diamond", Suit.SPADES: "spade", Suit.HEARTS: "heart"}


@dataclass(frozen=True, slots=True)
class Result:
    """``outcome`` is "playing", "won", "lost" or "gave up"; ``wins`` is the
    round's bonus (3, 2 or 1) for a win, else 0."""

    outcome: str
    round: int
    wins: int = 0

    @property
    def is_over(self) -> bool:
        return self.outcome != "playing"


@dataclass(frozen=True)
class DoubleHObservation:
    """What the player of Double H knows: every card on the table and in the waste (each
    was seen face up), the stock's size, and its order once it has been seen (from
    round 2 on the stock is the waste turned over); in round 1 only which cards are in
    it (``unseen``, sorted), not their order. Honest hints and fair solvers start here.
    """

    places: tuple[tuple[Card, ...], ...]  # in PLACES order, bottom card first
    waste: tuple[Card, ...]  # its top last
    stock_size: int
    stock_seen: tuple[Card, ...]  # the stock in drawing order when it has been seen, else ()
    unseen: tuple[Card, ...]  # round 1: the stock's cards, sorted; later ()
    round: int
    legal_moves: tuple[Move, ...]
    result: Result


@dataclass(frozen=True, slots=True)
class PlaceFacts:
    """What the table draws for one place. ``frame`` is "right" (red: a
    build on its club), "complete" (dark red), "yellow" or "none";
    ``moves`` are the legal moves of its top card and its turn-over."""

    place: Place
    name: str
    value: int
    side: str
    cards: tuple[Card, ...]
    frame: str
    moves: tuple[Move, ...]


@dataclass(frozen=True, slots=True)
class TableFacts:
    places: tuple[PlaceFacts, ...]
    stock_count: int
    waste: tuple[Card, ...]  # bottom first; the last is the visible top
    waste_moves: tuple[Move, ...]
    round: int
    bonus: int  # what a win in this round counts: 3, 2 or 1
    suit_order: tuple[Suit, ...]
    result: Result
    can_draw: bool
    can_start_next_round: bool


def _suit_name(card: Card) -> str:
    return _SUIT_NAMES[card.suit]


@dataclass(frozen=True, slots=True)
class Position:
    """A position of Double H: the 26 piles (bottom first, :data:`PLACES`
    order), the stock in drawing order, the waste (top last) and the round."""

    places: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    waste: tuple[Card, ...]
    round: int

    def validate(self) -> None:
        """Raise ValueError unless this is a position the rules can reach."""
        if len(self.places) != 26:
            raise ValueError("Double H has 26 places")
        cards = [card for pile in self.places for card in pile] + list(self.stock) + list(self.waste)
        if not all(isinstance(card, Card) for card in cards) or Counter(cards) != Counter(double_h_deck()):
            raise ValueError("a Double H position holds the 104 cards of two decks, each exactly once")
        if isinstance(self.round, bool) or self.round not in (1, 2, 3):
            raise ValueError(f"the round is 1, 2 or 3, not {self.round!r}")
        for place, pile in zip(PLACES, self.places):
            if not pile:
                continue
            suits = [_BUILD_INDEX[card.suit] for card in pile]
            right = pile[0].is_club and pile[0].value == place.value
            steps = {b - a for a, b in zip(suits, suits[1:])}
            if len({card.value for card in pile}) != 1 or not steps <= ({1} if right else {-1}):
                raise ValueError(f"{place} holds {cards_to_text(pile)}: not a build nor a parked pile")

    def to_dict(self) -> dict[str, Any]:
        return {
            "places": [cards_to_text(pile) for pile in self.places],
            "stock": cards_to_text(self.stock),
            "waste": cards_to_text(self.waste),
            "round": self.round,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Position":
        places, stock, waste, round_number = (data.get(key) for key in ("places", "stock", "waste", "round"))
        if not isinstance(places, list) or not all(isinstance(text, str) for text in places):
            raise ValueError("a position's places are 26 texts of cards")
        if not isinstance(stock, str) or not isinstance(waste, str) or not isinstance(round_number, int):
            raise ValueError("a position has a stock and a waste (texts of cards) and a round")
        position = cls(tuple(tuple(cards_from_text(text)) for text in places), tuple(cards_from_text(stock)),
                       tuple(cards_from_text(waste)), round_number)
        position.validate()
        return position


class DoubleH:
    """One game of Double H: 26 places, the stock, the waste, the round.

    The checked layer over the game's core (:class:`~kabale.games.double_h.core.Model`):
    the position is a state of the core's Model, whose generator gives the legal moves and
    whose ``play`` plays them. This class adds the cards with their suits, the history
    (undo and redo) and the reasons a move is refused."""

    __slots__ = ("seed", "start", "_model", "_state", "_gave_up", "_history", "_redo", "_before", "_lost",
                 "_legal")

    def __init__(
        self,
        places: Sequence[Sequence[Card]],
        stock: Sequence[Card],
        waste: Sequence[Card] = (),
        round_number: int = 1,
        seed: int | None = None,
    ) -> None:
        """A game from a position: the 26 piles in :data:`PLACES` order (bottom
        card first), the stock in drawing order (first drawn first), the waste
        (its top last) and the round. A deal has one card on each place."""
        start = Position(tuple(tuple(pile) for pile in places), tuple(stock), tuple(waste), round_number)
        start.validate()
        self.seed = seed
        self.start = start
        self._model, self._state = Model.from_position(start)  # the talon: the start's waste, then its stock
        self._gave_up = False
        self._history: list[Move] = []
        self._redo: list[Move] = []
        self._before: list[State] = []  # the state before each move of the history (undo restores it)
        self._lost: bool | None = None
        self._legal: list[Action] | None = None  # the core's legal actions in this state

    # -- making games -------------------------------------------------------

    @classmethod
    def deal(cls, seed: int) -> "DoubleH":
        """Shuffle two decks with the seed; the first 26 cards go to the places
        in :data:`PLACES` order, the other 78 are the stock in drawing order."""
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise ValueError(f"a seed is a non-negative whole number, not {seed!r}")
        cards = shuffled(double_h_deck(), new_rng(seed))
        return cls([[card] for card in cards[:26]], cards[26:], seed=seed)

    @classmethod
    def replay(cls, seed: int, moves: Sequence[Move | str]) -> "DoubleH":
        game = cls.deal(seed)
        for move in moves:
            game.apply(move)
        return game

    def copy(self) -> "DoubleH":
        other = DoubleH.__new__(DoubleH)
        other.seed = self.seed
        other.start = self.start
        other._model, other._state = self._model, self._state  # a Model and a state are never changed
        other._gave_up, other._lost, other._legal = self._gave_up, self._lost, self._legal
        other._history, other._redo, other._before = list(self._history), list(self._redo), list(self._before)
        return other

    # -- reading the table ------------------------------------------------------

    @property
    def round(self) -> int:
        return self._state[3]

    @property
    def history(self) -> tuple[Move, ...]:
        return tuple(self._history)

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves made (the same as ``history``; the name the other games use)."""
        return tuple(self._history)

    def position(self) -> "Position":
        """The present position (what a saved game or the solver starts from)."""
        return Position(self._model.places(self._state), self.stock, self.waste, self._state[3])

    def _pile(self, index: int) -> tuple[Card, ...]:
        return pile_cards(self._state[0][index], index)

    def pile(self, place: Place | str) -> tuple[Card, ...]:
        return self._pile(_place(place).index)

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock in drawing order (hidden from the player: the solver's business)."""
        return self._model.stock(self._state)

    @property
    def waste(self) -> tuple[Card, ...]:
        return self._model.waste(self._state)

    def is_right(self, index: int) -> bool:
        """A club at the bottom of a place of its own value: a build, never moved."""
        return is_right(self._state[0][index], index)

    def frame(self, place: Place | str) -> str:
        index = _place(place).index
        code = self._state[0][index]
        if is_right(code, index):
            return "complete" if code & 7 == COMPLETE else "right"
        if code >> 5 == PLACE_VALUES[index]:
            return "yellow"
        return "none"

    def is_won(self) -> bool:
        return self._model.is_won(self._state)

    def is_lost(self) -> bool:
        """Lost: however the movable cards are parked, nothing else can be played (the core's end test)."""
        if self._lost is None:
            self._lost = not self._gave_up and self._model.is_lost(self._state)
        return self._lost

    def is_over(self) -> bool:
        return self._gave_up or self.is_won() or self.is_lost()

    def result(self) -> Result:
        round_number = self._state[3]
        if self.is_won():
            return Result("won", round_number, LAST_ROUND + 1 - round_number)
        if self._gave_up:
            return Result("gave up", round_number)
        if self.is_lost():
            return Result("lost", round_number)
        return Result("playing", round_number)

    # -- the rules (the core's), and why a move is refused --------------------------

    def _actions(self) -> list[Action]:
        """The core's legal actions in this state (kept until the state changes)."""
        if self._legal is None:
            self._legal = self._model.actions(self._state)
        return self._legal

    def check(self, move: Move) -> None:
        """Raise :class:`IllegalMove` saying why ``move`` is not allowed now. Whether it is
        allowed is the core's (its legal actions); the reasons only put a refusal in words."""
        if self.is_over():
            outcome = self.result().outcome
            raise IllegalMove(f"The game is over: {outcome}", "game_over", {"outcome": outcome})
        if move.kind is MoveKind.GIVE_UP:
            return
        action = Model.from_move(move)
        if action in self._legal if self._legal is not None else self._model.allows(self._state, action):
            return
        self._refuse(move)
        raise IllegalMove(f"{move} is not allowed now", "not_allowed", {"move": str(move)})  # a reason is missing

    def _refuse(self, move: Move) -> None:
        """Raise the reason an illegal ``move`` is refused (RULES.md section 4's words). It passes
        the moves it finds no reason against; a test holds those to be exactly the core's
        legal moves, on many positions, so the words and the rules cannot drift apart."""
        kind = move.kind
        if kind is MoveKind.DRAW:
            self._refuse_draw()
        elif kind is MoveKind.NEXT_ROUND:
            self._refuse_next_round()
        elif kind is MoveKind.TURN:
            assert move.target is not None
            self._refuse_turn(move.target)
        elif kind is MoveKind.CARD:
            assert move.target is not None
            self._refuse_card(move.source, move.target)

    def _refuse_draw(self) -> None:
        round_number = self._state[3]
        if not self._model.stock_count(self._state):
            if round_number < LAST_ROUND:
                raise IllegalMove("The stock is empty: turn the waste over for the next round", "stock_empty",
                                  {"round": round_number})
            raise IllegalMove("The stock is empty, and this is the last round", "stock_empty_last_round",
                              {"round": round_number})
        empty = [str(place) for place, code in zip(PLACES, self._state[0]) if not code]
        if empty and self._model.waste_top(self._state) >= 0:
            message = ("Fill the empty place before you draw: the waste is not empty" if len(empty) == 1
                       else "Fill the empty places before you draw: the waste is not empty")
            raise IllegalMove(message, "draw_with_empty_place", {"places": empty})

    def _refuse_next_round(self) -> None:
        round_number = self._state[3]
        if round_number >= LAST_ROUND:
            raise IllegalMove("This is the third and last round: there is no new stock", "last_round",
                              {"round": round_number})
        stock = self._model.stock_count(self._state)
        if stock:
            raise IllegalMove("Draw the whole stock before you start the next round", "stock_not_empty",
                              {"stock": stock})
        if self._model.waste_top(self._state) < 0:
            raise IllegalMove("The waste is empty: there is nothing to turn over", "waste_empty_no_round", {})

    def _refuse_turn(self, place: Place) -> None:
        pile = self._pile(place.index)
        frame = self.frame(place)
        if frame in ("right", "complete"):
            raise IllegalMove(f"{place} is already in its right place", "turn_right_place", {"place": str(place)})
        if frame != "yellow":
            raise IllegalMove("Only a yellow pile (on a place of its own value) can be turned over",
                              "turn_not_yellow", {"place": str(place)})
        if not pile[-1].is_club:
            raise IllegalMove(f"Turn {place} over once it has grown down to its club", "turn_needs_club",
                              {"place": str(place), "top": str(pile[-1])})

    def _refuse_card(self, source: Place | None, target: Place) -> None:
        if source is None:
            top_code = self._model.waste_top(self._state)
            if top_code < 0:
                raise IllegalMove("The waste is empty", "waste_empty", {})
            card = card_of(top_code)
        else:
            pile = self._pile(source.index)
            if not pile:
                raise IllegalMove(f"{source} is empty", "source_empty", {"place": str(source)})
            if self.is_right(source.index):
                raise IllegalMove("Cards in their right place never move", "right_place_fixed",
                                  {"place": str(source)})
            if source == target:
                raise IllegalMove("The card is already there", "same_place", {"place": str(source)})
            card = pile[-1]
        details: dict[str, Any] = {"card": str(card), "place": str(target)}
        target_pile = self._pile(target.index)
        if not target_pile:
            if source is None or (card.is_club and card.value == target.value):
                return
            raise IllegalMove(
                f"Only the club of value {target.value}, or the top card of the waste, may go to the empty place {target}",
                "empty_place", details)
        top = target_pile[-1]
        if self.is_right(target.index):
            if len(target_pile) == 4:
                raise IllegalMove(f"{target} is complete", "build_complete", details)
            needed = Card(target.value, SUITS[len(target_pile)])
            if card == needed:
                return
            raise IllegalMove(f"The build on {target} takes the {needed.name()} next", "build_order",
                              {**details, "needed": str(needed)})
        below = parks_on(card_code(card))
        if below == card_code(top):
            return
        if below < 0:
            raise IllegalMove("A heart is never parked: it goes only onto its build or, from the waste, to an empty place",
                              "park_heart", details)
        raise IllegalMove(
            f"A {_suit_name(card)} can only be parked on a {_SUIT_NAMES[SUITS[below & 3]]} of the same value",
            "park_order", {**details, "top": str(top), "wanted": str(Card(card.value, SUITS[below & 3]))})

    def legal_moves(self) -> list[Move]:
        """Every distinct legal move once (the core's, then giving up); none when the game is
        over (lost included: parking alone cannot save it, and the table says so)."""
        if self.is_over():
            return []
        moves = [_MOVES.get(action) or _move_of(action) for action in self._actions()]
        moves.append(_GIVE_UP)
        return moves

    def home_move(self, source: Place | str | None) -> Move | None:
        """The move that sends the top card of ``source`` (a place, or None for the waste) home,
        into its right place: onto its build (the next suit of a place of its value whose club is
        in its right place), or, for a club, to an empty place of its own value. The table plays
        it on a double-click. None when the card has no such move (nor a card to move); of two
        builds of its value, the first place's.

        Why here: which moves put a card in its right place is a rule (RULES.md section 4).

        >>> game = DoubleH.deal(7)
        >>> game.home_move("waste") is None
        True
        """
        if source == "waste":
            source = None
        place = None if source is None else _place(source)
        card_at = self._model.waste_top(self._state) if place is None else self._state[0][place.index]
        if card_at <= 0:
            return None
        card = card_of(card_at) if place is None else self._pile(place.index)[-1]
        piles = self._state[0]
        moves = [m for m in self.legal_moves() if m.kind is MoveKind.CARD and m.source == place]
        builds = [m for m in moves if m.target is not None and is_right(piles[m.target.index], m.target.index)]
        if builds:
            return builds[0]
        starts = [m for m in moves if m.target is not None and not piles[m.target.index]
                  and card.is_club and m.target.value == card.value]
        return starts[0] if starts else None

    def is_legal(self, move: Move | str) -> bool:
        try:
            self.check(_move(move))
        except IllegalMove:
            return False
        return True

    # -- playing -----------------------------------------------------------------

    def apply(self, move: Move | str) -> None:
        """Play ``move`` (a Move or its text) and record it; raise IllegalMove if it is not allowed."""
        move = _move(move)
        self.check(move)
        self._do(move)
        self._history.append(move)
        self._redo.clear()

    def _do(self, move: Move) -> None:
        """Play a legal move on the core's state, keeping the state before it for undo."""
        self._before.append(self._state)
        if move.kind is MoveKind.GIVE_UP:
            self._gave_up = True
        else:
            self._state = self._model.play(self._state, Model.from_move(move))
            self._legal = None
        self._lost = None

    def _undo(self, move: Move) -> None:
        self._state = self._before.pop()
        if move.kind is MoveKind.GIVE_UP:
            self._gave_up = False
        self._lost = self._legal = None

    def can_undo(self) -> bool:
        return bool(self._history)

    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> Move:
        """Take back the last move (any number of times, across rounds); return it."""
        if not self._history:
            raise IllegalMove("There is no move to undo", "nothing_to_undo", {})
        move = self._history.pop()
        self._undo(move)
        self._redo.append(move)
        return move

    def redo(self) -> Move:
        if not self._redo:
            raise IllegalMove("There is no move to redo", "nothing_to_redo", {})
        move = self._redo.pop()
        self._do(move)
        self._history.append(move)
        return move

    # -- what the table shows ------------------------------------------------------

    def facts(self) -> TableFacts:
        moves = self.legal_moves()
        own: dict[Place, list[Move]] = {}
        waste_moves = []
        for move in moves:
            kind = move.kind
            if kind is MoveKind.CARD:
                if move.source is None:
                    waste_moves.append(move)
                else:
                    own.setdefault(move.source, []).append(move)
            elif kind is MoveKind.TURN:
                assert move.target is not None
                own.setdefault(move.target, []).append(move)
        places = tuple(PlaceFacts(place, str(place), place.value, place.side, self._pile(index),
                                  self.frame(place), tuple(own.get(place, ())))
                       for index, place in enumerate(PLACES))
        round_number = self._state[3]
        return TableFacts(
            places=places,
            stock_count=self._model.stock_count(self._state),
            waste=self.waste,
            waste_moves=tuple(waste_moves),
            round=round_number,
            bonus=LAST_ROUND + 1 - round_number,
            suit_order=SUITS,
            result=self.result(),
            can_draw=_DRAW in moves,
            can_start_next_round=_NEXT_ROUND in moves,
        )

    def describe(self, move: Move | str) -> str:
        """A move in words, for hints: "build 4S from 3L on 4R", "park 7D from the waste on 7L"."""
        move = _move(move)
        if move.kind is not MoveKind.CARD:
            return str(move) if move.kind is not MoveKind.TURN else f"turn {move.target} over"
        assert move.target is not None
        source = "the waste" if move.source is None else str(move.source)
        cards = self.waste if move.source is None else self._pile(move.source.index)
        if not cards:
            return str(move)
        card = cards[-1]
        if not self._state[0][move.target.index]:
            return f"put {card} from {source} on the empty place {move.target}"
        verb = "build" if self.is_right(move.target.index) else "park"
        return f"{verb} {card} from {source} on {move.target}"

    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain JSON (the stock in drawing order included), for the command line."""
        result = self.result()
        return {
            "game": GAME_NAME,
            "places": {str(place): {"cards": [str(card) for card in self.pile(place)], "frame": self.frame(place)}
                       for place in PLACES},
            "stock": [str(card) for card in self.stock],
            "waste": [str(card) for card in self.waste],
            "round": self._state[3],
            "moves": len(self._history),
            "over": result.is_over,
            "result": {"outcome": result.outcome, "round": result.round, "wins": result.wins},
        }

    # -- storage ---------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON: the seed, the start position, the moves played and the
        moves undone (in redo order). Version 1."""
        return {
            "game": GAME_NAME,
            "version": FORMAT_VERSION,
            "seed": self.seed,
            "start": self.start.to_dict(),
            "moves": [str(move) for move in self._history],
            "redo": [str(move) for move in reversed(self._redo)],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "DoubleH":
        """Rebuild a game by replaying its moves; bad data raises ValueError."""
        if not isinstance(data, Mapping) or data.get("game") != GAME_NAME:
            raise ValueError("not a saved game of Double H")
        if data.get("version") != FORMAT_VERSION:
            raise ValueError(f"unknown Double H save version {data.get('version')!r}")
        seed, start = data.get("seed"), data.get("start")
        moves, redo = data.get("moves", []), data.get("redo", [])
        if not isinstance(start, Mapping):
            raise ValueError("a saved Double H game needs its start position")
        if not isinstance(moves, list) or not isinstance(redo, list):
            raise ValueError("a saved game's moves are lists of texts")
        position = Position.from_dict(start)
        game = cls(position.places, position.stock, position.waste, position.round)
        if seed is not None:
            if cls.deal(seed).start != position:
                raise ValueError(f"the saved start is not the deal of seed {seed!r}")
            game.seed = seed
        for move in moves + redo:
            game.apply(move)
        for _ in redo:
            game.undo()
        return game

    def __repr__(self) -> str:
        return f"<DoubleH seed={self.seed} round={self.round} moves={len(self._history)} {self.result().outcome}>"

    # -- the API every game shares (kabale.game) --------------------------------------

    @property
    def seats(self) -> tuple[str, ...]:
        """The one player's seat."""
        return SOLO

    @property
    def turn(self) -> str | None:
        """The seat to move: the player's, until the game is over."""
        return None if self.is_over() else SOLO[0]

    def push(self, move: Move | str, seat: str | None = None) -> None:
        """Play a move (as :meth:`apply`); ``seat``, if given, is the player's (as in KABALAM)."""
        if seat is not None:
            check_seat(seat, SOLO)
        self.apply(move)

    def pop(self) -> Move:
        """Take back the last move and return it: :meth:`undo`, so it can be redone."""
        return self.undo()

    def key(self) -> Hashable:
        """The position, hashable: every pile, the stock in order, the waste, the round, the result."""
        return position_key(self.snapshot())

    def observation(self, seat: str = SOLO[0]) -> DoubleHObservation:
        """What the player knows (see :class:`DoubleHObservation`); the one seat is South."""
        check_seat(seat, SOLO)
        stock = self.stock
        seen = self.round > 1
        return DoubleHObservation(
            places=self._model.places(self._state),
            waste=self.waste,
            stock_size=len(stock),
            stock_seen=stock if seen else (),
            unseen=() if seen else tuple(sorted(stock, key=lambda card: (card.value, card.suit.value))),
            round=self.round,
            legal_moves=tuple(self.legal_moves()),
            result=self.result(),
        )

    def outcome(self) -> GameResult | None:
        """The end in the shape every game shares: the round's bonus (3, 2, 1) for a win, else 0."""
        result = self.result()
        if not result.is_over:
            return None
        return GameResult(result.outcome, {SOLO[0]: float(result.wins)}, SOLO if result.outcome == "won" else (),
                          result)

    def returns(self) -> dict[str, float]:
        outcome = self.outcome()
        return {SOLO[0]: 0.0} if outcome is None else dict(outcome.returns)


def _place(place: Place | str) -> Place:
    return place if isinstance(place, Place) else Place.from_text(place)


#: The core's actions as the class's moves (a move is a value: one object each will do).
_MOVES: dict[Action, Move] = {}
_GIVE_UP, _DRAW, _NEXT_ROUND = Move.give_up(), Move.draw(), Move.next_round()


def _move_of(action: Action) -> Move:
    move = _MOVES[action] = Model.to_move(action)
    return move


def _move(move: Move | str) -> Move:
    if isinstance(move, Move):
        return move
    try:
        return Move.from_text(move)
    except ValueError as error:
        raise IllegalMove(str(error), "unreadable_move", {"text": str(move)}) from None
