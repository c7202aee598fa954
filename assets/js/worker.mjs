// The worker in which all of Kabale's Python runs (issue 29): the page's thread runs none.
//
// It starts Pyodide (assets/js/runtime.mjs ``startPython``: the service worker's snapshot, or
// Python's start-up, which also makes the snapshot for the next start), puts build/kabale.zip on
// Python's path (imported in place, zipimport) and runs py/main.py, which binds Kabale to this
// worker's messages (kabale.web.worker). Only strings cross, and once the memory snapshot (a
// transfer): no SharedArrayBuffer, no Atomics, so the page needs no cross-origin isolation and a
// blog's frame keeps working. assets/js/page.js is the other end.
//
// Messages to the page: {type: "progress", value} as it goes (%), {type: "started", how,
// memory?} once Python is in, then {type: "batch",
// json} for each answer; {type: "failed", error} if Python could not start. From the page: its
// inputs as JSON strings, the first of them the boot (kabale.web.local_storage.Boot).

import { startPython } from "./runtime.mjs";

// Where py/main.py finds the bundle (its working folder): written before the snapshot is made, and
// again once Python has started (the file system is not part of Python's memory).
const BUNDLE_PATH = "/home/pyodide/kabale.zip";
const bundle = fetch(new URL("../../build/kabale.zip", import.meta.url))
  .then((response) => response.arrayBuffer()).then((bytes) => new Uint8Array(bytes));

// Run on the Python a memory snapshot is made from: what every start imports, imported, so that a
// warm start, restoring it, imports none of it (kabale.web.preload says why and what, and what
// guards a snapshot restored with another bundle: py/main.py).
const PRELOAD = `import os, sys
bundle = os.path.abspath("kabale.zip")
sys.path.insert(0, bundle)
from kabale.web.preload import preload
preload(bundle)
del os, sys, bundle, preload`;

async function preloaded(pyodide) {
  pyodide.FS.writeFile(BUNDLE_PATH, await bundle);
  pyodide.runPython(PRELOAD, { filename: "preload.py" });
}

const inbox = []; // what the page sent before Python could take it
let receive = null;
self.addEventListener("message", ({ data }) => (receive ? receive(data) : inbox.push(data)));

const progress = (value) => self.postMessage({ type: "progress", value });

try {
  const [{ pyodide, how, memory, tried }, bytes, main] = await Promise.all([
    startPython({
      stage: self.name === "kabale-python-staging", served: self.name === "kabale-python", prepare: preloaded,
    }).then((started) => {
      progress(80);
      return started;
    }),
    bundle,
    fetch(new URL("../../py/main.py", import.meta.url)).then((response) => response.text()),
  ]);
  pyodide.FS.writeFile(BUNDLE_PATH, bytes);
  pyodide.runPython(main, { filename: "main.py" });
  const take = pyodide.globals.get("receive");
  receive = (text) => take(text);
  self.postMessage({ type: "started", how, memory, tried }, memory ? [memory.buffer] : []);
  for (const text of inbox.splice(0)) receive(text);
} catch (error) {
  console.error("Kabale's Python did not start:", error);
  self.postMessage({ type: "failed", error: String(error && error.message || error) });
}
