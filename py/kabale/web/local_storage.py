"""The browser's localStorage as a kabale.web.store Backend (the only code that touches it)."""

from __future__ import annotations

from typing import Any

from pyodide.ffi import JsException
from pyscript import window
from pyscript.ffi import is_none

from .store import MemoryBackend, StorageFull


class LocalStorage:
    """window.localStorage, with QuotaExceededError turned into StorageFull."""

    def __init__(self, storage: Any) -> None:
        self.storage = storage

    def get(self, key: str) -> str | None:
        value = self.storage.getItem(key)
        return None if is_none(value) else str(value)

    def set(self, key: str, value: str) -> None:
        try:
            self.storage.setItem(key, value)
        except JsException as error:
            if "quota" in str(error).lower() or getattr(error, "name", "") == "QuotaExceededError":
                raise StorageFull(key) from None
            raise

    def remove(self, key: str) -> None:
        self.storage.removeItem(key)

    def keys(self) -> list[str]:
        return [str(self.storage.key(i)) for i in range(int(self.storage.length))]


#: Written and removed once at start to learn whether writes are refused (not a record: no tab reacts).
PROBE_KEY = "kabale-probe"


def browser_backend() -> tuple[LocalStorage | MemoryBackend, bool]:
    """localStorage, and whether it keeps what is written.

    Memory stands in when the browser refuses localStorage (absent, or throwing
    on access: a frame on another site, a private window, strict privacy
    settings). Storage that reads but refuses writes is kept for what it holds,
    and reported as not keeping games. A full quota is not a refusal: the first
    save reports it, and saving resumes when there is room.
    """
    try:
        storage = window.localStorage
        storage.getItem(PROBE_KEY)
    except Exception:
        return MemoryBackend(), False
    backend = LocalStorage(storage)
    try:
        backend.set(PROBE_KEY, "1")
        backend.remove(PROBE_KEY)
    except StorageFull:
        pass
    except Exception:
        return backend, False
    return backend, True
