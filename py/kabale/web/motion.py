"""Cards that travel from where they were to where they go, around each redraw.

The drawing itself is assets/js/motion.js (FLIP with the Web Animations API,
transforms only): measuring and animating a hundred cards is one call into
the browser from here, not hundreds. Python only says when a redraw of which
screen happens; the script keeps no game state, and a page without it (or a
player who asked for reduced motion) simply redraws without motion.
"""

from __future__ import annotations

from typing import Any, Mapping

from pyodide.ffi import to_js
from pyscript.ffi import is_none

from .dom import Element, window


def _motion() -> Any | None:
    motion = getattr(window, "kabaleMotion", None)
    return None if motion is None or is_none(motion) else motion


def before_redraw(root: Element, scope: str) -> None:
    """Note where the cards of ``root`` are; a running card animation ends at once."""
    motion = _motion()
    if motion is not None:
        motion.capture(root, scope)


def after_redraw(root: Element, scope: str, cues: Mapping[str, Any] | None = None) -> bool:
    """Set the cards that changed place travelling (only within the same screen ``scope``), and
    play what ``cues`` say just happened (see ``Screen.cue``): a deal, a packet's flip, a
    computer's play from its seat, a win; the log's new lines wait for it ("log"). False when
    there is no motion script to take the cues (the page says the log's sentence itself)."""
    motion = _motion()
    if motion is None:
        return False
    motion.play(root, scope, to_js(dict(cues or {}), dict_converter=window.Object.fromEntries))
    return True
