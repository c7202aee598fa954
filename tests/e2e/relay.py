"""A real Nostr relay on 127.0.0.1 for the remote-play tests (issue 30), and what it saw.

The relay is tests/e2e/nostr_relay.mjs: @nostr-relay/core from npm (an exact pin in package.json,
installed by `make setup`'s npm ci) behind a `ws` WebSocket server, run in Node. It checks each
event's signature and passes ephemeral events on, as the public relays that Trystero's Nostr
strategy signals through do. It reports every message, both ways, as a JSON line, which this
module keeps so that a test can say which rooms' events went through it and how many bytes.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
SCRIPT = HERE / "nostr_relay.mjs"
CORE = ROOT / "node_modules" / "@nostr-relay" / "core"


class RelayError(RuntimeError):
    """The relay could not be started."""


@dataclass
class LocalRelay:
    """A relay process and the lines it reported (``{"in": conn, "type": "EVENT", ...}``)."""

    process: subprocess.Popen[str]
    port: int
    lines: list[dict[str, Any]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/"

    def seen(self) -> list[dict[str, Any]]:
        with self.lock:
            return list(self.lines)

    def events(self) -> list[dict[str, Any]]:
        """Every EVENT a client published through the relay."""
        return [line for line in self.seen() if line.get("in") and line.get("type") == "EVENT"]

    def connections(self) -> list[dict[str, Any]]:
        return [line for line in self.seen() if "open" in line]

    def bytes_through(self) -> tuple[int, int]:
        """(bytes the relay received, bytes it sent) in its WebSocket messages so far."""
        seen = self.seen()
        return (sum(line["bytes"] for line in seen if "in" in line), sum(line["bytes"] for line in seen if "out" in line))

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def _read(relay: LocalRelay) -> None:
    assert relay.process.stdout is not None
    for text in relay.process.stdout:
        try:
            line = json.loads(text)
        except ValueError:
            continue
        with relay.lock:
            relay.lines.append(line)


def start_relay() -> LocalRelay:
    """Start the relay on a free port of 127.0.0.1; return once it listens (its errors go to the
    test's captured stderr)."""
    node = shutil.which("node")
    if node is None:
        raise RelayError("no node: the relay runs in Node.js (make setup needs it anyway)")
    if not CORE.is_dir():
        raise RelayError("@nostr-relay/core is missing from node_modules: run `make setup` (npm ci)")
    process = subprocess.Popen([node, str(SCRIPT), "0"], cwd=ROOT, stdout=subprocess.PIPE, text=True, bufsize=1)
    assert process.stdout is not None
    first = process.stdout.readline()  # {"listening": port}, or "" when Node stopped
    if not first:
        process.wait()
        raise RelayError(f"the relay stopped before it listened (exit {process.returncode})")
    relay = LocalRelay(process=process, port=int(json.loads(first)["listening"]))
    threading.Thread(target=_read, args=(relay,), daemon=True).start()
    return relay
