// Offline play and updates: register the service worker (sw.js) and tell the
// page when a new version is ready.
//
// * The worker is registered once Python has taken over the page and its first
//   table is painted (or 20 s after load if Python never does), so on a first
//   visit its precaching does not compete with the boot for the network (by then
//   the runtime is in the HTTP cache), nor with the first table's layout for the
//   CPU: registered with the table, its start and install ran beside that layout
//   (in a Chromium trace, 46 ms on the worker's thread during a 65 ms frame whose
//   own thread ran 23 ms: the one task over 50 ms left in a game, bench/long_tasks.py).
// * On a first visit (no worker yet), what the page fetches from this site is
//   also put into a staging cache, which the worker takes instead of
//   downloading the same bytes again (see sw.js: a private window's HTTP cache
//   keeps no 9.6 MB wasm). Only fetch() is watched, only until the worker is
//   registered, and a failure to stage costs nothing but that saving.
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
// The cache sw.js takes a first visit's responses from.
const STAGING = "kabale-first-visit";

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

// Watch window.fetch until the worker is registered; return what stops watching.
function stageFirstVisit() {
  if (navigator.serviceWorker.controller || !("caches" in window)) return () => {};
  const original = window.fetch;
  const scope = SCOPE_URL.href;
  let staging = null;
  const pending = []; // the puts still writing (the wasm's 9.6 MB takes a while)
  const stage = (response) => {
    staging ??= caches.open(STAGING);
    const put = staging.then((cache) => cache.put(response.url, response));
    pending.push(put);
    return put;
  };
  function watched(input, init) {
    const result = original.call(window, input, init); // as window.fetch, whoever calls it
    const method = (init && init.method) || (input instanceof Request ? input.method : "GET");
    if (method.toUpperCase() !== "GET") return result;
    return result.then((response) => {
      const url = response.url;
      if (response.ok && response.type === "basic" && url.startsWith(scope) && !url.includes("?")) {
        try {
          stage(response.clone()).catch(() => {});
        } catch {
          // a body already used, or storage refused: the worker downloads this one
        }
      }
      return response;
    });
  }
  window.fetch = watched;
  return () => {
    if (window.fetch === watched) window.fetch = original;
    // The worker's install looks for each file in the staging cache once, so it is
    // registered only when every put is written: a put still writing the wasm when the
    // install looked made the worker download it again (a private window keeps no copy).
    return Promise.allSettled(pending);
  };
}

const stopStaging = "serviceWorker" in navigator ? stageFirstVisit() : () => {};

async function register() {
  await stopStaging();
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

/** Call `callback` once the frame that shows what the page holds now has been drawn:
 *  a task queued from that frame's animation callback runs after its style, layout and paint. */
function afterNextFrame(callback) {
  requestAnimationFrame(() => setTimeout(callback, 0));
}

if ("serviceWorker" in navigator) {
  whenPythonIsReady(() => afterNextFrame(register));
  window.addEventListener("load", () => setTimeout(register, REGISTER_FALLBACK_MS));
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") check();
  });
}
