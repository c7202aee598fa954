// The Python runtime as pyscript.toml names it: Pyodide, without its package lock file.
//
// Pyodide fetches pyodide-lock.json (119 KB, the index of its 357 optional
// packages) at every start unless it is given the lock's contents. Kabale
// loads no package (pyscript.toml has no `packages`, and only the runtime's
// five boot files are vendored, so no package could be loaded anyway), so an
// empty index with the runtime's own "info" is what Pyodide needs: it checks
// that info's ABI version against its own, and nothing else. PyScript 0.7.31
// has no setting for this, but it imports `loadPyodide` and `version` from the
// interpreter module it is told to use, so this module passes them on with the
// lock given and the runtime's folder as Pyodide's indexURL (PyScript would
// otherwise take this file's folder). tests/unit/test_precache.py checks LOCK_INFO
// against the vendored lock file, so an upgrade of Pyodide cannot leave it stale.
//
// Warm starts restore a memory snapshot of Pyodide just after its start
// instead of running Python's own start-up: ready sooner, and the main thread
// blocked far less (bench/boot.py). The snapshot is not downloaded (it was 31 MB,
// 4.8 MB with brotli: more than half of a first visit): the browser makes it.
// On a start served by the service worker that found no snapshot, once the page
// has been idle a while, a module worker (assets/js/snapshot.mjs) starts a second
// Pyodide with `_makeSnapshot`, off the main thread, from the files the service
// worker already keeps (no request leaves the browser), and hands the memory to
// the service worker, which keeps it in the release's own cache (sw.js): so each
// release makes it once, from the very runtime and standard library it serves. A
// first visit (no worker yet) neither uses nor makes one. A snapshot that is
// missing or that Pyodide refuses means a usual start, never a failed one.
// Python's `random` was seeded when the snapshot was taken, so it is seeded
// again from the system's randomness: each start deals differently.
//
// The standard library is build/python_stdlib.zip (scripts/stdlib.py), not the
// vendored one: only the modules Kabale can import, precompiled (.pyc) by this
// very Pyodide, so a cold start does not compile 2.6 MB of Python source on the
// main thread (ready about 2x sooner: bench/stdlib_pyc.py). The snapshot is made
// from that same zip, as it must be.

import { loadPyodide as loadVendoredPyodide, version } from "../vendor/pyodide-314.0.7/pyodide.mjs";

export { version };

export const INDEX_URL = new URL("../vendor/pyodide-314.0.7/", import.meta.url).href;

export const LOCK_INFO = {"abi_version": "2026_0", "arch": "wasm32", "platform": "emscripten_5_0_3", "python": "3.14.2"};

export const STDLIB_URL = new URL("../../build/python_stdlib.zip", import.meta.url).href;

export const SNAPSHOT_URL = new URL("../../build/pyodide-snapshot.bin", import.meta.url).href;

// How long after a usual start the page waits before it makes the snapshot (then
// for an idle moment): the player's first clicks come first.
const SNAPSHOT_AFTER_MS = 4000;

// At most this many tries at making the snapshot per release: where it keeps failing
// (a worker short of memory, a browser that cannot), each start would otherwise spend
// seconds of CPU on a second runtime. The service worker counts them in the release's
// cache (a "snapshot-try" message), so a new release tries again.
export const SNAPSHOT_TRIES = 3;
export const SNAPSHOT_TRIES_URL = new URL("../../build/pyodide-snapshot-tries.json", import.meta.url).href;

async function snapshotTries() {
  try {
    const response = await caches.match(SNAPSHOT_TRIES_URL);
    return response ? Number(await response.json()) || 0 : 0;
  } catch {
    return 0;
  }
}

function served() {
  return Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);
}

async function warmSnapshot() {
  if (!served() || !self.caches) return null;
  try {
    // from the service worker's cache itself: no request, so no 404 logged while there is none
    const response = await caches.match(SNAPSHOT_URL);
    return response ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch {
    return null;
  }
}

/** Pyodide's settings for this site: its runtime, standard library and empty lock. */
export function settingsFor(options = {}) {
  const lock = options.lockFileContents || options.lockFileURL ? {} : {
    lockFileContents: JSON.stringify({ info: LOCK_INFO, packages: {} }),
    // where a package would come from if one were ever asked for: this site, never a CDN
    packageBaseUrl: INDEX_URL,
  };
  return { ...options, indexURL: INDEX_URL, stdLibURL: STDLIB_URL, ...lock };
}

/** A fresh Pyodide's memory just after its start (run in assets/js/snapshot.mjs, a worker). */
export async function makeMemorySnapshot() {
  const pyodide = await loadVendoredPyodide({ ...settingsFor(), _makeSnapshot: true });
  return pyodide.makeMemorySnapshot();
}

/** Later, on an idle moment, have a worker make the snapshot and give it to the service worker. */
function keepSnapshotLater() {
  const make = async () => {
    if (!served() || (await snapshotTries()) >= SNAPSHOT_TRIES) return;
    navigator.serviceWorker.controller.postMessage({ type: "snapshot-try" });
    const worker = new Worker(new URL("./snapshot.mjs", import.meta.url), { type: "module" });
    worker.addEventListener("message", ({ data }) => {
      worker.terminate();
      const controller = navigator.serviceWorker.controller;
      if (data instanceof Uint8Array && controller) {
        controller.postMessage({ type: "snapshot", memory: data }, [data.buffer]);
      }
    });
    worker.addEventListener("error", () => worker.terminate());
  };
  const idle = () => ("requestIdleCallback" in window ? requestIdleCallback(make, { timeout: 10_000 }) : make());
  setTimeout(idle, SNAPSHOT_AFTER_MS);
}

export async function loadPyodide(options = {}) {
  const settings = settingsFor(options);
  const memory = await warmSnapshot();
  if (memory) {
    try {
      const pyodide = await loadVendoredPyodide({ ...settings, _loadSnapshot: memory });
      pyodide.runPython("import random\nrandom.seed()");
      performance.mark("kabale-snapshot-restored"); // for the tests and benchmarks
      return pyodide;
    } catch (error) {
      console.warn("Kabale starts without its memory snapshot:", error);
    }
  }
  const pyodide = await loadVendoredPyodide(settings);
  if (served() && typeof Worker === "function") keepSnapshotLater();
  return pyodide;
}
