"""Issue 29: kabale.web.worker ``serve``, the worker's end of the page's messages, as page.js sends them.

A page may start afresh without starting Python again (the browser tests' way: tests/e2e/conftest.py
``KeptPage``): "park" ends the app (it draws and stores nothing more: what it had under way is
cancelled), and the next boot starts a new app on the storage and address it brings.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, Iterator

import pytest

from kabale.web.page import PAGE
from kabale.web.worker import serve

SETTINGS = json.dumps({"app": "kabale", "schema": 1, "name": "settings", "revision": 1,
                       "data": {"bot_speed": "normal", "language": "en"}})


def boot(search: str, storage: dict[str, str] | None = None) -> str:
    return json.dumps({"type": "boot", "pathname": "/", "search": search, "languages": ["en"],
                       "storage": {"kabale:settings": SETTINGS, **(storage or {})}})


@pytest.fixture
def worker() -> Iterator[tuple[Any, list[dict[str, Any]], asyncio.AbstractEventLoop]]:
    """``serve`` bound to a list of the batches it sends, on an event loop of its own (the one
    running in this thread, if any, set aside meanwhile: a worker of `make test` that ran browser
    tests first runs Playwright's, as tests/unit/app_driver.py says)."""
    other = asyncio.events._get_running_loop()
    asyncio.events._set_running_loop(None)
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    sent: list[dict[str, Any]] = []
    sender, soon = PAGE.sender, PAGE.soon
    PAGE.take()
    try:
        yield serve(lambda text: sent.append(json.loads(text))), sent, loop
    finally:
        PAGE.sender, PAGE.soon = sender, soon
        PAGE.take()
        for task in asyncio.all_tasks(loop):
            task.cancel()
        loop.run_until_complete(asyncio.sleep(0))
        loop.close()
        asyncio.events._set_running_loop(other)


def commands(batches: list[dict[str, Any]], name: str) -> list[list[Any]]:
    return [command for batch in batches for command in batch["do"] if command[0] == name]


def run(loop: asyncio.AbstractEventLoop, seconds: float) -> None:
    loop.run_until_complete(asyncio.sleep(seconds))


def test_a_second_boot_starts_a_new_app_at_its_own_address(worker: Any) -> None:
    receive, sent, loop = worker
    receive(boot("?game=double-h&seed=3"))
    assert commands(sent, "ready") and commands(sent, "render")
    first = commands(sent, "store")
    assert any(key == "kabale:double-h" for _, key, _ in first)
    sent.clear()
    receive(json.dumps({"type": "park"}))
    assert sent == [{"forget": [], "do": [], "answered": 1}]  # answered, with nothing drawn
    receive(json.dumps({"type": "click", "path": [{"tag": "BUTTON", "attributes": {"data-action": "hint"}}],
                        "within": "view"}))
    assert sent[-1]["do"] == []  # no app: an input is answered, and nothing is drawn
    sent.clear()
    receive(boot("?game=patience&seed=2"))
    assert commands(sent, "ready")
    assert [key for _, key, _ in commands(sent, "store") if key != "kabale:settings"] == ["kabale:patience"]


def test_park_cancels_what_the_app_had_under_way(worker: Any) -> None:
    """A table opened leaves work for later (its solver's modules imported once the player is idle:
    kabale.web.tables.ahead); parked, every such task is cancelled and nothing more is sent."""
    receive, sent, loop = worker
    receive(boot("?game=double-h&seed=3"))
    run(loop, 0.01)
    pending = [task for task in asyncio.all_tasks(loop) if not task.done()]
    assert pending, "the table left nothing under way"
    receive(json.dumps({"type": "park"}))
    run(loop, 0.01)
    assert all(task.cancelled() for task in pending)
    sent.clear()
    run(loop, 0.5)
    assert sent == [] and not [task for task in asyncio.all_tasks(loop) if not task.done()]
