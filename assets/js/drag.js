// Drag cards with a mouse, a finger or a pen (Pointer Events).
//
// HTML5 drag-and-drop is not fired by touch, so the tables use this instead.
// The mechanics live here, in the browser, so that a card follows the pointer
// at the display's frame rate with transforms only; every decision is
// Python's, asked through three events dispatched on the elements concerned
// (assets/js/page.js answers them: Python runs in a worker, and answers later):
//
//   kabale:dragstart  on the card's control, once the pointer has moved past
//                     a few pixels (a tap stays a tap): Python picks the card
//                     up, lights its targets and says which controls take it;
//                     should it refuse, page.js calls kabaleDrag.refused().
//   kabale:dragover   on the control under the pointer, each time that
//                     control changes: detail.accepted lights it as a drop.
//   kabale:drop       on the control under the pointer at release: Python
//                     plays the move (or says why not); detail.accepted tells
//                     whether it was legal: the card lands, or flies back.
//
// Elements with data-drag may be dragged. Motion is off with the page's
// reduced-motion setting or the system's prefers-reduced-motion.

const THRESHOLD_PX = 6;
const FLY_BACK_MS = 220;

let pending = null; // a press that may become a drag
let drag = null; // the drag under way
let swallowClickUntil = 0;

function reducedMotion() {
  return document.body.classList.contains("reduced-motion")
    || window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

function ask(element, type) {
  const detail = { accepted: false };
  element.dispatchEvent(new CustomEvent(type, { bubbles: true, detail }));
  return detail.accepted === true;
}

/** The cards a drag carries: a KABALAM hand's picked cards, or a pile's top card. */
function carried(source) {
  if (source.matches(".card")) {
    const hand = source.closest(".endowment");
    const picked = hand ? [...hand.querySelectorAll("button.card[aria-pressed=true]")] : [];
    // a card not among those picked up is dragged alone (kabale.web.tables.kabala_table on_drag_start)
    return picked.includes(source) ? picked : [source];
  }
  const cards = source.querySelectorAll(".card");
  return cards.length ? [cards[cards.length - 1]] : [source];
}

/** The control with this data-key as drawn now (Python redraws the table as it goes). */
function drawn(key, fallback) {
  if (!key) return fallback.isConnected ? fallback : null;
  return document.querySelector(`[data-key="${CSS.escape(key)}"]`);
}

function ghostOf(cards) {
  const ghost = document.createElement("div");
  ghost.className = "drag-ghost";
  ghost.setAttribute("aria-hidden", "true");
  for (const card of cards) {
    const box = card.getBoundingClientRect();
    const copy = card.cloneNode(true);
    for (const name of ["id", "data-key", "data-action", "data-drag", "aria-pressed", "aria-label", "tabindex", "role"]) {
      copy.removeAttribute(name);
    }
    copy.classList.remove("picked", "hinted");
    copy.style.left = `${box.left}px`;
    copy.style.top = `${box.top}px`;
    copy.style.width = `${box.width}px`;
    copy.style.height = `${box.height}px`;
    ghost.appendChild(copy);
  }
  document.body.appendChild(ghost);
  return ghost;
}

function hideSources(keys, hidden) {
  for (const key of keys) {
    const element = key && document.querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (element) element.classList.toggle("drag-source", hidden);
  }
}

function begin(event) {
  const source = pending.source;
  const key = source.dataset.key || "";
  pending = null;
  // Python redraws the table as the card is picked up, taking the pressed element away; a finger's
  // events would go on to that detached element (touch is captured where it starts), so the
  // body captures the pointer for the rest of the drag.
  try {
    document.body.setPointerCapture(event.pointerId);
  } catch {
    // the pointer is already gone (released in the same frame): the drag ends at once
  }
  if (!ask(source, "kabale:dragstart")) {
    releaseCapture(event.pointerId);
    return;
  }
  const now = drawn(key, source);
  if (!now) return;
  const cards = carried(now);
  drag = {
    pointerId: event.pointerId,
    startX: event.clientX,
    startY: event.clientY,
    x: event.clientX,
    y: event.clientY,
    sourceKey: key,
    // the controls whose cards are carried (a pile's top card: its place), hidden while they travel
    keys: [...new Set(cards.map((card) => card.closest("[data-key]")?.dataset.key).filter(Boolean))],
    ghost: ghostOf(cards),
    over: null,
    overAccepted: false,
    frame: 0,
  };
  hideSources(drag.keys, true);
  document.body.classList.add("dragging");
  follow();
}

function releaseCapture(pointerId) {
  try {
    if (document.body.hasPointerCapture(pointerId)) document.body.releasePointerCapture(pointerId);
  } catch {
    // nothing was captured
  }
}

function follow() {
  if (!drag || drag.frame) return;
  drag.frame = requestAnimationFrame(() => {
    if (!drag) return;
    drag.frame = 0;
    drag.ghost.style.transform = `translate3d(${drag.x - drag.startX}px, ${drag.y - drag.startY}px, 0)`;
    const under = document.elementFromPoint(drag.x, drag.y);
    const control = under && under.closest("[data-action]");
    if (control !== drag.over) {
      if (drag.over) drag.over.classList.remove("drop-target");
      drag.over = control;
      drag.overAccepted = Boolean(control) && !control.closest(".drag-ghost") && ask(control, "kabale:dragover");
      if (drag.overAccepted) control.classList.add("drop-target");
    }
  });
}

function finish(ghost, keys, landed) {
  document.body.classList.remove("dragging");
  const done = () => {
    ghost.remove();
    hideSources(keys, false);
  };
  if (landed || reducedMotion()) {
    done();
    return;
  }
  hideSources(keys, true); // the redrawn source stays hidden until its card is back
  const animation = ghost.animate(
    [{ transform: ghost.style.transform || "none" }, { transform: "translate3d(0, 0, 0)" }],
    { duration: FLY_BACK_MS, easing: "cubic-bezier(.2,.8,.3,1)" },
  );
  ghost.style.transform = "translate3d(0, 0, 0)";
  animation.onfinish = done;
  animation.oncancel = done;
  // A press during the flight finishes it at once: input is never blocked by motion.
  document.addEventListener("pointerdown", () => animation.finish(), { once: true, capture: true });
}

async function end(event, dropped) {
  const current = drag;
  drag = null;
  releaseCapture(current.pointerId);
  if (current.frame) cancelAnimationFrame(current.frame);
  if (current.over) current.over.classList.remove("drop-target");
  swallowClickUntil = performance.now() + 400;
  let landed = false;
  if (dropped) {
    const under = document.elementFromPoint(event.clientX, event.clientY);
    const control = under && under.closest("[data-action]");
    const source = drawn(current.sourceKey, null);
    if (control && !(source && (control === source || source.contains(control)))) {
      // The carried cards are shown where the ghost is, so that the redraw's motion
      // (assets/js/motion.js) takes them from the drop point: on to their new place,
      // or back where they came from when the move is refused.
      const cards = carriedCards(current.keys);
      const shift = `translate(${current.x - current.startX}px, ${current.y - current.startY}px)`;
      for (const card of cards) card.style.transform = shift;
      const answered = window.kabalePage ? window.kabalePage.next() : Promise.resolve();
      landed = ask(control, "kabale:drop");
      await answered; // Python's answer drawn: the move played, or refused
      if (cards.length && cards.every((card) => !card.isConnected)) {
        document.body.classList.remove("dragging");
        current.ghost.remove(); // redrawn: the cards themselves travel now
        return;
      }
      for (const card of cards) card.style.transform = "";
    }
  }
  finish(current.ghost, current.keys, landed);
}

/** The card elements a drag carries, as drawn now: a hand's card, or a pile's top card. */
function carriedCards(keys) {
  const cards = [];
  for (const key of keys) {
    const element = document.querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (!element) continue;
    if (element.matches(".card")) {
      cards.push(element);
    } else {
      const inner = element.querySelectorAll(".card[data-card]");
      if (inner.length) cards.push(inner[inner.length - 1]);
    }
  }
  return cards;
}

document.addEventListener("pointerdown", (event) => {
  if (drag || (event.pointerType === "mouse" && event.button !== 0) || !event.isPrimary) return;
  const source = event.target.closest && event.target.closest("[data-drag]");
  if (!source || source.disabled) return;
  pending = { source, x: event.clientX, y: event.clientY, pointerId: event.pointerId };
});

document.addEventListener("pointermove", (event) => {
  if (pending && event.pointerId === pending.pointerId) {
    if (Math.hypot(event.clientX - pending.x, event.clientY - pending.y) < THRESHOLD_PX) return;
    const start = { clientX: pending.x, clientY: pending.y, pointerId: event.pointerId };
    begin(start);
  }
  if (drag && event.pointerId === drag.pointerId) {
    drag.x = event.clientX;
    drag.y = event.clientY;
    follow();
    event.preventDefault();
  }
}, { passive: false });

document.addEventListener("pointerup", (event) => {
  if (pending && event.pointerId === pending.pointerId) pending = null;
  if (drag && event.pointerId === drag.pointerId) end(event, true);
});

document.addEventListener("pointercancel", (event) => {
  if (pending && event.pointerId === pending.pointerId) pending = null;
  if (drag && event.pointerId === drag.pointerId) end(event, false);
});

// The click that a browser sends after a drag's release is not a tap.
document.addEventListener("click", (event) => {
  if (performance.now() < swallowClickUntil) {
    swallowClickUntil = 0;
    event.stopPropagation();
    event.preventDefault();
  }
}, true);

// Python refused the drag it was asked to begin (page.js): the card flies back.
window.kabaleDrag = {
  refused() {
    if (drag) end(null, false);
  },
  /** No drag, pending or under way: the page starts afresh (page.js ``park``; its ghost goes with the body's extras). */
  reset() {
    if (drag) {
      if (drag.frame) cancelAnimationFrame(drag.frame);
      releaseCapture(drag.pointerId);
    }
    pending = null;
    drag = null;
    swallowClickUntil = 0;
  },
};

// No native drag-and-drop, text selection or long-press menu fights a card's drag.
document.addEventListener("dragstart", (event) => {
  if (event.target.closest && event.target.closest("[data-drag]")) event.preventDefault();
});
document.addEventListener("contextmenu", (event) => {
  if (drag) event.preventDefault();
});
