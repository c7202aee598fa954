"""A table's Hint thought in slices: asked for once per position, forgotten when the position changes.

Why one place: the KABALAM and the patience tables both think a hint as a
generator that yields between searches, so that the worker takes clicks while it
thinks (a move made meanwhile drops the hint at once; Pyodide's event loop turns
through a MessageChannel, not a setTimeout clamped to 4 ms, so a yield is cheap);
both tie a hint to the position it was asked in and drop it as soon as a move is
made or taken back. The game's side (what a position is,
when a hint may be asked, how the thinking starts and what the words say) is
each table's mixin (:mod:`.kabalam_coach`, :mod:`.patience_hint`).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, Generator, Hashable

__all__ = ["SlicedHint", "PAINT_S"]

#: A pause before thinking, so that the button's "Thinking…" is sent to the page first (and a
#: solver imported on the first hint does not hold it back). One turn of the worker's event loop
#: is enough: the drawing's flush was queued (``call_soon``) before the thinking's next step, and
#: the page paints on its own thread. On the page's thread this was 30 ms, to let a frame through.
PAINT_S = 0.0


class SlicedHint:
    """The hint's state and its thinking loop, mixed into a table before its base class."""

    advice: Any = None
    advice_at: Hashable | None = None  # the position the advice is for
    hinting: Hashable | None = None  # the position a hint is being thought for
    _hint_task: asyncio.Task[None] | None = None

    # the game's side, given by each table's mixin
    def position_key(self) -> Hashable:
        raise NotImplementedError

    def may_hint(self) -> bool:
        """Whether the current position has a hint to give (a choice to make, the game going on)."""
        raise NotImplementedError

    def hint_held_back(self) -> bool:
        """Whether asking must wait (a flip being shown): the button stays, the key does nothing."""
        return False

    def think(self, key: Hashable) -> Generator[None, None, Any]:
        """The thinking of the hint for the current position: yields between slices, returns the advice."""
        raise NotImplementedError

    def advice_given(self, advice: Any) -> None:
        """Called once when advice arrives for the position on the table, before the redraw."""

    if TYPE_CHECKING:  # the table's own (a method here would come before it in the order Python looks it up)
        def refresh(self) -> None: pass

    def current_advice(self) -> Any:
        """The advice for the position on the table, or None (none asked, or the position moved on)."""
        if self.advice is None or self.advice_at != self.position_key() or not self.may_hint():
            return None
        return self.advice

    def ask_hint(self) -> None:
        """Think over the position (unless that is done or under way), then show the advice."""
        if not self.may_hint() or self.hint_held_back():
            return
        key = self.position_key()
        if self.current_advice() is not None or self.hinting == key:
            return
        self.hinting = key
        self._hint_task = asyncio.ensure_future(self._think_hint(key))
        self.refresh()

    async def _think_hint(self, key: Hashable) -> None:
        try:
            await asyncio.sleep(PAINT_S)
            if self.position_key() != key:
                return
            thinking = self.think(key)
            while True:
                try:
                    next(thinking)
                except StopIteration as done:
                    advice = done.value
                    break
                await asyncio.sleep(0)
                if self.position_key() != key:
                    return  # a move was made meanwhile: this hint is for a position gone
        finally:
            if self.hinting == key:
                self.hinting = None
        if self.position_key() == key:
            self.advice, self.advice_at = advice, key
            self.advice_given(advice)
        self.refresh()

    def hint_busy(self) -> bool:
        return self.hinting is not None and self.hinting == self.position_key()

    def stop_hint(self) -> None:
        if self._hint_task is not None and not self._hint_task.done():
            self._hint_task.cancel()
        self._hint_task, self.hinting = None, None
