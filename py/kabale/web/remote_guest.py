"""A guest's side of a KABALAM table played at a distance (issue 30): the invite opened, a seat
chosen, and the link between the page's transport and :class:`kabale.net.guest.Guest`.

Opening an invite (``?game=kabalam&join=ROOM#password``) boots Kabale as the site does and joins
the room; the host's page answers the guest's ``hello`` with its table, and :class:`GuestJoin`
shows the table's name and its free seats; the guest picks one and a name, and sits down. The
seat's token, and all its seat has seen, are kept in this browser's storage (the record
``kabalam-guest``), so a reload (or a phone that slept) draws the table at once and comes back
to the same seat by the same link. The table is
:class:`kabale.web.tables.table_remote.GuestTable`.

A guest talks to the host only: it says ``hello`` to every page in the room (it cannot know
which is the host's before one answers with a table), and sends its token to that page alone.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from kabale.net import messages as m

from . import remote_link
from .dom import Element, data, h
from .remote_link import Invite, invite_from, remote_settings
from .routes import query_fields
from .screen import Screen
from .storage.saved import GUEST
from .text.i18n import Said, Words

__all__ = ["GuestLink", "GuestJoin", "open_guest", "open_kept_seat"]


class GuestLink:
    """A guest's end of the room: the host's messages to the Guest, its answers to the host."""

    def __init__(self, app: Any, invite: Invite, guest: Any) -> None:
        self.app = app
        self.invite = invite
        self.guest = guest
        self.host_peer: str | None = None
        self.offered: str | None = None  # another page that answered with a table (the host's, reloaded?)
        self.peers: set[str] = set()
        self.error = ""
        self.joined = False
        self.quiet = False  # gone quiet on the relays: seated, and the host's page is here

    def start(self) -> None:
        remote_link.join(self.invite)

    def send(self, message: Any) -> None:
        if self.host_peer is not None:
            remote_link.send(self.host_peer, m.encode(message))

    def save(self) -> None:
        self.app.save(GUEST, {"invite": self.invite.to_dict(), "guest": self.guest.to_dict()})

    def seated(self) -> bool:
        return self.guest.seat is not None and self.guest.observation is not None and self.guest.table is not None

    def table(self) -> Any:
        from .tables.table_remote import GuestTable

        return GuestTable(self.app, self.guest, self.send, self.invite.query(), lambda: self.host_peer is not None)

    def table_in_play(self) -> Any:
        """Her seat's table while she holds one, else None: the KABALAM button leads back to it
        (as the host's: kabale.web.remote_host.HostLink.table_in_play)."""
        return self.table() if self.seated() else None

    def show(self) -> None:
        """The screen the guest's state calls for: the table once there is a hand, else the seats."""
        from .tables.table_remote import GuestTable

        screen = self.app.screen
        if self.seated():
            if not isinstance(screen, GuestTable) or screen.guest is not self.guest:
                self.app.show(self.table())
                return
        elif not isinstance(screen, GuestJoin) or screen.link is not self:
            self.app.show(GuestJoin(self.app, self))
            return
        screen.remote_changed()

    # -- what the transport tells (kabale.web.app hands it here) ------------------------------------

    def on_joined(self, self_id: str) -> None:
        self.joined, self.error = True, ""
        self.app.screen.refresh()

    def mind_the_relays(self) -> None:
        """Quiet on the relays while seated with the host's page here; signalling again once it has
        gone (a reload, a lost connection), so that the two find each other again."""
        quiet = self.host_peer is not None and self.guest.seat is not None and bool(self.guest.token)
        if quiet != self.quiet:
            self.quiet = quiet
            remote_link.quiet(quiet)

    def on_peer(self, peer: str, joined: bool) -> None:
        if joined:
            self.error = ""  # a relay was reached after all
            self.peers.add(peer)
            # hello to every page that comes: the host's, or the host's again after its reload (a new
            # peer, which may come before the old one's channel is found closed)
            remote_link.send(peer, m.encode(self.guest.hello()))
            return
        self.peers.discard(peer)
        if peer == self.host_peer:
            self.host_peer = None
            if self.offered in self.peers:  # the host's page came back before its old channel closed
                self.adopt(self.offered)
            self.mind_the_relays()
            self.app.screen.refresh()

    def adopt(self, peer: str | None) -> None:
        """The page that answered with a table is the host's: back at one's own seat with its token."""
        self.host_peer, self.offered = peer, None
        if peer is not None and self.guest.seat is not None and self.guest.token:
            self.send(self.guest.join(self.guest.seat))

    def on_message(self, peer: str, text: str) -> None:
        try:
            kind = json.loads(text).get("kind")
        except (ValueError, AttributeError):
            kind = None
        if peer != self.host_peer:
            if kind != "table":
                return  # only the host's page speaks to a guest (another guest's hello is not for it)
            if self.host_peer is not None and self.host_peer in self.peers:
                self.offered = peer  # taken once the page it knows as the host's has gone
                return
            self.adopt(peer)
        screen = self.app.screen
        hand = getattr(screen, "hand", None) if getattr(screen, "guest", None) is self.guest else None
        keep = getattr(screen, "before_news", None) if hand is not None else None
        if keep is not None:
            keep()  # her table keeps the hand before while her Review of it is open
        before = None if hand is None else (hand, len(hand.history), hand.face_up)
        mover = None if hand is None or hand.is_over() else hand.turn
        for reply in self.guest.receive(text):
            self.send(reply)
        if self.guest.closed:
            self.table_ended()
            return
        self.save()
        self.mind_the_relays()
        remote = getattr(screen, "remote_changed", None)
        if hand is not None and remote is not None and self.guest.observation is not None:
            remote(before, mover)
        elif getattr(screen, "link", None) is self or getattr(screen, "guest", None) is self.guest:
            self.show()  # (a guest gone to the lobby meanwhile is not pulled back to the table)

    def on_error(self, reason: str) -> None:
        self.error = reason
        self.app.screen.refresh()

    def close(self) -> None:
        remote_link.leave()

    def ask_to_leave(self) -> None:
        """Ask before the guest leaves her seat for good (her token is forgotten: the link would not
        bring her back to it); her table's Leave and the seats' screen's ask here."""
        t = self.app.t
        self.app.confirm(t("remote.leave_heading"), t("remote.leave_text"), t("remote.leave"), self.leave_table)

    def table_ended(self) -> None:
        """The host ended the table: this page forgets the seat and the room, and the home says who
        ended it (rather than "Connecting to Ann…" for a table gone for ever)."""
        hosts = [seat["name"] for seat in (self.guest.table or {"seats": []})["seats"] if seat["kind"] == "here"]
        name = hosts[0] if hosts and hosts[0] else self.app.t("remote.host_name")
        self.app.forget_remote(GUEST)
        self.app.show_notice([self.app.t("remote.ended", name=name)])

    def leave_table(self) -> None:
        """Leave the table for good (the guest's Leave, confirmed): the host frees the seat (its
        token no longer holds, another friend may take it), this page forgets it and the room, and
        the home is shown."""
        if self.guest.seat is not None and self.host_peer is not None:
            self.send(self.guest.leave())  # the page sends it before it leaves the room
        self.app.forget_remote(GUEST)


def open_kept_seat(app: Any) -> bool:
    """The seat this browser holds at a friend's table, while its match is in play: taken again
    (its invite opened, as the link does) when the KABALAM button is pressed on a page that holds
    no room, as the host's table is (kabale.web.remote_host.resume_kept_table)."""
    stored = app.store.load(GUEST)
    if not isinstance(stored, dict) or not isinstance(stored.get("guest"), dict):
        return False
    held = stored["guest"]
    match = held.get("match")
    if not held.get("seat") or not held.get("token") or (isinstance(match, dict) and match.get("great_kabalists")):
        return False
    try:
        invite = Invite.from_dict(stored.get("invite"))
    except ValueError:
        return False
    search, _, password = invite.query().partition("#")
    return open_guest(app, search, "#" + password)


def open_guest(app: Any, search: str, fragment: str) -> bool:
    """Open the invite the address holds (True), or say it is broken (False). A seat this browser
    holds at that table is taken again with its token, and its table drawn at once."""
    from kabale.net.guest import Guest

    rooms = query_fields(search).get("join")
    if not rooms:
        return False
    invite = invite_from(search, fragment)
    stored = app.store.load(GUEST)
    guest = None
    if isinstance(stored, dict):
        try:
            kept = Invite.from_dict(stored.get("invite"))
            if kept.room == rooms[-1] and (invite is None or invite.password == kept.password):
                invite, guest = invite or kept, Guest.from_dict(stored["guest"])
        except ValueError:
            guest = None  # another table's seat, or a damaged record: a fresh guest
    if invite is None:
        app.show_notice([app.t("remote.bad_invite")], error=True)
        return False
    own_ice = remote_settings("", "", app.settings.ice_servers)[1]
    if own_ice:  # her own STUN or TURN servers (a setting), for her strict network, beside the host's
        invite = replace(invite, ice=tuple(dict.fromkeys((*(invite.ice or ()), *own_ice))))
    link = GuestLink(app, invite, guest or Guest())
    app.set_remote(link)
    link.start()
    link.show()
    return True


class GuestJoin(Screen):
    """The invite opened: the table's name and its free seats; pick one and a name, and sit down."""

    game = "kabalam"

    def __init__(self, app: Any, link: GuestLink) -> None:
        super().__init__(app)
        self.link = link
        self.chosen: str | None = None
        self.name = link.guest.name
        self.message: Words | str = ""

    def query(self) -> str:
        return self.link.invite.query()

    def render(self) -> Element:
        t, guest = self.t, self.link.guest
        table = guest.table
        parts: list[Any] = []
        if table is None:
            status = t("remote.no_relay", reason=self.link.error[:120]) if self.link.error else t("remote.looking")
            return h("div", {"class": "setup"}, h(
                "section", {"class": "remote-join", "aria-labelledby": "join-heading"},
                h("h2", {"id": "join-heading", "text": t("remote.join_heading")}),
                h("p", {"class": "remote-status", "role": "status", "text": status})))
        seats = table["seats"]
        lines = [h("li", {"text": self.seat_line(seat)}) for seat in seats]
        if guest.seat is not None:
            parts.append(h("p", {"class": "remote-status", "role": "status",
                                 "text": t("remote.seated", seat=t(f"seat.{guest.seat}"))}))
            parts.append(h("div", {"class": "setup-start"},
                           h("button", {"type": "button", "class": "button", "data-action": "leave-table",
                                        "data-key": "leave-table", "text": t("remote.leave")})))
        else:
            free = guest.free_seats()
            if self.chosen not in free:
                self.chosen = free[0] if free else None
            if free:
                parts.append(h("fieldset", {"class": "seat-choice"},
                               h("legend", {"text": t("remote.pick_seat")}),
                               *(h("label", {}, h("input", {"type": "radio", "name": "remote-seat", "value": seat,
                                                            "checked": seat == self.chosen, "data-field": "seat"}),
                                   " " + t(f"seat.{seat}")) for seat in free)))
                parts.append(h("div", {"class": "seed-row guest-name"},
                               h("label", {"for": "guest-name", "text": t("remote.your_name")}),
                               h("input", {"id": "guest-name", "type": "text", "maxlength": m.MAX_NAME,
                                           "autocomplete": "nickname", "data-field": "name", "value": self.name})))
                parts.append(h("p", {"class": "refusal", "role": "alert", "text": self.said(self.message)}))
                parts.append(h("div", {"class": "setup-start"},
                               h("button", {"type": "button", "class": "button primary", "data-action": "sit",
                                            "data-key": "sit", "text": t("remote.sit")})))
            else:
                parts.append(h("p", {"class": "remote-status", "role": "status", "text": t("remote.no_free_seat")}))
        if self.link.host_peer is None and guest.seat is not None:
            parts.append(h("p", {"class": "hint", "text": t("remote.host_away")}))
        return h("div", {"class": "setup"}, h(
            "section", {"class": "remote-join", "aria-labelledby": "join-heading"},
            h("h2", {"id": "join-heading", "text": table["name"] or t("game.kabalam")}),
            h("h3", {"text": t("remote.seats_heading")}),
            h("ul", {"class": "remote-seats"}, *lines),
            h("p", {"class": "hint", "text": t("remote.fingerprint", hash=table["commitment"][:16])}),
            *parts))

    def seat_line(self, seat: dict[str, Any]) -> str:
        t, name = self.t, seat["name"]
        where = t(f"seat.{seat['seat']}")
        if seat["seat"] == self.link.guest.seat:
            return t("remote.seat_here", seat=where, name=name or t("you"))
        if seat["kind"] == "computer":
            return t("remote.seat_computer", seat=where, level=t(f"level.{seat['level']}"))
        if seat["kind"] == "here":
            return t("remote.seat_host", seat=where, name=name or where)
        if seat["kind"] == "remote" and not seat["taken"]:
            return t("remote.seat_free", seat=where)
        if seat["away"]:
            return t("remote.seat_away", seat=where, name=name)
        return t("remote.seat_joined", seat=where, name=name or where)

    def remote_changed(self, before: Any = None, mover: str | None = None) -> None:
        refusal, self.link.guest.refusal = self.link.guest.refusal, None
        if refusal is not None:
            from .tables.table_remote import refusal_words

            self.message = refusal_words(refusal.code, refusal.text, refusal.details)
        self.refresh()

    def on_change(self, target: Any) -> None:
        field = data(target, "field") or ""
        if field == "seat":
            self.chosen = str(target.value)
        elif field == "name":
            self.name = " ".join(str(target.value).split())[:m.MAX_NAME]

    def on_action(self, action: str, target: Any, event: Any) -> None:
        if action == "leave-table":
            self.link.ask_to_leave()
            return
        if action != "sit" or self.chosen is None:
            return
        if not self.name:
            self.message = Said.of("remote.refused.bad_name")
            self.refresh()
            return
        if self.link.host_peer is None:
            self.message = Said.of("remote.host_away")
            self.refresh()
            return
        self.message = ""
        self.link.send(self.link.guest.join(self.chosen, self.name))
        self.refresh()
