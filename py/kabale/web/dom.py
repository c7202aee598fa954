"""A few DOM helpers: build elements with text, never HTML from data.

Everything the page shows is made here with createElement and textContent,
so a name or a URL value can never become markup.
"""

from __future__ import annotations

import itertools
import json
from contextlib import contextmanager
from typing import Any, Callable, Iterable, Iterator

from pyodide.ffi import create_proxy
from pyscript import document, window
from pyscript.ffi import is_none

Element = Any  # a JS element proxy
Child = "Element | str | None"

__all__ = ["Element", "Kept", "h", "keep", "forget", "replace_children", "redraw", "by_id", "listen",
           "data", "found", "document", "window", "Drawn", "drawn_at_once", "made"]


#: ``make`` of assets/js/redraw.js, once the page has it (see ``h``).
_make: Any = None
#: The props whose value is set as text (any other True is a bare attribute).
_TEXT_PROPS = frozenset({"text", "class", "style"})


def _maker() -> Any:
    global _make
    if _make is None:
        script = getattr(window, "kabaleRedraw", None)
        make = None if script is None or is_none(script) else getattr(script, "make", None)
        if make is not None and not is_none(make):
            _make = make
    return _make


class Drawn(list):  # type: ignore[type-arg]
    """An element described and not yet made: ``[tag, [name, value, ...], child, ...]``, each
    child a Drawn or a string (text). ``made`` makes the whole tree in one call into the page."""


#: Inside ``drawn_at_once``, h() describes its element (a Drawn) instead of making it.
_describing = False


@contextmanager
def drawn_at_once(on: bool = True) -> Iterator[None]:
    """While a table draws itself, h() describes each element; ``made`` then makes the whole
    drawing in one call into the page (assets/js/redraw.js ``build``), not one call per element.

    Why: a KABALAM table is some 140 elements, and each h() was a call from Python into
    JavaScript, each with its arguments converted and a proxy of the element made and dropped;
    those calls were a third of a play's click (bench/ui.py). One string of JSON crosses once.
    The elements made are exactly those h() makes one by one (``make`` makes both). Only the
    drawing's own code may run inside: a Drawn is no element until ``made``."""
    global _describing
    before, _describing = _describing, on
    try:
        yield
    finally:
        _describing = before


def _flat(props: dict[str, object] | None) -> list[str]:
    """The props as (name, value) pairs in one list: None and False left out, True a bare attribute."""
    flat: list[str] = []
    for name, value in (props or {}).items():
        if value is None or value is False:
            continue
        flat.append(name)
        flat.append("" if value is True and name not in _TEXT_PROPS else str(value))
    return flat


class Kept:
    """A finished drawing kept to be shown again (a part of a table that did not change): wherever
    it is a child, a copy of it goes in. Made by ``keep``.

    Why: a table is drawn afresh at every click, and most of it is as it was. Drawing a part again
    costs a call into the page per element; a copy is made inside ``h``'s one call, and the redraw
    (assets/js/redraw.js) knows a copy of the drawing the page already shows without comparing it
    node by node. The drawing itself never goes into the page (it would be taken out of it by the
    next copy).

    Inside ``drawn_at_once`` what is kept is the description (``drawn``, with no element): it goes
    into the page once, in the one call that makes the first drawing it is part of, where ``build``
    (assets/js/redraw.js) makes it and keeps it under its ``number``; later drawings name it by its
    number alone. Why: a KABALAM table was described whole at every click (some 140 elements),
    sent as JSON, made and compared with the page node by node, when a click changes a part or two;
    and the patience's kept parts cost a call into the page each (``keep``, ``make``)."""

    __slots__ = ("element", "known", "drawn", "number", "sent")

    def __init__(self, element: Element, known: bool, drawn: Drawn | None = None) -> None:
        self.element = element  # None for a description kept
        self.known = known  # the page's script knows it: make() copies it (else Python does)
        self.drawn = drawn
        self.number = next(_numbers) if drawn is not None else 0
        self.sent = False  # a description the page's script has (by its number)


_numbers = itertools.count(1)
#: The numbers of kept descriptions the page has and the tables no longer keep: dropped in the
#: page's script with the next drawing made at once (``forget``).
_forgotten: list[int] = []


def forget(kept: object) -> None:
    """A kept drawing (or a tuple of them) its table no longer keeps: the page's script drops its
    own description before it makes the next drawing; should the drawing be shown again after all
    (a part kept in another that is still kept, say), it goes whole again."""
    if isinstance(kept, tuple):
        for each in kept:
            forget(each)
    elif isinstance(kept, Kept) and kept.sent:
        kept.sent = False
        _forgotten.append(kept.number)


#: ``keep`` of assets/js/redraw.js, once the page has it.
_keep: Any = None


def keep(element: Element) -> Kept:
    """Keep ``element`` (a drawing no one will change) to be shown again as copies (see ``Kept``);
    a description (inside ``drawn_at_once``) is kept as it is, with no call into the page."""
    if isinstance(element, Drawn):
        return Kept(None, False, element)
    global _keep
    if _keep is None:
        script: Any = getattr(window, "kabaleRedraw", None)
        function = None if script is None or is_none(script) else getattr(script, "keep", None)
        if function is not None and not is_none(function):
            _keep = function
    if _keep is None:
        return Kept(element, False)
    _keep(element)
    return Kept(element, True)


def _child(child: Any) -> Any:
    """A child as the page takes it: a kept drawing's copy."""
    return child.element.cloneNode(True) if isinstance(child, Kept) else child


def _made(child: Any) -> Any:
    """A child as make() takes it: a kept drawing the script knows goes as itself (make() copies it,
    and knows the copy for what it is)."""
    if isinstance(child, Kept):
        return child.element if child.known else child.element.cloneNode(True)
    return child


def h(tag: str, props: dict[str, object] | None = None, *children: Any) -> Element:
    """An element with attributes and children; ``text=`` sets its textContent.

    ``class`` sets className; True gives a bare attribute; None and False omit it.
    ``style`` ("--i:3; color:red") is set property by property through the CSSOM:
    the page's Content-Security-Policy refuses style attributes, not style properties.
    Children are elements, strings (made into text nodes) or kept drawings (``Kept``: a copy
    goes in); None is skipped.

    The element is made in one call into the page (``make`` in assets/js/redraw.js): a call
    that crosses from Python to JavaScript costs far more than the work it asks for, and a
    call per attribute and per child was most of a click's redraw (bench/motion.py). Without
    the script, the same element call by call. Inside ``drawn_at_once``, a description of it.
    """
    if _describing:
        return Drawn((tag, _flat(props), *(child for child in children if child is not None)))
    return _element(tag, _flat(props), [made(child) for child in children if child is not None])


def _element(tag: str, flat: list[str], children: list[Any]) -> Element:
    """The element of ``h``, from its props as pairs (``_flat``) and its children (none None)."""
    make = _maker()
    if make is not None:
        return make(tag, len(flat) // 2, *flat, *(_made(child) for child in children))
    element = document.createElement(tag)
    for index in range(0, len(flat), 2):
        name, value = flat[index], flat[index + 1]
        if name == "text":
            element.textContent = value
        elif name == "class":
            element.className = value
        elif name == "style":
            for declaration in value.split(";"):
                property_name, colon, property_value = declaration.partition(":")
                if colon:
                    element.style.setProperty(property_name.strip(), property_value.strip())
        else:
            element.setAttribute(name, value)
    append(element, children)
    return element


def made(node: Any) -> Element:
    """The element a Drawn describes (anything else as it is): the whole tree in one call into
    the page, as one string of JSON, its kept descriptions (``Kept``) by number once the page has
    them; a tree holding an element made already (not JSON), or a page without the script,
    element by element (a kept description made afresh)."""
    if isinstance(node, Kept) and node.drawn is not None:
        node = node.drawn
    if not isinstance(node, Drawn):
        return node
    script = getattr(window, "kabaleRedraw", None)
    build = None if script is None or is_none(script) else getattr(script, "build", None)
    if build is not None and not is_none(build):
        sent: list[Kept] = []
        forgotten = len(_forgotten)

        def kept(value: object) -> object:
            """A kept description in the JSON: its number once the page has it, else itself to keep."""
            if not isinstance(value, Kept) or value.drawn is None:
                raise TypeError(type(value).__name__)
            if value.sent:
                return value.number
            value.sent = True
            sent.append(value)
            return {"k": value.number, "d": value.drawn}

        try:
            text = json.dumps({"drawing": node, "forget": _forgotten[:forgotten]}, separators=(",", ":"),
                              default=kept)
            element = build(text)
        except BaseException as error:
            for value in sent:  # the page's script has none of them
                value.sent = False
            if not isinstance(error, (TypeError, ValueError)):
                raise
            # an element made already among the children (not JSON): element by element below
        else:
            del _forgotten[:forgotten]
            return element
    tag, flat, *children = node
    return _element(tag, flat, [made(child) for child in children])


def append(parent: Element, children: Iterable[Any]) -> None:
    for child in children:
        if child is None:
            continue
        if isinstance(child, str):
            parent.appendChild(document.createTextNode(child))
        else:
            parent.appendChild(_child(made(child)))


def replace_children(parent: Element, *children: Any) -> None:
    """Swap a container's content in one step (replaceChildren), so the page never
    lays out an empty container (which would reset its scroll position)."""
    nodes = [document.createTextNode(child) if isinstance(child, str) else _child(made(child))
             for child in children if child is not None]
    parent.replaceChildren(*nodes)


def redraw(container: Element, drawn: Element) -> None:
    """Show ``drawn`` as the only content of ``container``, changing in the page only what differs
    (assets/js/redraw.js, one call): the page ends exactly as ``replace_children`` would leave it,
    but the elements that did not change are not styled and laid out again. Without the script,
    a plain swap."""
    script = getattr(window, "kabaleRedraw", None)
    if script is None or is_none(script):
        replace_children(container, drawn)
    else:
        script.redraw(container, made(drawn))


def by_id(element_id: str) -> Element:
    return document.getElementById(element_id)


_listeners: list[Any] = []  # keep proxies alive for the page's lifetime


def listen(target: Element, event: str, handler: Callable[[Any], None]) -> None:
    """Attach a Python handler; the proxy lives as long as the page."""
    proxy = create_proxy(handler)
    _listeners.append(proxy)
    target.addEventListener(event, proxy)


def data(element: Element, name: str) -> str | None:
    """An element's ``data-<name>`` attribute, or None (a JS proxy raises on a missing dataset key)."""
    if is_none(element):
        return None
    value = element.getAttribute(f"data-{name}")
    return None if is_none(value) else str(value)


def found(element: Element) -> bool:
    """True for an element, False for a JS null (what querySelector or closest give when nothing matches)."""
    return not is_none(element)
