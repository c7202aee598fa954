"""Serve a folder as a static site on 127.0.0.1, the way a good static host would.

Python's http.server with the types a browser insists on: `.wasm` goes out as
application/wasm (Pyodide streams-compiles it) and `.mjs` as JavaScript.
`make play` runs this; the e2e tests and benchmarks start it on a free port.

Like the hosts `make dist` is written for (scripts/dist.py has the rules):
* compressed where the browser's Accept-Encoding asks: a precompressed
  ``name.br`` or ``name.gz`` beside the file (dist/ has them) when it is not
  older than the file, else gzip made on the fly and kept in memory (this
  checkout has none); always with ``Vary: Accept-Encoding``;
* with dist.py's Cache-Control (the vendored runtime immutable, our files
  revalidated) and a strong ETag per encoding, so a revalidation is a 304.

Serving this checkout (`make play`, the e2e tests), precache-manifest.js is
made afresh from the files at each request (``live_precache``), so editing a
.py file while the server runs is seen by the service worker's next update
check: the page offers the new version instead of serving the old one forever.
"""

from __future__ import annotations

import email.utils
import functools
import http.server
import io
import os
import signal
import sys
import threading
from pathlib import Path
from typing import Any, BinaryIO
from urllib.parse import unquote, urlsplit

import bundle
import dist
import precache

ROOT = Path(__file__).resolve().parent.parent

EXTRA_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".toml": "application/toml",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".zip": "application/zip",
}


#: gzip made on the fly: (path, size, mtime) -> the compressed bytes, or None when not worth it.
_gzipped: dict[tuple[str, int, int], bytes | None] = {}
_gzipped_lock = threading.Lock()
ON_THE_FLY_LEVEL = 6


def accepted_encodings(header: str | None) -> list[str]:
    """The encodings of ours an Accept-Encoding header allows, best first ("identity" is implied)."""
    allowed: set[str] = set()
    refused: set[str] = set()
    for item in (header or "").split(","):
        name, _, params = item.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        (allowed if quality > 0 else refused).add(name.strip().lower())
    return [name for name in dist.ENCODINGS if name in allowed or ("*" in allowed and name not in refused)]


def gzip_on_the_fly(path: Path, size: int, mtime_ns: int) -> bytes | None:
    """The file gzipped (kept in memory for the next request), or None when that saves too little."""
    key = (str(path), size, mtime_ns)
    with _gzipped_lock:
        if key in _gzipped:
            return _gzipped[key]
    data = path.read_bytes()
    packed: bytes | None = dist.gzip_bytes(data, ON_THE_FLY_LEVEL)
    if packed is not None and len(packed) > len(data) * (1 - dist.MIN_SAVING):
        packed = None
    with _gzipped_lock:
        _gzipped[key] = packed
    return packed


class Server(http.server.ThreadingHTTPServer):
    """The threading server, with a record of what it sent (for tests and benchmarks)."""

    #: Ctrl-C stops at once: a request still being answered (a browser's kept-alive download) is not
    #: waited for on close (socketserver joins every handler thread otherwise; the threads are daemons).
    block_on_close = False

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sent: list[tuple[str, int, int, str]] = []  # (URL path, status, body bytes, Content-Encoding)
        self.sent_lock = threading.Lock()

    def record(self, path: str, status: int, size: int, encoding: str) -> None:
        with self.sent_lock:
            self.sent.append((path, status, size, encoding))

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A browser that hangs up in the middle of a file (it navigated away, or quit) is
        no error of the server's: only other errors are printed."""
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


class StaticHandler(http.server.SimpleHTTPRequestHandler):
    """A quiet static handler with the MIME types Pyodide needs, compression and cache rules."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **EXTRA_TYPES}
    server: Server

    def __init__(self, *args: object, live_precache: bool = False, compress: bool = True, **kwargs: object) -> None:
        self.live_precache = live_precache
        self.compress = compress
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]  # handles the request

    def do_GET(self) -> None:
        if not self._send_live_precache(head_only=False):
            super().do_GET()

    def do_HEAD(self) -> None:
        if not self._send_live_precache(head_only=True):
            super().do_HEAD()

    def send_head(self) -> BinaryIO | None:  # io.BytesIO or the file
        """Headers for a file of the site, in the encoding the browser asks for (see the module doc)."""
        url_path = unquote(urlsplit(self.path).path)
        local = Path(self.translate_path(self.path))
        if local.is_dir() and url_path.endswith("/") and (local / "index.html").is_file():
            local = local / "index.html"
        if not local.is_file() or url_path.endswith("/") and local.name != "index.html":
            result: BinaryIO | None = super().send_head()  # redirects, listings, 404
            return result
        try:
            relative = local.relative_to(self.directory).as_posix()  # translate_path joins it
        except ValueError:
            relative = local.name
        if url_path.endswith("/"):
            relative = relative.removesuffix("index.html")  # the folder itself
        stat = local.stat()
        variants = self._variant(local, relative, stat.st_size, stat.st_mtime_ns)
        encoding, body, size = variants
        tag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}{"-" + encoding if encoding else ""}"'
        self.server.record(url_path, 304 if self._not_modified(tag, stat.st_mtime) else 200, size, encoding)
        if self._not_modified(tag, stat.st_mtime):
            self.send_response(304)
            self._common_headers(relative, tag, stat.st_mtime)
            self.end_headers()
            if body is not None:
                body.close()
            return None
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(local)))
        if encoding:
            self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(size))
        self._common_headers(relative, tag, stat.st_mtime)
        self.end_headers()
        return body if body is not None else local.open("rb")

    def _variant(self, local: Path, relative: str, size: int, mtime_ns: int) -> tuple[str, BinaryIO | None, int]:
        """(Content-Encoding or "", an open body or None for the file itself, its length)."""
        if not self.compress or not dist.compressible(local.name):
            return "", None, size
        for encoding in accepted_encodings(self.headers.get("Accept-Encoding")):
            copy = local.with_name(local.name + dist.ENCODINGS[encoding])
            if copy.is_file() and copy.stat().st_mtime_ns >= mtime_ns:  # an edited file: its copy is stale
                return encoding, copy.open("rb"), copy.stat().st_size
        if "gzip" in accepted_encodings(self.headers.get("Accept-Encoding")):
            packed = gzip_on_the_fly(local, size, mtime_ns)
            if packed is not None:
                return "gzip", io.BytesIO(packed), len(packed)
        return "", None, size

    def _not_modified(self, tag: str, mtime: float) -> bool:
        if "If-None-Match" in self.headers:
            wanted = {item.strip().removeprefix("W/") for item in self.headers["If-None-Match"].split(",")}
            return tag in wanted or "*" in wanted
        if "If-Modified-Since" in self.headers:
            try:
                since = email.utils.parsedate_to_datetime(self.headers["If-Modified-Since"]).timestamp()
            except (TypeError, IndexError, OverflowError, ValueError):
                return False
            return int(mtime) <= since
        return False

    def _common_headers(self, relative: str, tag: str, mtime: float) -> None:
        self.send_header("Cache-Control", dist.cache_control(relative))
        self.send_header("ETag", tag)
        self.send_header("Last-Modified", self.date_time_string(mtime))
        if dist.compressible(relative or "index.html"):
            self.send_header("Vary", "Accept-Encoding")

    def _send_live_precache(self, *, head_only: bool) -> bool:
        """Answer /precache-manifest.js from the files as they are now, when live
        (the Python bundle is made afresh first, if a module changed)."""
        if not self.live_precache:
            return False
        path = urlsplit(self.path).path
        if path == "/" + bundle.BUNDLE:
            bundle.write(Path(self.directory))
            return False  # now served from disk as it is
        if path != "/" + precache.MANIFEST_NAME:
            return False
        try:
            bundle.write(Path(self.directory))
            body = precache.build(Path(self.directory)).render().encode("utf-8")
        except (precache.SiteError, OSError, ValueError, KeyError) as error:
            self.send_error(500, f"precache: {error}")
            return True
        self.server.record(path, 200, len(body), "")
        self.send_response(200)
        self.send_header("Content-Type", "text/javascript; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        if not head_only:
            self.wfile.write(body)
        return True

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - stdlib name
        if os.environ.get("KABALE_SERVE_LOG"):
            super().log_message(format, *args)


def make_server(
    directory: Path | str = ROOT, port: int = 8000, *, live_precache: bool = False, compress: bool = True
) -> Server:
    """A server bound to 127.0.0.1 only (port 0 picks a free one); ``compress=False`` sends every file as it is."""
    handler = functools.partial(StaticHandler, directory=str(directory), live_precache=live_precache, compress=compress)
    Server.allow_reuse_address = True
    server = Server(("127.0.0.1", port), handler)
    server.daemon_threads = True
    return server


def serve_in_thread(
    directory: Path | str = ROOT, port: int = 0, *, live_precache: bool = False, compress: bool = True
) -> tuple[Server, str]:
    """Start a server in a daemon thread; return it and its base URL."""
    server = make_server(directory, port, live_precache=live_precache, compress=compress)
    thread = threading.Thread(target=server.serve_forever, name="kabale-static", daemon=True)
    thread.start()
    bound_port = server.server_address[1]
    return server, f"http://127.0.0.1:{bound_port}/"


def main() -> int:
    raw_port = os.environ.get("PORT", "8000")
    try:
        port = int(raw_port)
        if not 0 < port < 65536:
            raise ValueError
    except ValueError:
        print(f"serve: PORT must be a port number 1-65535, not {raw_port!r}", file=sys.stderr)
        return 2
    directory = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT
    try:
        server = make_server(directory, port, live_precache=directory.resolve() == ROOT)
    except OSError as error:
        print(f"serve: cannot listen on 127.0.0.1:{port}: {error.strerror}", file=sys.stderr)
        return 1
    # Ctrl-C stops, however the server was started: a shell without job control starts a
    # background command with SIGINT ignored (`make play &`, a test run started so), and Python then
    # leaves it ignored; serve.py sat in select() through the test's SIGINT for 120 s.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    print(f"Kabale is served at http://127.0.0.1:{port}/  (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nstopped.")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
