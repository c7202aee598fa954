"""Remote play's link to the page's transport (issue 30): the invite, and the commands that join a
room, send to a peer and leave it.

The transport is JavaScript (assets/js/transport.mjs over the vendored Trystero, loaded by
assets/js/page.js only when Python first asks to join): the page joins a room when asked
(``net-join``), sends each text Python gives it to a peer (``net-send``) and leaves (``net-leave``);
it tells Python each peer that joins or leaves (``net-peer``), each message (``net-message``,
the protocol's JSON text, kabale.net.messages) and a room it could not join (``net-error``).
kabale.web.app hands those to :data:`Link` the table's side holds (the host's, or a guest's).

The invite is an address: ``?game=kabalam&join=ROOM`` (with ``relay=`` and ``ice=`` when they
are not the defaults) and the room's password in the ``#fragment``, which browsers never send to
a server, so the site's host never sees it; the relays see only the signalling it encrypts.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from typing import Any, Protocol

from .page import PAGE
from .routes import query_fields

__all__ = ["Invite", "Link", "DEFAULT_RELAYS", "APP_ID", "join", "send", "leave", "remote_settings", "invite_from"]

#: The Nostr relays remote play signals through unless the address names others (``relay=``, for a
#: self-hosted relay): a few of Trystero's own public defaults.
DEFAULT_RELAYS: tuple[str, ...] = ("wss://nos.lol", "wss://relay.mostr.pub", "wss://purplerelay.com")
#: Trystero's app id: rooms of another app (or another version of this protocol) never meet ours.
APP_ID = "kabale-kabalam-1"

_ROOM = re.compile(r"^[A-Za-z0-9_-]{8,64}$")
_PASSWORD = re.compile(r"^[A-Za-z0-9_-]{8,128}$")
_RELAY = re.compile(r"^wss?://[A-Za-z0-9.\-\[\]:]+(?::\d{1,5})?(?:/[A-Za-z0-9._~/\-]*)?$")
_ICE = re.compile(r"^(?:stun|stuns|turn|turns):[A-Za-z0-9.\-\[\]:?=&_]+$")
_SAFE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/[]")


def _quote(text: str) -> str:
    """A query value percent-encoded (urllib.parse's ``quote`` costs its import at start in Pyodide)."""
    return "".join(c if c in _SAFE else "".join(f"%{b:02X}" for b in c.encode("utf-8")) for c in text)


@dataclass(frozen=True)
class Invite:
    """A room to meet in: its id, its password, the relays that carry its signalling, the ICE
    servers (None: Trystero's public STUN servers; (): none, as two contexts of one browser need)."""

    room: str
    password: str
    relays: tuple[str, ...] = DEFAULT_RELAYS
    ice: tuple[str, ...] | None = None

    @classmethod
    def new(cls, relays: tuple[str, ...] = DEFAULT_RELAYS, ice: tuple[str, ...] | None = None) -> "Invite":
        """A fresh room: 96 random bits of id, 144 of password (from the system's randomness)."""
        return cls(secrets.token_urlsafe(12), secrets.token_urlsafe(18), relays or DEFAULT_RELAYS, ice)

    def settings_query(self) -> str:
        """``&relay=...&ice=...`` when they are not the defaults (a self-hosted relay, a test's)."""
        parts = [] if self.relays == DEFAULT_RELAYS else [f"relay={_quote(relay)}" for relay in self.relays]
        if self.ice is not None:
            parts += [f"ice={_quote(server)}" for server in self.ice] or ["ice=none"]
        return "".join(f"&{part}" for part in parts)

    def query(self) -> str:
        """The invite's query and fragment: what a guest's page opens."""
        return f"?game=kabalam&join={self.room}{self.settings_query()}#{self.password}"

    def link(self, origin: str, path: str) -> str:
        """The invite as a whole address, for the host to send."""
        return f"{origin}{path}{self.query()}"

    def to_dict(self) -> dict[str, object]:
        return {"room": self.room, "password": self.password, "relays": list(self.relays),
                "ice": None if self.ice is None else list(self.ice)}

    @classmethod
    def from_dict(cls, data: object) -> "Invite":
        if not isinstance(data, dict):
            raise ValueError("an invite is an object")
        room, password, relays, ice = data.get("room"), data.get("password"), data.get("relays"), data.get("ice")
        if not isinstance(room, str) or not _ROOM.match(room) or not isinstance(password, str) \
                or not _PASSWORD.match(password):
            raise ValueError("an invite has a room and a password")
        if not isinstance(relays, list) or not relays or not all(isinstance(r, str) and _RELAY.match(r) for r in relays):
            raise ValueError("an invite's relays are WebSocket addresses")
        if ice is not None and (not isinstance(ice, list) or not all(isinstance(s, str) and _ICE.match(s) for s in ice)):
            raise ValueError("an invite's ICE servers are STUN or TURN addresses")
        return cls(room, password, tuple(relays), None if ice is None else tuple(ice))


def remote_settings(search: str, own_relays: str = "", own_ice: str = ""
                    ) -> tuple[tuple[str, ...], tuple[str, ...] | None]:
    """The relays and ICE servers an address names (``relay=wss://...``, repeated; ``ice=stun:...``
    or ``ice=none``), else the player's settings (``own_relays``, ``own_ice``: addresses separated
    by spaces): for strict networks, a self-hosted relay and TURN servers. A value that is not
    such an address is left out; none at all means the defaults.

    >>> remote_settings("?game=kabalam&relay=ws://127.0.0.1:7000&ice=none")
    (('ws://127.0.0.1:7000',), ())
    >>> remote_settings("?relay=javascript:alert(1)")[0] == DEFAULT_RELAYS
    True
    >>> remote_settings("?game=kabalam", "wss://relay.example nonsense", "turn:turn.example:3478")
    (('wss://relay.example',), ('turn:turn.example:3478',))
    """
    fields = query_fields(search)
    relay_values = fields.get("relay") or own_relays.split()
    relays = tuple(relay for relay in relay_values[:8] if _RELAY.match(relay))
    ice_values = (fields.get("ice") or own_ice.split())[:8]
    ice: tuple[str, ...] | None = None
    if ice_values:
        ice = () if ice_values == ["none"] else tuple(server for server in ice_values if _ICE.match(server)) or None
    return relays or DEFAULT_RELAYS, ice


def invite_from(search: str, fragment: str) -> Invite | None:
    """The invite an address holds (``join=ROOM`` and ``#password``), or None.

    >>> invite_from("?game=kabalam&join=abcdefgh12", "#secret-password").room
    'abcdefgh12'
    >>> invite_from("?game=kabalam&join=abcdefgh12", "") is None
    True
    """
    rooms = query_fields(search).get("join", [])
    password = fragment.lstrip("#")
    if not rooms or not _ROOM.match(rooms[-1]) or not _PASSWORD.match(password):
        return None
    relays, ice = remote_settings(search)
    return Invite(rooms[-1], password, relays, ice)


class Link(Protocol):
    """The side of a table played at a distance that the page's transport talks to (the host's
    or a guest's, kabale.web.remote_host and remote_guest)."""

    def on_joined(self, self_id: str) -> None: ...

    def on_peer(self, peer: str, joined: bool) -> None: ...

    def on_message(self, peer: str, text: str) -> None: ...

    def on_error(self, reason: str) -> None: ...

    def close(self) -> None: ...

    def table_in_play(self) -> Any:
        """This page's table at a distance while it is played (a Screen), else None."""


def join(invite: Invite) -> None:
    """Ask the page to join the room (it loads the transport the first time)."""
    PAGE.do("net-join", {"appId": APP_ID, "room": invite.room, "password": invite.password,
                         "relays": list(invite.relays),
                         "ice": None if invite.ice is None else [{"urls": server} for server in invite.ice]})


def send(peer: str, text: str) -> None:
    PAGE.do("net-send", peer, text)


def quiet(quiet: bool) -> None:
    """Go quiet on the relays (every seat is filled: public relays complain of the announces a
    room repeats every few seconds), or signal again (a seat is away, so its player can come back).
    The data channels carry on either way."""
    PAGE.do("net-quiet", quiet)


def leave() -> None:
    PAGE.do("net-leave")
