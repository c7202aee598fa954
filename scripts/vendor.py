"""Copy the pinned browser runtime from node_modules/ into assets/vendor/.

`npm ci` installs the exact versions of package-lock.json; this script copies
just the files the page loads (no source maps, no demo pages), so the folder
that is served, precached and deployed holds nothing else. assets/vendor/ is
git-ignored: third-party code is never committed.

Trystero (remote play's WebRTC transport, issue 30) is not copied but bundled:
its npm files keep bare imports (``@trystero-p2p/core``, ``@noble/secp256k1``),
which a browser cannot resolve, so esbuild (npm, an exact devDependency) makes
of its Nostr strategy one ES module, headed by the licence of every package in
it (:func:`bundle_trystero`).

Each package goes into a folder named after its pin (``pyodide-314.0.7``,
``pyscript-0.7.31``, ``trystero-0.25.4``). Why: a host caches the vendored files for a year as
immutable (scripts/dist.py), so a new pin must come under new URLs, or a
returning browser would keep the old runtime's files beside new lock
information and a new standard library. The pages and modules that name these folders
are committed (index.html, assets/js/runtime.mjs, the bench pages); a pin
changed without them stops set-up with the lines to change
(:func:`check_references`), instead of a page that cannot load its runtime.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
VENDOR = ROOT / "assets" / "vendor"

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)


def _version(package: str) -> str:
    version: str = json.loads((NODE_MODULES / package / "package.json").read_text())["version"]
    return version


def _expected_versions() -> dict[str, str]:
    pins = json.loads((ROOT / "package.json").read_text())["dependencies"]
    return {name: pins[name] for name in FOLDER_STEMS}


#: The folder under assets/vendor/ of each package, before its version.
FOLDER_STEMS = {"pyodide": "pyodide", "@pyscript/core": "pyscript", "trystero": "trystero",
                "qrcode-generator": "qrcode"}
#: Committed files that name the vendored folders, relative to the project root.
REFERENCING = ("assets/js/runtime.mjs", "assets/js/transport.mjs", "assets/js/qr.mjs", "bench/bare/index.html", "bench/bare/pyscript.toml",
               "bench/bare/trimmed/index.html", "bench/bots_page/index.html", "bench/bots_page/pyscript.toml")
#: A vendored folder as a path names it: "vendor/pyodide-314.0.7/" (or an unversioned "vendor/pyodide-314.0.7/").
_REFERENCE = re.compile(r"vendor/(pyodide|pyscript|trystero|qrcode)(-[^/\s\"']*)?/")
#: What remote play imports of Trystero: its Nostr strategy (signalling over Nostr relays), and the
#: one file esbuild makes of it in Trystero's vendored folder.
TRYSTERO_ENTRY = "trystero/nostr"
TRYSTERO_BUNDLE = "trystero-nostr.mjs"
#: The bundler: a devDependency, exact pin; its version goes into versions.json beside the runtime's,
#: since the bundle's bytes depend on it.
BUNDLER = "esbuild"
#: The invite's QR code (issue 30): Kazuhiko Arase's encoder, one ES module with no imports, its
#: licence in its header; copied as it is.
QRCODE_FILE = "qrcode.mjs"


def folder_names(versions: dict[str, str] | None = None) -> dict[str, str]:
    """{package: folder under assets/vendor/}, from package.json's pins.

    >>> folder_names({"pyodide": "314.0.7", "@pyscript/core": "0.7.31", "trystero": "0.25.4",
    ...               "qrcode-generator": "2.0.4"})["qrcode-generator"]
    'qrcode-2.0.4'
    """
    pins = _expected_versions() if versions is None else versions
    return {package: f"{FOLDER_STEMS[package]}-{pins[package]}" for package in FOLDER_STEMS}


def vendored(package: str, name: str = "") -> str:
    """The site-relative path of a vendored package's folder, or of a file in it.

    >>> vendored("pyodide", "pyodide.asm.wasm").startswith("assets/vendor/pyodide-")
    True
    """
    folder = f"assets/vendor/{folder_names()[package]}"
    return f"{folder}/{name}" if name else folder


def stale_references(root: Path = ROOT, versions: dict[str, str] | None = None) -> list[str]:
    """Each ``file:line: found -> expected`` where a committed file names another folder than the pins'."""
    expected = {FOLDER_STEMS[package]: folder for package, folder in folder_names(versions).items()}
    stale = []
    for name in REFERENCING:
        path = root / name
        if not path.is_file():
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for match in _REFERENCE.finditer(line):
                found = match.group(1) + (match.group(2) or "")
                if found != expected[match.group(1)]:
                    stale.append(f"{name}:{number}: vendor/{found}/ -> vendor/{expected[match.group(1)]}/")
    return stale


def check_references() -> None:
    """Stop set-up when a page names a runtime folder the pins do not make."""
    stale = stale_references()
    if stale:
        sys.exit("vendor: package.json pins another runtime than these files name; change them:\n  " + "\n  ".join(stale))


def vendor() -> Path:
    """Copy the runtime and return the stamp file recording what was copied."""
    expected = _expected_versions()
    for package, version in expected.items():
        if not (NODE_MODULES / package).is_dir():
            sys.exit(f"vendor: {package} is missing from node_modules; run `npm ci` first")
        found = _version(package)
        if found != version:
            sys.exit(f"vendor: node_modules has {package} {found}, package.json pins {version}; run `npm ci`")
    check_references()
    folders = folder_names(expected)

    if VENDOR.exists():
        shutil.rmtree(VENDOR)
    pyodide_target = VENDOR / folders["pyodide"]
    pyodide_target.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(NODE_MODULES / "pyodide" / name, pyodide_target / name)

    pyscript_source = NODE_MODULES / "@pyscript" / "core" / "dist"
    pyscript_target = VENDOR / folders["@pyscript/core"]
    pyscript_target.mkdir(parents=True)
    for path in sorted(pyscript_source.iterdir()):
        if path.is_file() and path.suffix in (".js", ".css"):
            shutil.copy2(path, pyscript_target / path.name)

    bundle_trystero(VENDOR / folders["trystero"] / TRYSTERO_BUNDLE)

    qrcode_target = VENDOR / folders["qrcode-generator"]
    qrcode_target.mkdir(parents=True)
    shutil.copy2(NODE_MODULES / "qrcode-generator" / "dist" / QRCODE_FILE, qrcode_target / QRCODE_FILE)

    stamp = VENDOR / "versions.json"
    stamp.write_text(json.dumps({**expected, BUNDLER: _version(BUNDLER)}, indent=2, sort_keys=True) + "\n")
    return stamp


@dataclass(frozen=True)
class Bundled:
    """A package whose code went into a bundle, and its licence file's text (kept with its code)."""

    name: str
    version: str
    licence: str


def _package_of(input_path: str) -> Path:
    """The package folder of a file esbuild read: node_modules/@scope/name/... or node_modules/name/..."""
    parts = Path(input_path).parts
    at = len(parts) - 1 - parts[::-1].index("node_modules")
    return Path(*parts[: at + (3 if parts[at + 1].startswith("@") else 2)])


def _licence_text(folder: Path) -> str:
    for name in ("LICENSE", "LICENSE.md", "LICENSE.txt", "LICENCE", "license"):
        if (folder / name).is_file():
            return (folder / name).read_text(encoding="utf-8").strip()
    sys.exit(f"vendor: {folder} has no licence file; a bundle must carry the licence of what it holds")


def licence_header(packages: list[Bundled]) -> str:
    """The comment that heads a bundle: what is in it, then each package's licence in full.

    ``/*!`` is the mark minifiers keep; a ``*/`` inside a licence would end the comment early.

    >>> print(licence_header([Bundled("a", "1.0.0", "MIT, (c) A")]))
    /*! Bundled at set-up by Kabale's scripts/vendor.py from npm: a 1.0.0.
    <BLANKLINE>
    a 1.0.0:
    MIT, (c) A
    */
    <BLANKLINE>
    """
    names = ", ".join(f"{package.name} {package.version}" for package in packages)
    texts = "\n\n".join(f"{package.name} {package.version}:\n{package.licence.replace('*/', '* /')}" for package in packages)
    return f"/*! Bundled at set-up by Kabale's scripts/vendor.py from npm: {names}.\n\n{texts}\n*/\n"


def bundle_trystero(target: Path, *, timeout: int = 120) -> list[Bundled]:
    """Bundle Trystero's Nostr strategy into ``target`` (one ES module, minified) and return the
    packages in it.

    Why a bundle: Trystero's npm modules import ``@trystero-p2p/core`` and ``@noble/secp256k1`` by bare
    name, which a browser cannot resolve without an import map (and the page's policy allows no
    inline one). Why a header of our own: esbuild keeps only the ``/*!`` comments it finds in the
    code, and Trystero's MIT notice is in its LICENSE file, not its code. The packages are read from
    esbuild's metafile, so a new dependency of a new pin brings its licence along."""
    if not (NODE_MODULES / BUNDLER).is_dir():
        sys.exit(f"vendor: {BUNDLER} is missing from node_modules; run `npm ci` first")
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(".partial")
    metafile = target.with_suffix(".meta.json")
    command = [str(NODE_MODULES / ".bin" / BUNDLER), TRYSTERO_ENTRY, "--bundle", "--format=esm",
               "--platform=browser", "--target=es2022", "--minify", "--log-level=warning",
               f"--metafile={metafile}", f"--outfile={partial}"]
    subprocess.run(command, check=True, cwd=ROOT, timeout=timeout)
    inputs = json.loads(metafile.read_text(encoding="utf-8"))["inputs"]
    metafile.unlink()
    folders = sorted({_package_of(path) for path in inputs}, key=lambda folder: folder.as_posix())
    packages = []
    for folder in folders:
        meta = json.loads((ROOT / folder / "package.json").read_text(encoding="utf-8"))
        packages.append(Bundled(meta["name"], meta["version"], _licence_text(ROOT / folder)))
    packages.sort(key=lambda package: (package.name != "trystero", package.name))
    target.write_text(licence_header(packages) + partial.read_text(encoding="utf-8"), encoding="utf-8")
    partial.unlink()
    return packages


def made_by_node(target: Path, stamp: Path, field: str, key: str, command: Callable[[Path], list[str]],
                 timeout: int) -> Path:
    """``target``, made by the Node command that ``command(path to write)`` gives, unless ``stamp``
    says it was made for ``key`` already.

    Why here: the standard library (scripts/stdlib.py) is made by the vendored Pyodide run in
    Node, and so may other build files be. The command writes a
    ``.partial`` file that replaces the target only once it is whole, so a run cut short leaves
    no half file for the page to load; the stamp records the key it was made for."""
    if target.is_file() and stamp.is_file() and json.loads(stamp.read_text(encoding="utf-8")).get(field) == key:
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(".partial")
    subprocess.run(command(partial), check=True, capture_output=True, timeout=timeout)
    partial.replace(target)
    stamp.write_text(json.dumps({field: key, "bytes": target.stat().st_size}) + "\n", encoding="utf-8")
    return target


def run_writer(name: str, write: Callable[[Path], Path | None], argv: list[str], size: Callable[[int], str],
               none: str) -> int:
    """The command line of a script that makes one build file: ``write(site)`` for the site in
    ``argv`` (the project by default), a line saying what was made (or ``none``), 1 on failure."""
    site = Path(argv[1]).resolve() if len(argv) > 1 else ROOT
    try:
        made = write(site)
    except (OSError, subprocess.SubprocessError) as error:
        print(f"{name}: {error}", file=sys.stderr)
        return 1
    print(f"{name}: {made.relative_to(site)} ({size(made.stat().st_size)})" if made else f"{name}: {none}")
    return 0


if __name__ == "__main__":
    stamp = vendor()
    size = sum(p.stat().st_size for p in VENDOR.rglob("*") if p.is_file())
    print(f"vendor: runtime copied (and Trystero bundled) into {VENDOR.relative_to(ROOT)} ({size / 1e6:.1f} MB): {stamp.read_text().strip()}")
