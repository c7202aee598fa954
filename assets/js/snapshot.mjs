// A module worker that starts Pyodide off the page's main thread and posts back its
// memory just after the start (a snapshot: transferred, not copied) and the compiled
// wasm module, or null if Pyodide could not make them (started by assets/js/runtime.mjs,
// which explains when and why): the page starts from them (worker name "kabale-start",
// "kabale-start-staging" on a first visit, which also stages the wasm for the service
// worker's install), or keeps the memory for its warm starts ("kabale-snapshot").
// Requests of a page the service worker serves are served by it: none leaves the browser.

import { WORKER_NAMES, makeMemorySnapshot } from "./runtime.mjs";

try {
  const { memory, module } = await makeMemorySnapshot({ stage: self.name === WORKER_NAMES.stagingStart });
  self.postMessage({ memory, module }, [memory.buffer]);
} catch (error) {
  console.warn("Kabale made no memory snapshot:", error);
  self.postMessage(null);
}
