"""Kabale in its worker: the page's inputs in, the page's commands out (issue 29).

assets/js/worker.mjs runs py/main.py, which calls ``serve`` with the worker's postMessage; every
message from the page is a JSON string: first the boot (kabale.web.local_storage.Boot), then the
inputs (kabale.web.page.Event). Each is handled at once, and what it changed goes back to the page
as one message (kabale.web.page.Page.flush). What a timer or a computer's turn changes later goes
back once that step has run (the event loop's ``call_soon``).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, Callable

from .local_storage import Boot
from .page import PAGE

__all__ = ["serve"]


def serve(post: Callable[[str], None]) -> Callable[[str], None]:
    """Bind Kabale to ``post`` (to the page); returns what takes each message from the page."""
    from .app import App, start

    PAGE.sender = post
    PAGE.soon = lambda flush: asyncio.get_event_loop().call_soon(flush)
    app: list[App] = []

    def receive(text: Any) -> None:
        try:
            message = json.loads(str(text))
        except ValueError:
            return  # not ours
        if not isinstance(message, dict):
            return
        if message.get("type") == "boot":
            if not app:
                app.append(start(Boot.of(message)))
            PAGE.flush()
            return
        if app:
            app[0].receive(message)
        PAGE.flush(answered=True)

    return receive
