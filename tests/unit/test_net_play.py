"""Whole KABALAM hands and matches played through kabale.net's host and guests, in CPython.

Every message goes as JSON text, as the transport will carry it; after every move
each guest's rebuilt observation must be the host engine's for its seat, and
every message a guest received is checked, as it was sent, against the cards
the host's state hides from that seat (net_helpers.leaks).
"""

from __future__ import annotations

import json
import random

import pytest

from kabale.games.kabala.rules import Options
from kabale.games.kabalam.match import Match
from kabale.net.guest import Guest
from kabale.net.host import COMPUTER, HERE, REMOTE, Host, SeatPlan
from kabale.net.messages import MAX_HOST_TEXT, Hello
from net_helpers import Wire, cards_in, chooser_for, leaks, seeded


def two_seats(seed: int = 0, **options: bool) -> Wire:
    """A host at South, a friend at West, seated and ready to deal."""
    host = Host([SeatPlan("S", HERE, "Ann"), SeatPlan("W", REMOTE)], chooser_for, "Ann's table", Options(**options),
                secrets_from=seeded(seed))
    wire = Wire(host)
    guest = wire.add("w-1")
    [table] = wire.send("w-1", guest.hello())
    assert table["kind"] == "table" and guest.free_seats() == ("W",)
    wire.send("w-1", guest.join("W", "Bo"))
    return wire


def test_a_two_seat_match_is_played_to_its_great_kabalist() -> None:
    wire = two_seats()
    host, guest = wire.host, wire.guests["w-1"]
    assert host.missing() == () and guest.seat == "W" and guest.token
    rng, hands = random.Random(4), 0
    while True:
        wire.carry(host.deal_next())
        wire.agree()
        wire.play_hand(rng)
        hands += 1
        assert host.match is not None
        assert guest.results == host.match.results and guest.totals == host.match.totals
        check = guest.checks[host.hand_deal]
        assert check.ok, check
        if host.match.is_over():
            break
    assert guest.match is not None and guest.match["great_kabalists"] == list(host.match.result().great_kabalists)
    assert hands == len(host.match.results) >= 2
    assert wire.found == [] and wire.refusals == []
    assert max(size for _, size in wire.sizes) < MAX_HOST_TEXT


def test_a_new_match_follows_for_everyone() -> None:
    wire = two_seats(1)
    host, guest = wire.host, wire.guests["w-1"]
    wire.carry(host.deal_next())
    first = host.match
    assert first is not None
    for _ in range(200):  # end the match quickly: play hands until it is decided
        wire.play_hand(random.Random(len(first.results)))
        if first.is_over():
            break
        wire.carry(host.deal_next())
    assert first.is_over()
    wire.carry(host.deal_next())
    assert host.match is not first and host.match is not None and host.match.hand_number == 1
    assert guest.results == [] and guest.totals == {"S": 0, "W": 0}
    wire.agree()
    assert wire.found == [] and wire.refusals == []


def test_four_seats_three_devices_and_the_computer_play_a_hand_to_its_end() -> None:
    host = Host([SeatPlan("S", HERE, "Ann"), SeatPlan("W", REMOTE), SeatPlan("N", COMPUTER, "Robot", "normal"),
                 SeatPlan("E", REMOTE)], chooser_for, "Four",
                secrets_from=seeded("four2"))
    wire = Wire(host)
    west, east = wire.add("w"), wire.add("e")
    for peer, seat, name in (("w", "W", "Bo"), ("e", "E", "Cy")):
        wire.send(peer, wire.guests[peer].hello())
        wire.send(peer, wire.guests[peer].join(seat, name))
    assert host.missing() == ()
    wire.carry(host.deal_next())
    wire.play_hand(random.Random(7), hint=True)
    match = host.match
    assert match is not None and match.hand is not None and match.hand.is_over()
    computer_moves = [e for e in match.hand.history if e.seat == "N" and e.kind in ("bare", "double", "pass", "yield")]
    assert computer_moves, "the computer played its seat"
    for guest in (west, east):
        assert guest.observation is not None and guest.observation.result == match.hand.result()
        assert guest.totals == match.totals and guest.results == match.results
        assert guest.checks[1].ok
        assert guest.names() == {"S": "Ann", "W": "Bo", "N": "Robot", "E": "Cy"}
    assert wire.found == [] and wire.refusals == []


def test_the_leak_check_finds_another_seat_s_card() -> None:
    """The check of every message can fail: another seat's endowment in a message is found."""
    wire = two_seats()
    wire.carry(wire.host.deal_next())
    match = wire.host.match
    assert match is not None and match.hand is not None
    honest = wire.received["w-1"][-1]
    assert honest["kind"] == "state" and leaks(honest, wire.host, "W") == []
    hers = match.hand.observation("S").to_dict()
    spoiled = {**honest, "observation": {**hers, "seat": "W"}}
    found = leaks(spoiled, wire.host, "W")
    assert found and any("hidden from W" in leak or "at once" in leak for leak in found)
    assert leaks({**honest, "note": str(match.hand.seed)}, wire.host, "W") == ["the seed of the hand in play"]


def test_a_seat_out_of_the_match_watches_the_public_view_only() -> None:
    """Three seats; once the guest leaves the match (over 101) it watches hands it is not in.
    (This deal and these moves put West out after the first hand, South and North play on.)"""
    host = Host([SeatPlan("S", HERE), SeatPlan("W", REMOTE), SeatPlan("N", COMPUTER, "Robot", "easy")], chooser_for,
                secrets_from=seeded("three18"))
    wire = Wire(host)
    guest = wire.add("w")
    wire.send("w", guest.hello())
    wire.send("w", guest.join("W", "Bo"))
    rng = random.Random(18)
    wire.carry(host.deal_next())
    wire.play_hand(rng)
    assert host.match is not None and host.match.in_match == ("S", "N") and not host.match.is_over()
    assert host.missing() == ()  # a guest out of the match adds nothing to the next deal
    wire.carry(host.deal_next())
    assert host.match.hand is not None and host.match.hand.seats == ("S", "N")
    wire.play_hand(rng)
    assert guest.observation is not None and guest.observation.seat == "W" and guest.observation.endowment == ()
    assert all(not event.cards for event in guest.observation.history if event.kind in ("deal", "draw")
               and event.seat is not None)
    assert guest.checks[2].ok and wire.found == []


def test_a_guest_reconnects_with_its_token_and_gets_its_state() -> None:
    wire = two_seats(2)
    host, guest = wire.host, wire.guests["w-1"]
    wire.carry(host.deal_next())
    rng = random.Random(2)
    for _ in range(6):  # a few moves, then the channel drops mid-hand
        hand = host.match.hand  # type: ignore[union-attr]
        if hand.turn == "S":
            wire.carry(host.play_here("S", rng.choice(hand.legal_moves())))
        else:
            wire.send("w-1", guest.play(str(rng.choice(guest.observation.legal_moves))))  # type: ignore[union-attr]
    kept = json.loads(json.dumps(guest.to_dict()))  # the guest's page's storage
    wire.drop("w-1")
    assert host.seats["W"].away and host.peers == {}
    assert host.table().seats[1]["away"]
    # the page reloads: a new Guest from storage, a new connection
    again = wire.add("w-2", Guest.from_dict(kept))
    assert again.observation == guest.observation and again.token == guest.token
    answer = wire.send("w-2", again.join("W"))
    assert [a["kind"] for a in answer] == ["seated", "state"]
    assert not host.seats["W"].away and host.peers == {"w-2": "W"}
    assert again.problems == []
    wire.agree()
    wire.play_hand(rng)
    assert again.checks[1].ok and wire.found == []


def test_away_seat_goes_to_the_computer_and_back() -> None:
    wire = two_seats(3)
    host, guest = wire.host, wire.guests["w-1"]
    wire.carry(host.deal_next())
    hand = host.match.hand  # type: ignore[union-attr]
    kept = guest.to_dict()
    wire.drop("w-1")
    with pytest.raises(ValueError):
        host.give_to_computer("S")  # only an away guest's seat
    handed = len(hand.history)
    wire.carry(host.give_to_computer("W", "easy"))
    assert host.seats["W"].computer and host.table().seats[1]["computer"]

    def west_played() -> bool:
        return any(e.seat == "W" and e.kind in ("bare", "double", "pass", "yield") for e in hand.history[handed:])

    rng = random.Random(3)
    while not hand.is_over() and not west_played():
        assert hand.turn == "S"  # the computer plays West's turns as they come
        wire.carry(host.play_here("S", rng.choice(hand.legal_moves())))
    assert west_played()
    back = wire.add("w-2", Guest.from_dict(kept))
    answer = wire.send("w-2", back.join("W"))
    assert [a["kind"] for a in answer][:2] == ["seated", "table"]  # the seat is hers again, and all see it
    assert not host.seats["W"].computer and not host.seats["W"].away
    assert back.problems == [] and back.table is not None and not back.table["seats"][1]["computer"]
    wire.agree()
    if not hand.is_over():
        wire.play_hand(rng)
        assert back.checks[1].ok
    assert wire.found == [] and wire.refusals == []


def test_the_host_restarts_from_its_record_and_the_guests_come_back() -> None:
    host = Host([SeatPlan("S", HERE, "Ann"), SeatPlan("W", REMOTE), SeatPlan("N", COMPUTER, "Robot", "easy"),
                 SeatPlan("E", REMOTE)], chooser_for, secrets_from=seeded("restart"))
    wire = Wire(host)
    for peer, seat in (("w", "W"), ("e", "E")):
        guest = wire.add(peer)
        wire.send(peer, guest.hello())
        wire.send(peer, guest.join(seat, seat * 3))
    wire.carry(host.deal_next())
    rng = random.Random(5)
    hand = host.match.hand  # type: ignore[union-attr]
    while len(hand.moves) < 15 and not hand.is_over():
        seat = hand.turn
        if seat == "S":
            wire.carry(host.play_here("S", rng.choice(hand.legal_moves())))
        else:
            guest = wire.guests[wire.peer_of(seat)]  # type: ignore[arg-type]
            wire.send(wire.peer_of(seat), guest.play(str(rng.choice(guest.observation.legal_moves))))  # type: ignore[union-attr]
    record = json.loads(json.dumps(host.to_dict()))
    assert "token" not in json.dumps(record["seats"]).replace("token_hash", "")
    for peer in ("w", "e"):
        wire.connected.discard(peer)
    # the host's page reloads: the table from storage, no connection yet
    again = Host.from_dict(record, chooser_for, seeded("restarted"))
    assert again.to_dict() == {**record, "seats": [{**seat, "away": seat["kind"] == REMOTE} for seat in record["seats"]]}
    assert again.commitment == host.commitment and again.match.to_dict() == host.match.to_dict()  # type: ignore[union-attr]
    wire.host = again
    for old, new in (("w", "w2"), ("e", "e2")):
        guest = wire.add(new, wire.guests[old])
        answer = wire.send(new, guest.join(guest.seat))  # type: ignore[arg-type]
        assert [a["kind"] for a in answer][:2] == ["seated", "state"]
        assert guest.problems == []
    wire.agree()
    wire.play_hand(rng)
    for peer in ("w2", "e2"):
        assert wire.guests[peer].checks[1].ok
    assert wire.found == [] and wire.refusals == []


def test_a_guest_who_leaves_frees_the_seat_for_another() -> None:
    wire = two_seats()
    host, guest = wire.host, wire.guests["w-1"]
    wire.send("w-1", guest.leave())
    assert host.missing() == ("W",) and host.peers == {}
    other = wire.add("x")
    answer = wire.send("x", other.join("W", "Di"))
    assert [a["kind"] for a in answer] == ["seated", "state", "table"]
    assert other.token != guest.token and host.seats["W"].name == "Di"
    # the first guest's token no longer holds the seat
    refused = wire.send("w-1", guest.join("W"))
    assert [a["kind"] for a in refused] == ["refusal"] and refused[0]["code"] == "seat_taken"


def test_a_match_dealt_with_given_seeds_reads_back_and_undoes() -> None:
    match = Match(11, 2)
    match.next_hand(123456)
    assert match.hand is not None and match.hand.seed == 123456 and match.given_seeds
    match.apply(match.legal_moves()[0])
    data = json.loads(json.dumps(match.to_dict()))
    assert data["given_seeds"] is True and Match.from_dict(data).to_dict() == data
    match.pop()
    assert match.given_seeds and match.hand.seed == 123456
    with pytest.raises(ValueError):
        Match.from_dict({**data, "hands": [{**data["hands"][0], "seed": -1}]})
    assert "given_seeds" not in Match.start(11, 2).to_dict()  # records made before stay as they were


def test_before_sitting_a_page_sees_the_table_and_its_commitment_only() -> None:
    host = Host([SeatPlan("S", HERE, "Ann"), SeatPlan("W", REMOTE)], chooser_for, "T")
    wire = Wire(host)
    guest = wire.add("p")
    [table] = wire.send("p", Hello())
    assert table["commitment"] == host.commitment and table["dealt"] is False
    assert guest.commitments == {1: host.commitment} and guest.seat is None
    assert host.peers == {} and host.lobby == {"p"}


def test_the_leak_check_reads_cards_in_every_field_but_a_seat_s_random_token() -> None:
    """A token is random URL-safe text ("-8D_" by chance): read as a card, it failed a clean run."""
    message = {"kind": "seated", "seat": "W", "token": "8D-x_QH", "moves": ["play 8D", {"hint": "QH"}]}
    assert cards_in(message) == ["8D", "QH"]
