// Double H's words as a callout by the place they speak of: a refusal, a hint, the note of the moves
// the table played by itself. Where the H's keep their room between the legs (a desktop, a tablet) and
// the engine has CSS anchor positioning, kabale.css sets the words in that room. Where there is no
// such room (the H's folded upright on a phone, lying on their sides on a phone held sideways or a
// short screen) or no anchor positioning (Firefox), kabale.css says so (--callout: js on the
// feedback) and the words are placed here, as solitaire apps do: a bubble with a pointer at the
// place, over neighbouring cards when it must, never over the place itself, the stock or the waste.
//
// Python draws the feedback with the place's name (data-at: "4L") or "stock" / "waste" (data-near);
// no state is kept here: each redraw of the page (or a new size) places the words again from the page.
// The placement is inline style on the feedback, which the next redraw resets (assets/js/redraw.js
// makes the page equal to the drawing), and the observer here places it again before the paint.

/** Space between the words and their place: room for the pointer. */
const GAP = 10;
/** The pointer's half-width, and how far from a corner of the words it may stand. */
const TIP = 8;
/** Widths tried for the words, in rem: a wide, short bubble or a narrow, tall one. */
const WIDTHS_REM = [20, 15, 11, 8];
/** How much a covered button counts against a covered card, when no spot leaves the buttons free (a tap on
 *  the words takes them down first). */
const BUTTON_WEIGHT = 0.5;
/** How much the hint's other place counts against a card: covered only when nothing else is free. */
const HINTED_WEIGHT = 20;

/** The box of a place or a pile: its button and every card fanned out of it (not a card on its
 *  way, whose box is somewhere between where it was and the pile: assets/js/motion.js). */
function boxOf(element) {
  let { left, top, right, bottom } = element.getBoundingClientRect();
  for (const card of element.querySelectorAll(".card")) {
    const box = card.getBoundingClientRect();
    if (box.width === 0 || card.getAnimations().length) continue;
    left = Math.min(left, box.left); top = Math.min(top, box.top);
    right = Math.max(right, box.right); bottom = Math.max(bottom, box.bottom);
  }
  return { left, top, right, bottom };
}

function overlap(a, b) {
  const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return width > 0 && height > 0 ? width * height : 0;
}

const clamp = (value, low, high) => Math.max(low, Math.min(value, Math.max(low, high)));

/** The element the words speak of, or null. */
function targetOf(table, feedback) {
  const at = feedback.dataset.at;
  if (at) return table.querySelector(`.double-h-board .place-button[data-place="${CSS.escape(at)}"]`);
  const near = feedback.dataset.near;
  if (near === "stock") return table.querySelector(".stock-area .stock");
  if (near === "waste") return table.querySelector(".stock-area .waste");
  return null;
}

/** Where a bubble of ``size`` may stand by ``place``: beside it (either side), under it, over it. */
function* candidates(place, size) {
  const { width, height } = size;
  const middleX = (place.left + place.right) / 2 - width / 2;
  const middleY = (place.top + place.bottom) / 2 - height / 2;
  for (const y of [place.top, middleY, place.bottom - height]) {
    yield { side: "left", left: place.right + GAP, top: y };    // the place is on the words' left
    yield { side: "right", left: place.left - GAP - width, top: y };
  }
  for (const x of [middleX, place.left, place.right - width]) {
    yield { side: "top", left: x, top: place.bottom + GAP };     // the place is over the words
    yield { side: "bottom", left: x, top: place.top - GAP - height };
  }
}

/** The best spot for the words: inside ``bounds``, on none of ``forbidden``, over as few cards
 *  (and buttons) as may be, its pointer able to reach the place. Null when none is free. */
function bestSpot(place, sizes, bounds, forbidden, cards, buttons, hinted) {
  let best = null;
  for (const size of sizes) {
    for (const spot of candidates(place, size)) {
      const left = clamp(spot.left, bounds.left, bounds.right - size.width);
      const top = clamp(spot.top, bounds.top, bounds.bottom - size.height);
      const box = { left, top, right: left + size.width, bottom: top + size.height };
      if (forbidden.some((other) => overlap(box, other) > 0)) continue;
      const across = spot.side === "left" || spot.side === "right";
      // the pointer stands on the words' edge facing the place, level with the place's middle
      const reach = across
        ? [Math.max(box.top, place.top) , Math.min(box.bottom, place.bottom)]
        : [Math.max(box.left, place.left), Math.min(box.right, place.right)];
      if (reach[1] - reach[0] < 2 * TIP) continue;  // moved off the place by the edge of the table
      const gap = across
        ? Math.max(place.left - box.right, box.left - place.right)
        : Math.max(place.top - box.bottom, box.top - place.bottom);
      if (gap < GAP - 0.5 || gap > 2 * GAP) continue;
      let cost = 0;
      for (const card of cards) cost += overlap(box, card);
      for (const button of buttons) cost += BUTTON_WEIGHT * overlap(box, button);
      for (const other of hinted) cost += HINTED_WEIGHT * overlap(box, other);
      cost += size.width * size.height * 0.01;  // of two as good, the smaller bubble
      if (best === null || cost < best.cost) {
        const tip = (reach[0] + reach[1]) / 2 - (across ? box.top : box.left);
        best = { cost, box, side: spot.side, tip, size };
      }
    }
  }
  return best;
}

/** kabale.css asks for a callout (a phone, a short screen, the stock or the waste, no anchor positioning). */
const wanted = (feedback) => getComputedStyle(feedback).getPropertyValue("--callout").trim() === "js";

/** The words speak of a place that is no anchor: the H's are folded where the screen is no phone (a
 *  square frame), and the room between the legs is gone; without a callout they stood at the foot. */
const unanchored = (feedback, target) =>
  Boolean(feedback.dataset.at) && (getComputedStyle(target).anchorName || "none") === "none";

/** Size the feedback as a callout ``maxWidth`` px wide at most; its box as it would show. */
function measure(feedback, maxWidth) {
  Object.assign(feedback.style, { width: "max-content", maxWidth: `${maxWidth}px` });
  const box = feedback.getBoundingClientRect();
  return { width: Math.ceil(box.width), height: Math.ceil(box.height), maxWidth };
}

const INLINE = ["position", "inset", "left", "top", "width", "max-width", "min-width", "margin", "grid-area",
  "align-self", "justify-self", "transform", "position-try-fallbacks", "--tip"];

function release(feedback) {
  for (const name of INLINE) feedback.style.removeProperty(name);
  delete feedback.dataset.side;
}

/** Place the Double H's words as a callout, when kabale.css asks for it and they speak of something. */
function placeWords() {
  const table = document.querySelector("#view > .double-h-table");
  const feedback = table && table.querySelector(":scope > .feedback");
  if (!feedback) return;
  const basis = feedback.querySelector(".hint-basis");
  if (basis) basis.classList.remove("visually-hidden");  // shown, unless this placing finds it must not be
  const target = targetOf(table, feedback);  // (first: most redraws show no words, and need no layout here)
  const words = target ? [...feedback.children].filter((child) => child.getClientRects().length > 0) : [];
  if (!words.length || !(wanted(feedback) || unanchored(feedback, target))) {
    if (feedback.dataset.side) release(feedback);
    return;
  }
  // measured as it will show: the callout's own look (kabale.css, [data-side]) changes its size
  if (!feedback.dataset.side) feedback.dataset.side = "top";
  const frame = table.getBoundingClientRect();
  const inner = { left: frame.left + table.clientLeft, top: frame.top + table.clientTop };
  Object.assign(feedback.style, { position: "absolute", inset: "auto", left: "0px", top: "0px", margin: "0",
    minWidth: "0", gridArea: "auto", alignSelf: "start", justifySelf: "start", transform: "none" });
  feedback.style.setProperty("position-try-fallbacks", "none");
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  const edge = 4;
  const bounds = { left: Math.max(frame.left, 0) + edge, top: Math.max(frame.top, 0) + edge,
    right: Math.min(frame.right, innerWidth) - edge, bottom: Math.min(frame.bottom, innerHeight) - edge };
  const sizes = [];
  for (const widthRem of WIDTHS_REM) {
    const size = measure(feedback, Math.min(widthRem * rem, bounds.right - bounds.left));
    if (!sizes.some((other) => other.width === size.width && other.height === size.height)) sizes.push(size);
  }
  const place = boxOf(target);
  const stock = table.querySelector(".stock-area .stock");
  const waste = table.querySelector(".stock-area .waste");
  const forbidden = [place, ...[stock, waste].filter(Boolean).map(boxOf)];
  const others = [...table.querySelectorAll(".double-h-board .place-button")].filter((button) => button !== target);
  const cards = others.map(boxOf);
  const hinted = others.filter((button) => button.classList.contains("hinted")).map(boxOf);
  const buttons = [...table.querySelectorAll(".side button, .table-bar button, .place .turn")]
    .filter((button) => button.getClientRects().length > 0).map((button) => button.getBoundingClientRect());
  // a control is never hidden when a spot by the place leaves them all free (on a phone, "New deal" lay
  // under a hint by the stock); when none does, a covered button counts against a covered card
  const spot = () => bestSpot(place, sizes, bounds, [...forbidden, ...buttons], cards, [], hinted)
    || bestSpot(place, sizes, bounds, forbidden, cards, buttons, hinted);
  let best = spot();
  // Where the whole would lie over a place the hint names (a phone: what it aims at and rests on made it
  // five lines), its move alone by its place, the rest read out but not shown, as the Kabala's bubbles do
  const hides = (found) => found !== null && hinted.some((other) => overlap(found.box, other) > 0);
  if (basis && (best === null || hides(best))) {
    basis.classList.add("visually-hidden");
    const whole = sizes.splice(0);
    for (const widthRem of WIDTHS_REM) {
      const size = measure(feedback, Math.min(widthRem * rem, bounds.right - bounds.left));
      if (!sizes.some((other) => other.width === size.width && other.height === size.height)) sizes.push(size);
    }
    const brief = spot();
    if (brief !== null && (best === null || !hides(brief) || brief.cost < best.cost)) best = brief;
    else {
      basis.classList.remove("visually-hidden");
      sizes.splice(0, sizes.length, ...whole);
    }
  }
  if (best === null) {  // nowhere free by the place: where the layout puts the words without one
    release(feedback);
    return;
  }
  Object.assign(feedback.style, {
    left: `${best.box.left - inner.left}px`, top: `${best.box.top - inner.top}px`,
    width: `${best.size.width}px`, maxWidth: "none" });
  feedback.style.setProperty("--tip", `${Math.round(best.tip)}px`);
  feedback.dataset.side = best.side;
}

// -- The Kabala tables' bubbles (KABALAM's and the patience's Hint) ------------------------------------
// kabale.css sets a hint's words over its packet, and they hid what the player needs to check them: the
// compounded sum (a phone), a seat, the status, the Hint button (KABALAM at 1280x800). Here they move to
// the free spot nearest their packet: over nothing the player needs (the sum, the status, a seat, the
// refusal, any control or card), over as little else (a heading, the prompt, a label) as may be.

/** What the words must never lie over: read or pressed to check them. */
const NEEDED = [".kabala-sum", ".turn-status", ".seat", ".feedback .refusal:not(:empty)", ".feedback .advice:not(:empty)",
  ".draw-pile", ".prompt",
  "button", "select", "input", "a", ".card"].join(", ");
/** What they may lie over when they must, as little as may be: words, labels, headings. */
const SPARE = "h2, h3, .packet-label, .memory-aid, .log-lines li, .review-at, .stats";
/** Widths tried for the bubble, in rem (and the whole width of the table). */
const BUBBLE_REM = [19, 15, 12];
/** What a square pixel over anything NEEDED costs a spot, beside a pixel of distance. */
const OVER_NEEDED = 1000;
/** What a square pixel over anything SPARE costs a hint's spot, beside a pixel of distance: its words
 *  keep by their packet, over a name or a heading if need be. */
const SPARE_WEIGHT = 0.02;
/** ... and a refusal's: it speaks of the whole Kabala, and a name it hid ("Packet 2", "Your endowment")
 *  is worth a longer way (on a phone it goes under the hand, by the picked-up cards it refused). */
const REFUSAL_SPARE_WEIGHT = 0.5;
/** How far from its packet (in rem) the whole bubble may go before its first line alone is tried there. */
const FAR_REM = 4;
/** The bubble's second line, left out of sight when no spot near is free for both (KABALAM's, the patience's). */
const SECOND_LINE = ".coach-margin, .hint-basis";

function boxesOf(root, selector, skip) {
  const boxes = [];
  for (const element of root.querySelectorAll(selector)) {
    if (skip.contains(element)) continue;
    const box = element.getBoundingClientRect();
    if (box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== "hidden") boxes.push(box);
  }
  return boxes;
}

/** How far apart two boxes are (0 when they touch or overlap). */
function distance(a, b) {
  const dx = Math.max(0, a.left - b.right, b.left - a.right);
  const dy = Math.max(0, a.top - b.bottom, b.top - a.bottom);
  return Math.hypot(dx, dy);
}

/** The spot nearest ``place`` for a bubble of one of ``sizes`` inside ``bounds``: over none of ``needed``
 *  (else over as little of them as may be), then over as little of ``spare``. */
function freeSpot(place, sizes, bounds, needed, spare, spareWeight = SPARE_WEIGHT) {
  let best = null;
  for (const size of sizes) {
    const { width, height } = size;
    const xs = new Set([place.left, place.right - width, (place.left + place.right - width) / 2,
      bounds.left, bounds.right - width]);
    const ys = new Set([place.top - GAP - height, place.bottom + GAP, place.top, (place.top + place.bottom - height) / 2,
      bounds.top, bounds.bottom - height]);
    for (const other of needed) {
      xs.add(other.right + GAP); xs.add(other.left - GAP - width);
      ys.add(other.bottom + GAP / 2); ys.add(other.top - GAP / 2 - height);
    }
    for (const x of xs) {
      for (const y of ys) {
        const left = clamp(x, bounds.left, bounds.right - width);
        const top = clamp(y, bounds.top, bounds.bottom - height);
        const box = { left, top, right: left + width, bottom: top + height };
        // of two as good, the nearer, then the smaller bubble (a spot no nearer than the best is not looked at)
        let cost = distance(box, place) + width * height * 0.0005;
        if (best !== null && cost >= best.cost) continue;
        let covered = 0;  // square pixels of what is needed under it
        for (const other of needed) {
          covered += overlap(box, other);
          if (best !== null && cost + OVER_NEEDED * covered >= best.cost) break;
        }
        cost += OVER_NEEDED * covered;
        if (best !== null && cost >= best.cost) continue;
        for (const other of spare) cost += spareWeight * overlap(box, other);
        if (best === null || cost < best.cost) best = { cost, box, size, covered };
      }
    }
  }
  return best;
}

const BUBBLE_INLINE = ["position", "left", "top", "right", "bottom", "width", "max-width", "transform", "z-index"];

/** Place the Hint's words of a KABALAM or patience table where they hide nothing the player needs. */
function placeBubble() {
  const table = document.querySelector("#view > .kabala-table");
  const bubble = table && table.querySelector(".coach-hint, .patience-hint");
  if (!bubble) return;
  for (const name of BUBBLE_INLINE) bubble.style.removeProperty(name);
  const packet = Number(bubble.dataset.packet || 0);
  const target = (packet && table.querySelector(`.kabala .packet-button[data-packet="${packet}"]`))
    || table.querySelector(".mine .endowment .card.hinted")
    || table.querySelector('.mine [data-action="draw"], .mine [data-action="yield"]') || table.querySelector(".felt") || table;
  placeNear(table, bubble, target, NEEDED, SPARE_WEIGHT);
}

/** A refusal of a KABALAM or patience table ("The Kabala sums to 2; …") by the Kabala it speaks of. The
 *  layout sets it on the felt's lower edge, where it lay over the packets' names and "Your endowment"
 *  (a playthrough, a phone and 1280x800 alike); here it moves to the free spot nearest the Kabala, over
 *  nothing needed (the hint's words included), over as few names and headings as may be. */
function placeRefusal() {
  const table = document.querySelector("#view > .kabala-table");
  const feedback = table && table.querySelector(":scope > .feedback");
  if (!feedback) return;
  for (const name of BUBBLE_INLINE) feedback.style.removeProperty(name);
  const words = feedback.querySelector(".refusal, .advice");  // a refusal, or a table at a distance's news
  if (!words || !words.textContent.trim()) return;
  const target = table.querySelector(".felt .kabala") || table.querySelector(".felt") || table;
  placeNear(table, feedback, target, `${NEEDED}, .coach-hint, .patience-hint`, REFUSAL_SPARE_WEIGHT);
}

/** Move ``element`` (absolutely placed from here on) to the free spot nearest ``target``: inside the table
 *  and out of its side panel, over none of ``needed`` (else as little as may be), over as little of
 *  SPARE (each square pixel ``spareWeight`` pixels of distance); a second line (SECOND_LINE) is left out
 *  of sight when only the first fits near. */
function placeNear(table, element, target, needed, spareWeight) {
  const frame = table.getBoundingClientRect();
  const edge = 2;
  const bounds = { left: Math.max(frame.left, 0) + edge, top: Math.max(frame.top, 0) + edge,
    right: Math.min(frame.right, innerWidth) - edge, bottom: Math.min(frame.bottom, innerHeight) - edge };
  const log = table.querySelector(":scope > .log");
  const panel = log && log.getBoundingClientRect();
  if (panel && panel.height > (bounds.bottom - bounds.top) / 2 && panel.left > frame.left + frame.width / 2) {
    bounds.right = Math.min(bounds.right, panel.left - edge);  // the log, a side panel: the words keep out of it
  }
  const second = element.querySelector(SECOND_LINE);
  if (second) second.classList.remove("visually-hidden");
  Object.assign(element.style, { position: "absolute", left: "0px", top: "0px", right: "auto", bottom: "auto",
    transform: "none" });
  const origin = element.getBoundingClientRect();
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  const over = boxesOf(table, needed, element);
  const spare = boxesOf(table, SPARE, element);
  const place = target.getBoundingClientRect();
  let best = freeSpot(place, bubbleSizes(element, bounds, rem), bounds, over, spare, spareWeight);
  // No free spot (a 360x740 phone: the pass's words lay over the packets and the hand), or none near (a
  // 390x844 phone: under the hand, 250 px from the packet): the move alone, by its packet, its second line
  // (the margin, the worlds it was counted in) read out but not shown (kabale.css's .visually-hidden)
  const near = FAR_REM * rem;
  if (best !== null && (best.covered > 0 || distance(best.box, place) > near) && second) {
    second.classList.add("visually-hidden");
    const brief = freeSpot(place, bubbleSizes(element, bounds, rem), bounds, over, spare, spareWeight);
    const better = brief !== null && (best.covered > 0 ? brief.cost < best.cost
      : brief.covered === 0 && distance(brief.box, place) <= near);
    if (better) best = brief;
    else second.classList.remove("visually-hidden");
  }
  if (best === null) return;
  Object.assign(element.style, { left: `${best.box.left - origin.left}px`, top: `${best.box.top - origin.top}px`,
    width: `${best.size.width}px`, maxWidth: "none", zIndex: "6" });
}

/** The bubble's sizes at each width tried, as it now reads (each size once). */
function bubbleSizes(bubble, bounds, rem) {
  const sizes = [];
  for (const widthRem of [...BUBBLE_REM, Infinity]) {
    const wide = Math.min(widthRem * rem, bounds.right - bounds.left);
    Object.assign(bubble.style, { width: "max-content", maxWidth: `${wide}px` });
    const box = bubble.getBoundingClientRect();
    const size = { width: Math.ceil(box.width), height: Math.ceil(box.height) };
    if (!sizes.some((other) => other.width === size.width && other.height === size.height)) sizes.push(size);
  }
  return sizes;
}

function placeAll() {
  placeWords();
  placeRefusal();  // (first: the hint's words keep off the refusal where it now stands)
  placeBubble();
}

const view = document.getElementById("view");
if (view) {
  const observer = new MutationObserver(() => {
    placeAll();
    observer.takeRecords();  // (its own changes to the feedback are no news)
  });
  observer.observe(view, { childList: true, subtree: true, attributes: true, characterData: true });
  const resized = new ResizeObserver(() => {
    placeAll();
    observer.takeRecords();
  });
  resized.observe(view);
  addEventListener("resize", () => { placeAll(); observer.takeRecords(); });
}

// (for the tests: place the words again now, as a redraw would)
window.kabaleCallout = { place: placeAll };
