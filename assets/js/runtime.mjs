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
//
// Every other start (a first visit, or a start the service worker serves before it
// keeps a snapshot) runs Python's start-up in a module worker (assets/js/snapshot.mjs)
// where the page asks for it (data-runtime="worker" on <html>, as index.html does):
// the worker compiles the wasm, starts Pyodide with `_makeSnapshot`, and posts back
// its memory and the compiled module; the page restores that memory on that module,
// so its main thread neither runs Python's start nor compiles the code it ran (V8
// compiles wasm functions on their first call, and a compiled module posted between
// threads shares its code). index.html runs this module as its first script, so the
// worker starts while PyScript loads; PyScript's call to loadPyodide then takes what
// the worker made. On a first visit the worker also stages the wasm for the service
// worker's install, as offline.js does with the page's own downloads (a private window
// keeps no 9.6 MB copy). On a start the service worker serves, the page hands it the
// memory once idle, so the next start restores it. Where the worker fails, or a page
// does not ask for it (bench/bare/trimmed), Python starts on the page as PyScript does;
// such a start the service worker serves has a worker make the snapshot later, off
// the main thread, from the files the worker keeps (no request leaves the browser),
// at most SNAPSHOT_TRIES times a release. Either way the service worker keeps it in the
// release's own cache (sw.js): each release makes it from the very runtime and
// standard library it serves. A snapshot that is missing or that Pyodide refuses
// means a usual start, never a failed one. Python's `random` was seeded when the
// snapshot was taken, so it is seeded again from the system's randomness: each start
// deals differently.
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

/** The worker's names: a start for this page (staging the wasm on a first visit), or a snapshot for later. */
export const WORKER_NAMES = { start: "kabale-start", stagingStart: "kabale-start-staging", later: "kabale-snapshot" };

/**
 * A fresh Pyodide's memory just after its start, and the compiled wasm it ran on (run in
 * assets/js/snapshot.mjs, a worker): a page given both starts from the memory, on code
 * the worker has already compiled. With ``stage``, on a first visit, the wasm is also put
 * where the service worker's install looks for it (as offline.js does for the page's own
 * downloads): a private window keeps no 9.6 MB copy, so the install would download it again.
 */
export async function makeMemorySnapshot({ stage = false } = {}) {
  const response = await fetch(WASM_URL);
  let staged = null;
  if (stage && response.ok && self.caches) {
    const copy = response.clone();
    staged = caches.open(STAGING).then((cache) => cache.put(WASM_URL, copy)).catch(() => {});
  }
  const module = await WebAssembly.compileStreaming(response);
  const pyodide = await loadWithModule(module, { ...settingsFor(), _makeSnapshot: true });
  const memory = pyodide.makeMemorySnapshot();
  await staged; // written before the page is ready, and so before offline.js registers the worker
  return { memory, module };
}

/**
 * Start Python in a worker and take its memory, so that this page's main thread does not
 * run Python's start-up (Pyodide's one long task of 400-500 ms, with most of the runtime's
 * code compiled on first call in it). Only where index.html asks (data-runtime="worker").
 */
function startInWorker() {
  if (typeof Worker !== "function" || document.documentElement.dataset.runtime !== "worker") return null;
  return new Promise((resolve) => {
    const name = served() ? WORKER_NAMES.start : WORKER_NAMES.stagingStart;
    const worker = new Worker(new URL("./snapshot.mjs", import.meta.url), { type: "module", name });
    worker.addEventListener("message", ({ data }) => {
      worker.terminate();
      resolve(data && data.memory instanceof Uint8Array && data.module instanceof WebAssembly.Module ? data : null);
    });
    worker.addEventListener("error", () => {
      worker.terminate();
      resolve(null);
    });
  });
}

/**
 * Later, on an idle moment, give the service worker the memory a start in a worker made, so
 * that the next start restores it: no second runtime is started to make it. Pyodide has
 * copied it into its own memory by then, so it is handed over (transferred), not copied.
 */
function giveSnapshotLater(memory) {
  const give = () => {
    const controller = navigator.serviceWorker.controller;
    if (controller) controller.postMessage({ type: "snapshot", memory }, [memory.buffer]);
  };
  setTimeout(() => ("requestIdleCallback" in window ? requestIdleCallback(give, { timeout: 10_000 }) : give()), SNAPSHOT_AFTER_MS);
}

/** Later, on an idle moment, have a worker make the snapshot and give it to the service worker. */
function keepSnapshotLater() {
  const make = async () => {
    if (!served() || (await snapshotTries()) >= SNAPSHOT_TRIES) return;
    navigator.serviceWorker.controller.postMessage({ type: "snapshot-try" });
    const worker = new Worker(new URL("./snapshot.mjs", import.meta.url), { type: "module", name: WORKER_NAMES.later });
    worker.addEventListener("message", ({ data }) => {
      worker.terminate();
      const controller = navigator.serviceWorker.controller;
      const memory = data && data.memory;
      if (memory instanceof Uint8Array && controller) {
        controller.postMessage({ type: "snapshot", memory }, [memory.buffer]);
      }
    });
    worker.addEventListener("error", () => worker.terminate());
  };
  const idle = () => ("requestIdleCallback" in window ? requestIdleCallback(make, { timeout: 10_000 }) : make());
  setTimeout(idle, SNAPSHOT_AFTER_MS);
}

/**
 * What this page starts from, looked for as soon as this module runs in the page: the
 * service worker's snapshot (a warm start), else, where the page asks for it, Python
 * started in a worker (a cold start whose Python start-up leaves the main thread free).
 * index.html runs this module as one of its first scripts, so the worker starts while
 * PyScript is still loading; a page that leaves it to PyScript looks when PyScript asks.
 */
async function startingPoint() {
  const memory = await warmSnapshot();
  if (memory) return { memory, module: null };
  return startInWorker();
}

const begun = typeof document === "object" ? startingPoint() : null;

export async function loadPyodide(options = {}) {
  const settings = settingsFor(options);
  // The runtime's JavaScript (1.25 MB) is compiled while the snapshot or the worker is awaited,
  // not after: Pyodide imports this very URL, so it finds it compiled.
  import(new URL("pyodide.asm.mjs", INDEX_URL).href).catch(() => {});
  const found = await (begun || startingPoint());
  if (found) {
    try {
      const pyodide = found.module
        ? await loadWithModule(found.module, { ...settings, _loadSnapshot: found.memory })
        : await loadVendoredPyodide({ ...settings, _loadSnapshot: found.memory });
      pyodide.runPython("import random\nrandom.seed()");
      // for the tests and benchmarks
      performance.mark(found.module ? "kabale-started-in-worker" : "kabale-snapshot-restored");
      const memory = found.memory;
      found.memory = null; // the page keeps no 31 MB it has no more use for (`begun` holds this object)
      if (found.module && served()) giveSnapshotLater(memory);
      return pyodide;
    } catch (error) {
      console.warn("Kabale starts Python on the page after all:", error);
    }
  }
  const pyodide = await loadVendoredPyodide(settings);
  if (served() && typeof Worker === "function") keepSnapshotLater();
  return pyodide;
}
