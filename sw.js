// Kabale's service worker: the whole app, runtime included, kept for offline play.
//
// precache-manifest.js (made by scripts/precache.py from the files that exist)
// lists every file with its SHA-256 and a version computed from all of them.
// This worker stores exactly those files in the cache "kabale-<version>" and
// answers the page from it, so one page always runs one release, online or not.
//
// First visit: the page has just downloaded the runtime, and this worker needs
// the same bytes. Most are in the HTTP cache, but a private window's cache is
// in memory and keeps no entry as big as the 9.6 MB wasm (uncompressed), so
// asking again downloaded it a second time. The page therefore puts what it
// fetched into a staging cache (assets/js/offline.js, "kabale-first-visit"):
// this worker takes a staged response when its hash matches, else the HTTP
// cache's copy as it is ("force-cache", checked against the hash too), and only
// then the network. The staging cache goes once the install is done.
//
// Updates: the browser compares sw.js and precache-manifest.js byte for byte
// on each visit (the page asks too, with updateViaCache "none"). A changed file
// means a new manifest, so a new worker installs in the background: it copies
// the unchanged files from the old cache, downloads the others and checks their
// hashes. Then it waits. It takes over only when the player presses "Reload" on
// the page's offer (a "skip-waiting" message), never by itself, so a game in
// progress is never reloaded under the player.
//
// Pyodide's memory snapshot (for warm starts) is not downloaded: the page makes
// it in a worker of its own and posts it here (a "snapshot" message; see
// assets/js/runtime.mjs). It is kept in this release's cache, beside the files
// it was made from, so it goes with them when a new release takes over; the
// page reads it from there (caches.match), so it is never asked of the network.

/* global KABALE_PRECACHE */
importScripts("./precache-manifest.js");

const PRECACHE = self.KABALE_PRECACHE;
const PREFIX = "kabale-";
const CACHE = PREFIX + PRECACHE.version;
// The cached copy of the manifest's file list, so the next release can tell
// which files it may copy instead of downloading them again.
const LISTING = new URL("precache-listing.json", self.location).href;
const INDEX = new URL("index.html", self.location).href;
// The page's own responses of a first visit (assets/js/offline.js writes it).
const STAGING = PREFIX + "first-visit";
const SCOPE_PATH = new URL("./", self.location).pathname;
// The snapshot's key in the cache (runtime.mjs: SNAPSHOT_URL); no such file is served.
const SNAPSHOT = new URL("build/pyodide-snapshot.bin", self.location).href;
// How many times the page has tried to make one in this release (runtime.mjs: SNAPSHOT_TRIES_URL).
const SNAPSHOT_TRIES = new URL("build/pyodide-snapshot-tries.json", self.location).href;
// A snapshot is Pyodide's whole memory: tens of MB. Anything much smaller is not one.
const SNAPSHOT_MIN_BYTES = 1_000_000;
const URLS = new Map(
  Object.entries(PRECACHE.files).map(([path, hash]) => [new URL(path, self.location).href, { path, hash }]),
);

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// The files of older releases still in a cache of ours: path -> {hash, response}.
async function previousCopies() {
  const copies = new Map();
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const cache = await caches.open(name);
    const listing = await cache.match(LISTING);
    if (!listing) continue;
    for (const [path, hash] of Object.entries(await listing.json())) {
      if (!copies.has(path)) copies.set(path, { hash, cache });
    }
  }
  return copies;
}

async function hashOf(response) {
  return hex(await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer()));
}

async function store(cache, url, path, hash, copies, staged) {
  if (await cache.match(url)) return; // an interrupted install resumed
  const copy = copies.get(path);
  if (copy && copy.hash === hash) {
    const response = await copy.cache.match(url);
    if (response) {
      await cache.put(url, response);
      return;
    }
  }
  const handed = staged && await staged.match(url);
  if (handed && await hashOf(handed) === hash) {
    await cache.put(url, handed);
    return;
  }
  await cache.put(url, await download(url, path, hash));
}

// The file as the manifest describes it. First "force-cache": the HTTP cache's
// copy as it is, with no request at all when it has one (the page has just
// loaded the file). Then "no-cache": the server confirms that copy (a 304) or
// sends a new one. If the bytes still do not match (a validator too coarse,
// such as a Last-Modified within the same second), "reload" asks for the file
// itself. Still different: a deploy is in progress, so this install fails and
// the browser tries again at its next update check.
async function download(url, path, hash) {
  for (const mode of ["force-cache", "no-cache", "reload"]) {
    const response = await fetch(url, { cache: mode, credentials: "same-origin" });
    if (!response.ok) {
      if (mode === "force-cache") continue; // a cached error page: ask the server
      throw new Error(`precache: ${path} answered ${response.status}`);
    }
    if (await hashOf(response) === hash) return response;
  }
  throw new Error(`precache: ${path} does not match precache-manifest.js`);
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const copies = await previousCopies();
    const staged = (await caches.has(STAGING)) ? await caches.open(STAGING) : null;
    await Promise.all([...URLS].map(([url, { path, hash }]) => store(cache, url, path, hash, copies, staged)));
    await cache.put(LISTING, new Response(JSON.stringify(PRECACHE.files), {
      headers: { "Content-Type": "application/json" },
    }));
    await caches.delete(STAGING);
  })());
});

self.addEventListener("activate", (event) => {
  // The release this worker serves is now the one in use: drop the others.
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
  })());
});

self.addEventListener("message", (event) => {
  // Sent only by the page's "Reload" button (assets/js/offline.js).
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
  // Sent by the page as it starts a worker to make the snapshot: counted, so the page
  // stops trying where it keeps failing (assets/js/runtime.mjs: SNAPSHOT_TRIES).
  if (event.data && event.data.type === "snapshot-try") {
    event.waitUntil(caches.open(CACHE).then(async (cache) => {
      const counted = await cache.match(SNAPSHOT_TRIES);
      const tries = (counted ? Number(await counted.json()) || 0 : 0) + 1;
      await cache.put(SNAPSHOT_TRIES, new Response(JSON.stringify(tries), { headers: { "Content-Type": "application/json" } }));
    }));
  }
  // Sent by the page once its worker has made the snapshot (assets/js/runtime.mjs).
  const memory = event.data && event.data.type === "snapshot" ? event.data.memory : null;
  if (memory instanceof Uint8Array && memory.byteLength >= SNAPSHOT_MIN_BYTES) {
    event.waitUntil(caches.open(CACHE).then((cache) => cache.put(SNAPSHOT, new Response(memory, {
      headers: { "Content-Type": "application/octet-stream", "Content-Length": String(memory.byteLength) },
    }))));
  }
});

function cacheKey(request) {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return null;
  if (request.mode === "navigate") {
    // The app's own address, with any ?game=...&seed=... query: the one page.
    const isApp = url.pathname === SCOPE_PATH || url.pathname === SCOPE_PATH + "index.html";
    return isApp ? INDEX : null;
  }
  if (url.search) return null;
  url.hash = "";
  return URLS.has(url.href) ? url.href : null;
}

self.addEventListener("fetch", (event) => {
  const key = cacheKey(event.request);
  if (key === null) return; // not ours (sw.js, the manifest, other pages): the network as usual
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(key);
    return hit || fetch(event.request);
  })());
});
