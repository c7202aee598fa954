"""The page, seen from the worker: what Python asks of it, and what it tells Python.

All of Kabale's Python runs in a worker (issue 29); the page's thread runs none. Only messages
cross, as JSON strings, so the page needs no cross-origin isolation (a blog's frame keeps working):

* **To the page**, a list of commands, sent as one message once Python has handled what the page
  told it (``Page.flush``): draw the screen (``render``), replace or change an element by its
  selector (``Ref``), move the focus, write the address or a record of storage, open the dialog.
  assets/js/page.js applies them in order, in one task, and draws with assets/js/redraw.js.
* **From the page**, an input (a click, a key, a change, a drag, another tab's save...) with its
  target as the page saw it: the element and its ancestors, their attributes and values
  (:class:`Node`), so the screens read it as they read an element (``closest``, ``getAttribute``).

Nothing here imports the browser: the protocol is tested in CPython. kabale.web.worker binds it
to the worker's ``postMessage``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Callable

from .dom import Drawn, Kept, kept_numbers

__all__ = ["Page", "PAGE", "Ref", "by_id", "select", "Node", "Event", "encode"]


def encode(commands: list[Any], *, answered: bool = False) -> str:
    """The commands as one JSON string: each kept drawing whole the first time the page gets it,
    by its number after that (``kabale.web.dom.Kept``)."""
    sent: list[Kept] = []

    def kept(value: object) -> object:
        if not isinstance(value, Kept):
            raise TypeError(f"{type(value).__name__} cannot go to the page")
        if value.sent:
            return value.number
        value.sent = True
        sent.append(value)
        return {"k": value.number, "d": value.drawn}

    try:
        message: dict[str, Any] = {"forget": kept_numbers(), "do": commands}
        if answered:
            message["answered"] = 1  # the answer to one input (assets/js/page.js ``settled``)
        return json.dumps(message, separators=(",", ":"), default=kept)
    except BaseException:
        for value in sent:  # the page has none of them
            value.sent = False
        raise


class Page:
    """The commands for the page, gathered while Python handles one input, sent at once."""

    def __init__(self) -> None:
        self.commands: list[list[Any]] = []
        #: Sends a message to the page (the worker's postMessage); None in CPython's tests.
        self.sender: Callable[[str], None] | None = None
        #: Asks for a flush once the handler under way has returned (the event loop's call_soon).
        self.soon: Callable[[Callable[[], None]], object] | None = None
        self._flush_asked = False

    def do(self, *command: Any) -> None:
        self.commands.append(list(command))
        if self.soon is not None and not self._flush_asked:
            self._flush_asked = True
            self.soon(self.flush)

    def take(self) -> list[list[Any]]:
        """The commands gathered (and none kept): for the tests, or a flush."""
        commands, self.commands = self.commands, []
        return commands

    def flush(self, *, answered: bool = False) -> None:
        """Send what was gathered, in one message; ``answered``: the answer to an input, sent even
        when empty, so the page knows Python has caught up (assets/js/page.js ``settled``)."""
        self._flush_asked = False
        if (not self.commands and not answered) or self.sender is None:
            return
        self.sender(encode(self.take(), answered=answered))


PAGE = Page()


class _ClassList:
    __slots__ = ("_ref",)

    def __init__(self, ref: "Ref") -> None:
        self._ref = ref

    def toggle(self, name: str, on: bool) -> None:
        PAGE.do("class", self._ref.selector, name, bool(on))


class _Dataset:
    __slots__ = ("_ref",)
    _ref: "Ref"

    def __init__(self, ref: "Ref") -> None:
        object.__setattr__(self, "_ref", ref)

    def __setattr__(self, name: str, value: object) -> None:
        PAGE.do("attr", self._ref.selector, f"data-{name}", str(value))


#: The properties a Ref may set on its element (anything else is a mistake: the page refuses it).
REF_PROPERTIES = frozenset({"textContent", "hidden", "className", "lang", "tabIndex", "content"})


class Ref:
    """An element of the page by its selector (the first match): what is set on it is sent to the
    page as a command. Python reads nothing back: the state is Python's, the page only shows it."""

    __slots__ = ("selector",)
    selector: str

    def __init__(self, selector: str) -> None:
        object.__setattr__(self, "selector", selector)

    def __setattr__(self, name: str, value: object) -> None:
        if name not in REF_PROPERTIES:
            raise AttributeError(name)
        PAGE.do("set", self.selector, name, value)

    @property
    def classList(self) -> _ClassList:  # noqa: N802 (the DOM's name)
        return _ClassList(self)

    @property
    def dataset(self) -> _Dataset:
        return _Dataset(self)

    def setAttribute(self, name: str, value: object) -> None:  # noqa: N802
        PAGE.do("attr", self.selector, name, str(value))

    def replace_children(self, *children: Any) -> None:
        """Swap the content in one step (replaceChildren), so the page never lays out an empty
        container (which would reset its scroll position)."""
        PAGE.do("replace", self.selector, [child for child in children if child is not None])

    def prepend(self, child: Drawn) -> None:
        PAGE.do("prepend", self.selector, child)

    def show_modal(self) -> None:
        PAGE.do("dialog", self.selector, "open")

    def close(self) -> None:
        PAGE.do("dialog", self.selector, "close")


def by_id(element_id: str) -> Ref:
    return Ref(f"#{element_id}")


def select(selector: str) -> Ref:
    return Ref(selector)


# -- inputs --------------------------------------------------------------------------------------------

_SELECTOR = re.compile(r"^(?P<tag>[a-z][a-z0-9-]*)?(?:\.(?P<cls>[\w-]+))?"
                       r"(?:\[(?P<attr>[\w-]+)(?:=(?P<quote>[\"']?)(?P<value>[^\"'\]]*)(?P=quote))?\])?$")


class _Classes:
    __slots__ = ("names",)

    def __init__(self, names: list[str]) -> None:
        self.names = names

    def contains(self, name: str) -> bool:
        return name in self.names


@dataclass
class Node:
    """An element an input went through, as the page saw it (assets/js/page.js ``described``): the
    target, or one of its ancestors. It answers as an element does, for what the screens ask."""

    tag: str
    attributes: dict[str, str] = field(default_factory=dict)
    value: str = ""
    checked: bool = False
    disabled: bool = False
    parent: "Node | None" = None

    @classmethod
    def path(cls, described: list[dict[str, Any]]) -> "Node | None":
        """The target from the page's description: itself first, then each ancestor out to <body>."""
        node: Node | None = None
        for each in reversed(described or []):
            node = cls(tag=str(each.get("tag", "")).lower(),
                       attributes={str(k): str(v) for k, v in dict(each.get("attributes") or {}).items()},
                       value=str(each.get("value") or ""), checked=bool(each.get("checked")),
                       disabled=bool(each.get("disabled")), parent=node)
        return node

    @property
    def tagName(self) -> str:  # noqa: N802
        return self.tag.upper()

    @property
    def type(self) -> str:
        return self.attributes.get("type", "")

    @property
    def classList(self) -> _Classes:  # noqa: N802
        return _Classes(self.attributes.get("class", "").split())

    def getAttribute(self, name: str) -> str | None:  # noqa: N802
        return self.attributes.get(name)

    def matches(self, selector: str) -> bool:
        """A simple selector: ``tag``, ``.class``, ``[attr]``, ``[attr=value]`` and their joins."""
        found = _SELECTOR.match(selector.strip())
        if found is None:
            raise ValueError(f"selector not understood: {selector}")
        tag, cls, attr, value = found.group("tag", "cls", "attr", "value")
        if tag and self.tag != tag:
            return False
        if cls and not self.classList.contains(cls):
            return False
        if attr:
            if attr not in self.attributes:
                return False
            if value is not None and self.attributes[attr] != value:
                return False
        return True

    def closest(self, selector: str) -> "Node | None":
        node: Node | None = self
        while node is not None:
            if node.matches(selector):
                return node
            node = node.parent
        return None


class _Detail:
    """A drag's ``detail``: the page reads nothing back from it (it knows the drops from ``accepts``)."""

    accepted = False


@dataclass
class Event:
    """An input from the page: its type, the key and modifiers of a key press, its target (a Node)
    and the part of the page it fell in (``within``: "view", "dialog", "toolbar"...)."""

    type: str
    target: Node | None = None
    within: str = ""
    key: str = ""
    ctrlKey: bool = False  # noqa: N815 (the DOM's names: the screens read them as on an event)
    metaKey: bool = False  # noqa: N815
    altKey: bool = False  # noqa: N815
    shiftKey: bool = False  # noqa: N815
    extra: dict[str, Any] = field(default_factory=dict)
    detail: _Detail = field(default_factory=_Detail)

    @classmethod
    def of(cls, message: dict[str, Any]) -> "Event":
        return cls(type=str(message.get("type", "")), target=Node.path(message.get("path") or []),
                   within=str(message.get("within") or ""), key=str(message.get("key") or ""),
                   ctrlKey=bool(message.get("ctrl")), metaKey=bool(message.get("meta")),
                   altKey=bool(message.get("alt")), shiftKey=bool(message.get("shift")),
                   extra=dict(message.get("extra") or {}))

    def preventDefault(self) -> None:  # noqa: N802
        """The page decides at once what a key does by default (assets/js/page.js): nothing to do."""


def nodes_of(drawing: Any) -> list[Node]:
    """Every element of a drawing with ``data-action`` and ``data-key``, as a Node with its ancestors:
    the controls a dragged card might be dropped on (kabale.web.app asks the screen of each)."""
    out: list[Node] = []

    def walk(node: Any, parent: Node | None) -> None:
        if isinstance(node, Kept):
            node = node.drawn
        if not isinstance(node, Drawn):
            return
        tag, flat, *children = node
        attributes = {str(flat[i]): str(flat[i + 1]) for i in range(0, len(flat), 2) if flat[i] != "text"}
        here = Node(tag=str(tag), attributes=attributes, parent=parent)
        if "data-action" in attributes and "data-key" in attributes:
            out.append(here)
        for child in children:
            walk(child, here)

    walk(drawing, None)
    return out
