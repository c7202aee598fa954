"""The offer "A new version is ready: Reload", shown when a new release has installed.

assets/js/offline.js watches the service worker: when a new version of the
site has been downloaded in the background it sets ``window.kabaleUpdate.ready``
and fires ``kabale:update-ready`` on window. This module shows the offer; the
page reloads only when the player presses Reload, never under a game by itself.

Call ``install(translate)`` once the page is drawn; ``translate(key)`` gives the
words (keys ``update.*``; a key it does not know gets the English default).
``before_reload``, if given, runs first and may say no (False): the game in
progress could not be saved, and the player chose to keep the page.
"""

from __future__ import annotations

from typing import Any, Callable

from pyodide.ffi import jsnull

from .dom import by_id, document, h, listen, window

BANNER_ID = "update-banner"

ENGLISH = {
    "update.label": "Update",
    "update.ready": "A new version of Kabale is ready.",
    "update.reload": "Reload",
    "update.later": "Later",
}

_installed = False


def _banner() -> Any:
    """The banner element, or None (getElementById's null arrives as jsnull, not None)."""
    element = by_id(BANNER_ID)
    return None if element is None or element is jsnull else element


def install(translate: Callable[..., str], before_reload: Callable[[], bool] | None = None) -> None:
    """Show the offer now if a new version is waiting, or as soon as one is (once per page)."""
    global _installed
    if _installed:
        return
    _installed = True

    def text(key: str) -> str:
        words = translate(key)
        return ENGLISH[key] if words == key else words

    def reload(_event: Any) -> None:
        if before_reload is not None and not before_reload():
            return
        window.kabaleUpdate.apply()

    def later(_event: Any) -> None:
        banner = _banner()
        if banner is not None:
            banner.hidden = True

    def show(_event: Any = None) -> None:
        existing = _banner()
        if existing is not None:
            existing.hidden = False
            return
        reload_button = h("button", {"type": "button", "class": "button", "text": text("update.reload")})
        later_button = h("button", {"type": "button", "class": "button quiet", "text": text("update.later")})
        listen(reload_button, "click", reload)
        listen(later_button, "click", later)
        banner = h(
            "aside",
            {"id": BANNER_ID, "class": "update-banner", "aria-label": text("update.label")},
            h("p", {"role": "status", "text": text("update.ready")}),
            reload_button,
            later_button,
        )
        document.body.prepend(banner)

    listen(window, "kabale:update-ready", show)
    update = getattr(window, "kabaleUpdate", None)
    if update is not None and update is not jsnull and update.ready:
        show()
