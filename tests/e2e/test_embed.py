"""Issue 8: embedded in an iframe on another page (a blog on another origin), Kabale plays."""

from __future__ import annotations

import pytest

import json
import re
from pathlib import Path
from typing import Any, Callable

from playwright.sync_api import Page, expect

from helpers import INSTANT, STILL, settle
from kabale.games.patience.rules import Patience
from kabale.web.storage.saved import SavedPatience

# A context of each test's own: a frame's storage is partitioned by the site that frames it, which clearing the origin does not reach.
pytestmark = [pytest.mark.fresh_context, STILL]

HOST_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>A blog about card games</title></head>
<body>
  <h1>My favourite patience</h1>
  <p>Try it here:</p>
  {snippet}
</body></html>
"""


def readme_snippet() -> str:
    """The one-line iframe snippet the README shows, as it is written there."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    line = next(line.strip() for line in readme.splitlines() if line.strip().startswith("<iframe"))
    return line


def test_the_readme_shows_a_one_line_iframe_snippet() -> None:
    snippet = readme_snippet()
    assert "?embed=1" in snippet and snippet.endswith("</iframe>") and 'title="Kabale"' in snippet


def test_embedded_in_an_iframe_it_plays_a_move(
    page: Page, site_server: Callable[..., Any], tmp_path: Path, base_url: str
) -> None:
    host = tmp_path / "blog"
    host.mkdir()
    src = base_url + "?embed=1&game=patience&seed=42"
    snippet = readme_snippet().replace("https://example.org/kabale/?embed=1&amp;game=patience", src.replace("&", "&amp;"))
    assert src.replace("&", "&amp;") in snippet
    (host / "index.html").write_text(HOST_PAGE.format(snippet=snippet), encoding="utf-8")
    blog = site_server(host)
    assert blog.url != base_url  # another origin: another port of 127.0.0.1

    page.add_init_script(INSTANT)
    page.goto(blog.url + "index.html")
    frame = page.frame_locator("iframe[title=Kabale]")
    expect(frame.locator("body")).to_have_attribute("data-ready", "1", timeout=90_000)
    expect(frame.locator("body")).to_have_class(re.compile(r"^\s*embed(\s+table-shown)?\s*$"))
    expect(frame.get_by_role("region", name="Patience Kabalam table")).to_be_visible()
    # no site chrome: neither the title (whose link would leave the compact view) nor the tagline shows
    expect(frame.locator(".site-header h1")).to_have_css("width", "1px")
    expect(frame.locator(".tagline")).to_be_hidden()
    full = frame.get_by_role("link", name="Open Kabale ↗")
    expect(full).to_have_attribute("target", "_blank")
    assert "embed" not in (full.get_attribute("href") or "")

    # the compact view fits its container: no horizontal scrolling inside the iframe
    inner = page.frames[1]
    assert inner.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1")

    game = Patience.deal(42)
    move = next(m for m in game.legal_moves() if m.is_play)
    for value in move.values:
        label = "A" if value == 1 else str(value)
        card = frame.locator(".mine button[data-action=card]:not([aria-pressed=true])").filter(
            has=frame.locator(f"[data-value='{label}']")).first
        card.click()
        settle(inner)
    frame.locator(f"button[data-action=packet][data-packet='{move.packet}']").click()
    settle(inner)  # the worker has answered the play and the page has stored what it sent
    record = json.loads(inner.evaluate("localStorage.getItem('kabale:patience')"))
    played = SavedPatience.from_dict(record["data"]).game
    assert played.moves and played.moves[0] == move
    # the address inside the iframe keeps the compact view
    assert "embed=1" in inner.url
