"""Boot time and bytes of Kabale against a bare PyScript page on the same vendored runtime.

In headless Chromium (Debian's), served on 127.0.0.1 by scripts/serve.py:
* cold: a fresh browser context per load (empty HTTP cache, no service
  worker: what a private window gets), at least 5 loads;
* warm: a reload in the same context. For the bare page that is the HTTP
  cache; for Kabale, once its service worker has precached the site, the
  worker serves every file (what a returning player gets);
* warm offline (Kabale): one more reload with the context offline, served by
  the service worker alone (what an installed app gets offline).
For each: the first contentful paint (the static skeleton), the ready marker
(``document.body.dataset.ready == "1"``) and the longest main-thread block
(the longest gap between animation frames from navigation to ready), all in
ms from navigation start.

Bytes on the wire are counted by the server itself (what it wrote, headers
included), for a whole first visit of Kabale: the page's boot and then the
service worker's precaching (of which the memory snapshot, which only warm
starts use, is shown apart). Once from this checkout as `make play` serves it
(gzip made on the fly) and once from a `make dist` folder (its brotli files,
when it has them), each with the number of times the 9.6 MB wasm went out
(the goal: 1).

Goals (issue 15): Kabale ready / bare ready <= 1.00 cold; warm offline
<= 0.5 x cold; a first visit <= 7 MB on the wire from dist/.

Usage: .venv/bin/python bench/boot.py [--runs N]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright  # noqa: E402

import dist  # noqa: E402
import precache  # noqa: E402
import serve  # noqa: E402
from browser import launch  # noqa: E402

# Records, relative to navigation start, when the ready marker appears, and the
# longest gap between animation frames until then (the main thread blocked).
READY_PROBE = """
(() => {
  let last = performance.now();
  window.__longestBlock = 0;
  const frame = (now) => {
    window.__longestBlock = Math.max(window.__longestBlock, now - last);
    last = now;
    if (!window.__readyAt) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  const mark = () => {
    if (document.body && document.body.dataset.ready === "1" && !window.__readyAt) {
      window.__readyAt = performance.now();
    }
  };
  new MutationObserver(mark).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-ready"]});
})();
"""

MEASURE = """
() => {
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  return {painted: paint ? paint.startTime : null, ready: window.__readyAt, block: window.__longestBlock};
}
"""

PAGES = {"kabale": "index.html", "bare": "bench/bare/index.html"}
WASM = "pyodide.asm.wasm"

SERVICE_WORKER_READY = "navigator.serviceWorker.ready.then((registration) => registration.scope)"


class Traffic:
    """What the server wrote: bytes per request path, counted at the socket."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.requests: list[tuple[str, int]] = []

    def reset(self) -> None:
        with self.lock:
            self.requests.clear()

    def total(self) -> int:
        with self.lock:
            return sum(size for _, size in self.requests)

    def bytes_of(self, suffix: str) -> int:
        with self.lock:
            return sum(size for path, size in self.requests if path.split("?")[0].endswith(suffix))

    def count(self, suffix: str) -> int:
        """How many responses to ``suffix`` carried a body of more than 1 kB (not a 304)."""
        with self.lock:
            return sum(1 for path, size in self.requests if path.split("?")[0].endswith(suffix) and size > 1000)


def counting_handler(traffic: Traffic) -> None:
    """Count every byte serve.StaticHandler writes (its socket writer wrapped)."""

    class Counter:
        def __init__(self, raw: Any) -> None:
            self.raw, self.bytes = raw, 0

        def write(self, data: bytes) -> int:
            self.bytes += len(data)
            written: int = self.raw.write(data)
            return written

        def __getattr__(self, name: str) -> Any:
            return getattr(self.raw, name)

    handler = serve.StaticHandler
    if getattr(handler, "_counted", False):
        return
    original_setup, original_finish = handler.setup, handler.finish

    def setup(self: Any) -> None:
        original_setup(self)
        self.wfile = Counter(self.wfile)

    def finish(self: Any) -> None:
        counter = self.wfile
        try:
            original_finish(self)
        finally:
            if isinstance(counter, Counter):
                with traffic.lock:
                    traffic.requests.append((getattr(self, "path", "?"), counter.bytes))

    handler.setup, handler.finish = setup, finish  # type: ignore[method-assign]
    handler._counted = True  # type: ignore[attr-defined]


def load(context: BrowserContext, url: str, reload: bool = False) -> dict[str, float | None]:
    page = context.pages[0] if reload and context.pages else context.new_page()
    if reload:
        page.reload()
    else:
        page.goto(url)
    # a locator, not wait_for_function: the page's CSP refuses string evaluation
    expect(page.locator("body")).to_have_attribute("data-ready", "1", timeout=120_000)
    return measure(page)


def measure(page: Page) -> dict[str, float | None]:
    for _ in range(100):  # the probe's observer runs just after the attribute is set
        result: dict[str, float | None] = page.evaluate(MEASURE)
        if result["ready"] is not None:
            return result
        page.wait_for_timeout(10)
    raise RuntimeError("the ready probe never fired")


def first_visit_bytes(browser: Browser, site: Path, traffic: Traffic, live: bool) -> dict[str, Any]:
    """One first visit of Kabale (fresh context), boot and precaching, as the server saw it."""
    server, base = serve.serve_in_thread(site, 0, live_precache=live)
    try:
        context = browser.new_context()
        traffic.reset()
        page = context.new_page()
        page.goto(base)
        expect(page.locator("body")).to_have_attribute("data-ready", "1", timeout=120_000)
        page.evaluate(SERVICE_WORKER_READY)
        page.wait_for_timeout(500)  # the last responses written
        encoding = page.evaluate("""async () => {
            const r = performance.getEntriesByType("resource").find((e) => e.name.endsWith("pyodide.asm.wasm"));
            return r ? {transfer: r.transferSize, body: r.encodedBodySize, decoded: r.decodedBodySize} : null;
        }""")
        context.close()
        snapshot = traffic.bytes_of(precache.SNAPSHOT)
        return {
            "first_visit_bytes": traffic.total(),
            "first_visit_megabytes": round(traffic.total() / 1e6, 2),
            "of_which_snapshot_megabytes": round(snapshot / 1e6, 2),  # by the worker, after ready
            "before_snapshot_megabytes": round((traffic.total() - snapshot) / 1e6, 2),
            "wasm_sent": traffic.count(WASM),
            "page_wasm_entry": encoding,
        }
    finally:
        server.shutdown()
        server.server_close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    traffic = Traffic()
    counting_handler(traffic)
    server, base = serve.serve_in_thread(ROOT, 0, live_precache=True)
    manifest = precache.build(ROOT)
    results: dict[str, dict[str, list[float]]] = {}
    offline_boots: list[bool] = []
    with sync_playwright() as playwright:
        browser = launch(playwright)
        # one throw-away load so the OS file cache is warm for everyone alike
        warmup = browser.new_context()
        warmup.add_init_script(READY_PROBE)
        load(warmup, base + PAGES["bare"])
        warmup.close()
        for run in range(args.runs):
            for name, path in PAGES.items():  # interleaved, so drift hits both alike
                context = browser.new_context()
                context.add_init_script(READY_PROBE)
                phases = {"cold": load(context, base + path)}
                if name == "kabale":
                    context.pages[0].evaluate(SERVICE_WORKER_READY)  # precached: the worker serves from now on
                phases["warm"] = load(context, base + path, reload=True)
                if name == "kabale":
                    context.set_offline(True)
                    try:
                        phases["warm_offline"] = load(context, base + path, reload=True)
                        offline_boots.append(True)
                    except AssertionError:
                        offline_boots.append(False)
                context.close()
                bucket = results.setdefault(name, {})
                for phase, figures in phases.items():
                    for key, value in figures.items():
                        if value is not None:
                            bucket.setdefault(f"{phase}_{key}", []).append(value)
        server.shutdown()
        server.server_close()
        wire: dict[str, Any] = {"checkout (make play)": first_visit_bytes(browser, ROOT, traffic, live=True)}
        with tempfile.TemporaryDirectory() as folder:
            target = Path(folder) / "dist"
            dist.build(target)
            wire["dist/"] = first_visit_bytes(browser, target, traffic, live=False)
        browser.close()

    medians = {name: {key: statistics.median(values) for key, values in bucket.items()} for name, bucket in results.items()}
    kabale, bare = medians["kabale"], medians["bare"]
    report = {
        "runs": args.runs,
        "median_ms": {name: {key: round(value, 1) for key, value in figures.items()} for name, figures in medians.items()},
        "offline_boot": "yes" if offline_boots and all(offline_boots) else f"no ({offline_boots.count(False)} of {len(offline_boots)} failed)",
        "precache": {"files": len(manifest.files), "bytes": manifest.bytes, "megabytes": round(manifest.bytes / 1e6, 2)},
        "wire": wire,
        "ratios": {
            "cold_ready_kabale_over_bare": round(kabale["cold_ready"] / bare["cold_ready"], 3),
            "warm_ready_kabale_over_bare": round(kabale["warm_ready"] / bare["warm_ready"], 3),
            "cold_skeleton_painted_over_bare_ready": round(kabale["cold_painted"] / bare["cold_ready"], 3),
            "kabale_warm_ready_over_cold_ready": round(kabale["warm_ready"] / kabale["cold_ready"], 3),
            "kabale_warm_offline_ready_over_cold_ready": round(kabale["warm_offline_ready"] / kabale["cold_ready"], 3)
            if "warm_offline_ready" in kabale else None,
        },
        "goals": {
            "cold_ready_kabale_over_bare": "<= 1.00",
            "kabale_warm_offline_ready_over_cold_ready": "<= 0.5",
            "dist first_visit_megabytes": "<= 7",
        },
    }
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
