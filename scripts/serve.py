"""Serve a folder as a static site on 127.0.0.1, the way any static host would.

Python's http.server with the types a browser insists on: `.wasm` goes out as
application/wasm (Pyodide streams-compiles it) and `.mjs` as JavaScript.
`make play` runs this; the e2e tests and benchmarks start it on a free port.
"""

from __future__ import annotations

import functools
import http.server
import os
import sys
import threading
from pathlib import Path

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

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - stdlib name
        if os.environ.get("KABALE_SERVE_LOG"):
            super().log_message(format, *args)


def make_server(directory: Path | str = ROOT, port: int = 8000) -> http.server.ThreadingHTTPServer:
    """A server bound to 127.0.0.1 only (port 0 picks a free one)."""
    handler = functools.partial(StaticHandler, directory=str(directory))
    http.server.ThreadingHTTPServer.allow_reuse_address = True
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    server.daemon_threads = True
    return server


def serve_in_thread(directory: Path | str = ROOT, port: int = 0) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Start a server in a daemon thread; return it and its base URL."""
    server = make_server(directory, port)
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
        server = make_server(directory, port)
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
