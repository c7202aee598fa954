"""Boot time of Kabale against a bare PyScript page on the same vendored runtime.

In headless Chromium (Debian's), served on 127.0.0.1 by scripts/serve.py:
* cold: a fresh browser context per load (empty HTTP cache, no service
  worker), at least 5 loads;
* warm: a reload in the same context. For the bare page that is the HTTP
  cache; for Kabale, once its service worker has precached the site, the
  worker serves every file (what a returning player gets);
* warm offline (Kabale): one more reload with the context offline, served by
  the service worker alone.
For each, the time from navigation to the first contentful paint (the static
skeleton) and to the ready marker (``document.body.dataset.ready == "1"``).
Also: whether every offline reload booted, and the precache's size.

Goals (issue 2): Kabale ready / bare ready <= 1.10 cold;
skeleton painted / bare ready <= 0.10.

Usage: .venv/bin/python bench/boot.py [--runs N]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from playwright.sync_api import BrowserContext, Page, expect, sync_playwright  # noqa: E402

import precache  # noqa: E402
from browser import launch  # noqa: E402
from serve import serve_in_thread  # noqa: E402

# Records, relative to navigation start, when the ready marker appears.
READY_PROBE = """
(() => {
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
  return {painted: paint ? paint.startTime : null, ready: window.__readyAt};
}
"""

PAGES = {"kabale": "index.html", "bare": "bench/bare/index.html"}


SERVICE_WORKER_READY = "navigator.serviceWorker.ready.then((registration) => registration.scope)"


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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    server, base = serve_in_thread(ROOT, 0, live_precache=True)
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
        browser.close()
    server.shutdown()

    medians = {name: {key: statistics.median(values) for key, values in bucket.items()} for name, bucket in results.items()}
    kabale, bare = medians["kabale"], medians["bare"]
    report = {
        "runs": args.runs,
        "median_ms": {name: {key: round(value, 1) for key, value in figures.items()} for name, figures in medians.items()},
        "offline_boot": "yes" if offline_boots and all(offline_boots) else f"no ({offline_boots.count(False)} of {len(offline_boots)} failed)",
        "precache": {"files": len(manifest.files), "bytes": manifest.bytes, "megabytes": round(manifest.bytes / 1e6, 2)},
        "ratios": {
            "cold_ready_kabale_over_bare": round(kabale["cold_ready"] / bare["cold_ready"], 3),
            "warm_ready_kabale_over_bare": round(kabale["warm_ready"] / bare["warm_ready"], 3),
            "cold_skeleton_painted_over_bare_ready": round(kabale["cold_painted"] / bare["cold_ready"], 3),
            "kabale_warm_offline_ready_over_cold_ready": round(kabale["warm_offline_ready"] / kabale["cold_ready"], 3)
            if "warm_offline_ready" in kabale else None,
        },
        "goals": {"cold_ready_kabale_over_bare": "<= 1.10", "cold_skeleton_painted_over_bare_ready": "<= 0.10"},
    }
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
