"""One hand of KABALAM for 2, 3 or 4 seats (RULES.md section 2).

>>> hand = KabalamHand.deal(7, seats=2)
>>> hand.turn, len(hand.endowment("S")), len(hand.endowment("W"))
('S', 11, 10)
>>> hand.apply(hand.legal_moves()[0])

The draw at the start of a turn is automatic (the starter draws at the deal);
the flip after a play is part of the play. A player decides only plays, passes
(which packet to flip) and yields, so every decision point is a state with a
seat to move and ``legal_moves()`` to choose from.

Speed matters (the bots play thousands of random hands per decision): an
endowment is kept as one short list per value, so move generation counts
instead of searching, and the canonical moves are shared objects.
"""

from __future__ import annotations

from copy import deepcopy
import random
from collections import Counter
from typing import Any, Hashable, Iterable, Mapping, Sequence

from kabale.cards import Card, kabalam_deck, new_rng, shuffled
from kabale.game import IllegalMove, Result, position_key, replay_numbered
from kabale.games.kabala.rules import (
    BARE,
    DOUBLE,
    PASS,
    PASS_MOVES,
    YIELD,
    YIELD_MOVE,
    Event,
    Move,
    OUT_WITH_THIRTEEN_CARDS,
    Options,
    by_value,
    known_packets,
    check_play,
    lay_down,
    plays_on,
    sorted_cards,
    suit_key,
    take_cards,
    take_values,
    target_of,
)
from kabale.games.kabalam.state import (
    ALL_PASSED,
    CLOSED,
    ONE_SEAT_LEFT,
    SEAT_NAMES,
    HandResult,
    KabalamObservation,
    KabalamPosition,
    check_seed,
    seats_of,
)

__all__ = ["KabalamHand", "KabalamObservation", "KabalamPosition", "HandResult", "Move", "Options", "SEAT_NAMES"]

FORMAT_VERSION = 1
OUT_WITH_THIRTEEN_POINTS = 100
_DECK: tuple[Card, ...] = tuple(kabalam_deck())

def _card_order(card: Card) -> tuple[int, str]:
    return card.value, card.suit.value


# Raw history entries are tuples, cheap to record during playouts:
# (kind, seat index or -1, packet or 0, cards, count, note).
_Raw = tuple[str, int, int, tuple[Card, ...], int, str]


class KabalamHand:
    """A hand in progress: the Kabala, the endowments, the draw pile, whose turn.

    Build one with :meth:`deal` (from a seed), :meth:`from_position` (any
    layout) or :meth:`from_dict`; then ``legal_moves()`` / ``apply(move)``.
    """

    __slots__ = (
        "_seats", "_options", "_packets", "_hands", "_sizes", "_pile", "_aside", "_in", "_n_in",
        "_turn", "_played", "_passes", "_result", "_moves", "_raw", "_public", "_private", "_start",
    )

    _seats: tuple[str, ...]
    _options: Options
    _packets: list[list[Card]]
    _hands: list[list[list[Card]]]
    _sizes: list[int]
    _pile: list[Card]  # the top card is the last
    _aside: list[list[Card]]  # the cards of a seat out with thirteen
    _in: list[bool]
    _n_in: int
    _turn: int
    _played: bool
    _passes: int  # passes in a row made with an empty draw pile
    _result: HandResult | None
    _moves: list[Move]
    _raw: list[_Raw]
    _public: list[Event]  # the public form of _raw, converted when first observed
    _private: list[int]  # where in _raw a seat's own deal and draws are (to show them to her)
    _start: dict[str, Any]

    def __init__(self) -> None:
        raise TypeError("use KabalamHand.deal(seed), KabalamHand.from_position(...) or KabalamHand.from_dict(...)")

    # -- construction ----------------------------------------------------------

    @classmethod
    def _empty(cls, seats: tuple[str, ...], options: Options) -> "KabalamHand":
        if not isinstance(options, Options):
            raise ValueError(f"options are an Options value, not {options!r}")
        hand = object.__new__(cls)
        hand._seats, hand._options = seats, options
        hand._aside = [[] for _ in seats]
        hand._in = [True] * len(seats)
        hand._n_in = len(seats)
        hand._turn, hand._played, hand._passes, hand._result = 0, False, 0, None
        hand._moves, hand._raw, hand._public, hand._private = [], [], [], []
        return hand

    @classmethod
    def deal(
        cls, seed: int, seats: int | Sequence[str] = 4, options: Options = Options(), starter: str | None = None
    ) -> "KabalamHand":
        """Shuffle the 72 cards with ``seed`` and deal: the packets take cards 1-6 (face-down
        cards first), the seats 10 each in the order S, W, N, E, the rest is the draw pile
        (its top is the next card). Then the starter (default: the first seat) draws."""
        check_seed(seed)
        names = seats_of(seats)
        starter = names[0] if starter is None else starter
        if starter not in names:
            raise ValueError(f"the starter {starter!r} is not one of the seats {', '.join(names)}")
        deck = shuffled(_DECK, new_rng(seed))
        hand = cls._empty(names, options)
        hand._start = {"seed": seed, "seats": list(names), "starter": starter}
        packets = [[deck[i], deck[3 + i]] for i in range(3)]
        endowments = [deck[6 + 10 * k : 16 + 10 * k] for k in range(len(names))]
        hand._set_up(packets, endowments, list(reversed(deck[6 + 10 * len(names) :])))
        hand._begin_turn(names.index(starter))
        return hand

    @classmethod
    def from_position(cls, position: KabalamPosition, options: Options = Options()) -> "KabalamHand":
        """Set up any layout (a puzzle, a test, a bot's guess at the hidden cards).

        The history starts here, so no memory of earlier plays comes with it.
        """
        if not isinstance(position, KabalamPosition):
            raise ValueError(f"a position is a KabalamPosition, not {position!r}")
        hand = cls._empty(position.seats, options)
        hand._start = {"position": position.to_dict()}
        endowments = [position.endowments.get(seat, ()) for seat in position.seats]
        hand._set_up([list(packet) for packet in position.packets], endowments, list(reversed(position.draw_pile)))
        for k, seat in enumerate(position.seats):
            if seat in position.out_with_thirteen:
                hand._aside[k] = list(position.out_with_thirteen[seat])
                hand._in[k] = False
                hand._n_in -= 1
                hand._raw.append(("out_with_thirteen", k, 0, (), len(hand._aside[k]), ""))
        turn = position.seats.index(position.turn)
        if position.drawn:
            hand._turn, hand._played, hand._passes = turn, position.played, position.passes_in_a_row
        else:
            hand._passes = position.passes_in_a_row
            hand._begin_turn(turn)
        return hand

    @classmethod
    def sample(cls, observation: KabalamObservation, rng: random.Random) -> "KabalamHand":
        """A hand this observation could come from, the cards hidden from its seat dealt
        at random: what a fair bot searches (determinization). Its history starts here."""
        if observation.result is not None or observation.turn is None:
            raise ValueError("a hand that is over has nothing left to sample")
        memory = known_packets(observation)
        hidden = Counter(_DECK)
        hidden.subtract(observation.endowment)
        hidden.subtract(card for packet in memory for card in packet if card is not None)
        pool = shuffled(sorted(hidden.elements(), key=_card_order), rng)
        if len(pool) != sum(card is None for packet in memory for card in packet) + observation.draw_pile_size + sum(
            size for seat, size in zip(observation.seats, observation.endowment_sizes) if seat != observation.seat
        ) + sum(event.count for event in observation.history if event.kind == "out_with_thirteen"):
            raise ValueError("the observation does not account for every card")
        packets = [tuple(card if card is not None else pool.pop() for card in packet) for packet in memory]
        endowments = {}
        for seat, size in zip(observation.seats, observation.endowment_sizes):
            if seat in observation.in_hand:
                mine = seat == observation.seat
                endowments[seat] = observation.endowment if mine else tuple(pool.pop() for _ in range(size))
        out = {event.seat or "": tuple(pool.pop() for _ in range(event.count))
               for event in observation.history if event.kind == "out_with_thirteen"}
        position = KabalamPosition(
            tuple(packets), endowments, tuple(pool), observation.turn, out, drawn=True,
            played=observation.played_this_turn, passes_in_a_row=observation.passes_in_a_row,
        )
        return cls.from_position(position, observation.options)

    def _set_up(self, packets: list[list[Card]], endowments: Sequence[Sequence[Card]], pile: list[Card]) -> None:
        self._packets = packets
        self._hands = [by_value(cards) for cards in endowments]
        self._sizes = [len(cards) for cards in endowments]
        self._pile = pile
        for i, packet in enumerate(packets):
            self._raw.append(("deal", -1, i + 1, (packet[-1],), len(packet), ""))
        for k, lists in enumerate(self._hands):
            if self._sizes[k]:
                self._raw.append(("deal", k, 0, sorted_cards(lists), self._sizes[k], ""))

    def copy(self) -> "KabalamHand":
        """An independent copy, cheap enough for thousands of playouts."""
        new = object.__new__(KabalamHand)
        new._seats, new._options, new._start = self._seats, self._options, self._start
        new._packets = [packet[:] for packet in self._packets]
        new._hands = [[cards[:] for cards in lists] for lists in self._hands]
        new._sizes, new._pile, new._in = self._sizes[:], self._pile[:], self._in[:]
        new._aside = [cards[:] for cards in self._aside]
        new._n_in, new._turn, new._played, new._passes = self._n_in, self._turn, self._played, self._passes
        new._result = self._result
        new._moves, new._raw = self._moves[:], self._raw[:]
        new._public, new._private = [], []  # rebuilt if the copy is ever observed
        return new

    __copy__ = copy

    # -- the rules -------------------------------------------------------------

    @property
    def target(self) -> int:
        """The compounded sum of the three face-up cards."""
        return target_of(self._packets)

    def _plays(self) -> list[Move]:
        """Every distinct Bare Descent and Double the seat to move can make."""
        return plays_on(target_of(self._packets), self._hands[self._turn], self._options.compounded_doubles)

    def legal_moves(self) -> list[Move]:
        """Every distinct legal move once: plays by value (the engine picks the suits),
        bare descents first, then Doubles, then yield; or the three passes."""
        if self._result is not None:
            return []
        moves = self._plays()
        if self._played:
            if not moves or self._options.free_yield:
                moves.append(YIELD_MOVE)
        elif not moves:
            moves = list(PASS_MOVES)
        return moves

    def apply(self, move: Move | str, seat: str | None = None) -> None:
        """Play ``move`` (a Move or its text) for the seat to move, or for ``seat``,
        which must then be the seat to move. Raises IllegalMove, changing nothing."""
        if isinstance(move, str):
            move = Move.from_text(move)
        elif not isinstance(move, Move):
            raise IllegalMove(f"{move!r} is not a move", "bad_move_text", {"text": repr(move)})
        if self._result is not None:
            raise IllegalMove("The hand is over", "game_over")
        if seat is not None and seat != self._seats[self._turn]:
            turn = SEAT_NAMES[self._seats[self._turn]]
            code = seat if isinstance(seat, str) else repr(seat)
            raise IllegalMove(
                f"It is {turn}'s turn, not {SEAT_NAMES.get(code, code)}'s",
                "not_your_turn",
                {"turn": self._seats[self._turn], "seat": code},
            )
        kind = move.kind
        if kind == BARE or kind == DOUBLE:
            self._play(move)
        elif kind == PASS:
            self._pass(move)
        elif kind == YIELD:
            self._yield()
        else:
            raise IllegalMove(
                "In KABALAM you draw only at the start of your turn, and that is done for you",
                "not_in_this_game",
                {"move": str(move)},
            )
        self._moves.append(move)

    def play_out(self, rng: random.Random) -> HandResult:
        """Random legal moves to the end of the hand (the playout of the search bots)."""
        while self._result is None:
            moves = self.legal_moves()
            self.apply(moves[rng.randrange(len(moves))])
        return self._result

    def _play(self, move: Move) -> None:
        lists = self._hands[self._turn]
        kind = check_play(move, self.target, self._options.compounded_doubles)
        if move.cards is None:
            chosen = take_values(lists, move.values)
        else:
            chosen = take_cards(lists, move.cards)
        turn, packet_number = self._turn, move.packet or 1
        self._sizes[turn] -= len(chosen)
        packet = self._packets[packet_number - 1]
        lay_down(packet, chosen)
        raw = self._raw
        raw.append((kind, turn, packet_number, tuple(chosen), len(chosen), ""))
        raw.append(("flip", -1, packet_number, (packet[-1],), 0, ""))
        self._played = True
        self._passes = 0
        if self._sizes[turn] == 0:
            raw.append(("close", turn, 0, (), 0, ""))
            self._end(CLOSED, closer=turn)

    def _pass(self, move: Move) -> None:
        if self._played:
            raise IllegalMove(
                "You have played this turn; say yield when you can play no more", "pass_after_play"
            )
        plays = self._plays()
        if plays:
            raise IllegalMove(
                f"You can play ({plays[0]}), so you may not pass", "must_play", {"move": str(plays[0])}
            )
        turn, packet_number = self._turn, move.packet or 1
        packet = self._packets[packet_number - 1]
        packet.reverse()
        raw = self._raw
        raw.append(("pass", turn, packet_number, (), 0, ""))
        raw.append(("flip", -1, packet_number, (packet[-1],), 0, ""))
        if self._sizes[turn] >= OUT_WITH_THIRTEEN_CARDS:
            aside = self._aside[turn] = [card for cards in self._hands[turn] for card in cards]
            self._hands[turn] = [[] for _ in range(10)]
            self._sizes[turn] = 0
            self._in[turn] = False
            self._n_in -= 1
            raw.append(("out_with_thirteen", turn, 0, (), len(aside), ""))
            if self._n_in == 1:
                self._end(ONE_SEAT_LEFT)
                return
        elif not self._pile:
            self._passes += 1
        if self._passes >= self._n_in:
            self._end(ALL_PASSED)
            return
        self._next_turn()

    def _yield(self) -> None:
        if not self._played:
            raise IllegalMove(
                "You have not played this turn; if you cannot play, pass and flip a packet", "yield_before_play"
            )
        if not self._options.free_yield:
            plays = self._plays()
            if plays:
                raise IllegalMove(
                    f"You can still play ({plays[0]}); you must play while you can",
                    "must_play_on",
                    {"move": str(plays[0])},
                )
        self._raw.append(("yield", self._turn, 0, (), 0, ""))
        self._next_turn()

    def _next_turn(self) -> None:
        turn, seats = self._turn, len(self._seats)
        turn = (turn + 1) % seats
        while not self._in[turn]:
            turn = (turn + 1) % seats
        self._begin_turn(turn)

    def _begin_turn(self, turn: int) -> None:
        self._turn = turn
        self._played = False
        if self._pile:
            card = self._pile.pop()
            cards = self._hands[turn][card.value]
            cards.append(card)
            if len(cards) > 1:
                cards.sort(key=suit_key, reverse=True)
            self._sizes[turn] += 1
            self._raw.append(("draw", turn, 0, (card,), 1, ""))

    def _end(self, ending: str, closer: int | None = None) -> None:
        scores: dict[str, int] = {}
        for k, seat in enumerate(self._seats):
            if not self._in[k]:
                scores[seat] = OUT_WITH_THIRTEEN_POINTS
            elif ending == CLOSED:
                scores[seat] = 0 if k == closer else self._sum(k)
            elif ending == ONE_SEAT_LEFT:
                scores[seat] = 0
            else:
                scores[seat] = 2 * self._sum(k)
        out = tuple(self._seats[raw[1]] for raw in self._raw if raw[0] == "out_with_thirteen")
        self._result = HandResult(
            ending, scores, None if closer is None else self._seats[closer], out
        )
        self._raw.append(("end", -1, 0, (), 0, ending))

    def _sum(self, k: int) -> int:
        return sum(value * len(cards) for value, cards in enumerate(self._hands[k]))

    # -- what the hand looks like ----------------------------------------------

    def is_over(self) -> bool:
        return self._result is not None

    def result(self) -> HandResult | None:
        """How the hand ended and what each seat scored, or None while it goes on."""
        return self._result

    @property
    def seats(self) -> tuple[str, ...]:
        return self._seats

    @property
    def options(self) -> Options:
        return self._options

    @property
    def turn(self) -> str | None:
        """The seat to move, None once the hand is over."""
        return None if self._result is not None else self._seats[self._turn]

    @property
    def played_this_turn(self) -> bool:
        return self._played

    @property
    def passes_in_a_row(self) -> int:
        """Passes made in a row with an empty draw pile (the hand ends at one per seat in it)."""
        return self._passes

    @property
    def in_hand(self) -> tuple[str, ...]:
        return tuple(seat for seat, playing in zip(self._seats, self._in) if playing)

    @property
    def packets(self) -> tuple[tuple[Card, ...], ...]:
        """Every packet, bottom to top, face-down cards included: the omniscient view."""
        return tuple(tuple(packet) for packet in self._packets)

    @property
    def face_up(self) -> tuple[Card, ...]:
        return tuple(packet[-1] for packet in self._packets)

    def endowment(self, seat: str) -> tuple[Card, ...]:
        """A seat's cards, by value then suit (hidden from the others)."""
        return sorted_cards(self._hands[self._index(seat)])

    def set_aside(self, seat: str) -> tuple[Card, ...]:
        """The cards of a seat out with thirteen, out of play and unseen."""
        return tuple(self._aside[self._index(seat)])

    @property
    def draw_pile(self) -> tuple[Card, ...]:
        """The draw pile, top card first (hidden from everyone)."""
        return tuple(reversed(self._pile))

    @property
    def seed(self) -> int | None:
        seed: int | None = self._start.get("seed")
        return seed

    @property
    def moves(self) -> tuple[Move, ...]:
        return tuple(self._moves)

    @property
    def history(self) -> tuple[Event, ...]:
        """Everything that happened, every card shown (for replays and tests, not players)."""
        return tuple(self._event(raw, None) for raw in self._raw)

    def _index(self, seat: str) -> int:
        try:
            return self._seats.index(seat)
        except ValueError:
            raise ValueError(f"{seat!r} is not a seat of this hand ({', '.join(self._seats)})") from None

    def _event(self, raw: _Raw, viewer: int | None) -> Event:
        kind, seat, packet, cards, count, note = raw
        if seat >= 0 and viewer != seat and viewer is not None and kind in ("draw", "deal"):
            cards = ()
        return Event(kind, self._seats[seat] if seat >= 0 else None, packet or None, cards, count, note)

    def observation(self, seat: str) -> KabalamObservation:
        """What ``seat`` may know (RULES.md "What each player knows"), and nothing more."""
        viewer = self._index(seat)
        public, private, raws = self._public, self._private, self._raw
        for i in range(len(public), len(raws)):
            raw = raws[i]
            public.append(self._event(raw, -2))
            if raw[1] >= 0 and (raw[0] == "draw" or raw[0] == "deal"):
                private.append(i)
        history = list(public)
        for i in private:
            if raws[i][1] == viewer:
                history[i] = self._event(raws[i], viewer)
        my_turn = self._result is None and self._turn == viewer
        return KabalamObservation(
            seat=seat,
            seats=self._seats,
            options=self._options,
            endowment=sorted_cards(self._hands[viewer]),
            face_up=self.face_up,
            target=self.target,
            packet_sizes=tuple(len(packet) for packet in self._packets),
            endowment_sizes=tuple(self._sizes),
            draw_pile_size=len(self._pile),
            in_hand=self.in_hand,
            turn=self.turn,
            played_this_turn=self._played,
            passes_in_a_row=self._passes,
            history=tuple(history),
            legal_moves=tuple(self.legal_moves()) if my_turn else (),
            result=self._result,
        )

    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain JSON, hidden cards included (replay, debugging)."""
        return {
            "game": "kabalam",
            "seats": list(self._seats),
            "options": self._options.to_dict(),
            "turn": self.turn,
            "target": self.target,
            "played_this_turn": self._played,
            "passes_in_a_row": self._passes,
            "packets": [[str(card) for card in packet] for packet in self._packets],
            "endowments": {seat: [str(card) for card in self.endowment(seat)] for seat in self.in_hand},
            "out_with_thirteen": {
                seat: [str(card) for card in self._aside[k]] for k, seat in enumerate(self._seats) if not self._in[k]
            },
            "draw_pile": [str(card) for card in self.draw_pile],
            "moves": len(self._moves),
            "over": self.is_over(),
            "result": None if self._result is None else self._result.to_dict(),
        }

    def __repr__(self) -> str:
        state = f"over: {self._result.ending}" if self._result else f"{self.turn} to move on {self.target}"
        return f"<KabalamHand {'/'.join(self._seats)}, {len(self._moves)} moves, {state}>"

    # -- storage -----------------------------------------------------------------

    @property
    def hand_records(self) -> list[dict[str, Any]]:
        """The hand as the one record of a match's :attr:`Match.hand_records <kabale.games.kabalam.match.Match.hand_records>`:
        what reads the hands of a match (the KABALAM review) reads a lone hand alike."""
        return [self.to_dict()]

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON: how the hand began (a seed, or a position) and the moves as text."""
        return {
            "version": FORMAT_VERSION,
            "game": "kabalam",
            "options": self._options.to_dict(),
            **deepcopy(self._start),
            "moves": [str(move) for move in self._moves],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "KabalamHand":
        """Rebuild a hand by dealing again and replaying its moves (ValueError if damaged)."""
        if not isinstance(data, Mapping) or data.get("game") != "kabalam":
            raise ValueError("not a KABALAM hand")
        if data.get("version") != FORMAT_VERSION:
            raise ValueError(f"unknown KABALAM hand version {data.get('version')!r}")
        options = Options.from_dict(data.get("options"))
        if "position" in data:
            hand = cls.from_position(KabalamPosition.from_dict(data["position"]), options)
        else:
            seats = data.get("seats")
            if not isinstance(seats, list):
                raise ValueError("a KABALAM hand lists its seats")
            hand = cls.deal(data.get("seed"), seats=seats, options=options, starter=data.get("starter"))  # type: ignore[arg-type]
        moves = data.get("moves", [])
        if not isinstance(moves, list):
            raise ValueError("a KABALAM hand's moves are a list of texts")
        hand.replay(moves)
        return hand

    def replay(self, moves: Iterable[Move | str]) -> None:
        """Apply moves in turn; an illegal one raises IllegalMove naming its number."""
        replay_numbered(self.apply, moves)

    # -- the API every game shares (kabale.game) --------------------------------------

    def push(self, move: Move | str, seat: str | None = None) -> None:
        """Play a move (as :meth:`apply`): the name every game shares with :meth:`pop`."""
        self.apply(move, seat)

    def pop(self) -> Move:
        """Take back the last move and return it: the hand is dealt again and its other
        moves replayed, so it is exactly the hand that never saw that move (the table
        offers no undo in KABALAM; bots, the solver and tests do)."""
        if not self._moves:
            raise IllegalMove("There is no move to undo", "nothing_to_undo", {})
        move = self._moves[-1]
        before = KabalamHand.from_dict({**self.to_dict(), "moves": [str(m) for m in self._moves[:-1]]})
        for name in KabalamHand.__slots__:
            setattr(self, name, getattr(before, name))
        return move

    def key(self) -> Hashable:
        """The position, hashable: every card where it lies, whose turn, the flags, the result."""
        return position_key(self.snapshot())

    def outcome(self) -> Result | None:
        """The hand's end in the shape every game shares: returns are minus the points."""
        result = self._result
        if result is None:
            return None
        fewest = min(result.scores.values())
        return Result(result.ending, {seat: -float(points) for seat, points in result.scores.items()},
                      tuple(seat for seat, points in result.scores.items() if points == fewest), result)

    def returns(self) -> dict[str, float]:
        """Each seat's return (:meth:`outcome`), 0 for everyone while the hand goes on."""
        outcome = self.outcome()
        return {seat: 0.0 for seat in self._seats} if outcome is None else dict(outcome.returns)
