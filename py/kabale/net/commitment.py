"""A deal everyone can check (issue 30, item 6): the host commits, the guests add, all verify.

Why: the host's page shuffles, so a host could pick a deal it likes, or deal
again until it gets one. Against that:

1. before a deal, the host picks a secret (32 random bytes) and shows everyone
   its :func:`commitment`, a SHA-256 hash; the first one is in the table's
   description, which a guest sees before it sits down;
2. each guest, having seen the hash, sends 32 random bytes of its own;
3. the deal's seed is :func:`deal_seed`: a hash of the deal's number, the secret
   and every guest's bytes in the order of the seats. Nobody knows it before
   the last bytes are in, and the host cannot change the secret any more;
4. after the hand the host reveals the secret and the bytes; each guest checks
   the hash, finds its own bytes among them, computes the seed and deals the
   hand again, and replays its moves: the hand it saw must be that hand,
   card for card (:func:`check_deal`).

Each hand has a secret of its own: a match's hands are not dealt from one seed
(kabale.games.kabalam.match: ``next_hand(seed)``), so revealing a hand's seed
tells nothing of the next one.

What it does not guard against: the host's page holds every card during the
hand, as any dealer does, and a host who reads them (in the browser's tools)
sees them. A host can also leave a guest's bytes out (for a guest away at the
deal); the guest's check then says so (``left_out``).

>>> secret, entropy = "11" * 32, {"W": "22" * 32}
>>> commitment(secret)[:16]
'ff1138074fa2cff3'
>>> deal_seed(1, secret, entropy) == deal_seed(1, secret, {"W": "22" * 32})
True
>>> deal_seed(1, secret, entropy) == deal_seed(2, secret, entropy)
False
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Mapping, Sequence

from kabale.game import IllegalMove
from kabale.games.kabala.rules import Event, Options
from kabale.games.kabalam.hand import KabalamHand
from kabale.games.kabalam.state import SEATS
from kabale.net.views import observation_for

__all__ = ["new_secret", "new_entropy", "commitment", "deal_seed", "is_hex", "check_deal", "dealt_again", "DealCheck", "SEED_BITS",
           "SECRET_BYTES"]

SECRET_BYTES = 32
#: A seed of 48 bits: as many deals as anyone will play, and an exact integer in JavaScript too.
SEED_BITS = 48

# How a check ended (the web layer's words for each).
OK = "ok"
COMMITMENT = "commitment"  # the secret revealed is not the one committed to
LEFT_OUT = "left_out"  # this guest's bytes are missing, or not the ones it sent
SEED = "seed"  # the seed the host names is not the one the secret and the bytes make
CARDS = "cards"  # the hand seen is not the hand that seed deals
UNCHECKED = "unchecked"  # nothing to check against (no commitment was seen before the deal)


def new_secret() -> str:
    """The host's secret for one deal: 32 random bytes, as hex."""
    return secrets.token_hex(SECRET_BYTES)


def new_entropy() -> str:
    """A guest's contribution to one deal: 32 random bytes, as hex."""
    return secrets.token_hex(SECRET_BYTES)


def is_hex(text: object, size: int = SECRET_BYTES) -> bool:
    """Is ``text`` exactly ``size`` bytes written in lower-case hex (as sent and hashed)?"""
    return isinstance(text, str) and len(text) == 2 * size and all(c in "0123456789abcdef" for c in text)


def commitment(secret: str) -> str:
    """The hash the host shows before the deal: SHA-256 of the secret's bytes, as hex."""
    return hashlib.sha256(b"kabale commitment\0" + bytes.fromhex(secret)).hexdigest()


def deal_seed(deal: int, secret: str, entropy: Mapping[str, str]) -> int:
    """The seed of deal number ``deal``: SHA-256 of the deal's number, the secret and each
    guest's bytes in the seats' order (S, W, N, E; every part of fixed length, so no two
    lists of parts hash alike), cut to :data:`SEED_BITS` bits."""
    digest = hashlib.sha256(b"kabale deal\0" + deal.to_bytes(8, "big") + bytes.fromhex(secret))
    for seat in SEATS:
        if seat in entropy:
            digest.update(seat.encode("ascii") + bytes.fromhex(entropy[seat]))
    return int.from_bytes(digest.digest(), "big") >> (256 - SEED_BITS)


@dataclass(frozen=True)
class DealCheck:
    """What a guest found when it checked deal ``deal``: ``outcome`` is ``ok`` or what failed
    (commitment, left_out, seed, cards, unchecked), ``text`` says it in English."""

    deal: int
    outcome: str
    text: str

    @property
    def ok(self) -> bool:
        return self.outcome == OK


def dealt_again(seed: int, seats: Sequence[str], starter: str, options: Options, moves: Sequence[str]) -> KabalamHand:
    """The hand a revealed seed deals, its moves replayed: what a guest checks the cards it saw
    against, and, once they agree, the whole hand its end shows (every seat's cards left) and its
    Review replays (IllegalMove or ValueError if the moves cannot be played on it)."""
    hand = KabalamHand.deal(seed, seats=list(seats), options=options, starter=starter)
    hand.replay(moves)
    return hand


def check_deal(deal: int, committed: str | None, secret: str, entropy: Mapping[str, str], claimed_seed: int,
               mine: tuple[str, str] | None, seats: Sequence[str], starter: str, options: Options,
               moves: Sequence[str], seat: str, seen: Sequence[Event]) -> DealCheck:
    """Check a revealed deal as a guest: ``committed`` is the hash it saw before it sent its bytes,
    ``mine`` the (seat, bytes) it sent (None when it sent none), ``moves`` the hand's moves and
    ``seen`` the history its seat saw. The hand is dealt again from the seed the secret and the
    bytes make, its moves replayed, and ``seat``'s view of it must be what the seat saw."""

    def failed(outcome: str, text: str) -> DealCheck:
        return DealCheck(deal, outcome, text)

    if committed is None:
        return failed(UNCHECKED, "No commitment was seen before this deal")
    if not is_hex(secret) or commitment(secret) != committed:
        return failed(COMMITMENT, "The secret revealed is not the one the host committed to")
    if not all(isinstance(key, str) and key in SEATS and is_hex(value) for key, value in entropy.items()):
        return failed(SEED, "The guests' bytes revealed are not bytes of seats")
    if mine is not None and entropy.get(mine[0]) != mine[1]:
        return failed(LEFT_OUT, "Your random bytes were left out of the deal, or changed")
    seed = deal_seed(deal, secret, entropy)
    if seed != claimed_seed:
        return failed(SEED, "The seed named is not the one the secret and the bytes make")
    try:
        again = observation_for(dealt_again(seed, seats, starter, options, moves), seat).history
    except (IllegalMove, ValueError):
        return failed(CARDS, "The moves played cannot be played on the hand that seed deals")
    if tuple(again) != tuple(seen):
        return failed(CARDS, "The cards seen are not the cards that seed deals")
    return DealCheck(deal, OK, "The deal came from the seed everyone made")
