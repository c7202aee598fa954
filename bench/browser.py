"""What the browser benchmarks share: Debian's Chromium as the tests launch it, the
site served on 127.0.0.1, waiting for the ready marker, percentiles."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for folder in ("scripts", "py"):
    if str(ROOT / folder) not in sys.path:
        sys.path.insert(0, str(ROOT / folder))

from playwright.sync_api import Browser, Page, Playwright  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
#: The flags of tests/e2e/conftest.py: headless, no network but 127.0.0.1.
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
]


def launch(playwright: Playwright, **options: Any) -> Browser:
    return playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, **options)


def ready(page: Page, timeout_ms: int = 120_000) -> None:
    """Wait until Python has taken over the page."""
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=timeout_ms)


def percentile(values: list[float], share: float) -> float:
    """The value at ``share`` (0..1) of the sorted values, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]
