"""Drawings as plain values: what the page is to show, described in Python, made by the page.

Kabale's Python runs in a worker (issue 29): it cannot touch the page's DOM, and does not need
to. ``h`` describes an element as a :class:`Drawn` (a list: tag, attributes as pairs, children),
a value that JSON carries across to the page, where assets/js/redraw.js makes it (``build``)
and patches the page with it (``redraw``). Text is always text (``textContent``), never HTML, so
a name or a URL value can never become markup.

Nothing here imports the browser: the drawings are tested in CPython (tests/unit).
"""

from __future__ import annotations

import itertools
from typing import Any

__all__ = ["Element", "Kept", "Drawn", "h", "keep", "forget", "data", "found",
           "classes_of", "kept_numbers"]

Element = Any  # a drawing (Drawn), a kept drawing (Kept), or an element of an input (kabale.web.page.Node)

#: The props whose value is set as text (any other True is a bare attribute).
_TEXT_PROPS = frozenset({"text", "class", "style"})


class Drawn(list):  # type: ignore[type-arg]
    """An element described: ``[tag, [name, value, ...], child, ...]``, each child a Drawn, a
    Kept or a string (text). The page makes the whole tree from one message."""


def _flat(props: dict[str, object] | None) -> list[str]:
    """The props as (name, value) pairs in one list: None and False left out, True a bare attribute."""
    flat: list[str] = []
    for name, value in (props or {}).items():
        if value is None or value is False:
            continue
        flat.append(name)
        flat.append("" if value is True and name not in _TEXT_PROPS else str(value))
    return flat


def h(tag: str, props: dict[str, object] | None = None, *children: Any) -> Drawn:
    """An element with attributes and children; ``text=`` sets its textContent.

    ``class`` sets className; True gives a bare attribute; None and False omit it.
    ``style`` ("--i:3; color:red") is set property by property through the CSSOM by the page:
    its Content-Security-Policy refuses style attributes, not style properties.
    Children are drawings, strings (text nodes) or kept drawings (``Kept``); None is skipped."""
    return Drawn((tag, _flat(props), *(child for child in children if child is not None)))


class Kept:
    """A finished drawing kept to be shown again (a part of a table that did not change).

    Why: a table is drawn afresh at every click, and most of it is as it was. A kept description
    crosses to the page once, in the message that first shows it, where ``build``
    (assets/js/redraw.js) makes it and keeps it under its ``number``; later drawings name it by its
    number alone, and the page knows a copy of it for what it is without comparing it node by node
    (a Double H board is some 450 elements, of which a move changes two or three places)."""

    __slots__ = ("drawn", "number", "sent")

    def __init__(self, drawn: Drawn) -> None:
        self.drawn = drawn
        self.number = next(_numbers)
        self.sent = False  # the page has it (by its number)


_numbers = itertools.count(1)
#: The numbers of kept descriptions the page has and the tables no longer keep: dropped by the
#: page with the next message (``forget``; kabale.web.page).
_forgotten: list[int] = []


def forget(kept: object) -> None:
    """A kept drawing (or a tuple of them) its table no longer keeps: the page drops its own copy
    before it makes the next drawing; should the drawing be shown again after all (a part kept in
    another that is still kept, say), it goes whole again."""
    if isinstance(kept, tuple):
        for each in kept:
            forget(each)
    elif isinstance(kept, Kept) and kept.sent:
        kept.sent = False
        _forgotten.append(kept.number)


def kept_numbers() -> list[int]:
    """Take the numbers forgotten since the last message (kabale.web.page sends them)."""
    numbers = _forgotten[:]
    del _forgotten[:]
    return numbers


def keep(element: Drawn) -> Kept:
    """Keep ``element`` (a drawing no one will change) to be shown again (see ``Kept``)."""
    return Kept(element)


def classes_of(node: Any) -> list[str]:
    """The classes of a drawing's root element (what the page's ``classList`` would hold)."""
    if isinstance(node, Kept):
        node = node.drawn
    if not isinstance(node, Drawn):
        return []
    flat = node[1]
    for index in range(0, len(flat), 2):
        if flat[index] == "class":
            return str(flat[index + 1]).split()
    return []


def data(element: Any, name: str) -> str | None:
    """An element's ``data-<name>`` attribute, or None (for no element too)."""
    if element is None:
        return None
    value = element.getAttribute(f"data-{name}")
    return None if value is None else str(value)


def found(element: Any) -> bool:
    """True for an element, False for none (what ``closest`` gives when nothing matches)."""
    return element is not None
