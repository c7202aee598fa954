"""`make dist`: write dist/, the site as a self-contained static folder.

dist/ holds exactly what the browser loads: index.html and the files it names,
pyscript.toml and the Python modules it lists, our own assets (css, icons,
JavaScript), the parts of the vendored runtime the page can load, the web app
manifest, the service worker and its precache-manifest.js, made from the
copied files (scripts/precache.py). Every URL in it is relative, so the folder
works at a host's root or under any sub-path (https://example.org/games/kabale/):
copy it as it is.

How a host should serve it is written here too, once, for both this build and
`make play`'s server (scripts/serve.py):

* compressed: beside every file that shrinks (the 9.6 MB wasm goes out as
  about 2.7 MB), ``name.br`` (brotli, quality 11) and ``name.gz`` (gzip -9),
  for hosts that serve precompressed files (nginx ``gzip_static``/
  ``brotli_static``, Caddy ``precompressed``, scripts/serve.py). Python has no
  brotli: Node's built-in zlib makes the .br files (Node is already needed by
  `make setup`'s npm), so no new package is involved;
* cached (``_headers``, the format of Netlify and Cloudflare Pages): the
  vendored runtime for a year, immutable (its folders are named after their
  pins, assets/vendor/pyodide-314.0.7/: a new pin comes under new URLs, see
  scripts/vendor.py); everything of our own ``no-cache`` (revalidated at each use:
  the same URLs carry every release), index.html, sw.js and the precache list
  above all, so an update is seen at once;
* typed: .wasm as application/wasm (Pyodide streams-compiles it).

Usage: python3 scripts/dist.py [TARGET] [--base-path /games/kabale/]   (default: dist/, at the host's root)
"""

from __future__ import annotations

import argparse
import fcntl
import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path, PurePosixPath

import precache

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
#: The .br copies made before, each named by the SHA-256 of its file and of how it is made:
#: quality 11 takes some 40 s for the runtime's files, which change only with a new pin, and
#: make dist again (or a test's build) finds them here. build/ is git-ignored.
BROTLI_CACHE = ROOT / "build" / "brotli"
HEADERS_FILE = "_headers"

#: The types worth trying; images other than SVG are compressed already. Zip archives
#: mostly are too, but python_stdlib.zip stores some files: brotli still saves 2.5 %.
COMPRESSIBLE = frozenset({".html", ".js", ".mjs", ".css", ".json", ".toml", ".webmanifest", ".svg", ".wasm", ".py", ".txt", ".zip"})
#: A compressed copy is kept only when it saves at least this share of the file.
MIN_SAVING = 0.01
#: Content-Encoding -> the suffix of a precompressed copy, in the server's order of preference.
ENCODINGS = {"br": ".br", "gzip": ".gz"}

IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
VENDOR = precache.ASSETS + "/vendor/"
#: Files the browser must revalidate at every use: they say which release is current.
ALWAYS_FRESH = frozenset({precache.ENTRY, precache.SERVICE_WORKER, precache.MANIFEST_NAME, ""})
#: A bundler's content hash in a file name (PyScript's chunks: core-C9KDLldu.js).
CONTENT_HASHED = re.compile(r"-[A-Za-z0-9_-]{8}\.(?:js|mjs|css)$")


def cache_control(path: str) -> str:
    """The Cache-Control of a site-relative path ("" is the folder itself, served as index.html).

    Vendored files and content-hashed names never change under their URL
    within a release pin: a year, immutable. Ours are revalidated each time
    (an ETag or Last-Modified makes that a 304), since the next release
    reuses their URLs; the service worker keeps them for offline play anyway.
    """
    if path in ALWAYS_FRESH:
        return REVALIDATE
    if path.startswith(VENDOR) or (CONTENT_HASHED.search(path) and path.startswith(precache.ASSETS + "/")):
        return IMMUTABLE
    return REVALIDATE


def compressible(path: str) -> bool:
    return PurePosixPath(path).suffix in COMPRESSIBLE


def gzip_bytes(data: bytes, level: int = 9) -> bytes:
    """gzip with no name and no date in the header, so the same input gives the same bytes."""
    return gzip.compress(data, compresslevel=level, mtime=0)


#: Brotli's quality for what ships: 11, the best (but for files over 16 MB, none today; the memory
#: snapshot was one: there 9, 4.8 MB instead of 4.1 MB but 9 s instead of nearly 4 minutes).
QUALITY = 11
#: A build for the tests asks for less (tests/conftest.py sets it): no test depends on how small the
#: copies get, and on a fresh machine (CI) the runtime's copies took 41 s of one core at 11, 1.0 s at 5.
QUALITY_VARIABLE = "KABALE_BROTLI_QUALITY"

_NODE_BROTLI = """
const fs = require("fs"), zlib = require("zlib");
const {quality, files} = JSON.parse(fs.readFileSync(0, "utf8"));
for (const file of files) {
  const data = fs.readFileSync(file);
  fs.writeFileSync(file + ".br", zlib.brotliCompressSync(data, {params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: Math.min(quality, data.length > 16e6 ? 9 : 11),
    [zlib.constants.BROTLI_PARAM_LGWIN]: 24,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length}}));
}
"""


def brotli_files(paths: list[Path], cache: Path = BROTLI_CACHE) -> None:
    """Write ``path.br`` beside each path: a copy from ``cache`` of one made before from the same
    bytes, else made now with Node's zlib (one process for all) and kept in ``cache``.

    Builds made at once (the test suite's two workers) take turns, so the second copies what the
    first made instead of compressing the same runtime again."""
    if not paths:
        return
    cache.mkdir(parents=True, exist_ok=True)
    with open(cache / ".lock", "w", encoding="utf-8") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        quality = int(os.environ.get(QUALITY_VARIABLE, QUALITY))
        how = f"{_NODE_BROTLI}{quality}".encode()
        made = {path: cache / hashlib.sha256(how + path.read_bytes()).hexdigest() for path in paths}
        missing = [path for path in paths if not made[path].is_file()]
        if missing:
            node = shutil.which("node")
            if node is None:
                raise precache.SiteError("node is needed to write the .br files (make setup needs it too)")
            subprocess.run([node, "-e", _NODE_BROTLI], text=True, check=True,
                           input=json.dumps({"quality": quality, "files": [str(path) for path in missing]}))
            for path in missing:
                kept = made[path].with_suffix(".part")
                shutil.copyfile(path.with_name(path.name + ".br"), kept)
                os.replace(kept, made[path])  # whole or absent, should a build be stopped
        for path in paths:
            if path not in missing:
                shutil.copyfile(made[path], path.with_name(path.name + ".br"))


def compress(target: Path, files: list[str]) -> dict[str, dict[str, int]]:
    """Write .br and .gz beside the compressible files; return {path: {encoding: size}} of those kept."""
    candidates = [name for name in files if compressible(name)]
    brotli_files([target / name for name in candidates])
    kept: dict[str, dict[str, int]] = {}
    for name in candidates:
        original = target / name
        size = original.stat().st_size
        (target / (name + ENCODINGS["gzip"])).write_bytes(gzip_bytes(original.read_bytes()))
        for encoding, suffix in ENCODINGS.items():
            copy = target / (name + suffix)
            if copy.stat().st_size > size * (1 - MIN_SAVING):
                copy.unlink()  # not worth a second copy: the host sends the file as it is
            else:
                shutil.copystat(original, copy)  # the same date: a server sees it is not stale
                kept.setdefault(name, {})[encoding] = copy.stat().st_size
    return kept


def headers_file(files: list[str], base_path: str = "/") -> str:
    """``_headers`` for Netlify and Cloudflare Pages: cache rules and the wasm type, per URL.

    Exact paths, no patterns, so both hosts read it alike (a file in two rules
    would get both headers).
    """
    base = "/" + base_path.strip("/") + "/" if base_path.strip("/") else "/"
    lines = [
        "# Written by scripts/dist.py (make dist): how Netlify and Cloudflare Pages serve Kabale.",
        "# Paths assume dist/ is published at " + base + " (make dist --base-path changes it).",
        "",
    ]
    for name in ["", *sorted(files)]:
        lines.append(base + name)
        lines.append(f"  Cache-Control: {cache_control(name)}")
        if name.endswith(".wasm"):
            lines.append("  Content-Type: application/wasm")
        lines.append("")
    return "\n".join(lines)


#: A relay a host may add to the page's policy: a WebSocket origin, nothing after its host and port.
RELAY_ORIGIN = re.compile(r"^wss?://[A-Za-z0-9.-]+(?::\d{1,5})?/?$")
CONNECT_SRC = re.compile(r"(connect-src)([^;\"]*)")
#: The page's policy: the content of its Content-Security-Policy meta tag (not a comment's words).
POLICY = re.compile(r'(<meta http-equiv="Content-Security-Policy" content=")([^"]*)(")')


def with_relays(page: str, relays: list[str]) -> str:
    """``page`` (index.html) with ``relays`` added to its policy's connect-src.

    Why: the page's policy names the public relays remote play signals through and nothing
    more, so a relay of one's own (``?relay=`` in an invite, for a strict network) is refused
    by the browser until the site that serves Kabale names it too (``make dist DIST_RELAYS=...``).

    >>> policy = '<meta http-equiv="Content-Security-Policy" content="connect-src wss://a.example">'
    >>> with_relays('<!-- connect-src wss://... -->' + policy, ["wss://b.example:7000"])
    '<!-- connect-src wss://... --><meta http-equiv="Content-Security-Policy" content="connect-src wss://a.example wss://b.example:7000">'
    """
    origins = []
    for relay in relays:
        if not RELAY_ORIGIN.match(relay):
            raise ValueError(f"a relay is a WebSocket origin such as wss://relay.example, not {relay!r}")
        origins.append(relay.rstrip("/"))
    meta = POLICY.search(page)
    if meta is None or not CONNECT_SRC.search(meta.group(2)):
        raise ValueError("index.html's policy has no connect-src to add relays to")
    content = CONNECT_SRC.sub(lambda match: match.group(1) + match.group(2).rstrip() + "".join(
        f" {origin}" for origin in origins if origin not in match.group(2).split()), meta.group(2), count=1)
    return page[:meta.start(2)] + content + page[meta.end(2):]


def build(target: Path = DIST, source: Path = ROOT, base_path: str = "/", relays: list[str] | None = None
          ) -> precache.Manifest:
    """Copy the site into ``target`` (replacing an earlier build), write its precache manifest,
    the compressed copies and ``_headers``; ``relays`` are added to the page's policy."""
    files = [*precache.site_files(source), precache.SERVICE_WORKER]
    if target.exists():
        if not (target / precache.SERVICE_WORKER).is_file() and any(target.iterdir()):
            raise precache.SiteError(f"{target} is not empty and is not a Kabale build: not replacing it")
        shutil.rmtree(target)
    for name in files:
        destination = target / name
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source / name, destination)
    if relays:
        page = target / "index.html"
        page.write_text(with_relays(page.read_text(encoding="utf-8"), relays), encoding="utf-8")
    manifest = precache.write(target)
    if set(precache.site_files(target)) != set(precache.site_files(source)):
        raise precache.SiteError("dist/ differs from the site")
    served = [*files, precache.MANIFEST_NAME]
    compress(target, served)
    (target / HEADERS_FILE).write_text(headers_file(served, base_path), encoding="utf-8")
    return manifest


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="dist.py", description="Write the site as a static folder.")
    parser.add_argument("target", nargs="?", type=Path, default=DIST)
    parser.add_argument("--base-path", default="/", help="where the host publishes the folder (for _headers)")
    parser.add_argument("--relay", action="append", default=[], metavar="wss://HOST",
                        help="a Nostr relay of your own for remote play, added to the page's policy (repeatable)")
    args = parser.parse_args(argv[1:])
    target = args.target.resolve()
    try:
        manifest = build(target, base_path=args.base_path, relays=args.relay)
    except (precache.SiteError, OSError, ValueError, KeyError, subprocess.CalledProcessError) as error:
        print(f"dist: {error}", file=sys.stderr)
        return 1
    shown = target.relative_to(ROOT) if target.is_relative_to(ROOT) else target
    boot = sum(_smallest(target, name) for name in manifest.files)
    print(
        f"dist: {shown}/ written: {len(manifest.files)} files precached as {manifest.cache_name}, "
        f"{manifest.bytes / 1e6:.1f} MB; with brotli a first visit moves {boot / 1e6:.1f} MB"
        "; serve it from any static host or sub-path"
    )
    return 0


def _smallest(folder: Path, name: str) -> int:
    sizes = [(folder / (name + suffix)).stat().st_size for suffix in ("", *ENCODINGS.values()) if (folder / (name + suffix)).is_file()]
    return min(sizes)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
