"""`make dist`: write dist/, the site as a self-contained static folder.

dist/ holds exactly what the browser loads: index.html and the files it names,
pyscript.toml and the Python modules it lists, assets/ (css, icons, our
JavaScript and the vendored runtime), the web app manifest, the service worker
and its precache-manifest.js, made from the copied files (scripts/precache.py).
Every URL in it is relative, so the folder works at a host's root or under any
sub-path (https://example.org/games/kabale/): copy it as it is. The host must
send .wasm as application/wasm, as the common ones do.

Usage: python3 scripts/dist.py [TARGET]   (default: dist/)
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import precache

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"


def build(target: Path = DIST, source: Path = ROOT) -> precache.Manifest:
    """Copy the site into ``target`` (replacing an earlier build) and write its precache manifest."""
    files = [*precache.site_files(source), precache.SERVICE_WORKER]
    if target.exists():
        if not (target / precache.SERVICE_WORKER).is_file() and any(target.iterdir()):
            raise precache.SiteError(f"{target} is not empty and is not a Kabale build: not replacing it")
        shutil.rmtree(target)
    for name in files:
        destination = target / name
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source / name, destination)
    manifest = precache.write(target)
    copied = set(manifest.files)
    missing = copied ^ set(precache.site_files(source))
    if missing:  # the copy names a file the source does not have, or the reverse
        raise precache.SiteError(f"dist/ differs from the site: {sorted(missing)}")
    return manifest


def main(argv: list[str]) -> int:
    target = Path(argv[1]).resolve() if len(argv) > 1 else DIST
    try:
        manifest = build(target)
    except (precache.SiteError, OSError, ValueError, KeyError) as error:
        print(f"dist: {error}", file=sys.stderr)
        return 1
    shown = target.relative_to(ROOT) if target.is_relative_to(ROOT) else target
    print(
        f"dist: {shown}/ written: {len(manifest.files) + 2} files, "
        f"{manifest.bytes / 1e6:.1f} MB precached as {manifest.cache_name}; serve it from any static host or sub-path"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
