// Offline play and updates: register the service worker (sw.js) and tell the
// page when a new version is ready.
//
// * The worker is registered once Python has taken over the page (or 20 s after
//   load if it never does), so on a first visit its precaching does not compete
//   with the boot for the network: by then the runtime is in the HTTP cache.
// * Each visit, and each time the page comes back to the foreground (at most
//   every 10 minutes), the browser is asked to check for a new release.
// * When a new worker has installed, window.kabaleUpdate.ready becomes true and
//   a "kabale:update-ready" event fires on window; the page shows an offer
//   (py/kabale/web/update_banner.py). Nothing reloads until the player presses
//   the offer's button, which calls window.kabaleUpdate.apply().

const WORKER_URL = new URL("../../sw.js", import.meta.url);
const SCOPE_URL = new URL("../../", import.meta.url);
const CHECK_INTERVAL_MS = 10 * 60 * 1000;
const REGISTER_FALLBACK_MS = 20_000;

let reloading = false;
let reloaded = false;
let lastCheck = 0;

const update = {
  /** True once a new version is installed and waiting for the player's reload. */
  ready: false,
  /** The service worker registration, once registered (null without service workers). */
  registration: null,
  /** Reload into the new version: only ever called by the player's click. */
  apply,
};
window.kabaleUpdate = update;

function announce() {
  if (update.ready) return;
  update.ready = true;
  window.dispatchEvent(new CustomEvent("kabale:update-ready"));
}

function reloadOnce() {
  if (reloaded) return;
  reloaded = true;
  location.reload();
}

function apply() {
  if (reloading) return;
  reloading = true;
  const waiting = update.registration && update.registration.waiting;
  if (!waiting) {
    reloadOnce();
    return;
  }
  // Reload when the new worker has taken over (it has cleared the old cache).
  waiting.addEventListener("statechange", () => {
    if (waiting.state === "activated") reloadOnce();
  });
  navigator.serviceWorker.addEventListener("controllerchange", reloadOnce);
  waiting.postMessage({ type: "skip-waiting" });
}

function watch(registration) {
  // A worker installed on an earlier visit, still waiting for its reload.
  if (registration.waiting && registration.active) announce();
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    // With no active worker this is the first install: nothing to offer.
    if (!worker || !registration.active) return;
    worker.addEventListener("statechange", () => {
      if (worker.state === "installed" || worker.state === "activated") announce();
    });
  });
}

async function check() {
  if (!update.registration || Date.now() - lastCheck < CHECK_INTERVAL_MS) return;
  lastCheck = Date.now();
  try {
    await update.registration.update();
  } catch {
    // Offline, or the server is away: the cached release goes on working.
  }
}

async function register() {
  if (update.registration) return;
  try {
    const registration = await navigator.serviceWorker.register(WORKER_URL, {
      scope: SCOPE_URL.pathname,
      updateViaCache: "none",
    });
    if (update.registration) return;
    update.registration = registration;
    watch(registration);
    if (registration.active) await check();
  } catch (error) {
    console.warn("Kabale cannot work offline in this browser:", error);
  }
}

function whenPythonIsReady(callback) {
  if (document.body.dataset.ready === "1") {
    callback();
    return;
  }
  const observer = new MutationObserver(() => {
    if (document.body.dataset.ready === "1") {
      observer.disconnect();
      callback();
    }
  });
  observer.observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
}

if ("serviceWorker" in navigator) {
  whenPythonIsReady(register);
  window.addEventListener("load", () => setTimeout(register, REGISTER_FALLBACK_MS));
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") check();
  });
}
