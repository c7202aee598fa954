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


def browser_backend() -> LocalStorage | MemoryBackend:
    """localStorage, or memory when the browser refuses it (private mode, sandboxed iframe)."""
    try:
        storage = window.localStorage
        storage.getItem("kabale:probe")
        return LocalStorage(storage)
    except Exception:
        return MemoryBackend()
