"""Saved data: the one module through which Kabale uses localStorage.

Pure Python over a tiny ``Backend`` (localStorage in the browser, a dict in
tests), so every rule below is tested in CPython:

* Each record lives under ``kabale:<name>`` as versioned JSON: an envelope
  ``{"app": "kabale", "schema": N, "name": ..., "revision": R, "data": ...}``.
  Older schemas are migrated on read; the data is checked by the record's
  validator (the game records by the engine's own ``from_dict``).
* A value that is truncated, not JSON, of the wrong shape, foreign or from a
  newer version is never a crash and never silently dropped: its raw text is
  set aside under ``kabale-backup:<name>:<time>``, a :class:`Problem` reports
  it, and every other record is kept.
* A full quota is reported once; play goes on in memory (reads see the
  unsaved value), and saving resumes when space returns.
* Storage the browser refuses (absent, throwing on access or on write: a
  frame on another site, a private window, strict privacy settings) is
  reported once, as ``refused``: play goes on in memory, and the page says
  that games are not kept here.
* Revisions tell two tabs apart: a save over a newer revision written by
  another tab is refused and reported, so no score is silently lost; the
  page reloads the newer record instead (see ``is_newer_elsewhere``).
Keys of other apps are never read, changed or removed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol, TypeGuard

PREFIX = "kabale:"
BACKUP_PREFIX = "kabale-backup:"
SCHEMA = 1
APP = "kabale"
#: A record bigger than this is not ours (ours are a few kB): it is set aside unread.
MAX_RECORD_CHARS = 2_000_000

Validator = Callable[[Any], Any]
Migration = Callable[[Any], Any]


class StorageFull(Exception):
    """The backend refused a write for lack of space (QuotaExceededError)."""


class Backend(Protocol):
    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None: ...

    def remove(self, key: str) -> None: ...

    def keys(self) -> list[str]: ...


class MemoryBackend:
    """A dict standing in for localStorage (tests, or when storage is unavailable)."""

    def __init__(self, items: dict[str, str] | None = None, quota_chars: int | None = None) -> None:
        self.items: dict[str, str] = dict(items or {})
        self.quota_chars = quota_chars

    def get(self, key: str) -> str | None:
        return self.items.get(key)

    def set(self, key: str, value: str) -> None:
        if self.quota_chars is not None:
            used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
            if used + len(key) + len(value) > self.quota_chars:
                raise StorageFull(key)
        self.items[key] = value

    def remove(self, key: str) -> None:
        self.items.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.items)


@dataclass(frozen=True)
class Problem:
    """Something the player should be told about saved data (an i18n key and its values)."""

    key: str  # store.corrupt / store.newer / store.full / store.conflict / store.unavailable
    name: str  # the record concerned ("game:patience", "settings", ...)
    backup_key: str | None = None
    detail: str = ""


@dataclass
class _Entry:
    revision: int
    data: Any
    #: The stored text this tab read or wrote with that revision: found unchanged, it is not read again.
    text: str | None = None
    #: When it was written (ms since 1970 by the page's clock; None: by a release that did not say).
    at: float | None = None


@dataclass
class Store:
    """Versioned, validated records over a backend."""

    backend: Backend
    validators: dict[str, Validator] = field(default_factory=dict)
    migrations: dict[int, Migration] = field(default_factory=dict)  # schema n -> n+1, on the envelope's data
    clock: Callable[[], float] = lambda: 0.0
    problems: list[Problem] = field(default_factory=list)
    _known: dict[str, _Entry] = field(default_factory=dict)  # what this tab read or wrote last
    _unsaved: dict[str, Any] = field(default_factory=dict)  # kept in memory while storage is full
    _full_reported: bool = False
    #: The browser refuses this page its storage (or a write failed for another reason than space).
    refused: bool = False
    _blocked: set[str] = field(default_factory=set)  # bad records we could not set aside

    # -- reading ---------------------------------------------------------------

    def load(self, name: str) -> Any | None:
        """The record's data, validated; None when there is none or it was set aside."""
        if name in self._unsaved:  # what could not be written is still this tab's record
            validator = self.validators.get(name)
            return self._unsaved[name] if validator is None else validator(self._unsaved[name])
        key = PREFIX + name
        try:
            raw = self.backend.get(key)
        except Exception as error:  # storage disabled by the browser, a sandboxed iframe...
            self._refuse(name, error)
            return None
        if raw is None:
            self._known.pop(name, None)
            return None
        try:
            revision, data, at = self._decode(name, raw)
        except _Rejected as rejected:
            backup = self._set_aside(name, raw)
            self._report(Problem(rejected.problem, name, backup, rejected.detail))
            self._known.pop(name, None)
            return None
        self._known[name] = _Entry(revision, data, raw, at)
        return data

    def saved_at(self, name: str) -> float | None:
        """When the record as last loaded or saved was written (ms since 1970), if its envelope says
        (the home says "yesterday" of a saved game); None for an older record or none."""
        known = self._known.get(name)
        return known.at if known is not None else None

    def _decode(self, name: str, raw: str) -> tuple[int, Any, float | None]:
        if not isinstance(raw, str) or len(raw) > MAX_RECORD_CHARS:
            raise _Rejected("store.corrupt", "too large")
        try:
            envelope = json.loads(raw)
        except (ValueError, RecursionError):
            raise _Rejected("store.corrupt", "not JSON") from None
        if not isinstance(envelope, dict) or envelope.get("app") != APP or envelope.get("name") != name:
            raise _Rejected("store.corrupt", "not a Kabale record")
        schema, revision = envelope.get("schema"), envelope.get("revision", 0)
        if not _is_whole(schema) or not _is_whole(revision) or schema < 1 or revision < 0:
            raise _Rejected("store.corrupt", "bad version")
        if schema > SCHEMA:
            raise _Rejected("store.newer", f"schema {schema}")
        data = envelope.get("data")
        try:
            while schema < SCHEMA:
                data = self.migrations[schema](data)
                schema += 1
            validator = self.validators.get(name)
            if validator is not None:
                data = validator(data)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError) as error:
            raise _Rejected("store.corrupt", f"{type(error).__name__}: {error}"[:200]) from None
        at = envelope.get("at")
        return revision, data, float(at) if isinstance(at, (int, float)) and not isinstance(at, bool) and at > 0 else None

    def _set_aside(self, name: str, raw: str) -> str | None:
        """Keep the raw text under a backup key (making room by removing the original if needed)."""
        backup_key = f"{BACKUP_PREFIX}{name}:{int(self.clock())}"
        if len(raw) > MAX_RECORD_CHARS:
            raw = raw[:MAX_RECORD_CHARS]  # a flood is cut, not copied whole
        try:
            try:
                self.backend.set(backup_key, raw)
            except StorageFull:
                self.backend.remove(PREFIX + name)
                self.backend.set(backup_key, raw)
            self.backend.remove(PREFIX + name)
            return backup_key
        except Exception:
            # No room even for the backup: put the original back and never write over it.
            try:
                self.backend.set(PREFIX + name, raw)
            except Exception:
                pass
            self._blocked.add(name)
            return None

    # -- writing ---------------------------------------------------------------

    def save(self, name: str, data: Any) -> bool:
        """Write a record; False when it stayed in memory only (full, or newer elsewhere)."""
        if self.is_newer_elsewhere(name):
            self._report(Problem("store.conflict", name))
            return False
        known = self._known.get(name)
        revision = (known.revision if known else self._stored_revision(name)) + 1
        envelope = {"app": APP, "schema": SCHEMA, "name": name, "revision": revision, "data": data}
        now = self.clock()
        if now > 0:  # when it was written (older releases ignore the field: they read "data" only)
            envelope["at"] = int(now)
        text = json.dumps(envelope, separators=(",", ":"), sort_keys=True)
        try:
            if name in self._blocked:
                raise StorageFull(name)
            self.backend.set(PREFIX + name, text)
        except StorageFull:
            self._unsaved[name] = data
            if not self._full_reported:
                self._report(Problem("store.full", name))
                self._full_reported = True
            return False
        except Exception as error:
            self._unsaved[name] = data
            self._refuse(name, error)
            return False
        self._unsaved.pop(name, None)
        self._full_reported = False
        self._known[name] = _Entry(revision, data, text, float(now) if now > 0 else None)
        return True

    @property
    def unsaved(self) -> tuple[str, ...]:
        """The records kept in memory only (storage full or unavailable): a reload would lose them."""
        return tuple(self._unsaved)

    def remove(self, name: str) -> None:
        self._unsaved.pop(name, None)
        self._known.pop(name, None)
        try:
            self.backend.remove(PREFIX + name)
        except Exception:
            pass

    def forget(self, name: str) -> None:
        """Drop what this tab knows of a record, so the next load takes the stored one as it is."""
        self._known.pop(name, None)
        self._unsaved.pop(name, None)

    def write_failed(self, key: str, stored: str | None) -> None:
        """A write the backend took was refused afterwards for lack of space (Python runs in a
        worker, and the page writes localStorage after Python has gone on: kabale.web.local_storage).
        The record stays this tab's in memory, as a write refused at once would (``save``), the
        backend learns what storage holds under ``key`` (``stored``) and where its quota lies, and
        the full storage is reported once."""
        name = record_name(key)
        if name is None:
            return
        known = self._known.pop(name, None)
        changed = getattr(self.backend, "changed", None)
        if changed is not None:
            changed(key, stored)
        items = getattr(self.backend, "items", None)
        if isinstance(items, dict) and known is not None:  # no larger write fits until there is room
            used = sum(len(k) + len(v) for k, v in items.items() if k != key)
            self.backend.quota_chars = used + len(key) + len(known.text or "") - 1  # type: ignore[attr-defined]
        if known is not None:
            self._unsaved[name] = known.data
        if not self._full_reported:
            self._report(Problem("store.full", name))
            self._full_reported = True

    # -- two tabs --------------------------------------------------------------

    def _stored_revision(self, name: str, known: _Entry | None = None) -> int:
        """The revision stored now (0 for none or unreadable). Storage holding the very text this
        tab read or wrote (``known``) holds its revision: that text is not parsed again. Why: it is
        asked before every click on a table and every save, and a KABALAM match is a few kB of JSON."""
        try:
            raw = self.backend.get(PREFIX + name)
            if known is not None and raw is not None and raw == known.text:
                return known.revision
            envelope = json.loads(raw) if raw else None
        except Exception:
            return 0
        revision = envelope.get("revision") if isinstance(envelope, dict) else 0
        return revision if _is_whole(revision) else 0

    def is_newer_elsewhere(self, name: str) -> bool:
        """True when another tab saved this record after this tab last read or wrote it."""
        known = self._known.get(name)
        return known is not None and self._stored_revision(name, known) > known.revision

    # -- reports ---------------------------------------------------------------

    def _report(self, problem: Problem) -> None:
        self.problems.append(problem)

    def _refuse(self, name: str, error: Exception) -> None:
        """The browser refused a read or a write: say so once, then play on in memory."""
        if not self.refused:
            self.refused = True
            self._report(Problem("store.unavailable", name, detail=type(error).__name__))

    def take_problems(self) -> list[Problem]:
        """The problems since the last call (the page shows each once)."""
        problems, self.problems = self.problems, []
        return problems

    def backups(self) -> list[str]:
        return sorted(key for key in self.backend.keys() if key.startswith(BACKUP_PREFIX))


class _Rejected(Exception):
    def __init__(self, problem: str, detail: str) -> None:
        super().__init__(detail)
        self.problem = problem
        self.detail = detail


def _is_whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def record_name(key: str) -> str | None:
    """The record a storage key holds, or None for backups and other apps' keys.

    >>> record_name("kabale:game:patience"), record_name("kabale-backup:x:1"), record_name("theme")
    ('game:patience', None, None)
    """
    return key[len(PREFIX):] if key.startswith(PREFIX) else None
