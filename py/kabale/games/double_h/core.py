"""Double H's rules on values only: the game's core (RULES.md section 4).

Every rule of Double H that decides what may be played is here, once: the
draw, the new round, the builds, the parkings, the turn-overs and the empty
places (:meth:`Model.moves`, listed in the engine's order by
:meth:`Model.actions`), the effect of each move (:meth:`Model.play`), the win
(:meth:`Model.is_won`) and the loss (:meth:`Model.is_lost`, the exact end test
of :mod:`kabale.games.double_h.end`). :class:`~kabale.games.double_h.rules.DoubleH`
is the checked layer a player uses: it keeps its position as a state of a Model,
asks it for the legal moves and plays each move on it, and adds the suits, the
history and the reasons a move is refused. The solver
(:mod:`kabale.games.double_h.solver`) searches the same Model.

A state is a tuple ``(piles, gone, pos, round)`` of small ints:

* ``piles``: 26 ints, one a place (:data:`kabale.games.double_h.moves.PLACES`
  order). 0 is an empty place; otherwise ``value << 5 | bottom << 3 | count``
  with the value 1..13, the suit of the bottom card 0..3 (clubs..hearts) and
  the number of cards 1..4. Every pile holds one value in consecutive suits
  (a build goes up from its club, a parked pile goes down), so that is all.
* the talon: the cards of the game's drawing order (waste then stock, as they
  were when the Model was made) are fixed (``Model.talon``); ``gone`` is a bit
  mask of those that have left it, ``pos`` the number drawn: the waste is the
  cards before ``pos``, the stock those from ``pos`` on. A new round sets ``pos``
  to 0, which keeps the drawing order, as the rules say (the waste turned over).
* ``round`` 1..3.

A card is ``value << 2 | suit`` (the terms of :func:`~kabale.games.double_h.moves.parks_on`).
An action is a tuple ``(kind, source, target)``: ``(DRAW, 0, 0)``,
``(NEXT_ROUND, 0, 0)``, ``(TURN, 0, place)``, ``(CARD, source, target)`` with
``source`` -1 for the waste. Giving up is the player's, not a rule's: the
checked layer keeps it.

Standard library only, like the rest of the engine.
"""

from __future__ import annotations

from typing import Iterable, Protocol, Sequence

from kabale.cards import SUITS, Card
from kabale.games.double_h.end import is_dead_end_of_codes, may_be_dead_end
from kabale.games.double_h.moves import LAST_ROUND, PARKS_ON, PLACE_VALUES, PLACES, Move, MoveKind



class Laid(Protocol):
    """What the core reads of a position (a :class:`~kabale.games.double_h.rules.Position`). A
    protocol, not an import: the checked layer imports this module, never the other way round,
    not even for types (no ring)."""

    @property
    def places(self) -> Sequence[Sequence[Card]]: ...
    @property
    def stock(self) -> Sequence[Card]: ...
    @property
    def waste(self) -> Sequence[Card]: ...
    @property
    def round(self) -> int: ...


class Played(Protocol):
    """What the core reads of a game in play (a :class:`~kabale.games.double_h.rules.DoubleH`)."""

    def position(self) -> Laid: ...

__all__ = ["Model", "State", "Action", "Moves", "DRAW", "NEXT_ROUND", "TURN", "CARD", "WASTE", "COMPLETE",
           "card_code", "card_of", "pile_code", "pile_cards", "pile_card_codes", "is_right", "top_card"]

State = tuple[tuple[int, ...], int, int, int]
Action = tuple[int, int, int]
#: The moves by kind (:meth:`Model.moves`): draw, next round, turns, the waste's top card,
#: the movable piles (place, top card, count), builds by wanted card, parkings by top card, empty places.
Moves = tuple[bool, bool, list[int], int, list[tuple[int, int, int]], dict[int, list[int]], dict[int, list[int]], list[int]]

DRAW, NEXT_ROUND, TURN, CARD = 0, 1, 2, 3
WASTE = -1
COMPLETE = 4
_SUIT_INDEX = {suit: index for index, suit in enumerate(SUITS)}
_ALL_COMPLETE: tuple[int, ...] = tuple(value << 5 | COMPLETE for value in PLACE_VALUES)
#: Every card by its code (``value << 2 | suit``), so a code becomes the same Card object each time.
_CARDS: tuple[Card | None, ...] = tuple(Card(code >> 2, SUITS[code & 3]) if code >> 2 else None for code in range(56))


def top_card(code: int) -> int:
    """The top card (``value << 2 | suit``) of a pile that is not in its right place (it goes down)."""
    return code >> 5 << 2 | ((code >> 3 & 3) - (code & 7) + 1)


def card_code(card: Card) -> int:
    """A card as ``value << 2 | suit``."""
    return card.value << 2 | _SUIT_INDEX[card.suit]


def card_of(code: int) -> Card:
    """The card of a code ``value << 2 | suit``."""
    card = _CARDS[code]
    assert card is not None, code
    return card


def pile_code(pile: Sequence[Card]) -> int:
    """A pile (bottom card first) as ``value << 5 | bottom suit << 3 | count``; 0 for an empty place."""
    if not pile:
        return 0
    return pile[0].value << 5 | _SUIT_INDEX[pile[0].suit] << 3 | len(pile)


def is_right(code: int, index: int) -> bool:
    """A club at the bottom of a place of its own value: a build, never moved."""
    return code != 0 and code >> 5 == PLACE_VALUES[index] and code & 0b11000 == 0


def pile_card_codes(code: int, index: int) -> tuple[int, ...]:
    """The cards (``value << 2 | suit``) of a pile, bottom first: up from the club on a build,
    down on any other pile."""
    key = index << 9 | code
    cards = _PILE_CARD_CODES.get(key)
    if cards is None:
        value, bottom, count = code >> 5, code >> 3 & 3, code & 7
        step = 1 if is_right(code, index) else -1
        cards = _PILE_CARD_CODES[key] = tuple(value << 2 | (bottom + step * k) for k in range(count))
    return cards


def pile_cards(code: int, index: int) -> tuple[Card, ...]:
    """The cards of a pile, bottom first (:func:`pile_card_codes` as cards)."""
    key = index << 9 | code
    cards = _PILE_CARDS.get(key)
    if cards is None:
        cards = _PILE_CARDS[key] = tuple(card_of(card) for card in pile_card_codes(code, index))
    return cards


#: The two above by ``index << 9 | code``, filled as piles are met (at most 26 x 208 entries each).
_PILE_CARD_CODES: dict[int, tuple[int, ...]] = {}
_PILE_CARDS: dict[int, tuple[Card, ...]] = {}


def _role(index: int, code: int) -> int:
    """What the pile ``code`` at place ``index`` is to the move generator, as one int
    (:data:`_ROLES`): a build in its right place (a club at the bottom of a place of its
    value) is ``~wanted``, the card it wants next, or :data:`_COMPLETE_BUILD`; any other
    pile is its top card, plus 64 when it can be turned over (yellow: its club at the top,
    in a place of its value)."""
    value, bottom, count = code >> 5, code >> 3 & 3, code & 7
    if is_right(code, index):
        return _COMPLETE_BUILD if count >= COMPLETE else ~(value << 2 | count)
    top = bottom - count + 1
    return (value << 2 | top) | (64 if top == 0 and value == PLACE_VALUES[index] else 0)


#: :func:`_role` of a build that is complete: it wants no card.
_COMPLETE_BUILD = -1000
#: :func:`_role` of every pile by ``index << 9 | code``, 0 until the move generator first meets
#: that pile (:func:`_known_role`): it looks a pile up instead of working it out each time (some
#: 15% faster), and an import works out none of the 5,408 (a Double H table's start pays nothing).
_ROLES: list[int] = [0] * (26 << 9)


def _known_role(index: int, code: int) -> int:
    """:func:`_role`, kept in :data:`_ROLES` (no pile's role is 0)."""
    role = _ROLES[index << 9 | code] = _role(index, code)
    return role


class Model:
    """The rules on compact states, for one fixed talon (drawing order)."""

    __slots__ = ("talon", "full")

    def __init__(self, talon: Sequence[int]) -> None:
        self.talon: tuple[int, ...] = tuple(talon)
        self.full = (1 << len(self.talon)) - 1

    # -- between the cards and the compact state ----------------------------

    @classmethod
    def from_cards(cls, places: Sequence[Sequence[Card]], stock: Sequence[Card], waste: Sequence[Card],
                   round_number: int) -> tuple["Model", State]:
        """The model and state of a position: the 26 piles (bottom first), the stock in drawing
        order, the waste (its top last) and the round."""
        talon = [card_code(card) for card in (*waste, *stock)]
        return cls(talon), (tuple(pile_code(pile) for pile in places), 0, len(waste), round_number)

    @classmethod
    def from_position(cls, position: Laid) -> tuple["Model", State]:
        return cls.from_cards(position.places, position.stock, position.waste, position.round)

    @classmethod
    def from_game(cls, game: Played) -> tuple["Model", State]:
        return cls.from_position(game.position())

    def places(self, state: State) -> tuple[tuple[Card, ...], ...]:
        """The 26 piles as cards, bottom first."""
        found = _PILE_CARDS.get
        return tuple([found(index << 9 | code) or pile_cards(code, index) for index, code in enumerate(state[0])])

    def waste_cards(self, state: State) -> list[int]:
        """The waste's cards (``value << 2 | suit``), its top last."""
        _, gone, pos, _ = state
        talon, cards = self.talon, []
        left = ~gone & self.full & ((1 << pos) - 1)
        while left:
            low = left & -left
            cards.append(talon[low.bit_length() - 1])
            left ^= low
        return cards

    def waste(self, state: State) -> tuple[Card, ...]:
        """The waste as cards, its top last."""
        return tuple([card_of(card) for card in self.waste_cards(state)])

    def stock(self, state: State) -> tuple[Card, ...]:
        """The stock as cards, in drawing order."""
        _, gone, pos, _ = state
        talon = self.talon
        return tuple([card_of(talon[k]) for k in range(pos, len(talon)) if not gone >> k & 1])

    def laid(self, state: State) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...], tuple[Card, ...], int]:
        """A state as cards: the places, the stock, the waste and the round (``Position(*laid)``, in
        :mod:`kabale.games.double_h.rules`, which this module does not import)."""
        return self.places(state), self.stock(state), self.waste(state), state[3]

    @staticmethod
    def to_move(action: Action) -> Move:
        kind, source, target = action
        if kind == DRAW:
            return Move.draw()
        if kind == NEXT_ROUND:
            return Move.next_round()
        if kind == TURN:
            return Move.turn(PLACES[target])
        return Move.card(None if source == WASTE else PLACES[source], PLACES[target])

    @staticmethod
    def from_move(move: Move) -> Action:
        if move.kind is MoveKind.DRAW:
            return (DRAW, 0, 0)
        if move.kind is MoveKind.NEXT_ROUND:
            return (NEXT_ROUND, 0, 0)
        assert move.target is not None, "give up is not a move of the rules"
        if move.kind is MoveKind.TURN:
            return (TURN, 0, move.target.index)
        return (CARD, WASTE if move.source is None else move.source.index, move.target.index)

    # -- the rules -------------------------------------------------------------------

    def stock_count(self, state: State) -> int:
        _, gone, pos, _ = state
        return bin(~gone & self.full & ~((1 << pos) - 1)).count("1")

    def waste_top(self, state: State) -> int:
        """The waste's top card (``value << 2 | suit``), -1 when the waste is empty."""
        _, gone, pos, _ = state
        waste = ~gone & self.full & ((1 << pos) - 1)
        return self.talon[waste.bit_length() - 1] if waste else -1

    def is_won(self, state: State) -> bool:
        """Won: every place holds its build complete (and so stock and waste are empty)."""
        if state[1] != self.full:
            return False  # cards left in the stock or the waste
        return state[0] == _ALL_COMPLETE

    def is_lost(self, state: State) -> bool:
        """Lost: however the movable cards are parked, nothing else can be played (RULES.md
        section 4, "End"; the exact test is :func:`~kabale.games.double_h.end.is_dead_end`)."""
        piles, gone, pos, round_number = state
        stock_count = self.stock_count(state)
        waste = bool(~gone & self.full & ((1 << pos) - 1))
        if self.is_won(state) or not may_be_dead_end(stock_count, waste, 0 in piles, round_number, LAST_ROUND):
            return False
        found = _PILE_CARD_CODES.get
        cards = [found(index << 9 | code) or pile_card_codes(code, index) for index, code in enumerate(piles)]
        return is_dead_end_of_codes(cards, stock_count, self.waste_cards(state), round_number, LAST_ROUND)

    def key(self, state: State) -> tuple[int, ...]:
        """The state up to the two places of a value trading piles (a symmetry)."""
        piles, gone, pos, round_number = state
        pairs = [a << 9 | b if a > b else b << 9 | a for a, b in zip(piles[:13], piles[13:])]
        pairs += (gone, pos, round_number)
        return tuple(pairs)

    def moves(self, state: State) -> Moves:
        """The rules' moves by kind: the one move generator, which :meth:`actions` (the
        engine's list) and the search (the solver's ``Space.scored``, with priorities) both read.

        ``(draw, next_round, turns, waste_card, sources, builds, parkings, empty)``:
        whether a draw and a new round are legal; the yellow piles that can be turned
        over; the waste's top card (``value << 2 | suit``, -1 for none); the movable
        piles as ``(place, top card, count)`` in place order; the builds by the card
        each wants next; the movable piles by their top card; the empty places. Where
        each top card may go is :meth:`targets`."""
        piles, gone, pos, round_number = state
        present = ~gone & self.full
        waste = present & ((1 << pos) - 1)
        stock = present >> pos
        empty: list[int] = []
        builds: dict[int, list[int]] = {}
        parkings: dict[int, list[int]] = {}
        sources: list[tuple[int, int, int]] = []
        turns: list[int] = []
        roles = _ROLES
        for index in range(26):
            code = piles[index]
            if not code:
                empty.append(index)
                continue
            role = roles[index << 9 | code] or _known_role(index, code)
            if role < 0:  # a build, by the card it wants next
                if role != _COMPLETE_BUILD:
                    builds.setdefault(~role, []).append(index)
                continue
            card = role & 63
            sources.append((index, card, code & 7))
            if card in parkings:
                parkings[card].append(index)
            else:
                parkings[card] = [index]
            if role >> 6:
                turns.append(index)
        return (bool(stock) and not (waste and empty), not stock and bool(waste) and round_number < LAST_ROUND,
                turns, self.talon[waste.bit_length() - 1] if waste else -1, sources, builds, parkings, empty)

    @staticmethod
    def targets(builds: dict[int, list[int]], parkings: dict[int, list[int]], empty: list[int],
                tops: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
        """Where each top card may go, by the builds, parkings and empty places of
        :meth:`moves`: ``tops`` are ``(source, card)``, a source a place or WASTE; the
        answer is ``(source, target)``, by source as given, then by target, a card's own
        place left out. A card goes onto its build, parks
        (:func:`~kabale.games.double_h.moves.parks_on`), from the waste to any empty
        place, and a club to an empty place of its own value.

        Why every source in one call: a position has some 20 top cards, most of which go
        nowhere; one call a position instead of one a card made the engine's list of legal
        moves some 15% faster (bench/double_h_random.py)."""
        found: list[tuple[int, int]] = []
        onto_of, beside_of = builds.get, parkings.get
        for source, card in tops:
            onto, beside = onto_of(card), beside_of(PARKS_ON[card])
            free: Sequence[int] = ()  # the empty places it may go to
            if source == WASTE:
                free = empty
            elif card & 3 == 0:
                free = [index for index in empty if PLACE_VALUES[index] == card >> 2]
            if onto or beside or free:
                here = [*(onto or ()), *(beside or ()), *free]
                found.extend([(source, target) for target in sorted(here) if target != source])
        return found

    def actions(self, state: State) -> list[Action]:
        """Every legal move (give up aside), in the engine's order: the draw, the new round,
        the turn-overs, the waste's top card, then each place's top card, targets by place."""
        draw, next_round, turns, waste_card, sources, builds, parkings, empty = self.moves(state)
        actions: list[Action] = []
        if draw:
            actions.append((DRAW, 0, 0))
        if next_round:
            actions.append((NEXT_ROUND, 0, 0))
        actions.extend([(TURN, 0, index) for index in turns])
        tops = [(source, card) for source, card, _ in sources]
        if waste_card >= 0:
            tops.insert(0, (WASTE, waste_card))
        actions.extend([(CARD, source, target) for source, target in self.targets(builds, parkings, empty, tops)])
        return actions

    def allows(self, state: State, action: Action) -> bool:
        """Whether ``action`` is legal: :meth:`actions` for one action, without listing the others."""
        moves = self.moves(state)
        kind, source, target = action
        if kind == DRAW:
            return moves[0]
        if kind == NEXT_ROUND:
            return moves[1]
        if kind == TURN:
            return target in moves[2]
        if source == WASTE:
            card = moves[3]
        else:
            card = next((top for place, top, _ in moves[4] if place == source), -1)
        return card >= 0 and (source, target) in self.targets(*moves[5:], [(source, card)])

    def play(self, state: State, action: Action) -> State:
        """The state after a legal action (not checked)."""
        piles, gone, pos, round_number = state
        kind, source, target = action
        if kind == DRAW:
            stock = (~gone & self.full) >> pos
            return piles, gone, pos + (stock & -stock).bit_length(), round_number
        if kind == NEXT_ROUND:
            return piles, gone, 0, round_number + 1
        new = list(piles)
        if kind == TURN:
            code = piles[target]
            count = code & 7
            new[target] = (code >> 5) << 5 | count  # the club goes to the bottom, the run now goes up
            return tuple(new), gone, pos, round_number
        if source == WASTE:
            k = (~gone & self.full & ((1 << pos) - 1)).bit_length() - 1
            card = self.talon[k]
            gone |= 1 << k
        else:
            code = piles[source]
            count = code & 7
            new[source] = code - 1 if count > 1 else 0
            value, bottom = code >> 5, code >> 3 & 3
            card = value << 2 | (bottom - count + 1)
        code = piles[target]
        new[target] = code + 1 if code else (card >> 2) << 5 | (card & 3) << 3 | 1
        return tuple(new), gone, pos, round_number
