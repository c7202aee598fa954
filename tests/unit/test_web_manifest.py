"""The web app manifest and its icons: what a browser needs to install Kabale."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from make_icons import ICON_SET, ICONS, SOURCE, Icon, png_info, source_digest, with_text

ROOT = Path(__file__).resolve().parents[2]
MANIFEST = json.loads((ROOT / "manifest.webmanifest").read_text(encoding="utf-8"))
PAGE = (ROOT / "index.html").read_text(encoding="utf-8")


def test_the_manifest_names_describes_and_starts_the_app_where_it_is_served() -> None:
    assert MANIFEST["name"].startswith("Kabale")
    assert MANIFEST["short_name"] == "Kabale" and len(MANIFEST["short_name"]) <= 12
    assert "offline" in MANIFEST["description"]
    assert MANIFEST["display"] == "standalone"
    # relative to the manifest's own URL: the app installs from the root or any sub-path
    assert MANIFEST["start_url"] == MANIFEST["scope"] == MANIFEST["id"] == "./"
    for icon in MANIFEST["icons"]:
        assert not re.match(r"^(/|[a-z]+:)", icon["src"]), f"{icon['src']} is not relative"


CSS = (ROOT / "assets" / "css" / "kabale.css").read_text(encoding="utf-8")


def felt_dark(selector: str) -> str:
    """The --felt-dark of a theme's block in the stylesheet (the page's edge: <html>'s background)."""
    block = re.search(re.escape(selector) + r" \{([^}]*)\}", CSS)
    assert block, selector
    colour = re.search(r"--felt-dark: (#[0-9a-f]{6});", block.group(1))
    assert colour, selector
    return colour.group(1)


def test_the_theme_colour_is_the_pages_edge_in_each_theme() -> None:
    """Issue 13: the browser's bar takes the page's colour, light or dark, as the system says;
    the manifest (which cannot follow the scheme) takes the dark theme's, the stylesheet's default."""
    metas = re.findall(r'<meta name="theme-color" content="(#[0-9a-f]{6})" media="\(prefers-color-scheme: (\w+)\)"'
                       r' data-theme="(\w+)" data-colour="(#[0-9a-f]{6})">', PAGE)
    colours = {scheme: content for content, scheme, theme, kept in metas if scheme == theme and content == kept}
    assert colours == {"light": felt_dark(":root.theme-light"), "dark": felt_dark(":root")}
    assert MANIFEST["theme_color"] == MANIFEST["background_color"] == colours["dark"]


def test_the_page_links_the_manifest_and_the_touch_icon() -> None:
    assert '<link rel="manifest" href="manifest.webmanifest">' in PAGE
    touch = re.search(r'<link rel="apple-touch-icon" href="([^"]+)">', PAGE)
    assert touch and png_info(ROOT / touch.group(1)).width == 180


@pytest.mark.parametrize("purpose", ["any", "maskable"])
@pytest.mark.parametrize("size", [192, 512])
def test_the_sizes_browsers_ask_for_are_there_with_their_real_size(purpose: str, size: int) -> None:
    icons = [i for i in MANIFEST["icons"] if i["sizes"] == f"{size}x{size}" and i.get("purpose", "any") == purpose]
    assert len(icons) == 1
    info = png_info(ROOT / icons[0]["src"])
    assert (info.width, info.height) == (size, size)
    assert icons[0]["type"] == "image/png"
    # maskable icons are cropped by the system: felt to the very corner; the others have rounded corners
    assert info.corner_alpha == (255 if purpose == "maskable" else 0)


def test_the_svg_source_is_listed_and_draws_with_shapes_only() -> None:
    svg_icons = [i for i in MANIFEST["icons"] if i["type"] == "image/svg+xml"]
    assert [i["src"] for i in svg_icons] == ["assets/icons/kabale.svg"]
    source = SOURCE.read_text(encoding="utf-8")
    assert "<text" not in source  # no font: the same drawing on every machine
    assert "<script" not in source and "href=" not in source


@pytest.mark.parametrize("icon", ICON_SET, ids=lambda icon: icon.name)
def test_every_png_was_made_from_the_current_svg(icon: Icon) -> None:
    info = png_info(ICONS / icon.name)
    assert info.text.get("Source-SHA256") == source_digest(), f"{icon.name} is stale: run `make icons`"
    assert info.width == info.height == icon.size


def test_the_source_stamp_replaces_an_older_one(tmp_path: Path) -> None:
    png = (ICONS / ICON_SET[0].name).read_bytes()
    stamped = with_text(with_text(png, b"Source-SHA256", "old"), b"Source-SHA256", "new")
    path = tmp_path / "stamped.png"
    path.write_bytes(stamped)
    assert png_info(path).text == {"Source-SHA256": "new"}
