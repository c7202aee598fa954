"""Write precache-manifest.js: what the service worker keeps for offline play.

No hand-kept list: the files are found from what exists and what the page
itself names. The site (what `make dist` copies, what a host serves) is:

* index.html, and every local file it references (stylesheets, scripts, icons,
  the web app manifest, the Python entry and its PyScript config);
* each PyScript config's interpreter and its [files] (the Python modules);
* the icons the web app manifest names;
* our own assets: everything under assets/ but the vendored runtime;
* of the vendored runtime, what the page can load: the JavaScript modules
  its scripts and its interpreter import (see ``module_graph``), and Pyodide's
  boot files beside pyodide.mjs (``PYODIDE_BOOT``). Not PyScript's editor
  (codemirror) and terminal (xterm) chunks, MicroPython's zip reader, source
  maps, or pyodide-lock.json when the interpreter module gives Pyodide the
  lock itself (assets/js/runtime.mjs does: nothing here loads a package);
* the standard library our interpreter module names (build/python_stdlib.zip,
  scripts/stdlib.py), in place of the vendored python_stdlib.zip, which the page
  then never loads.

Not Pyodide's memory snapshot for warm starts: the page makes it in the browser
and gives it to the service worker (assets/js/runtime.mjs, sw.js), so it is
never a file of the site.

The precache is the site less what only an install uses, never the page:
the manifest's PNG icons and the apple-touch-icon (the browser or the OS
fetches and keeps them when the app is installed, online).

Each file is listed with its SHA-256. The version, which names the cache
(``kabale-<version>``), is a hash of that list and of sw.js, so any change to
any served byte makes a new cache, and an unchanged release keeps its own.
The service worker checks every file it stores against its hash.

A reference that names a missing file is an error: the site would not work
from a static host, so neither `make setup` nor `make dist` lets it pass.

Usage: python3 scripts/precache.py [SITE_FOLDER]   (default: this checkout)
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path, PurePosixPath
from urllib.parse import unquote, urlsplit

import stdlib

ROOT = Path(__file__).resolve().parent.parent
MANIFEST_NAME = "precache-manifest.js"
SERVICE_WORKER = "sw.js"
ENTRY = "index.html"
ASSETS = "assets"
VENDOR = ASSETS + "/vendor"
#: Never served to the browser: source maps and editor or OS leftovers.
SKIPPED_SUFFIXES = (".map",)
#: What Pyodide's loadPyodide fetches from the folder of pyodide.mjs, besides the lock file.
PYODIDE_ENTRY = "pyodide.mjs"
PYODIDE_BOOT = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
PYODIDE_LOCK = "pyodide-lock.json"
PYODIDE_STDLIB = "python_stdlib.zip"
#: The key of Pyodide's memory snapshot in the service worker's cache (assets/js/runtime.mjs, sw.js),
#: made by the page in the browser. No such file is served: the site never holds it.
SNAPSHOT = "build/pyodide-snapshot.bin"
#: Made by scripts/stdlib.py (make setup); given to Pyodide by assets/js/runtime.mjs.
STDLIB = stdlib.STDLIB
#: <link rel> values a browser fetches only to install the app (to the home screen).
INSTALL_ONLY_RELS = frozenset({"apple-touch-icon", "apple-touch-icon-precomposed"})
#: Chunks PyScript's core imports on demand for features this page does not use, by
#: name (the file name less its content hash): the <py-editor> editor, MicroPython's
#: archive reader (Pyodide unpacks [files] archives itself) and the packages graph,
#: which only a config with `packages` loads (such a config keeps it).
UNUSED_CHUNKS = ("codemirror", "zip")
PACKAGES_CHUNK = "pyodide_graph"
_STATIC_IMPORT = re.compile(r"""(?:\bfrom|\bimport)\s*["'](\.{1,2}/[^"']+)["']""")
_DYNAMIC_IMPORT = re.compile(r"""\bimport\s*\(\s*["'](\.{1,2}/[^"']+)["']\s*\)""")
#: What a module names but is no file to precache: the memory snapshot and its tries (the browser
#: makes them), and the service worker's own script (the browser keeps it as such).
_MADE_IN_THE_BROWSER = ("pyodide-snapshot.bin", "pyodide-snapshot-tries.json", "sw.js")
#: A file a module of ours names by its own URL: a worker's script, or what a worker fetches.
_NAMED_URL = re.compile(r"""new\s+URL\(\s*["']([^"']+)["']\s*,\s*import\.meta\.url\s*\)""")
_HASHED_NAME = re.compile(r"^(?P<name>.+)-[A-Za-z0-9_-]{8}$")


class SiteError(Exception):
    """The site names a file that does not exist, or one outside its folder."""


@dataclass(frozen=True)
class Manifest:
    version: str
    files: dict[str, str]  # site-relative POSIX path -> SHA-256 hex
    sizes: dict[str, int]

    @property
    def bytes(self) -> int:
        return sum(self.sizes.values())

    @property
    def cache_name(self) -> str:
        return f"kabale-{self.version}"

    def render(self) -> str:
        """The JavaScript the service worker imports (importScripts)."""
        body = json.dumps({"version": self.version, "bytes": self.bytes, "files": self.files}, indent=1, sort_keys=True)
        return (
            "// Generated by scripts/precache.py from the files that exist: what sw.js\n"
            "// precaches, each with its SHA-256. Do not edit (make setup rewrites it).\n"
            f"self.KABALE_PRECACHE = {body};\n"
        )


class _References(HTMLParser):
    """Local URLs in src= and href= attributes, and the config= of PyScript scripts."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.install_only: list[str] = []
        self.modules: list[str] = []
        self.configs: list[str] = []
        self.manifests: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        for name in ("src", "href"):
            if values.get(name):
                url = str(values[name])
                rels = set(str(values.get("rel") or "").lower().split())
                (self.install_only if tag == "link" and rels & INSTALL_ONLY_RELS else self.urls).append(url)
        if tag == "script" and values.get("type") == "module" and values.get("src"):
            self.modules.append(str(values["src"]))
        if tag == "script" and values.get("type") in ("py", "mpy") and values.get("config"):
            self.configs.append(str(values["config"]))
        if tag == "link" and values.get("rel") == "manifest" and values.get("href"):
            self.manifests.append(str(values["href"]))


def _local_path(url: str, base: PurePosixPath, site: Path) -> str | None:
    """The site-relative path a URL names, or None when it is not a file of this site."""
    parts = urlsplit(url)
    if parts.scheme or parts.netloc or url.startswith("#"):
        return None  # another origin, data:, mailto:, or a fragment
    if not parts.path or parts.path.endswith("/"):
        return None  # a navigation to a folder (the app itself): no file to cache
    if parts.path.startswith("/"):
        raise SiteError(f"{url!r} is an absolute path: use a relative URL so the site works under a sub-path")
    joined = base / unquote(parts.path)
    normal: list[str] = []
    for part in joined.parts:
        if part == "..":
            if not normal:
                raise SiteError(f"{url!r} points outside the site folder")
            normal.pop()
        elif part not in (".", ""):
            normal.append(part)
    path = "/".join(normal)
    if not (site / path).is_file():
        raise SiteError(f"{url!r} names {path}, which does not exist in {site}")
    return path


def _config_files(config: str, site: Path) -> tuple[list[str], list[str], bool]:
    """A PyScript config's [files] sources and its interpreter (site-relative), and
    whether it loads packages."""
    base = PurePosixPath(config).parent
    data = tomllib.loads((site / config).read_text(encoding="utf-8"))
    files = data.get("files", {})
    if not isinstance(files, dict):
        raise SiteError(f"{config}: [files] is not a table")
    found = [_local_path(str(source), base, site) for source in files]
    interpreter = _local_path(str(data["interpreter"]), base, site) if "interpreter" in data else None
    return (
        [path for path in found if path is not None],
        [interpreter] if interpreter is not None else [],
        bool(data.get("packages")),
    )


def _imports(module: str, site: Path, *, dynamic: bool = False, skipped: tuple[str, ...] = ()) -> list[str]:
    """The local modules a JavaScript module imports, statically or (``dynamic``) with
    import(), site-relative; chunks named in ``skipped`` left out (they need not exist)."""
    text = (site / module).read_text(encoding="utf-8")
    base = PurePosixPath(module).parent
    specifiers = (_DYNAMIC_IMPORT if dynamic else _STATIC_IMPORT).findall(text)
    found = [_local_path(specifier, base, site) for specifier in specifiers if not chunk_name(specifier).startswith(skipped)]
    return [path for path in found if path is not None]


def _named(module: str, site: Path) -> list[str]:
    """The files a module of ours names with ``new URL(..., import.meta.url)``: the worker that runs
    Kabale's Python (assets/js/worker.mjs), and what that worker fetches (the bundle, py/main.py).
    A folder (the runtime's, given to Pyodide as its indexURL) is no file."""
    if module.startswith(VENDOR + "/"):
        return []
    text = (site / module).read_text(encoding="utf-8")
    base = PurePosixPath(module).parent
    urls = [url for url in _NAMED_URL.findall(text)
            if not url.endswith("/") and not (base / url).as_posix().endswith(_MADE_IN_THE_BROWSER)]
    found = [_local_path(url, base, site) for url in urls]
    return [path for path in found if path is not None]


def chunk_name(path: str) -> str:
    """A bundler chunk's name without its content hash: "codemirror_view" for codemirror_view-BsXnWedx.js."""
    stem = PurePosixPath(path).name.split(".", 1)[0]
    match = _HASHED_NAME.match(stem)
    return match.group("name") if match else stem


def module_graph(entries: list[str], site: Path, *, packages: bool = False) -> set[str]:
    """The JavaScript modules the page can load, from its module scripts and interpreter.

    Static imports are always followed. Dynamic imports are followed from the
    modules the page loads at start (PyScript's core imports its plugins so),
    except the chunks of features this page has no use for (``UNUSED_CHUNKS``),
    but not from a plugin: py-editor, py-terminal and py-game import their
    editor, terminal and game parts only for such an element on the page.
    """

    def closure(start: list[str]) -> set[str]:
        seen: set[str] = set()
        todo = list(start)
        while todo:
            module = todo.pop()
            if module not in seen:
                seen.add(module)
                todo.extend(_imports(module, site))
                todo.extend(path for path in _named(module, site) if path.endswith((".mjs", ".js")))
        return seen

    unused = UNUSED_CHUNKS if packages else (*UNUSED_CHUNKS, PACKAGES_CHUNK)
    at_start = closure(entries)
    plugins = [chunk for module in sorted(at_start) for chunk in _imports(module, site, dynamic=True, skipped=unused)]
    return at_start | closure(plugins)


def _pyodide_files(modules: set[str], interpreters: list[str], site: Path, *, own_stdlib: bool = False) -> list[str]:
    """Pyodide's boot files, beside the pyodide.mjs the modules include; and its lock
    file unless the interpreter is a module of ours that gives Pyodide the lock. Not its
    python_stdlib.zip when that module gives Pyodide our own (``own_stdlib``)."""
    found: list[str] = []
    for module in sorted(modules):
        if PurePosixPath(module).name != PYODIDE_ENTRY:
            continue
        folder = PurePosixPath(module).parent
        names = [*PYODIDE_BOOT, *([PYODIDE_LOCK] if module in interpreters else [])]
        if own_stdlib:
            names.remove(PYODIDE_STDLIB)
        for name in names:
            path = (folder / name).as_posix()
            if not (site / path).is_file():
                raise SiteError(f"{path} is missing: the runtime is not whole (make setup copies it)")
            found.append(path)
    return found


def _web_manifest_files(manifest: str, site: Path) -> list[str]:
    """The icons a web app manifest names, site-relative (they must exist too)."""
    base = PurePosixPath(manifest).parent
    data = json.loads((site / manifest).read_text(encoding="utf-8"))
    urls = [str(icon["src"]) for icon in data.get("icons", [])]
    found = [_local_path(url, base, site) for url in urls]
    return [path for path in found if path is not None]


def _scan(site: Path) -> tuple[set[str], set[str]]:
    """(every file of the site, those only an install fetches), site-relative."""
    if not (site / ENTRY).is_file():
        raise SiteError(f"no {ENTRY} in {site}")
    parser = _References()
    parser.feed((site / ENTRY).read_text(encoding="utf-8"))
    root = PurePosixPath(".")

    def local(urls: list[str], base: PurePosixPath = root) -> set[str]:
        found = (_local_path(url, base, site) for url in urls)
        return {path for path in found if path is not None}

    found = {ENTRY} | local(parser.urls)
    install = local(parser.install_only)
    interpreters: list[str] = []
    packages = False
    for config in sorted(local(parser.configs)):
        files, interpreter, wants_packages = _config_files(config, site)
        found.update([config, *files, *interpreter])
        interpreters.extend(interpreter)
        packages = packages or wants_packages
    for manifest in sorted(local(parser.manifests)):
        install.update(_web_manifest_files(manifest, site))
    modules = module_graph(sorted(local(parser.modules)) + interpreters, site, packages=packages)
    found.update(modules)
    for module in modules:
        found.update(_named(module, site))
    ours = [module for module in {*interpreters, *modules}
            if PurePosixPath(module).name != PYODIDE_ENTRY and not module.startswith(VENDOR + "/")]
    own_stdlib = any(STDLIB in (site / module).read_text(encoding="utf-8") for module in ours)
    found.update(_pyodide_files(modules, interpreters, site, own_stdlib=own_stdlib))
    if own_stdlib:
        if not (site / STDLIB).is_file():
            raise SiteError(f"{STDLIB} is missing: make setup makes it (scripts/stdlib.py)")
        found.add(STDLIB)
    assets = site / ASSETS
    if assets.is_dir():
        for asset in assets.rglob("*"):
            relative = asset.relative_to(site)
            if (
                asset.is_file()
                and not relative.as_posix().startswith(VENDOR + "/")
                and not any(part.startswith(".") for part in relative.parts)
                and not asset.name.endswith(SKIPPED_SUFFIXES)
            ):
                found.add(relative.as_posix())
    install -= local(parser.urls) | modules  # an icon the page shows itself is the page's
    return found | install, install


def site_files(site: Path = ROOT) -> list[str]:
    """Every file a host serves for the app, site-relative and sorted (sw.js and the precache manifest excepted)."""
    return sorted(_scan(site)[0])


def precache_files(site: Path = ROOT) -> list[str]:
    """What the service worker keeps: the site less what only an install fetches."""
    everything, install_only = _scan(site)
    return sorted(everything - install_only)


_digests: dict[tuple[str, int, int], str] = {}


def file_digest(path: Path) -> str:
    """SHA-256 of a file, remembered while its size and mtime stay the same."""
    stat = path.stat()
    key = (str(path), stat.st_size, stat.st_mtime_ns)
    if key not in _digests:
        with path.open("rb") as handle:
            _digests[key] = hashlib.file_digest(handle, "sha256").hexdigest()
    return _digests[key]


def build(site: Path = ROOT) -> Manifest:
    files = {path: file_digest(site / path) for path in precache_files(site)}
    sizes = {path: (site / path).stat().st_size for path in files}
    worker = site / SERVICE_WORKER
    if not worker.is_file():
        raise SiteError(f"no {SERVICE_WORKER} in {site}")
    listing = json.dumps(files, sort_keys=True) + "\n" + file_digest(worker)
    version = hashlib.sha256(listing.encode("utf-8")).hexdigest()[:16]
    return Manifest(version=version, files=files, sizes=sizes)


def write(site: Path = ROOT) -> Manifest:
    """Write precache-manifest.js next to sw.js (only when it changed) and return it."""
    manifest = build(site)
    target = site / MANIFEST_NAME
    text = manifest.render()
    if not target.is_file() or target.read_text(encoding="utf-8") != text:
        target.write_text(text, encoding="utf-8")
    return manifest


def main(argv: list[str]) -> int:
    site = Path(argv[1]).resolve() if len(argv) > 1 else ROOT
    try:
        try:
            stdlib.write(site)  # before the list, which names it; the page cannot start without it
        except subprocess.SubprocessError as error:
            raise SiteError(f"the standard library could not be compiled ({error})") from error
        manifest = write(site)
    except (SiteError, OSError, ValueError, KeyError) as error:
        print(f"precache: {error}", file=sys.stderr)
        return 1
    print(f"precache: {len(manifest.files)} files, {manifest.bytes / 1e6:.1f} MB, cache {manifest.cache_name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
