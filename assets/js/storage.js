// Boot with whatever storage the browser gives: none, refused, or partitioned.
//
// Saved games live in localStorage (assets/js/page.js reads Kabale's keys for the worker in
// which Python runs, and writes what Python saves); nothing of ours opens IndexedDB. (PyScript
// did, while it started, and its boot waited for good where the browser refused it: this
// module answered that open from memory. The page no longer runs PyScript: issue 29.)
//
// window.kabaleStorage tells Python how this page may keep games:
//   framed: true inside any frame
//   partitioned: a promise of true when the frame's storage is kept apart from
//     the top-level site's (a frame on another site without storage access).

const status = {
  framed: window !== window.top,
  partitioned: Promise.resolve(false),
};

if (status.framed && document.hasStorageAccess) {
  status.partitioned = document.hasStorageAccess().then((granted) => !granted, () => false);
}

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
