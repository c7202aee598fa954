"""Remote play's bytes and the host's time per move, in CPython: `python bench/net_bytes.py`.

Issue 30 asks for the bytes per move and for a reconnect. Here a table of four
(South at the host's device, West and East on other devices, North the
computer) plays ``--hands`` whole hands through kabale.net's Host and Guests,
every message as JSON text, and prints:

* the bytes of a guest's move (the ``play`` it sends);
* the bytes each guest receives per move of the hand (its updates; a move
  that brings forced moves or the computer's turns brings them in one update);
* the bytes of a whole ``state``, what a guest gets when it comes back
  (a reload, a dropped channel, the host's restart), early, midway and late in
  a hand;
* the host's time to take a guest's move and make every message it causes
  (CPython here; Pyodide in a worker is some 2-4 times slower), with the
  computer's turns (easy level) that follow it included.

Options: ``--hands N`` (default 20), ``--json``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from kabale.bots import make_bot  # noqa: E402
from kabale.net.guest import Guest  # noqa: E402
from kabale.net.host import COMPUTER, HERE, REMOTE, Host, Outgoing, SeatPlan  # noqa: E402
from kabale.net.messages import encode  # noqa: E402
from kabale.session import Chooser  # noqa: E402


def chooser_for(level: str) -> Chooser:
    return lambda observation, rng: make_bot(level, rng, budget_ms=None, playouts=20).choose(observation)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


class Table:
    """A host and two guests in one process; counts the bytes each guest receives."""

    def __init__(self, seed: int) -> None:
        rng = random.Random(seed)
        self.host = Host([SeatPlan("S", HERE, "Ann"), SeatPlan("W", REMOTE), SeatPlan("N", COMPUTER, "Robot", "easy"),
                          SeatPlan("E", REMOTE)], chooser_for, "Bench",
                         secrets_from=lambda: rng.randbytes(32).hex())
        self.guests = {"w": Guest(entropy_from=lambda: rng.randbytes(32).hex()),
                       "e": Guest(entropy_from=lambda: rng.randbytes(32).hex())}
        self.received = {"w": 0, "e": 0}
        for peer, seat in (("w", "W"), ("e", "E")):
            self.send(peer, encode(self.guests[peer].hello()))
            self.send(peer, encode(self.guests[peer].join(seat, seat * 3)))

    def send(self, peer: str, text: str) -> None:
        self.carry(self.host.receive(peer, text))

    def carry(self, outgoing: list[Outgoing]) -> None:
        queue = list(outgoing)
        while queue:
            item = queue.pop(0)
            text = item.text()
            self.received[item.peer] += len(text.encode("utf-8"))
            for reply in self.guests[item.peer].receive(text):
                queue += self.host.receive(item.peer, encode(reply))


def measure(hands: int) -> dict[str, Any]:
    table = Table(1)
    host = table.host
    rng = random.Random(2)
    play_bytes: list[float] = []
    per_move: list[float] = []
    state_bytes: dict[str, list[float]] = {"early": [], "midway": [], "late": []}
    host_ms: list[float] = []
    for _ in range(hands):
        table.carry(host.deal_next())  # the next hand, or a new match's first
        assert host.match is not None and host.match.hand is not None
        hand = host.match.hand
        stages = [("early", 5), ("midway", 40), ("late", 80)]
        while not hand.is_over():
            seat = hand.turn
            moves = len(hand.moves)
            while stages and moves >= stages[0][1]:  # what a guest coming back now would get
                state_bytes[stages.pop(0)[0]].append(len(encode(host.state_of("W")).encode("utf-8")))
            if seat == "S":
                table.carry(host.play_here("S", rng.choice(hand.legal_moves())))
                continue
            peer = "w" if seat == "W" else "e"
            guest = table.guests[peer]
            assert guest.observation is not None
            text = encode(guest.play(str(rng.choice(guest.observation.legal_moves))))
            play_bytes.append(len(text.encode("utf-8")))
            before = dict(table.received)
            started = time.perf_counter()
            outgoing = host.receive(peer, text)
            host_ms.append((time.perf_counter() - started) * 1000)
            table.carry(outgoing)
            made = len(hand.moves) - moves
            for other in ("w", "e"):
                per_move.append((table.received[other] - before[other]) / max(made, 1))
    return {
        "hands": hands,
        "play_bytes_p50": statistics.median(play_bytes),
        "received_per_move_bytes_p50": statistics.median(per_move),
        "received_per_move_bytes_p95": percentile(per_move, 0.95),
        "state_bytes_median": {stage: statistics.median(sizes) if sizes else None
                               for stage, sizes in state_bytes.items()},
        "state_bytes_max": max(size for sizes in state_bytes.values() for size in sizes),
        "host_ms_p50": statistics.median(host_ms),
        "host_ms_p95": percentile(host_ms, 0.95),
        "guest_moves": len(host_ms),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = measure(args.hands)
    for name, value in figures.items():
        print(f"{name:32} {value}")
    if args.json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
