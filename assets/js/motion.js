// Cards that travel: FLIP with the Web Animations API, transforms only.
//
// Python redraws a table from its state (no state is kept in the DOM): the old
// card elements go and new ones come. py/kabale/web/motion.py calls capture()
// just before a redraw and play() just after it. capture() notes where each
// face-up card ([data-card]) was on screen (First); play(), in the next animation
// frame, where it is now (Last), and animates each card that moved from its old
// place to its new one (Invert, Play): a translate added on top of the card's
// own transform, so no layout runs per frame and a picked-up card keeps its lift.
//
// * One move takes MOVE_MS (well under 300 ms).
// * Input is never blocked: a pointer press or a key first finishes every
//   running card animation at once. A redraw that comes by itself (the
//   computer's play, a packet's flip) sends a card in flight on from where it is.
// * Nothing moves when the system asks for reduced motion, or with the
//   "reduce motion" setting (a class on <body>, set by Python).
// * Cards are matched by their text ("7S"); when a double deck shows two equal
//   cards, each new one takes the nearest old one.
//
// Read-only for the page's state: it only adds animations, which end by themselves.

const MOVE_MS = 240;
const EASING = "cubic-bezier(0.2, 0.7, 0.3, 1)";
const ANIMATION_ID = "kabale-move";
const MIN_DISTANCE_PX = 1;

const reducedMotionQuery = window.matchMedia("(prefers-reduced-motion: reduce)");

let captured = null; // {scope, rects: Map<card text, DOMRect[]>}
let frame = 0;

function motionOff() {
  return reducedMotionQuery.matches || document.body.classList.contains("reduced-motion");
}

function running() {
  return document.getAnimations().filter((animation) => animation.id === ANIMATION_ID);
}

/** Finish every card animation now (the card jumps to where it goes). */
function finish() {
  if (frame) {
    cancelAnimationFrame(frame);
    frame = 0;
  }
  captured = null;
  for (const animation of running()) animation.finish();
}

function rectsOf(root) {
  const rects = new Map();
  for (const element of root.querySelectorAll("[data-card]")) {
    const rect = element.getBoundingClientRect();
    if (!rect.width) continue; // hidden: nothing to travel from
    const card = element.dataset.card;
    if (!rects.has(card)) rects.set(card, []);
    rects.get(card).push(rect);
  }
  return rects;
}

/** Note where every card of `root` is seen, before a redraw of the screen `scope`.
 *  A card in flight is seen where it is now, so a redraw that comes by itself (the
 *  computer's play, a packet's flip) sends it on from there; when the last redraw
 *  has not been painted yet, what the player saw is still the earlier note. */
function capture(root, scope) {
  if (frame) {
    cancelAnimationFrame(frame);
    frame = 0;
    if (captured && captured.scope === scope) return;
  }
  captured = motionOff() || !root ? null : { scope, rects: rectsOf(root) };
}

/** Pair each new card element with the nearest old place of the same card. */
function pairs(root, before) {
  const candidates = [];
  for (const element of root.querySelectorAll("[data-card]")) {
    const olds = before.get(element.dataset.card);
    if (!olds) continue;
    const now = element.getBoundingClientRect();
    if (!now.width) continue;
    olds.forEach((old, index) => {
      const dx = old.left - now.left;
      const dy = old.top - now.top;
      candidates.push({ element, index, dx, dy, distance: Math.hypot(dx, dy), card: element.dataset.card });
    });
  }
  candidates.sort((a, b) => a.distance - b.distance);
  const usedElements = new Set();
  const usedOlds = new Set();
  const chosen = [];
  for (const candidate of candidates) {
    const oldKey = `${candidate.card}#${candidate.index}`;
    if (usedElements.has(candidate.element) || usedOlds.has(oldKey)) continue;
    usedElements.add(candidate.element);
    usedOlds.add(oldKey);
    chosen.push(candidate);
  }
  return chosen;
}

/** After a redraw of `scope`: move every card that changed place from where it was. */
function play(root, scope) {
  const before = captured;
  if (!before || before.scope !== scope || !root || motionOff()) {
    captured = null;
    return;
  }
  frame = requestAnimationFrame(() => {
    frame = 0;
    captured = null;
    let moved = 0;
    for (const { element, dx, dy, distance } of pairs(root, before.rects)) {
      if (distance < MIN_DISTANCE_PX) continue;
      element.animate(
        [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0, 0)" }],
        { id: ANIMATION_ID, duration: motion.duration, easing: EASING, composite: "add" },
      );
      moved += 1;
    }
    motion.moved = moved;
  });
}

// A press or a key during an animation finishes it first, so the input lands where the card is going.
document.addEventListener("pointerdown", finish, { capture: true });
document.addEventListener("keydown", finish, { capture: true });

const motion = {
  capture,
  play,
  finish,
  /** How many cards the last redraw set travelling (for tests and benchmarks). */
  moved: 0,
  /** One move's length, MOVE_MS (a test may slow it down to look at a card in flight). */
  duration: MOVE_MS,
  ANIMATION_ID,
};
window.kabaleMotion = motion;
