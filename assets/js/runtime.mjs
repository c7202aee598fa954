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
// Warm starts restore a memory snapshot (build/pyodide-snapshot.bin, made by
// scripts/snapshot.py from this very runtime) instead of running Python's own
// start-up: ready about 3x sooner, and the page's main thread no longer blocked
// for seconds. The snapshot is 31 MB (5 MB compressed), so it is used only when
// the service worker serves the page (it precached the snapshot after the first
// visit, in the background); a first visit starts as usual. A snapshot that is
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

async function warmSnapshot() {
  if (!navigator.serviceWorker || !navigator.serviceWorker.controller) return null;
  try {
    const response = await fetch(SNAPSHOT_URL);
    return response.ok ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch {
    return null; // not precached (make setup made none) and offline: a usual start
  }
}

export async function loadPyodide(options = {}) {
  const lock = options.lockFileContents || options.lockFileURL ? {} : {
    lockFileContents: JSON.stringify({ info: LOCK_INFO, packages: {} }),
    // where a package would come from if one were ever asked for: this site, never a CDN
    packageBaseUrl: INDEX_URL,
  };
  const settings = { ...options, indexURL: INDEX_URL, stdLibURL: STDLIB_URL, ...lock };
  const memory = await warmSnapshot();
  if (memory) {
    try {
      const pyodide = await loadVendoredPyodide({ ...settings, _loadSnapshot: memory });
      pyodide.runPython("import random\nrandom.seed()");
      return pyodide;
    } catch (error) {
      console.warn("Kabale starts without its memory snapshot:", error);
    }
  }
  return loadVendoredPyodide(settings);
}
