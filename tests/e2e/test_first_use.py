"""Issue 13, item 7: what a new user hit on a first visit. Here what needs a page (the timing of a
field's change and a click, the focus, the scroll); a link to another deal: tests/unit/test_first_use_app.py."""

from __future__ import annotations

from typing import Callable

from playwright.sync_api import Page, expect

from helpers import INSTANT, STILL, saved_match

pytestmark = STILL


def test_one_click_starts_the_match_after_typing_a_deal_number(page: Page, open_kabale: Callable[..., Page]) -> None:
    """The seed field's change (on blur, at the mouse-down) no longer redraws the form under the click."""
    page.add_init_script(INSTANT)
    page = open_kabale("?game=kabalam")
    page.get_by_label("Deal number").fill("4242")
    page.get_by_role("button", name="Start the match").click()  # one click, straight from the field
    expect(page.get_by_role("region", name="KABALAM table")).to_be_visible()
    assert saved_match(page).match.seed == 4242


def test_the_rules_open_at_their_top_with_focus_on_the_heading(page: Page, open_kabale: Callable[..., Page]) -> None:
    page.add_init_script(INSTANT)
    page = open_kabale("?game=double-h&seed=5")
    page.get_by_role("region", name="Double H table").get_by_role("button", name="Rules").click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("heading", level=2).first).to_be_focused()
    assert page.evaluate("document.getElementById('dialog').scrollTop") == 0
    assert page.evaluate("document.getElementById('dialog').scrollHeight > document.getElementById('dialog').clientHeight"), \
        "the rules are longer than the dialog: the test would not see a scroll to the bottom"

