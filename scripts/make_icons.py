"""Draw the PNG icons from the one SVG source, assets/icons/kabale.svg.

Browsers ask for PNGs at set sizes: 192 and 512 px for an installed app (and
"maskable" ones, which the system may crop to a circle or a squircle: those
are full-bleed felt with the drawing inside the central 80 % safe zone), and
180 px, opaque, for an iPhone's home screen. Headless Chromium renders the
SVG at each size; each PNG records the SHA-256 of the SVG it was made from
(a tEXt chunk), so tests/unit/test_web_manifest.py can tell a stale PNG.

The PNGs are committed: they are the project's own drawings, `make play`
then needs no browser, and an icon does not change from one machine's
Chromium and fonts to another's. After editing the SVG: `make icons`.

Usage: .venv/bin/python scripts/make_icons.py
"""

from __future__ import annotations

import hashlib
import os
import struct
import sys
import zlib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "assets" / "icons"
SOURCE = ICONS / "kabale.svg"
#: The felt behind a full-bleed icon: the SVG's own background colour at its edge.
FELT = "#1f6b45"
SAFE_ZONE = 0.8
TEXT_KEY = b"Source-SHA256"


@dataclass(frozen=True)
class Icon:
    name: str
    size: int
    full_bleed: bool  # opaque felt to the edges, drawing in the safe zone


ICON_SET = (
    Icon("kabale-192.png", 192, full_bleed=False),
    Icon("kabale-512.png", 512, full_bleed=False),
    Icon("kabale-maskable-192.png", 192, full_bleed=True),
    Icon("kabale-maskable-512.png", 512, full_bleed=True),
    Icon("kabale-apple-touch-180.png", 180, full_bleed=True),
)


def source_digest(source: Path = SOURCE) -> str:
    return hashlib.sha256(source.read_bytes()).hexdigest()


def _chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    chunks, offset = [], 8
    while offset < len(data):
        (length,) = struct.unpack(">I", data[offset : offset + 4])
        kind = data[offset + 4 : offset + 8]
        chunks.append((kind, data[offset + 8 : offset + 8 + length]))
        offset += 12 + length
    return chunks


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def with_text(png: bytes, key: bytes, value: str) -> bytes:
    """The PNG with a tEXt chunk ``key`` (replacing one of that key) after its header."""
    kept = [(kind, body) for kind, body in _chunks(png) if not (kind == b"tEXt" and body.split(b"\0", 1)[0] == key)]
    text = (b"tEXt", key + b"\0" + value.encode("latin-1"))
    return b"\x89PNG\r\n\x1a\n" + b"".join(_chunk(kind, body) for kind, body in [kept[0], text, *kept[1:]])


@dataclass(frozen=True)
class PngInfo:
    width: int
    height: int
    text: dict[str, str]
    corner_alpha: int  # alpha of the top-left pixel: 0 for rounded corners, 255 for full bleed


def _top_left_alpha(width: int, colour_type: int, bit_depth: int, idat: bytes) -> int:
    """Alpha of pixel (0, 0): enough to tell a full-bleed icon from a rounded one."""
    if bit_depth != 8 or colour_type not in (2, 6):
        raise ValueError("expected an 8-bit RGB or RGBA PNG")
    if colour_type == 2:
        return 255
    first_row = zlib.decompressobj().decompress(idat, 1 + 4 * width)
    # the first pixel of the first row: filters None, Sub, Up and Paeth all leave it as is
    # (there is no pixel to its left or above); Average adds floor(0 / 2) = 0.
    return first_row[1 + 3]


def png_info(path: Path) -> PngInfo:
    chunks = _chunks(path.read_bytes())
    width, height, bit_depth, colour_type = struct.unpack(">IIBB", chunks[0][1][:10])
    text = {}
    for kind, body in chunks:
        if kind == b"tEXt":
            key, _, value = body.partition(b"\0")
            text[key.decode("latin-1")] = value.decode("latin-1")
    idat = b"".join(body for kind, body in chunks if kind == b"IDAT")
    return PngInfo(width, height, text, _top_left_alpha(width, colour_type, bit_depth, idat))


def _page_html(svg: str, icon: Icon) -> str:
    drawing = round(icon.size * SAFE_ZONE) if icon.full_bleed else icon.size
    margin = (icon.size - drawing) // 2
    background = FELT if icon.full_bleed else "transparent"
    sized = svg.replace("<svg ", f'<svg width="{drawing}" height="{drawing}" ', 1)
    return (
        "<!doctype html><html><head><style>"
        f"html,body{{margin:0;width:{icon.size}px;height:{icon.size}px;background:{background};overflow:hidden}}"
        f"svg{{position:absolute;left:{margin}px;top:{margin}px;display:block}}"
        f"</style></head><body>{sized}</body></html>"
    )


def chromium_path() -> str:
    for candidate in (os.environ.get("KABALE_CHROMIUM"), "/usr/bin/chromium", "/usr/bin/chromium-browser"):
        if candidate and Path(candidate).exists():
            return candidate
    sys.exit("make_icons: no Chromium found (make setup-test installs Debian's chromium)")


def make_icons(target: Path = ICONS) -> list[Path]:
    from playwright.sync_api import sync_playwright

    svg = SOURCE.read_text(encoding="utf-8")
    digest = source_digest()
    written = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium_path(),
            args=["--headless", "--no-sandbox", "--disable-gpu", "--host-resolver-rules=MAP * ~NOTFOUND"],
        )
        try:
            for icon in ICON_SET:
                page = browser.new_page(viewport={"width": icon.size, "height": icon.size}, device_scale_factor=1)
                page.set_content(_page_html(svg, icon))
                png = page.screenshot(omit_background=not icon.full_bleed, type="png")
                page.close()
                path = target / icon.name
                path.write_bytes(with_text(png, TEXT_KEY, digest))
                written.append(path)
        finally:
            browser.close()
    return written


if __name__ == "__main__":
    for path in make_icons():
        info = png_info(path)
        print(f"make_icons: {path.relative_to(ROOT)} {info.width}x{info.height}")
