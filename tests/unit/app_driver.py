"""Kabale's whole app in CPython, as it runs in its worker: the page's inputs in, its commands out.

It is the app as kabale.web.worker serves it, short of the worker's own glue (the JSON each batch
crosses in, kabale.web.page.encode: tests/unit/test_page_protocol.py's).

Why: a test of what a screen shows (its words, its buttons, their names and marks, what is saved)
needs no browser (issue 29: "tests of what a view shows move to CPython, on the view trees"). In the
browser such a test spent its time on the page's work around Python, not on what it checked: a
Double H deal played along the solver's 241 moves took 26-52 s through the page (Chromium's renderer
some 60 ms of CPU a move) and 0.5 s here. The browser keeps what needs one (layout, motion, drag,
focus, storage across tabs, the service worker, the network): tests/e2e.

``Kabale(search)`` starts the app on that address with storage of its own (a player's settings:
English, the computer playing at once), and its own event loop, so that the computer's turns, the
Hint and the reviews run as they do in the worker (asyncio tasks, ``settle``). Inputs are the dicts
assets/js/page.js sends (``click``, ``key``, ``change``); what the page would show is read from the
commands: the last drawing of the view (``view``), the words set on the page's own elements
(``said``), the records written (``stored``), the address (``address``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from dataclasses import dataclass, field
from typing import Any, Iterator

import pytest

from kabale.web.app import App, start
from kabale.web.dom import Drawn, Kept, h
from kabale.web.local_storage import Boot
from kabale.web.page import PAGE

__all__ = ["Kabale", "Shown", "record", "SETTINGS", "opened"]


def record(name: str, data: Any, **envelope: Any) -> str:
    """A record as the page stores it (kabale.web.storage.store's envelope)."""
    return json.dumps({"app": "kabale", "schema": 1, "name": name, "revision": 1, "data": data, **envelope})


#: A player's settings: English, and the computer playing at once (as tests/e2e/helpers.INSTANT).
SETTINGS = {"bot_speed": "instant", "language": "en"}

#: Tasks that only make later work faster (the solver's modules imported ahead, once the player is
#: idle: kabale.web.tables.ahead): nothing on the screen waits for them.
_AHEAD = "import_ahead.<locals>.run"


@dataclass
class Shown:
    """An element of a drawing, as the page makes it: its tag, attributes, own text and children."""

    tag: str
    attributes: dict[str, str]
    text: str = ""  # its ``text`` (textContent, set first)
    children: list["Shown"] = field(default_factory=list, repr=False)
    parent: "Shown | None" = field(default=None, repr=False)
    #: Its children and text nodes, in order (what ``words`` reads).
    content: list["Shown | str"] = field(default_factory=list, repr=False)

    @classmethod
    def of(cls, drawing: Any, parent: "Shown | None" = None) -> "Shown | str":
        if isinstance(drawing, Kept):
            drawing = drawing.drawn
        if not isinstance(drawing, Drawn):
            return str(drawing)
        tag, flat, *children = drawing
        attributes = {str(flat[i]): str(flat[i + 1]) for i in range(0, len(flat), 2)}
        shown = cls(str(tag), {k: v for k, v in attributes.items() if k != "text"}, attributes.get("text", ""),
                    parent=parent)
        for child in children:
            made = cls.of(child, shown)
            shown.content.append(made)
            if isinstance(made, Shown):
                shown.children.append(made)
        return shown

    @property
    def classes(self) -> set[str]:
        return set(self.attributes.get("class", "").split())

    def get(self, name: str) -> str | None:
        return self.attributes.get(name)

    def walk(self) -> Iterator["Shown"]:
        yield self
        for child in self.children:
            yield from child.walk()

    def all(self, class_: str | None = None, tag: str | None = None, **attributes: str) -> list["Shown"]:
        """The elements within (this one included) of that class and tag, with those attributes
        (``data_action="place"`` for data-action)."""
        wanted = {name.replace("_", "-"): value for name, value in attributes.items()}
        return [node for node in self.walk()
                if (class_ is None or class_ in node.classes) and (tag is None or node.tag == tag)
                and all(node.attributes.get(name) == value for name, value in wanted.items())]

    def one(self, class_: str | None = None, tag: str | None = None, **attributes: str) -> "Shown":
        found = self.all(class_, tag, **attributes)
        assert len(found) == 1, f"{len(found)} elements of class {class_!r}, tag {tag!r}, {attributes}"
        return found[0]

    def words(self) -> str:
        """The element's text content: its own words and all within, in order."""
        return self.text + "".join(part if isinstance(part, str) else part.words() for part in self.content)

    def name(self) -> str:
        """Its accessible name as the page gives it: the aria-label, else its words."""
        return self.attributes.get("aria-label") or self.words().strip()

    def path(self) -> list[dict[str, Any]]:
        """The element and its ancestors as page.js describes an input's target."""
        out, node = [], self
        while node is not None:
            out.append({"tag": node.tag.upper(), "attributes": dict(node.attributes)})
            node = node.parent
        return out


class Kabale:
    """The app started on ``search`` (``?game=double-h&seed=1``) with ``storage`` (keys to records;
    ``settings`` folded into the settings record), the other fields of the page's boot message as
    keywords (kabale.web.local_storage.Boot)."""

    def __init__(self, search: str = "", *, storage: dict[str, str] | None = None,
                 settings: dict[str, Any] | None = None, **boot: Any) -> None:
        self.loop = asyncio.new_event_loop()
        PAGE.take()
        self.storage = {"kabale:settings": record("settings", {**SETTINGS, **(settings or {})}), **(storage or {})}
        self.commands: list[list[Any]] = []
        self.drawing: Any = None
        self.said: dict[tuple[str, str], Any] = {}  # (selector, property) -> value, the last set
        self.address: str | None = None
        with self.running():
            self.app: App = start(Boot(storage=dict(self.storage), search=search, **boot))
            self.take()
            self.settle()

    def running(self) -> contextlib.AbstractContextManager[None]:
        """This app's event loop as the thread's for the length of a call (``as_the_threads``)."""
        return as_the_threads(self.loop)

    # -- what the page is told --------------------------------------------------------------------

    def take(self) -> list[list[Any]]:
        """The commands Python gave the page since the last take, applied to what this page holds."""
        commands = PAGE.take()
        for command in commands:
            kind = command[0]
            if kind == "render":
                self.drawing = command[2]
            elif kind == "store":
                if command[2] is None:
                    self.storage.pop(command[1], None)
                else:
                    self.storage[command[1]] = command[2]
            elif kind == "set":
                self.said[(command[1], command[2])] = command[3]
            elif kind == "history":
                self.address = command[2]
            elif kind == "warn":  # Python's own failure, caught and told to the player (App.show_failure)
                raise AssertionError(f"the app failed: {command[1]}")
        self.commands += commands
        return commands

    def settle(self, timeout_s: float = 120.0) -> None:
        """Run the app's tasks (the computer's turns, the Hint, a review) until none is left to run
        but the modules imported ahead, taking the commands as they come."""
        with self.running():
            self._settle(timeout_s)

    def _settle(self, timeout_s: float) -> None:
        deadline = time.monotonic() + timeout_s
        while True:
            pending = [task for task in asyncio.all_tasks(self.loop)
                       if not task.done() and getattr(task.get_coro(), "__qualname__", "") != _AHEAD]
            if not pending:
                break
            assert time.monotonic() < deadline, f"the app's tasks did not end in {timeout_s} s: {pending}"
            self.loop.run_until_complete(asyncio.sleep(0.001))
            self.take()
        self.take()

    def step(self) -> None:
        """Let the app's tasks run for a moment (as the page waits between two looks), and take
        what they drew."""
        with self.running():
            self.loop.run_until_complete(asyncio.sleep(0.001))
            self.take()

    def close(self) -> None:
        end(self.loop)
        asyncio.set_event_loop_policy(None)  # asyncio as before: a later test's own loop is made as usual
        PAGE.take()

    # -- what the page tells Python ---------------------------------------------------------------

    def send(self, message: dict[str, Any], *, settle: bool = True) -> None:
        """An input from the page; its answer taken, and (``settle``) the tasks it set off run to
        their end (without: left for ``step``, as a page that looks again later)."""
        with self.running():
            self.app.receive(message)
            self.take()
            if settle:
                self._settle(120.0)

    def click(self, action: str | Shown, tag: str = "BUTTON", within: str = "view", **attributes: str) -> None:
        """A click on an element of the view (or of the page's part ``within``: "toolbar", "lobby"):
        one drawn (a ``Shown``), or a button by its data-action and attributes
        (``click("place", **{"data-place": "7L"})``)."""
        if isinstance(action, Shown):
            path = action.path()
        else:
            path = [{"tag": tag, "attributes": {"type": "button", "data-action": action, **attributes}}]
        self.send({"type": "click", "within": within, "path": path})

    def key(self, key: str, target: Shown | None = None) -> None:
        """A key pressed with the focus on ``target`` (the page's body when None)."""
        path = target.path() if target is not None else []  # page.js describes none of <body>
        self.send({"type": "keydown", "key": key, "within": "view" if target is not None else "", "path": path})

    def change(self, tag: str, value: str, **attributes: str) -> None:
        """A field of the view changed to ``value`` (a select, a text field)."""
        self.send({"type": "change", "within": "view", "path": [{"tag": tag, "attributes": attributes, "value": value}]})

    # -- what the page shows ----------------------------------------------------------------------

    @property
    def view(self) -> Shown:
        """The view as last drawn."""
        assert self.drawing is not None, "nothing was drawn"
        shown = Shown.of(self.drawing)
        assert isinstance(shown, Shown)
        return shown

    def part(self, selector: str, tag: str = "div", **attributes: str) -> Shown:
        """An element of the page outside the view (``#notice``, ``#toolbar``, a tile's slot), as a
        ``tag`` with those ``attributes``, holding what Python last put in it (its ``replace``)."""
        fills = [command[2] for command in self.commands if command[0] == "replace" and command[1] == selector]
        assert fills, f"nothing was put in {selector}"
        shown = Shown.of(h(tag, {"id": selector.lstrip("#"), **attributes}, *fills[-1]))
        assert isinstance(shown, Shown)
        return shown

    def stored(self, name: str) -> Any:
        """A record's data as the page's storage holds it (``"double-h"``, ``"stats:double-h"``), or None."""
        raw = self.storage.get(f"kabale:{name}")
        return None if raw is None else json.loads(raw)["data"]


@contextlib.contextmanager
def as_the_threads(loop: asyncio.AbstractEventLoop) -> Iterator[None]:
    """``loop`` as the thread's event loop for the length of a call. Why: a worker of `make test`
    that ran browser tests first has Playwright's loop running in this thread (its sync API runs
    one in a greenlet, for the whole session): asyncio would hand an app's tasks to that loop,
    and refuses to run a second one while it runs."""
    other = asyncio.events._get_running_loop()
    asyncio.events._set_running_loop(None)
    asyncio.set_event_loop(loop)
    try:
        yield
    finally:
        asyncio.events._set_running_loop(other)


def end(loop: asyncio.AbstractEventLoop) -> None:
    """Cancel ``loop``'s tasks, let each cancelled task's coroutine end, and close it."""
    with as_the_threads(loop):
        for task in asyncio.all_tasks(loop):
            task.cancel()
        loop.run_until_complete(asyncio.sleep(0))
    loop.close()


@pytest.fixture
def opened() -> Iterator[list[Kabale]]:
    """The apps a test started (it appends each ``Kabale``), closed after it: each has an event loop
    of its own, and asyncio is left as it was for the next test. A test file imports it with the
    driver (not a conftest.py of tests/unit: the browser tests import theirs by that module name)."""
    apps: list[Kabale] = []
    yield apps
    for kabale in apps:
        kabale.close()


@pytest.fixture(autouse=True)
def app_alone() -> Iterator[asyncio.AbstractEventLoop]:
    """For a test that starts apps itself (``start(Boot(...))``, not through ``Kabale``): the page's
    commands taken away before and after it, and an event loop of its own, as the thread's, whose
    tasks (an app's later work: the computer's turns, ``later``, the modules imported ahead) are
    cancelled and closed at its end. Autouse where a test file imports it by name.

    Why: with no loop given, an app's tasks went to one asyncio made for the thread and never ran,
    and their coroutines were reported "never awaited" in whichever later test let asyncio go
    (``Kabale.close``): nine warnings in a run of the unit tests alone (`make test` showed none,
    presumably as its workers run browser tests first, and Playwright's loop, the thread's there
    (``Kabale.running``), took the tasks instead)."""
    PAGE.take()
    loop = asyncio.new_event_loop()
    try:
        with as_the_threads(loop):
            yield loop
    finally:
        end(loop)
        asyncio.set_event_loop(None)
        PAGE.take()
