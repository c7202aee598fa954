"""A seat's view of a KABALAM hand as plain JSON, both ways, and the view of a seat out of it.

Why: a guest's page receives its seat's :class:`~kabale.games.kabalam.state.KabalamObservation`
over the network and must rebuild the very same value, so that its table draws
it and its Hint and memory aid think on it as they do on a local seat's
(``known_packets`` reads its history). The observation is the one place where
"what each player knows" (RULES.md) is decided; the host sends nothing else of
a hand, so no card a seat may not see can travel.

A seat that has left the match (over 101) still watches its hand: it gets
:func:`observation_for`'s public view (no endowment, no one's dealt or drawn
cards), never another seat's observation.

>>> from kabale.games.kabalam.hand import KabalamHand
>>> hand = KabalamHand.deal(7, seats=2)
>>> observation_from_dict(observation_to_dict(hand.observation("W"))) == hand.observation("W")
True
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping, Sequence

from kabale.cards import Card
from kabale.game import IllegalMove
from kabale.games.kabala.rules import KINDS as MOVE_KINDS, PACKETS, Event, Move, Options
from kabale.games.kabalam.hand import KabalamHand
from kabale.games.kabalam.match import Match
from kabale.games.kabalam.state import SEATS, HandResult, KabalamObservation

__all__ = ["observation_for", "observation_to_dict", "observation_from_dict", "event_from_dict", "view_fields",
           "match_summary", "EVENT_KINDS"]

#: The kinds of a hand's history (kabale.games.kabala.rules.Event).
EVENT_KINDS = frozenset({"deal", "draw", *MOVE_KINDS, "flip", "out_with_thirteen", "close", "end"})
#: The observation's fields that change as the hand goes (an update carries these, not the history).
VIEW_FIELDS = ("endowment", "face_up", "target", "packet_sizes", "endowment_sizes", "draw_pile_size", "in_hand",
               "turn", "played_this_turn", "passes_in_a_row", "legal_moves", "result")


def observation_for(hand: KabalamHand, seat: str) -> KabalamObservation:
    """What ``seat`` may know of ``hand``: its observation, or for a seat not in the hand (out
    of the match) the public view: any seat's observation without that seat's own cards."""
    if seat in hand.seats:
        return hand.observation(seat)
    someone = hand.observation(hand.seats[0])
    history = tuple(replace(event, cards=()) if event.kind in ("deal", "draw") and event.seat is not None else event
                    for event in someone.history)
    return replace(someone, seat=seat, endowment=(), history=history, legal_moves=())


def observation_to_dict(observation: KabalamObservation) -> dict[str, Any]:
    """The observation as JSON (its own ``to_dict``, which is what the tables and the review store)."""
    return observation.to_dict()


def view_fields(observation: KabalamObservation) -> dict[str, Any]:
    """The fields an update carries: the observation's, without the history and what never changes."""
    data = observation.to_dict()
    return {name: data[name] for name in VIEW_FIELDS}


def match_summary(match: Match) -> dict[str, Any]:
    """The match as every seat may know it: hand number, totals, who is still in, every
    finished hand's result, and the Great Kabalists once it is over."""
    result = match.result()
    return {
        "hand_number": match.hand_number,
        "totals": match.totals,
        "in_match": list(match.in_match),
        "results": [result.to_dict() for result in match.results],
        "great_kabalists": None if result is None else list(result.great_kabalists),
    }


# -- reading it back (on a guest's page: the host's text, checked) ----------------------------------


def _seat(value: Any, seats: Sequence[str] = SEATS) -> str:
    if not isinstance(value, str) or value not in seats:
        raise ValueError(f"{value!r} is not a seat here")
    return value


def _count(value: Any, most: int = 200) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= most:
        raise ValueError(f"{value!r} is not a count")
    return value


def _cards(value: Any, most: int = 72) -> tuple[Card, ...]:
    if not isinstance(value, list) or len(value) > most:
        raise ValueError(f"{value!r} is not a list of cards")
    cards = tuple(Card.from_text(text) for text in value)
    if any(card.value > 9 for card in cards):
        raise ValueError("KABALAM's cards go from Ace to 9")
    return cards


def event_from_dict(data: Any) -> Event:
    """One history entry from its ``to_dict`` (ValueError if it is no such thing)."""
    if not isinstance(data, Mapping) or not set(data) <= {"kind", "seat", "packet", "cards", "count", "note"}:
        raise ValueError(f"{data!r} is not an event")
    kind = data.get("kind")
    if kind not in EVENT_KINDS:
        raise ValueError(f"{kind!r} is not a kind of event")
    seat = data.get("seat")
    packet = data.get("packet")
    if packet is not None and (not isinstance(packet, int) or isinstance(packet, bool) or not 1 <= packet <= PACKETS):
        raise ValueError(f"{packet!r} is not a packet")
    note = data.get("note", "")
    if not isinstance(note, str) or len(note) > 40:
        raise ValueError(f"{note!r} is not a note")
    return Event(str(kind), None if seat is None else _seat(seat), packet, _cards(data.get("cards", []), 16),
                 _count(data.get("count", 0)), note)


def _moves(value: Any) -> tuple[Move, ...]:
    if not isinstance(value, list) or len(value) > 200:
        raise ValueError(f"{value!r} is not a list of moves")
    try:
        return tuple(Move.from_text(text) for text in value)
    except IllegalMove as error:
        raise ValueError(str(error)) from None


def apply_view(observation: KabalamObservation, view: Mapping[str, Any], history: tuple[Event, ...]) -> KabalamObservation:
    """The observation with an update's fields and its longer history (ValueError if damaged)."""
    if not isinstance(view, Mapping) or set(view) != set(VIEW_FIELDS):
        raise ValueError("an update's view has the observation's changing fields")
    return _observation(observation.seat, observation.seats, observation.options, view, history)


def observation_from_dict(data: Any) -> KabalamObservation:
    """A :class:`KabalamObservation` from its ``to_dict`` (ValueError if it is no such thing)."""
    if not isinstance(data, Mapping) or set(data) != {"seat", "seats", "options", "history", *VIEW_FIELDS}:
        raise ValueError("not a KABALAM observation")
    seats_data = data["seats"]
    if not isinstance(seats_data, list) or not 2 <= len(seats_data) <= 4:
        raise ValueError("an observation lists 2 to 4 seats")
    seats = tuple(_seat(seat) for seat in seats_data)
    if len(set(seats)) != len(seats):
        raise ValueError("an observation's seats differ")
    options = Options.from_dict(data["options"]) if isinstance(data["options"], Mapping) else None
    if options is None:
        raise ValueError("an observation's options are an object")
    history = data["history"]
    if not isinstance(history, list) or len(history) > 2000:
        raise ValueError("an observation's history is a list")
    return _observation(_seat(data["seat"]), seats, options, data, tuple(event_from_dict(event) for event in history))


def _observation(seat: str, seats: tuple[str, ...], options: Options, data: Mapping[str, Any],
                 history: tuple[Event, ...]) -> KabalamObservation:
    sizes = data["endowment_sizes"]
    if not isinstance(sizes, Mapping) or set(sizes) != set(seats):
        raise ValueError("an observation's endowment sizes are one per seat")
    face_up = _cards(data["face_up"], PACKETS)
    packet_sizes = data["packet_sizes"]
    if len(face_up) != PACKETS or not isinstance(packet_sizes, list) or len(packet_sizes) != PACKETS:
        raise ValueError("an observation shows three packets")
    in_hand = data["in_hand"]
    if not isinstance(in_hand, list):
        raise ValueError("an observation lists the seats in the hand")
    turn = data["turn"]
    result = data["result"]
    for name in ("played_this_turn",):
        if not isinstance(data[name], bool):
            raise ValueError(f"{name} is true or false")
    return KabalamObservation(
        seat=seat,
        seats=seats,
        options=options,
        endowment=_cards(data["endowment"]),
        face_up=face_up,
        target=_count(data["target"], 9),
        packet_sizes=tuple(_count(size, 72) for size in packet_sizes),
        endowment_sizes=tuple(_count(sizes[name], 72) for name in seats),
        draw_pile_size=_count(data["draw_pile_size"], 72),
        in_hand=tuple(_seat(name, seats) for name in in_hand),
        turn=None if turn is None else _seat(turn, seats),
        played_this_turn=bool(data["played_this_turn"]),
        passes_in_a_row=_count(data["passes_in_a_row"], 4),
        history=history,
        legal_moves=_moves(data["legal_moves"]),
        result=None if result is None else _result(result),
    )


def _result(data: Any) -> HandResult:
    if not isinstance(data, Mapping):
        raise ValueError("a hand's result is an object")
    return HandResult.from_dict(data)
