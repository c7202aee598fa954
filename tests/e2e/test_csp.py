"""Issue 8, safe: the page's Content-Security-Policy allows what the page needs, and no more.

All of Kabale's Python runs in a worker (issue 29), under the worker's own policy: the page
itself needs no eval and no connection.

* The page boots under it with no violation, service worker included.
* A script, a fetch or an image from another origin, and any inline script, are refused.
* Each source the policy allows is needed: take one away and the page breaks
  just there (this is how the policy was found, and how it stays tight).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable

import pytest
from playwright.sync_api import Browser, Page, expect

from conftest import BOOT_TIMEOUT_MS, ConsoleLog, NetworkGuard, service_worker_ready  # type: ignore[import-not-found]
import dist
from serve import ROOT

from kabale.web.remote_link import DEFAULT_RELAYS

PAGE = (ROOT / "index.html").read_text(encoding="utf-8")
META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">')

# Records every violation, and lists their directives on <html> for expect() to wait on.
VIOLATIONS = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.cspViolations.push({directive: event.effectiveDirective, blocked: event.blockedURI});
  const root = document.documentElement;
  root.dataset.cspViolated = `${root.dataset.cspViolated || ""} ${event.effectiveDirective}`.trim();
});
"""


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """This file's pages keep the page's policy (the other tests' contexts bypass it)."""
    return {**browser_context_args, "bypass_csp": False}


def policy() -> dict[str, list[str]]:
    match = META.search(PAGE)
    assert match, "index.html has no CSP meta tag"
    directives: dict[str, list[str]] = {}
    for part in match.group(1).split(";"):
        name, *sources = part.split()
        directives[name] = sources
    return directives


def test_the_policy_names_no_host_but_the_relays_and_comes_before_anything_it_governs() -> None:
    directives = policy()
    assert directives["default-src"] == ["'none'"]
    # the page fetches nothing itself; it connects only to remote play's relays (issue 30)
    assert directives.pop("connect-src") == list(DEFAULT_RELAYS)
    allowed = {"'self'", "'none'"}
    for name, sources in directives.items():
        assert set(sources) <= allowed, f"{name} allows {sources}"
    assert "script-src" in directives and "'unsafe-inline'" not in PAGE
    head = PAGE[: PAGE.index("</head>")]
    first_resource = min(head.index(tag) for tag in ("<link", "<script") if tag in head)
    assert head.index('http-equiv="Content-Security-Policy"') < first_resource


def test_a_relay_of_one_s_own_joins_the_policy_s_connect_src_and_nothing_else_changes() -> None:
    """``make dist DIST_RELAYS=...`` (scripts/dist.py): the relay goes into the meta tag's policy.
    It once went into the comment above it, whose words name connect-src too, and the page still
    refused the relay."""
    built = dist.with_relays(PAGE, ["ws://127.0.0.1:7000"])
    match = META.search(built)
    assert match and match.group(1).endswith("connect-src " + " ".join(DEFAULT_RELAYS) + " ws://127.0.0.1:7000")
    assert built.replace(" ws://127.0.0.1:7000", "", 1) == PAGE


def test_the_page_boots_under_its_policy_with_no_violation(open_kabale: Callable[..., Page], page: Page) -> None:
    page.add_init_script(VIOLATIONS)
    open_kabale("?game=double-h&seed=7")
    expect(page.get_by_role("region", name="Left H")).to_be_visible()
    service_worker_ready(page)  # registered under worker-src (it precaches under its own policy)
    manifest = page.context.new_cdp_session(page).send("Page.getAppManifest")  # fetched under manifest-src
    assert manifest["url"].endswith("/manifest.webmanifest") and '"short_name": "Kabale"' in manifest["data"]
    assert manifest["errors"] == []
    assert page.evaluate("window.cspViolations") == []


def test_another_origin_and_inline_script_are_refused(
    open_kabale: Callable[..., Page], page: Page, site_server: Callable[..., Any], tmp_path: Path,
    console_log: ConsoleLog, network_guard: NetworkGuard,
) -> None:
    (tmp_path / "evil.js").write_text("window.evil = 'ran';", encoding="utf-8")
    (tmp_path / "data.json").write_text("{}", encoding="utf-8")
    (tmp_path / "pixel.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>", encoding="utf-8")
    other = site_server(tmp_path)  # 127.0.0.1 on another port: another origin
    page.add_init_script(VIOLATIONS)
    open_kabale()
    assert not other.url.startswith(page.url)
    answered: list[str] = []
    page.on("response", lambda response: answered.append(response.url))

    fetched = page.evaluate(
        """async (origin) => {
          const script = document.createElement("script");
          script.src = origin + "evil.js";
          document.head.append(script);
          const inline = document.createElement("script");
          inline.textContent = "window.inline = 'ran';";
          document.head.append(inline);
          const image = document.createElement("img");
          image.src = origin + "pixel.svg";
          document.body.append(image);
          return fetch(origin + "data.json").then(() => "fetched", () => "refused");
        }""",
        other.url,
    )
    assert fetched == "refused"
    for directive in ("script-src-elem", "img-src", "connect-src"):
        expect(page.locator("html")).to_have_attribute("data-csp-violated", re.compile(directive))
    page.wait_for_timeout(300)  # room for evil.js to run, were it allowed
    assert page.evaluate("[window.evil, window.inline]") == [None, None]
    blocked = {violation["blocked"] for violation in page.evaluate("window.cspViolations")}
    assert {other.url + "evil.js", other.url + "pixel.svg", other.url + "data.json", "inline"} <= blocked
    assert not any(url.startswith(other.url) for url in answered)  # refused before the other origin answered

    refusals = [error for error in console_log.errors if "Content Security Policy" in error]
    assert len(refusals) >= 3
    console_log.errors[:] = [error for error in console_log.errors if error not in refusals]  # expected here


ALLOWED = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; worker-src 'self'; manifest-src 'self'; "
           "base-uri 'none'; form-action 'none'; connect-src " + " ".join(DEFAULT_RELAYS))


@pytest.mark.parametrize(
    "allowed, weakened, violated, blocked",
    [
        ("script-src 'self'", "script-src 'none'", "script-src-elem", None),
        ("style-src 'self'", "style-src 'none'", "style-src-elem", None),
        ("img-src 'self'", "img-src 'none'", "img-src", None),
        # the worker that runs Python is refused: the page never becomes ready
        ("worker-src 'self'", "worker-src 'none'", "worker-src", {"/assets/js/worker.mjs"}),
        ("manifest-src 'self'", "manifest-src 'none'", "manifest-src", None),
    ],
)
def test_each_allowed_source_is_needed(
    browser: Browser, site_server: Callable[..., Any], tmp_path: Path, network_guard: NetworkGuard,
    allowed: str, weakened: str, violated: str, blocked: set[str] | None,
) -> None:
    match = META.search(PAGE)
    assert match and match.group(1) == ALLOWED and allowed in ALLOWED
    weakened_page = PAGE.replace(match.group(0), match.group(0).replace(allowed, weakened, 1))
    # build/ too: the bundle, and the standard library runtime.mjs gives Pyodide (scripts/stdlib.py)
    for name in ("assets", "build", "py", "manifest.webmanifest", "sw.js"):
        (tmp_path / name).symlink_to(ROOT / name)
    (tmp_path / "index.html").write_text(weakened_page, encoding="utf-8")
    server = site_server(tmp_path, live_precache=True)
    # only the worker-src case needs the service worker (registered once Python is ready)
    context = browser.new_context(service_workers="allow" if violated == "worker-src" else "block")
    try:
        network_guard.watch(context)
        context.add_init_script(VIOLATIONS)
        page = context.new_page()
        page.goto(server.url + "?game=double-h&seed=7")
        if violated == "manifest-src":  # Chromium fetches the manifest when it is needed, as for installing
            context.new_cdp_session(page).send("Page.getAppManifest")
        expect(page.locator("html")).to_have_attribute(
            "data-csp-violated", re.compile(rf"(^| ){violated}( |$)"),
            timeout=BOOT_TIMEOUT_MS if violated == "worker-src" else 30_000,
        )
        if blocked is not None:  # the boot fails
            seen = {v["blocked"] for v in page.evaluate("window.cspViolations") if v["directive"] == violated}
            assert any(uri.endswith(tuple(blocked)) for uri in seen), seen
            expect(page.locator("body")).not_to_have_attribute("data-ready", "1")
    finally:
        context.close()
