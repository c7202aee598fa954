"""Issue 8, deployable: `make dist` runs from a static host under a sub-path, offline included."""

from __future__ import annotations

import pytest

from pathlib import Path
from typing import Any, Callable

from playwright.sync_api import BrowserContext, Page, expect

import dist
from conftest import NetworkGuard, service_worker_ready, wait_ready  # type: ignore[import-not-found]
from helpers import STILL  # type: ignore[import-not-found]
from kabale.games.patience.rules import Patience

# A context of each test's own: each test installs a dist/ and goes offline.
pytestmark = [pytest.mark.fresh_context, STILL]

SUB_PATH = "games/kabale/"


@pytest.mark.slow
def test_dist_served_under_a_sub_path_boots_installs_and_plays_offline(
    page: Page, context: BrowserContext, site_server: Callable[..., Any], tmp_path: Path, network_guard: NetworkGuard
) -> None:
    manifest = dist.build(tmp_path / SUB_PATH)
    (tmp_path / "index.html").write_text("<!doctype html><title>Another site</title>", encoding="utf-8")
    server = site_server(tmp_path)
    app = server.url + SUB_PATH

    page.goto(app + "?game=patience&seed=11")
    wait_ready(page)
    expect(page.get_by_role("region", name="Patience Kabalam table")).to_be_visible()
    shown = sorted(page.locator(".endowment [data-card]").evaluate_all("nodes => nodes.map(n => n.dataset.card)"))
    assert shown == sorted(str(card) for card in Patience.deal(11).endowment)

    # the worker, and its scope, are the sub-path's, not the host's
    assert service_worker_ready(page) == app
    assert page.evaluate("caches.keys()") == [manifest.cache_name]
    # every URL the app uses is relative: nothing was asked outside the sub-path
    assert network_guard.requested
    assert [url for url in network_guard.requested if not url.startswith(app)] == []

    # installable: Chromium finds nothing missing (a test context is incognito, which it reports)
    cdp = context.new_cdp_session(page)
    errors = {error["errorId"] for error in cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]}
    assert errors <= {"in-incognito"}
    assert cdp.send("Page.getAppManifest")["url"] == app + "manifest.webmanifest"

    # the host's other pages stay outside the worker's scope
    other = context.new_page()
    other.goto(server.url)
    expect(other).to_have_title("Another site")
    assert other.evaluate("navigator.serviceWorker.controller") is None
    other.close()

    server.stop()
    context.set_offline(True)
    page.goto(app + "?game=double-h&seed=5")
    wait_ready(page)
    expect(page.get_by_role("region", name="Left H")).to_be_visible()
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == app + "sw.js"
