// Hand the service worker the memory snapshot a start has made, for the next start to restore
// (assets/js/runtime.mjs says why): later, on an idle moment, so the player's first clicks come
// first. Its own module, so that the page (assets/js/page.js) hands it over without loading the
// runtime, which only the worker runs.

// How long after a start the page waits before it hands over (then for an idle moment).
export const SNAPSHOT_AFTER_MS = 4000;

// On a first visit no service worker controls the page yet: the one being installed (it precaches
// the site first) takes the snapshot once it is active, if that is within this time; else the
// snapshot is dropped (31 MB held no longer) and a later start makes one.
export const SNAPSHOT_KEPT_MS = 120_000;

/**
 * Later, on an idle moment, give the service worker the memory a start in a worker made, so
 * that the next start restores it: no second runtime is started to make it. Pyodide has
 * copied it into its own memory by then, so it is handed over (transferred), not copied.
 * Given to the worker that controls the page, or on a first visit to the one that becomes
 * active: so a player's second visit is already warm (it was the third when only a controlling
 * worker took it: the first visit's snapshot was thrown away).
 */
export function giveSnapshotLater(memory, afterMs = SNAPSHOT_AFTER_MS) {
  const give = (worker) => worker.postMessage({ type: "snapshot", memory }, [memory.buffer]);
  const idle = () => new Promise((done) => ("requestIdleCallback" in window ? requestIdleCallback(done, { timeout: 10_000 }) : done()));
  const kept = () => new Promise((done) => setTimeout(done, SNAPSHOT_KEPT_MS, null));
  setTimeout(async () => {
    await idle();
    const controller = navigator.serviceWorker.controller;
    if (controller) {
      give(controller);
      return;
    }
    const registration = await Promise.race([navigator.serviceWorker.ready, kept()]);
    if (registration && registration.active) give(registration.active);
  }, afterMs);
}
