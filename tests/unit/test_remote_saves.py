"""Remote play's records saved by release 3 (43e629a) resume exactly: the host's table
("kabalam-host") and a friend's seat ("kabalam-guest").

The fixtures in tests/fixtures/release_3/ are what that release's pages wrote into
localStorage at four moments of one two-seat table (Ada at the host's device, South; Bo at
another, West): in the lobby, mid-hand, with Bo away and her seat given to the computer, and
after a hand (deal revealed and checked, the next committed). With each comes what the
release's code did next (see make_fixtures.py there). Here today's code reads the same raw
storage through the page's own store and validators and must resume the same table: the
same hand, moves and legal moves, Bo's seat away until she comes back; Bo's page the same
seat, token, deal, observation and checks. Then the two resumed pages play on together, Bo
back with her token, move for move as the release's did, to the same end (the deal revealed
and checked at her page). A record also saves back losing nothing it had (records made since
have "computer_turns" and "revealed", which the release's records lack: they read as none).
If one of these fails, the change broke saved games: fix the code, never the fixture.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from kabale.net.guest import Guest
from kabale.net.host import REMOTE, Host
from kabale.net.views import match_summary, observation_to_dict
from kabale.web.remote_link import Invite
from kabale.web.storage.saved import GUEST, HOST, VALIDATORS, TablePlan
from kabale.web.storage.store import PREFIX, MemoryBackend, Store
from net_helpers import Wire, seeded

FOLDER = Path(__file__).resolve().parents[1] / "fixtures" / "release_3"
RELEASE = "43e629a"
MOMENTS = ["remote-lobby", "remote-mid-hand", "remote-away", "remote-hand-over"]
#: Bo's page's connection once it comes back (the transport's name for it; never saved).
BO = "peer-bo-2"


def fixture(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FOLDER / f"{name}.json").read_text(encoding="utf-8"))
    assert data["release"] == RELEASE and data["name"] == name
    return data


def store_of(storage: dict[str, str]) -> Store:
    return Store(MemoryBackend(dict(storage)), validators=dict(VALIDATORS))


def stored_data(storage: dict[str, str], record: str) -> Any:
    return json.loads(storage[PREFIX + record])["data"]


def chooser_for(level: str) -> Any:
    """The computer of a resumed host (never asked here: Bo takes her seat back first)."""
    return lambda observation, rng: rng.choice(list(observation.legal_moves))


def records(data: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The host's and the guest's records, each read by its page's store, as the pages read them."""
    host_store, guest_store = store_of(data["host_storage"]), store_of(data["guest_storage"])
    host_record, guest_record = host_store.load(HOST), guest_store.load(GUEST)
    assert host_store.take_problems() == [] and guest_store.take_problems() == []
    assert isinstance(host_record, dict) and isinstance(guest_record, dict)
    return host_record, guest_record


def resume(data: dict[str, Any]) -> tuple[Host, Guest]:
    """Both pages reloaded from their records (kabale.web.remote_host.resume_host,
    remote_guest.open_guest), the secrets to come seeded as the fixture's were."""
    host_record, guest_record = records(data)
    host = Host.from_dict(host_record["host"], chooser_for, seeded(data["seeds"]["host"]))
    host.play_computers = False  # as resume_host: the host's table thinks in slices
    guest = Guest.from_dict(guest_record["guest"], seeded(data["seeds"]["guest"]))
    return host, guest


def texts(moves: Any) -> list[str]:
    return [str(move) for move in moves]


def as_released(table: dict[str, Any]) -> dict[str, Any]:
    """A table's fields as release 3 had them: each seat's computer_turns (added since) left out,
    none counted for a table resumed from its record."""
    seats = []
    for seat in table["seats"]:
        seat = dict(seat)
        assert seat.pop("computer_turns", 0) == 0
        seats.append(seat)
    return {**table, "seats": seats}


def hand_now(host: Host) -> dict[str, Any] | None:
    match = host.match
    if match is None or match.hand is None:
        return None
    hand = match.hand
    return {"over": hand.is_over(), "turn": None if hand.is_over() else hand.turn, "moves": texts(hand.moves),
            "history": len(hand.history), "legal": [] if hand.is_over() else texts(hand.legal_moves()),
            "snapshot": hand.snapshot(), "seed": hand.seed}


def test_every_moment_has_its_records() -> None:
    assert sorted(path.stem for path in FOLDER.glob("*.json")) == sorted(MOMENTS)
    for name in MOMENTS:
        data = fixture(name)
        assert data["records"] == [HOST, GUEST]
        host_record, guest_record = records(data)
        # records of the release indeed: neither part added since is in them
        assert all("computer_turns" not in seat for seat in host_record["host"]["seats"])
        assert "revealed" not in guest_record["guest"]
        assert data["expect"]["then"], "a fixture goes on from where it was saved"


@pytest.mark.parametrize("name", MOMENTS)
def test_the_records_read_through_the_page_store(name: str) -> None:
    data = fixture(name)
    host_record, guest_record = records(data)
    assert host_record == stored_data(data["host_storage"], HOST)
    assert guest_record == stored_data(data["guest_storage"], GUEST)
    invite = Invite.from_dict(host_record["invite"])
    assert Invite.from_dict(guest_record["invite"]) == invite  # the guest's page finds its table's room
    plan = TablePlan.from_dict(host_record["plan"])
    assert [(seat.seat, seat.kind) for seat in plan.seats] == [("S", "you"), ("W", "remote")]
    host, guest = resume(data)
    assert list(host.seats) == ["S", "W"] and guest.seat == "W"


@pytest.mark.parametrize("name", MOMENTS)
def test_the_host_resumes_the_same_table(name: str) -> None:
    data = fixture(name)
    expect = data["expect"]["host"]
    host, _ = resume(data)
    record = host.to_dict()
    assert all(seat.pop("computer_turns") == 0 for seat in record["seats"])
    assert record == expect["record"]
    # the friend's seat is away until her page comes back; Ada's is here
    assert host.seats["W"].away and not host.seats["S"].away and host.peers == {}
    assert as_released(host.table().fields()) == expect["table"]
    assert list(host.missing()) == expect["missing"]
    assert host.everyone_seated() is expect["everyone_seated"] is False
    assert host.hand_in_play() is expect["hand_in_play"]
    assert host.commitment == expect["commitment"]
    assert (None if host.match is None else match_summary(host.match)) == expect["match"]
    assert hand_now(host) == expect["hand"]  # the same hand: moves, position, whose turn, legal moves
    turn = host.computer_turn()
    assert (None if turn is None else turn.seat) == expect["computer_turn"]
    for seat, state in expect["state_of"].items():  # what West gets when she comes back
        got = host.state_of(seat).fields()
        assert {**got, "table": as_released(got["table"])} == state


@pytest.mark.parametrize("name", MOMENTS)
def test_the_guest_keeps_its_seat(name: str) -> None:
    data = fixture(name)
    expect = data["expect"]["guest"]
    _, guest = resume(data)
    record = guest.to_dict()
    assert record.pop("revealed") is None and guest.revealed_hand() is None
    assert {**record, "table": as_released(record["table"])} == expect["record"]
    assert (guest.seat, guest.token, guest.name, guest.deal) == (expect["seat"], expect["token"], expect["name"],
                                                                 expect["deal"])
    assert guest.seat == "W" and guest.token and guest.name == "Bo"
    assert guest.table is not None and as_released(guest.table) == expect["table"]
    assert (guest.match, guest.totals) == (expect["match"], expect["totals"])
    assert [result.to_dict() for result in guest.results] == expect["results"]
    observation = guest.observation
    assert (None if observation is None else observation_to_dict(observation)) == expect["observation"]
    assert (0 if observation is None else len(observation.history)) == expect["history"]
    assert guest.moves == expect["moves"]
    mine = observation is not None and observation.result is None and observation.turn == guest.seat
    assert (texts(observation.legal_moves) if mine and observation is not None else []) == expect["legal"]
    assert {str(deal): hashed for deal, hashed in guest.commitments.items()} == expect["commitments"]
    assert {str(deal): entropy for deal, entropy in guest.sent.items()} == expect["sent"]
    assert [{"deal": c.deal, "outcome": c.outcome, "ok": c.ok} for c in guest.checks.values()] == expect["checks"]
    assert (list(guest.away()), list(guest.free_seats())) == (expect["away"], expect["free_seats"])
    assert guest.problems == expect["problems"] == []
    assert guest.join("W").fields() == expect["join"]  # back at her seat with her token


@pytest.mark.parametrize("name", MOMENTS)
def test_the_resumed_pages_play_on_together(name: str) -> None:
    data = fixture(name)
    expect = data["expect"]
    host, guest = resume(data)
    wire = Wire(host)
    wire.add(BO, guest)
    wire.send(BO, guest.hello())
    back = wire.send(BO, guest.join("W"))
    assert [message["kind"] for message in back] == expect["back"]["got"]
    assert guest.problems == expect["back"]["problems"] == []  # the host's state continues what she saw
    assert (host.seats["W"].away, host.seats["W"].computer) == (expect["back"]["away"], expect["back"]["computer"])
    assert not host.seats["W"].away and not host.seats["W"].computer and host.peers == {BO: "W"}
    assert as_released(host.table().fields()) == expect["back"]["table"]
    if name == "remote-hand-over":  # checked before her page kept whole hands: dealt again on her return
        whole = guest.revealed_hand()
        assert whole is not None and host.match is not None and texts(whole.moves) == texts(host.match.hand.moves)
    if host.match is not None:
        wire.agree()
    for number, step in enumerate(expect["then"], start=1):
        where = f"step {number} ({step['seat']}: {step['do']})"
        if step["do"] == "deal":
            wire.carry(host.deal_next())
        elif step["by"] == "here":
            wire.carry(host.play_here(step["seat"], step["do"]))
        elif step["by"] == "guest":
            assert host.match is not None and host.match.hand is not None and host.match.hand.turn == "W", where
            answer = wire.send(BO, guest.play(step["do"]))
            assert not [a for a in answer if a["kind"] == "refusal"], (where, answer)
        else:  # pragma: no cover - the computer gave West back before the fixtures' play went on
            turn = host.computer_turn()
            assert turn is not None, where
            wire.carry(host.play_computer(turn, step["do"]))
        assert host.match is not None and host.match.hand is not None
        hand = host.match.hand
        assert (None if hand.is_over() else hand.turn) == step["turn"], where
        assert len(hand.moves) == step["moves"], where
        assert ([] if hand.is_over() else texts(hand.legal_moves())) == step["legal"], where
        assert hand.snapshot() == step["snapshot"], where
        assert guest.observation is not None and len(guest.observation.history) == step["guest_history"], where
        wire.agree()  # Bo's page sees her seat exactly as the host's engine does
    end = expect["end"]
    match = host.match
    assert match is not None and match.hand is not None
    if end is None:
        assert not match.hand.is_over()
    else:
        assert match.hand.is_over() and host.last_reveal is not None
        assert match.results[-1].to_dict() == end["result"] and match.totals == end["totals"]
        assert host.last_reveal.fields() == end["reveal"]
        assert (host.deal, host.dealt) == (end["deal"], end["dealt"])
        deal = end["reveal"]["deal"]
        assert guest.checks[deal].outcome == end["check"] == "ok"  # the secret committed to in the record
        assert len(guest.moves) == end["guest_moves"]
        assert [result.to_dict() for result in guest.results] == end["guest_results"]
        whole = guest.revealed_hand()  # and her page now has the whole hand, for its end and Review
        assert whole is not None and texts(whole.moves) == texts(match.hand.moves)
    assert guest.problems == [] and wire.found == [] and wire.refusals == []


def kept(old: Any, new: Any, path: str = "") -> list[str]:
    """Where ``new`` lacks or changed something ``old`` had (what it added is not looked at here)."""
    if isinstance(old, dict):
        if not isinstance(new, dict):
            return [path]
        return [lost for key in old for lost in (kept(old[key], new[key], f"{path}.{key}") if key in new
                                                 else [f"{path}.{key}"])]
    if isinstance(old, list):
        if not isinstance(new, list) or len(new) != len(old):
            return [path]
        return [lost for i, (a, b) in enumerate(zip(old, new)) for lost in kept(a, b, f"{path}[{i}]")]
    return [] if old == new and type(old) is type(new) else [path]


@pytest.mark.parametrize("name", MOMENTS)
def test_a_record_saves_back_losing_nothing(name: str) -> None:
    data = fixture(name)
    host_record, guest_record = records(data)
    host, guest = resume(data)
    # written again by each page (HostLink.save, GuestLink.save) through its store, and read back
    host_store, guest_store = store_of(data["host_storage"]), store_of(data["guest_storage"])
    assert host_store.save(HOST, {"invite": host_record["invite"], "plan": host_record["plan"], "host": host.to_dict()})
    assert guest_store.save(GUEST, {"invite": guest_record["invite"], "guest": guest.to_dict()})
    host_again, guest_again = records({**data, "host_storage": dict(host_store.backend.items),  # type: ignore[attr-defined]
                                       "guest_storage": dict(guest_store.backend.items)})  # type: ignore[attr-defined]
    assert {key: value for key, value in host_again.items() if key != "host"} == \
           {key: value for key, value in host_record.items() if key != "host"}
    assert {key: value for key, value in guest_again.items() if key != "guest"} == \
           {key: value for key, value in guest_record.items() if key != "guest"}
    # nothing the release saved is lost or changed, but a remote seat's away: a resumed host waits for her
    lost = kept(host_record["host"], host_again["host"])
    remote = [i for i, seat in enumerate(host_record["host"]["seats"]) if seat["kind"] == REMOTE]
    assert lost == [f".seats[{i}].away" for i in remote if not host_record["host"]["seats"][i]["away"]]
    assert all(seat["away"] for seat in host_again["host"]["seats"] if seat["kind"] == REMOTE)
    assert kept(guest_record["guest"], guest_again["guest"]) == []
    # and what was added since reads as none: no computer's turns counted, no hand revealed
    assert [seat["computer_turns"] for seat in host_again["host"]["seats"]] == [0, 0]
    assert guest_again["guest"]["revealed"] is None
    assert [seat["computer_turns"] for seat in guest_again["guest"]["table"]["seats"]] == [0, 0]
    # read once more, each is the same again
    assert Host.from_dict(host_again["host"], chooser_for).to_dict() == host_again["host"]
    assert Guest.from_dict(guest_again["guest"]).to_dict() == guest_again["guest"]
