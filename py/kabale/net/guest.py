"""A guest's page at a KABALAM table played at a distance: the match as its seat sees it.

Why: a guest's page does not run the match (the host's does, kabale.net.host),
yet its table must draw the hand from its seat, its Hint and memory aid must
think, and it must keep the scores across hands. So the guest keeps its seat's
:class:`~kabale.games.kabalam.state.KabalamObservation`, rebuilt from the host's
messages into the very value a local seat's table has (``observation``), the
hand's moves, and the public scores. Everything it knows came in a message
meant for its seat; nothing it holds is more than its seat may see.

It also keeps what checks the host (kabale.net.commitment): each deal's
commitment as seen before that deal, the bytes it sent, and the history it saw;
when the host reveals a deal, :attr:`Guest.checks` gets what the check found,
and once it agrees, :meth:`Guest.revealed_hand` is the whole hand (now public:
every seat's cards left at its end, and the hand a Review replays).
And it checks as it goes that the host never rewrites what it showed: a state
for the hand it holds must continue the history seen (else ``problems`` says so).

A message from the host that cannot be used (broken, or contradicting what was
seen) never raises: it is noted in :attr:`Guest.problems` and left unapplied;
one that shows a gap (an update that does not follow on) asks the host for the
whole state again.

:meth:`Guest.to_dict` is what the guest's page keeps, so that after a reload it
draws its table at once and comes back to its seat with its token.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from kabale.game import IllegalMove
from kabale.games.kabala.rules import Options
from kabale.games.kabalam.hand import KabalamHand
from kabale.games.kabalam.state import HandResult, KabalamObservation
from kabale.net import messages as m
from kabale.net.commitment import DealCheck, check_deal, dealt_again, is_hex, new_entropy
from kabale.net.messages import Contribute, GuestMessage, Hello, Join, Leave, Play, Refusal, Refused, Reveal
from kabale.net.views import apply_view, event_from_dict, observation_from_dict, observation_to_dict

__all__ = ["Guest"]

FORMAT_VERSION = 1
#: So many problems are kept (a broken host could send endless ones).
MAX_PROBLEMS = 20


class Guest:
    """One guest's page: its seat (once seated), its token, and its view of the table.
    ``entropy_from`` makes the bytes it adds to each deal (tests give a seeded one)."""

    def __init__(self, name: str = "", entropy_from: Callable[[], str] = new_entropy) -> None:
        self.name = name
        self.entropy_from = entropy_from
        self.seat: str | None = None
        self.token = ""
        self.table: dict[str, Any] | None = None  # the last Table's fields
        self.deal = 0  # the deal of the hand held (0: none yet)
        self.match: dict[str, Any] | None = None  # hand number, totals, in match, great Kabalists
        self.results: list[HandResult] = []
        self.observation: KabalamObservation | None = None
        self.moves: list[str] = []
        self.commitments: dict[int, str] = {}  # each deal's hash, as seen before it was dealt
        self.sent: dict[int, str] = {}  # the bytes sent for each deal
        self.checks: dict[int, DealCheck] = {}
        #: The last hand whose deal checked out, dealt again from its seed with its moves (its record,
        #: kabale.games.kabalam.hand): the whole hand, every seat's cards, public once revealed.
        self.revealed: dict[str, Any] | None = None
        self._revealed_hand: tuple[int, KabalamHand] | None = None
        self.refusal: Refusal | None = None  # the host's last refusal, for the table to show
        #: Turns the computer played for this seat that the table has not told her of yet.
        self.played_for: int = 0
        #: The host ended the table (m.Closed): no seat at it any more.
        self.closed = False
        self.problems: list[str] = []
        self._joining: str | None = None

    # -- what the guest sends ------------------------------------------------------------------

    def hello(self) -> Hello:
        return Hello()

    def join(self, seat: str, name: str | None = None) -> Join:
        """Sit at ``seat`` (one's own again, with its token, after a reload or the host's restart)."""
        if name is not None:
            self.name = name
        self._joining = seat
        return Join(seat, self.name, self.token if seat == self.seat else "")

    def play(self, move: str) -> Play:
        """A move of this seat, for the hand as it has seen it."""
        if self.seat is None:
            raise ValueError("sit down first")
        return Play(self.seat, self.token, self.deal, len(self.moves), str(move))

    def leave(self) -> Leave:
        """Leave the table for good: the page forgets its seat and token."""
        if self.seat is None:
            raise ValueError("not seated")
        message = Leave(self.seat, self.token)
        self.seat, self.token = None, ""
        return message

    # -- what it knows ------------------------------------------------------------------------------

    @property
    def totals(self) -> dict[str, int]:
        return {} if self.match is None else dict(self.match["totals"])

    def names(self) -> dict[str, str]:
        return {} if self.table is None else {seat["seat"]: seat["name"] for seat in self.table["seats"]}

    def away(self) -> tuple[str, ...]:
        """The seats whose player is away (the table says "waiting for NAME")."""
        return () if self.table is None else tuple(seat["seat"] for seat in self.table["seats"] if seat["away"])

    def free_seats(self) -> tuple[str, ...]:
        return () if self.table is None else tuple(
            seat["seat"] for seat in self.table["seats"] if seat["kind"] == "remote" and not seat["taken"])

    # -- what the host sends ------------------------------------------------------------------------

    def receive(self, text: Any) -> list[GuestMessage]:
        """A message from the host: the messages to send back because of it (the bytes for a
        deal just committed to, or a request for the whole state after a gap). Never raises."""
        try:
            message = m.decode(text, m.HOST_KINDS)
            return self._apply(message)
        except Refused as refused:
            self._problem(f"{refused.code}: {refused.text}")
        except (ValueError, TypeError, KeyError, AttributeError, IndexError) as error:
            self._problem(f"unusable message: {error}")
        return []

    def _problem(self, text: str) -> None:
        self.problems = [*self.problems, text][-MAX_PROBLEMS:]

    def _apply(self, message: Any) -> list[GuestMessage]:
        if isinstance(message, m.Table):
            table = _table(message.fields())
            self._seen_table(table)
            return self._committed(table)
        if isinstance(message, m.Closed):
            self.closed = True
            return []
        if isinstance(message, m.Seated):
            if message.seat != self._joining:
                raise ValueError(f"seated at {message.seat}, which was not asked for")
            self.seat, self.token, self._joining = message.seat, message.token, None
            return []
        if isinstance(message, m.State):
            return self._state(message)
        if isinstance(message, m.Update):
            return self._update(message)
        if isinstance(message, Reveal):
            self._check(message)
            return []
        assert isinstance(message, Refusal)
        self.refusal = message
        return []

    def _state(self, message: m.State) -> list[GuestMessage]:
        if message.seat != self.seat:
            raise ValueError(f"a state for {message.seat}, not this seat")
        table = _table(message.table)
        observation = None if message.observation is None else observation_from_dict(message.observation)
        if observation is not None and observation.seat != self.seat:
            raise ValueError("an observation of another seat")
        moves = _texts(message.moves)
        match = None if message.match is None else _summary(message.match)
        results = [] if match is None else [HandResult.from_dict(result) for result in match.pop("results")]
        reveal = None if message.reveal is None else Reveal.from_fields(message.reveal)
        if observation is not None and self.observation is not None and message.deal == self.deal and (
                observation.history[:len(self.observation.history)] != self.observation.history
                or moves[:len(self.moves)] != self.moves):
            self._problem("history_changed: the host's state does not continue the hand seen")
        self._seen_table(table)
        self.deal, self.match, self.results = message.deal, match, results
        self.observation, self.moves = observation, moves
        if reveal is not None:
            self._check(reveal)
        return self._committed(table, again=True)

    def _update(self, message: m.Update) -> list[GuestMessage]:
        observation = self.observation
        if (observation is None or self.seat is None or message.deal != self.deal
                or message.first != len(observation.history) or message.moves_first != len(self.moves)):
            self._problem("gap: an update that does not follow on; asking for the whole state")
            return [] if self.seat is None else [Join(self.seat, "", self.token)]
        events = tuple(event_from_dict(event) for event in message.events)
        updated = apply_view(observation, message.view, observation.history + events)
        moves = _texts(message.moves)
        match = _summary(message.match, results=False)
        if updated.result is not None and observation.result is None:
            self.results = [*self.results, updated.result]
        self.observation, self.moves, self.match = updated, [*self.moves, *moves], match
        return []

    def _seen_table(self, table: dict[str, Any]) -> None:
        """The table as it is now; the computer's turns for this seat that it shows newly (her
        seat was given to the computer while she was away) wait in :attr:`played_for` for her table."""
        def turns(seats: Any) -> int:
            return next((int(seat["computer_turns"]) for seat in seats if seat["seat"] == self.seat), 0)

        before = 0 if self.table is None else turns(self.table["seats"])
        self.played_for += max(0, turns(table["seats"]) - before)
        self.table = table

    def _committed(self, table: Mapping[str, Any], again: bool = False) -> list[GuestMessage]:
        """A commitment seen: keep it if the deal is still to come, and send this seat's bytes
        (``again``: the bytes already sent too, if the host has not got them: a state follows
        a new connection, and what was in flight on the old one may have been lost; a table
        that does not show them yet may only have crossed them on the way)."""
        deal, hashed = table["deal"], table["commitment"]
        if table["dealt"]:
            return []  # seen after its deal: it proves nothing of that deal
        known = self.commitments.setdefault(deal, hashed)
        if known != hashed:
            self._problem(f"commitment_changed: deal {deal} was committed to another secret")
            return []
        if self.seat is None or not self.token:
            return []
        mine = next((seat for seat in table["seats"] if seat["seat"] == self.seat), None)
        if mine is None or mine["contributed"] or (deal in self.sent and not again):
            return []
        entropy = self.sent.setdefault(deal, self.entropy_from())  # the same bytes again if they were lost
        return [Contribute(self.seat, self.token, deal, entropy)]

    def _check(self, reveal: Reveal) -> None:
        """Check a revealed deal against what this seat saw of it (once; again only to deal the whole
        hand of a deal checked before the page kept it: a record of release 43e629a, reloaded)."""
        observation = self.observation
        if reveal.deal != self.deal or observation is None or observation.result is None or self.seat is None:
            return
        known = self.checks.get(reveal.deal)
        if known is not None and (not known.ok or self.revealed_hand() is not None):
            return
        mine = (self.seat, self.sent[reveal.deal]) if reveal.deal in self.sent else None
        try:
            options = Options.from_dict(reveal.options)
        except ValueError:
            options = observation.options
        check = check_deal(
            reveal.deal, self.commitments.get(reveal.deal), reveal.secret, reveal.entropy, reveal.seed, mine,
            reveal.seats, reveal.starter, options, self.moves, self.seat, observation.history)
        if known is None:
            self.checks[reveal.deal] = check  # (what was found first stands)
        if check.ok:  # the hand is the one the seed deals: it may be shown whole, and reviewed
            hand = dealt_again(reveal.seed, reveal.seats, reveal.starter, options, self.moves)
            self.revealed, self._revealed_hand = {"deal": reveal.deal, "hand": hand.to_dict()}, (reveal.deal, hand)

    def revealed_hand(self) -> KabalamHand | None:
        """The hand held, whole, once it is over and its deal checked out (every seat's cards, for
        its end and its Review); None before, or if the check failed."""
        if self.revealed is None or self.revealed.get("deal") != self.deal:
            return None
        if self._revealed_hand is None or self._revealed_hand[0] != self.deal:
            try:
                self._revealed_hand = (self.deal, KabalamHand.from_dict(self.revealed["hand"]))
            except (IllegalMove, ValueError, KeyError, TypeError):
                self.revealed = None  # a damaged part of the record: the rest of it stands
                return None
        return self._revealed_hand[1]

    # -- the guest's storage ------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """What the guest's page keeps: its seat and token, what it saw, what it checked."""
        return {
            "version": FORMAT_VERSION,
            "game": "kabale-guest",
            "name": self.name,
            "seat": self.seat,
            "token": self.token,
            "table": self.table,
            "deal": self.deal,
            "match": None if self.match is None else {**self.match,
                                                      "results": [r.to_dict() for r in self.results]},
            "observation": None if self.observation is None else observation_to_dict(self.observation),
            "moves": list(self.moves),
            "commitments": {str(deal): hashed for deal, hashed in self.commitments.items()},
            "sent": {str(deal): entropy for deal, entropy in self.sent.items()},
            "checks": [{"deal": check.deal, "outcome": check.outcome, "text": check.text}
                       for check in self.checks.values()],
            "revealed": self.revealed,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], entropy_from: Callable[[], str] = new_entropy) -> "Guest":
        """The guest's page after a reload (ValueError if what it kept is damaged)."""
        if not isinstance(data, Mapping) or data.get("game") != "kabale-guest" or data.get("version") != FORMAT_VERSION:
            raise ValueError("not a Kabale guest's record")
        guest = cls(str(data.get("name", "")), entropy_from)
        try:
            guest.seat, guest.token = data["seat"], str(data["token"])
            guest.table = None if data["table"] is None else _table(data["table"])
            guest.deal = int(data["deal"])
            match = None if data["match"] is None else _summary(data["match"])
            guest.results = [] if match is None else [HandResult.from_dict(r) for r in match.pop("results")]
            guest.match = match
            guest.observation = None if data["observation"] is None else observation_from_dict(data["observation"])
            guest.moves = _texts(data["moves"])
            guest.commitments = {int(deal): str(hashed) for deal, hashed in data["commitments"].items()}
            guest.sent = {int(deal): str(entropy) for deal, entropy in data["sent"].items()
                          if is_hex(entropy)}
            guest.checks = {int(c["deal"]): DealCheck(int(c["deal"]), str(c["outcome"]), str(c["text"]))
                            for c in data["checks"]}
            revealed = data.get("revealed")  # (not in the records of releases before it)
            guest.revealed = revealed if isinstance(revealed, dict) and isinstance(revealed.get("deal"), int) else None
        except (KeyError, TypeError, AttributeError) as error:
            raise ValueError(f"a damaged guest record: {error}") from None
        return guest


def _texts(value: Any) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(item, str) and len(item) <= m.MAX_MOVE_TEXT for item in value):
        raise ValueError("moves are a list of texts")
    return list(value)


def _count(value: Any) -> int:
    """A count a host sent (0 for anything else: a host of an earlier release sends none)."""
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 1000 else 0


def _table(data: Any) -> dict[str, Any]:
    """A table's fields, checked enough that reading them later cannot fail."""
    if not isinstance(data, Mapping):
        raise ValueError("a table is an object")
    seats = data.get("seats")
    if not isinstance(seats, list) or not 2 <= len(seats) <= 4:
        raise ValueError("a table has 2 to 4 seats")
    checked = []
    for seat in seats:
        if not isinstance(seat, Mapping) or not isinstance(seat.get("seat"), str) or not isinstance(
                seat.get("name"), str) or not isinstance(seat.get("kind"), str):
            raise ValueError("a table's seat has a seat, a name and a kind")
        checked.append({"seat": seat["seat"], "kind": seat["kind"], "name": seat["name"][:m.MAX_NAME],
                        "level": str(seat.get("level", "")),
                        **{flag: bool(seat.get(flag)) for flag in ("taken", "away", "computer", "contributed")},
                        "computer_turns": _count(seat.get("computer_turns"))})
    deal, hashed = data.get("deal"), data.get("commitment")
    if not isinstance(deal, int) or isinstance(deal, bool) or deal < 0 or not is_hex(hashed):
        raise ValueError("a table names its deal and the commitment to it")
    return {"name": str(data.get("name", ""))[:m.MAX_NAME * 4], "seats": checked, "deal": deal, "commitment": hashed,
            "dealt": bool(data.get("dealt")), "options": dict(data.get("options") or {})}


def _summary(data: Any, results: bool = True) -> dict[str, Any]:
    """The match's public scores, checked (with every hand's result when ``results``)."""
    if not isinstance(data, Mapping):
        raise ValueError("a match's scores are an object")
    totals, in_match = data.get("totals"), data.get("in_match")
    if not isinstance(totals, Mapping) or not all(
            isinstance(seat, str) and isinstance(points, int) and not isinstance(points, bool)
            for seat, points in totals.items()):
        raise ValueError("a match's totals are points per seat")
    if not isinstance(in_match, list) or not all(isinstance(seat, str) for seat in in_match):
        raise ValueError("a match lists who is still in it")
    number, winners = data.get("hand_number"), data.get("great_kabalists")
    if not isinstance(number, int) or (winners is not None and not isinstance(winners, list)):
        raise ValueError("a match's hand number and Great Kabalists")
    summary: dict[str, Any] = {"hand_number": number, "totals": dict(totals), "in_match": list(in_match),
                               "great_kabalists": winners}
    if results:
        found = data.get("results")
        if not isinstance(found, list):
            raise ValueError("a match's results are a list")
        summary["results"] = found
    return summary

