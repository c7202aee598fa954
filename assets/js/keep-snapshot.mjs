// Hand the service worker the memory snapshot a start has made, for the next start to restore
// (assets/js/runtime.mjs says why): later, on an idle moment, so the player's first clicks come
// first. Its own module, so that the page (assets/js/page.js) hands it over without loading the
// runtime, which only the worker runs.

// How long after a start the page waits before it hands over (then for an idle moment).
export const SNAPSHOT_AFTER_MS = 4000;

/**
 * Later, on an idle moment, give the service worker the memory a start in a worker made, so
 * that the next start restores it: no second runtime is started to make it. Pyodide has
 * copied it into its own memory by then, so it is handed over (transferred), not copied.
 */
export function giveSnapshotLater(memory, afterMs = SNAPSHOT_AFTER_MS) {
  const give = () => {
    const controller = navigator.serviceWorker.controller;
    if (controller) controller.postMessage({ type: "snapshot", memory }, [memory.buffer]);
  };
  setTimeout(() => ("requestIdleCallback" in window ? requestIdleCallback(give, { timeout: 10_000 }) : give()), afterMs);
}

