"""The offer "A new version is ready: Reload", shown when a new release has installed.

assets/js/offline.js watches the service worker: when a new version of the site has been
downloaded in the background it sets ``window.kabaleUpdate.ready`` and fires
``kabale:update-ready`` on window; the page tells Python (assets/js/page.js), which shows this
offer. The page reloads only when the player presses Reload (``data-action="update-reload"``,
kabale.web.app ``update_reload``: with a game kept only in memory it asks first), never under a
game by itself.
"""

from __future__ import annotations

from typing import Callable

from .dom import h
from .page import by_id, select

BANNER_ID = "update-banner"

ENGLISH = {
    "update.label": "Update",
    "update.ready": "A new version of Kabale is ready.",
    "update.reload": "Reload",
    "update.later": "Later",
}

_shown = False


def forget() -> None:
    """The page starts afresh (kabale.web.worker ``park``): the banner it had is gone with the rest."""
    global _shown
    _shown = False


def show(translate: Callable[..., str]) -> None:
    """Show the offer (once drawn, it is shown again rather than drawn twice)."""
    global _shown
    if _shown:
        by_id(BANNER_ID).hidden = False
        return
    _shown = True

    def text(key: str) -> str:
        words = translate(key)
        return ENGLISH[key] if words == key else words

    select("body").prepend(h(
        "aside",
        {"id": BANNER_ID, "class": "update-banner", "aria-label": text("update.label")},
        h("p", {"role": "status", "text": text("update.ready")}),
        h("button", {"type": "button", "class": "button", "data-action": "update-reload", "text": text("update.reload")}),
        h("button", {"type": "button", "class": "button quiet", "data-action": "update-later",
                     "text": text("update.later")}),
    ))


def hide() -> None:
    by_id(BANNER_ID).hidden = True
