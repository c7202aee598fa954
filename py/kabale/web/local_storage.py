"""The browser's localStorage, seen from the worker, as a kabale.web.storage.store Backend.

Python runs in a worker (issue 29), where there is no localStorage: the page reads Kabale's keys
when it starts Python and sends them (``Boot.storage``), and Python keeps that copy (``Mirror``).
A write changes the copy at once and is sent to the page with the next message, which writes it
to localStorage; the page tells Python when it could not (storage full: kabale.web.app
``on_store_failed``), and when another tab changed a key (the ``storage`` event), so the copy
stays what localStorage holds. Keys of other apps never reach Python.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .page import PAGE
from .storage.store import MemoryBackend


@dataclass(frozen=True)
class Boot:
    """What the page knows when it starts Python (assets/js/page.js ``bootMessage``)."""

    pathname: str = "/"
    search: str = ""
    languages: tuple[str, ...] = ()
    #: Kabale's keys in localStorage and their values; None when the browser refuses storage.
    storage: dict[str, str] | None = field(default_factory=dict)
    #: Storage reads but refuses writes (the page's probe failed): kept for what it holds.
    writes_refused: bool = False
    framed: bool = False
    update_ready: bool = False
    #: The address's #fragment (an invite's room password travels there: no server sees it).
    fragment: str = ""
    #: The page's origin (an invite's link names it).
    origin: str = ""
    #: The browser has the Web Share API (navigator.share): the invite offers Share.
    share: bool = False
    #: The page's clock (ms since 1970) and its offset from UTC (Date.getTimezoneOffset(), minutes)
    #: when it started Python: the player's calendar day (the daily deal, "yesterday").
    now_ms: float = 0.0
    offset_min: int = 0

    @classmethod
    def of(cls, message: dict[str, Any]) -> "Boot":
        storage = message.get("storage")
        return cls(pathname=str(message.get("pathname") or "/"), search=str(message.get("search") or ""),
                   languages=tuple(str(code) for code in message.get("languages") or ()),
                   storage=None if storage is None else {str(k): str(v) for k, v in dict(storage).items()},
                   writes_refused=bool(message.get("writesRefused")), framed=bool(message.get("framed")),
                   update_ready=bool(message.get("updateReady")), fragment=str(message.get("hash") or "")[:200],
                   origin=str(message.get("origin") or "")[:200], share=bool(message.get("share")),
                   now_ms=_number(message.get("now")),
                   offset_min=int(_number(message.get("offset"))) if abs(_number(message.get("offset"))) <= 24 * 60 else 0)


def _number(value: Any) -> float:
    """A number the page sent, or 0."""
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else 0.0


class Mirror(MemoryBackend):
    """Kabale's keys as localStorage holds them, kept in the worker; each write also goes to the page."""

    def set(self, key: str, value: str) -> None:
        super().set(key, value)
        PAGE.do("store", key, value)

    def remove(self, key: str) -> None:
        super().remove(key)
        PAGE.do("store", key, None)

    def changed(self, key: str, value: str | None) -> None:
        """The page says localStorage holds ``value`` under ``key`` now (another tab, or a write refused)."""
        self.quota_chars = None  # another tab may have made room: the next write tries
        if value is None:
            self.items.pop(key, None)
        else:
            self.items[key] = value


def browser_backend(boot: Boot) -> tuple[Mirror | MemoryBackend, bool]:
    """localStorage (as the worker's copy), and whether it keeps what is written.

    Memory stands in when the browser refuses localStorage (absent, or throwing on access: a frame
    on another site, a private window, strict privacy settings). Storage that reads but refuses
    writes is kept for what it holds, and reported as not keeping games. A full quota is not a
    refusal: the first save the page cannot write reports it, and saving resumes when there is room.
    """
    if boot.storage is None:
        return MemoryBackend(), False
    return Mirror(dict(boot.storage)), not boot.writes_refused
