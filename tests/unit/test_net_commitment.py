"""The deal everyone can check (issue 30, item 6): an honest host passes, a host who changed the seed is caught.

Each dishonest host here is the honest one with one thing changed, as a host's
page could be changed: it deals again with a secret other than the one it
committed to, deals from a seed of its own choosing (naming it, or naming the
honest one), or leaves a guest's bytes out. Each guest's check must say which.
"""

from __future__ import annotations

import json
import random

import pytest

import kabale.net.host as host_module
from kabale.games.kabala.rules import Options
from kabale.games.kabalam.hand import KabalamHand
from kabale.net.commitment import CARDS, COMMITMENT, LEFT_OUT, OK, SEED, UNCHECKED, check_deal, commitment, deal_seed
from kabale.net.host import COMPUTER, HERE, REMOTE, Host, SeatPlan
from net_helpers import Wire, chooser_for, seeded


def table(name: str = "check") -> Wire:
    """South at the host's device, West and East on their own devices, North the computer."""
    host = Host([SeatPlan("S", HERE, "Ann"), SeatPlan("W", REMOTE), SeatPlan("N", COMPUTER, "Robot", "easy"),
                 SeatPlan("E", REMOTE)], chooser_for, secrets_from=seeded(name))
    wire = Wire(host)
    for peer, seat in (("w", "W"), ("e", "E")):
        guest = wire.add(peer)
        wire.send(peer, guest.hello())
        wire.send(peer, guest.join(seat, seat * 2))
    assert host.missing() == ()
    return wire


def outcomes(wire: Wire, deal: int = 1) -> dict[str, str]:
    return {peer: guest.checks[deal].outcome for peer, guest in wire.guests.items()}


def test_an_honest_deal_checks_out_hand_after_hand() -> None:
    wire = table()
    rng = random.Random(0)
    for deal in (1, 2):
        committed = wire.host.commitment
        assert all(guest.commitments[deal] == committed for guest in wire.guests.values())
        wire.carry(wire.host.deal_next())
        wire.play_hand(rng)
        assert outcomes(wire, deal) == {"w": OK, "e": OK}
        if wire.host.match.is_over():  # type: ignore[union-attr]
            break
        assert all(guest.sent.get(deal + 1) for guest in wire.guests.values())
    assert wire.found == [] and wire.refusals == []


def test_a_host_who_deals_with_another_secret_is_caught() -> None:
    wire = table()
    host = wire.host
    host.secret = "77" * 32  # after the guests saw the hash and sent their bytes: a deal it likes better
    wire.carry(host.deal_next())
    wire.play_hand(random.Random(1))
    assert outcomes(wire) == {"w": COMMITMENT, "e": COMMITMENT}


def test_a_host_who_picks_the_seed_and_names_it_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    wire = table()
    monkeypatch.setattr(host_module, "deal_seed", lambda deal, secret, entropy: 424242)
    wire.carry(wire.host.deal_next())
    assert wire.host.match.hand.seed == 424242  # type: ignore[union-attr]
    wire.play_hand(random.Random(2))
    assert outcomes(wire) == {"w": SEED, "e": SEED}


def test_a_host_who_picks_the_seed_and_names_the_honest_one_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """It deals from a seed of its own and reveals the seed it should have used: the guests deal
    that one again, and the cards they saw are not its cards."""
    wire = table()
    host = wire.host
    honest = deal_seed(host.deal, host.secret, host.entropy)
    monkeypatch.setattr(host_module, "deal_seed", lambda deal, secret, entropy: 424242)
    wire.carry(host.deal_next())
    host.seed = honest  # what its reveal will name
    wire.play_hand(random.Random(3))
    assert outcomes(wire) == {"w": CARDS, "e": CARDS}


def test_a_host_who_leaves_a_guest_s_bytes_out_is_caught() -> None:
    wire = table()
    del wire.host.entropy["E"]
    wire.carry(wire.host.deal_next(force=True))
    wire.play_hand(random.Random(4))
    assert outcomes(wire) == {"w": OK, "e": LEFT_OUT}


def test_a_host_who_retries_after_seeing_the_bytes_changes_its_commitment_for_all_to_see() -> None:
    """Choosing a new secret before the deal shows a new hash for the same deal: noted at once."""
    wire = table()
    host = wire.host
    host.secret = "55" * 32
    wire.carry(wire.host.disconnected("nobody"))
    west = wire.guests["w"]
    west.receive(json.dumps(host.table().to_dict()))
    assert any(problem.startswith("commitment_changed") for problem in west.problems)


def test_a_guest_who_sat_down_after_the_deal_cannot_check_it() -> None:
    host = Host([SeatPlan("S", HERE), SeatPlan("W", REMOTE)], chooser_for, secrets_from=seeded("late"))
    wire = Wire(host)
    wire.carry(host.deal_next(force=True))  # the host deals before anyone sat down
    guest = wire.add("w")
    wire.send("w", guest.hello())  # the table shows the hash only now, after the deal
    wire.send("w", guest.join("W", "Bo"))
    wire.play_hand(random.Random(5))
    assert guest.checks[1].outcome == UNCHECKED and 2 in guest.commitments and guest.sent.get(2)


def test_the_check_itself() -> None:
    """check_deal on a hand dealt honestly, and on each thing a host could change."""
    secret, entropy = "01" * 32, {"W": "02" * 32, "E": "03" * 32}
    seed = deal_seed(3, secret, entropy)
    hand = KabalamHand.deal(seed, seats=("S", "W", "E"), starter="W")
    rng = random.Random(6)
    for _ in range(30):
        hand.apply(rng.choice(hand.legal_moves()))
    moves, seen = [str(move) for move in hand.moves], hand.observation("W").history
    committed = commitment(secret)

    def check(**changes: object) -> str:
        arguments: dict[str, object] = dict(deal=3, committed=committed, secret=secret, entropy=entropy,
                                            claimed_seed=seed, mine=("W", entropy["W"]), seats=("S", "W", "E"),
                                            starter="W", options=Options(), moves=moves, seat="W", seen=seen)
        arguments.update(changes)
        return check_deal(**arguments).outcome  # type: ignore[arg-type]

    assert check() == OK
    assert check(committed=None) == UNCHECKED
    assert check(secret="04" * 32) == COMMITMENT
    assert check(secret="not hex") == COMMITMENT
    assert check(entropy={"E": entropy["E"]}) == LEFT_OUT
    assert check(entropy={**entropy, "W": "05" * 32}) == LEFT_OUT
    assert check(entropy={**entropy, "N": "06" * 32}) == SEED  # bytes nobody sent change the seed
    assert check(entropy={**entropy, "X": "06" * 32}) == SEED
    assert check(deal=4) == SEED
    assert check(starter="S") == CARDS
    assert check(moves=moves[:-1]) == CARDS
    assert check(seen=seen[:-1]) == CARDS
    assert check(moves=["bare 9x8 on 1"]) == CARDS
    assert check(mine=None) == OK  # a guest who sent nothing checks the rest


def test_the_seed_takes_every_part_in_a_fixed_order() -> None:
    secret = "0a" * 32
    a, b = "0b" * 32, "0c" * 32
    assert deal_seed(1, secret, {"W": a, "E": b}) == deal_seed(1, secret, {"E": b, "W": a})
    assert deal_seed(1, secret, {"W": a, "E": b}) != deal_seed(1, secret, {"W": b, "E": a})
    assert deal_seed(1, secret, {"W": a}) != deal_seed(1, secret, {"E": a})
    assert deal_seed(1, secret, {}) != deal_seed(1, "0d" * 32, {})
    assert 0 <= deal_seed(1, secret, {"W": a}) < 2 ** 48 <= 2 ** 53  # an exact number in JavaScript too
    assert commitment(secret) != commitment("0d" * 32) and len(commitment(secret)) == 64
