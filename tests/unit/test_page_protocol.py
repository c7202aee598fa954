"""Issue 29: Kabale's Python runs in a worker, and only messages cross to the page.

The whole app runs here in CPython, as in the worker: the page's inputs go in as the dicts
assets/js/page.js sends (kabale.web.page.Event), and what comes out are the commands the page
applies (kabale.web.page.PAGE). No browser is needed to see what a screen shows.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from app_driver import app_alone  # noqa: F401 (an autouse fixture: a loop of its own, no page left)
from kabale.web.app import App, start
from kabale.web.dom import Drawn, h, keep
from kabale.web.local_storage import Boot, Mirror
from kabale.web.page import PAGE, Event, Node, encode, nodes_of
from kabale.web.storage.store import MemoryBackend


def target(*path: dict[str, Any]) -> list[dict[str, Any]]:
    """A target as page.js describes it: the element first, then its ancestors."""
    return list(path)


def button(**attributes: str) -> dict[str, Any]:
    return {"tag": "BUTTON", "attributes": {"type": "button", **attributes}}


def texts(drawing: Any) -> list[str]:
    """Every text of a drawing, in order (attributes' "text" and text children)."""
    out: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, str):
            out.append(node)
            return
        if hasattr(node, "drawn"):
            node = node.drawn
        if not isinstance(node, Drawn):
            return
        flat = node[1]
        out.extend(str(flat[i + 1]) for i in range(0, len(flat), 2) if flat[i] == "text")
        for child in node[2:]:
            walk(child)

    walk(drawing)
    return out


def rendered(commands: list[list[Any]]) -> Any:
    """The drawing of the last render among the commands."""
    renders = [command for command in commands if command[0] == "render"]
    assert renders, [command[0] for command in commands]
    return renders[-1][2]


def test_a_kept_drawing_crosses_whole_once_then_by_its_number() -> None:
    part = keep(h("div", {"class": "place"}, h("span", {"text": "7♠"})))
    first = json.loads(encode([["render", {}, h("main", {}, part)]]))
    again = json.loads(encode([["render", {}, h("main", {}, part)]]))
    assert first["do"][0][2][2] == {"k": part.number, "d": ["div", ["class", "place"], ["span", ["text", "7♠"]]]}
    assert again["do"][0][2][2] == part.number


def test_an_input_target_answers_as_an_element_does() -> None:
    node = Node.path(target({"tag": "SPAN", "attributes": {"class": "face"}},
                            button(**{"data-action": "packet", "data-packet": "2", "class": "packet hinted"}),
                            {"tag": "SECTION", "attributes": {"class": "table"}}))
    assert node is not None and node.tagName == "SPAN"
    packet = node.closest("[data-action=packet]")
    assert packet is not None and packet.getAttribute("data-packet") == "2"
    assert node.closest('button[data-action="packet"]') is packet
    assert node.closest(".table") is not None and node.closest("[data-action=place]") is None
    assert packet.classList.contains("hinted") and not packet.classList.contains("face")


def boot(**values: Any) -> App:
    app = start(Boot(**values))
    return app


def test_the_lobby_boots_in_the_language_the_browser_prefers_and_says_it_is_ready() -> None:
    boot(languages=("da-DK", "en"))
    commands = PAGE.take()
    assert ["set", "html", "lang", "da"] in commands
    assert commands[-1] == ["ready"]
    assert rendered(commands) is None  # the lobby is the page's own


def test_a_click_on_a_game_deals_it_and_writes_the_address_and_the_record() -> None:
    app = boot(storage={})
    PAGE.take()
    app.receive({"type": "click", "path": target(button(**{"data-game": "patience"})), "within": "lobby"})
    commands = PAGE.take()
    history = [command for command in commands if command[0] == "history"]
    assert history and history[0][1] == "push" and history[0][2].startswith("/?game=patience&seed=")
    stores = [command for command in commands if command[0] == "store"]
    assert [key for _, key, _ in stores] == ["kabale:patience"]
    assert json.loads(stores[0][2])["data"]["game"]["moves"] == []
    drawing = rendered(commands)
    assert "Patience Kabalam" in texts(drawing)


def test_a_saved_game_comes_back_from_the_page_s_storage() -> None:
    first = boot(storage={}, search="?game=patience&seed=7")
    stored = {key: value for _, key, value in (c for c in PAGE.take() if c[0] == "store")}
    assert isinstance(first.store.backend, Mirror)
    second = boot(storage=stored, search="?game=patience")
    assert second.screen.record == "patience"
    assert "kabale:patience" not in [c[1] for c in PAGE.take() if c[0] == "store"]  # read, not written again


def test_another_tab_s_save_reaches_the_worker_s_copy() -> None:
    app = boot(storage={}, search="?game=patience&seed=7")
    PAGE.take()
    backend = app.store.backend
    assert isinstance(backend, Mirror)
    app.receive({"type": "storage", "extra": {"key": "kabale:other", "value": "x"}})
    assert backend.get("kabale:other") == "x"
    app.receive({"type": "storage", "extra": {"key": "kabale:other", "value": None}})
    assert backend.get("kabale:other") is None


def test_a_write_the_page_could_not_make_is_kept_in_memory_and_said_once() -> None:
    app = boot(storage={}, search="?game=patience&seed=7")
    PAGE.take()
    app.receive({"type": "store-failed", "extra": {"key": "kabale:patience", "now": None}})
    commands = PAGE.take()
    assert "patience" in app.store.unsaved
    notice = [command for command in commands if command[0] == "replace" and command[1] == "#notice"]
    assert notice and texts(notice[-1][2][0])  # the notice says storage is full
    assert app.store.backend.get("kabale:patience") is None


def test_refused_storage_plays_on_in_memory_and_says_so() -> None:
    app = boot(storage=None, search="?game=patience&seed=7")
    commands = PAGE.take()
    assert isinstance(app.store.backend, MemoryBackend) and not isinstance(app.store.backend, Mirror)
    assert app.store.refused
    assert not [command for command in commands if command[0] == "store"]
    assert ["set", "#keep-note", "hidden", False] in commands


def described(node: Node) -> list[dict[str, Any]]:
    """A node of a drawing as page.js would describe it, ancestors after it."""
    path = []
    here: Node | None = node
    while here is not None:
        path.append({"tag": here.tag.upper(), "attributes": here.attributes})
        here = here.parent
    return path


def test_a_drag_is_answered_with_the_packets_that_take_the_card_and_a_drop_there_plays_it() -> None:
    app = boot(storage={}, search="?game=patience&seed=7")
    drawing = rendered(PAGE.take())
    answered: dict[str, list[str] | None] = {}
    for card in (node for node in nodes_of(drawing) if node.getAttribute("data-action") == "card"):
        app.receive({"type": "kabale:dragstart", "path": described(card), "within": "view"})
        drags = [command for command in PAGE.take() if command[0] == "drag"]
        assert len(drags) == 1
        answered[card.attributes["data-key"]] = drags[0][1]
        app.screen.selected = frozenset()  # put down again
    taken = {key: accepts for key, accepts in answered.items() if accepts}
    assert taken, answered
    assert all(set(accepts) <= {"packet-1", "packet-2", "packet-3"} for accepts in taken.values())
    card_key, accepts = next(iter(taken.items()))
    card = next(node for node in nodes_of(app._drawing) if node.attributes.get("data-key") == card_key)
    app.receive({"type": "kabale:dragstart", "path": described(card), "within": "view"})
    packet = next(node for node in nodes_of(app._drawing) if node.attributes.get("data-key") == accepts[0])
    PAGE.take()
    app.receive({"type": "kabale:drop", "path": described(packet), "within": "view"})
    stores = [command for command in PAGE.take() if command[0] == "store"]
    assert stores and len(json.loads(stores[-1][2])["data"]["game"]["moves"]) == 1


def test_a_key_press_in_a_field_is_left_to_the_field() -> None:
    app = boot(storage={}, search="?game=patience&seed=7")
    PAGE.take()
    app.receive({"type": "keydown", "key": "h", "path": [{"tag": "INPUT", "attributes": {}}], "within": "view"})
    assert PAGE.take() == []


def test_event_of_reads_what_page_js_sends() -> None:
    event = Event.of({"type": "keydown", "key": "ArrowLeft", "shift": True, "within": "view",
                      "path": [button(**{"data-action": "card", "data-index": "3"})]})
    assert event.key == "ArrowLeft" and event.shiftKey and not event.ctrlKey
    assert event.target is not None and event.target.getAttribute("data-index") == "3"
