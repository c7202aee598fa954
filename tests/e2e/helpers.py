"""Helpers for the table tests: saved records read back into engine values, moves made by clicking."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Frame, Locator, Page, expect

from kabale.games.kabala.rules import Move
from kabale.web.storage.saved import SavedMatch, SavedPatience

#: A file's mark where motion is not what its tests are about: the pages ask for reduced motion
#: (prefers-reduced-motion), and the cards appear where they land. Why: the flights are drawn
#: frame by frame, CPU that `make test` pays on both cores (bench/page_cost.py: a warm boot 3.2-4.0
#: s of CPU with them, 2.5-3.2 s without; a new deal opened in the page 0.8-1.0 s, 0.3-0.4 s).
#: Motion has files of its own (test_motion, test_drag, test_press_echo, test_press_in_flight);
#: a file's test may still ask for it.
STILL = pytest.mark.browser_context_args(reduced_motion="reduce")

#: Settings stored before the page starts: the computer plays at once (tests never wait on a clock).
INSTANT = """
if (!localStorage.getItem("kabale:settings")) {
  localStorage.setItem("kabale:settings", JSON.stringify(
    {app: "kabale", schema: 1, name: "settings", revision: 1, data: {bot_speed: "instant", language: "en"}}));
}
"""


#: A record as stored, once Python (in its worker) has answered every input the page sent it
#: (assets/js/page.js ``settled``): a move's record is written with its drawing.
STORED = """async (key) => {
  if (window.kabaleStorage && window.kabaleStorage.settled) await window.kabaleStorage.settled();
  return localStorage.getItem(key);
}"""


def stored(page: Page, name: str) -> dict[str, Any] | None:
    raw = page.evaluate(STORED, f"kabale:{name}")
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


def inside(page: Page, selector: str) -> None:
    """The element is drawn wholly inside the viewport (no scrolling needed to read it)."""
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    assert box["x"] >= 0 and box["y"] >= 0, box
    assert box["x"] + box["width"] <= size["width"] and box["y"] + box["height"] <= size["height"], (box, size)


def marked_costliest(page: Page, costliest: list[dict[str, Any]]) -> Locator:
    """A review's list marks these three costliest decisions (the engine's, in order), no
    other, with a jump to each at the top; the jumps, in that order."""
    ranks = ["1st costliest", "2nd costliest", "3rd costliest"]
    for rank, marked in zip(ranks, costliest):
        expect(page.locator(f'.review-decision[data-move="{marked["move_number"]}"] .review-rank')).to_have_text(rank)
    expect(page.locator(".review-list .review-rank")).to_have_count(len(costliest))
    jumps = page.locator(".review-jumps button")
    expect(jumps).to_have_text([f"{rank}: move {m['move_number']}" for rank, m in zip(ranks, costliest)])
    return jumps


def both_rings(page: Page) -> int:
    """During a review's jump, a card or packet in both moves (the move made's, gold, and the
    hint's or hard's, blue) wears both rings: its shadow has two colours, the made-only one's
    and the hinted-only one's when those are on the table too. How many were in both."""
    seen: dict[str, Any] = page.evaluate("""() => {
      const ring = sel => [...document.querySelectorAll(sel)].map(e => getComputedStyle(e).boxShadow);
      const colours = s => new Set(s.match(/rgba?\\([^)]*\\)/g) || []);
      return {
        both: ring(".kabala .packet.made.hinted .packet-button, .mine button.card.made.hinted").map(s => [...colours(s)]),
        made: ring(".kabala .packet.made:not(.hinted) .packet-button, .mine button.card.made:not(.hinted)").map(s => [...colours(s)]),
        hinted: ring(".kabala .packet.hinted:not(.made) .packet-button, .mine button.card.hinted:not(.made)").map(s => [...colours(s)]),
      };
    }""")
    for colours in seen["both"]:
        assert len(colours) >= 2, seen
        for alone in seen["made"] + seen["hinted"]:
            assert set(alone) <= set(colours), seen
    return len(seen["both"])


def wait_for_save(page: Page, name: str, after: int) -> None:
    page.wait_for_function(
        f"() => {{ const r = localStorage.getItem('kabale:{name}'); return r && JSON.parse(r).revision > {after}; }}",
        timeout=15_000,
    )


#: How a screen reader names a value ("Ace of spades", "7 of hearts").
VALUE_NAMES = {1: "Ace", 11: "Jack", 12: "Queen", 13: "King"}


#: True once no play is being shown and none of motion.js's animations runs. While a play is
#: shown (its cards ".revealed" on the packet) the sum is about to change, so the table takes a
#: click on a card as "flip now", not as a pick; and a deal's cards wait at the stock (fill
#: backwards) until their turn to fly, so a press aimed at one lands where it was. Nor may a
#: redraw's motion be waiting for its frame: a table just drawn starts its deal there, and a press
#: aimed at a card then came down on another card flying across it (a test failed so under load).
LANDED = ("() => !document.querySelector('.card.revealed') && (!window.kabaleMotion || (!window.kabaleMotion.pending"
          " && !document.getAnimations().some((a) => a.playState === 'running' && window.kabaleMotion.IDS.includes(a.id))))")


def settle(page: Any) -> None:
    """Wait until Python, in its worker, has answered every input the page sent it and the page
    has drawn the answer (assets/js/page.js ``settled``): what a person sees before the next press.
    A page or a frame (``page.frames[1]``) runs it; a FrameLocator cannot run a script: there the
    next locator waits."""
    if isinstance(page, (Page, Frame)):
        page.evaluate("window.kabalePage.settled()")


def choose_theme(page: Page, label: str) -> None:
    """Choose the colours in the settings, then wait for Python's answer to be drawn: a test read
    the bar before it was (the theme's test failed once in a run of the browser tests)."""
    page.get_by_role("button", name="Settings").click()
    page.get_by_label("Colours").select_option(label=label)
    page.get_by_role("button", name="Close").click()
    settle(page)


def wait_landed(page: Page) -> None:
    """Let the cards land and a shown play flip, as a person waits to see them before aiming (a page;
    a table inside a frame is reached through a FrameLocator, which cannot run a script)."""
    if isinstance(page, Page):
        page.wait_for_function(LANDED, timeout=10_000)


def click_move(page: Page, move: Move, *, touch: bool = False) -> None:
    """Make a move the way a person does, finding each control by its role and accessible name:
    pick up cards of its values ("4 of spades", not yet pressed), then choose its packet
    ("Packet 2, showing 7, 5 cards"); tapped on a phone."""
    wait_landed(page)

    def press(target: Any) -> None:
        target.tap() if touch else target.click()
        settle(page)

    def packet(number: int | None) -> Any:  # "Packet 2, showing …"; when passing, "Flip packet 2, showing …"
        return page.get_by_role("button", name=re.compile(rf"^(Packet|Flip packet) {number},"))

    if move.kind in ("bare", "double"):
        cards = page.get_by_role("toolbar", name="Your cards")
        for value in move.values:
            name = re.compile(rf"^{VALUE_NAMES.get(value, value)} of ")
            card = cards.get_by_role("button", name=name, pressed=False)
            if not card.count():
                raise AssertionError(f"no card of value {value} to pick up for {move}")
            press(card.first)
        press(packet(move.packet))
    elif move.kind == "pass":
        press(packet(move.packet))
    elif move.kind == "yield":
        press(page.get_by_role("button", name="Yield"))
    elif move.kind == "draw":
        press(page.get_by_role("button", name=re.compile(r"^Draw (2 cards|the last card)$")))
    else:
        raise AssertionError(f"cannot click {move}")



def start_two_seat_match(page: Page, base_url: str, seed: int, west: str = "The computer, normal") -> None:
    page.goto(f"{base_url}?game=kabalam&seed={seed}")
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=90_000)
    page.get_by_label("Who sits West?").select_option(label=west)
    page.get_by_role("button", name="Start the match").click()
    expect(page.get_by_role("region", name="KABALAM table")).to_be_visible()


def blog_page(tmp_path: Any, site_server: Any, network_guard: Any, template: str, src: str) -> str:
    """A blog's page on localhost ("another site") that frames the game at ``src`` on 127.0.0.1, made
    from ``template`` (its ``{src}``); its URL, which the network guard allows by name."""
    folder = tmp_path / "blog"
    folder.mkdir()
    (folder / "index.html").write_text(template.format(src=src.replace("&", "&amp;")), encoding="utf-8")
    blog = site_server(folder)
    url = str(blog.url).replace("127.0.0.1", "localhost") + "index.html"
    network_guard.allow(url)  # the blog itself; everything the game asks for must stay on 127.0.0.1
    return url


def saved_double_h(page: Page) -> Any:
    from kabale.web.storage.saved import SavedDoubleH

    record = stored(page, "double-h")
    assert record is not None, "no Double H game is saved"
    return SavedDoubleH.from_dict(record["data"])


def double_h_place(page: Page, place: Any) -> Any:
    """A place of the two H's by its accessible name: "7 of hearts on the 7-place of the left H, …"."""
    value = VALUE_NAMES.get(place.value, str(place.value))
    side = "left" if place.side == "L" else "right"
    return page.get_by_role("button", name=re.compile(rf"(^| on the ){value}-place of the {side} H,"))


def click_double_h_move(page: Page, move: Any) -> None:
    """Make a Double H move as a person does, by role and accessible name: pick up a card (from
    the waste or a place), then choose its place; or press the move's button."""
    from kabale.games.double_h.rules import MoveKind

    wait_landed(page)
    if move.kind is MoveKind.CARD:
        source = page.get_by_role("button", name=re.compile(r"^Waste, ")) if move.source is None \
            else double_h_place(page, move.source)
        source.click()
        settle(page)  # the card picked up is shown before the place is chosen, as a person sees it
        double_h_place(page, move.target).click()
    elif move.kind is MoveKind.DRAW:
        page.get_by_role("button", name=re.compile(r"^Stock, ")).click()
    elif move.kind is MoveKind.NEXT_ROUND:
        page.get_by_role("button", name=re.compile(r"^Next round ")).click()
    elif move.kind is MoveKind.TURN:
        value = VALUE_NAMES.get(move.target.value, str(move.target.value))
        side = "left" if move.target.side == "L" else "right"
        page.get_by_role("button", name=f"Turn over the pile on the {value}-place of the {side} H").click()
    else:
        give_up(page)
    settle(page)


def give_up(page: Page) -> None:
    """Give up a Double H game: the button, then yes to its question (it counts a loss)."""
    page.get_by_role("button", name="Give up").click()
    page.get_by_role("dialog").get_by_role("button", name="Give up, count a loss").click()


#: What a Kabala table's Hint marks (issue 28): the cards a play lays, its packet, or a button (Yield, Draw).
HINTED_CARDS = ".mine .endowment button.card.hinted"
HINTED_PACKET = ".kabala .packet.hinted > [data-action=packet]"
HINTED_BUTTON = ".controls button.hinted"


def press_what_the_hint_marks(page: Page, cards_first: bool) -> str:
    """Follow a Kabala table's Hint by its marks alone, as a player who reads the outlines, not the
    words: the marked button (a yield, a draw); else the marked packet, after pressing the marked
    cards when ``cards_first`` (both ways follow the hint). Each mark says so to a screen reader.
    Returns what was pressed ("button", "packet" or "cards+packet")."""
    cards, packet, button = page.locator(HINTED_CARDS), page.locator(HINTED_PACKET), page.locator(HINTED_BUTTON)
    marked = packet.count() + button.count()
    assert marked == 1, f"the hint marks {marked} packets and buttons, not one"
    for target in (cards, packet, button):
        for name in target.evaluate_all("els => els.map(e => e.getAttribute('aria-label') || e.textContent)"):
            assert str(name).endswith(", marked by the Hint"), name
    if button.count():
        assert cards.count() == 0, "a button's move lays no card"
        button.click()
        settle(page)
        return "button"
    pressed = "packet"
    if cards_first and cards.count():
        for index in range(cards.count()):
            cards.nth(index).click()
        expect(page.locator(HINTED_CARDS + "[aria-pressed=true]")).to_have_count(cards.count())
        pressed = "cards+packet"
    packet.click()
    settle(page)
    return pressed


#: Write a record as another tab would: localStorage, then the storage event that tells this tab
#: (its Python, in a worker, keeps a copy of Kabale's keys: assets/js/page.js); ``[key, value]``.
AS_ANOTHER_TAB = """([key, value]) => {
  const oldValue = localStorage.getItem(key);
  localStorage.setItem(key, value);
  dispatchEvent(new StorageEvent("storage", {key, oldValue, newValue: value, storageArea: localStorage}));
  return window.kabalePage.settled();
}"""
