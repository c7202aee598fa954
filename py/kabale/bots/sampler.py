"""Deal the cards a seat cannot see, consistently with all it has seen.

A search bot plays many imagined hands ("determinizations"); each must be a
hand the real one could be. What a seat knows (RULES.md section 2):

* its own endowment, every face-up card and every card played, and so each
  packet card by card except a face-down card never flipped up
  (:func:`kabale.games.kabala.rules.known_packets`);
* how many cards each opponent, the draw pile and each set-aside heap hold;
* what a **pass** reveals: the passer, after her draw, held no card and no two
  cards that play on the target she saw; and what a **yield** reveals when
  free yield is off: the yielder could play no more on the target she left.

The last is a :class:`Clue`. An opponent has not drawn or played since the end
of her last turn, so the clue of that turn holds for her cards *now*, exactly:
the sampler deals her only cards that keep it true. An older clue is checked
in the form a later hand can still be held to: she has drawn ``draws_since``
cards and played ``played_since`` since, so her cards now plus those played
must lose every play on the old target by taking away at most
``draws_since`` cards (a card drawn later may be any). A seat out with
thirteen passed with exactly the cards she set aside, so those obey her clue.

The rest (draw pile order, never-seen packet cards) is uniformly random.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Sequence

from kabale.cards import Card, kabalam_deck, shuffled
from kabale.games.kabala.rules import PLAYS, known_packets
from kabale.games.kabalam.fast import DOUBLE_PAIRS, SimHand, digital_root, has_play
from kabale.games.kabalam.state import KabalamObservation, KabalamPosition

__all__ = ["Clue", "Knowledge", "Deal", "clues_of", "min_removal", "satisfies"]

_DECK: tuple[Card, ...] = tuple(sorted(kabalam_deck(), key=lambda card: (card.value, card.suit.value)))
#: How many fresh tries the sampler makes before it lets the clues go.
TRIES = 300


@dataclass(frozen=True)
class Clue:
    """Seat ``seat`` could not play on ``target`` (a pass, or a yield without free yield).

    ``draws_since`` and ``played_since`` (values) count what she did after;
    ``aside`` marks the pass that put her out with thirteen (the clue is about
    the cards she set aside).
    """

    seat: str
    target: int
    kind: str
    draws_since: int = 0
    played_since: tuple[int, ...] = ()
    aside: bool = False

    @property
    def exact(self) -> bool:
        """True when it holds for her cards as they are now."""
        return self.draws_since == 0 and not self.played_since


def min_removal(counts: Sequence[int], target: int, compounded: bool) -> int:
    """How many cards must go from ``counts`` (per value) so no play on ``target`` is left.

    Each value has one partner for a Double on a target, so the plays form a
    matching: take every card of the target's value, and of each pair the
    value held less often (of a pair of equal values, all but one card).

    >>> min_removal([0, 1, 0, 2, 0, 0, 0, 0, 0, 0], 4, False)  # an Ace and two 3s on a 4
    1
    """
    removal = counts[target]
    for a, b in DOUBLE_PAIRS[compounded][target]:
        if a == target or b == target:
            continue
        if a == b:
            removal += max(0, counts[a] - 1)
        else:
            removal += min(counts[a], counts[b])
    return removal


def satisfies(cards: Sequence[int] | Counter[int], clue: Clue, compounded: bool) -> bool:
    """Do these held values (a list, or counts by value) agree with the clue?"""
    counts = [0] * 10
    items = cards.elements() if isinstance(cards, Counter) else cards
    for value in items:
        counts[value] += 1
    for value in clue.played_since:
        counts[value] += 1
    return min_removal(counts, clue.target, compounded) <= clue.draws_since


def clues_of(observation: KabalamObservation) -> list[Clue]:
    """Every clue the public history gives about the other seats, oldest first."""
    face_up: list[int] = [0, 0, 0]
    free_yield = observation.options.free_yield
    found: list[tuple[int, Clue]] = []
    history = observation.history
    for index, event in enumerate(history):
        if event.packet is not None and (event.kind == "flip" or (event.kind == "deal" and event.cards)):
            face_up[event.packet - 1] = event.cards[0].value
        elif event.seat is not None and event.seat != observation.seat and (
            event.kind == "pass" or (event.kind == "yield" and not free_yield)
        ):
            found.append((index, Clue(event.seat, digital_root(sum(face_up)), event.kind)))
    clues = []
    for index, clue in found:
        draws = 0
        played: list[int] = []
        aside = False
        for event in history[index + 1:]:
            if event.seat != clue.seat:
                continue
            if event.kind == "draw":
                draws += 1
            elif event.kind in PLAYS:
                played.extend(card.value for card in event.cards)
            elif event.kind == "out_with_thirteen" and clue.kind == "pass" and not draws and not played:
                aside = True
        clues.append(Clue(clue.seat, clue.target, clue.kind, draws, tuple(played), aside))
    return clues


@dataclass(frozen=True)
class Deal:
    """One full hand the observation could come from, card by card."""

    packets: tuple[tuple[Card, ...], ...]  # bottom to top
    endowments: dict[str, tuple[Card, ...]]  # seats still in the hand (the observer's own too)
    aside: dict[str, tuple[Card, ...]]  # seats out with thirteen
    draw_pile: tuple[Card, ...]  # top first

    def position(self, observation: KabalamObservation) -> KabalamPosition:
        """As a position the engine can play (for tests and for showing a guess)."""
        return KabalamPosition(
            self.packets, self.endowments, self.draw_pile, observation.turn or observation.seat, self.aside,
            drawn=True, played=observation.played_this_turn, passes_in_a_row=observation.passes_in_a_row,
        )


class Knowledge:
    """What one observation tells a perfect memory, worked out once per decision;
    :meth:`deal` and :meth:`sim` then sample as many hands as the search wants."""

    def __init__(self, observation: KabalamObservation) -> None:
        if observation.result is not None or observation.turn is None:
            raise ValueError("a hand that is over has nothing left to sample")
        self.observation = observation
        self.memory = known_packets(observation)
        hidden = Counter(_DECK)
        hidden.subtract(observation.endowment)
        hidden.subtract(card for packet in self.memory for card in packet if card is not None)
        if any(count < 0 for count in hidden.values()):
            raise ValueError("the observation shows a card more often than the deck holds it")
        self.hidden: list[Card] = sorted(hidden.elements(), key=lambda card: (card.value, card.suit.value))
        self.compounded = observation.options.compounded_doubles
        self.clues = clues_of(observation)
        seats = observation.seats
        out_counts = {event.seat: event.count for event in observation.history if event.kind == "out_with_thirteen"}
        self.aside_sizes = {seat: out_counts[seat] for seat in seats if seat not in observation.in_hand}
        self.sizes = {
            seat: size for seat, size in zip(seats, observation.endowment_sizes)
            if seat in observation.in_hand and seat != observation.seat
        }
        unknown_in_packets = sum(card is None for packet in self.memory for card in packet)
        needed = unknown_in_packets + observation.draw_pile_size + sum(self.sizes.values()) + sum(self.aside_sizes.values())
        if needed != len(self.hidden):
            raise ValueError("the observation does not account for every card")
        # the clues on the cards each seat holds now (or set aside), and whose
        # cards to deal first: the most closely watched
        self.watched: dict[str, list[Clue]] = {}
        for clue in self.clues:
            if clue.aside or (clue.seat in self.sizes and clue.seat not in self.aside_sizes):
                self.watched.setdefault(clue.seat, []).append(clue)
        self.order = sorted(
            [*self.sizes, *self.aside_sizes],
            key=lambda seat: (-sum(clue.exact or clue.aside for clue in self.watched.get(seat, ())),
                              -len(self.watched.get(seat, ())), seats.index(seat)),
        )
        self.fallbacks = 0  # samples dealt without the clues, after TRIES failed tries (rare)

    # -- sampling -------------------------------------------------------------------

    def deal(self, rng: random.Random) -> Deal:
        """A random hand consistent with the observation and its clues."""
        for attempt in range(TRIES):
            # first the most watched seats first; if that keeps failing, any order
            order = self.order if attempt < 10 else shuffled(self.order, rng)
            deal, complete = self._try(rng, order=order)
            if complete:
                return deal
        self.fallbacks += 1  # the clues could not be met by chance: deal without them
        deal, _ = self._try(rng, strict=False)
        return deal

    def _try(self, rng: random.Random, strict: bool = True, order: list[str] | None = None) -> tuple[Deal, bool]:
        pool = shuffled(self.hidden, rng)
        complete = True
        taken: dict[str, list[Card]] = {}
        for seat in self.order if order is None else order:
            size = self.sizes.get(seat, self.aside_sizes.get(seat, 0))
            clues = self.watched.get(seat, []) if strict else []
            if not clues:
                taken[seat] = pool[len(pool) - size:]
                del pool[len(pool) - size:]
                continue
            chosen, rest = self._constrained(pool, size, clues)
            if len(chosen) < size:
                complete = False
                need = size - len(chosen)
                chosen.extend(rest[len(rest) - need:])
                del rest[len(rest) - need:]
            taken[seat] = chosen
            pool = rest
        packets = tuple(tuple(card if card is not None else pool.pop() for card in packet) for packet in self.memory)
        observation = self.observation
        if observation.seat in observation.in_hand:
            taken[observation.seat] = list(observation.endowment)
        deal = Deal(
            packets,
            {seat: tuple(taken[seat]) for seat in observation.seats if seat in observation.in_hand},
            {seat: tuple(taken[seat]) for seat in self.aside_sizes},
            tuple(pool),
        )
        return deal, complete

    def _constrained(self, pool: list[Card], size: int, clues: list[Clue]) -> tuple[list[Card], list[Card]]:
        """Take cards from the (shuffled) pool in turn, skipping any that would break
        one of the seat's clues (give her a play she did not have, beyond what she
        may have drawn since). A clue only gets harder to meet as cards are added,
        so checking each card as it comes checks the whole hand."""
        compounded = self.compounded
        bases = []
        for clue in clues:
            counts = [0] * 10
            for value in clue.played_since:
                counts[value] += 1
            bases.append((clue.target, clue.draws_since, counts))
        chosen: list[Card] = []
        rest: list[Card] = []
        for index, card in enumerate(pool):
            if len(chosen) == size:
                rest.extend(pool[index:])
                break
            value = card.value
            fits = True
            for target, allowed, counts in bases:
                counts[value] += 1
                if (min_removal(counts, target, compounded) > allowed if allowed
                        else has_play(counts, target, compounded)):
                    fits = False
                counts[value] -= 1
                if not fits:
                    break
            if fits:
                for _, _, counts in bases:
                    counts[value] += 1
                chosen.append(card)
            else:
                rest.append(card)
        return chosen, rest

    def sim(self, rng: random.Random) -> SimHand:
        """A sampled hand in values, ready for playouts."""
        return sim_of(self.deal(rng), self.observation)


def sim_of(deal: Deal, observation: KabalamObservation) -> SimHand:
    seats = observation.seats
    endowments: list[list[int] | None] = []
    for seat in seats:
        if seat in deal.endowments:
            endowments.append([card.value for card in deal.endowments[seat]])
        else:
            endowments.append(None)
    return SimHand(
        [[card.value for card in packet] for packet in deal.packets],
        endowments,
        [card.value for card in reversed(deal.draw_pile)],
        seats.index(observation.turn or observation.seat),
        observation.played_this_turn,
        observation.passes_in_a_row,
        observation.options.compounded_doubles,
        observation.options.free_yield,
    )
