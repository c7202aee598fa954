"""Hostile and broken messages from guests: each is refused with a reason, and nothing changes.

A table of three: South at the host's device, West and North on their own
devices, in the middle of a hand with West to play. Each case sends one
message as a guest's page might (broken, too big, of a kind a guest does not
send, for a seat it does not hold, with a token it was never given, out of
turn, stale or replayed, or an illegal move). The host must answer the sender
alone with a refusal (a stable code and an English text) and its record
(``Host.to_dict``), its connections and every guest must stay as they were.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any, Callable

import pytest
from hypothesis import given, settings, strategies as st

from kabale.net.host import HERE, REMOTE, Host, SeatPlan
from kabale.net.messages import CODES, MAX_GUEST_TEXT, Contribute, Join, Leave, Play, encode
from net_helpers import Wire, chooser_for, seeded


@dataclass
class Table:
    wire: Wire
    tokens: dict[str, str]
    deal: int
    at: int

    def play(self, move: str, seat: str = "W", token: str | None = None, at: int | None = None,
             deal: int | None = None) -> str:
        return encode(Play(seat, self.tokens[seat] if token is None else token, self.deal if deal is None else deal,
                           self.at if at is None else at, move))

    def raw(self, **fields: Any) -> str:
        """A play with fields changed, added or (as None) taken away, as JSON."""
        data = json.loads(self.play("yield"))
        for name, value in fields.items():
            if value is None:
                del data[name]
            else:
                data[name] = value
        return json.dumps(data)


def three_seats() -> Wire:
    host = Host([SeatPlan("S", HERE, "Ann"), SeatPlan("W", REMOTE), SeatPlan("N", REMOTE)], chooser_for, "Three",
                secrets_from=seeded("hostile"))
    wire = Wire(host)
    for peer, seat in (("w", "W"), ("n", "N")):
        guest = wire.add(peer)
        wire.send(peer, guest.hello())
        wire.send(peer, guest.join(seat, seat * 2))
    wire.add("x")  # a page that sits nowhere
    return wire


@pytest.fixture
def table() -> Table:
    """Mid-hand, West to play, having played nothing yet this turn."""
    wire = three_seats()
    host = wire.host
    wire.carry(host.deal_next())
    hand = host.match.hand  # type: ignore[union-attr]
    rng = random.Random(1)
    while hand.turn != "W":
        assert hand.turn == "S"
        wire.carry(host.play_here("S", rng.choice(hand.legal_moves())))
    assert not hand.played_this_turn and hand.legal_moves()[0].is_play  # West can play: a pass is illegal
    tokens = {seat: wire.guests[peer].token for peer, seat in (("w", "W"), ("n", "N"))}
    return Table(wire, tokens, host.hand_deal, len(hand.moves))


Case = tuple[str, str, Callable[[Table], Any], str]
NESTED = '{"v":1,"kind":"play","seat":' + "[" * 900 + "]" * 900 + "}"

CASES: list[Case] = [
    # broken text
    ("not JSON", "w", lambda t: "play yield please", "malformed"),
    ("a JSON list", "w", lambda t: "[1, 2]", "malformed"),
    ("a JSON string", "w", lambda t: '"play"', "malformed"),
    ("nothing at all", "w", lambda t: "", "malformed"),
    ("bytes that are not UTF-8", "w", lambda t: b"\xff\xfe{}", "malformed"),
    ("not text", "w", lambda t: 12345, "malformed"),
    ("NaN, which JSON has not", "w", lambda t: t.raw(at=None)[:-1] + ',"at":NaN}', "malformed"),
    ("nested deeper than any message", "w", lambda t: NESTED, "malformed"),
    ("half a message", "w", lambda t: t.play("yield")[:30], "malformed"),
    # too big
    ("a megabyte", "w", lambda t: "x" * 1_000_000, "too_big"),
    ("a play padded past the limit", "w", lambda t: t.raw(pad="y" * MAX_GUEST_TEXT), "too_big"),
    ("too many bytes in fewer letters", "w", lambda t: t.raw(move="é" * (MAX_GUEST_TEXT // 2 + 10)), "too_big"),
    # version and kind
    ("no version", "w", lambda t: t.raw(v=None), "malformed"),
    ("another version", "w", lambda t: t.raw(v=2), "wrong_version"),
    ("true for a version", "w", lambda t: t.raw(v=True), "wrong_version"),
    ("an unknown kind", "w", lambda t: t.raw(kind="shuffle"), "unknown_kind"),
    ("a kind only the host sends", "w", lambda t: t.raw(kind="state"), "unknown_kind"),
    ("a number for a kind", "w", lambda t: t.raw(kind=7), "unknown_kind"),
    # fields
    ("a play without its move", "w", lambda t: t.raw(move=None), "malformed"),
    ("a field a play has not", "w", lambda t: t.raw(cards=["9H", "9S"]), "malformed"),
    ("a negative move number", "w", lambda t: t.raw(at=-1), "malformed"),
    ("true for a move number", "w", lambda t: t.raw(at=True), "malformed"),
    ("a text for a deal number", "w", lambda t: t.raw(deal="1"), "malformed"),
    ("a number for a move", "w", lambda t: t.raw(move=42), "malformed"),
    ("a move of sixty letters", "w", lambda t: t.raw(move="bare " + "9" * 55), "malformed"),
    ("a list for a seat", "w", lambda t: t.raw(seat=["W"]), "malformed"),
    ("a hello with a field", "x", lambda t: '{"v":1,"kind":"hello","seat":"S"}', "malformed"),
    # seats and tokens
    ("a play from a page that sits nowhere", "x", lambda t: t.play("yield"), "not_seated"),
    ("a play without a token", "w", lambda t: t.play("yield", token=""), "bad_token"),
    ("a play with a made-up token", "w", lambda t: t.play("yield", token="guessed-token"), "bad_token"),
    ("a play with North's token for West", "w", lambda t: t.play("yield", token=t.tokens["N"]), "bad_token"),
    ("a play for North from West's page", "w", lambda t: t.play("yield", seat="N", token=t.tokens["W"]), "other_seat"),
    ("North's token for North from West's page", "w", lambda t: t.play("yield", seat="N"), "other_seat"),
    ("a play for South (the host's) from West's page", "w", lambda t: t.play("yield", seat="S", token="x"),
     "other_seat"),
    # turns and time
    ("North plays in West's turn", "n", lambda t: t.play(str(_legal(t, "W")), seat="N"), "out_of_turn"),
    ("a move for a position that has passed", "w", lambda t: t.play(str(_legal(t, "W")), at=t.at - 1), "stale"),
    ("a move for a position to come", "w", lambda t: t.play(str(_legal(t, "W")), at=t.at + 5), "stale"),
    ("a move for another deal", "w", lambda t: t.play(str(_legal(t, "W")), deal=t.deal + 1), "stale"),
    # illegal moves, with the engine's reason
    ("a pass while West can play", "w", lambda t: t.play("pass flip 1"), "illegal_move"),
    ("a yield before playing", "w", lambda t: t.play("yield"), "illegal_move"),
    ("a draw, which KABALAM has not", "w", lambda t: t.play("draw"), "illegal_move"),
    ("a 10, which the deck has not", "w", lambda t: t.play("bare 10 on 4"), "illegal_move"),
    ("eight 9s West does not hold", "w", lambda t: t.play("bare 9x8 on 1"), "illegal_move"),
    ("cards West does not hold", "w", lambda t: t.play(f"bare {_not_held(t)} on 1"), "illegal_move"),
    # joining
    ("a seat that is not at the table", "x", lambda t: encode(Join("E", "Eve")), "no_such_seat"),
    ("a seat that is no seat", "x", lambda t: encode(Join("Q", "Eve")), "no_such_seat"),
    ("the host's own seat", "x", lambda t: encode(Join("S", "Eve")), "not_remote"),
    ("West's seat, taken", "x", lambda t: encode(Join("W", "Eve")), "seat_taken"),
    ("West's seat with a made-up token", "x", lambda t: encode(Join("W", "Eve", "guessed")), "bad_token"),
    ("West's seat with North's token", "x", lambda t: encode(Join("W", "Eve", t.tokens["N"])), "bad_token"),
    ("a second seat for West's page", "w", lambda t: encode(Join("N", "Wes", t.tokens["N"])), "already_seated"),
    ("an empty name", "x", lambda t: encode(Join("W", "  ")), "bad_name"),
    ("a name with a control character", "x", lambda t: encode(Join("W", "Eve\u0000")), "bad_name"),
    ("a name of 41 letters", "x", lambda t: encode(Join("W", "E" * 41)), "bad_name"),
    # the deal's bytes, once the cards are dealt
    ("bytes after the deal", "w", lambda t: encode(Contribute("W", t.tokens["W"], t.deal, "ab" * 32)), "too_late"),
    ("bytes for a deal long gone", "w", lambda t: encode(Contribute("W", t.tokens["W"], 0, "ab" * 32)), "stale"),
    ("bytes with North's token", "w", lambda t: encode(Contribute("W", t.tokens["N"], t.deal, "ab" * 32)),
     "bad_token"),
    # leaving
    ("leaving West's seat with North's token", "w", lambda t: encode(Leave("W", t.tokens["N"])), "bad_token"),
    ("leaving North's seat from West's page", "w", lambda t: encode(Leave("N", t.tokens["N"])), "other_seat"),
    ("leaving from a page that sits nowhere", "x", lambda t: encode(Leave("W", t.tokens["W"])), "not_seated"),
]


def _legal(table: Table, seat: str) -> Any:
    hand = table.wire.host.match.hand  # type: ignore[union-attr]
    return hand.legal_moves()[0] if hand.turn == seat else hand.observation(seat).legal_moves[0]


def _not_held(table: Table) -> str:
    """A card of the value West would play that West does not hold (it is somewhere else)."""
    hand = table.wire.host.match.hand  # type: ignore[union-attr]
    value = hand.legal_moves()[0].values[0]
    held = {str(card) for card in hand.endowment("W")}
    return next(f"{'A' if value == 1 else value}{suit}" for suit in "CDSH" if f"{'A' if value == 1 else value}{suit}"
                not in held)


def snapshot(wire: Wire) -> tuple[Any, ...]:
    host = wire.host
    guests = {peer: json.dumps(guest.to_dict(), sort_keys=True) for peer, guest in wire.guests.items()}
    return json.dumps(host.to_dict(), sort_keys=True), dict(host.peers), set(host.lobby), guests


def test_there_are_at_least_thirty_hostile_cases() -> None:
    assert len(CASES) >= 30 and len({name for name, *_ in CASES}) == len(CASES)
    assert {code for *_, code in CASES} <= set(CODES)
    assert {"malformed", "too_big", "unknown_kind", "out_of_turn", "other_seat", "bad_token", "illegal_move",
            "stale"} <= {code for *_, code in CASES}


@pytest.mark.parametrize("name, peer, make, code", CASES, ids=[case[0] for case in CASES])
def test_a_hostile_message_is_refused_with_a_reason_and_changes_nothing(
        table: Table, name: str, peer: str, make: Callable[[Table], Any], code: str) -> None:
    wire = table.wire
    before = snapshot(wire)
    outgoing = wire.host.receive(peer, make(table))
    assert [item.peer for item in outgoing] == [peer]  # the sender alone is told
    [item] = outgoing
    answer = json.loads(item.text())
    assert answer["kind"] == "refusal" and answer["code"] == code, answer
    assert answer["text"] and answer["v"] == 1
    assert snapshot(wire) == before
    wire.guests[peer].receive(item.text())  # the guest's page shows it, and keeps it
    assert wire.guests[peer].refusal is not None and wire.guests[peer].refusal.code == code


def test_an_illegal_move_is_refused_with_the_engine_s_reason(table: Table) -> None:
    [item] = table.wire.host.receive("w", table.play("pass flip 1"))
    refusal = json.loads(item.text())
    assert refusal["code"] == "illegal_move" and refusal["details"]["reason"] == "must_play"
    assert refusal["text"].startswith("You can play") and refusal["refused"] == "play"


def test_a_move_sent_twice_is_refused_the_second_time(table: Table) -> None:
    wire = table.wire
    move = table.play(str(_legal(table, "W")))
    assert all(json.loads(item.text())["kind"] != "refusal" for item in wire.host.receive("w", move))
    before = snapshot(wire)
    [item] = wire.host.receive("w", move)  # the very same text again: a replay
    assert json.loads(item.text())["code"] == "stale"
    assert snapshot(wire) == before


def test_a_token_replayed_from_another_page_is_refused_before_the_deal() -> None:
    """Before the deal: the bytes of the deal, broken, twice, or with another's token."""
    wire = three_seats()
    host = wire.host
    token_w, token_n = wire.guests["w"].token, wire.guests["n"].token
    cases = [
        ("w", Contribute("W", token_w, host.deal, "zz" * 32), "malformed"),
        ("w", Contribute("W", token_w, host.deal, "AB" * 32), "malformed"),
        ("w", Contribute("W", token_w, host.deal, "ab" * 16), "malformed"),
        ("w", Contribute("W", token_w, host.deal, "ab" * 32), "not_wanted"),  # West's have come already
        ("w", Contribute("W", token_n, host.deal, "ab" * 32), "bad_token"),
        ("x", Contribute("W", token_w, host.deal, "ab" * 32), "not_seated"),
        ("w", Contribute("W", token_w, host.deal + 1, "ab" * 32), "stale"),
        ("w", Play("W", token_w, 0, 0, "yield"), "no_hand"),
    ]
    for peer, message, code in cases:
        before = snapshot(wire)
        [item] = host.receive(peer, encode(message))
        assert (item.peer, json.loads(item.text())["code"]) == (peer, code), message
        assert snapshot(wire) == before


@settings(max_examples=40)
@given(st.integers(0, 30), st.integers(0, 2 ** 16),
       st.integers(0, 50) | st.sampled_from(["yield", "pass flip 2", "bare 9x8 on 1", "draw"]) | st.text(max_size=60),
       st.sampled_from([0, 0, 0, -1, 1]), st.sampled_from(["turn", "turn", "turn", "W", "N", "S", "E", ""]),
       st.sampled_from([True, True, False]))
def test_any_move_from_any_seat_is_played_or_refused_and_a_refusal_changes_nothing(
        before_moves: int, seed: int, choice: int | str, shift: int, seat: str, own_token: bool) -> None:
    """Whatever a guest's page sends as a move (a legal move now, any move of the game, any
    text), for whatever seat, the host plays it or refuses it and never raises (a page stopped
    by a guest's message would stop the table for everyone). ``choice``: a number picks one of
    the legal moves of the seat to play; the table is played on from the deal first."""
    wire = three_seats()
    host = wire.host
    wire.carry(host.deal_next())
    hand = host.match.hand  # type: ignore[union-attr]
    rng = random.Random(seed)
    while not hand.is_over() and (len(hand.moves) < before_moves or hand.turn == "S"):
        turn = hand.turn
        move = rng.choice(hand.legal_moves())
        if turn == "S":
            wire.carry(host.play_here("S", move))
        else:
            peer = "w" if turn == "W" else "n"
            wire.send(peer, wire.guests[peer].play(str(move)))
    if hand.is_over():
        return
    legal = [str(move) for move in hand.legal_moves()]
    move_text = legal[choice % len(legal)] if isinstance(choice, int) else choice
    seat = str(hand.turn) if seat == "turn" else seat
    peer = "n" if seat == "N" else "w"
    tokens = {seat_: guest.token for seat_, guest in (("W", wire.guests["w"]), ("N", wire.guests["n"]))}
    token = tokens.get(seat, "") if own_token else "nope"
    before, played = snapshot(wire), len(hand.moves)
    outgoing = host.receive(peer, encode(Play(seat, token, host.hand_deal, played + shift, move_text)))
    kinds = [json.loads(item.text())["kind"] for item in outgoing]
    if kinds == ["refusal"]:
        assert snapshot(wire) == before
    else:
        assert "refusal" not in kinds and len(hand.moves) > played
        wire.carry(outgoing)
        wire.agree()
    assert wire.found == []
