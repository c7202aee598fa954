"""The messages of remote play: small frozen values, their JSON text, and the refusals.

Why a module of its own: everything a guest's page sends reaches the host as
text from a stranger's device, and the host's page must neither crash nor
change on a broken or hostile one. So reading a message is one function,
:func:`decode`, that either returns a message value or raises :class:`Refused`
(and nothing else), with a stable ``code`` the web layer translates and an
English ``text``; the host sends the refusal back as a :class:`Refusal` message.

Every message is a JSON object ``{"v": 1, "kind": ..., ...fields}``. The version
lets a later release refuse an older page plainly instead of misreading it. A
message from a guest is at most :data:`MAX_GUEST_TEXT` bytes (a move is some 150);
one from the host at most :data:`MAX_HOST_TEXT` (a whole hand's state is some 20 KB).
Unknown fields are refused as malformed: with a version number there is no need
to guess what an extra field meant.

A guest sends :class:`Hello`, :class:`Join`, :class:`Contribute`, :class:`Play`
and :class:`Leave`; the host sends :class:`Table`, :class:`Seated`, :class:`State`,
:class:`Update`, :class:`Reveal` and :class:`Refusal`. Each side decodes only the
kinds the other sends (:data:`GUEST_KINDS`, :data:`HOST_KINDS`).

>>> text = encode(Play("W", "token", 1, 0, "yield"))
>>> text
'{"v":1,"kind":"play","seat":"W","token":"token","deal":1,"at":0,"move":"yield"}'
>>> decode(text, GUEST_KINDS) == Play("W", "token", 1, 0, "yield")
True
>>> try:
...     decode('{"v": 1, "kind": "shuffle"}', GUEST_KINDS)
... except Refused as refused:
...     print(refused.code)
unknown_kind
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, ClassVar, Mapping, Union

__all__ = [
    "VERSION", "MAX_GUEST_TEXT", "MAX_HOST_TEXT", "Refused", "Refusal", "Hello", "Join", "Contribute", "Play",
    "Leave", "Table", "Seated", "State", "Update", "Reveal", "Closed", "Message", "GuestMessage", "HostMessage",
    "GUEST_KINDS", "HOST_KINDS", "encode", "decode", "CODES",
]

VERSION = 1
#: The most bytes of JSON a guest may send at once: a move, a join or a contribution fits in a tenth.
MAX_GUEST_TEXT = 2048
#: The most a host sends at once: a hand's whole state late in a long hand is some 20 KB.
MAX_HOST_TEXT = 256 * 1024
#: The longest move text (``bare 4S 4H 4D 4C 4S 4H 4D 4C on 2`` is 37 characters).
MAX_MOVE_TEXT = 48
MAX_NAME = 40
MAX_TOKEN = 64
#: Move and deal numbers beyond this are nonsense (a hand has a few hundred moves).
MAX_NUMBER = 1_000_000

# The refusals' codes: stable keys for the web layer's words (kabale.web.text.i18n), each with its English.
MALFORMED = "malformed"
TOO_BIG = "too_big"
UNKNOWN_KIND = "unknown_kind"
WRONG_VERSION = "wrong_version"
NOT_SEATED = "not_seated"
OTHER_SEAT = "other_seat"
BAD_TOKEN = "bad_token"
OUT_OF_TURN = "out_of_turn"
ILLEGAL_MOVE = "illegal_move"
STALE = "stale"
NO_SUCH_SEAT = "no_such_seat"
NOT_REMOTE = "not_remote"
SEAT_TAKEN = "seat_taken"
ALREADY_SEATED = "already_seated"
BAD_NAME = "bad_name"
NO_HAND = "no_hand"
NOT_WANTED = "not_wanted"
TOO_LATE = "too_late"

#: What each code means, in English (the web layer says it in the player's language).
CODES: dict[str, str] = {
    MALFORMED: "The message could not be read",
    TOO_BIG: "The message is too long",
    UNKNOWN_KIND: "There is no such message",
    WRONG_VERSION: "The message comes from another version of Kabale",
    NOT_SEATED: "Sit at the table first",
    OTHER_SEAT: "That is not your seat",
    BAD_TOKEN: "This page does not hold that seat",
    OUT_OF_TURN: "It is not your turn",
    ILLEGAL_MOVE: "That move is not allowed",
    STALE: "The game has moved on since",
    NO_SUCH_SEAT: "There is no such seat at this table",
    NOT_REMOTE: "That seat is not for a player on another device",
    SEAT_TAKEN: "Someone else sits there",
    ALREADY_SEATED: "This page already holds another seat",
    BAD_NAME: "A name is 1 to 40 letters",
    NO_HAND: "No hand is being played",
    NOT_WANTED: "That was not asked for",
    TOO_LATE: "The cards have been dealt already",
}


class Refused(Exception):
    """A message the host (or a guest) will not take, and why: ``code`` (one of :data:`CODES`),
    ``text`` in English, ``details`` for the words (an illegal move's own reason, a limit)."""

    def __init__(self, code: str, text: str | None = None, details: Mapping[str, Any] | None = None) -> None:
        self.code = code
        self.text = text or CODES.get(code, code)
        self.details: dict[str, Any] = dict(details or {})
        super().__init__(f"{code}: {self.text}")

    def refusal(self, refused: str = "") -> "Refusal":
        """The message that tells the sender (``refused``: the kind of message refused, if known)."""
        return Refusal(self.code, self.text, _plain(self.details), refused)


def _plain(value: Any) -> Any:
    """Details as JSON values only (an engine's details may hold other things)."""
    if isinstance(value, Mapping):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


class _Reader:
    """Reads a message's fields, refusing (malformed) a missing, mistyped, out-of-range or extra one."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.data = data
        self.read = {"v", "kind"}

    def _get(self, name: str) -> Any:
        if name not in self.data:
            raise Refused(MALFORMED, f"The message has no {name}", {"field": name})
        self.read.add(name)
        return self.data[name]

    def text(self, name: str, longest: int, empty: bool = True) -> str:
        value = self._get(name)
        if not isinstance(value, str) or len(value) > longest or (not empty and not value):
            raise Refused(MALFORMED, f"The message's {name} is not a text of up to {longest} letters",
                          {"field": name, "longest": longest})
        return value

    def number(self, name: str) -> int:
        value = self._get(name)
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_NUMBER:
            raise Refused(MALFORMED, f"The message's {name} is not a whole number", {"field": name})
        return value

    def flag(self, name: str) -> bool:
        value = self._get(name)
        if not isinstance(value, bool):
            raise Refused(MALFORMED, f"The message's {name} is not true or false", {"field": name})
        return value

    def mapping(self, name: str, optional: bool = False) -> dict[str, Any] | None:
        value = self._get(name)
        if value is None and optional:
            return None
        if not isinstance(value, dict):
            raise Refused(MALFORMED, f"The message's {name} is not an object", {"field": name})
        return value

    def listing(self, name: str) -> list[Any]:
        value = self._get(name)
        if not isinstance(value, list):
            raise Refused(MALFORMED, f"The message's {name} is not a list", {"field": name})
        return value

    def done(self) -> None:
        extra = sorted(set(self.data) - self.read)
        if extra:
            raise Refused(MALFORMED, f"The message has fields it should not: {', '.join(extra[:5])}",
                          {"fields": extra[:5]})


@dataclass(frozen=True)
class _Message:
    KIND: ClassVar[str] = ""

    def fields(self) -> dict[str, Any]:
        return dict(self.__dict__)

    def to_dict(self) -> dict[str, Any]:
        """The message as plain JSON values, version and kind first."""
        return {"v": VERSION, "kind": self.KIND, **self.fields()}

    @classmethod
    def from_dict(cls, data: Any) -> Any:
        """The message from :meth:`to_dict`'s values (Refused if they are not this kind's)."""
        if not isinstance(data, Mapping):
            raise Refused(MALFORMED, "The message is not a JSON object")
        if data.get("v") != VERSION or isinstance(data.get("v"), bool):
            raise Refused(WRONG_VERSION, details={"version": VERSION})
        if data.get("kind") != cls.KIND:
            raise Refused(UNKNOWN_KIND, details={"kinds": [cls.KIND]})
        reader = _Reader(data)
        message = cls.read(reader)  # type: ignore[attr-defined]
        reader.done()
        return message

    @classmethod
    def from_fields(cls, data: Any) -> Any:
        """The message from its fields alone (one carried inside another: a state's reveal)."""
        if not isinstance(data, Mapping):
            raise Refused(MALFORMED, "The message is not a JSON object")
        return cls.from_dict({**data, "v": VERSION, "kind": cls.KIND})


# -- what a guest sends -----------------------------------------------------------------------


@dataclass(frozen=True)
class Hello(_Message):
    """A page opened the invite: what is this table, who sits where, which seats are free?"""

    KIND: ClassVar[str] = "hello"

    @classmethod
    def read(cls, fields: _Reader) -> "Hello":
        return cls()


@dataclass(frozen=True)
class Join(_Message):
    """Sit at ``seat`` under ``name``: a free seat with no ``token``, or one's own seat again
    (after a reload, a dropped connection, the host's restart) with the token it was given."""

    KIND: ClassVar[str] = "join"
    seat: str
    name: str
    token: str = ""

    @classmethod
    def read(cls, fields: _Reader) -> "Join":
        return cls(fields.text("seat", 2), fields.text("name", MAX_NAME * 4), fields.text("token", MAX_TOKEN))


@dataclass(frozen=True)
class Contribute(_Message):
    """A guest's random bytes (hex) for deal number ``deal``, sent after it saw the host's
    commitment to that deal's secret (kabale.net.commitment)."""

    KIND: ClassVar[str] = "contribute"
    seat: str
    token: str
    deal: int
    entropy: str

    @classmethod
    def read(cls, fields: _Reader) -> "Contribute":
        return cls(fields.text("seat", 2), fields.text("token", MAX_TOKEN), fields.number("deal"),
                   fields.text("entropy", 64))


@dataclass(frozen=True)
class Play(_Message):
    """A move (its text) for ``seat`` in deal ``deal``, made when ``at`` moves of the hand had
    been played: a move sent again, or one answering a position that has passed, is stale."""

    KIND: ClassVar[str] = "play"
    seat: str
    token: str
    deal: int
    at: int
    move: str

    @classmethod
    def read(cls, fields: _Reader) -> "Play":
        return cls(fields.text("seat", 2), fields.text("token", MAX_TOKEN), fields.number("deal"),
                   fields.number("at"), fields.text("move", MAX_MOVE_TEXT))


@dataclass(frozen=True)
class Leave(_Message):
    """The guest leaves the table for good: the seat is free for another (or the computer)."""

    KIND: ClassVar[str] = "leave"
    seat: str
    token: str

    @classmethod
    def read(cls, fields: _Reader) -> "Leave":
        return cls(fields.text("seat", 2), fields.text("token", MAX_TOKEN))


# -- what the host sends ----------------------------------------------------------------------


@dataclass(frozen=True)
class Table(_Message):
    """The table as anyone may see it: its name, each seat (``seat``, ``kind``: here, remote or
    computer, ``name``, ``taken``, ``away``, ``computer``: played by the computer now,
    ``computer_turns``: the turns it played for a friend away in the hand in play), the
    hash the host committed to for the next deal, and whether it has been dealt."""

    KIND: ClassVar[str] = "table"
    name: str
    seats: list[dict[str, Any]]
    deal: int
    commitment: str
    dealt: bool
    options: dict[str, Any]

    @classmethod
    def read(cls, fields: _Reader) -> "Table":
        options = fields.mapping("options")
        assert options is not None
        return cls(fields.text("name", MAX_NAME * 4), fields.listing("seats"), fields.number("deal"),
                   fields.text("commitment", 64), fields.flag("dealt"), options)


@dataclass(frozen=True)
class Seated(_Message):
    """You sit at ``seat``; keep ``token``: it proves the seat is yours when you come back."""

    KIND: ClassVar[str] = "seated"
    seat: str
    token: str

    @classmethod
    def read(cls, fields: _Reader) -> "Seated":
        return cls(fields.text("seat", 2), fields.text("token", MAX_TOKEN, empty=False))


@dataclass(frozen=True)
class State(_Message):
    """Everything a seat may know, at once: on sitting down, on coming back, at each deal.
    ``observation`` is the seat's (kabale.net.views), ``moves`` the hand's moves as text,
    ``match`` the public scores, ``reveal`` the last finished deal's :class:`Reveal` fields."""

    KIND: ClassVar[str] = "state"
    seat: str
    table: dict[str, Any]
    deal: int
    match: dict[str, Any] | None
    observation: dict[str, Any] | None
    moves: list[str]
    reveal: dict[str, Any] | None

    @classmethod
    def read(cls, fields: _Reader) -> "State":
        table = fields.mapping("table")
        assert table is not None
        return cls(fields.text("seat", 2), table, fields.number("deal"), fields.mapping("match", True),
                   fields.mapping("observation", True), fields.listing("moves"), fields.mapping("reveal", True))


@dataclass(frozen=True)
class Update(_Message):
    """What changed since the last message: the seat's new history ``events`` (from index
    ``first``), the new ``moves`` (from index ``moves_first``), its observation's other
    fields (``view``) and the public scores (``match``)."""

    KIND: ClassVar[str] = "update"
    deal: int
    first: int
    events: list[dict[str, Any]]
    moves_first: int
    moves: list[str]
    view: dict[str, Any]
    match: dict[str, Any]

    @classmethod
    def read(cls, fields: _Reader) -> "Update":
        view, match = fields.mapping("view"), fields.mapping("match")
        assert view is not None and match is not None
        return cls(fields.number("deal"), fields.number("first"), fields.listing("events"),
                   fields.number("moves_first"), fields.listing("moves"), view, match)


@dataclass(frozen=True)
class Reveal(_Message):
    """After a hand: the secret of deal ``deal`` and every guest's bytes, so each guest checks
    the commitment and deals the hand again (kabale.net.commitment.check_deal); ``seed`` is
    the seed the host says it dealt with, ``seats``, ``starter`` and ``options`` how."""

    KIND: ClassVar[str] = "reveal"
    deal: int
    secret: str
    entropy: dict[str, str]
    seed: int
    seats: list[str]
    starter: str
    options: dict[str, Any]

    @classmethod
    def read(cls, fields: _Reader) -> "Reveal":
        entropy, options = fields.mapping("entropy"), fields.mapping("options")
        assert entropy is not None and options is not None
        seed = fields._get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise Refused(MALFORMED, "The message's seed is not a whole number", {"field": "seed"})
        return cls(fields.number("deal"), fields.text("secret", 64), entropy, seed, fields.listing("seats"),
                   fields.text("starter", 2), options)


@dataclass(frozen=True)
class Refusal(_Message):
    """Your message was refused: ``code`` (stable, for translation), ``text`` (English),
    ``details`` and the kind of message ``refused``. The host's state did not change."""

    KIND: ClassVar[str] = "refusal"
    code: str
    text: str
    details: dict[str, Any] = field(default_factory=dict)
    refused: str = ""

    @classmethod
    def read(cls, fields: _Reader) -> "Refusal":
        details = fields.mapping("details")
        assert details is not None
        return cls(fields.text("code", 40), fields.text("text", 400), details, fields.text("refused", 20))


@dataclass(frozen=True)
class Closed(_Message):
    """The host ended the table for good: the match is not kept, and no seat at it is any more
    (a friend's page forgets hers, and says so, rather than wait for a table gone for ever)."""

    KIND: ClassVar[str] = "closed"

    @classmethod
    def read(cls, fields: _Reader) -> "Closed":
        return cls()


GuestMessage = Union[Hello, Join, Contribute, Play, Leave]
HostMessage = Union[Table, Seated, State, Update, Reveal, Refusal, Closed]
Message = Union[GuestMessage, HostMessage]

GUEST_KINDS: dict[str, Any] = {kind.KIND: kind for kind in (Hello, Join, Contribute, Play, Leave)}
HOST_KINDS: dict[str, Any] = {kind.KIND: kind for kind in (Table, Seated, State, Update, Reveal, Refusal, Closed)}


def encode(message: Message) -> str:
    """The message as compact JSON text (no NaN: JSON has none)."""
    return json.dumps(message.to_dict(), separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def decode(text: Any, kinds: Mapping[str, Any], limit: int | None = None) -> Any:
    """Read one message of the ``kinds`` one side takes (:data:`GUEST_KINDS` on the host's page,
    :data:`HOST_KINDS` on a guest's), or raise :class:`Refused`: never anything else, whatever
    ``text`` is (not text, too long, not JSON, nested too deep, another version, another kind,
    a field missing, mistyped or extra)."""
    if limit is None:
        limit = MAX_GUEST_TEXT if kinds is GUEST_KINDS else MAX_HOST_TEXT
    if isinstance(text, (bytes, bytearray)):
        if len(text) > limit:
            raise Refused(TOO_BIG, details={"limit": limit})
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise Refused(MALFORMED, "The message is not UTF-8 text") from None
    if not isinstance(text, str):
        raise Refused(MALFORMED, "The message is not text")
    if len(text) > limit or len(text.encode("utf-8", "surrogatepass")) > limit:
        raise Refused(TOO_BIG, details={"limit": limit})
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise Refused(MALFORMED, "The message is not JSON") from None
    if not isinstance(data, dict):
        raise Refused(MALFORMED, "The message is not a JSON object")
    if "v" not in data:
        raise Refused(MALFORMED, "The message has no version")
    if data["v"] != VERSION or isinstance(data["v"], bool):
        raise Refused(WRONG_VERSION, details={"version": VERSION})
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in kinds:
        raise Refused(UNKNOWN_KIND, details={"kinds": sorted(kinds)})
    return kinds[kind].from_dict(data)
