// Boot with whatever storage the browser gives: none, refused, or partitioned.
//
// PyScript opens IndexedDB while it starts (its package cache, and the store
// behind @pyscript.fs), and it awaits that open before Python runs. Where the
// browser refuses IndexedDB (a blog's iframe on another site in a private
// window, strict privacy settings, Brave), `indexedDB` throws on access, or
// `indexedDB.open` throws or fails, and PyScript's boot waits for good.
//
// So before PyScript loads (this module comes first in index.html; module
// scripts run in document order), `indexedDB.open` is wrapped: it still opens
// the browser's database, but when that is refused, or has not answered in
// OPEN_TIMEOUT_MS, the caller gets a database in memory instead. Nothing of
// ours is kept in IndexedDB (saved games live in localStorage, see
// py/kabale/web/local_storage.py), so a database in memory loses nothing:
// PyScript only caches packages there, and Kabale loads none.
//
// window.kabaleStorage tells Python how this page may keep games:
//   indexedDB: "pending", then "browser" or "memory" once the first open has answered
//   framed: true inside any frame
//   partitioned: a promise of true when the frame's storage is kept apart from
//     the top-level site's (a frame on another site without storage access).

const OPEN_TIMEOUT_MS = 5000;

function realFactory() {
  try {
    const factory = window.indexedDB;
    return factory && typeof factory.open === "function" ? factory : null;
  } catch {
    return null; // SecurityError on access
  }
}

// ---- a database in memory with the small part of IndexedDB that PyScript uses ----

const memoryDatabases = new Map();

/** A request that answers on a later task, the way IndexedDB's requests do. */
function answer(result) {
  const request = { result, error: null, onsuccess: null, onerror: null, readyState: "pending" };
  setTimeout(() => {
    request.readyState = "done";
    if (typeof request.onsuccess === "function") request.onsuccess({ type: "success", target: request });
  });
  return request;
}

class MemoryStore {
  constructor(name) {
    this.name = name;
    this.entries = new Map();
  }
  get(key) { return answer(this.entries.get(key)); }
  getKey(key) { return answer(this.entries.has(key) ? key : undefined); }
  getAll() { return answer([...this.entries.values()]); }
  getAllKeys() { return answer([...this.entries.keys()]); }
  count() { return answer(this.entries.size); }
  put(value, key) { this.entries.set(key, value); return answer(key); }
  add(value, key) { return this.put(value, key); }
  delete(key) { this.entries.delete(key); return answer(undefined); }
  clear() { this.entries.clear(); return answer(undefined); }
}

class MemoryTransaction {
  constructor(database) {
    this.db = database;
    this.oncomplete = null;
    this.onerror = null;
    this.onabort = null;
    setTimeout(() => { if (typeof this.oncomplete === "function") this.oncomplete({ type: "complete", target: this }); });
  }
  objectStore(name) {
    const store = this.db.stores.get(name);
    if (!store) throw new DOMException(`No objectStore named ${name}`, "NotFoundError");
    return store;
  }
}

class MemoryDatabase {
  constructor(name) {
    this.name = name;
    this.version = 1;
    this.stores = new Map();
  }
  get objectStoreNames() {
    const names = [...this.stores.keys()];
    return Object.assign(names, { contains: (name) => this.stores.has(name), item: (i) => names[i] ?? null });
  }
  createObjectStore(name) {
    const store = new MemoryStore(name);
    this.stores.set(name, store);
    return store;
  }
  transaction() { return new MemoryTransaction(this); }
  close() {}
}

/** Answer an open request from memory: an upgrade the first time, then success. */
function openInMemory(request, name) {
  let database = memoryDatabases.get(name);
  const upgrade = !database;
  if (!database) {
    database = new MemoryDatabase(name);
    memoryDatabases.set(name, database);
  }
  request.result = database;
  request.readyState = "done";
  if (upgrade && typeof request.onupgradeneeded === "function") {
    const transaction = new MemoryTransaction(database);
    request.transaction = transaction;
    request.onupgradeneeded({ type: "upgradeneeded", target: request, oldVersion: 0, newVersion: 1 });
    return; // the upgrade's transaction completes on the next task, as in IndexedDB
  }
  if (typeof request.onsuccess === "function") request.onsuccess({ type: "success", target: request });
}

// ---- the wrapper ----

const status = {
  indexedDB: "pending",
  framed: window !== window.top,
  partitioned: Promise.resolve(false),
};
function settleOnce(kind) {
  if (status.indexedDB === "pending") status.indexedDB = kind;
}

const browser = realFactory();

/**
 * Open `name` in the browser's IndexedDB, or in memory where that is refused.
 * The request is our own object: its handlers are called with events whose
 * target holds the result, as IndexedDB does, so callers need not know which.
 */
function open(name, version) {
  const request = {
    result: undefined, error: null, transaction: null, readyState: "pending",
    onsuccess: null, onerror: null, onupgradeneeded: null, onblocked: null,
  };
  let done = false;
  const fallBack = () => {
    if (done) return;
    done = true;
    settleOnce("memory");
    setTimeout(() => openInMemory(request, name));
  };
  if (!browser) {
    fallBack();
    return request;
  }
  let real;
  try {
    real = version === undefined ? browser.open(name) : browser.open(name, version);
  } catch {
    fallBack();
    return request;
  }
  const timer = setTimeout(fallBack, OPEN_TIMEOUT_MS);
  real.onupgradeneeded = (event) => {
    if (done) return;
    request.result = real.result;
    request.transaction = real.transaction;
    if (typeof request.onupgradeneeded === "function") {
      request.onupgradeneeded({ type: "upgradeneeded", target: request, oldVersion: event.oldVersion, newVersion: event.newVersion });
    }
  };
  real.onsuccess = () => {
    clearTimeout(timer);
    if (done) {
      real.result.close();
      return;
    }
    done = true;
    settleOnce("browser");
    request.result = real.result;
    request.readyState = "done";
    if (typeof request.onsuccess === "function") request.onsuccess({ type: "success", target: request });
  };
  real.onerror = (event) => {
    clearTimeout(timer);
    event.preventDefault(); // handled here: a database in memory takes its place
    fallBack();
  };
  real.onblocked = () => {
    if (typeof request.onblocked === "function") request.onblocked({ type: "blocked", target: request });
  };
  return request;
}

const wrapped = {
  open,
  deleteDatabase(name) {
    memoryDatabases.delete(name);
    try {
      if (browser) return browser.deleteDatabase(name);
    } catch {
      // refused: nothing was kept there
    }
    return answer(undefined);
  },
  databases() {
    try {
      if (browser && browser.databases) return browser.databases();
    } catch {
      // refused
    }
    return Promise.resolve([...memoryDatabases.keys()].map((name) => ({ name, version: 1 })));
  },
  cmp(first, second) {
    if (browser) return browser.cmp(first, second);
    return first < second ? -1 : first > second ? 1 : 0;
  },
};

try {
  Object.defineProperty(window, "indexedDB", { configurable: true, enumerable: true, get: () => wrapped });
} catch {
  // A browser that will not let us wrap it: PyScript meets IndexedDB as it is.
}

if (status.framed && document.hasStorageAccess) {
  status.partitioned = document.hasStorageAccess().then((granted) => !granted, () => false);
}

// -- a save after the paint -----------------------------------------------------------------------
//
// Python saves a game after each move; written inside the click, the save (the game in
// JSON, read back to check no other tab wrote since, written) held up the frame that shows the
// move (issue 14: click to first changed frame). kabale.web.app.App.save_soon asks for it here,
// after the next paint: the frame is drawn first. Nothing may be lost: the page writes what
// waits before any event of its own, and when it is hidden or left (pagehide, visibilitychange;
// a reload or a closed tab). A page that draws no frames (hidden) saves within SAVE_LATEST_MS.

const SAVE_LATEST_MS = 200;
let saving = 0; // saves asked for and not yet run
let whenSaved = []; // the promises of settled() waiting for them

/** Run ``save`` after the next paint (or within SAVE_LATEST_MS, whichever is first), once. */
status.afterPaint = (save) => {
  saving += 1;
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    try {
      save();
    } finally {
      saving -= 1;
      if (!saving) for (const resolve of whenSaved.splice(0)) resolve();
    }
  };
  requestAnimationFrame(() => setTimeout(run, 0));
  setTimeout(run, SAVE_LATEST_MS);
};

/** A promise that resolves when no save asked for waits (the tests read storage after it). */
status.settled = () => (saving ? new Promise((resolve) => whenSaved.push(resolve)) : Promise.resolve());

window.kabaleStorage = status;

// ---- keep what is saved ----
//
// An installed Kabale (opened as an app) asks the browser once not to evict its
// storage, so that saved games and statistics outlive a disk running low.
// Chromium answers from the app's standing without a prompt; Firefox may ask
// the player, hence once only (remembered under a key that is not a record).

const PERSIST_ASKED_KEY = "kabale-persist-asked";
const APP_DISPLAY_MODES = ["standalone", "minimal-ui", "fullscreen", "window-controls-overlay"];

function installed() {
  try {
    if (navigator.standalone === true) return true; // Safari on iOS, added to the home screen
    return APP_DISPLAY_MODES.some((mode) => window.matchMedia(`(display-mode: ${mode})`).matches);
  } catch {
    return false;
  }
}

async function askToKeepSaved() {
  const storage = navigator.storage;
  if (!installed() || !storage || typeof storage.persist !== "function") return;
  try {
    if (window.localStorage.getItem(PERSIST_ASKED_KEY)) return;
    if (typeof storage.persisted === "function" && (await storage.persisted())) return;
    window.localStorage.setItem(PERSIST_ASKED_KEY, new Date().toISOString());
    await storage.persist();
  } catch {
    // Storage refused or full: there is nothing the browser could keep.
  }
}

window.addEventListener("load", () => { askToKeepSaved(); });
