"""The host's side of a KABALAM table played at a distance (issue 30): the invite, the lobby where
friends sit down, and the link between the page's transport and :class:`kabale.net.host.Host`.

The set-up (kabale.web.setup_kabalam) makes a seat "a friend on another device"; Start then opens
:class:`RemoteLobby`: the invite link (Copy, Share where the browser has the Web Share API), who
has joined, and Start once every friend's seat is filled. :class:`HostLink` hands each message of
the transport to the net host and sends what it answers; the table is
:class:`kabale.web.tables.table_remote.RemoteHostTable`.
"""

from __future__ import annotations

import asyncio
from typing import Any

from kabale.games.kabala.rules import Options

from . import remote_link
from .dom import Element, h
from .remote_link import Invite
from .screen import Screen, later
from .routes import query_fields
from .storage.saved import BOT_LEVELS, HOST, TablePlan
from .text.i18n import News, Said, Words

__all__ = ["HostLink", "RemoteLobby", "open_remote_table"]


def _chooser(app: Any) -> Any:
    from kabale.bots import make_bot

    def chooser_for(level: str) -> Any:
        budget_ms = float(app.settings.think_ms)
        return lambda observation, rng: make_bot(level, rng, budget_ms=budget_ms).choose(observation)

    return chooser_for


class HostLink:
    """The host's end of the room: each guest's message to the net host, its answers to the page."""

    def __init__(self, app: Any, plan: TablePlan, options: Options, invite: Invite, host: Any = None) -> None:
        from kabale.net.host import COMPUTER, HERE, REMOTE, Host, SeatPlan

        self.app = app
        self.plan = plan
        self.invite = invite
        self.error = ""
        self.joined = False
        self.quiet = False  # gone quiet on the relays: every seat is held by a guest who is here
        if host is not None:  # resumed from the host's record (a reload): the guests come back by themselves
            self.host = host
            return
        names = [seat.name for seat in plan.seats if seat.is_person and seat.name]
        table_name = app.t("remote.table_of", name=names[0]) if names else app.t("game.kabalam")
        # what the guests call the people here: their names, or "Host" (the host's own table says "You")
        plans = [SeatPlan(seat.seat, REMOTE if seat.is_remote else HERE if seat.is_person else COMPUTER,
                          seat.name or (app.t("remote.host_name") if seat.is_person else ""), seat.kind if seat.kind in BOT_LEVELS else "normal") for seat in plan.seats]
        self.host = Host(plans, _chooser(app), table_name[:160], options, play_computers=False)

    def start(self) -> None:
        remote_link.join(self.invite)

    def query(self) -> str:
        """The address of the host's page: the set-up's, naming the room, so a reload resumes it."""
        return f"?game=kabalam&host={self.invite.room}"

    def save(self) -> None:
        """Keep the table (its own record: the local match's stays as it was), so a reload resumes it."""
        self.app.save(HOST, {"invite": self.invite.to_dict(), "plan": self.plan.to_dict(),
                             "host": self.host.to_dict()})

    def table(self) -> Any:
        from .tables.table_remote import RemoteHostTable

        return RemoteHostTable(self.app, self.host, self.plan, self.send, self.save, self.query(), self.play_on)

    def table_in_play(self) -> Any:
        """The host's table while its match is being played, else None: the KABALAM button (All
        games, the home) leads back to it, as to a local match in progress. It led to a new set-up,
        and the friends' table could be found again only by the browser's Back."""
        match = self.host.match
        return self.table() if match is not None and not match.is_over() else None

    def send(self, outgoing: list[Any]) -> None:
        for item in outgoing:
            remote_link.send(item.peer, item.text())

    def mind_the_relays(self) -> None:
        """Quiet on the relays while every guest is here; signalling again once one is away or a
        seat is free, so that its player can find the table."""
        quiet = self.host.everyone_seated()
        if quiet != self.quiet:
            self.quiet = quiet
            remote_link.quiet(quiet)

    def changed(self, before: Any = None, mover: str | None = None) -> None:
        self.mind_the_relays()
        screen = self.app.screen
        if getattr(screen, "link", None) is self or getattr(screen, "host", None) is self.host:
            remote = getattr(screen, "remote_changed", None)
            if remote is not None:
                remote(before, mover)
        else:
            self.play_on()

    def play_on(self) -> None:
        """The host's page shows another screen (the home, a patience) while her friends play on:
        the computer's turns (and the moves the rules force) are played here at once, in the
        worker, as no table is there to think them in slices and show them. Without this the
        friends waited for a computer that nobody's screen was running."""
        if self.host.hand_in_play():
            out = self.host.settle()
            if out:
                self.send(out)
                self.save()

    # -- what the transport tells (kabale.web.app hands it here) ------------------------------------

    def on_joined(self, self_id: str) -> None:
        self.joined, self.error = True, ""
        self.changed()

    def on_peer(self, peer: str, joined: bool) -> None:
        if joined and self.error:  # a relay was reached after all
            self.error = ""
            self.changed()
        if not joined:
            self.send(self.host.disconnected(peer))
            self.changed()

    def on_message(self, peer: str, text: str) -> None:
        if self.host.match is None:  # the lobby: keep who sat down, for a reload
            self.send(self.host.receive(peer, text))
            self.save()
            self.changed()
            return
        match = self.host.match
        hand = None if match is None else match.hand
        before = None if hand is None else (hand, len(hand.history), hand.face_up)
        mover = None if hand is None or hand.is_over() else hand.turn
        holders = self.holders()
        self.send(self.host.receive(peer, text))
        self.save()  # a seat taken again, or left for good, is kept too (a move's table keeps it as well)
        self.tell_seats(holders)
        self.changed(before, mover)

    def holders(self) -> dict[str, str | None]:
        """Who holds each friend's seat: her name, or None while it is free."""
        return {seat: state.name if state.token_hash is not None else None
                for seat, state in self.host.seats.items() if state.kind == "remote"}

    def tell_seats(self, before: dict[str, str | None]) -> None:
        """Say over the host's table that a friend left for good, or that someone sat down, mid-match:
        her pill only changed its name, with no word and no say (a playthrough)."""
        screen = self.app.screen
        if getattr(screen, "host", None) is not self.host:
            return
        for seat, name in self.holders().items():
            was = before.get(seat)
            if was is not None and name is None:
                screen.message = News.of("remote.left_table", name=was, seat=Said.of(f"seat.{seat}"))
            elif name is not None and name != was:
                screen.message = News.of("remote.took_seat", name=name, seat=Said.of(f"seat.{seat}"))

    def on_error(self, reason: str) -> None:
        self.error = reason
        self.changed()

    def close(self) -> None:
        remote_link.leave()

    def ask_to_end(self) -> None:
        """Ask before the host ends the table for everyone (its table's End the table asks here)."""
        t = self.app.t
        self.app.confirm(t("remote.end_heading"), t("remote.end_text"), t("remote.end"), self.end_table)

    def end_table(self) -> None:
        """End the table for good (confirmed): the friends' pages are told (they forget their seats),
        this page forgets the table and the room, and the home is shown. The host had no way out of
        a match at a distance but to play it to its end: the KABALAM button leads back to a table
        in play."""
        self.send(self.host.end_table())  # the page sends it before it leaves the room
        self.app.forget_remote(HOST)


def open_remote_table(app: Any, plan: TablePlan, options: Options) -> None:
    """The set-up's Start with a friend's seat: a room, its invite, and the lobby."""
    from .remote_link import remote_settings

    # as the page was opened (the set-up rewrote its address), else the player's settings
    relays, ice = remote_settings(app.boot.search, app.settings.relays, app.settings.ice_servers)
    link = HostLink(app, plan, options, Invite.new(relays, ice))
    app.set_remote(link)
    link.save()
    link.start()
    # in the set-up's place in the history, as a local match's Start puts its table: the browser's
    # Back from the friends' table went to the set-up's address, its seed, and a new match's form
    # (a playthrough); it goes where the set-up was come from
    app.show(RemoteLobby(app, link))


def resume_kept_table(app: Any) -> bool:
    """The host's table kept in this browser, while its match is in play: resumed (its room joined
    again) when the KABALAM button is pressed on a page that holds no room, after the tab was
    closed or the browser restarted. It opened a new set-up, and the friends' table came back only
    by its address typed in full (a playthrough; the friend's page said "Connecting to Ann…")."""
    record = app.store.load(HOST)
    try:
        room = Invite.from_dict(record.get("invite") if isinstance(record, dict) else None).room
    except ValueError:
        return False
    return resume_host(app, f"?game=kabalam&host={room}", in_play=True)


def resume_host(app: Any, search: str, in_play: bool = False) -> bool:
    """The host's page reloaded (``?game=kabalam&host=ROOM``): its table from its record, the room
    joined again; every friend's seat is away until her page comes back with its token (by
    itself: a guest's page says hello to every page that joins its room). False if there is none
    (or, ``in_play``, if its match is not being played: not dealt yet, or over)."""
    from kabale.net.host import Host

    rooms = query_fields(search).get("host")
    current = app.remote
    if rooms and isinstance(current, HostLink) and current.invite.room == rooms[-1]:
        # back at the table from another screen (the browser's Back): the room is still joined
        # and the friends still seated; joining it again would make each of them reconnect
        app.show(current.table() if current.host.match is not None else RemoteLobby(app, current))
        return True
    record = app.store.load(HOST)
    if not rooms or not isinstance(record, dict):
        return False
    try:
        invite = Invite.from_dict(record.get("invite"))
        if invite.room != rooms[-1]:
            return False
        plan = TablePlan.from_dict(record.get("plan"))
        host = Host.from_dict(record["host"], _chooser(app))
        host.play_computers = False
    except (ValueError, KeyError):
        return False
    if in_play and (host.match is None or host.match.is_over()):
        return False
    link = HostLink(app, plan, host.options, invite, host)
    app.set_remote(link)
    link.start()
    app.show(link.table() if host.match is not None else RemoteLobby(app, link))
    return True


#: How long the lobby's Copy says "Link copied" (or "Could not copy") before it offers Copy again.
COPIED_SHOWN_MS = 2500


class RemoteLobby(Screen):
    """The host waits for her friends: the invite, the seats, Start once every friend sat down."""

    game = "kabalam"

    def __init__(self, app: Any, link: HostLink) -> None:
        super().__init__(app)
        self.link = link
        self.message: Words | str = ""
        self.copied: bool | None = None
        self._copy_again: "asyncio.Task[None] | None" = None

    def query(self) -> str:
        return self.link.query()

    @property
    def invite_link(self) -> str:
        return self.link.invite.link(self.app.boot.origin, self.app.location[0])

    def seat_line(self, seat: dict[str, Any]) -> str:
        t, name = self.t, seat["name"]
        where = t(f"seat.{seat['seat']}")
        if seat["kind"] == "here":
            return t("remote.seat_here", seat=where, name=self.link.plan.plan_of(seat["seat"]).name or t("you"))
        if seat["kind"] == "computer":
            return t("remote.seat_computer", seat=where, level=t(f"level.{seat['level']}"))
        if not seat["taken"]:
            return t("remote.seat_free", seat=where)
        if seat["away"]:
            return t("remote.seat_away", seat=where, name=name)
        return t("remote.seat_joined", seat=where, name=name)

    def render(self) -> Element:
        t = self.t
        table = self.link.host.table()
        ready = not self.link.host.missing()
        status = t("remote.no_relay", reason=self.link.error[:120]) if self.link.error \
            else t("remote.ready_to_start") if ready else t("remote.waiting_friends")
        copy_words = {None: "remote.copy", True: "remote.copied", False: "remote.copy_failed"}[self.copied]
        # shared by the page in the click itself (assets/js/page.js, as the daily deal's line), where
        # the Web Share API takes the player's gesture: a round trip through the worker may lose it
        share = h("button", {"type": "button", "class": "button", "data-key": "share", "text": t("remote.share"),
                             "data-share-text": t("remote.share_text"), "data-share-query": self.link.invite.query()}) \
            if self.app.boot.share else None
        return h("div", {"class": "setup"}, h(
            "section", {"class": "remote-lobby", "aria-labelledby": "remote-heading"},
            h("h2", {"id": "remote-heading", "text": t("remote.lobby_heading")}),
            h("p", {"text": t("remote.invite_text")}),
            h("div", {"class": "invite-row"},
              h("input", {"id": "invite-link", "type": "text", "readonly": True, "value": self.invite_link,
                          "aria-label": t("remote.invite_label"), "data-key": "invite-link"}),
              h("button", {"type": "button", "class": "button", "data-action": "copy", "data-key": "copy",
                           "text": t(copy_words)}),
              share),
            self.qr(),
            h("h3", {"text": t("remote.seats_heading")}),
            h("ul", {"class": "remote-seats"},
              *(h("li", {"data-seat": seat["seat"], "text": self.seat_line(seat)}) for seat in table.seats)),
            h("p", {"class": "hint", "text": t("remote.fingerprint", hash=table.commitment[:16])}),
            h("p", {"class": "remote-status", "role": "status", "text": status}),
            h("p", {"class": "refusal", "role": "alert", "text": self.said(self.message)}),
            h("div", {"class": "setup-start"},
              h("button", {"type": "button", "class": "button primary", "data-action": "start-remote",
                           "data-key": "start-remote", "disabled": not ready, "text": t("setup.start")})),
        ))

    def qr(self) -> Element | None:
        """The invite as a QR code, for a friend at the same table to scan with a phone: black on
        white whatever the theme (a camera reads that best), set in the drawing rather than the
        style sheet, so the image is the same wherever it is copied; a quiet zone round it."""
        from .views.qr import QUIET_ZONE, dark_path

        rows = self.app.qr_code(self.invite_link)
        if not rows:
            return None
        size = len(rows) + 2 * QUIET_ZONE
        code = h("svg", {"class": "qr-code", "viewBox": f"0 0 {size} {size}", "role": "img",
                         "aria-label": self.t("remote.qr_label"), "shape-rendering": "crispEdges"},
                 h("rect", {"fill": "#fff", "width": str(size), "height": str(size)}),
                 h("path", {"fill": "#000", "transform": f"translate({QUIET_ZONE} {QUIET_ZONE})",
                            "d": dark_path(rows)}))
        return h("div", {"class": "invite-qr"}, code, h("p", {"class": "hint", "text": self.t("remote.qr_hint")}))

    def remote_changed(self, before: Any = None, mover: str | None = None) -> None:
        self.refresh()

    def on_shared(self, how: str) -> None:
        """The page shared the invite, or could not: said beside the link (Copy stays)."""
        self.message = Said.of("remote.share_failed") if how == "failed" else ""
        self.refresh()

    def on_copied(self, copied: bool) -> None:
        """"Link copied" (or that it could not be) for a moment, then Copy again, as the best apps
        say it: it stayed, and a host copying the link for a second friend could not tell her
        second copy from her first."""
        self.copied = copied
        self.refresh()
        if self._copy_again is not None:
            self._copy_again.cancel()
        self._copy_again = later(COPIED_SHOWN_MS, self.copy_again)

    def copy_again(self) -> None:
        self._copy_again, self.copied = None, None
        self.refresh()  # (shown: another screen in its place had it cancelled, ``leave``)

    def leave(self) -> None:
        if self._copy_again is not None:
            self._copy_again.cancel()
            self._copy_again = None

    def on_action(self, action: str, target: Any, event: Any) -> None:
        from .page import PAGE

        if action == "copy":
            PAGE.do("copy", self.invite_link, "copy")
        elif action == "start-remote":
            self.start_match()

    def start_match(self) -> None:
        host = self.link.host
        try:
            out = host.deal_next()
        except ValueError:
            self.message = Said.of("remote.waiting_friends")
            self.refresh()
            return
        self.link.send(out)
        self.link.save()
        self.app.show(self.link.table(), push=True)
