"""`make play`'s static server: the URL it prints, the MIME types, a clean Ctrl-C,
compression where the browser asks for it and dist.py's cache rules."""

from __future__ import annotations

import gzip
import os
import signal
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from serve import EXTRA_TYPES, accepted_encodings, serve_in_thread

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
        # started as a shell without job control starts a background command (`make play &`, or a
        # test run started so): with SIGINT ignored, which Python then keeps unless serve.py says not
        # (the shell's trap, then exec: the same process; no preexec_fn in a process with threads).
        # -X faulthandler: should it ever hang, SIGABRT below prints where each of its threads stood
        ["sh", "-c", 'trap "" INT; exec "$0" -X faulthandler "$1"', sys.executable, str(ROOT / "scripts" / "serve.py")],
        env={**os.environ, "PORT": str(port)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        first_line = process.stdout.readline()
        assert f"http://127.0.0.1:{port}/" in first_line
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/index.html", timeout=120) as response:
            assert b"Kabale" in response.read()
        process.send_signal(signal.SIGINT)
        # a guard against a hang, not a timed test: a clean clone at load 11 took over 10 s to exit
        try:
            out, err = process.communicate(timeout=120)
        except subprocess.TimeoutExpired:
            process.send_signal(signal.SIGABRT)
            out, err = process.communicate(timeout=30)
            pytest.fail(f"serve.py did not stop on Ctrl-C within 120 s; where its threads stood:\n{err}")
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
        env={**os.environ, "PORT": port}, capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 2
    assert "PORT must be a port number" in result.stderr


# -- compression and cache rules, as a good static host serves dist/ -------------


def get(url: str, encoding: str | None = None, method: str = "GET", **headers: str) -> tuple[int, dict[str, str], bytes]:
    """Status, headers and raw body (not decoded: what went over the wire)."""
    request = urllib.request.Request(url, method=method)
    if encoding is not None:
        request.add_header("Accept-Encoding", encoding)
    for name, value in headers.items():
        request.add_header(name.replace("_", "-"), value)
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    (tmp_path / "assets" / "vendor").mkdir(parents=True)
    (tmp_path / "index.html").write_text("<!doctype html><title>t</title>" + "<p>kabale</p>" * 500)
    (tmp_path / "assets" / "vendor" / "big.wasm").write_bytes(b"\0asm" + bytes(range(256)) * 400)
    (tmp_path / "assets" / "vendor" / "random.wasm").write_bytes(os.urandom(4000))
    (tmp_path / "assets" / "icon.png").write_bytes(b"\x89PNG" + b"\0" * 4000)
    (tmp_path / "app.js").write_text("console.log('kabale');\n" * 300)
    server, url = serve_in_thread(tmp_path, 0)
    try:
        yield tmp_path, url
    finally:
        server.shutdown()
        server.server_close()


def test_gzip_on_the_fly_where_the_browser_asks_and_identity_where_it_does_not(site: tuple[Path, str]) -> None:
    folder, url = site
    original = (folder / "assets/vendor/big.wasm").read_bytes()
    status, headers, body = get(url + "assets/vendor/big.wasm", "gzip, deflate, br")  # no .br here: gzip
    assert status == 200 and headers["Content-Encoding"] == "gzip"
    assert headers["Content-Type"] == "application/wasm" and headers["Vary"] == "Accept-Encoding"
    assert gzip.decompress(body) == original and int(headers["Content-Length"]) == len(body) < len(original) / 5
    for refused in (None, "identity", "gzip;q=0, br;q=0", "br"):
        status, headers, body = get(url + "assets/vendor/big.wasm", refused)
        assert body == original and "Content-Encoding" not in headers, refused
        assert headers["Vary"] == "Accept-Encoding"
    assert "Content-Encoding" not in get(url + "assets/vendor/random.wasm", "gzip")[1]  # would not shrink
    status, headers, body = get(url + "assets/icon.png", "gzip")
    assert "Content-Encoding" not in headers and "Vary" not in headers and body.startswith(b"\x89PNG")


def test_a_precompressed_copy_is_served_unless_it_is_older_than_its_file(site: tuple[Path, str]) -> None:
    folder, url = site
    script = folder / "app.js"
    (folder / "app.js.br").write_bytes(b"pretend brotli")
    (folder / "app.js.gz").write_bytes(gzip.compress(script.read_bytes()))
    stamp = script.stat().st_mtime_ns
    for copy in ("app.js.br", "app.js.gz"):
        os.utime(folder / copy, ns=(stamp, stamp))
    status, headers, body = get(url + "app.js", "gzip, deflate, br, zstd")
    assert headers["Content-Encoding"] == "br" and body == b"pretend brotli"
    assert headers["Content-Type"] == "text/javascript"
    status, headers, body = get(url + "app.js", "gzip")
    assert headers["Content-Encoding"] == "gzip" and gzip.decompress(body) == script.read_bytes()

    script.write_text("console.log('edited');\n" * 300)  # newer than its copies: they are stale
    status, headers, body = get(url + "app.js", "br, gzip")
    assert headers.get("Content-Encoding") == "gzip" and gzip.decompress(body) == script.read_bytes()


def test_cache_rules_and_revalidation_by_etag(site: tuple[Path, str]) -> None:
    folder, url = site
    status, headers, _ = get(url + "assets/vendor/big.wasm", "gzip")
    assert headers["Cache-Control"] == "public, max-age=31536000, immutable"
    for ours in ("", "index.html", "app.js"):
        assert get(url + ours)[1]["Cache-Control"] == "no-cache", ours
    tag = get(url + "app.js", "gzip")[1]["ETag"]
    assert tag != get(url + "app.js")[1]["ETag"]  # one tag per encoding: a cache never mixes them
    status, headers, body = get(url + "app.js", "gzip", If_None_Match=tag)
    assert status == 304 and body == b"" and headers["ETag"] == tag and headers["Vary"] == "Accept-Encoding"
    (folder / "app.js").write_text("console.log('changed');")
    assert get(url + "app.js", "gzip", If_None_Match=tag)[0] == 200
    status, headers, body = get(url + "index.html", "gzip", method="HEAD")
    assert status == 200 and body == b"" and headers["Content-Encoding"] == "gzip" and int(headers["Content-Length"]) > 0
    assert get(url + "missing.js", "gzip")[0] == 404
    assert get(url + "app.js/", "gzip")[0] == 404


def test_accepted_encodings_read_quality_values() -> None:
    assert accepted_encodings("gzip, deflate, br, zstd") == ["br", "gzip"]
    assert accepted_encodings("br;q=0, gzip;q=0.5") == ["gzip"]
    assert accepted_encodings("*") == ["br", "gzip"]
    assert accepted_encodings("*, br;q=0") == ["gzip"]
    assert accepted_encodings(None) == []
