"""Serve a folder as a static site on 127.0.0.1, the way any static host would.

Python's http.server with the types a browser insists on: `.wasm` goes out as
application/wasm (Pyodide streams-compiles it) and `.mjs` as JavaScript.
`make play` runs this; the e2e tests and benchmarks start it on a free port.

Serving this checkout (`make play`, the e2e tests), precache-manifest.js is
made afresh from the files at each request (``live_precache``), so editing a
.py file while the server runs is seen by the service worker's next update
check: the page offers the new version instead of serving the old one forever.
"""

from __future__ import annotations

import functools
import http.server
import os
import sys
import threading
from pathlib import Path
from urllib.parse import urlsplit

import bundle
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


class StaticHandler(http.server.SimpleHTTPRequestHandler):
    """A quiet static handler with the MIME types Pyodide needs."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **EXTRA_TYPES}

    def __init__(self, *args: object, live_precache: bool = False, **kwargs: object) -> None:
        self.live_precache = live_precache
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]  # handles the request

    def do_GET(self) -> None:
        if not self._send_live_precache(head_only=False):
            super().do_GET()

    def do_HEAD(self) -> None:
        if not self._send_live_precache(head_only=True):
            super().do_HEAD()

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
    directory: Path | str = ROOT, port: int = 8000, *, live_precache: bool = False
) -> http.server.ThreadingHTTPServer:
    """A server bound to 127.0.0.1 only (port 0 picks a free one)."""
    handler = functools.partial(StaticHandler, directory=str(directory), live_precache=live_precache)
    http.server.ThreadingHTTPServer.allow_reuse_address = True
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    server.daemon_threads = True
    return server


def serve_in_thread(
    directory: Path | str = ROOT, port: int = 0, *, live_precache: bool = False
) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Start a server in a daemon thread; return it and its base URL."""
    server = make_server(directory, port, live_precache=live_precache)
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
