"""Issue 30 in CPython: the host's page and a guest's page, each the whole app as in its worker,
their transports replaced by a room that carries each ``net-send`` to the other as the page's
``net-message`` (assets/js/page.js does it over Trystero; tests/e2e/test_remote_play.py over a
real relay and data channels).

What is checked here, where no browser is needed: the set-up's friend's seat opens a room with
the relays and ICE servers of the address and an invite that holds its password in the fragment;
the guest's page joins that room, sees the free seat and sits down; each page draws the hand
from its own seat (the guest's drawing names none of the host's cards); a guest's move reaches
the host's match; a hostile message is refused and the guest is told why in its language.
"""

from __future__ import annotations

import asyncio
import base64
import json
import random
import re
import secrets
from typing import Any

import pytest

from app_driver import Shown, app_alone  # noqa: F401 (app_alone: an autouse fixture, a loop of its own)
from kabale.web.app import App, start
from kabale.web.dom import Drawn
from kabale.web.local_storage import Boot
from kabale.web.page import PAGE
from kabale.web import remote_host
from kabale.web.remote_link import invite_from
from kabale.web.text.strings_en import STRINGS_EN as STRINGS

SETTINGS = json.dumps({"app": "kabale", "schema": 1, "name": "settings", "revision": 1,
                       "data": {"bot_speed": "instant", "language": "en"}})
RELAY = "ws://127.0.0.1:7000/"


@pytest.fixture(autouse=True)
def one_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The secrets the room, the tokens and each deal's seed come from (kabale.net.commitment), drawn
    from one seeded stream, so each test plays the same deal on every run. Why: on a random deal a
    test's situation does not always come (CI, stop 40: 6 runs in 400 of the friends-play-on test
    failed, as the hand ended before West's turn, or with West's move before North's)."""
    stream = random.Random(3)
    monkeypatch.setattr(secrets, "token_hex", lambda size=32: stream.randbytes(size).hex())
    monkeypatch.setattr(secrets, "token_urlsafe",
                        lambda size=32: base64.urlsafe_b64encode(stream.randbytes(size)).rstrip(b"=").decode())


def texts(drawing: Any) -> list[str]:
    """Every text and attribute value of a drawing, in order."""
    out: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, str):
            out.append(node)
            return
        if hasattr(node, "drawn"):
            node = node.drawn
        if not isinstance(node, Drawn):
            return
        flat = node[1]
        out.extend(str(flat[i + 1]) for i in range(0, len(flat), 2))
        for child in node[2:]:
            walk(child)

    walk(drawing)
    return out


def as_news(drawn: list[str], words: str) -> bool:
    """Are ``words`` drawn over the felt as news (class advice, role status), not as a refusal (an alert)?"""
    return any(drawn[i:i + 3] == ["advice", "status", words] for i in range(len(drawn)))


class Room:
    """Two pages in one room: ``host`` (peer "h") and ``guest`` (peer "g"). Each app's commands are
    taken after each input (the apps share the worker's one PAGE, so they take turns)."""

    def __init__(self) -> None:
        self.apps: dict[str, App] = {}
        self.commands: dict[str, list[list[Any]]] = {"h": [], "g": []}
        self.sent: dict[str, list[str]] = {"h": [], "g": []}  # texts each peer received
        #: Kinds of message kept on their way (a slow network), and what was kept: sender, text.
        self.hold: set[str] = set()
        self.held: list[tuple[str, str]] = []

    def boot(self, peer: str, **values: Any) -> App:
        app = start(Boot(storage={"kabale:settings": SETTINGS}, origin="http://127.0.0.1:8000", pathname="/",
                         **values))
        self.apps[peer] = app
        self.route(peer)
        return app

    def input(self, peer: str, message: dict[str, Any]) -> None:
        self.apps[peer].receive(message)
        self.route(peer)

    def route(self, peer: str) -> None:
        """Take what ``peer``'s app asked of its page; carry its messages to the other page."""
        queue = [(peer, PAGE.take())]
        while queue:
            sender, commands = queue.pop(0)
            self.commands[sender] += commands
            for command in commands:
                if command[0] != "net-send":
                    continue
                to = command[1] or ("g" if sender == "h" else "h")
                if to not in self.apps:
                    continue
                if json.loads(command[2]).get("kind") in self.hold:
                    self.held.append((sender, command[2]))
                    continue
                self.sent[to].append(command[2])
                self.apps[to].receive({"type": "net-message", "extra": {"peer": sender, "text": command[2]}})
                queue.append((to, PAGE.take()))

    def release(self) -> None:
        """What was kept on its way arrives."""
        held, self.held, self.hold = self.held, [], set()
        for sender, text in held:
            self.input("h" if sender == "g" else "g", {"type": "net-message", "extra": {"peer": sender, "text": text}})

    def meet(self) -> None:
        self.input("h", {"type": "net-peer", "extra": {"peer": "g", "joined": True}})
        self.input("g", {"type": "net-peer", "extra": {"peer": "h", "joined": True}})

    def drawing(self, peer: str) -> Any:
        renders = [command for command in self.commands[peer] if command[0] == "render"]
        assert renders
        return renders[-1][2]

    def joined(self, peer: str) -> dict[str, Any]:
        joins = [command[1] for command in self.commands[peer] if command[0] == "net-join"]
        assert len(joins) == 1, joins
        return dict(joins[0])


def click(action: str, **attributes: str) -> dict[str, Any]:
    return {"type": "click", "within": "view",
            "path": [{"tag": "BUTTON", "attributes": {"type": "button", "data-action": action, **attributes}}]}


def change(tag: str, value: str, **attributes: str) -> dict[str, Any]:
    return {"type": "change", "within": "view", "path": [{"tag": tag, "attributes": attributes, "value": value}]}


def play(room: Room, peer: str, observation: Any, move: Any) -> None:
    """A move made as a person makes it: the cards of its values picked up, then its packet."""
    if move.kind == "yield":
        room.input(peer, click("yield"))
        return
    used: set[int] = set()
    for value in move.values if move.kind in ("bare", "double") else ():
        index = next(i for i, card in enumerate(observation.endowment) if card.value == value and i not in used)
        used.add(index)
        room.input(peer, click("card", **{"data-index": str(index)}))
    room.input(peer, click("packet", **{"data-packet": str(move.packet)}))


def play_out(room: Room, hand: Any, choose: Any = lambda legal: legal[0]) -> None:
    """Both pages play the hand to its end, each seat from its own device, ``choose`` picking among
    the legal moves (the first, by default)."""
    for _ in range(400):
        if hand.is_over():
            return
        seat = hand.turn
        observation = hand.observation(seat)
        play(room, "h" if seat == "S" else "g", observation, choose(observation.legal_moves))
    raise AssertionError("the hand did not end in 400 moves")


def seated_room() -> tuple[Room, str]:
    """The host set West up for a friend; the guest opened the invite and sat down as Bo."""
    room = Room()
    room.boot("h", search=f"?game=kabalam&relay={RELAY}&ice=none")
    room.input("h", change("SELECT", "remote", **{"data-field": "kind", "data-seat": "W"}))
    room.input("h", click("start"))
    lobby = texts(room.drawing("h"))
    link = next(text for text in lobby if text.startswith("http://127.0.0.1:8000/?game=kabalam&join="))
    path, _, fragment = link.partition("#")
    room.boot("g", search=path.removeprefix("http://127.0.0.1:8000/"), fragment="#" + fragment)
    room.meet()
    assert "West: waiting for a friend" in texts(room.drawing("g"))
    room.input("g", change("INPUT", "Bo", **{"data-field": "name"}))
    room.input("g", click("sit"))
    return room, link


def test_a_set_up_with_a_friend_at_a_distance_asks_no_deal_number() -> None:
    """A deal at a distance is drawn from every friend's bytes, never from the set-up's number: the
    field was there, and what was typed in it was silently not dealt. It gives way to a line that
    says why, and comes back when no seat is a friend's at a distance."""
    room = Room()
    room.boot("h", search=f"?game=kabalam&relay={RELAY}&ice=none")
    assert "Deal number" in texts(room.drawing("h"))
    room.input("h", change("SELECT", "remote", **{"data-field": "kind", "data-seat": "W"}))
    shown = texts(room.drawing("h"))
    assert "Deal number" not in shown and "seed" not in shown  # (no field named seed either)
    assert any(text.startswith("With a friend on another device, each deal is drawn") for text in shown)
    room.input("h", change("SELECT", "hard", **{"data-field": "kind", "data-seat": "W"}))
    assert "Deal number" in texts(room.drawing("h"))


def test_the_host_s_room_is_the_invite_s_and_its_password_travels_only_in_the_fragment() -> None:
    room, link = seated_room()
    host, guest = room.joined("h"), room.joined("g")
    assert host == guest  # the same room, password, relays and ICE servers
    assert host["relays"] == [RELAY] and host["ice"] == []
    assert link.endswith("#" + host["password"]) and host["password"] not in link.partition("#")[0]
    invite = invite_from(link.partition("?")[2].partition("#")[0], "#" + link.partition("#")[2])
    assert invite is not None and invite.room == host["room"]
    assert "West: Bo has sat down" in texts(room.drawing("h"))


def test_each_page_draws_the_hand_from_its_own_seat_and_a_guest_s_move_reaches_the_host() -> None:
    room, _ = seated_room()
    room.input("h", click("start-remote"))
    host_app = room.apps["h"]
    match = host_app.screen.match  # type: ignore[attr-defined]
    hand = match.hand
    guest_text = " ".join(texts(room.drawing("g")))
    assert "Your endowment (10 cards)" in guest_text or "Your endowment (11 cards)" in guest_text
    # every card the guest's page names is one its seat may see: its own, the face-up cards
    mine = {str(card) for card in hand.endowment("W")} | {str(card) for card in hand.face_up}
    named = {value for value in texts(room.drawing("g")) if len(value) == 2 and value[1] in "SHDC"}
    assert named and named <= mine
    # both tables name the deal alike: the room's first
    assert "Deal 1" in texts(room.drawing("h")) and "Deal 1" in texts(room.drawing("g"))
    # the guest plays when its turn comes: the host's match has its move
    for _ in range(60):
        if hand.turn == "W":
            break
        observation = hand.observation("S")
        play(room, "h", observation, observation.legal_moves[0])
    assert hand.turn == "W"
    before = len(hand.moves)
    observation = hand.observation("W")
    move = observation.legal_moves[0]
    play(room, "g", observation, move)
    assert len(hand.moves) > before and hand.moves[before] == move
    guest_record = json.loads(room.apps["g"].store.backend.get("kabale:kabalam-guest") or "{}")
    assert guest_record["data"]["guest"]["moves"] == [str(m) for m in hand.moves]


def test_a_hostile_message_changes_nothing_and_the_guest_is_told_why() -> None:
    room, _ = seated_room()
    room.input("h", click("start-remote"))
    hand = room.apps["h"].screen.match.hand  # type: ignore[attr-defined]
    before = [str(move) for move in hand.moves]
    hostile = '{"v":1,"kind":"play","seat":"S","token":"x","deal":1,"at":0,"move":"yield"}'
    room.input("h", {"type": "net-message", "extra": {"peer": "g", "text": hostile}})
    assert [str(move) for move in hand.moves] == before
    assert json.loads(room.sent["g"][-1])["code"] == "other_seat"
    assert "That is not your seat." in texts(room.drawing("g"))
    room.input("h", {"type": "net-message", "extra": {"peer": "g", "text": "{"}})
    assert "The host could not read that message." in texts(room.drawing("g"))
    assert [str(move) for move in hand.moves] == before


def stored_at(room: Room, peer: str, name: str, part: str) -> dict[str, Any]:
    """A page's remote play record as it keeps it (``kabalam-host``'s ``host``, ``kabalam-guest``'s ``guest``)."""
    raw = room.apps[peer].store.backend.get(f"kabale:{name}")
    assert raw is not None, f"{peer} keeps no {name}"
    return dict(json.loads(raw)["data"][part])


def test_hostile_messages_from_a_guest_are_refused_with_their_reason() -> None:
    """Whatever a guest's page sends (another's seat, a forged token, a message too long, another
    version, a move for a position gone or out of turn), the host refuses it, the guest's table
    says why in its refusal line, and the host's match and seats are as they were. (Over a real
    relay and data channels the messages travel as in tests/e2e/test_remote_play.py's whole hand.)"""
    room, _ = seated_room()
    room.input("h", click("start-remote"))
    hand = room.apps["h"].screen.match.hand  # type: ignore[attr-defined]
    assert hand.turn == "S", "the host's turn: the guest's move is out of turn"
    before = stored_at(room, "h", "kabalam-host", "host")
    guest = stored_at(room, "g", "kabalam-guest", "guest")
    token, deal, at = guest["token"], guest["deal"], len(hand.moves)
    hostile = [
        ({"v": 1, "kind": "play", "seat": "S", "token": token, "deal": deal, "at": at, "move": "yield"},
         "That is not your seat."),
        ({"v": 1, "kind": "shuffle"}, "The host knows no such message."),
        ({"v": 1, "kind": "join", "seat": "S", "name": "Eve", "token": ""},
         "That seat is not for a friend on another device."),
        ({"v": 1, "kind": "play", "seat": "W", "token": "forged", "deal": deal, "at": at, "move": "yield"},
         "This page does not hold that seat."),
        ({"v": 1, "kind": "play", "seat": "W", "token": token, "deal": deal, "at": at, "move": "x" * 3000},
         "That message is too long for the host."),
        ({"v": 2, "kind": "hello"}, "The host plays another version of Kabale: reload the page."),
        ({"v": 1, "kind": "play", "seat": "W", "token": token, "deal": deal, "at": at + 5, "move": "yield"},
         "The game has moved on since."),
        ({"v": 1, "kind": "play", "seat": "W", "token": token, "deal": deal, "at": at, "move": "pass 1"},
         "It is not your turn."),
    ]
    for message, reason in hostile:
        room.input("h", {"type": "net-message", "extra": {"peer": "g", "text": json.dumps(message)}})
        shown = Shown.of(room.drawing("g"))
        assert isinstance(shown, Shown)
        assert shown.one("feedback").one("refusal").words() == reason, message
    after = stored_at(room, "h", "kabalam-host", "host")
    assert after["match"] == before["match"] and after["seats"] == before["seats"]


def test_a_guest_s_keys_and_the_host_s_only_buttons_do_nothing_at_its_table() -> None:
    room, _ = seated_room()
    room.input("h", click("start-remote"))
    for key in ("n", "y", "Escape", "1"):
        room.input("g", {"type": "keydown", "key": key, "path": [{"tag": "DIV", "attributes": {}}]})
    room.input("g", click("next-hand"))
    room.input("g", click("new-match"))
    assert not [command for command in room.commands["g"] if command[0] == "warn"]  # no failure caught
    assert "New match" not in texts(room.drawing("g"))


def test_while_the_host_s_page_is_gone_the_friend_s_table_says_it_is_connecting() -> None:
    """The host's page reloads (or her phone sleeps): the friend's table says it is connecting to
    her, not "Waiting for" her, which read as the host's turn while it was the friend's own."""
    room, _ = seated_room()
    room.input("h", click("start-remote"))
    room.input("g", {"type": "net-peer", "extra": {"peer": "h", "joined": False}})
    shown = texts(room.drawing("g"))
    assert any(re.fullmatch(r"Connecting to .+…", text) for text in shown), shown
    assert not [text for text in shown if text.startswith("Waiting for")]
    room.input("g", {"type": "net-peer", "extra": {"peer": "h", "joined": True}})
    room.input("h", {"type": "net-peer", "extra": {"peer": "g", "joined": True}})
    assert not [text for text in texts(room.drawing("g")) if text.startswith("Connecting to")]


def at_the_friends_turn() -> tuple[Room, Any]:
    """A seated room whose host started the match and played South's moves (the first legal
    each time) on to West's, the friend's, turn; and the host's hand."""
    room, _ = seated_room()
    room.input("h", click("start-remote"))
    hand = room.apps["h"].screen.match.hand  # type: ignore[attr-defined]
    for _ in range(60):
        if hand.turn == "W":
            break
        observation = hand.observation("S")
        play(room, "h", observation, observation.legal_moves[0])
    return room, hand


def test_a_friend_s_press_starts_no_motion_at_her_click() -> None:
    """Her move goes to the host, and her own page redraws the old position until the host's news
    moves it: motion started at her click (the page's echo, data-flies) flew her cards to the packet,
    back with her own redraw, and there again with the news (a review of the echo). Her packets say
    no press sends anything; the host's own, at his turn, do (tests/unit/test_felt_views.py)."""
    from kabale.web.views.selection import play_cards

    room, hand = at_the_friends_turn()
    table = room.apps["g"].screen  # type: ignore[attr-defined]
    seen = table.seen()
    plays = [move for move in seen.legal_moves if move.is_play]
    if plays:
        table.selected = frozenset(play_cards(seen.endowment, plays[0]))
    packets = table.view().kabala.packets
    assert any(packet.press in ("play", "flip") for packet in packets)  # a press there makes her move
    assert not any(packet.flies or packet.turns for packet in packets)


def test_the_friend_s_own_turn_never_reads_waiting_for_her() -> None:
    """The host's table still has her away for a moment after her page reloads (her seat is
    freed as she comes back): her own page said "Waiting for You" on her own turn (a playthrough)."""
    room, hand = at_the_friends_turn()
    assert hand.turn == "W"
    table = room.apps["g"].screen  # type: ignore[attr-defined]
    seats = table.guest.table["seats"]
    assert [seat["seat"] for seat in seats] == ["S", "W"]
    seats[1]["away"] = True  # her seat, as the host's table said it just before her page was back
    table.refresh()
    room.route("g")
    shown = texts(room.drawing("g"))
    assert "Your turn" in shown and not [text for text in shown if text.startswith("Waiting for")], shown


def test_while_the_friend_is_away_the_host_s_table_says_so_and_offers_the_computer(app_alone: Any) -> None:
    """And on her return her table tells her how many turns the computer played for her: her log
    alone read as if she had made them (a playthrough)."""
    room, hand = at_the_friends_turn()
    her_page = room.apps.pop("g")  # her page is gone (a phone asleep)
    room.input("h", {"type": "net-peer", "extra": {"peer": "g", "joined": False}})
    shown = texts(room.drawing("h"))
    assert "Waiting for Bo" in shown and "Let the computer play for Bo" in shown
    assert any(text.startswith("Bo: ") and text.endswith(" · away") for text in shown)
    before = len(hand.moves)
    given = len(hand.history)

    def her_turns() -> int:
        """Her turns since her seat was given: runs of her seat's events in the history (a draw, plays,
        a yield or pass), each broken by another seat's."""
        seats = [event.seat for event in hand.history[given:] if event.seat is not None]
        return sum(1 for i, seat in enumerate(seats) if seat == "W" and (i == 0 or seats[i - 1] != "W"))

    room.input("h", click("give-to-computer", **{"data-key": "give-W"}))
    assert room.apps["h"].screen.host.seats["W"].computer  # type: ignore[attr-defined]
    assert any(text.startswith("Bo: ") and text.endswith(" · away, the computer plays") for text in texts(room.drawing("h")))
    assert len(hand.moves) == before  # the computer thinks in its own time (a task), as at a local table
    assert "Let the computer play for Bo" not in texts(room.drawing("h"))
    for _ in range(100):  # the computer plays her turns (and South's moves come between)
        app_alone.run_until_complete(asyncio.sleep(0.01))
        room.route("h")
        if hand.is_over() or her_turns() >= 2:
            break
        if hand.turn == "S":
            observation = hand.observation("S")
            play(room, "h", observation, observation.legal_moves[0])
    for_her = her_turns()
    assert for_her >= 1, "the computer never played for her"
    room.apps["g"] = her_page  # she is back: her page found the host's gone, then here again
    room.input("g", {"type": "net-peer", "extra": {"peer": "h", "joined": False}})
    room.meet()
    said = "one turn" if for_her == 1 else f"{for_her} turns"
    assert as_news(texts(room.drawing("g")), f"While you were away, the computer played {said} for you.")
    assert not room.apps["h"].screen.host.seats["W"].computer  # type: ignore[attr-defined]  # hers again


def test_next_hand_pressed_before_the_friend_s_bytes_come_deals_when_they_come() -> None:
    """The hand's end reaches the friend's page a moment after the host's, and her page answers
    it with her bytes for the next deal. A host quick to press Next hand is told whom the deal
    waits for, and the hand is dealt as her bytes arrive, without a second press."""
    room, _ = seated_room()
    room.input("h", click("start-remote"))
    host = room.apps["h"].screen.host  # type: ignore[attr-defined]
    hand = host.match.hand
    room.hold = {"contribute"}  # her bytes for the next deal are slow to come
    play_out(room, hand)
    assert not host.match.is_over()
    assert room.held and host.missing() == ("W",)
    room.input("h", click("next-hand"))
    assert host.match.hand is hand, "dealt without her bytes"
    assert "Waiting for Bo" in texts(room.drawing("h"))
    room.release()
    assert host.match.hand is not hand and not host.match.hand.is_over()
    assert host.dealt and host.hand_deal == 2 and set(host.entropy) == {"W"}  # dealt with her bytes
    shown = texts(room.drawing("h"))
    assert "Waiting for Bo" not in shown and "Next hand" not in shown
    assert room.apps["g"].screen.guest.deal == 2  # type: ignore[attr-defined]  # her page has the new hand


def test_the_friends_table_takes_the_set_up_s_place_in_the_history() -> None:
    """The browser's Back from the host's table went to the set-up's address (its seed), and a new
    match's form (a playthrough): the lobby, then the table, take the set-up's place, as a local
    match's table does, and Back goes where the set-up was come from."""
    room, _ = seated_room()
    room.input("h", click("start-remote"))
    pushed = [command[2] for command in room.commands["h"] if command[:2] == ["history", "push"]]
    assert not [url for url in pushed if "seed=" in url or "host=" in url], pushed
    assert type(room.apps["h"].screen).__name__ == "RemoteHostTable"


def test_the_kabalam_button_leads_host_and_friend_back_to_their_table() -> None:
    """Off to All games mid-match, then KABALAM: each page is back at the table with her friends (it
    was a new set-up, the table found again only by the browser's Back); the room is not joined
    again and the friend stays seated."""
    room, _ = seated_room()
    room.input("h", click("start-remote"))
    host = room.apps["h"].screen.host  # type: ignore[attr-defined]
    kabalam = {"type": "click", "within": "lobby", "path": [{"tag": "BUTTON", "attributes": {"data-game": "kabalam"}}]}
    for peer in ("h", "g"):
        room.input(peer, click("lobby"))
        assert room.apps[peer].screen.game is None
        room.input(peer, kabalam)
        screen = room.apps[peer].screen
        assert type(screen).__name__ == ("RemoteHostTable" if peer == "h" else "GuestTable"), type(screen)
        assert "KABALAM table" in texts(room.drawing(peer))
        assert [command[0] for command in room.commands[peer]].count("net-join") == 1
    assert room.apps["h"].screen.host is host and not host.seats["W"].away  # type: ignore[attr-defined]


def quiet_asked(room: Room, peer: str) -> list[bool]:
    """What ``peer``'s page was asked of the relays, in order: True quiet, False signal again."""
    return [bool(command[1]) for command in room.commands[peer] if command[0] == "net-quiet"]


def test_seated_pages_go_quiet_on_the_relays_and_signal_again_while_someone_is_away() -> None:
    """Issue 30's measures: public relays complain of a room announced every few seconds, so
    once every seat is held both pages go quiet; a page whose peer has gone signals again, so
    that the two can find each other, and goes quiet once more when they have."""
    room, _ = seated_room()
    assert quiet_asked(room, "h") == [True] and quiet_asked(room, "g") == [True]
    room.input("h", click("start-remote"))
    assert quiet_asked(room, "h") == [True]  # no second ask while nothing changed
    room.input("h", {"type": "net-peer", "extra": {"peer": "g", "joined": False}})
    room.input("g", {"type": "net-peer", "extra": {"peer": "h", "joined": False}})
    assert quiet_asked(room, "h") == [True, False] and quiet_asked(room, "g") == [True, False]
    room.meet()  # they found each other through the relays: the guest's page sits down again
    assert quiet_asked(room, "h") == [True, False, True] and quiet_asked(room, "g") == [True, False, True]
    assert not room.apps["h"].screen.host.seats["W"].away  # type: ignore[attr-defined]


def test_a_relay_out_of_reach_is_said_plainly_until_a_peer_comes() -> None:
    room = Room()
    room.boot("h", search=f"?game=kabalam&relay={RELAY}&ice=none")
    room.input("h", change("SELECT", "remote", **{"data-field": "kind", "data-seat": "W"}))
    room.input("h", click("start"))
    room.input("h", {"type": "net-joined", "extra": {"self": "h"}})
    room.input("h", {"type": "net-error", "extra": {"reason": "127.0.0.1:9"}})
    shown = " ".join(texts(room.drawing("h")))
    assert "Cannot reach a relay to meet your friends (127.0.0.1:9)" in shown
    room.input("h", {"type": "net-peer", "extra": {"peer": "g", "joined": True}})
    assert "Cannot reach a relay" not in " ".join(texts(room.drawing("h")))


def test_the_lobby_shows_the_invite_as_a_qr_code_the_page_s_encoder_made() -> None:
    """The page's vendored encoder makes the modules, once per link; Python draws them (an image
    named for the screen reader). Rows that are not a QR code's, or a code nobody asked for,
    draw nothing."""
    room = Room()
    room.boot("h", search=f"?game=kabalam&relay={RELAY}&ice=none")
    room.input("h", change("SELECT", "remote", **{"data-field": "kind", "data-seat": "W"}))
    room.input("h", click("start"))
    asked = [command[1] for command in room.commands["h"] if command[0] == "qr"]
    link = next(text for text in texts(room.drawing("h")) if text.startswith("http://127.0.0.1:8000/?game=kabalam&join="))
    assert asked == [link]
    assert "QR code of the invite link" not in texts(room.drawing("h"))  # not yet made
    room.input("h", {"type": "qr", "extra": {"text": "http://elsewhere/", "rows": ["1" * 21] * 21}})
    assert "http://elsewhere/" not in room.apps["h"].qr_codes
    room.input("h", {"type": "qr", "extra": {"text": link, "rows": ["10" * 10] * 20}})  # not square
    assert "QR code of the invite link" not in texts(room.drawing("h"))
    rows = ["1" * 25] + ["1" + "0" * 23 + "1"] * 23 + ["1" * 25]  # a frame, 25 modules wide
    room.input("h", {"type": "qr", "extra": {"text": link, "rows": rows}})
    shown = texts(room.drawing("h"))
    at = shown.index("QR code of the invite link")
    assert shown[at - 3:at] == ["qr-code", "0 0 33 33", "img"]  # the quiet zone: 4 modules each side
    path = next(text for text in shown if text.startswith("M0 0h25v1h-25z"))
    assert path.count("M") == 1 + 23 * 2 + 1
    room.input("h", click("copy"))
    assert [command[1] for command in room.commands["h"] if command[0] == "qr"] == [link]  # asked once


def test_link_copied_shows_for_a_moment_then_copy_is_offered_again(app_alone: Any,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """It stayed "Link copied" for good: a host copying for a second friend could not tell her second
    copy from her first. A failure is said for the same moment."""
    monkeypatch.setattr(remote_host, "COPIED_SHOWN_MS", 30)
    COPY, COPIED, NOT_COPIED = (STRINGS[key] for key in ("remote.copy", "remote.copied", "remote.copy_failed"))
    room = Room()
    room.boot("h", search=f"?game=kabalam&relay={RELAY}&ice=none")
    room.input("h", change("SELECT", "remote", **{"data-field": "kind", "data-seat": "W"}))
    room.input("h", click("start"))

    def copy_button() -> list[str]:
        return [text for text in texts(room.drawing("h")) if text in (COPY, COPIED, NOT_COPIED)]

    assert copy_button() == [COPY]
    for copied, said in ((True, COPIED), (False, NOT_COPIED)):
        room.input("h", click("copy"))
        room.input("h", {"type": "copied", "extra": {"copied": copied}})
        assert copy_button() == [said]
        app_alone.run_until_complete(asyncio.sleep(0.01))
        room.route("h")
        assert copy_button() == [said], "gone too soon"
        app_alone.run_until_complete(asyncio.sleep(0.05))
        room.route("h")
        assert copy_button() == [COPY]
    room.input("h", click("copy"))
    room.input("h", {"type": "copied", "extra": {"copied": True}})
    room.input("h", {"type": "copied", "extra": {"copied": True}})  # copied again: the moment starts again
    app_alone.run_until_complete(asyncio.sleep(0.05))
    room.route("h")
    assert copy_button() == [COPY]


def test_the_friends_play_on_while_the_host_looks_at_another_screen() -> None:
    """A table of three, North the computer: the host goes to All games mid-hand. The guest's
    move still comes, and the computer's turns after it are played at once (no table is on the
    host's screen to think them), so the friend is not kept waiting for a computer."""
    room = Room()
    room.boot("h", search=f"?game=kabalam&relay={RELAY}&ice=none")
    room.input("h", change("INPUT", "3", **{"data-field": "count", "type": "radio", "name": "seat-count"}))
    room.input("h", change("SELECT", "remote", **{"data-field": "kind", "data-seat": "W"}))
    room.input("h", change("SELECT", "easy", **{"data-field": "kind", "data-seat": "N"}))
    room.input("h", click("start"))
    link = next(text for text in texts(room.drawing("h")) if text.startswith("http://127.0.0.1:8000/?game=kabalam&join="))
    path, _, fragment = link.partition("#")
    room.boot("g", search=path.removeprefix("http://127.0.0.1:8000/"), fragment="#" + fragment)
    room.meet()
    room.input("g", change("INPUT", "Bo", **{"data-field": "name"}))
    room.input("g", click("sit"))
    room.input("h", click("start-remote"))
    host = room.apps["h"].screen.host  # type: ignore[attr-defined]
    host_room = room.joined("h")["room"]
    assert {seat: state.kind for seat, state in host.seats.items()} == {"S": "here", "W": "remote", "N": "computer"}
    hand = host.match.hand
    for _ in range(200):  # the host plays (the computer thinks in the table's task) until West's turn
        if hand.is_over() or hand.turn == "W":
            break
        assert hand.turn == "S", "the table thinks the computer's turns in slices: none is played in this test"
        observation = hand.observation("S")
        play(room, "h", observation, observation.legal_moves[0])
    assert hand.turn == "W"
    room.input("h", click("lobby"))  # the host goes to All games
    assert room.apps["h"].screen.game is None
    mark = len(hand.history)
    for _ in range(40):  # the friend plays whenever it is her turn; the computer's turns come between
        if hand.is_over() or hand.turn != "W":
            break
        observation = hand.observation("W")
        play(room, "g", observation, next((m for m in observation.legal_moves if m.is_play), observation.legal_moves[0]))
    assert hand.is_over() or hand.turn == "S", f"{hand.turn} waits for a table no one has open"
    assert any(event.seat == "N" for event in hand.history[mark:]), "the computer never played"
    told = [json.loads(text) for text in room.sent["g"]]
    assert any(message.get("kind") == "update" and "N" in json.dumps(message.get("events")) for message in told)
    # the browser's Back: the same table, the room not joined again (the friend stays seated)
    room.input("h", {"type": "popstate", "extra": {"pathname": "/", "search": f"?game=kabalam&host={host_room}"}})
    assert room.apps["h"].screen.host is host  # type: ignore[attr-defined]
    assert [command[0] for command in room.commands["h"]].count("net-join") == 1
    assert not host.seats["W"].away


def settings_dialog(room: Room, peer: str) -> Drawn:
    """The settings dialog's remote play part (its ``details``), as last drawn for ``peer``."""
    room.input(peer, {"type": "click", "within": "toolbar",
                      "path": [{"tag": "BUTTON", "attributes": {"type": "button", "data-action": "settings"}}]})
    body = [command[2] for command in room.commands[peer] if command[:2] == ["replace", "#dialog-body"]][-1]
    found: list[Drawn] = []

    def walk(node: Any) -> None:
        if isinstance(node, Drawn):
            if node[0] == "details":
                found.append(node)
            for child in node[2:]:
                walk(child)

    for child in body:
        walk(child)
    assert len(found) == 1
    return found[0]


def test_the_settings_fold_remote_play_s_addresses_until_the_player_has_named_one() -> None:
    """Few players need a relay or a TURN server of their own: folded, the dialog fits a laptop's
    screen with its Close button; once one is named it shows open, so what is set is seen."""
    room = Room()
    room.boot("h", search="?game=kabalam")
    folded = settings_dialog(room, "h")
    assert "open" not in folded[1][0::2]
    assert "Remote play: relays and servers" in texts(folded)
    assert {"relays", "ice_servers"} <= set(texts(folded))  # the fields are inside it
    room.input("h", {"type": "change", "within": "dialog", "path": [
        {"tag": "INPUT", "attributes": {"type": "text", "data-field": "ice_servers"}, "value": "turn:turn.example:3478"}]})
    assert "open" in settings_dialog(room, "h")[1][0::2]


def test_a_relay_and_turn_servers_of_one_s_own_come_from_the_settings_and_travel_in_the_invite() -> None:
    """For strict networks: the settings name a relay and a TURN server (a typo among them is
    left out); the host's room uses them and its invite carries them, and a guest's own TURN
    server is added to the host's."""
    room = Room()
    app = room.boot("h", search="?game=kabalam")
    room.input("h", {"type": "change", "within": "dialog", "path": [
        {"tag": "INPUT", "attributes": {"type": "text", "data-field": "relays"}, "value": " wss://relay.example  nonsense "}]})
    room.input("h", {"type": "change", "within": "dialog", "path": [
        {"tag": "INPUT", "attributes": {"type": "text", "data-field": "ice_servers"}, "value": "turn:turn.example:3478"}]})
    assert (app.settings.relays, app.settings.ice_servers) == ("wss://relay.example nonsense", "turn:turn.example:3478")
    kept = json.loads(app.store.backend.get("kabale:settings") or "{}")["data"]
    assert kept["relays"] == "wss://relay.example nonsense"  # kept as typed, read as addresses
    room.input("h", change("SELECT", "remote", **{"data-field": "kind", "data-seat": "W"}))
    room.input("h", click("start"))
    joined = room.joined("h")
    assert joined["relays"] == ["wss://relay.example"] and joined["ice"] == [{"urls": "turn:turn.example:3478"}]
    link = next(text for text in texts(room.drawing("h")) if text.startswith("http://127.0.0.1:8000/?game=kabalam&join="))
    assert "&relay=wss://relay.example&ice=turn:turn.example:3478#" in link
    path, _, fragment = link.partition("#")
    own = json.dumps({"app": "kabale", "schema": 1, "name": "settings", "revision": 1,
                      "data": {"language": "en", "ice_servers": "turn:mine.example"}})
    guest = start(Boot(storage={"kabale:settings": own}, origin="http://127.0.0.1:8000", pathname="/",
                       search=path.removeprefix("http://127.0.0.1:8000/"), fragment="#" + fragment))
    room.apps["g"] = guest
    room.route("g")
    assert room.joined("g")["ice"] == [{"urls": "turn:turn.example:3478"}, {"urls": "turn:mine.example"}]


def test_a_guest_who_leaves_for_good_frees_her_seat_and_her_page_forgets_it() -> None:
    """And the host's table says so, and says who sits down in her place (the pill only changed its
    name, with no word: a playthrough)."""
    room, link = seated_room()
    room.input("h", click("start-remote"))
    host = room.apps["h"].screen.host  # type: ignore[attr-defined]
    guest_app = room.apps["g"]
    assert "Leave the table" in texts(room.drawing("g"))
    room.input("g", click("leave-table", **{"data-key": "leave-table"}))
    assert host.seats["W"].taken  # only asked, not yet left
    room.input("g", {"type": "click", "within": "dialog",
                     "path": [{"tag": "BUTTON", "attributes": {"type": "button", "data-action": "confirm"}}]})
    assert not host.seats["W"].taken and host.seats["W"].away  # free for another friend, or the computer
    kept = json.loads(room.apps["h"].store.backend.get("kabale:kabalam-host") or "{}")["data"]["host"]
    assert [seat["token_hash"] for seat in kept["seats"] if seat["seat"] == "W"] == [None]  # a reload keeps it free
    assert guest_app.store.backend.get("kabale:kabalam-guest") is None
    assert guest_app.remote is None and guest_app.screen.game is None  # the room left, the home shown
    assert [command[0] for command in room.commands["g"]][-20:].count("net-leave") == 1
    assert as_news(texts(room.drawing("h")), "Bo left the table for good: West is free for a friend.")
    path, _, fragment = link.partition("#")  # another friend opens the invite and sits down there
    room.boot("g", search=path.removeprefix("http://127.0.0.1:8000/"), fragment="#" + fragment)
    room.meet()
    room.input("g", change("INPUT", "Cy", **{"data-field": "name"}))
    room.input("g", click("sit"))
    assert host.seats["W"].taken and host.seats["W"].name == "Cy"
    assert as_news(texts(room.drawing("h")), "Cy sat down at West.")


def test_the_invite_is_shared_by_the_page_in_the_click_and_a_failure_is_said() -> None:
    """Where the browser has the Web Share API, the lobby's Share carries the invite for the page to
    share in the click itself (a round trip through the worker may lose the player's gesture)."""
    room = Room()
    room.boot("h", search=f"?game=kabalam&relay={RELAY}&ice=none", share=True)
    room.input("h", change("SELECT", "remote", **{"data-field": "kind", "data-seat": "W"}))
    room.input("h", click("start"))
    shown = texts(room.drawing("h"))
    invite = room.apps["h"].screen.link.invite  # type: ignore[attr-defined]
    at = shown.index("Share")
    assert invite.query() in shown[at:at + 4] and "Come and play KABALAM at my table" in shown[at:at + 4]
    assert invite.query().endswith("#" + invite.password)  # the password stays in the fragment
    room.input("h", {"type": "shared", "extra": {"how": "failed"}})
    assert "Could not share the link: copy it instead." in texts(room.drawing("h"))
    room.input("h", {"type": "shared", "extra": {"how": "shared"}})
    assert "Could not share the link: copy it instead." not in texts(room.drawing("h"))


def test_the_guest_shows_the_host_s_play_with_the_old_sum_until_its_packet_flips(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A play of the host's lies on its packet for a moment at the guest's table, over the packet's
    old face-up card and with the old compounded sum, as at the host's own; the new card and the new
    sum come with the flip (a playthrough's screenshot, taken during the flip's motion, seemed to
    show the new sum under the play)."""
    normal = json.loads(SETTINGS)
    normal["data"]["bot_speed"] = "normal"  # a play is shown for a moment (none at the instant pace)
    monkeypatch.setitem(globals(), "SETTINGS", json.dumps(normal))
    room, _ = seated_room()
    room.input("h", click("start-remote"))
    host, guest = room.apps["h"].screen, room.apps["g"].screen
    hand = host.match.hand  # type: ignore[attr-defined]
    for _ in range(60):
        assert not hand.is_over(), "the hand ended before the host could play cards"
        host.finish_reveal(go_on=False)  # type: ignore[attr-defined]
        guest.finish_reveal(go_on=False)  # type: ignore[attr-defined]
        seat = hand.turn
        observation = hand.observation(seat)
        plays = [move for move in observation.legal_moves if move.kind in ("bare", "double")]
        if seat == "S" and plays:
            break
        play(room, "h" if seat == "S" else "g", observation, observation.legal_moves[0])
    old = hand.face_up
    play(room, "h", observation, plays[0])
    new = hand.face_up
    old_sum, new_sum = (" + ".join(str(card.value) for card in cards) for cards in (old, new))
    drawn = " ".join(texts(room.drawing("g")))
    assert guest.reveal is not None and guest.reveal.under == old[plays[0].packet - 1]  # type: ignore[attr-defined]
    assert f"Compounded sum {old_sum} =" in drawn and "Host played" in drawn
    assert f"Compounded sum {old_sum} =" in " ".join(texts(room.drawing("h")))  # as at the host's own table
    guest.finish_reveal()  # type: ignore[attr-defined]  # its moment is over: the packet flips
    room.route("g")
    drawn = " ".join(texts(room.drawing("g")))
    assert f"Compounded sum {new_sum} =" in drawn and guest.reveal is None  # type: ignore[attr-defined]


def small_reviews_room(monkeypatch: pytest.MonkeyPatch) -> tuple[Room, Any]:
    """A seated room whose match the host has started, its reviews on fewer sampled deals than a
    table's (the review is the engine's, tested for its costs elsewhere: these tests are of what the
    friend's page reviews, and when); the room and the host's engine."""
    from kabale.web.tables import table_remote

    monkeypatch.setattr(table_remote, "TABLE_WORLDS", 6)
    monkeypatch.setattr(table_remote, "TABLE_DEALS", 60)
    room, _ = seated_room()
    room.input("h", click("start-remote"))
    return room, room.apps["h"].screen.host  # type: ignore[attr-defined]


def test_at_the_hand_s_end_the_friend_sees_every_seat_s_cards_and_reviews_her_own_decisions(
        app_alone: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Her end of the hand was the scores alone, with no Review (a playthrough), while the host's
    showed every seat's cards left and offered one. Once the host reveals the deal and her page's
    check agrees, the hand is public: her page deals it again from the seed, shows every seat's
    cards left as the host's does, and reviews her decisions as the host's table would; the whole
    hand is kept with her seat, so a reload keeps it too (a record from before it loads as it did)."""
    from kabale.bots.review import review_kabalam
    from kabale.net.guest import Guest
    room, host = small_reviews_room(monkeypatch)
    hand = host.match.hand
    play_out(room, hand, lambda legal: next((move for move in legal if move.is_play), legal[0]))
    table = room.apps["g"].screen
    guest = table.guest  # type: ignore[attr-defined]
    assert guest.checks[guest.deal].ok
    whole = guest.revealed_hand()
    assert whole is not None and whole.to_dict() == hand.to_dict()  # the host's hand, card for card
    result = hand.result()
    drawn = texts(room.drawing("g"))
    for seat in hand.seats:
        if seat != result.closer and seat not in result.out_with_thirteen:
            assert f"cost {sum(card.value for card in hand.endowment(seat))}" in drawn, seat  # the host's cards too
    assert "Review" in drawn
    # her own moves are "You" in her log, as her draws were (it said "Bo passed" beside "You drew")
    assert not [text for text in drawn if text.startswith("Bo ")]
    assert [text for text in drawn if re.match(r"You (played|passed|yielded)", text)]
    room.input("g", click("review"))
    app_alone.run_until_complete(table._review_task)  # type: ignore[attr-defined]
    room.route("g")
    expected = review_kabalam(whole, ("W",), 6, 0, deals=60)
    assert expected["decisions"], "West made no decision to review"
    assert table.review == expected  # type: ignore[attr-defined]  # as the host's table would review her
    drawn = texts(room.drawing("g"))
    assert "Review: your decisions beside the hard computer's" in drawn
    first = expected["decisions"][0]["move_number"]
    room.input("g", click("review-jump", **{"data-move": str(first)}))
    assert table.jumped == first  # type: ignore[attr-defined]  # the hand as it stood, from her seat
    assert table.shown_hand().to_dict()["moves"] == hand.to_dict()["moves"][:first - 1]  # type: ignore[attr-defined]
    kept = guest.to_dict()
    assert Guest.from_dict(json.loads(json.dumps(kept))).revealed_hand().to_dict() == hand.to_dict()
    before = {key: value for key, value in kept.items() if key != "revealed"}  # a record of an earlier release
    assert Guest.from_dict(before).revealed_hand() is None and Guest.from_dict(before).checks == guest.checks


@pytest.mark.parametrize("at_a_jump", [False, True])
def test_the_host_s_next_hand_leaves_the_friend_s_review_open_until_she_goes_on(
        app_alone: Any, monkeypatch: pytest.MonkeyPatch, at_a_jump: bool) -> None:
    """The host's Next hand closed her Review (at its list, or at one of its jumps), the hand before
    gone from under it (a playthrough). Now the hand before stays on her table with its Review, and
    its end says the host has dealt the next (her turn, if it is) with a button to go to it; the
    host's table plays on meanwhile. Without her Review open, the new hand shows at once, as before."""
    room, host = small_reviews_room(monkeypatch)
    first = host.match.hand
    play_out(room, first, lambda legal: next((move for move in legal if move.is_play), legal[0]))
    assert not host.match.is_over(), "the match ended in its first hand"
    table = room.apps["g"].screen
    room.input("g", click("review"))
    app_alone.run_until_complete(table._review_task)  # type: ignore[attr-defined]
    room.route("g")
    review = table.review  # type: ignore[attr-defined]
    assert review is not None and review["decisions"]
    if at_a_jump:
        room.input("g", click("review-jump", **{"data-move": str(review["decisions"][0]["move_number"])}))
    room.input("h", click("next-hand"))
    second = host.match.hand
    assert second is not first and not second.is_over()
    drawn = texts(room.drawing("g"))
    assert table.current_review() == review  # type: ignore[attr-defined]  # her Review stays
    assert table.hand.is_over() and table.match.hand_number == 1  # type: ignore[attr-defined]  # the hand before
    if at_a_jump:
        assert table.jumped is not None and "Back to the review" in drawn  # type: ignore[attr-defined]
        assert [text for text in drawn if text.startswith("The host has dealt hand 2")], drawn  # in the bar
        room.input("g", click("review-back"))
        drawn = texts(room.drawing("g"))
    assert "Review: your decisions beside the hard computer's" in drawn
    mine = second.turn == "W"
    news = "The host has dealt hand 2: it is your turn." if mine else "The host has dealt hand 2."
    assert news in drawn, drawn
    assert "To hand 2" in drawn
    assert said(room, "g") == news  # to a screen reader too (the end's lines are not a live region)
    if not mine:  # the host plays on meanwhile; her table holds the hand before
        while second.turn == "S" and not second.is_over():
            play(room, "h", second.observation("S"), second.observation("S").legal_moves[0])
        assert table.hand.is_over() and table.match.hand_number == 1  # type: ignore[attr-defined]
        if second.turn == "W":
            assert "The host has dealt hand 2: it is your turn." in texts(room.drawing("g"))
            assert said(room, "g") == "The host has dealt hand 2: it is your turn."  # said again: her turn
    if at_a_jump:
        room.input("g", click("to-new-hand"))
    else:  # N, as the host's table deals with it
        room.input("g", {"type": "keydown", "key": "n", "path": [{"tag": "DIV", "attributes": {}}]})
    drawn = texts(room.drawing("g"))
    assert table.held is None and not table.hand.is_over() and table.match.hand_number == 2  # type: ignore[attr-defined]
    assert table.current_review() is None and "To hand 2" not in drawn  # type: ignore[attr-defined]
    assert "Hand 2" in " ".join(drawn)
    assert [card.value for card in table.hand.seen.endowment] == [  # type: ignore[attr-defined]
        card.value for card in second.observation("W").endowment]
    # her play goes on in hand 2 as ever
    if second.turn == "W":
        observation = second.observation("W")
        before = len(second.history)
        play(room, "g", observation, observation.legal_moves[0])
        assert len(second.history) > before


def test_a_new_match_started_under_her_review_is_called_a_new_match(app_alone: Any,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The match over and her Review open, the host starts a new match: her end says so (not "hand 1")."""
    room, host = small_reviews_room(monkeypatch)
    for _ in range(40):
        play_out(room, host.match.hand)
        if host.match.is_over():
            break
        room.input("h", click("next-hand"))
    assert host.match.is_over()
    table = room.apps["g"].screen
    room.input("g", click("review"))
    app_alone.run_until_complete(table._review_task)  # type: ignore[attr-defined]
    room.route("g")
    room.input("h", click("new-match"))
    assert not host.match.is_over() and host.match.hand_number == 1
    drawn = texts(room.drawing("g"))
    assert table.match.is_over() and table.current_review() is not None  # type: ignore[attr-defined]
    assert [text for text in drawn if text.startswith("The host has started a new match")], drawn
    assert "To the new match" in drawn and not [text for text in drawn if "dealt hand" in text]
    room.input("g", click("to-new-hand"))
    assert table.held is None and not table.match.is_over() and table.match.hand_number == 1  # type: ignore[attr-defined]


def said(room: Room, peer: str) -> str:
    """What the page last said to a screen reader (#announcer)."""
    told = [command[3] for command in room.commands[peer]
            if command[0] == "set" and command[1] == "#announcer" and command[2] == "textContent"]
    return str(told[-1]) if told else ""


def test_without_her_review_open_the_friend_s_table_goes_to_the_new_hand_at_once() -> None:
    room, _ = seated_room()
    room.input("h", click("start-remote"))
    host = room.apps["h"].screen.host  # type: ignore[attr-defined]
    play_out(room, host.match.hand)
    assert not host.match.is_over(), "the match ended in its first hand"
    table = room.apps["g"].screen
    room.input("h", click("next-hand"))
    assert table.held is None and not table.hand.is_over() and table.match.hand_number == 2  # type: ignore[attr-defined]
    assert "To hand 2" not in texts(room.drawing("g"))


def test_the_friend_s_end_of_the_second_hand_draws_the_match_s_score_chart() -> None:
    """From the second hand's end on, the end draws the match's score chart, which asked the
    friend's copy of the match for its seats: her page failed there ("Something went wrong"), at
    every hand's end after the first, and a reload showed the error alone (a playthrough)."""
    room, _ = seated_room()
    room.input("h", click("start-remote"))
    host = room.apps["h"].screen.host  # type: ignore[attr-defined]
    for number in (1, 2):
        hand = host.match.hand
        play_out(room, hand)
        if number == 1:
            assert not host.match.is_over(), "the match ended in its first hand"
            room.input("h", click("next-hand"))
            assert host.match.hand is not hand
    drawn = texts(room.drawing("g"))
    assert not [text for text in drawn if "went wrong" in text.lower()], drawn
    assert "The match so far, hand by hand" in drawn, drawn
    assert "Hand 2 is over" in drawn or "The match is over" in drawn


def test_after_the_tab_is_closed_kabalam_leads_host_and_friend_back_to_their_table() -> None:
    """A page that holds no room (the tab closed, the browser restarted): the KABALAM button opened a
    new set-up, and the friends' table came back only by its address typed in full, while the friend's
    page said it was connecting (a playthrough). It resumes the table this browser keeps, host's or
    friend's, while its match is in play: the room joined again, the same hand."""
    room, _ = seated_room()
    room.input("h", click("start-remote"))
    host = room.apps["h"].screen.host  # type: ignore[attr-defined]
    hand = host.match.hand
    for _ in range(3):
        seat = hand.turn
        observation = hand.observation(seat)
        play(room, "h" if seat == "S" else "g", observation, observation.legal_moves[0])
    moves = [str(move) for move in hand.moves]
    kabalam = {"type": "click", "within": "lobby", "path": [{"tag": "BUTTON", "attributes": {"data-game": "kabalam"}}]}
    for peer, kind in (("h", "RemoteHostTable"), ("g", "GuestTable")):
        backend = room.apps[peer].store.backend
        kept = {key: value for key in backend.keys() if (value := backend.get(key)) is not None}
        again = Room()
        app = start(Boot(storage=kept, origin="http://127.0.0.1:8000", pathname="/"))  # the home, no room
        again.apps[peer] = app
        again.route(peer)
        assert app.screen.game is None
        again.input(peer, kabalam)
        assert type(app.screen).__name__ == kind, type(app.screen)
        assert [command[0] for command in again.commands[peer]].count("net-join") == 1  # its room, again
        assert "KABALAM table" in texts(again.drawing(peer))
        if peer == "h":
            assert [str(move) for move in app.screen.host.match.hand.moves] == moves  # type: ignore[attr-defined]
        else:
            assert app.screen.guest.moves == moves  # type: ignore[attr-defined]


def test_the_host_may_end_the_table_for_everyone_and_the_friend_is_told() -> None:
    """The host had no way out of a match at a distance but to play it to its end (the KABALAM
    button leads back to a table in play). End the table, once asked: her friends' pages are told
    and forget their seats (rather than say "Connecting to…" for a table gone for ever), and each
    page forgets the table and its room."""
    room, _ = seated_room()
    room.input("h", click("start-remote"))
    assert "End the table" in texts(room.drawing("h"))
    room.input("h", click("end-table", **{"data-key": "end-table"}))
    assert type(room.apps["h"].screen).__name__ == "RemoteHostTable"  # asked first: nothing ended yet
    room.input("h", {"type": "click", "within": "dialog", "path": [
        {"tag": "BUTTON", "attributes": {"type": "button", "data-action": "confirm"}}]})
    host, guest = room.apps["h"], room.apps["g"]
    assert host.screen.game is None and host.remote is None  # the home
    assert host.store.load("kabalam-host") is None
    assert "net-leave" in [command[0] for command in room.commands["h"]]
    assert guest.screen.game is None and guest.remote is None  # her home
    assert guest.store.load("kabalam-guest") is None
    assert "net-leave" in [command[0] for command in room.commands["g"]]
    assert [line for line in guest._notice if line.endswith("ended the table.")], guest._notice  # the home says so
