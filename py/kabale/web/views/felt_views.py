"""What lies on the felt, as plain values: the cards, the Kabala's packets, an endowment, Double H's places.

Why: the tables used to decide, card by card while they built the DOM, what is face
up, what is lit or picked up, which packet or place a press plays on and what each
card is called for a screen reader, so only a browser could check it. Here those
decisions are frozen dataclasses made from the game state and the table's own
choices (the cards picked up, the play shown for a moment, the moves marked by a
hint or a review), with no DOM and no browser import; tests/unit/test_felt_views.py
checks them in CPython against the engine's legal moves. The layouts
(kabale.web.tables.kabala_view, kabale.web.tables.render, the Double H table) only draw them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from itertools import groupby
from typing import TYPE_CHECKING, Callable, Iterable, Protocol, Sequence

from kabale.cards import Card
from kabale.games.kabala.rules import Event, Move, next_flip_cards

from .faces import corner_index, face_class, value_index
from ..text.i18n import Said
from ..text.messages import card_name, sum_explained, value_words
from .selection import pass_packets, playable_packets

if TYPE_CHECKING:
    from kabale.games.double_h.moves import Move as DoubleHMove, Place
    from kabale.games.double_h.rules import PlaceFacts, TableFacts

__all__ = [
    "CardView", "CardMemo", "DRAW_PILE", "ENDOWMENT", "KabalaSeen", "Mark", "HINTED", "hinted_words", "hint_packets", "Reveal", "RevealView", "PacketView", "SumView", "KabalaView", "EndowmentView",
    "PlaceView", "StockView", "WasteView", "DoubleHFelt", "MAX_LAYERS", "WASTE", "card_view", "kabala_felt",
    "endowment_view", "moves_from", "place_where", "place_view", "double_h_felt",
]

Translate = Callable[..., str]

#: How many face-down layers a packet's edge shows at most (its height is also said in words).
MAX_LAYERS = 6
#: The source name of Double H's waste (places are named by their text, "4L"), and its data-key.
WASTE = "waste"
#: The data-keys of an endowment face up and of the draw pile over the Kabala: where the cards a
#: draw gives land, and where they come from (a press's motion).
ENDOWMENT, DRAW_PILE = "endowment", "draw-pile"
#: The places of one H in Double H: Ace to King.
PLACES_PER_H = 13


# -- a card -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardView:
    """A card as it lies: ``card`` (None: an empty place), face up or down, its ``words`` (the
    name a screen reader says; "" for an empty place and for a back that is only decoration),
    the ``corner`` its two corners print ("" face down), its ``role`` on the felt (top,
    in-pile, revealed), whether it is picked up or playable, the moves ``marks`` marks on it
    (hinted, made). An endowment's card is a button: its ``index`` there and whether it holds
    the toolbar's one tab stop (``focused``)."""

    card: Card | None
    face_up: bool = True
    words: str = ""
    corner: str = ""
    role: str = ""
    picked: bool = False
    playable: bool = False
    marks: tuple[str, ...] = ()
    index: int | None = None
    focused: bool = False

    @property
    def key(self) -> str | None:
        """What the motion (assets/js/motion.js) follows a card by across redraws: its text, face up only."""
        return str(self.card) if self.card is not None and self.face_up else None

    @cached_property
    def classes(self) -> str:
        """Its classes: a face's colour and drawing, or back or empty; then its role, picked, playable,
        marks (worked out once: a view kept in a memo is drawn at every redraw)."""
        if self.card is None:
            base = ["card", "empty"]
        elif not self.face_up:
            base = ["card", "back"]
        else:
            base = ["card", "red" if self.card.suit.is_red else "black", face_class(self.card)]
        flags = [self.role, "picked" if self.picked else "", "playable" if self.playable else "", *self.marks]
        return " ".join(base + [flag for flag in flags if flag])


#: Card views already made, by what they show (a table keeps one per language; see ``card_view``).
CardMemo = dict[tuple[object, ...], CardView]
#: How many card views a memo keeps before it starts afresh (a hand's worth of looks many times over).
CARD_MEMO_SIZE = 2048


def card_view(card: Card | None, t: Translate, *, face_up: bool = True, role: str = "", words: str | None = None,
              picked: bool = False, playable: bool = False, marks: tuple[str, ...] = (), index: int | None = None,
              focused: bool = False, memo: CardMemo | None = None) -> CardView:
    """A card in view: a face names itself and prints its corner; a back says "face down" (or
    nothing, ``words=""``, where it is decoration); an empty place says nothing.

    ``memo`` (kept by the table, one per language) gives back the view made before for the same
    look: a redraw then names only the cards whose look changed, where naming every card in
    view again would cost more than the drawing it saves."""
    key = (card, face_up, role, words, picked, playable, marks, index, focused)
    if memo is not None:
        kept = memo.get(key)
        if kept is not None:
            return kept
        if len(memo) >= CARD_MEMO_SIZE:
            memo.clear()
    if card is None:
        said, corner = "", ""
    elif not face_up:
        said, corner = t("card.face_down") if words is None else words, ""
    else:
        said, corner = card_name(card, t) if words is None else words, corner_index(card, t)
    said = hinted_words(said, marks, t) if said else said
    view = CardView(card, face_up=face_up or card is None, words=said, corner=corner, role=role, picked=picked,
                    playable=playable, marks=marks, index=index, focused=focused)
    if memo is not None:
        memo[key] = view
    return view


def add_marks(marks: tuple[str, ...], more: Iterable[str]) -> tuple[str, ...]:
    """Marks in the order given, each once (as a class list keeps them)."""
    out = list(marks)
    for name in more:
        if name not in out:
            out.append(name)
    return tuple(out)


# -- the Kabala (KABALAM and Patience Kabalam) --------------------------------------------------------


@dataclass(frozen=True)
class Mark:
    """A move marked on the felt by a hint or a review's jump: ``name`` is the mark (hinted,
    made), ``packet`` the packet it plays on or flips (None: none), ``cards`` the places in
    the endowment of the cards it plays, ``button`` the action of the button that makes it
    when it lays nothing on a packet (draw, yield): what to press is what is marked."""

    name: str
    packet: int | None = None
    cards: tuple[int, ...] = ()
    button: str | None = None


#: The mark of the Hint's move: a marked card, packet, place or button says so to a screen reader too.
HINTED = "hinted"


def hinted_words(words: str, marks: Iterable[str], t: Translate) -> str:
    """What a screen reader says for something the Hint marks: its words, then that the Hint marks
    it ("Packet 2, …, marked by the Hint"), as the outline shows it to the eye."""
    return t("mark.hinted", name=words) if HINTED in marks else words


@dataclass(frozen=True)
class Reveal:
    """Cards just played, shown to everyone for a moment on their packet before it flips."""

    packet: int
    cards: tuple[Card, ...]
    name: str
    under: Card  # the packet's face-up card before the play: it stays in view until the flip


@dataclass(frozen=True)
class RevealView:
    """A play shown on its packet: who played it (in words) and its cards, face up."""

    words: str
    cards: tuple[CardView, ...]


@dataclass(frozen=True)
class PacketView:
    """A packet of the Kabala: its number and name, the face-up card on top (while a play is
    shown, the card it covers), how many cards it holds and how many face-down layers its edge
    shows, whether a press plays the picked-up cards on it or flips it (``lit``: a legal target
    now; ``passing``: a pass flips it), its label, the play shown on it, the memory aid's next
    card (None: the aid is off), the moves marked on it; ``flies``: the places in the endowment of
    the cards a press plays on it (:func:`packet_flights`: the page sets them flying at the click);
    ``turns``: a press passes and turns it over now (the page starts its stack turning at the click)."""

    number: int
    name: str
    top: CardView
    size: int
    layers: int
    lit: bool
    passing: bool
    label: str
    reveal: RevealView | None = None
    memory: str | None = None
    marks: tuple[str, ...] = ()
    flies: tuple[int, ...] = ()
    turns: bool = False

    @property
    def key(self) -> str:
        """``data-key``: the focus finds the packet again after a redraw."""
        return f"packet-{self.number}"

    @property
    def press(self) -> str:
        """What pressing it does now: "flip" it (a pass), "play" the cards picked up on it (a legal
        play), or "refuse" (the table says why not: no card picked up, or not a play here)."""
        return "flip" if self.passing else "play" if self.lit else "refuse"


@dataclass(frozen=True)
class SumView:
    """The compounded sum: its words for a screen reader, its label, the target and how it is made."""

    words: str
    label: str
    value: str
    explained: str


@dataclass(frozen=True)
class KabalaView:
    """The Kabala on the felt: its name, the sum over it, its three packets; ``lit`` the packets
    the picked-up cards can be played on, ``passable`` those a pass may flip."""

    heading: str
    sum: SumView
    packets: tuple[PacketView, ...]
    lit: tuple[int, ...]
    passable: tuple[int, ...]


class KabalaSeen(Protocol):
    """What a player sees of the Kabala in either game (a patience's or a KABALAM seat's observation)."""

    @property
    def face_up(self) -> tuple[Card, ...]: ...

    @property
    def packet_sizes(self) -> tuple[int, ...]: ...

    @property
    def target(self) -> int: ...

    @property
    def history(self) -> tuple[Event, ...]: ...


def hint_packets(marks: Sequence[Mark], selected: frozenset[int], legal: Sequence[Move]) -> tuple[int, ...]:
    """The packets where a press plays the Hint with the cards picked up (so they light up, and the
    prompt does not call them "not a play"): the packet of the Hint's play whose marked cards
    include every card picked up, while there is a move to make (:func:`.selection.follow_hint`).

    >>> hint_packets([Mark(HINTED, 2, (0, 3))], frozenset({3}), [Move.double(1, 3, packet=2)])
    (2,)
    >>> hint_packets([Mark(HINTED, 2, (0, 3))], frozenset({1}), [Move.double(1, 3, packet=2)])
    ()
    """
    if not selected or not legal:
        return ()
    return tuple(sorted({mark.packet for mark in marks
                         if mark.name == HINTED and mark.packet and mark.cards and selected <= set(mark.cards)}))


def packet_flights(selected: frozenset[int], playable: Sequence[int], marks: Sequence[Mark],
                   legal: Sequence[Move]) -> dict[int, tuple[int, ...]]:
    """The cards a press on each packet plays, by their places in the endowment, as the table
    decides a press (kabala_table ``packet_chosen``): the Hint's cards on its packet when the
    press follows it (the cards picked up are none or some of those it marks:
    :func:`.selection.follow_hint`), else the cards picked up on a packet they are a legal play
    on (``playable``). A pass lays nothing. The page sets them flying at the click, before
    Python's move comes back from the worker (assets/js/motion.js ``echoMove``).

    >>> packet_flights(frozenset({3}), (1, 2), [Mark(HINTED, 2, (0, 3))], [Move.double(1, 3, packet=2)])
    {1: (3,), 2: (0, 3)}
    >>> packet_flights(frozenset(), (), [Mark(HINTED, 2, (0, 3))], [Move.double(1, 3, packet=2)])
    {2: (0, 3)}
    >>> packet_flights(frozenset({1}), (), [Mark(HINTED, 2, (0, 3))], [Move.double(1, 3, packet=2)])
    {}
    """
    if not legal:
        return {}
    sent = {packet: tuple(sorted(selected)) for packet in playable}
    for mark in marks:
        if mark.name == HINTED and mark.packet and mark.cards and selected <= set(mark.cards):
            sent[mark.packet] = tuple(mark.cards)
    return sent


def kabala_felt(observation: KabalaSeen, legal: Sequence[Move], picked: Sequence[Card], t: Translate, *,
                reveal: Reveal | None = None, memory_aid: bool = False, marks: Sequence[Mark] = (),
                memo: CardMemo | None = None, hinted_lit: Sequence[int] = (),
                selected: frozenset[int] | None = None) -> KabalaView:
    """The Kabala as the player at the device sees it (``observation``: face_up, packet_sizes,
    target, history), where ``legal`` are the moves she may make now (none when it is not her
    turn) and ``picked`` the cards she holds up. While a play is shown (``reveal``) its packet
    keeps its old face-up card and the sum its old value, until the flip. ``memo``: see ``card_view``;
    ``hinted_lit``: the packets lit because a press there plays the Hint (:func:`hint_packets`);
    ``selected``: the places of the cards picked up, when a press on a packet plays now (None: it
    does not, as during a review's jump), for the cards each press sends (:func:`packet_flights`)."""
    face_up = list(observation.face_up)
    if reveal is not None:
        face_up[reveal.packet - 1] = reveal.under
    sizes = observation.packet_sizes
    playable = playable_packets(picked, legal, observation.target)
    lit = tuple(sorted(set(playable) | set(hinted_lit)))
    passable = pass_packets(legal)
    # while a play is shown, a press flips it first: what it plays then is for the redraw to show
    pressed = selected if reveal is None else None  # the cards picked up, when a press on a packet plays now
    flights = packet_flights(pressed, playable, marks, legal) if pressed is not None else {}
    next_flips = next_flip_cards(observation) if memory_aid else None
    packets = []
    for number, (top, size) in enumerate(zip(face_up, sizes), start=1):
        passing = number in passable
        shown = reveal if reveal is not None and reveal.packet == number else None
        memory = None
        if next_flips is not None:
            coming = next_flips[number - 1]
            memory = t("kabala.next_flip", card=card_name(coming, t)) if coming else t("kabala.next_flip_unknown")
        packet_marks = add_marks((), (mark.name for mark in marks if mark.packet == number))
        packets.append(PacketView(
            number=number, name=t("kabala.packet", number=number), top=card_view(top, t, role="top", memo=memo), size=size,
            layers=min(size - 1, MAX_LAYERS), lit=number in lit or passing, passing=passing,
            label=hinted_words(t("kabala.packet_flip_label" if passing else "kabala.packet_label", number=number,
                                 card=card_name(top, t), count=size), packet_marks, t),
            reveal=RevealView(t("kabala.played_by", name=shown.name),
                              tuple(card_view(card, t, role="revealed") for card in shown.cards)) if shown else None,
            memory=memory,
            marks=packet_marks,
            flies=flights.get(number, ()),
            turns=passing and pressed is not None,
        ))
    explained = sum_explained(face_up)
    return KabalaView(
        heading=t("kabala.heading"),
        sum=SumView(t("kabala.sum", explained=explained), t("kabala.sum_label"), explained.rsplit(" ", 1)[-1], explained),
        packets=tuple(packets), lit=lit, passable=passable,
    )


@dataclass(frozen=True)
class EndowmentView:
    """An endowment face up, grouped by value (a toolbar with one tab stop): its label and its cards."""

    label: str
    groups: tuple[tuple[CardView, ...], ...]

    @property
    def cards(self) -> tuple[CardView, ...]:
        return tuple(card for group in self.groups for card in group)


def endowment_view(cards: Sequence[Card], t: Translate, *, selected: frozenset[int] = frozenset(), focus: int = 0,
                   playable: frozenset[int] = frozenset(), marks: Sequence[Mark] = (),
                   label: str | None = None, memo: CardMemo | None = None) -> EndowmentView:
    """The cards in hand: those ``selected`` are picked up, those at the places in ``playable``
    lit (the setting), ``marks`` mark a hint's or a review's cards; the tab stop is at ``focus``
    (kept inside the hand). ``memo``: see ``card_view``."""
    focus = min(focus, max(len(cards) - 1, 0))
    groups = []
    for _value, group in groupby(enumerate(cards), key=lambda item: item[1].value):
        groups.append(tuple(
            card_view(card, t, picked=index in selected, playable=index in playable, index=index,
                      focused=index == focus, marks=add_marks((), (mark.name for mark in marks if index in mark.cards)),
                      memo=memo)
            for index, card in group))
    return EndowmentView(t("endowment.label") if label is None else label, tuple(groups))


# -- Double H ----------------------------------------------------------------------------------------


def moves_from(source: str | None, facts: "TableFacts") -> tuple["DoubleHMove", ...]:
    """The moves of the card picked up at ``source`` (the waste or a place's text, "4L")."""
    from kabale.games.double_h.moves import MoveKind, Place

    if source is None:
        return ()
    if source == WASTE:
        return facts.waste_moves
    place = Place.from_text(source)
    return tuple(move for move in facts.places[place.index].moves if move.kind is MoveKind.CARD)


def place_words(place: "Place") -> Said:
    """"7-place of the right H", "Ace-place of the left H", to be said in the language of the moment."""
    return Said.of("dh.place", value=value_words(place.value),
                   side=Said.of("dh.side_left" if place.side == "L" else "dh.side_right"))


def place_where(place: "Place", t: Translate) -> str:
    """"7-place of the right H", "Ace-place of the left H"."""
    return place_words(place)(t)


@dataclass(frozen=True)
class PlaceView:
    """A place of Double H: its name ("4L") and value (printed as the cards print it), its pile
    bottom first (all face up; empty: no card), its frame, whether it is a legal target of the
    card picked up (``lit``), whether its top card is the one picked up, a hint's source or
    target, the place a refusal speaks of; whether its top card can go somewhere (it may be
    dragged), its label, and the turn-over button's words and label (None: it cannot turn) and
    whether the hint marks that button (its move turns this place over); ``flies``: the place (or
    the waste) whose top card a press here moves onto it (the page sets it flying at the click)."""

    name: str
    value: int
    index: str
    cards: tuple[CardView, ...]
    frame: str
    lit: bool
    picked: bool
    hinted: bool
    refused: bool
    movable: bool
    label: str
    turn: str | None = None
    turn_label: str | None = None
    turn_hinted: bool = False
    flies: str | None = None

    @property
    def classes(self) -> str:
        flags = (f"frame-{self.frame}" if self.frame != "none" else "", "lit" if self.lit else "",
                 "picked" if self.picked else "", "hinted" if self.hinted else "", "refused" if self.refused else "")
        return " ".join(("place-button", *(flag for flag in flags if flag)))


@dataclass(frozen=True)
class StockView:
    """The stock: how many cards it holds (a back shows while it holds any), its label; a hint to draw
    marks it; ``draws``: a press draws a card now (the page sends it on its way at the click)."""

    count: int
    label: str
    hinted: bool
    suit_order_label: str
    draws: bool = False


@dataclass(frozen=True)
class WasteView:
    """The waste: only its top card shows (None: empty), with the count; picked up, hinted,
    whether its top card can go somewhere (it may be dragged), its label."""

    top: CardView
    count: int
    picked: bool
    hinted: bool
    movable: bool
    label: str


@dataclass(frozen=True)
class DoubleHFelt:
    """Double H's felt: the 26 places (left H first), the stock, the waste, where the card picked
    up lies (``source``: the waste or a place's name; None: no card is picked up) and the places
    it may go to."""

    places: tuple[PlaceView, ...]
    stock: StockView
    waste: WasteView
    targets: frozenset[str]
    source: str | None = None

    def h_places(self, side: str) -> tuple[PlaceView, ...]:
        """The 13 places of the left ("L") or the right ("R") H, Ace first (the places come in that order)."""
        return self.places[:PLACES_PER_H] if side == "L" else self.places[PLACES_PER_H:]

    def press(self, name: str) -> str:
        """What pressing the place ``name`` does now: with no card picked up, "pick up" its top
        card (when it can go somewhere) or "refuse"; on the card picked up, "put back" (a second
        press soon after sends it home); elsewhere "move" the card there when that is legal, else
        "refuse" (the table says why not)."""
        if self.source is None:
            place = next(place for place in self.places if place.name == name)
            return "pick up" if place.movable else "refuse"
        if self.source == name:
            return "put back"
        return "move" if name in self.targets else "refuse"


def place_label(place: "PlaceFacts", t: Translate) -> str:
    """A place's words: empty, or its top card, where it is and its frame or height."""
    where = place_where(place.place, t)
    if not place.cards:
        return t("dh.place_empty", where=where)
    state = {
        "right": t("dh.frame_right", count=len(place.cards)),
        "complete": t("dh.frame_complete"),
        "yellow": t("dh.frame_yellow"),
    }.get(place.frame, t("dh.cards", count=len(place.cards)))
    return t("dh.place_label", card=card_name(place.cards[-1], t), where=where, state=state)


def place_view(place: "PlaceFacts", t: Translate, *, lit: bool, picked: bool, hinted: bool, refused: bool,
               cards: CardMemo | None = None, turn_hinted: bool = False, flies: str | None = None) -> PlaceView:
    """A place as it shows: ``hinted`` marks it (a hinted card's source or target), ``turn_hinted``
    its turn-over button (a hinted turn: the button is what to press, not the pile)."""
    from kabale.games.double_h.moves import MoveKind

    movable = any(move.kind is MoveKind.CARD for move in place.moves)
    turnable = any(move.kind is MoveKind.TURN for move in place.moves)
    return PlaceView(
        name=place.name, value=place.value, index=value_index(place.value, t),
        cards=tuple(card_view(card, t, role="in-pile", memo=cards) for card in place.cards), frame=place.frame, lit=lit,
        picked=picked, hinted=hinted, refused=refused, movable=movable,
        label=hinted_words(place_label(place, t), (HINTED,) if hinted else (), t),
        turn=t("dh.turn_over") if turnable else None,
        turn_label=hinted_words(t("dh.turn_over_label", where=place_where(place.place, t)),
                                (HINTED,) if turn_hinted else (), t) if turnable else None,
        turn_hinted=turnable and turn_hinted,
        flies=flies,
    )


#: Where double_h_felt keeps the places it made, by name: (what the view comes from, the view).
PlaceMemo = dict[str, tuple[tuple[object, ...], PlaceView]]


def double_h_felt(facts: "TableFacts", t: Translate, *, source: str | None = None, hinted: "DoubleHMove | None" = None,
                  refused: frozenset[str] = frozenset(), memo: PlaceMemo | None = None, language: str = "",
                  cards: CardMemo | None = None, thinking: bool = False) -> DoubleHFelt:
    """The places, the stock and the waste with the card picked up at ``source`` (its legal
    targets lit), what to press for the ``hinted`` move marked (a card's source and target,
    the stock for a draw, a place's turn-over button for a turn) and the ``refused`` place marked.

    ``memo`` (kept by the table, with the ``language`` its words are in) gives back the view of
    a place whose drawing has not changed: most clicks change two or three of the 26, and
    naming the rest's cards again would cost a redraw more than it changes. Its key is what the
    view shows, not the facts it comes from: the top card's moves change with almost every
    move elsewhere, but the place shows only whether it has one and whether it may turn.
    ``cards``: the card views' memo (see ``card_view``), in the same language."""
    from kabale.games.double_h.moves import MoveKind

    card, turn = MoveKind.CARD, MoveKind.TURN
    targets = frozenset(str(move.target) for move in moves_from(source, facts))
    hinted_places = (hinted.source, hinted.target) if hinted is not None and hinted.kind is card else ()
    hinted_turn = hinted.target if hinted is not None and hinted.kind is turn else None
    # a press on the hint's target plays it when nothing else is picked up (table_double_h
    # ``place_chosen``), as a press on a lit target plays the card picked up: its card flies there
    # (not while the solver thinks again: the hint on show is no press's then, table_double_h ``hinted_move``)
    hinted_from = None if thinking or hinted is None or hinted.kind is not card \
        else WASTE if hinted.source is None else str(hinted.source)
    places = []
    for place in facts.places:
        name = place.name
        lit, picked, is_refused = name in targets, source == name, name in refused
        hint_here, turn_here = place.place in hinted_places, place.place == hinted_turn
        flies = hinted_from if (hinted_from is not None and hinted is not None and str(hinted.target) == name
                                and source in (None, hinted_from)) else source if lit else None
        if memo is None:
            places.append(place_view(place, t, lit=lit, picked=picked, hinted=hint_here, refused=is_refused,
                                     cards=cards, turn_hinted=turn_here, flies=flies))
            continue
        kinds = {move.kind for move in place.moves}
        key = (language, place.cards, place.frame, card in kinds, turn in kinds, lit, picked, hint_here, turn_here,
               is_refused, flies)
        kept = memo.get(name)
        if kept is None or kept[0] != key:
            kept = (key, place_view(place, t, lit=lit, picked=picked, hinted=hint_here, refused=is_refused,
                                    cards=cards, turn_hinted=turn_here, flies=flies))
            memo[name] = kept
        places.append(kept[1])
    top = facts.waste[-1] if facts.waste else None
    draw_hinted = hinted is not None and hinted.kind is MoveKind.DRAW
    waste_hinted = hinted is not None and hinted.from_waste
    return DoubleHFelt(
        places=tuple(places),
        stock=StockView(facts.stock_count,
                        hinted_words(t("dh.stock_label", count=facts.stock_count) if facts.stock_count
                                     else t("dh.stock_empty"), (HINTED,) if draw_hinted else (), t),
                        hinted=draw_hinted, suit_order_label=t("dh.suit_order_label"), draws=facts.can_draw),
        waste=WasteView(
            top=card_view(top, t, memo=cards), count=len(facts.waste), picked=source == WASTE,
            hinted=waste_hinted, movable=bool(facts.waste_moves),
            label=hinted_words(t("dh.waste_label", card=card_name(top, t), count=len(facts.waste)) if top
                               else t("dh.waste_empty"), (HINTED,) if waste_hinted else (), t),
        ),
        targets=targets,
        source=source,
    )

