"""The host of a KABALAM table played at a distance: it runs the match, guests send moves.

Why the host and not a server: Kabale has none (issue 30). The page that set the
table up holds the match, deals, checks every move with the engine and plays
the computer's seats; each guest's page only sends its moves and draws what
it is told. The host's engine is the authority, so a guest cannot cheat by
changing its own page, and the host tells each guest only its seat's
observation (kabale.net.views), so no card it may not see ever reaches it.

What this class is: the table's state (the match, the seats, the tokens, the
deal's commitment) and one function per thing that can happen to it, each
returning the messages to send as :class:`Outgoing` (peer, message) pairs; the
transport (JavaScript, WebRTC) only carries text. A ``peer`` is the transport's
name for one connection; a seat is bound to the peer that last proved it holds
it. Nothing here waits, times or sends.

* **Seats** are a person here, a person on another device (``remote``) or the
  computer; the one :class:`~kabale.session.Session` plays them all, and a
  remote seat is a person's seat whose moves come through :meth:`Host.receive`.
* **Tokens**: a guest who sits down gets a random token, which its page keeps;
  it proves the seat is its own on every message and when it comes back (a
  reload, a dropped channel, the host's restart). The host keeps only the
  token's hash, so its saved record does not hand out seats.
* **Refusals**: a message that is malformed, too big, of an unknown kind, for a
  seat the peer does not hold, with a wrong token, out of turn, stale (sent
  again, or answering a position that has passed) or an illegal move is
  answered with a :class:`~kabale.net.messages.Refusal` to its sender, and
  changes nothing (tests/unit/test_net_hostile.py compares :meth:`Host.to_dict`).
* **Away**: when a guest's channel closes (:meth:`Host.disconnected`), the seat
  is away and everyone sees it; the host may give it to the computer
  (:meth:`Host.give_to_computer`); when its player comes back with its token,
  the seat is hers again.
* **The deal**: each deal's seed comes from a secret the host committed to and
  the guests' bytes (kabale.net.commitment); the secret is revealed after the
  hand.
* **Restart**: :meth:`Host.to_dict` is the whole table for the host's storage;
  :meth:`Host.from_dict` resumes it with every remote seat away until its guest
  comes back.
"""

from __future__ import annotations

import hashlib
import secrets
import unicodedata
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from kabale.game import IllegalMove
from kabale.games.kabala.rules import PASS, YIELD, Move, Options
from kabale.games.kabalam.match import Match
from kabale.games.kabalam.state import seats_of
from kabale.net import messages as m
from kabale.net.commitment import commitment, deal_seed, is_hex, new_secret
from kabale.net.messages import (Contribute, HostMessage, Join, Leave, Play, Refused, Reveal, Seated, State, Table,
                                 Update)
from kabale.net.views import match_summary, observation_for, observation_to_dict, view_fields
from kabale.session import Chooser, Session, Turn

__all__ = ["Host", "SeatPlan", "Outgoing", "HERE", "REMOTE", "COMPUTER", "KINDS"]

FORMAT_VERSION = 1
#: A seat's player: a person at the host's device, a person at another device, the computer.
HERE, REMOTE, COMPUTER = "here", "remote", "computer"
#: How a seat's turn ends in the history (a yield, a pass, or closing the hand): counted once a turn,
#: not at each of its events (a draw, each play: a playthrough's 3 turns were told as 9).
TURN_ENDS = (YIELD, PASS, "close")
KINDS = (HERE, REMOTE, COMPUTER)
LEVELS = ("easy", "normal", "hard", "expert")


@dataclass(frozen=True)
class SeatPlan:
    """Who plays a seat, as the host set the table up: ``kind`` (here, remote, computer), a
    ``name`` (a remote seat takes its guest's), and the computer's ``level`` (for a computer
    seat, and for a remote seat the host gives to the computer while its player is away)."""

    seat: str
    kind: str
    name: str = ""
    level: str = "normal"

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"a seat is played {', '.join(KINDS)}, not {self.kind!r}")
        if self.level not in LEVELS:
            raise ValueError(f"the computer's levels are {', '.join(LEVELS)}, not {self.level!r}")


@dataclass(frozen=True)
class Outgoing:
    """A message for the transport to send to ``peer``."""

    peer: str
    message: HostMessage

    def text(self) -> str:
        return m.encode(self.message)


@dataclass
class _Seat:
    """A seat's state at the table (the host's own bookkeeping, saved with it)."""

    kind: str
    name: str
    level: str
    token_hash: str | None = None  # a remote seat's guest holds the token with this hash
    away: bool = False  # a remote seat whose guest is not connected
    computer: bool = False  # a remote seat the computer plays while its guest is away
    computer_turns: int = 0  # the turns the computer played for a remote seat in the hand in play

    @property
    def taken(self) -> bool:
        return self.kind != REMOTE or self.token_hash is not None


def _hash(token: str) -> str:
    return hashlib.sha256(b"kabale seat\0" + token.encode("utf-8", "surrogatepass")).hexdigest()


def _check_name(name: str) -> str:
    """A guest's name as shown to the table: 1 to 40 printable letters, spaces trimmed."""
    name = " ".join(name.split())
    if not 1 <= len(name) <= m.MAX_NAME or any(unicodedata.category(c)[0] == "C" for c in name):
        raise Refused(m.BAD_NAME)
    return name


class Host:
    """A table and its match, on the host's page. ``chooser_for(level)`` gives the computer's
    chooser at a level (the layer above makes it from kabale.bots). With ``play_computers``
    (the default) the computer's turns are played as soon as they come, with blocking
    choosers; a table that thinks in slices turns it off and asks :meth:`computer_turn`.
    ``secrets_from`` makes each deal's secret (tests and benchmarks give a seeded one)."""

    def __init__(self, plans: Sequence[SeatPlan], chooser_for: Callable[[str], Chooser], name: str = "",
                 options: Options = Options(), play_computers: bool = True,
                 secrets_from: Callable[[], str] = new_secret) -> None:
        seats = seats_of([plan.seat for plan in plans])
        by_seat = {plan.seat: plan for plan in plans}
        self.name = name
        self.options = options
        self.chooser_for = chooser_for
        self.play_computers = play_computers
        self.secrets_from = secrets_from
        self.seats: dict[str, _Seat] = {seat: _Seat(by_seat[seat].kind, by_seat[seat].name, by_seat[seat].level)
                                        for seat in seats}
        self.match: Match | None = None
        self.session: Session | None = None
        #: The deal being prepared (committed to, not yet dealt) or in play.
        self.deal = 1
        #: The deal the current (or last finished) hand came from; 0 before the first.
        self.hand_deal = 0
        self.secret = secrets_from()
        self.entropy: dict[str, str] = {}
        self.dealt = False
        self.seed: int | None = None
        self.last_reveal: Reveal | None = None
        # The connections: never saved (a restarted host waits for its guests to come back).
        self.peers: dict[str, str] = {}  # peer -> the seat it holds
        self.lobby: set[str] = set()  # peers that asked for the table and sit nowhere yet
        self._sent: dict[str, tuple[int, int, int]] = {}  # seat -> (hand_deal, events, moves) sent
        self._counted = (0, 0)  # the hand's history read for the computer's turns: (hand_deal, events)

    # -- what anyone may know --------------------------------------------------------------

    @property
    def commitment(self) -> str:
        """The hash of the next (or current) deal's secret, shown to everyone before it is dealt."""
        return commitment(self.secret)

    def table(self) -> Table:
        """The table as anyone may see it (the invite's page shows it before sitting down)."""
        seats = [{"seat": seat, "kind": state.kind, "name": state.name, "level": state.level, "taken": state.taken,
                  "away": state.away, "computer": state.kind == COMPUTER or state.computer,
                  "computer_turns": state.computer_turns, "contributed": seat in self.entropy}
                 for seat, state in self.seats.items()]
        return Table(self.name, seats, self.deal, self.commitment, self.dealt, self.options.to_dict())

    def missing(self) -> tuple[str, ...]:
        """The remote seats the next deal waits for: free ones, and present guests whose bytes
        have not come (a guest away is not waited for)."""
        playing = self.match.in_match if self.match is not None and not self.match.is_over() else tuple(self.seats)
        return tuple(seat for seat, state in self.seats.items() if state.kind == REMOTE and (
            not state.taken or (seat in playing and not state.away and seat not in self.entropy)))

    def everyone_seated(self) -> bool:
        """Every remote seat is held by a guest who is here. No page then needs the relays to find
        this table, and the host's may go quiet on them until a seat is away or free again."""
        held = set(self.peers.values())
        return all(state.taken and not state.away and seat in held
                   for seat, state in self.seats.items() if state.kind == REMOTE)

    def hand_in_play(self) -> bool:
        return self.match is not None and self.match.hand is not None and not self.match.hand.is_over()

    # -- the host's own actions ------------------------------------------------------------------

    def deal_next(self, force: bool = False) -> list[Outgoing]:
        """Deal: the match's first hand, its next one, or a new match's first once it is over.
        It waits for :meth:`missing` unless ``force`` (the host deals without a free seat's
        guest or an absent one's bytes). ValueError when it cannot."""
        if self.hand_in_play():
            raise ValueError("a hand is being played")
        if self.missing() and not force:
            raise ValueError(f"waiting for {', '.join(self.missing())}")
        if self.dealt:
            raise ValueError("this deal has been dealt")  # pragma: no cover - a hand in play or revealed
        seed = deal_seed(self.deal, self.secret, self.entropy)
        if self.match is None or self.match.is_over():
            self.match = Match(seed, list(self.seats), self.options)
            self.session = self._new_session(self.match)
        self.match.next_hand(seed)
        self.seed, self.dealt, self.hand_deal = seed, True, self.deal
        for state in self.seats.values():
            state.computer_turns = 0
        self._counted = (self.hand_deal, 0)
        return self._after_move()

    def play_here(self, seat: str, move: Move | str) -> list[Outgoing]:
        """A move of a person at the host's device (IllegalMove as the engine says, changing nothing)."""
        if self.seats[seat].kind != HERE:
            raise ValueError(f"{seat} is not played at this device")
        self._session().play(move, seat, follow=False)
        return self._after_move()

    def computer_turn(self) -> Turn | None:
        """The computer's turn to think about now, for a table that thinks in slices."""
        return None if self.session is None or not self.hand_in_play() else self.session.computer_turn()

    def play_computer(self, turn: Turn, move: Move) -> list[Outgoing]:
        """The move the computer chose for ``turn`` (IllegalMove if the game moved on)."""
        self._session().play_computer(turn, move, follow=False)
        return self._after_move()

    def play_forced(self) -> list[Outgoing]:
        """Play the forced moves of the position now (a table that shows each move asks after
        showing one), and tell every guest what changed."""
        if self.session is None or not self.hand_in_play():
            return []
        return self._after_move()

    def settle(self) -> list[Outgoing]:
        """Play the computer's turns and forced moves now, with the blocking choosers."""
        if self.session is None or self.match is None or self.match.hand is None:
            return []
        self.session.settle()
        return self._after_move()

    def disconnected(self, peer: str) -> list[Outgoing]:
        """The transport lost ``peer``: its seat is away (the others see "waiting for NAME")."""
        self.lobby.discard(peer)
        seat = self.peers.pop(peer, None)
        if seat is None or seat in self.peers.values():
            return []
        self.seats[seat].away = True
        self._sent.pop(seat, None)
        return self._broadcast(self.table())

    def give_to_computer(self, seat: str, level: str | None = None) -> list[Outgoing]:
        """Let the computer play an away guest's seat until she comes back."""
        state = self.seats[seat]
        if state.kind != REMOTE or not state.away:
            raise ValueError(f"{seat} is not an away player's seat")
        if level is not None:
            state.level = SeatPlan(seat, REMOTE, level=level).level
        state.computer = True
        if self.session is not None:
            self.session.set_computer(seat, self.chooser_for(state.level))
        return self._broadcast(self.table()) + (self.settle() if self.play_computers else [])

    def end_table(self) -> list[Outgoing]:
        """End the table for good (the host's End the table, confirmed): every page at it is told,
        the seated friends' and those choosing a seat."""
        return [Outgoing(peer, m.Closed()) for peer in [*self.peers, *sorted(self.lobby)]]

    def give_back(self, seat: str) -> list[Outgoing]:
        """The seat is its guest's again (done by itself when she comes back with her token)."""
        state = self.seats[seat]
        if not state.computer:
            return []
        state.computer = False
        if self.session is not None:
            self.session.set_computer(seat, None)
        return self._broadcast(self.table())

    # -- what guests send ------------------------------------------------------------------------

    def receive(self, peer: str, text: Any) -> list[Outgoing]:
        """A guest's message: what to send because of it. A message refused changes nothing and
        is answered with a :class:`~kabale.net.messages.Refusal` to ``peer`` alone."""
        kind = ""
        try:
            message = m.decode(text, m.GUEST_KINDS)
            kind = message.KIND
            if isinstance(message, m.Hello):
                self.lobby.add(peer)
                return [Outgoing(peer, self.table())]
            if isinstance(message, Join):
                return self._join(peer, message)
            if isinstance(message, Contribute):
                return self._contribute(peer, message)
            if isinstance(message, Play):
                return self._play(peer, message)
            return self._leave(peer, message)
        except Refused as refused:
            return [Outgoing(peer, refused.refusal(kind))]

    def _holder(self, peer: str, seat: str, token: str) -> _Seat:
        """The seat ``peer`` sends for, once it proved it holds it (else Refused)."""
        held = self.peers.get(peer)
        if held is None:
            raise Refused(m.NOT_SEATED)
        if seat != held:
            raise Refused(m.OTHER_SEAT, details={"seat": held})
        state = self.seats[held]
        if not token or state.token_hash is None or not secrets.compare_digest(_hash(token), state.token_hash):
            raise Refused(m.BAD_TOKEN)
        return state

    def _join(self, peer: str, message: Join) -> list[Outgoing]:
        seat = message.seat
        state = self.seats.get(seat)
        if state is None:
            raise Refused(m.NO_SUCH_SEAT, details={"seat": seat})
        if state.kind != REMOTE:
            raise Refused(m.NOT_REMOTE, details={"seat": seat})
        held = self.peers.get(peer)
        if held is not None and held != seat:
            raise Refused(m.ALREADY_SEATED, details={"seat": held})
        name = _check_name(message.name) if message.name or not message.token else state.name
        token = message.token
        if token:
            if state.token_hash is None or not secrets.compare_digest(_hash(token), state.token_hash):
                raise Refused(m.BAD_TOKEN)
        elif state.token_hash is not None:
            raise Refused(m.SEAT_TAKEN, details={"seat": seat, "name": state.name})
        else:
            token = secrets.token_urlsafe(24)
            state.token_hash = _hash(token)
        # accepted: from here on the table changes
        for other in [other for other, bound in self.peers.items() if bound == seat]:
            del self.peers[other]  # the connection it came back from replaces the one it lost
        self.peers[peer] = seat
        self.lobby.discard(peer)
        state.name, state.away = name, False
        out = [Outgoing(peer, Seated(seat, token))]
        if state.computer:
            out += self.give_back(seat)
        out.append(Outgoing(peer, self._state(seat)))
        return out + self._broadcast(self.table(), but=peer)

    def _contribute(self, peer: str, message: Contribute) -> list[Outgoing]:
        self._holder(peer, message.seat, message.token)
        if message.deal != self.deal:
            raise Refused(m.STALE, details={"deal": self.deal})
        if self.dealt:
            raise Refused(m.TOO_LATE, details={"deal": self.deal})
        if not is_hex(message.entropy):
            raise Refused(m.MALFORMED, "The random bytes are not 32 bytes in hex", {"field": "entropy"})
        if message.seat in self.entropy:
            raise Refused(m.NOT_WANTED, "Your random bytes for this deal have come already", {"deal": self.deal})
        self.entropy[message.seat] = message.entropy
        return self._broadcast(self.table())

    def _play(self, peer: str, message: Play) -> list[Outgoing]:
        seat = message.seat
        self._holder(peer, seat, message.token)
        match = self.match
        if match is None or match.hand is None or match.hand.is_over():
            raise Refused(m.NO_HAND)
        hand = match.hand
        if message.deal != self.hand_deal or message.at != len(hand.moves):
            raise Refused(m.STALE, details={"deal": self.hand_deal, "at": len(hand.moves)})
        if hand.turn != seat:
            raise Refused(m.OUT_OF_TURN, details={"turn": hand.turn})
        try:
            self._session().play(message.move, seat, follow=False)
        except IllegalMove as error:
            raise Refused(m.ILLEGAL_MOVE, error.message, {"reason": error.reason, **error.details}) from None
        return self._after_move()

    def _leave(self, peer: str, message: Leave) -> list[Outgoing]:
        state = self._holder(peer, message.seat, message.token)
        del self.peers[peer]
        state.token_hash, state.away = None, True
        self._sent.pop(message.seat, None)
        if not self.dealt:  # whoever sits there next adds bytes of her own to the deal
            self.entropy.pop(message.seat, None)
        return self._broadcast(self.table())

    # -- after every change ---------------------------------------------------------------------

    def _session(self) -> Session:
        if self.session is None:
            raise IllegalMove("No hand is being played", "game_over")
        return self.session

    def _new_session(self, match: Match) -> Session:
        computers = {seat: self.chooser_for(state.level) for seat, state in self.seats.items()
                     if state.kind == COMPUTER or state.computer}
        return Session(match, computers)

    def _after_move(self) -> list[Outgoing]:
        """Play what follows by itself (forced moves; the computer's turns if the host plays them),
        tell every guest what changed, and reveal the deal if its hand is over."""
        session = self._session()
        if self.play_computers:
            session.settle()
        else:
            while session.play_forced(follow=False):
                pass
        out = self._updates()
        assert self.match is not None and self.match.hand is not None
        if self.match.hand.is_over() and self.dealt:
            out += self._reveal()
        return out

    def _reveal(self) -> list[Outgoing]:
        """The hand is over: reveal its secret and bytes, and commit to the next deal's secret."""
        assert self.match is not None and self.match.hand is not None and self.seed is not None
        hand = self.match.hand
        self.last_reveal = Reveal(self.deal, self.secret, dict(self.entropy), self.seed, list(hand.seats),
                                  hand.to_dict()["starter"], self.options.to_dict())
        self.deal += 1
        self.secret, self.entropy, self.dealt, self.seed = self.secrets_from(), {}, False, None
        return self._broadcast(self.last_reveal) + self._broadcast(self.table())

    def _broadcast(self, message: HostMessage, but: str | None = None) -> list[Outgoing]:
        """To every connected guest (and the pages choosing a seat, for the table)."""
        peers = list(self.peers)
        if isinstance(message, Table):
            peers += sorted(self.lobby)
        return [Outgoing(peer, message) for peer in peers if peer != but]

    def _state(self, seat: str) -> State:
        """Everything ``seat`` may know now, to be sent to it (it is then up to date)."""
        state = self.state_of(seat)
        match = self.match
        if match is not None and match.hand is not None:
            self._sent[seat] = (self.hand_deal, len(state.observation["history"]) if state.observation else 0,
                                len(match.hand.moves))
        return state

    def state_of(self, seat: str) -> State:
        """Everything ``seat`` may know now: what it gets when it sits down or comes back."""
        match = self.match
        hand = None if match is None else match.hand
        table = self.table().fields()
        if match is None or hand is None:
            return State(seat, table, 0, None, None, [], None)
        observation = observation_for(hand, seat)
        reveal = None if self.last_reveal is None else self.last_reveal.fields()
        return State(seat, table, self.hand_deal, match_summary(match), observation_to_dict(observation),
                     [str(move) for move in hand.moves], reveal)

    def _updates(self) -> list[Outgoing]:
        """Each connected guest's news: a whole state at a new hand, else what changed."""
        match = self.match
        if match is None or match.hand is None:
            return []
        hand, out = match.hand, []
        self._count_computer_turns()
        summary: dict[str, Any] | None = None
        for peer, seat in self.peers.items():
            sent = self._sent.get(seat)
            if sent is None or sent[0] != self.hand_deal:
                out.append(Outgoing(peer, self._state(seat)))
                continue
            observation = observation_for(hand, seat)
            events, moves = observation.history[sent[1]:], hand.moves[sent[2]:]
            if not events and not moves:
                continue
            if summary is None:  # the scores, without every hand's result (a state has those)
                summary = {key: value for key, value in match_summary(match).items() if key != "results"}
            out.append(Outgoing(peer, Update(self.hand_deal, sent[1], [event.to_dict() for event in events], sent[2],
                                             [str(move) for move in moves], view_fields(observation), summary)))
            self._sent[seat] = (self.hand_deal, len(observation.history), len(hand.moves))
        return out

    def _count_computer_turns(self) -> None:
        """Count the turns the computer played for each away friend (a remote seat given to it),
        from the history not read yet: the table says how many, so that her page can tell her on
        her return (the moves were her seat's, and her log alone read as if she had made them)."""
        hand = None if self.match is None else self.match.hand
        if hand is None or self._counted[0] != self.hand_deal:
            return
        for event in hand.history[self._counted[1]:]:
            state = self.seats.get(event.seat or "")
            if state is not None and event.kind in TURN_ENDS and state.kind == REMOTE and state.computer:
                state.computer_turns += 1
        self._counted = (self.hand_deal, len(hand.history))

    # -- the host's storage -----------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The whole table as plain JSON, for the host's storage (the secret of the deal in
        preparation included: a restarted host must reveal the secret it committed to)."""
        return {
            "version": FORMAT_VERSION,
            "game": "kabale-host",
            "name": self.name,
            "options": self.options.to_dict(),
            "play_computers": self.play_computers,
            "seats": [{"seat": seat, "kind": state.kind, "name": state.name, "level": state.level,
                       "token_hash": state.token_hash, "away": state.away, "computer": state.computer,
                       "computer_turns": state.computer_turns}
                      for seat, state in self.seats.items()],
            "match": None if self.match is None else self.match.to_dict(),
            "deal": self.deal,
            "hand_deal": self.hand_deal,
            "secret": self.secret,
            "entropy": dict(self.entropy),
            "dealt": self.dealt,
            "seed": self.seed,
            "last_reveal": None if self.last_reveal is None else self.last_reveal.fields(),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], chooser_for: Callable[[str], Chooser],
                  secrets_from: Callable[[], str] = new_secret) -> "Host":
        """Resume a table from its record; every remote seat is away until its guest comes back
        (ValueError if the record is damaged)."""
        if not isinstance(data, Mapping) or data.get("game") != "kabale-host":
            raise ValueError("not a Kabale host's record")
        if data.get("version") != FORMAT_VERSION:
            raise ValueError(f"unknown host record version {data.get('version')!r}")
        try:
            seats = data["seats"]
            plans = [SeatPlan(seat["seat"], seat["kind"], seat["name"], seat["level"]) for seat in seats]
            host = cls(plans, chooser_for, str(data["name"]), Options.from_dict(data["options"]),
                       bool(data["play_computers"]), secrets_from)
            for seat in seats:
                state = host.seats[seat["seat"]]
                state.token_hash, state.computer = seat["token_hash"], bool(seat["computer"])
                state.away = state.kind == REMOTE
                state.computer_turns = int(seat.get("computer_turns", 0))  # (not in earlier records)
            if data["match"] is not None:
                host.match = Match.from_dict(data["match"])
                host.session = host._new_session(host.match)
            host.deal, host.hand_deal, host.dealt = int(data["deal"]), int(data["hand_deal"]), bool(data["dealt"])
            host.secret, host.entropy, host.seed = str(data["secret"]), dict(data["entropy"]), data["seed"]
            reveal = data["last_reveal"]
            host.last_reveal = None if reveal is None else Reveal(**reveal)
            if host.match is not None and host.match.hand is not None:  # what the record counted
                host._counted = (host.hand_deal, len(host.match.hand.history))
        except (KeyError, TypeError, IllegalMove) as error:
            raise ValueError(f"a damaged host record: {error}") from None
        if not is_hex(host.secret) or not all(is_hex(value) for value in host.entropy.values()):
            raise ValueError("a damaged host record: its secret or bytes")
        return host
