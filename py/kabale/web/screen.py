"""The base of every screen (a table, the set-up, a rules page) and small async helpers.

A screen keeps its own state in Python and draws it with ``render()``; the
app calls ``render()`` again after every change and routes delegated events
to it. Nothing is kept in the DOM.
"""

from __future__ import annotations

import asyncio
from typing import Any, Callable

from .dom import Element
from .host import Host
from .text.i18n import Words, say


class Screen:
    """One thing on the page at a time: the lobby, the KABALAM set-up, a table..."""

    #: The game it belongs to (for the URL and the lobby), or None.
    game: str | None = None
    #: The saved record its moves go to (a table's game), or None.
    record: str | None = None
    #: Redraw in place (kabale.web.dom.redraw): only what changed is written to the page. A table
    #: says so; a screen with form fields keeps the plain swap.
    redraw_in_place: bool = False

    def __init__(self, app: Host) -> None:
        self.app = app
        self._cues: dict[str, Any] = {}

    def cue(self, name: str, value: Any) -> None:
        """Say what just happened, for the next redraw's motion (assets/js/motion.js): "deal"
        (selectors of where the cards come from and of the cards), "flip" (a packet's number),
        "travel" (a computer's seat and its packet), "win" (the game, its bonus). The table's
        state says it, not the DOM; the cues go with one redraw and are forgotten."""
        self._cues[name] = value

    def take_cues(self) -> dict[str, Any]:
        """The cues for the redraw under way (and none for the next)."""
        cues, self._cues = self._cues, {}
        return cues

    def t(self, key: str, **values: Any) -> str:
        return self.app.t(key, **values)

    def said(self, words: Words | str | None) -> str:
        """Kept words (a refusal, a hint, a note) in the language chosen now: a screen keeps what it
        said as :class:`kabale.web.text.i18n.Said`, so a change of language redraws them too."""
        return str(say(words, self.t))

    def render(self) -> Element | None:
        """The screen's content; None leaves the view empty (the lobby)."""
        return None

    def refresh(self) -> None:
        self.app.render()

    def query(self) -> str:
        """The URL query that reopens this screen ("" for none)."""
        return ""

    # -- events, delegated by the app ------------------------------------------

    def on_action(self, action: str, target: Any, event: Any) -> None:
        """A click on an element with ``data-action``."""

    def on_key(self, event: Any) -> bool:
        """A key press outside text fields; True when the screen used it."""
        return False

    def on_change(self, target: Any) -> None:
        """A form field changed (set-up screens)."""

    def on_drag_start(self, target: Any, event: Any) -> bool:
        """A card's drag begins (mouse, finger or pen): pick it up; True when it may be dragged."""
        return False

    def on_drag_over(self, target: Any, event: Any) -> bool:
        """True when the element under the pointer takes the dragged cards."""
        return False

    def on_drop(self, target: Any, event: Any) -> None:
        """The dragged cards were dropped on ``target``: play them there, or say why not."""

    def on_storage(self, name: str) -> None:
        """Another tab saved the record ``name``."""

    def start(self) -> None:
        """Called once the screen is shown (a computer's turn may begin)."""

    def leave(self) -> None:
        """Called before another screen replaces this one: stop timers."""


def later(delay_ms: float, callback: Callable[[], None]) -> "asyncio.Task[None]":
    """Run ``callback`` after ``delay_ms`` on the page's event loop (cancel the task to stop it)."""

    async def wait_then_run() -> None:
        await asyncio.sleep(max(delay_ms, 0) / 1000)
        callback()

    return asyncio.ensure_future(wait_then_run())
