"""Kabale in its worker: the page's inputs in, the page's commands out (issue 29).

assets/js/worker.mjs runs py/main.py, which calls ``serve`` with the worker's postMessage; every
message from the page is a JSON string: first the boot (kabale.web.local_storage.Boot), then the
inputs (kabale.web.page.Event). Each is handled at once, and what it changed goes back to the page
as one message (kabale.web.page.Page.flush). What a timer or a computer's turn changes later goes
back once that step has run (the event loop's ``call_soon``).

A page may start afresh without starting Python again (the browser tests' way: tests/e2e/conftest.py,
assets/js/page.js ``park`` and ``restart``): "park" ends the app (its timers, the computer's turns,
a hint being thought: every task of the loop) so that it neither draws nor writes again; the next
boot message starts a new app, as the first did. A warm start of the page costs the tests' browser
2.6-3.2 s of CPU (bench/page_cost.py); a new app in the same worker is drawn in 0.2 s at rest.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, Callable

from . import update_banner
from .local_storage import Boot
from .page import PAGE

__all__ = ["serve"]


def serve(post: Callable[[str], None]) -> Callable[[str], None]:
    """Bind Kabale to ``post`` (to the page); returns what takes each message from the page."""
    from .app import App, start

    PAGE.sender = post
    PAGE.soon = lambda flush: asyncio.get_event_loop().call_soon(flush)
    app: list[App] = []

    def park() -> None:
        """End the app there is, if any: its tasks cancelled, what it had not sent dropped."""
        if not app:
            return
        app.clear()
        loop = asyncio.get_event_loop()
        for task in asyncio.all_tasks(loop):
            task.cancel()
        PAGE.take()
        update_banner.forget()

    def receive(text: Any) -> None:
        try:
            message = json.loads(str(text))
        except ValueError:
            return  # not ours
        if not isinstance(message, dict):
            return
        if message.get("type") == "boot":
            park()
            app.append(start(Boot.of(message)))
            PAGE.flush()
            return
        if message.get("type") == "park":
            park()
            PAGE.flush(answered=True)
            return
        if app:
            app[0].receive(message)
        PAGE.flush(answered=True)

    return receive
