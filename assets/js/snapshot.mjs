// A module worker that makes Pyodide's memory snapshot for the page's warm starts
// (started by assets/js/runtime.mjs, which explains when and why). It starts
// its own Pyodide with `_makeSnapshot`, off the page's main thread, and posts the
// memory back (transferred, not copied), or null if Pyodide could not make it.
// Its requests are served by the page's service worker, so none leaves the browser.

import { makeMemorySnapshot } from "./runtime.mjs";

try {
  const memory = await makeMemorySnapshot();
  self.postMessage(memory, [memory.buffer]);
} catch (error) {
  console.warn("Kabale made no memory snapshot:", error);
  self.postMessage(null);
}
