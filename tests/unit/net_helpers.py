"""A table played at a distance, in one process: a host, guests, and every message as JSON text.

What the unit tests of kabale.net share. :class:`Wire` carries each message the
way the transport will (text, in order) and records what every guest received,
each message checked at once against the host's real hidden cards
(:func:`leaks`).
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable

from kabale.bots import make_bot
from kabale.cards import Card
from kabale.games.kabalam.hand import KabalamHand
from kabale.net.guest import Guest
from kabale.net.host import Host, Outgoing
from kabale.net.messages import Message, encode
from kabale.net.views import observation_for
from kabale.session import Chooser

CARD = re.compile(r"(?<![0-9A-Za-z])([A2-9TJQK][CDSH])(?![0-9A-Za-z])")


def chooser_for(level: str) -> Chooser:
    """The computer for a test: quick, and the same on every machine (playouts, no clock)."""
    return lambda observation, rng: make_bot(level, rng, budget_ms=None, playouts=20).choose(observation)


def seeded(seed: object) -> Callable[[], str]:
    """32 random bytes as hex, from a seeded rng: a test's deals are the same at every run."""
    rng = random.Random(str(seed))
    return lambda: rng.randbytes(32).hex()


def visible(hand: KabalamHand, seat: str) -> Counter[str]:
    """The very cards ``seat`` has been shown (by identity, as text: a card seen twice counts
    once, the two copies of a card twice): every public card, its own deal and draws, and
    the endowment it holds. Hidden: the others' endowments, the draw pile, face-down cards
    never turned up, the cards set aside by out with thirteen."""
    seen = {id(card): card for card in _shown(hand, seat)}
    if seat in hand.in_hand:
        seen.update((id(card), card) for card in hand.endowment(seat))
    return Counter(str(card) for card in seen.values())


def hidden(hand: KabalamHand, seat: str) -> Counter[str]:
    """The cards hidden from ``seat``, by identity, as text."""
    shown = {id(card) for card in _shown(hand, seat)}
    everything: list[Card] = [*hand.draw_pile, *(card for packet in hand.packets for card in packet)]
    for other in hand.seats:
        everything += hand.set_aside(other)
        if other != seat and other in hand.in_hand:
            everything += hand.endowment(other)
    return Counter(str(card) for card in everything if id(card) not in shown)


def _shown(hand: KabalamHand, seat: str) -> list[Card]:
    cards: list[Card] = []
    for event in hand.history:
        public = event.kind in ("bare", "double", "flip") or (event.kind == "deal" and event.packet is not None)
        if public or (event.kind in ("deal", "draw") and event.seat == seat):
            cards += event.cards
    return cards


#: Fields of random URL-safe text, never card text: a seat's token (secrets.token_urlsafe) may hold
#: "-8D_" by chance, which read as a card failed a clean run ("card 8D before any deal").
NOT_CARD_TEXT = frozenset({"token"})


def cards_in(data: Any) -> list[str]:
    """Every card named anywhere in a message (fields, lists, move texts), tokens aside."""
    if isinstance(data, dict):
        return [card for key, value in data.items() if key not in NOT_CARD_TEXT for card in cards_in(value)]
    if isinstance(data, list):
        return [card for value in data for card in cards_in(value)]
    if isinstance(data, str):
        return CARD.findall(data)
    return []


def leaks(message: dict[str, Any], host: Host, seat: str) -> list[str]:
    """What in ``message`` (sent to ``seat`` now) that seat may not see: a card of which it has
    been shown no copy (only hidden copies exist), more copies held or face up at once than
    it was shown, or the seed or secret of a hand still being played."""
    found: list[str] = []
    match = host.match
    hand = None if match is None else match.hand
    text = json.dumps(message)
    if host.dealt and host.secret in text:
        found.append("the secret of the deal in play")
    if hand is None:
        return found + [f"card {card} before any deal" for card in cards_in(message)]
    if not hand.is_over() and hand.seed is not None and str(hand.seed) in text:
        found.append("the seed of the hand in play")
    shown, secret = visible(hand, seat), hidden(hand, seat)
    for card in sorted(set(cards_in(message))):
        if card not in shown:
            found.append(f"card {card} (hidden from {seat}: {secret[card]} copies)")
    observation = message.get("observation") or message.get("view")
    if isinstance(observation, dict):
        at_once = Counter([*observation.get("endowment", []), *observation.get("face_up", [])])
        for card, count in at_once.items():
            if count > shown[card]:
                found.append(f"{count} copies of {card} at once, {shown[card]} shown")
    return found


@dataclass
class Wire:
    """The host and its guests (one per peer), messages carried as text, in order."""

    host: Host
    guests: dict[str, Guest] = field(default_factory=dict)
    received: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    found: list[str] = field(default_factory=list)  # every leak found, with its peer
    sizes: list[tuple[str, int]] = field(default_factory=list)  # (kind, bytes) of every host message
    connected: set[str] = field(default_factory=set)
    refusals: list[tuple[str, str]] = field(default_factory=list)  # (peer, code) of every refusal sent
    check: Callable[[dict[str, Any], Host, str], list[str]] = leaks

    def add(self, peer: str, guest: Guest | None = None) -> Guest:
        self.guests[peer] = guest or Guest(entropy_from=seeded(peer))
        self.received.setdefault(peer, [])
        self.connected.add(peer)
        return self.guests[peer]

    def send(self, peer: str, message: Message) -> list[dict[str, Any]]:
        """A guest's message to the host, and everything that follows; the messages ``peer`` got."""
        mark = len(self.received[peer])
        self.carry(self.host.receive(peer, encode(message)))
        return self.received[peer][mark:]

    def carry(self, outgoing: list[Outgoing]) -> None:
        """Deliver the host's messages as text; each guest's answers go back to the host in turn."""
        queue: list[tuple[str, Message]] = []
        for item in outgoing:
            self._deliver(item, queue)
        while queue:
            peer, message = queue.pop(0)
            for item in self.host.receive(peer, encode(message)):
                self._deliver(item, queue)

    def _deliver(self, item: Outgoing, queue: list[tuple[str, Message]]) -> None:
        text = item.text()
        data = json.loads(text)
        self.sizes.append((data["kind"], len(text.encode("utf-8"))))
        if data["kind"] == "refusal":
            self.refusals.append((item.peer, data["code"]))
        seat = self.host.peers.get(item.peer)
        if seat is not None:  # checked now, against the host's state as it sent it
            self.found += [f"{item.peer}: {leak}" for leak in self.check(data, self.host, seat)]
        elif data["kind"] not in ("table", "refusal"):
            self.found.append(f"{item.peer}: a {data['kind']} to a peer that holds no seat")
        if item.peer not in self.connected:
            return
        self.received[item.peer].append(data)
        guest = self.guests[item.peer]
        queue += [(item.peer, reply) for reply in guest.receive(text)]

    def drop(self, peer: str) -> None:
        """The channel under ``peer`` closes."""
        self.connected.discard(peer)
        self.carry(self.host.disconnected(peer))

    def peer_of(self, seat: str) -> str:
        return next(peer for peer, held in self.host.peers.items() if held == seat)

    def play_hand(self, rng: random.Random, hint: bool = False, limit: int = 2000) -> int:
        """Play the hand on to its end: each remote seat's guest chooses from its own observation
        (a random legal move, or the normal bot's), a seat at the host's device likewise.
        Returns the number of moves; after each, every guest's observation must be the host's."""
        host = self.host
        assert host.match is not None and host.match.hand is not None
        hand = host.match.hand
        for count in range(limit):
            if hand.is_over():
                return count
            seat = hand.turn
            assert seat is not None
            kind = host.seats[seat].kind
            if kind == "here":
                moves = hand.observation(seat).legal_moves
                self.carry(host.play_here(seat, rng.choice(moves)))
            else:
                assert kind == "remote" and not host.seats[seat].computer
                peer = self.peer_of(seat)
                guest = self.guests[peer]
                assert guest.observation is not None
                if hint:  # the guest's own hint: a bot on its observation only
                    move = make_bot("hard", random.Random(count), budget_ms=None, playouts=20).choose(guest.observation)
                else:
                    move = rng.choice(guest.observation.legal_moves)
                answer = self.send(peer, guest.play(str(move)))
                assert not [a for a in answer if a["kind"] == "refusal"], answer
            self.agree()
        raise AssertionError("the hand did not end")

    def agree(self) -> None:
        """Every connected guest sees its seat exactly as the host's engine does."""
        match = self.host.match
        assert match is not None and match.hand is not None
        for peer, guest in self.guests.items():
            if peer in self.connected and guest.seat is not None and peer in self.host.peers:
                assert guest.observation == observation_for(match.hand, guest.seat), peer
                assert guest.moves == [str(move) for move in match.hand.moves]
                assert guest.totals == match.totals
