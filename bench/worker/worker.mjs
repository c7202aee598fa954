// The worker prototype's runtime (issue 15, item 5): Pyodide started in a module
// worker, so none of its start-up runs on the page's main thread. Pyodide directly,
// as assets/js/snapshot.mjs starts it (the site's own settings: the vendored runtime,
// the trimmed precompiled standard library, no lock file), not PyScript.
// It unpacks build/kabale.zip, deals a Patience Kabalam game with table.py and
// posts the table as a JSON view tree; each {action} the page posts back is applied
// and answered with the next view. Only strings cross: no SharedArrayBuffer, no
// Atomics, so the page needs no cross-origin isolation (COOP/COEP).

import { loadPyodide } from "../../assets/vendor/pyodide-314.0.7/pyodide.mjs";
import { settingsFor } from "../../assets/js/runtime.mjs";

const started = performance.now();
const [pyodide, bundle, source] = await Promise.all([
  loadPyodide(settingsFor()),
  fetch(new URL("../../build/kabale.zip", import.meta.url)).then((response) => response.arrayBuffer()),
  fetch(new URL("./table.py", import.meta.url)).then((response) => response.text()),
]);
const runtimeAt = performance.now();
pyodide.unpackArchive(bundle, "zip", { extractDir: "/home/pyodide/app" });
pyodide.FS.writeFile("/home/pyodide/app/bench_table.py", source);
pyodide.runPython("import sys\nsys.path.insert(0, '/home/pyodide/app')\nfrom bench_table import Table\nTABLE = Table(200)");
const table = pyodide.globals.get("TABLE");
const view = table.view();
self.postMessage({ type: "view", json: view, python_ms: performance.now() - runtimeAt,
                   worker_ready_ms: performance.now() - started });

self.addEventListener("message", ({ data }) => {
  if (data.type !== "click") return;
  const before = performance.now();
  const json = table.click(data.action);
  const after = performance.now();
  // absolute times (timeOrigin + now): the page's clock and the worker's have different origins
  self.postMessage({ type: "view", json, python_ms: after - before, seq: data.seq,
                     received: performance.timeOrigin + before, sent: performance.timeOrigin + after });
});
