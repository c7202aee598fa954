"""kabale.net's messages and views: JSON both ways, and reading garbage never raises.

Every message kind goes through to_dict/from_dict and encode/decode unchanged;
every observation of random hands comes back from its JSON as the same value
(the guest's Hint and memory aid get what a local seat's would); and a guest's
page fed broken host messages notes them and goes on.
"""

from __future__ import annotations

import json
import random

from hypothesis import given, strategies as st

from kabale.games.kabala.rules import Options, known_packets
from kabale.games.kabalam.hand import KabalamHand
from kabale.net.guest import Guest
from kabale.net.messages import (GUEST_KINDS, HOST_KINDS, MAX_HOST_TEXT, Closed, Contribute, Hello, Join, Leave, Play,
                                 Refusal, Refused, Reveal, Seated, State, Table, Update, decode, encode)
from kabale.net.views import observation_for, observation_from_dict, observation_to_dict
from kabale.session import Session
from kabale.games.kabalam.match import Match

SAMPLES = [
    Hello(), Join("W", "Bo"), Join("W", "Bo", "tok"), Contribute("E", "tok", 3, "ab" * 32),
    Play("N", "tok", 2, 17, "double 1+3 on 2"), Leave("W", "tok"),
    Table("T", [{"seat": "S", "kind": "here", "name": "Ann"}], 1, "cd" * 32, False, {"free_yield": True}),
    Seated("W", "tok"), State("W", {"x": 1}, 0, None, None, [], None),
    State("W", {}, 2, {"totals": {}}, {"seat": "W"}, ["yield"], {"deal": 1}),
    Update(1, 10, [{"kind": "flip", "packet": 2, "cards": ["4S"]}], 4, ["yield"], {"turn": "S"}, {"totals": {}}),
    Reveal(1, "ab" * 32, {"W": "cd" * 32}, 2 ** 47, ["S", "W"], "S", {}),
    Refusal("stale", "The game has moved on since", {"at": 3}, "play"), Closed(),
]


def test_every_message_goes_to_json_and_back_unchanged() -> None:
    for message in SAMPLES:
        kinds = GUEST_KINDS if message.KIND in GUEST_KINDS else HOST_KINDS
        text = encode(message)
        assert decode(text, kinds) == message
        assert type(message).from_dict(json.loads(text)) == message
        assert json.loads(text)["v"] == 1 and json.loads(text)["kind"] == message.KIND
    assert {message.KIND for message in SAMPLES} == set(GUEST_KINDS) | set(HOST_KINDS)


def test_each_side_reads_only_the_other_side_s_kinds() -> None:
    for message in SAMPLES:
        other = HOST_KINDS if message.KIND in GUEST_KINDS else GUEST_KINDS
        try:
            decode(encode(message), other)
        except Refused as refused:
            assert refused.code == "unknown_kind"
        else:
            raise AssertionError(f"{message.KIND} read by the wrong side")


@given(st.text(max_size=300) | st.binary(max_size=300) | st.integers() | st.none())
def test_reading_anything_raises_only_a_refusal(junk: object) -> None:
    for kinds in (GUEST_KINDS, HOST_KINDS):
        try:
            decode(junk, kinds)
        except Refused as refused:
            assert refused.code and refused.text


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
                    max_leaves=20),
       st.sampled_from(sorted(GUEST_KINDS) + sorted(HOST_KINDS)))
def test_any_json_under_a_known_kind_is_read_or_refused(fields: object, kind: str) -> None:
    data = {**fields, "v": 1, "kind": kind} if isinstance(fields, dict) else {"v": 1, "kind": kind, "x": fields}
    for kinds in (GUEST_KINDS, HOST_KINDS):
        try:
            decode(json.dumps(data), kinds)
        except Refused:
            pass


def test_every_observation_of_random_hands_comes_back_from_json() -> None:
    rng = random.Random(5)
    for seed in range(8):
        options = Options(compounded_doubles=seed % 2 == 1, free_yield=seed % 3 == 0)
        hand = KabalamHand.deal(seed, seats=2 + seed % 3, options=options)
        while True:
            for seat in (*hand.seats, "E" if "E" not in hand.seats else "N"):
                observation = observation_for(hand, seat)
                again = observation_from_dict(json.loads(json.dumps(observation_to_dict(observation))))
                assert again == observation
                assert known_packets(again) == known_packets(observation)  # the memory aid
            if hand.is_over():
                break
            for _ in range(rng.randrange(1, 12)):
                if hand.is_over():
                    break
                hand.apply(rng.choice(hand.legal_moves()))


def test_the_public_view_hides_every_seat_s_own_cards() -> None:
    hand = KabalamHand.deal(9, seats=3)
    public = observation_for(hand, "E")
    assert public.seat == "E" and public.endowment == () and public.legal_moves == ()
    assert all(not event.cards for event in public.history if event.kind in ("deal", "draw") and event.seat)
    assert [event.cards for event in public.history if event.kind == "deal" and event.packet] == \
        [event.cards for event in hand.observation("S").history if event.kind == "deal" and event.packet]


def test_a_guest_notes_broken_host_messages_and_goes_on() -> None:
    guest = Guest("Bo")
    broken = [
        "{", "[]", json.dumps({"v": 1, "kind": "table", "name": "T"}),
        json.dumps({**Table("T", [], 1, "cd" * 32, False, {}).to_dict()}),  # no seats
        json.dumps({**Table("T", [{"seat": "S"}] * 2, 1, "zz", False, {}).to_dict()}),
        encode(Seated("W", "tok")),  # a seat it never asked for
        encode(State("W", {}, 0, None, None, [], None)),  # a state for a seat it does not hold
        encode(Update(1, 0, [], 0, [], {}, {})),  # an update with nothing to update
        "x" * (MAX_HOST_TEXT + 1),
    ]
    for text in broken:
        assert guest.receive(text) == []
    assert len(guest.problems) == len(broken) and guest.seat is None and guest.table is None


def test_a_guest_asks_for_the_whole_state_after_a_gap() -> None:
    guest = Guest("Bo")
    guest.seat, guest.token = "W", "tok"
    guest.observation = KabalamHand.deal(1, seats=2).observation("W")
    guest.deal = 1
    answer = guest.receive(encode(Update(1, 999, [], 0, [], {}, {})))
    assert answer == [Join("W", "", "tok")] and guest.problems[-1].startswith("gap")


def test_a_guest_s_record_reads_back() -> None:
    guest = Guest("Bo")
    guest.seat, guest.token, guest.deal = "W", "tok", 1
    guest.observation = KabalamHand.deal(2, seats=2).observation("W")
    guest.moves, guest.commitments, guest.sent = ["yield"], {1: "ab" * 32}, {1: "cd" * 32}
    data = json.loads(json.dumps(guest.to_dict()))
    assert Guest.from_dict(data).to_dict() == data


def test_the_session_hands_a_seat_to_the_computer_and_back() -> None:
    match = Match.start(3, 2)
    session = Session(match)
    session.set_computer("W", lambda observation, rng: observation.legal_moves[0])
    assert session.is_computer("W")
    session.set_computer("W", None)
    assert not session.is_computer("W")
    try:
        session.set_computer("E", None)
    except ValueError:
        pass
    else:
        raise AssertionError("a seat that does not play is refused")
