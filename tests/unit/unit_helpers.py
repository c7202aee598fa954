"""What several unit-test files share about KABALAM hands."""

from __future__ import annotations

from kabale.games.kabalam.hand import KabalamHand


def cards_seen_by(hand: KabalamHand, seat: str) -> set[int]:
    """The very cards (by identity) a seat has been allowed to see, from the full history."""
    seen: set[int] = set()
    for event in hand.history:
        public = event.kind in ("bare", "double", "flip") or (event.kind == "deal" and event.packet is not None)
        own = event.kind in ("deal", "draw") and event.seat == seat
        if public or own:
            seen.update(id(card) for card in event.cards)
    return seen
