"""Where a cold start's time goes, Kabale against the bare page on its runtime (issue 15).

bench/boot.py gives the whole page's ready time, which on this shared machine swings
with the load more than a change does. This gives the phases, from cold loads of both
pages taken alternately (a fresh browser context each, 127.0.0.1, served as `make play`
serves the checkout), in ms from navigation start:

* ``asked``: when the wasm (pyodide.asm.wasm) was asked for (its resource timing): the
  runtime starting to download, the end of what comes before it;
* ``main``: when py/main.py began to run (Kabale only; the bare page's one line is its ready);
* ``imported``: when ``kabale.web.app`` was imported; ``ready``: the ready marker;
* the imports of the lobby per module (its own time: the time of the modules it imports
  taken out), and which modules were already loaded when py/main.py began.

Kabale's py/main.py is timed without changing it: the browser is handed, in its place, a
copy with a clock around each step and an import timer put first on ``sys.meta_path``
(so what is timed is the page's own code, served the same way).

--variant FILE loads a changed copy of index.html as a third page (written under
bench/results/variant/ by boot.write_variant), alternated with the other two.

Usage: .venv/bin/python bench/boot_timeline.py [--runs N] [--modules] [--variant FILE]

Figures (2026-12-01, round 8; 2 cores shared by four engineers, load average 12-26
throughout, so whole-page ready times of 2.5-15 s spread far more than any change):

* The lobby's imports, each module's own time (median of 4 cold loads, load 16-18):
  saved 84 ms, app 39, settings 28.5, store 15, tables 14, routes 10, the other 14
  together about 6. The first five are nearly all dataclasses, whose methods Python
  writes and compiles (exec) as each class is made: saved has seven, store three,
  routes two, settings and tables one. 212 modules were loaded before py/main.py
  began, dataclasses, inspect, json, typing and asyncio among them: importing them
  costs the lobby nothing.
* Before the runtime is asked for, the wasm asked for at 564 ms against the bare
  page's 288 (6 loads, load 14-18). A trace of fetch(), IndexedDB and paint showed
  core.js waiting for the module scripts before it, which came in behind the big
  preloads, and the modulepreload of pyodide.asm.mjs compiling 1.25 MB on the main
  thread first: mended in index.html (its comment has the figures).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "bench"))

from playwright.sync_api import BrowserContext, Route, expect, sync_playwright  # noqa: E402

import serve  # noqa: E402
from boot import write_variant  # noqa: E402
from browser import launch  # noqa: E402

#: Put before py/main.py's own text: a clock, and an import timer that records each
#: module's cumulative import time (its own is worked out afterwards).
TIMER = '''
import sys as _s, time as _t, js as _js
_js.performance.mark("kabale-main")
_T0 = _t.perf_counter()
_BEFORE = sorted(_s.modules)
_TIMES = []
class _Timed:
    def find_spec(self, name, path=None, target=None):
        for finder in _s.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(name, path, target)
            if spec is not None:
                loader = spec.loader
                if loader is not None and hasattr(loader, "exec_module"):
                    run = loader.exec_module
                    class _L:
                        def __getattr__(self, attr):
                            return getattr(loader, attr)
                        def create_module(self, spec):
                            return loader.create_module(spec)
                        def exec_module(self, module):
                            start = _t.perf_counter()
                            _TIMES.append([name, start, None])
                            entry = _TIMES[-1]
                            try:
                                run(module)
                            finally:
                                entry[2] = _t.perf_counter()
                    spec.loader = _L()
                return spec
        return None
_s.meta_path.insert(0, _Timed())
'''

AFTER_IMPORT = '''
_js.performance.mark("kabale-imported")
'''

AFTER_START = '''
_js.performance.mark("kabale-started")
_s.meta_path[:] = [f for f in _s.meta_path if not isinstance(f, _Timed)]
import json as _json
_js.window.__kabaleImports = _json.dumps({"before": _BEFORE, "times": [[n, a - _T0, b - _T0] for n, a, b in _TIMES]})
'''

PAGES = {"kabale": "index.html", "bare_trimmed": "bench/bare/trimmed/index.html"}

PHASES = """
() => {
  const at = (name) => { const e = performance.getEntriesByName(name); return e.length ? e[0].startTime : null; };
  const res = (suffix) => {
    const e = performance.getEntriesByType("resource").find((r) => r.name.split("?")[0].endsWith(suffix));
    return e ? e.startTime : null;
  };
  return {asked: res("pyodide.asm.wasm"), stdlib: res("python_stdlib.zip"), main_py: res("py/main.py"),
          pyodide_mjs: res("pyodide.mjs"), core_js: res("core.js"),
          main: at("kabale-main"), imported: at("kabale-imported"), started: at("kabale-started"),
          painted: at("first-contentful-paint"), ready: window.__readyAt ?? null,
          imports: window.__kabaleImports ?? null};
}
"""

READY_PROBE = """
new MutationObserver(() => {
  if (document.body && document.body.dataset.ready === "1" && !window.__readyAt) window.__readyAt = performance.now();
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-ready"]});
"""


def timed_main() -> str:
    """py/main.py with the timer put first and a mark after its import and after start()."""
    text = (ROOT / "py" / "main.py").read_text(encoding="utf-8")
    head, sep, tail = text.partition("from kabale.web.app import start")
    if not sep or "start()" not in tail:
        raise RuntimeError("py/main.py no longer imports start from kabale.web.app")
    before, _, after = tail.partition("start()")
    return TIMER + head + sep + before + AFTER_IMPORT + "start()" + AFTER_START + after


def own_times(times: list[list[Any]]) -> dict[str, float]:
    """Each module's own import time in ms: its cumulative time less that of the imports inside it."""
    own: dict[str, float] = {}
    for index, (name, start, end) in enumerate(times):
        inner = 0.0
        last_end = start
        for other, other_start, other_end in times[index + 1:]:
            if other_start >= end:
                break
            if other_start >= last_end:  # a direct child (not one nested in an earlier child)
                inner += other_end - other_start
                last_end = other_end
        own[name] = (end - start - inner) * 1000
    return own


def load(context: BrowserContext, url: str) -> dict[str, Any]:
    page = context.new_page()
    page.goto(url)
    expect(page.locator("body")).to_have_attribute("data-ready", "1", timeout=120_000)
    for _ in range(100):
        figures: dict[str, Any] = page.evaluate(PHASES)
        if figures["ready"] is not None and (figures["imports"] is not None or "bare" in url):
            return figures
        page.wait_for_timeout(10)
    raise RuntimeError("no ready time")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=6)
    parser.add_argument("--modules", action="store_true", help="list each module's own import time")
    parser.add_argument("--variant", type=Path, help="a changed copy of index.html, loaded as a third page")
    args = parser.parse_args()
    if args.variant:
        PAGES["variant"] = write_variant("variant", args.variant.read_text(encoding="utf-8"))
    body = timed_main()
    server, base = serve.serve_in_thread(ROOT, 0, live_precache=True)
    results: dict[str, list[dict[str, Any]]] = {name: [] for name in PAGES}
    load_before = os.getloadavg()
    with sync_playwright() as playwright:
        browser = launch(playwright)

        def handle(route: Route) -> None:
            route.fulfill(status=200, body=body, headers={"content-type": "text/x-python; charset=utf-8",
                                                          "access-control-allow-origin": "*"})

        warm = browser.new_context()
        warm.add_init_script(READY_PROBE)
        load(warm, base + PAGES["bare_trimmed"])
        warm.close()
        for _ in range(args.runs):
            for name, path in PAGES.items():
                context = browser.new_context()
                context.add_init_script(READY_PROBE)
                if name != "bare_trimmed":
                    context.route("**/py/main.py", handle)
                results[name].append(load(context, base + path))
                context.close()
        browser.close()
    server.shutdown()
    server.server_close()

    report: dict[str, Any] = {"runs": args.runs, "load_before": [round(x, 1) for x in load_before],
                              "load_after": [round(x, 1) for x in os.getloadavg()]}
    for name, loads in results.items():
        keys = [k for k in loads[0] if k != "imports" and all(load[k] is not None for load in loads)]
        report[name] = {k: round(statistics.median(load[k] for load in loads)) for k in keys}
        report[name]["each_asked"] = [round(load["asked"]) for load in loads]
        report[name]["each_ready"] = [round(load["ready"]) for load in loads]
    for name in [n for n in PAGES if n != "bare_trimmed"]:
        loads = results[name]
        report[name]["main_to_imported"] = round(statistics.median(r["imported"] - r["main"] for r in loads))
        report[name]["imported_to_ready"] = round(statistics.median(r["ready"] - r["imported"] for r in loads))
        report[name]["asked_to_main"] = round(statistics.median(r["main"] - r["asked"] for r in loads))
        report[name]["ratio_ready"] = round(report[name]["ready"] / report["bare_trimmed"]["ready"], 3)
    kabale = results["kabale"]
    report["bare_trimmed"]["asked_to_ready"] = round(statistics.median(r["ready"] - r["asked"] for r in results["bare_trimmed"]))
    report["ratio_ready"] = round(report["kabale"]["ready"] / report["bare_trimmed"]["ready"], 3)
    report["ratio_ready_pairs"] = [round(k["ready"] / b["ready"], 2) for k, b in zip(kabale, results["bare_trimmed"])]
    imports = [json.loads(r["imports"]) for r in kabale]
    report["modules_before_main"] = len(imports[0]["before"])
    mine = [[n for n, *_ in i["times"]] for i in imports]
    report["modules_imported"] = len(mine[0])
    if args.modules:
        owns = [own_times(i["times"]) for i in imports]
        names = sorted(set().union(*owns), key=lambda n: -statistics.median(o.get(n, 0) for o in owns))
        report["own_ms"] = {n: round(statistics.median(o.get(n, 0) for o in owns), 1) for n in names}
        report["before_main"] = imports[0]["before"]
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
