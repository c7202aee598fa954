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
// Warm starts restore a memory snapshot of Pyodide just after its start (and the app's
// imports: kabale.web.preload) instead of running Python's own start-up: ready sooner, and the main thread
// blocked far less (bench/boot.py). The snapshot is not downloaded (it was 31 MB,
// 4.8 MB with brotli: more than half of a first visit): the browser makes it.
//
// Kabale's Python runs in a worker (assets/js/worker.mjs, issue 29), which calls
// ``startPython``: from the snapshot the service worker keeps, where there is one; else
// Python's own start-up with `_makeSnapshot`, restored at once on the module it compiled,
// so that the start also yields the memory for the next one: the page hands it to the
// service worker once idle (assets/js/keep-snapshot.mjs), which keeps it in the release's
// own cache (sw.js): each release makes it from the very runtime and standard library it
// serves. Where making it keeps failing, at most SNAPSHOT_TRIES a release. On a first
// visit the worker also stages the wasm for the service worker's install, as offline.js
// does with the page's own downloads (a private window keeps no 9.6 MB copy). A snapshot
// that is missing or that Pyodide refuses means a usual start, never a failed one.
// Python's `random` was seeded when the snapshot was taken, so it is seeded again from the
// system's randomness: each start deals differently. ``loadPyodide`` is for a page that
// starts Python itself (bench/bare/trimmed, and PyScript, which imports it): the snapshot
// where there is one, else a usual start.
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
  return typeof document === "object" && Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);
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

export const WASM_URL = new URL("pyodide.asm.wasm", INDEX_URL).href;

/**
 * Load Pyodide from a wasm module already compiled (by this thread or another): Pyodide
 * fetches its wasm and instantiates it streaming, with the global fetch() and
 * WebAssembly.instantiateStreaming, and has no setting to be handed a module. So for
 * the length of this one load, a fetch() of the wasm answers with an empty response
 * (nothing goes on the wire) and instantiateStreaming instantiates the given module.
 * If a later Pyodide asks in some other way, it downloads and compiles the wasm itself:
 * slower, never wrong.
 */
async function loadWithModule(module, settings) {
  const realFetch = globalThis.fetch;
  const realInstantiate = WebAssembly.instantiateStreaming;
  const wasm = (input) => String(input instanceof Request ? input.url : input) === WASM_URL;
  globalThis.fetch = function (input, init) {
    return wasm(input) ? Promise.resolve(new Response(new Uint8Array(0))) : realFetch.call(this, input, init);
  };
  WebAssembly.instantiateStreaming = async (response, imports) => {
    const instance = await WebAssembly.instantiate(module, imports);
    return { instance, module };
  };
  try {
    return await loadVendoredPyodide(settings);
  } finally {
    globalThis.fetch = realFetch;
    WebAssembly.instantiateStreaming = realInstantiate;
  }
}

// The cache a first visit stages what it downloads in, for the service worker's install
// to take instead of downloading it again: the name offline.js's STAGING gives it.
const STAGING = "kabale-first-visit";

/**
 * A fresh Pyodide's memory just after its start, and the compiled wasm it ran on: a start
 * given both restores the memory, on code already compiled. ``prepare``, given the fresh Pyodide,
 * runs before its memory is taken (the worker imports the app there: kabale.web.preload).
 * With ``stage``, on a first visit, the wasm is also put
 * where the service worker's install looks for it (as offline.js does for the page's own
 * downloads): a private window keeps no 9.6 MB copy, so the install would download it again.
 */
export async function makeMemorySnapshot({ stage = false, prepare = null } = {}) {
  const response = await fetch(WASM_URL);
  let staged = null;
  if (stage && response.ok && self.caches) {
    const copy = response.clone();
    staged = caches.open(STAGING).then((cache) => cache.put(WASM_URL, copy)).catch(() => {});
  }
  const module = await WebAssembly.compileStreaming(response);
  const pyodide = await loadWithModule(module, { ...settingsFor(), _makeSnapshot: true });
  if (prepare) await prepare(pyodide);
  const memory = pyodide.makeMemorySnapshot();
  await staged; // written before the page is ready, and so before offline.js registers the worker
  return { memory, module };
}

/** Start Pyodide where this module runs: the service worker's snapshot where there is one (a
 * page it serves), else a usual start. For a page that starts Python itself (bench/bare/trimmed,
 * or PyScript, which imports this module as its interpreter); Kabale's page starts Python in its
 * worker instead (``startPython``). */
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
      console.warn("Kabale's snapshot was refused:", error);
    }
  }
  return loadVendoredPyodide(settings);
}

/** The snapshot the service worker keeps for this release, from a worker too (no request). */
async function cachedSnapshot() {
  if (!self.caches) return null;
  try {
    const response = await caches.match(SNAPSHOT_URL);
    return response ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch {
    return null;
  }
}

/**
 * Start Kabale's Python in the worker that runs it (assets/js/worker.mjs, issue 29): from the
 * service worker's snapshot where there is one (a warm start); else Python's own start-up with
 * ``_makeSnapshot``, restored at once, so that this start also yields the memory the service worker
 * keeps for the next one (``memory``: the page hands it over, ``giveSnapshotLater``). ``stage``, on
 * a first visit (no service worker yet), puts the wasm where the service worker's install takes it;
 * ``prepare`` runs on the Python a snapshot is made from (``makeMemorySnapshot``).
 * Where the snapshot fails, a usual start: slower, never a failed one. ``how`` names the start, as
 * a performance mark for the tests and benchmarks.
 */
export async function startPython({ stage = false, served = false, prepare = null } = {}) {
  const settings = settingsFor();
  const reseed = (pyodide) => pyodide.runPython("import random\nrandom.seed()");
  const warm = served ? await cachedSnapshot() : null;
  if (warm) {
    try {
      const pyodide = await loadVendoredPyodide({ ...settings, _loadSnapshot: warm });
      reseed(pyodide);
      return { pyodide, how: "kabale-snapshot-restored", memory: null };
    } catch (error) {
      console.warn("Kabale's snapshot was refused:", error);
    }
  }
  // Where making it keeps failing (a worker short of memory, a browser that cannot), each start
  // would spend seconds on a runtime that is thrown away: at most SNAPSHOT_TRIES a release, counted
  // by the service worker (``tried``: the page tells it). A first visit has no service worker yet.
  const tried = served && (await snapshotTries()) < SNAPSHOT_TRIES;
  if (tried || !served) {
    try {
      const { memory, module } = await makeMemorySnapshot({ stage, prepare });
      const pyodide = await loadWithModule(module, { ...settings, _loadSnapshot: memory });
      reseed(pyodide);
      return { pyodide, how: "kabale-started-in-worker", memory, tried };
    } catch (error) {
      console.warn("Kabale starts Python without a snapshot:", error);
    }
  }
  return { pyodide: await loadVendoredPyodide(settings), how: "kabale-started", memory: null, tried };
}
