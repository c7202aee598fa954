"""What a page of Kabale costs the tests' browser: a context's first boot, a warm boot (the memory
snapshot restored), and an in-app change of table (Back and Forward's way), in wall time and in CPU
of the browser's processes by kind, Playwright's driver and this script.

    python bench/page_cost.py [--boots 4] [--changes 4]

Why: `make test` runs on 2 cores and is CPU-bound (issue 29's 8 minutes); a browser test's boot is
most of its cost. Chromium runs as tests/e2e/conftest.py launches it (Liftoff only), with and
without reduced motion (helpers.STILL). The CPU is read from /proc for the processes under this one,
so another browser on the machine is not counted.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from browser import ARGS, CHROMIUM

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))

from playwright.sync_api import sync_playwright  # noqa: E402

from serve import ROOT, serve_in_thread  # noqa: E402

#: The tests' flag (tests/e2e/conftest.py): Pyodide's wasm on V8's baseline compiler alone.
TEST_ARGS = [*ARGS, "--js-flags=--liftoff-only"]
#: An address inside the app, as Back and Forward go (tests/e2e/test_fit.py's GO).
GO = ("async query => { history.pushState(null, '', location.pathname + query);"
      " dispatchEvent(new PopStateEvent('popstate')); await window.kabalePage.settled(); }")
QUERIES = ["?game=double-h&seed=5", "?game=patience&seed=8", "?game=kabalam&seed=3", "?game=double-h&seed=7"]
TICK = os.sysconf("SC_CLK_TCK")

#: A process's CPU seconds by (pid, kind).
Sample = dict[tuple[str, str], float]


def kind_of(argv: list[str]) -> str:
    """Chromium's process kind (browser, renderer, gpu-process, utility:NetworkService...), or the program's name."""
    if not argv or "chromium" not in argv[0]:
        return Path(argv[0]).name if argv else "?"
    kind = next((arg.split("=", 1)[1] for arg in argv if arg.startswith("--type=")), "browser")
    sub = next((arg.split("=", 1)[1] for arg in argv if arg.startswith("--utility-sub-type=")), "")
    return f"{kind}:{sub.rsplit('.', 1)[-1]}" if sub else kind


def sample() -> Sample:
    """The CPU seconds of this process and every process under it."""
    parents: dict[str, str] = {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            parents[pid] = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1]
        except OSError:
            continue
    me = str(os.getpid())
    found: Sample = {}
    for pid in parents:
        above, hops = pid, 0
        while above in parents and above != me and hops < 64:
            above, hops = parents[above], hops + 1
        if above != me:
            continue
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            argv = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b" ", b"\0").decode(errors="replace").split("\0")
        except OSError:
            continue
        found[(pid, "this script" if pid == me else kind_of(argv))] = (int(fields[11]) + int(fields[12])) / TICK
    return found


def spent(before: Sample, after: Sample) -> dict[str, float]:
    """CPU seconds by kind between two samples: a process's growth, the whole of one that began
    since; one that ended is left out (its last seconds are not known)."""
    by_kind: dict[str, float] = {}
    for key, seconds in after.items():
        by_kind[key[1]] = by_kind.get(key[1], 0.0) + seconds - before.get(key, 0.0)
    return {kind: round(seconds, 2) for kind, seconds in sorted(by_kind.items()) if seconds >= 0.005}


def measure(url: str, motion: str, boots: int, changes: int) -> list[str]:
    lines = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=TEST_ARGS)
        # as the tests' shared contexts: their policy bypassed, the first snapshot handed over at once
        context = browser.new_context(reduced_motion=motion, bypass_csp=True)  # type: ignore[arg-type]
        context.add_init_script("window.kabaleSnapshotAfterMs = 0;")
        page = None
        for boot in range(boots + 1):
            if page is not None:
                page.close()
            before, started = sample(), time.perf_counter()
            page = context.new_page()
            page.goto(url + QUERIES[0])
            page.wait_for_function("document.body.dataset.ready === '1'", timeout=120_000)
            ready = time.perf_counter() - started
            page.wait_for_timeout(4000 if boot == 0 else 1000)  # the first hands its snapshot over
            cpu = spent(before, sample())
            what = "first boot" if boot == 0 else "warm boot"
            lines.append(f"{motion:13} {what:17} ready {ready:5.2f} s  CPU {sum(cpu.values()):5.2f} s  {cpu}")
        assert page is not None
        for query in QUERIES[1:1 + changes]:
            before, started = sample(), time.perf_counter()
            page.evaluate(GO, query)
            took = time.perf_counter() - started
            page.wait_for_timeout(500)
            cpu = spent(before, sample())
            lines.append(f"{motion:13} {'in-app ' + query.split('&')[0][6:]:17} drawn {took:5.2f} s  "
                         f"CPU {sum(cpu.values()):5.2f} s  {cpu}")
        browser.close()
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boots", type=int, default=4, help="warm boots after the context's first")
    parser.add_argument("--changes", type=int, default=3, help="in-app changes of table after them")
    args = parser.parse_args()
    server, url = serve_in_thread(ROOT, 0, live_precache=True)
    try:
        for motion in ("no-preference", "reduce"):
            for line in measure(url, motion, args.boots, args.changes):
                print(line, flush=True)
    finally:
        server.shutdown()
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
