// The page's end of Kabale (issue 29): it starts the worker in which all of Kabale's Python runs
// (assets/js/worker.mjs), tells it each input, and draws what it answers. The page's thread runs
// no Python: it draws, runs the motion (motion.js), the drag (drag.js) and the callouts
// (callout.js), and keeps localStorage, which a worker cannot reach.
//
// To the worker, JSON strings: first the boot (the address, the languages, Kabale's keys in
// localStorage), then each input with its target described (``described``: the element and its
// ancestors, their attributes and values), as kabale.web.page.Event reads it.
// From the worker, batches of commands (kabale.web.page.Page), applied in order in one task:
// draw the screen (``render``: redraw.js patches the page, motion.js moves the cards), replace or
// change an element by its selector, move the focus, write the address or a record of storage.
// No state lives here that Python does not hold: the page is drawn from Python's.

import { advance } from "./boot.js";
import { giveSnapshotLater } from "./keep-snapshot.mjs";

const PROBE_KEY = "kabale-probe";

/** The page as its HTML has it: what ``park`` puts back. Taken before this script changes it, but
 *  after boot.js (imported) put a theme held in the settings on <html> and the bar: taken off here. */
const PRISTINE = {
  body: document.body.cloneNode(true),
  html: [...document.documentElement.attributes].map(({ name, value }) => [name, name !== "class" ? value
    : value.split(" ").filter((word) => !word.startsWith("theme-")).join(" ")]).filter(([name, value]) => name !== "class" || value),
  title: document.title,
  bars: [...document.querySelectorAll('meta[name="theme-color"][data-colour]')].map((meta) => [meta, meta.dataset.colour]),
};

/** Whether an error is a full storage's (QuotaExceededError, by any engine's name for it). */
function quota(error) {
  return Boolean(error) && (error.name === "QuotaExceededError" || error.name === "NS_ERROR_DOM_QUOTA_REACHED"
    || /quota/i.test(String(error.message)));
}

/** What Python's copy of localStorage holds, as the page last told it (key -> value). */
const told = new Map();

/**
 * Kabale's keys whose value in localStorage is not what Python's copy holds (another tab wrote
 * them, and its storage event has not come yet: both acted at the same moment), told with each
 * input: Python then acts on storage as it is, as it did when it read localStorage itself (a
 * click on a position another tab has moved on is refused, and the latest shown). Null if none.
 */
function changes() {
  const found = {};
  let any = false;
  try {
    const seen = new Set();
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index);
      if (!key || !key.startsWith("kabale") || key === PROBE_KEY) continue;
      seen.add(key);
      const value = localStorage.getItem(key);
      if (told.get(key) !== value) {
        found[key] = value;
        told.set(key, value);
        any = true;
      }
    }
    for (const key of [...told.keys()]) {
      if (!seen.has(key)) {
        found[key] = null;
        told.delete(key);
        any = true;
      }
    }
  } catch {
    return null; // storage refused: Python plays on in memory
  }
  return any ? found : null;
}

/** Kabale's keys in localStorage, and whether writes are refused; null keys where storage is refused. */
function storageNow() {
  told.clear(); // (what a boot tells Python is all it knows: a page started afresh may have heard of keys since gone)
  let storage;
  try {
    storage = window.localStorage;
    storage.getItem(PROBE_KEY);
  } catch {
    return { storage: null, writesRefused: false };
  }
  const items = {};
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key && key.startsWith("kabale") && key !== PROBE_KEY) {
      items[key] = storage.getItem(key);
      told.set(key, items[key]);
    }
  }
  let writesRefused = false;
  try {
    storage.setItem(PROBE_KEY, "1");
    storage.removeItem(PROBE_KEY);
  } catch (error) {
    writesRefused = !quota(error);
  }
  return { storage: items, writesRefused };
}

// -- the worker ------------------------------------------------------------------------------------

const served = Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);
let worker;
try {
  worker = new Worker(new URL("./worker.mjs", import.meta.url),
    { type: "module", name: served ? "kabale-python" : "kabale-python-staging" });
} catch (error) {
  worker = null; // refused (a Content-Security-Policy without worker-src 'self'): said below
  addEventListener("DOMContentLoaded", () => failed(error && error.message || error));
}

let unanswered = 0; // inputs Python has not answered yet (it answers each, ``answered``)
let whenAnswered = []; // the promises of ``settled`` waiting for them

function post(message) {
  if (!worker) return;
  if (message.type !== "boot") unanswered += 1;
  worker.postMessage(JSON.stringify(message));
}

/** A promise that resolves once Python has answered every input sent (the tests read storage after it). */
function settled() {
  return unanswered ? new Promise((resolve) => whenAnswered.push(resolve)) : Promise.resolve();
}

let applied = []; // resolvers waiting for the next batch to be drawn (``next``)

// Python's answer to a click whose echo has not been painted yet (assets/js/motion.js ``echoMove``)
// waits for that frame: drawn before it, in the same gap between two frames, its redraw (the
// patch, and motion.js reading every card's place) held the frame that shows the echo (bench/motion.py:
// a pass's click to its first frame p95 18-21 ms). The echo shows at once; the answer a frame later,
// the cards already moving. Batches keep their order: one that comes meanwhile waits behind it.
let held = []; // batches from Python waiting for the echo's frame
const HOLD_MAX_MS = 50; // the longest an answer waits (a save among them: it is never left waiting)

function applyHeld() {
  if (!held.length) return;
  const batches = held;
  held = [];
  batches.forEach(apply);
}

// a page going out of sight draws no frame, and its timers may be held or stopped: what Python
// said (a save among it) is applied now
document.addEventListener("visibilitychange", () => { if (document.hidden) applyHeld(); });
addEventListener("pagehide", applyHeld);

worker?.addEventListener("message", ({ data }) => {
  if (typeof data === "string") {
    const batch = JSON.parse(data);
    if (held.length || (window.kabaleMotion && window.kabaleMotion.echoUnpainted)) {
      if (!held.length) {
        // after the frame's paint; a hidden page draws no frame: then at once, in 50 ms at most
        const timer = setTimeout(applyHeld, HOLD_MAX_MS);
        requestAnimationFrame(() => setTimeout(() => { clearTimeout(timer); applyHeld(); }, 0));
      }
      held.push(batch);
      return;
    }
    apply(batch);
    return;
  }
  if (data && data.type === "progress") {
    advance(data.value);
  } else if (data && data.type === "started") {
    advance(95);
    performance.mark(data.how);
    const controller = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (data.tried && controller) controller.postMessage({ type: "snapshot-try" }); // counted a release
    // (a test's shorter wait, window.kabaleSnapshotAfterMs: the e2e tests' shared contexts)
    if (data.memory instanceof Uint8Array && navigator.serviceWorker) giveSnapshotLater(data.memory, window.kabaleSnapshotAfterMs);
    post(bootMessage());
  } else if (data && data.type === "failed") {
    failed(data.error);
  }
});
worker?.addEventListener("error", (event) => failed(event.message || "the worker stopped"));
advance(10);

function failed(error) {
  const notice = document.getElementById("notice");
  if (notice) {
    notice.className = "notice error";
    notice.textContent = `Kabale could not start its game engine (${error}). Reload the page to try again.`;
    notice.hidden = false;
  }
  const loading = document.getElementById("loading");
  if (loading) loading.hidden = true;
  document.body.dataset.failed = "1"; // not "ready": nothing would answer a click
}

function bootMessage() {
  const status = window.kabaleStorage || {};
  if (status.partitioned && typeof status.partitioned.then === "function") {
    status.partitioned.then((apart) => { if (apart) post({ type: "partitioned", extra: { apart: true } }); });
  }
  return {
    type: "boot",
    pathname: location.pathname,
    search: location.search,
    hash: location.hash,
    origin: location.origin,
    languages: [...(navigator.languages || [])],
    framed: Boolean(status.framed),
    updateReady: Boolean(window.kabaleUpdate && window.kabaleUpdate.ready),
    share: typeof navigator.share === "function",
    now: Date.now(), offset: new Date().getTimezoneOffset(), // the player's calendar day (issue 31)
    ...storageNow(),
  };
}

// -- inputs ----------------------------------------------------------------------------------------

/** The target and its ancestors out to <body>, as kabale.web.page.Node reads them. */
function described(target) {
  const path = [];
  for (let node = target; node && node.nodeType === 1 && node !== document.body; node = node.parentElement) {
    const attributes = {};
    for (const attribute of node.attributes) attributes[attribute.name] = attribute.value;
    const entry = { tag: node.tagName, attributes };
    if ("value" in node && typeof node.value === "string") entry.value = node.value;
    if (node.type === "checkbox" || node.type === "radio") entry.checked = node.checked;
    if (node.disabled) entry.disabled = true;
    path.push(entry);
  }
  return path;
}

function within(target) {
  for (const id of ["view", "dialog", "toolbar", "lobby"]) {
    const part = document.getElementById(id);
    if (part && target instanceof Node && part.contains(target)) return id;
  }
  return "";
}

function input(type, target, more = {}) {
  post({ type, path: described(target), within: within(target), storage: changes(), ...more });
}

const FIELDS = new Set(["INPUT", "SELECT", "TEXTAREA"]);
const ROVING = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"]);

document.body.addEventListener("click", (event) => input("click", event.target));
document.body.addEventListener("change", (event) => input("change", event.target));
document.body.addEventListener("keydown", (event) => {
  const target = event.target;
  const dialog = document.getElementById("dialog");
  if (FIELDS.has(target.tagName) || event.ctrlKey || event.metaKey || event.altKey || (dialog && dialog.open)) return;
  // What a key does by default is decided now, not once Python has answered: the page's own keys
  // have none worth keeping, and the arrows of the tables' roving focus would scroll the page.
  if (event.key === "?" || (ROVING.has(event.key) && target.closest && target.closest("#view [data-action]"))) {
    event.preventDefault();
  }
  const roved = ROVING.has(event.key) && !event.shiftKey && rove(target, event.key);
  input("keydown", target, { key: event.key, shift: event.shiftKey, extra: { roved } });
});

/** The arrows of a roving group (one tab stop: ``data-roving`` "line", clamped, Left/Right, Home and
 *  End; or "ring", every arrow, wrapping) move the focus among its controls of the same
 *  ``data-action``, in their ``data-order`` or else the page's order. Done here at once, not when
 *  Python has answered: two quick presses went from the same control (the second press's target was
 *  still the first), and the focus lagged the key by the worker's answer. Python, told ``roved``,
 *  keeps its own note of the focus (the group's tab stop) and does not move it again.
 *  Returns whether the key was the group's (the focus then is where it must be). */
function rove(target, key) {
  const group = target.closest && target.closest("#view [data-roving]");
  const action = target.dataset && target.dataset.action;
  if (!group || !action) return false;
  const ring = group.dataset.roving === "ring";
  const items = [...group.querySelectorAll("[data-action]")].filter((item) => item.dataset.action === action);
  if (items.some((item) => item.dataset.order !== undefined)) items.sort((a, b) => a.dataset.order - b.dataset.order);
  const at = items.indexOf(target);
  if (at < 0) return false;
  const last = items.length - 1;
  const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: ring ? 1 : 0, ArrowUp: ring ? -1 : 0 }[key];
  const to = key === "Home" ? (ring ? at : 0) : key === "End" ? (ring ? at : last)
    : ring ? (at + step + items.length) % items.length : Math.max(0, Math.min(last, at + step));
  if (to !== at) items[to].focus({ preventScroll: true });
  return true; // where it stays (the line's end) is the page's to say too: a late focus from Python would undo a next press
}
// The browser's Back closes an open dialog, as players of phone apps expect: it left Kabale (the
// rules on a phone, Back, and the blog or the new tab page was shown). Opening a dialog adds an
// entry to the history at the same address, marked; Back then comes to the entry before it, and
// the page closes the dialog instead of telling Python of a new address. A dialog closed any
// other way (its Close, Escape, a choice in it) takes its entry back itself: a pop the page
// makes is not the player's, so it is not told either. An address Python writes is written over
// the dialog's entry (never under it), and a dialog still open then has an entry again above it.
// What the page writes waits for its own pops to come (in order: ``afterPops``), or a second at
// most (a pop that never came, as in a frame whose parent changed the history meanwhile).
const DIALOG_ENTRY = "kabaleDialog";
const POP_WAIT_MS = 1000;
let dialogEntry = false; // the history's present entry is the one an open dialog added
let dialogAddress = ""; // the address the dialog's entry was added at
let pops = 0; // the page's own history.back() calls whose popstate has not come yet
let popTimer = 0;
const afterPops = []; // what waits for them

// a reload keeps the history's entries: the dialog's, if it was the present one, is a plain one now
if (history.state && history.state[DIALOG_ENTRY]) history.replaceState(null, "", location.href);

function whenPopped(then) {
  if (pops > 0) afterPops.push(then);
  else then();
}

function popsCame() {
  pops = 0;
  clearTimeout(popTimer);
  for (const then of afterPops.splice(0)) then();
}

function popItself() {
  pops += 1;
  clearTimeout(popTimer);
  popTimer = setTimeout(popsCame, POP_WAIT_MS);
  history.back();
}

function onDialogEntry() {
  return Boolean(history.state && history.state[DIALOG_ENTRY]);
}

/** Leave the open dialog's entry (once Python or the player has closed the dialog). */
function popDialogEntry() {
  if (!dialogEntry) return;
  dialogEntry = false;
  if (onDialogEntry()) popItself();
}

function pushDialogEntry() {
  whenPopped(() => {
    const dialog = document.getElementById("dialog");
    if (dialogEntry || !dialog || !dialog.open) return;
    history.pushState({ [DIALOG_ENTRY]: true }, "", location.href);
    dialogEntry = true;
    dialogAddress = location.href;
  });
}

/** Python's address: a push takes the place of a dialog's entry, so that Back from it comes to the
 *  screen before (a replace writes over it too: the entry below keeps its address). */
function writeAddress(how, url) {
  whenPopped(() => {
    const over = onDialogEntry();
    dialogEntry = false;
    (how === "push" && !over ? history.pushState : history.replaceState).call(history, null, "", url);
    pushDialogEntry(); // a dialog still open: an entry of its own again, above the address
  });
}

function resetDialogHistory() {
  dialogEntry = false;
  pops = 0;
  clearTimeout(popTimer);
  afterPops.length = 0;
}

addEventListener("popstate", (event) => {
  if (pops > 0) {
    pops -= 1;
    if (pops === 0) popsCame();
    return;
  }
  const dialog = document.getElementById("dialog");
  if (dialogEntry) {
    dialogEntry = false;
    if (dialog && dialog.open) {
      dialog.close(); // its close event tells Python, as any close does
      // a jump of more than one step (a long press on Back) also leaves the screen
      if (location.href === dialogAddress) return;
    }
  }
  if (event.state && event.state[DIALOG_ENTRY]) { // Forward, into a closed dialog's entry: nothing there
    popItself();
    return;
  }
  post({ type: "popstate", extra: { pathname: location.pathname, search: location.search } });
});
addEventListener("storage", (event) => {
  if (event.storageArea !== localStorage || !event.key || !event.key.startsWith("kabale")) return;
  if (event.newValue === null) told.delete(event.key);
  else told.set(event.key, event.newValue);
  post({ type: "storage", extra: { key: event.key, value: event.newValue } });
});
addEventListener("kabale:update-ready", () => post({ type: "kabale:update-ready" }));
// (a close does not bubble: heard on its way down, so that a #dialog drawn anew is heard too: ``park``)
document.addEventListener("close", (event) => {
  if (event.target instanceof Element && event.target.id === "dialog") {
    if (!event.target.open) popDialogEntry(); // (not when another dialog was shown in its place at once)
    post({ type: "dialog-closed" });
  }
}, true);

// A statistics file to import (issue 31): read here (the worker cannot reach the file), or, when
// far too large, not read at all; Python checks it and keeps it, or says why not.
const MAX_IMPORT_BYTES = 2_000_000;
document.body.addEventListener("change", async (event) => {
  const input = event.target;
  if (!input.matches || !input.matches("input[type=file][data-import]") || !input.files || !input.files[0]) return;
  const file = input.files[0];
  input.value = ""; // the same file may be chosen again
  if (file.size > MAX_IMPORT_BYTES) {
    post({ type: "import", extra: { oversized: true, size: file.size } });
    return;
  }
  let text = null;
  try {
    text = await file.text();
  } catch (error) {
    text = null;
  }
  post({ type: "import", extra: { text, size: file.size } });
}, true);

// The daily deal's share line (issue 31): shared in the click itself, where the Web Share API and
// the clipboard take the player's gesture; then Python hears how it went, to say so in her words.
document.body.addEventListener("click", async (event) => {
  const button = event.target.closest && event.target.closest("[data-share-text]");
  if (!button) return;
  const text = button.dataset.shareText;
  const url = new URL(button.dataset.shareQuery || "", location.href).href;
  let how = "failed";
  try {
    if (navigator.share) {
      await navigator.share({ text, url });
      how = "shared";
    } else {
      await navigator.clipboard.writeText(`${text}\n${url}`);
      how = "copied";
    }
  } catch (error) {
    how = error && error.name === "AbortError" ? "cancelled" : "failed";
  }
  post({ type: "shared", extra: { how } });
});

// A card's drag (assets/js/drag.js asks through these events, and reads ``detail.accepted`` at
// once): Python picks the cards up when the drag begins, and answers with every control that
// takes them (``accepts``); the drag goes on meanwhile, and the drop is Python's to play or refuse.
let accepts = null; // the data-keys of the controls the dragged cards may go to, once Python has said
let dragging = false;

document.body.addEventListener("kabale:dragstart", (event) => {
  if (within(event.target) !== "view") return;
  accepts = null;
  dragging = true;
  event.detail.accepted = true;
  input("kabale:dragstart", event.target);
});
document.body.addEventListener("kabale:dragover", (event) => {
  const control = event.target.closest("[data-key]");
  event.detail.accepted = Boolean(accepts && control && accepts.has(control.dataset.key));
});
document.body.addEventListener("kabale:drop", (event) => {
  const control = event.target.closest("[data-key]");
  event.detail.accepted = Boolean(accepts && control && accepts.has(control.dataset.key));
  dragging = false;
  input("kabale:drop", event.target);
});

// -- commands --------------------------------------------------------------------------------------

function one(selector) {
  try {
    return document.querySelector(selector);
  } catch {
    return null;
  }
}

function node(drawing) {
  return typeof drawing === "string" ? document.createTextNode(drawing) : window.kabaleRedraw.element(drawing);
}

/** Draw the screen: the focus stays on the same control, the page where it was scrolled. */
function render(options, drawing) {
  const view = document.getElementById("view");
  const key = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.key : "";
  const scrollX = options.inPlace ? 0 : window.scrollX;
  const scrollY = options.inPlace ? 0 : window.scrollY;
  const motion = window.kabaleMotion;
  if (motion) motion.capture(view, options.scope);
  if (drawing === null) {
    view.replaceChildren();
    view.hidden = true;
  } else {
    const content = node(drawing);
    if (options.inPlace) window.kabaleRedraw.redraw(view, content);
    else view.replaceChildren(content);
    view.hidden = false;
    if (motion) motion.play(view, options.scope, options.cues || {});
    else if (options.cues && options.cues.log) document.getElementById("announcer").textContent = options.cues.log.say;
  }
  // the page becomes a column as high as the screen around a table (kabale.css)
  document.body.classList.toggle("table-shown", Boolean(drawing !== null && options.table));
  if (key) focusKey(key, false);
  if ((scrollX || scrollY) && (window.scrollY !== scrollY || window.scrollX !== scrollX)) window.scrollTo(scrollX, scrollY);
}

function focusKey(key, scroll) {
  const element = one(`[data-key="${CSS.escape(key)}"]`);
  if (element) element.focus({ preventScroll: !scroll });
}

function store(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
    if (value === null) told.delete(key);
    else told.set(key, value);
  } catch (error) {
    if (quota(error)) {
      let now = null;
      try {
        now = localStorage.getItem(key);
      } catch {
        // unreadable now: Python keeps the record in memory all the same
      }
      post({ type: "store-failed", extra: { key, now } });
    }
    // a refusal other than space: Python knows storage does not keep games (the boot's probe)
  }
}

// -- remote play's transport (issue 30) -----------------------------------------------------------
// Python (kabale.web.remote.link) asks to join a room, send a message to a peer and leave; the
// page tells it each peer that joins or leaves and each message that comes. transport.mjs (and the
// vendored Trystero under it) is imported only here, when a table is played at a distance: a page
// that never plays remotely never loads it. Messages cross as the protocol's JSON text.

let netRoom = null; // the room joined, once transport.mjs has loaded and joined
let netJoining = null; // the promise of that join
let netQueue = []; // what Python sent before the room was there
let netQuiet = false; // Python asked the room to go quiet on the relays (every seat is filled)
const netSending = new Set(); // messages on their way: a room is left once they have gone (a guest's Leave)

/** Record every text received, where a test asked for it (window.kabaleNetRecord, an array). */
function recordNet(peer, text) {
  if (Array.isArray(window.kabaleNetRecord)) window.kabaleNetRecord.push({ peer, text });
}

function netJoin(options) {
  netLeave();
  const joining = import("./transport.mjs").then((transport) => {
    if (netJoining !== joining) return null; // left (or joined another room) while loading
    const room = transport.joinRoom({
      appId: options.appId,
      roomId: options.room,
      password: options.password,
      relayUrls: options.relays,
      iceServers: options.ice === null || options.ice === undefined ? undefined : options.ice,
      onMessage(message, peer) {
        const text = JSON.stringify(message);
        recordNet(peer, text);
        post({ type: "net-message", extra: { peer, text } });
      },
      onPeerJoin: (peer) => post({ type: "net-peer", extra: { peer, joined: true } }),
      onPeerLeave: (peer) => post({ type: "net-peer", extra: { peer, joined: false } }),
      onRefused: (peer, reason) => post({ type: "net-message", extra: { peer, text: "", reason } }),
      onJoinError: (details) => post({ type: "net-error", extra: { reason: String(details && details.error || details) } }),
      // offline, or the relays down or blocked: Python says so plainly (it names the relays' hosts)
      onNoRelay: (urls) => post({ type: "net-error", extra: { reason: urls.map((url) => new URL(url).host).join(", ") } }),
      relayWaitMs: window.kabaleRelayWaitMs, // a test's shorter wait; else the transport's own
    });
    netRoom = room;
    if (netQuiet) room.quiet();
    for (const [peer, text] of netQueue.splice(0)) netSend(peer, text);
    post({ type: "net-joined", extra: { self: room.selfId } });
    return room;
  }).catch((error) => {
    post({ type: "net-error", extra: { reason: String(error && error.message || error) } });
    return null;
  });
  netJoining = joining;
}

function netSend(peer, text) {
  if (!netRoom) {
    if (netJoining) netQueue.push([peer, text]);
    return;
  }
  let message;
  try {
    message = JSON.parse(text);
  } catch {
    return; // Python sends JSON only
  }
  const sending = netRoom.send(message, peer || undefined)
    .catch((error) => console.warn("Kabale could not send:", error))
    .finally(() => netSending.delete(sending));
  netSending.add(sending);
}

/** Go quiet on the relays once every seat is filled, or signal again when one is away. */
function netQuieten(quiet) {
  netQuiet = Boolean(quiet);
  if (netRoom) netQuiet ? netRoom.quiet() : netRoom.resume();
}

function netLeave() {
  const room = netRoom;
  netQuiet = false;
  netRoom = null;
  netJoining = null;
  netQueue = [];
  if (room) Promise.allSettled([...netSending]).then(() => room.leave()).catch(() => {});
}

const COMMANDS = {
  render,
  focus: focusKey,
  store,
  set(selector, property, value) {
    const element = one(selector);
    if (element) element[property] = value;
  },
  attr(selector, name, value) {
    const element = one(selector);
    if (element) element.setAttribute(name, value);
  },
  class(selector, name, on) {
    const element = one(selector);
    if (element) element.classList.toggle(name, on);
  },
  replace(selector, children) {
    const element = one(selector);
    if (element) element.replaceChildren(...children.map(node));
  },
  prepend(selector, drawing) {
    const element = one(selector);
    if (element) element.prepend(node(drawing));
  },
  dialog(selector, how) {
    const dialog = one(selector);
    if (!dialog) return;
    if (how === "open" && !dialog.open) {
      dialog.showModal();
      pushDialogEntry();
    } else if (how === "close" && dialog.open) dialog.close();
  },
  history(how, url) {
    writeAddress(how, url);
  },
  bar(theme) {
    const metas = [...document.querySelectorAll('meta[name="theme-color"][data-colour]')];
    const held = metas.find((meta) => meta.dataset.theme === theme);
    for (const meta of metas) meta.content = (held || meta).dataset.colour;
  },
  drag(keys) {
    if (!dragging && keys === null) return;
    accepts = keys === null ? null : new Set(keys);
    if (keys === null && window.kabaleDrag) window.kabaleDrag.refused();
  },
  update() {
    if (window.kabaleUpdate) window.kabaleUpdate.apply();
  },
  ready() {
    document.body.dataset.ready = "1";
  },
  "net-join": netJoin,
  "net-send": netSend,
  "net-leave": netLeave,
  "net-quiet": netQuieten,
  /** The modules of the invite's QR code, from the vendored encoder (assets/js/qr.mjs): Python draws them. */
  qr(text) {
    import("./qr.mjs").then(({ modules }) => post({ type: "qr", extra: { text, rows: modules(text) } }))
      .catch((error) => {
        console.warn("Kabale could not make a QR code:", error);
        post({ type: "qr", extra: { text, rows: [] } });
      });
  },
  copy(text, key) {
    // the answer comes back as an input, for the button to say it was copied (or could not be)
    const done = (copied) => post({ type: "copied", extra: { key, copied } });
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).then(() => done(true), () => done(false));
    else done(false);
  },
  /** A file for the player to keep (the statistics' export, issue 31): a download, made here. */
  download(name, text) {
    const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    const link = Object.assign(document.createElement("a"), { href: url, download: name, hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  },
  warn(text) {
    console.warn(text); // Python's own mistake, caught and told to the player (kabale.web.app show_failure)
  },
};

function apply(batch) {
  window.kabaleRedraw.forget(batch.forget || []);
  for (const [name, ...args] of batch.do) {
    try {
      COMMANDS[name](...args);
    } catch (error) {
      console.warn(`Kabale's page could not ${name}:`, error);
    }
  }
  const waiting = applied;
  applied = [];
  for (const resolve of waiting) resolve();
  if (batch.answered) {
    unanswered = Math.max(0, unanswered - 1);
    if (!unanswered) for (const resolve of whenAnswered.splice(0)) resolve();
  }
}

/** A promise of the next batch from Python, drawn (drag.js waits for a drop's answer). */
function next() {
  return new Promise((resolve) => applied.push(resolve));
}

// -- starting afresh in this page -----------------------------------------------------------------
// The browser tests start Kabale anew, on storage they have just cleared, in a page an earlier test
// left (tests/e2e/conftest.py ``KeptPage``): a warm start costs the tests' browser 2.6-3.2 s of CPU
// (bench/page_cost.py), a new app in the same worker 0.2 s of the wall at rest. ``park`` ends the app
// (Python cancels its tasks: nothing more is drawn or stored) and puts the page back as its HTML
// was: the body, <html>'s attributes, the title, the bar's colours, and the state of this
// script, motion.js and drag.js. ``restart`` then boots a new app at ``url``, as the first boot did
// (Python reads storage and the address again). redraw.js keeps its kept drawings: Python keeps
// their numbers across apps.

/** The body's parts as its HTML has them: what was added around them goes (the update banner, a
 *  motion's or a drag's layer); each part is made equal to its own, kept where it is (callout.js
 *  watches #view). */
function pristineBody() {
  const fresh = [...PRISTINE.body.cloneNode(true).children];
  const parts = [...document.body.children];
  const same = (a, b) => a.tagName === b.tagName && a.id === b.id;
  for (const part of parts) if (!fresh.some((wanted) => same(part, wanted))) part.remove();
  const body = PRISTINE.body;
  for (const name of document.body.getAttributeNames()) if (!body.hasAttribute(name)) document.body.removeAttribute(name);
  for (const name of body.getAttributeNames()) document.body.setAttribute(name, body.getAttribute(name));
  let at = 0;
  for (const wanted of fresh) {
    const part = [...document.body.children].slice(at).find((live) => same(live, wanted));
    if (!part) {
      document.body.append(wanted);
      continue;
    }
    at = [...document.body.children].indexOf(part) + 1;
    if (part.tagName !== "SCRIPT") window.kabaleRedraw.restore(part, wanted);
  }
}

/** End the app and put the page back as its HTML was (see above); resolves once Python has. */
async function park() {
  const dialog = document.getElementById("dialog");
  resetDialogHistory(); // a parked page's history is the test's, not a dialog's to take back
  if (dialog && dialog.open) dialog.close();
  post({ type: "park" });
  await settled();
  if (window.kabaleMotion) window.kabaleMotion.reset();
  if (window.kabaleDrag) window.kabaleDrag.reset();
  netLeave();
  accepts = null;
  dragging = false;
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  pristineBody();
  const html = document.documentElement;
  for (const name of html.getAttributeNames()) html.removeAttribute(name);
  for (const [name, value] of PRISTINE.html) html.setAttribute(name, value);
  document.title = PRISTINE.title;
  for (const [meta, content] of PRISTINE.bars) meta.content = content;
  window.scrollTo(0, 0);
  parked = true;
}

let parked = false; // ended by ``park``, not restarted yet

/** Boot a new app at ``url`` (this origin's), in a page ``park`` has put back. */
function restart(url) {
  parked = false;
  advance(95); // Python is in, as a start's "started" says
  history.replaceState(null, "", url);
  post(bootMessage());
}

// netSend: a test's hostile guest says what it likes
window.kabalePage = { next, post, settled, netSend, park, restart, get parked() { return parked; } };
if (window.kabaleStorage) window.kabaleStorage.settled = settled;
