"""One hand of KABALAM for 2, 3 or 4 seats (RULES.md section 2).

>>> hand = KabalamHand.deal(7, seats=2)
>>> hand.turn, len(hand.endowment("S")), len(hand.endowment("W"))
('S', 11, 10)
>>> hand.apply(hand.legal_moves()[0])

The draw at the start of a turn is automatic (the starter draws at the deal);
the flip after a play is part of the play. A player decides only plays, passes
(which packet to flip) and yields, so every decision point is a state with a
seat to move and ``legal_moves()`` to choose from.

The rules themselves are the KABALAM core's (:class:`~kabale.games.kabalam.fast.SimHand`,
values only): the hand keeps its state in one, asks it for the legal moves and
plays each move on it (whose turn, the draw, out with thirteen, the end and the
scores are its). The hand adds only what a player needs around them: the cards
with their suits (an endowment as one short list per value, the packets and the
pile card by card), the history, and the reasons a move is refused
(:class:`~kabale.game.IllegalMove`).
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
    YIELD,
    Event,
    Move,
    Options,
    by_value,
    known_packets,
    check_play,
    lay_down,
    sorted_cards,
    suit_key,
    take_cards,
    take_values,
)
from kabale.games.kabalam.fast import KNOWN_MOVES, SimHand, to_move
from kabale.games.kabalam.state import (
    SEAT_NAMES,
    HandResult,
    KabalamObservation,
    KabalamPosition,
    check_seed,
    seats_of,
)

__all__ = ["KabalamHand", "KabalamObservation", "KabalamPosition", "HandResult", "Move", "Options", "SEAT_NAMES"]

FORMAT_VERSION = 1
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
        "_seats", "_options", "_core", "_packets", "_hands", "_pile", "_aside",
        "_result", "_moves", "_raw", "_public", "_private", "_start",
    )

    _seats: tuple[str, ...]
    _options: Options
    _core: SimHand  # the rules' state in values: whose turn, the flags, the counts, the end
    _packets: list[list[Card]]  # the core's packets card by card
    _hands: list[list[list[Card]]]  # the core's counts card by card (lists per value)
    _pile: list[Card]  # the core's pile card by card; the top card is the last
    _aside: list[list[Card]]  # the cards of a seat out with thirteen
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
        hand._result = None
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
        hand._begin_turn(names.index(starter), drawn=False)
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
        out = [seat in position.out_with_thirteen for seat in position.seats]
        hand._set_up([list(packet) for packet in position.packets], endowments, list(reversed(position.draw_pile)),
                     out)
        for k, seat in enumerate(position.seats):
            if out[k]:
                hand._aside[k] = list(position.out_with_thirteen[seat])
                hand._raw.append(("out_with_thirteen", k, 0, (), len(hand._aside[k]), ""))
        core = hand._core
        core.turn, core.passes = position.seats.index(position.turn), position.passes_in_a_row
        if position.drawn:
            core.played = position.played
        else:
            hand._begin_turn(core.turn, drawn=False)
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

    def _set_up(self, packets: list[list[Card]], endowments: Sequence[Sequence[Card]], pile: list[Card],
                out: Sequence[bool] = ()) -> None:
        """Lay the cards out and build the core on their values (``out``: the seats out with thirteen)."""
        self._packets = packets
        self._hands = [by_value(cards) for cards in endowments]
        self._pile = pile
        self._core = SimHand(
            [[card.value for card in packet] for packet in packets],
            [None if out and out[k] else [card.value for card in cards] for k, cards in enumerate(endowments)],
            [card.value for card in pile], 0, False, 0,
            self._options.compounded_doubles, self._options.free_yield,
        )
        for i, packet in enumerate(packets):
            self._raw.append(("deal", -1, i + 1, (packet[-1],), len(packet), ""))
        for k, cards in enumerate(endowments):
            if cards and not (out and out[k]):
                self._raw.append(("deal", k, 0, sorted_cards(self._hands[k]), len(cards), ""))

    def copy(self) -> "KabalamHand":
        """An independent copy, cheap enough for thousands of playouts."""
        new = object.__new__(KabalamHand)
        new._seats, new._options, new._start = self._seats, self._options, self._start
        new._core = self._core.copy()
        new._packets = [packet[:] for packet in self._packets]
        new._hands = [[cards[:] for cards in lists] for lists in self._hands]
        new._pile = self._pile[:]
        new._aside = [cards[:] for cards in self._aside]
        new._result = self._result
        new._moves, new._raw = self._moves[:], self._raw[:]
        new._public, new._private = [], []  # rebuilt if the copy is ever observed
        return new

    __copy__ = copy

    def core(self) -> SimHand:
        """The hand in values, every card where it is: a copy of the core it plays on,
        for a playout, a search that sees everything (the cheater) or a bench."""
        return self._core.copy()

    # -- the rules -------------------------------------------------------------

    @property
    def target(self) -> int:
        """The compounded sum of the three face-up cards."""
        return self._core.target

    def _plays(self) -> list[Move]:
        """Every distinct Bare Descent and Double the seat to move can make (the core's)."""
        return [to_move(play) for play in self._core.plays()]

    def legal_moves(self) -> list[Move]:
        """Every distinct legal move once (the core's): plays by value (the engine picks
        the suits), bare descents first, then Doubles, then yield; or the three passes."""
        legal = self._core.legal_moves()
        known = KNOWN_MOVES
        try:
            return [known[move] for move in legal]
        except KeyError:  # a move seen for the first time
            return [to_move(move) for move in legal]

    def apply(self, move: Move | str, seat: str | None = None) -> None:
        """Play ``move`` (a Move or its text) for the seat to move, or for ``seat``,
        which must then be the seat to move. Raises IllegalMove, changing nothing."""
        if isinstance(move, str):
            move = Move.from_text(move)
        elif not isinstance(move, Move):
            raise IllegalMove(f"{move!r} is not a move", "bad_move_text", {"text": repr(move)})
        if self._result is not None:
            raise IllegalMove("The hand is over", "game_over")
        if seat is not None and seat != self._seats[self._core.turn]:
            turn = SEAT_NAMES[self._seats[self._core.turn]]
            code = seat if isinstance(seat, str) else repr(seat)
            raise IllegalMove(
                f"It is {turn}'s turn, not {SEAT_NAMES.get(code, code)}'s",
                "not_your_turn",
                {"turn": self._seats[self._core.turn], "seat": code},
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
        core = self._core
        turn = core.turn
        lists = self._hands[turn]
        kind = check_play(move, core.target, self._options.compounded_doubles)
        if move.cards is None:
            chosen = take_values(lists, move.values)
        else:
            chosen = take_cards(lists, move.cards)
        packet_number = move.packet or 1
        packet = self._packets[packet_number - 1]
        lay_down(packet, chosen)
        if kind == BARE:
            core.play(packet_number - 1, chosen[0].value, len(chosen), 0)
        else:
            core.play(packet_number - 1, chosen[0].value, 0, chosen[1].value)
        raw = self._raw
        raw.append((kind, turn, packet_number, tuple(chosen), len(chosen), ""))
        raw.append(("flip", -1, packet_number, (packet[-1],), 0, ""))
        if core.closer == turn:
            raw.append(("close", turn, 0, (), 0, ""))
            self._end()

    def _pass(self, move: Move) -> None:
        core = self._core
        if core.played:
            raise IllegalMove(
                "You have played this turn; say yield when you can play no more", "pass_after_play"
            )
        plays = self._plays()
        if plays:
            raise IllegalMove(
                f"You can play ({plays[0]}), so you may not pass", "must_play", {"move": str(plays[0])}
            )
        turn, packet_number = core.turn, move.packet or 1
        packet = self._packets[packet_number - 1]
        packet.reverse()
        core.pass_flip(packet_number - 1)
        raw = self._raw
        raw.append(("pass", turn, packet_number, (), 0, ""))
        raw.append(("flip", -1, packet_number, (packet[-1],), 0, ""))
        if not core.playing[turn]:  # out with thirteen: her cards go aside, unseen
            aside = self._aside[turn] = [card for cards in self._hands[turn] for card in cards]
            self._hands[turn] = [[] for _ in range(10)]
            raw.append(("out_with_thirteen", turn, 0, (), len(aside), ""))
        if core.scores is not None:
            self._end()
        else:
            self._begin_turn(core.turn)

    def _yield(self) -> None:
        core = self._core
        if not core.played:
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
        self._raw.append(("yield", core.turn, 0, (), 0, ""))
        core.next_turn()
        self._begin_turn(core.turn)

    def _begin_turn(self, turn: int, drawn: bool = True) -> None:
        """The seat's turn has begun: the card she drew joins her hand, suit and all.
        ``drawn``: the core has dealt her the draw already (else it does so now)."""
        if not drawn:
            self._core.begin_turn(turn)
        if len(self._pile) > len(self._core.pile):
            card = self._pile.pop()
            cards = self._hands[turn][card.value]
            cards.append(card)
            if len(cards) > 1:
                cards.sort(key=suit_key, reverse=True)
            self._raw.append(("draw", turn, 0, (card,), 1, ""))

    def _end(self) -> None:
        """The core has ended the hand: its result, with the seats' names."""
        core = self._core
        assert core.scores is not None
        seats = self._seats
        out = tuple(seats[raw[1]] for raw in self._raw if raw[0] == "out_with_thirteen")
        self._result = HandResult(core.ending, dict(zip(seats, core.scores)),
                                  seats[core.closer] if core.closer >= 0 else None, out)
        self._raw.append(("end", -1, 0, (), 0, core.ending))

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
        return None if self._result is not None else self._seats[self._core.turn]

    @property
    def played_this_turn(self) -> bool:
        return self._core.played

    @property
    def passes_in_a_row(self) -> int:
        """Passes made in a row with an empty draw pile (the hand ends at one per seat in it)."""
        return self._core.passes

    @property
    def in_hand(self) -> tuple[str, ...]:
        return tuple(seat for seat, playing in zip(self._seats, self._core.playing) if playing)

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
        core = self._core
        my_turn = self._result is None and core.turn == viewer
        return KabalamObservation(
            seat=seat,
            seats=self._seats,
            options=self._options,
            endowment=sorted_cards(self._hands[viewer]),
            face_up=self.face_up,
            target=self.target,
            packet_sizes=tuple(len(packet) for packet in self._packets),
            endowment_sizes=tuple(core.sizes),
            draw_pile_size=len(self._pile),
            in_hand=self.in_hand,
            turn=self.turn,
            played_this_turn=core.played,
            passes_in_a_row=core.passes,
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
            "played_this_turn": self._core.played,
            "passes_in_a_row": self._core.passes,
            "packets": [[str(card) for card in packet] for packet in self._packets],
            "endowments": {seat: [str(card) for card in self.endowment(seat)] for seat in self.in_hand},
            "out_with_thirteen": {
                seat: [str(card) for card in self._aside[k]] for k, seat in enumerate(self._seats) if not self._core.playing[k]
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
