"""The Kabala and what KABALAM and Patience Kabalam share: options, moves, events.

Both games play the same plays on the same three packets, so the move, its text
form, the public history and the memory aid live here once.

A packet is a list of cards from bottom to top; only the top card is face up.
Cards in a move are listed *top first*: the first card is the one face up on the
packet once the move is laid down, i.e. the card that will show after the
packet's next flip but one (the flip of the play itself puts it at the bottom).

Suits never matter for play, so a move is equal to another when its kind,
packet and values are equal; the cards it may name are carried along for the
table and the history but never compared.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Protocol, Sequence, runtime_checkable

from kabale.cards import COMPOUNDED_SUMS, Card, compounded_sum
from kabale.game import IllegalMove

__all__ = [
    "BARE",
    "DOUBLE",
    "PASS",
    "YIELD",
    "DRAW",
    "PACKETS",
    "Options",
    "Move",
    "Event",
    "double_pairs",
    "targets_of",
    "core_play",
    "known_packets",
    "next_flip_cards",
]

#: The kinds of move. "yield" belongs to KABALAM, "draw" to the patience.
BARE, DOUBLE, PASS, YIELD, DRAW = "bare", "double", "pass", "yield", "draw"
KINDS = (BARE, DOUBLE, PASS, YIELD, DRAW)
PLAYS = (BARE, DOUBLE)
PACKETS = 3
#: The most cards of one value anybody can hold: two decks of four suits.
MAX_OF_A_VALUE = 8
#: A player who passes holding this many cards or more is out with thirteen
#: (RULES.md, KABALAM and Patience Kabalam alike): defined here once for both.
OUT_WITH_THIRTEEN_CARDS = 13

_COUNT_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def count_words(n: int) -> str:
    return _COUNT_WORDS.get(n, str(n))


def how_many(held: int, value: int) -> str:
    """"no 4s", "one Ace", "two 4s": how many cards of a value someone holds."""
    if held == 0:
        return f"no {plural_value(value)}"
    return f"{count_words(held)} {('Ace' if value == 1 else str(value)) if held == 1 else plural_value(value)}"


def plural_value(value: int) -> str:
    """"4s", "Aces": how a player names several cards of one value."""
    return "Aces" if value == 1 else f"{value}s"


@dataclass(frozen=True, slots=True)
class Options:
    """The two switches of RULES.md section 2; both games honour both.

    >>> Options.from_dict({"free_yield": True})
    Options(compounded_doubles=False, free_yield=True)
    """

    compounded_doubles: bool = False
    free_yield: bool = False

    def to_dict(self) -> dict[str, bool]:
        return {"compounded_doubles": self.compounded_doubles, "free_yield": self.free_yield}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> "Options":
        data = dict(data or {})
        unknown = set(data) - {"compounded_doubles", "free_yield"}
        if unknown:
            raise ValueError(f"unknown options: {', '.join(sorted(unknown))}")
        for key, value in data.items():
            if not isinstance(value, bool):
                raise ValueError(f"option {key} is true or false, not {value!r}")
        return cls(**data)


def double_pairs(target: int, compounded: bool) -> tuple[tuple[int, int], ...]:
    """Every pair of values (lower first) that makes a Double on ``target``.

    Two 9s on a 9 under compounded Doubles are left out: they are the Bare
    Descent of two 9s, the same play (RULES.md section 5).

    >>> double_pairs(4, False)
    ((1, 3), (2, 2))
    >>> double_pairs(1, False)
    ()
    >>> double_pairs(4, True)
    ((1, 3), (2, 2), (4, 9), (5, 8), (6, 7))
    """
    return PAIRS[compounded][target]


def _pairs(target: int, compounded: bool) -> tuple[tuple[int, int], ...]:
    pairs = []
    for a in range(1, 10):
        for b in range(a, 10):
            if (compounded_sum(a + b) if compounded else a + b) == target and not (a == b == target):
                pairs.append((a, b))
    return tuple(pairs)


PAIRS = {flag: {t: _pairs(t, flag) for t in range(1, 10)} for flag in (False, True)}


@dataclass(frozen=True, slots=True)
class Move:
    """One move of KABALAM or Patience Kabalam, with a text form both ways.

    ``values`` are the values played, top first (a Double's lower card is on
    top, so it comes first). ``cards`` are the very cards, when the player
    named them; otherwise the engine chooses (clubs, diamonds, hearts, spades).

    >>> str(Move.bare(4, 3, packet=2)), str(Move.double(3, 1, packet=2))
    ('bare 4x3 on 2', 'double 1+3 on 2')
    >>> Move.from_text("double 3H+AS on 2") == Move.double(1, 3, packet=2)
    True
    >>> str(Move.from_text("double 3H+AS on 2"))
    'double AS+3H on 2'
    """

    kind: str
    packet: int | None = None
    values: tuple[int, ...] = ()
    cards: tuple[Card, ...] | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        """Refuse a move that is no move at all (the factories below always make good ones)."""
        kind, values, cards = self.kind, self.values, self.cards
        if kind not in KINDS:
            raise IllegalMove(f"There is no move called {kind!r}", "bad_move_text", {"text": repr(kind)})
        if kind in (YIELD, DRAW):
            if self.packet is not None or values or cards is not None:
                raise IllegalMove(f"{kind} names no packet and no cards", "bad_move_text", {"text": kind})
            return
        _check_packet(self.packet)
        if kind == PASS:
            if values or cards is not None:
                raise IllegalMove("A pass plays no cards", "bad_move_text", {"text": "pass"})
            return
        if not isinstance(values, tuple):
            raise IllegalMove(f"a move's values are a tuple, not {values!r}", "bad_move_text", {"text": repr(values)})
        for value in values:
            _check_value(value)
        if kind == BARE and not (1 <= len(values) <= MAX_OF_A_VALUE and len(set(values)) == 1):
            raise IllegalMove(f"A Bare Descent is of 1 to {MAX_OF_A_VALUE} cards of one value", "bad_count",
                              {"count": len(values)})
        if kind == DOUBLE and (len(values) != 2 or values[0] > values[1]):
            raise IllegalMove("A Double is two values, the lower first", "bad_count", {"count": len(values)})
        if cards is not None:
            if not isinstance(cards, tuple) or len(cards) != len(values):
                raise IllegalMove("A move names one card for each value", "bad_card", {"card": repr(cards)})
            for card, value in zip(cards, values):
                _check_card(card)
                if card.value != value:
                    raise IllegalMove(f"{card} is not a {value}", "bad_card", {"card": str(card)})

    # -- constructors (the canonical ones are shared objects) --------------

    @staticmethod
    def bare(value: int, count: int = 1, *, packet: int) -> "Move":
        """A Bare Descent of ``count`` cards of ``value`` on ``packet`` (1-3)."""
        try:
            return _BARE_MOVES[(value, count, packet)]
        except (KeyError, TypeError):
            _check_packet(packet)
            _check_value(value)
            raise IllegalMove(
                f"A Bare Descent is of 1 to {MAX_OF_A_VALUE} cards, not {count!r}", "bad_count", {"count": count}
            ) from None

    @staticmethod
    def double(a: int, b: int, *, packet: int) -> "Move":
        """A Double of values ``a`` and ``b`` on ``packet``; the lower ends on top."""
        try:
            return _DOUBLE_MOVES[(min(a, b), max(a, b), packet)]
        except (KeyError, TypeError):
            _check_packet(packet)
            _check_value(a)
            _check_value(b)
            raise  # pragma: no cover - every valid key is in the table

    @staticmethod
    def pass_flip(packet: int) -> "Move":
        """KABALAM: "I pass" and flip ``packet``. Patience: flip it and draw 2."""
        try:
            return _PASS_MOVES[packet]
        except (KeyError, TypeError):
            _check_packet(packet)
            raise  # pragma: no cover

    @staticmethod
    def yield_turn() -> "Move":
        """KABALAM: "I yield", the turn passes."""
        return YIELD_MOVE

    @staticmethod
    def draw() -> "Move":
        """Patience: draw 2 cards (or the last one) after having played."""
        return DRAW_MOVE

    @staticmethod
    def bare_cards(cards: Iterable[Card], *, packet: int) -> "Move":
        """A Bare Descent of these very cards, listed top first."""
        chosen = tuple(cards)
        if not chosen or len(chosen) > MAX_OF_A_VALUE:
            raise IllegalMove(
                f"A Bare Descent is of 1 to {MAX_OF_A_VALUE} cards, not {len(chosen)}", "bad_count", {"count": len(chosen)}
            )
        for card in chosen:
            _check_card(card)
        if len({card.value for card in chosen}) != 1:
            raise IllegalMove(
                "The cards of a Bare Descent all have the same value", "bare_mixed", {"cards": _texts(chosen)}
            )
        canonical = Move.bare(chosen[0].value, len(chosen), packet=packet)
        return Move(BARE, packet, canonical.values, chosen)

    @staticmethod
    def double_cards(first: Card, second: Card, *, packet: int) -> "Move":
        """A Double of these two cards: the lower goes on top (of equal ones, ``first``)."""
        _check_card(first)
        _check_card(second)
        top, under = (second, first) if second.value < first.value else (first, second)
        canonical = Move.double(top.value, under.value, packet=packet)
        return Move(DOUBLE, packet, canonical.values, (top, under))

    # -- what a move is ------------------------------------------------------

    @property
    def is_play(self) -> bool:
        return self.kind in PLAYS

    @property
    def count(self) -> int:
        """How many cards the move plays (0 for pass, yield and draw)."""
        return len(self.values)

    @property
    def canonical(self) -> "Move":
        """The same move without named cards (what ``legal_moves`` lists)."""
        return self if self.cards is None else _CANONICAL[(self.kind, self.packet, self.values)]

    def __str__(self) -> str:
        if self.kind == BARE:
            if self.cards is not None:
                return f"bare {' '.join(str(card) for card in self.cards)} on {self.packet}"
            times = f"x{len(self.values)}" if len(self.values) > 1 else ""
            return f"bare {self.values[0]}{times} on {self.packet}"
        if self.kind == DOUBLE:
            if self.cards is not None:
                return f"double {self.cards[0]}+{self.cards[1]} on {self.packet}"
            return f"double {self.values[0]}+{self.values[1]} on {self.packet}"
        if self.kind == PASS:
            return f"pass flip {self.packet}"
        return self.kind

    def to_text(self) -> str:
        return str(self)

    def __repr__(self) -> str:
        return f"Move.from_text({str(self)!r})"

    @staticmethod
    def from_text(text: str) -> "Move":
        """Read a move: ``bare 4x3 on 2``, ``bare 4S 4H on 2``, ``double 1+3 on 2``,
        ``double AS+3H on 2``, ``pass flip 3`` (or ``pass 3``), ``yield``, ``draw``.

        Case and extra spaces do not matter; "A" may stand for 1.
        """
        if not isinstance(text, str):
            raise IllegalMove(f"{text!r} is not a move", "bad_move_text", {"text": repr(text)})
        cleaned = " ".join(text.replace(",", " ").split()).lower()
        if cleaned in (YIELD, DRAW):
            return YIELD_MOVE if cleaned == YIELD else DRAW_MOVE
        match = _PASS_TEXT.fullmatch(cleaned)
        if match:
            return Move.pass_flip(int(match.group(1)))
        match = _PLAY_TEXT.fullmatch(cleaned)
        if not match:
            raise _bad_text(text)
        kind, body, packet = match.group(1), match.group(2), int(match.group(3))
        if kind == BARE:
            counted = _COUNTED_TEXT.fullmatch(body)
            if counted:
                return Move.bare(_value_of(counted.group(1)), int(counted.group(2) or 1), packet=packet)
            return Move.bare_cards(_cards_of(body.split(), text), packet=packet)
        parts = body.replace(" ", "").split("+")
        if len(parts) != 2:
            raise _bad_text(text)
        if all(len(part) == 1 for part in parts):
            return Move.double(_value_of(parts[0]), _value_of(parts[1]), packet=packet)
        first, second = _cards_of(parts, text)
        return Move.double_cards(first, second, packet=packet)


_PASS_TEXT = re.compile(r"pass (?:flip )?(\d+)")
_PLAY_TEXT = re.compile(r"(bare|double) (.+?) on (\d+)")
_COUNTED_TEXT = re.compile(r"([a1-9])(?:x(\d+))?")


def _bad_text(text: str) -> IllegalMove:
    return IllegalMove(
        f"{text!r} is not a move (write it like: bare 4x3 on 2, double 1+3 on 2, pass flip 3, yield)",
        "bad_move_text",
        {"text": text},
    )


def _value_of(token: str) -> int:
    return 1 if token in ("a", "1") else int(token)


def _cards_of(tokens: Sequence[str], text: str) -> list[Card]:
    try:
        return [Card.from_text(token) for token in tokens]
    except ValueError:
        raise _bad_text(text) from None


def _texts(cards: Iterable[Card]) -> list[str]:
    return [str(card) for card in cards]


def _check_packet(packet: object) -> None:
    if not isinstance(packet, int) or isinstance(packet, bool) or not 1 <= packet <= PACKETS:
        raise IllegalMove(f"There are three packets, 1 to 3; there is no packet {packet}", "bad_packet", {"packet": packet})


def _check_value(value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 9:
        raise IllegalMove(f"The cards go from Ace (1) to 9; there is no {value}", "bad_value", {"value": value})


def _check_card(card: object) -> None:
    if not isinstance(card, Card):
        raise IllegalMove(f"{card!r} is not a card", "bad_card", {"card": repr(card)})
    if card.value > 9:
        raise IllegalMove(
            f"The KABALAM deck has no 10s or court cards, so no {card}", "bad_card", {"card": str(card)}
        )


YIELD_MOVE = Move(YIELD)
DRAW_MOVE = Move(DRAW)
_BARE_MOVES = {
    (value, count, packet): Move(BARE, packet, (value,) * count)
    for value in range(1, 10)
    for count in range(1, MAX_OF_A_VALUE + 1)
    for packet in range(1, PACKETS + 1)
}
_DOUBLE_MOVES = {
    (a, b, packet): Move(DOUBLE, packet, (a, b))
    for a in range(1, 10)
    for b in range(a, 10)
    for packet in range(1, PACKETS + 1)
}
_PASS_MOVES = {packet: Move(PASS, packet) for packet in range(1, PACKETS + 1)}
_CANONICAL = {(m.kind, m.packet, m.values): m for m in [*_BARE_MOVES.values(), *_DOUBLE_MOVES.values()]}

PASS_MOVES: tuple[Move, ...] = tuple(_PASS_MOVES.values())


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of the public history, in the order things happened.

    kinds: ``deal`` (a packet: its face-up card and size; a seat: how many
    cards, the cards only to their owner), ``draw`` (the card only to its
    drawer), ``bare`` / ``double`` (the cards, top first, and the packet),
    ``flip`` (the packet and the card that came up), ``pass``, ``yield``,
    ``out_with_thirteen`` (how many cards left play, unseen), ``close`` and
    ``end`` (``note`` says how the game ended).
    """

    kind: str
    seat: str | None = None
    packet: int | None = None
    cards: tuple[Card, ...] = ()
    count: int = 0
    note: str = ""

    def __str__(self) -> str:
        who = f"{self.seat} " if self.seat else ""
        shown = " ".join(str(card) for card in self.cards)
        if self.kind == "deal":
            if self.packet is not None:
                return f"packet {self.packet}: {self.count} cards, {shown} face up"
            return f"{who}is dealt {self.count} cards" + (f": {shown}" if shown else "")
        if self.kind == "draw":
            return f"{who}draws {shown or 'a card'}"
        if self.kind in PLAYS:
            return f"{who}{self.kind} {shown} on {self.packet}"
        if self.kind == "flip":
            return f"flip {self.packet}: {shown} comes up"
        if self.kind == "pass":
            return f"{who}passes"
        if self.kind == "out_with_thirteen":
            return f"{who}is out with thirteen ({self.count} cards)"
        if self.kind == "end":
            return f"end: {self.note}"
        return f"{who}{self.kind}s" if self.kind in ("yield", "close") else f"{who}{self.kind}"

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        if self.seat is not None:
            data["seat"] = self.seat
        if self.packet is not None:
            data["packet"] = self.packet
        if self.cards:
            data["cards"] = [str(card) for card in self.cards]
        if self.count:
            data["count"] = self.count
        if self.note:
            data["note"] = self.note
        return data


@runtime_checkable
class HasHistory(Protocol):
    """An observation of either game: anything with a public ``history``."""

    @property
    def history(self) -> tuple[Event, ...]: ...


def known_packets(history: Iterable[Event] | HasHistory) -> tuple[tuple[Card | None, ...], ...]:
    """Each packet, bottom to top, as a perfect memory knows it from the history.

    ``None`` marks a card never seen: the face-down card a packet was dealt
    with, until a flip shows it. Everything else in a packet was once face up
    or played in front of everyone.
    """
    events = history.history if isinstance(history, HasHistory) else history
    packets: list[list[Card | None]] = [[None, None] for _ in range(PACKETS)]
    for event in events:
        if event.packet is None:
            continue
        packet = packets[event.packet - 1]
        if event.kind == "deal":
            packet[:] = [None] * (event.count - 1) + [event.cards[0]]
        elif event.kind in PLAYS:
            packet.extend(reversed(event.cards))
        elif event.kind == "flip":
            packet.reverse()
            packet[-1] = event.cards[0]
    return tuple(tuple(packet) for packet in packets)


def next_flip_cards(history: Iterable[Event] | HasHistory) -> tuple[Card | None, ...]:
    """The card each packet will show after its next flip, when a memory knows it.

    It is the packet's bottom card: known once the packet has been flipped
    (the bottom is then the card that was face up before that flip), unknown
    (``None``) while the face-down card it was dealt with still lies there.
    """
    return tuple(packet[0] for packet in known_packets(history))


def check_copies(cards: Iterable[Card], copies: int, where: str) -> None:
    """Refuse a layout that holds a card more often than the deck has it."""
    seen: dict[Card, int] = {}
    for card in cards:
        _check_card(card)
        seen[card] = seen.get(card, 0) + 1
        if seen[card] > copies:
            raise ValueError(f"{where}: {card} appears more than {count_words(copies)} time(s)")


# -- the plays, shared by both games (endowments are lists per value) -----------


def suit_key(card: Card) -> str:
    return card.suit.value


def by_value(cards: Iterable[Card]) -> list[list[Card]]:
    """An endowment as lists per value 0..9, each ordered so ``pop()`` gives clubs,
    diamonds, hearts, spades in turn (the engine's choice among equal values)."""
    lists: list[list[Card]] = [[] for _ in range(10)]
    for card in cards:
        lists[card.value].append(card)
    for cards_of_value in lists:
        cards_of_value.sort(key=suit_key, reverse=True)
    return lists


def sorted_cards(lists: list[list[Card]]) -> tuple[Card, ...]:
    return tuple(card for cards in lists for card in reversed(cards))


def targets_of(packets: Sequence[Sequence[int]]) -> tuple[int, int, int, int]:
    """For packets of values (bottom to top): the target now, then the target once
    packet 1, 2 or 3 is turned over. A pass flips a packet, and a play lays its cards
    on top and flips it, so either way the packet's bottom card comes up and the
    others stay. The one place the fast cores and their bots work the next target out."""
    a, b, c = packets
    tops = a[-1] + b[-1] + c[-1]
    return (COMPOUNDED_SUMS[tops], COMPOUNDED_SUMS[tops - a[-1] + a[0]], COMPOUNDED_SUMS[tops - b[-1] + b[0]],
            COMPOUNDED_SUMS[tops - c[-1] + c[0]])


def core_play(kind: int, packet: int, x: int, y: int) -> Move | None:
    """A fast core's play as the engine's move: kind 0 is a Bare Descent of y cards of
    value x, 1 a Double of x and y, 2 a pass; packet counts from 0. None for kind 3,
    which each game has of its own (KABALAM's yield, the patience's draw), so both
    cores read the Kabala's plays the same way."""
    if kind == 0:
        return Move.bare(x, y, packet=packet + 1)
    if kind == 1:
        return Move.double(x, y, packet=packet + 1)
    if kind == 2:
        return Move.pass_flip(packet + 1)
    return None


def check_play(move: Move, target: int, compounded: bool) -> str:
    """Refuse a play the Kabala does not allow; return the kind it is played as
    (two 9s offered as a compounded Double on a 9 are the Bare Descent they are)."""
    if move.kind == DOUBLE:
        a, b = move.values
        if a == b == target == 9 and compounded:
            return BARE
        check_double(target, a, b, compounded)
    elif move.values[0] != target:
        value = move.values[0]
        raise IllegalMove(
            f"The Kabala sums to {target}; a Bare Descent on it is of {plural_value(target)}, "
            f"not {plural_value(value)}",
            "bare_value",
            {"target": target, "value": value},
        )
    return move.kind


def lay_down(packet: list[Card], chosen: list[Card]) -> None:
    """Lay the chosen cards (top first) on a packet and flip it: they end at the bottom."""
    packet.reverse()
    packet[0:0] = chosen


def check_double(target: int, a: int, b: int, compounded: bool) -> None:
    total = a + b
    if compounded:
        if compounded_sum(total) != target:
            made = f"{total}" if total <= 9 else f"{total}, which compounds to {compounded_sum(total)}"
            raise IllegalMove(
                f"The Kabala sums to {target}; {a} + {b} makes {made}",
                "double_sum",
                {"target": target, "a": a, "b": b, "sum": total},
            )
    elif total != target:
        raise IllegalMove(
            f"The Kabala sums to {target}; {a} + {b} makes {total}",
            "double_sum",
            {"target": target, "a": a, "b": b, "sum": total},
        )


def take_values(lists: list[list[Card]], values: tuple[int, ...]) -> list[Card]:
    """Take cards of these values, the engine's choice (clubs, diamonds, hearts, spades)."""
    for value in set(values):
        needed, held = values.count(value), len(lists[value])
        if held < needed:
            raise IllegalMove(
                f"You hold {how_many(held, value)}, not {count_words(needed)}",
                "not_enough",
                {"value": value, "held": held, "needed": needed},
            )
    return [lists[value].pop() for value in values]


def take_cards(lists: list[list[Card]], cards: tuple[Card, ...]) -> list[Card]:
    """Take these very cards (the held objects), or raise without taking any."""
    pools: dict[int, list[Card]] = {}
    taken: list[Card] = []
    for card in cards:
        pool = pools.setdefault(card.value, list(lists[card.value]))
        for i, held in enumerate(pool):
            if held == card:
                taken.append(pool.pop(i))
                break
        else:
            raise IllegalMove(f"You do not hold {card.name()} ({card})", "not_held", {"card": str(card)})
    for value, pool in pools.items():
        lists[value][:] = pool
    return taken
