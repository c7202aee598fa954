"""`make play`'s static server: the URL it prints, the MIME types, a clean Ctrl-C."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from serve import EXTRA_TYPES, serve_in_thread

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def test_wasm_goes_out_as_application_wasm(tmp_path: Path) -> None:
    (tmp_path / "x.wasm").write_bytes(b"\0asm")
    (tmp_path / "m.mjs").write_text("export {}")
    server, url = serve_in_thread(tmp_path, 0)
    try:
        with urllib.request.urlopen(url + "x.wasm") as response:
            assert response.headers["Content-Type"] == "application/wasm"
        with urllib.request.urlopen(url + "m.mjs") as response:
            assert response.headers["Content-Type"] == "text/javascript"
    finally:
        server.shutdown()
        server.server_close()
    assert url.startswith("http://127.0.0.1:")
    assert EXTRA_TYPES[".wasm"] == "application/wasm"


def test_port_overrides_prints_the_url_and_ctrl_c_stops_cleanly() -> None:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "scripts" / "serve.py")],
        env={**os.environ, "PORT": str(port)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        first_line = process.stdout.readline()
        assert f"http://127.0.0.1:{port}/" in first_line
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/index.html") as response:
            assert b"Kabale" in response.read()
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=10)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0, err
    assert "Traceback" not in err
    assert "stopped" in out


@pytest.mark.parametrize("port", ["http", "0", "70000"])
def test_a_bad_port_is_refused_with_a_message(port: str) -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "serve.py")],
        env={**os.environ, "PORT": port}, capture_output=True, text=True, timeout=10,
    )
    assert result.returncode == 2
    assert "PORT must be a port number" in result.stderr
