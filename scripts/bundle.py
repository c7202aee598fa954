"""Bundle the Python package for the browser: build/kabale.zip, one download instead of dozens.

PyScript's [files] takes one archive (``"./build/kabale.zip" = "./*"``) and
unpacks it before py/main.py runs. The archive holds every module the page may
import: the package without the command line (cli/, __main__.py). It is made
at set-up (`make setup`), and afresh when a module changed whenever the
development server is asked for it, so an edited .py file is what the browser
gets. The bytes depend only on the sources (fixed dates, sorted names), so the
service worker's precache hash changes only when a module does.
"""

from __future__ import annotations

import io
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUNDLE = "build/kabale.zip"
_EPOCH = (1980, 1, 1, 0, 0, 0)


def browser_modules(root: Path = ROOT) -> list[str]:
    """Every module the page may import, as paths under py/ ("kabale/cards.py")."""
    package = root / "py" / "kabale"
    return sorted(
        path.relative_to(root / "py").as_posix()
        for path in package.rglob("*.py")
        if "cli" not in path.relative_to(package).parts and path.name != "__main__.py"
    )


def bundle_bytes(root: Path = ROOT) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for module in browser_modules(root):
            info = zipfile.ZipInfo(module, date_time=_EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, (root / "py" / module).read_bytes())
    return buffer.getvalue()


def write(root: Path = ROOT) -> bool:
    """Write the bundle if it is missing or out of date; True when it was (re)written."""
    target = root / BUNDLE
    fresh = bundle_bytes(root)
    if target.is_file() and target.read_bytes() == fresh:
        return False
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_suffix(".tmp")
    temporary.write_bytes(fresh)
    temporary.replace(target)
    return True


if __name__ == "__main__":
    changed = write()
    print(f"bundle: {BUNDLE} {'written' if changed else 'up to date'} ({len(browser_modules())} modules)")
    sys.exit(0)
