"""Helpers for the table tests: saved records read back into engine values, moves made by clicking."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page, expect

from kabale.kabala import Move
from kabale.web.saved import SavedMatch, SavedPatience

#: Settings stored before the page starts: the computer plays at once (tests never wait on a clock).
INSTANT = """
if (!localStorage.getItem("kabale:settings")) {
  localStorage.setItem("kabale:settings", JSON.stringify(
    {app: "kabale", schema: 1, name: "settings", revision: 1, data: {bot_speed: "instant", language: "en"}}));
}
"""


def stored(page: Page, name: str) -> dict[str, Any] | None:
    raw = page.evaluate(f"localStorage.getItem('kabale:{name}')")
    return None if raw is None else json.loads(raw)


def revision(page: Page, name: str) -> int:
    record = stored(page, name)
    return -1 if record is None else int(record["revision"])


def saved_match(page: Page) -> SavedMatch:
    record = stored(page, "kabalam")
    assert record is not None, "no match is saved"
    return SavedMatch.from_dict(record["data"])


def saved_patience(page: Page) -> SavedPatience:
    record = stored(page, "patience")
    assert record is not None, "no patience is saved"
    return SavedPatience.from_dict(record["data"])


def wait_for_save(page: Page, name: str, after: int) -> None:
    page.wait_for_function(
        f"() => {{ const r = localStorage.getItem('kabale:{name}'); return r && JSON.parse(r).revision > {after}; }}",
        timeout=15_000,
    )


def click_move(page: Page, move: Move, *, touch: bool = False) -> None:
    """Make a move the way a person does: pick up cards of its values, then choose its packet (tapped on a phone)."""
    if move.kind in ("bare", "double"):
        used: list[int] = []
        for value in move.values:
            cards = page.locator(".mine button[data-action=card]")
            for index in range(cards.count()):
                card = cards.nth(index)
                text = card.get_attribute("data-card") or ""
                card_index = int(card.get_attribute("data-index") or -1)
                if card_index not in used and _value(text) == value:
                    card.tap() if touch else card.click()
                    used.append(card_index)
                    break
            else:
                raise AssertionError(f"no card of value {value} to pick up for {move}")
        packet = page.locator(f"button[data-action=packet][data-packet='{move.packet}']")
        packet.tap() if touch else packet.click()
    elif move.kind == "pass":
        packet = page.locator(f"button[data-action=packet][data-packet='{move.packet}']")
        packet.tap() if touch else packet.click()
    elif move.kind == "yield":
        page.get_by_role("button", name="Yield").click()
    elif move.kind == "draw":
        page.locator("button[data-action=draw]").click()
    else:
        raise AssertionError(f"cannot click {move}")


def _value(card_text: str) -> int:
    return 1 if card_text[:-1] == "A" else int(card_text[:-1])


def start_two_seat_match(page: Page, base_url: str, seed: int, west: str = "The computer, normal") -> None:
    page.goto(f"{base_url}?game=kabalam&seed={seed}")
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=90_000)
    page.get_by_label("Who sits West?").select_option(label=west)
    page.get_by_role("button", name="Start the match").click()
    expect(page.get_by_role("region", name="KABALAM table")).to_be_visible()


def saved_double_h(page: Page) -> Any:
    from kabale.web.saved import SavedDoubleH

    record = stored(page, "double-h")
    assert record is not None, "no Double H game is saved"
    return SavedDoubleH.from_dict(record["data"])


def click_double_h_move(page: Page, move: Any) -> None:
    """Make a Double H move as a person does: pick up a card, then choose its place; or press a button."""
    from kabale.double_h import MoveKind

    if move.kind is MoveKind.CARD:
        source = "button[data-action=waste]" if move.source is None else f"button[data-place='{move.source}']"
        page.locator(source).click()
        page.locator(f"button[data-action=place][data-place='{move.target}']").click()
    elif move.kind is MoveKind.DRAW:
        page.locator("button[data-action=draw]").click()
    elif move.kind is MoveKind.NEXT_ROUND:
        page.locator("button[data-action=next-round]").click()
    elif move.kind is MoveKind.TURN:
        page.locator(f"button[data-action=turn][data-place='{move.target}']").click()
    else:
        page.get_by_role("button", name="Give up").click()
