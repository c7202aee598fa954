// Hand the service worker the memory snapshot a start has made, for the next start to restore
// (assets/js/runtime.mjs says why): later, on an idle moment, so the player's first clicks come
// first. Its own module, so that the page (assets/js/page.js) hands it over without loading the
// runtime, which only the worker runs.

// How long after a start the page waits before it hands over (then for an idle moment).
export const SNAPSHOT_AFTER_MS = 4000;

// On a first visit no service worker controls the page yet: the one being installed (it precaches
// the site first) takes the snapshot once it is active, if that is within this time; else the
// snapshot is dropped (its tens of MB held no longer) and a later start makes one.
export const SNAPSHOT_KEPT_MS = 60_000;

// Whether a service worker was already active when this page started. A page it does not control
// then was loaded past it (a hard reload): its files, and so its snapshot, may be another release's
// than the one that worker keeps, so the snapshot is not given to it.
const activeAtStart = navigator.serviceWorker
  ? navigator.serviceWorker.getRegistration().then((registration) => Boolean(registration && registration.active), () => true)
  : Promise.resolve(true);

/**
 * Later, on an idle moment, give the service worker the memory a start in a worker made, so
 * that the next start restores it: no second runtime is started to make it. Pyodide has
 * copied it into its own memory by then, so it is handed over (transferred), not copied.
 * Given to the worker that controls the page; on a first visit, to the one that becomes active
 * (installed from the very files this page loaded): so a player's second visit is already warm
 * (it was the third when only a controlling worker took it: the first visit's snapshot was thrown
 * away). Where none becomes active (storage blocked, a frame on another site), dropped after
 * SNAPSHOT_KEPT_MS (the page registers its worker once it is ready: assets/js/offline.js).
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
    if (await activeAtStart) return;
    const registration = await Promise.race([navigator.serviceWorker.ready, kept()]);
    if (registration && registration.active) give(registration.active);
  }, afterMs);
}
