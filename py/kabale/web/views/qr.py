"""The invite's QR code, drawn as SVG from its modules.

The page's vendored encoder (npm qrcode-generator, assets/js/qr.mjs) says which modules are dark;
Python draws them, as it draws the rest of the page (the lobby, kabale.web.remote_host): the view
tree stays the page's one truth, and the page's renderer holds nothing of its own. The rows come
from the page, so they are checked before they are drawn: a square of "0" and "1", of a QR code's
size.
"""

from __future__ import annotations

from typing import Any

#: The light margin round the code, in modules: the four a reader needs to find its edges.
QUIET_ZONE = 4
#: A QR code is 21 modules wide (version 1) to 177 (version 40), four more for each version.
SIZES = range(21, 178, 4)


def valid_rows(rows: Any) -> tuple[str, ...]:
    """The rows the page sent, if they are a QR code's; else () (nothing is drawn).

    >>> valid_rows(["1" * 21] * 21) == ("1" * 21,) * 21
    True
    >>> valid_rows(["10"] * 2), valid_rows("no"), valid_rows(["1" * 21] * 20 + ["2" * 21])
    ((), (), ())
    """
    if not isinstance(rows, (list, tuple)) or len(rows) not in SIZES:
        return ()
    if not all(isinstance(row, str) and len(row) == len(rows) and set(row) <= {"0", "1"} for row in rows):
        return ()
    return tuple(rows)


def dark_path(rows: tuple[str, ...]) -> str:
    """An SVG path of the dark modules, one rectangle per run of them along a row (some 600
    runs, against 900 squares: a smaller drawing to send and to lay out).

    >>> dark_path(("0110", "1001"))
    'M1 0h2v1h-2zM0 1h1v1h-1zM3 1h1v1h-1z'
    """
    parts = []
    for y, row in enumerate(rows):
        x = 0
        while x < len(row):
            if row[x] == "1":
                run = len(row[x:]) - len(row[x:].lstrip("1"))
                parts.append(f"M{x} {y}h{run}v1h-{run}z")
                x += run
            else:
                x += 1
    return "".join(parts)
