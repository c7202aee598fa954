// Cards that move like cards: FLIP and cues with the Web Animations API, transforms only.
//
// Python redraws a table from its state (no state is kept in the DOM): the old
// card elements go and new ones come. py/kabale/web/motion.py calls capture()
// just before a redraw and play() just after it. capture() notes where each
// face-up card ([data-card]) was on screen (First); play(), in the next animation
// frame, where it is now (Last), and animates each card that moved from its old
// place to its new one (Invert, Play): a translate added on top of the card's
// own transform, so no layout runs per frame and a picked-up card keeps its lift.
//
// What a card's old place cannot tell, Python says with a cue (one redraw's,
// from its own state: what just happened):
// * "deal": the cards fly in from the stock, one after another (a hand or deal opens);
// * "flip": a packet's stack turns over (its old stack turns away, the new one in);
// * "travel": a computer's play comes from its seat, face down, and turns face up on
//   the way to its packet;
// * "draw": a card drawn from a stock ({from, cards}: selectors) comes from it face down and
//   turns face up on the way to the waste (Double H's draw: its card was seen nowhere before);
// * "win": the game's own celebration (Double H: the cards go home and the bonus is
//   counted up; the patience and KABALAM their own);
// * "log": the log's lines the redraw added ({lines: their numbers, say: the sentence for a
//   screen reader}): they wait, hidden, until the motion lands (see "the log waits").
//
// * One move takes MOVE_MS (well under 300 ms); a whole deal DEAL_MS at most.
// * Input is never blocked: a pointer press or a key first finishes every
//   running animation at once, and a press acts on the card the player saw under
//   the pointer (a card in flight: that card, at its final place). A redraw that comes by itself (the computer's
//   play, a packet's flip, "thinking...") carries a running cue animation on to
//   the redrawn element, and sends a card in flight on from where it is.
// * Nothing moves when the system asks for reduced motion, or with the
//   "reduce motion" setting (a class on <body>, set by Python).
// * Cards are matched by their text ("7S"); when a double deck shows two equal
//   cards, each new one takes the nearest old one.
//
// Read-only for the page's state: it only adds animations (and, for their length,
// stand-ins in a layer of its own outside the view), which end by themselves.

const MOVE_MS = 240;
const TRAVEL_MS = 280; // a computer's card from its seat to the packet, turning over on the way
const FLIP_MS = 300; // a packet's stack turning over
const DEAL_CARD_MS = 280; // one card dealt
const DEAL_MS = 720; // the whole deal, however many cards
const EASING = "cubic-bezier(0.2, 0.7, 0.3, 1)";
const ANIMATION_ID = "kabale-move";
const CUE_IDS = new Set(["kabale-deal", "kabale-flip", "kabale-travel", "kabale-win"]);
const MIN_DISTANCE_PX = 1;
const PERSPECTIVE = "perspective(700px)";

const reducedMotionQuery = window.matchMedia("(prefers-reduced-motion: reduce)");

let captured = null; // {scope, rects: Map<card text, DOMRect[]>, stacks: Map<packet, {element, rect}>, carried: [...]}
let frame = 0;
let pendingCues = {};
let countUp = null; // the bonus being counted up: {start, stepMs, to, done}
let going = null; // Double H's win: {cards, frame}, the cards going home (see ``goHome``)
let ghostLayer = null;

/** How many times slower than life the cues play (1; a test may slow them down to look). */
function slow() {
  return motion.timeScale;
}

function motionOff() {
  return reducedMotionQuery.matches || document.body.classList.contains("reduced-motion");
}

function ours(animation) {
  return animation.id === ANIMATION_ID || CUE_IDS.has(animation.id);
}

function running() {
  return document.getAnimations().filter(ours);
}

/** Finish every animation now (each card is where it goes, the bonus counted). */
function finish() {
  if (frame) {
    cancelAnimationFrame(frame);
    frame = 0;
  }
  showDealt();
  captured = null;
  pendingCues = {};
  echoed = null;
  for (const animation of running()) animation.finish();
  releaseAll();
  clearGhosts();
  home();
  if (countUp) countUp.done = true;
  stepCountUp();
}

// -- stand-ins: a face-down card on its way, a packet's old stack turning away ------------------

function ghosts() {
  if (!ghostLayer || !ghostLayer.isConnected) {
    ghostLayer = document.createElement("div");
    ghostLayer.className = "motion-ghosts";
    ghostLayer.setAttribute("aria-hidden", "true");
    Object.assign(ghostLayer.style, { position: "fixed", inset: "0", pointerEvents: "none", zIndex: "20" });
    document.body.append(ghostLayer);
  }
  return ghostLayer;
}

function clearGhosts() {
  if (ghostLayer) ghostLayer.replaceChildren();
}

/** The card size variables of ``like``, read now (for a stand-in drawn as it). */
function cardSize(like) {
  const style = getComputedStyle(like);
  return ["--card-w", "--card-h"].map((name) => [name, style.getPropertyValue(name)]);
}

/** Put ``element`` in the stand-ins' layer at ``rect``, sized as ``size`` (``cardSize``: for its cards' variables). */
function ghostAt(element, rect, size) {
  for (const [name, value] of size) element.style.setProperty(name, value);
  Object.assign(element.style, {
    position: "fixed", margin: "0", left: `${rect.left}px`, top: `${rect.top}px`,
    width: `${rect.width}px`, height: `${rect.height}px`, boxSizing: "border-box",
  });
  ghosts().append(element);
  return element;
}

function removeWhenDone(animation, element) {
  const remove = () => element.remove();
  animation.addEventListener("finish", remove);
  animation.addEventListener("cancel", remove);
}

// -- First: where things were ------------------------------------------------------------------

function rectsOf(root, skip) {
  const rects = new Map();
  for (const element of root.querySelectorAll("[data-card]")) {
    if (skip.has(element)) continue; // carried on by its cue animation
    const rect = element.getBoundingClientRect();
    if (!rect.width) continue; // hidden: nothing to travel from
    const card = element.dataset.card;
    if (!rects.has(card)) rects.set(card, []);
    rects.get(card).push(rect);
  }
  return rects;
}

function stacksOf(root) {
  const stacks = new Map();
  for (const button of root.querySelectorAll("[data-action=packet][data-packet]")) {
    const stack = button.querySelector(".packet-stack");
    // a copy, as it is seen now: the redraw may keep the stack itself and change it (assets/js/redraw.js)
    if (stack) stacks.set(button.dataset.packet, { element: stack.cloneNode(true), rect: stack.getBoundingClientRect() });
  }
  return stacks;
}

/** An element's place in the drawing: the child indices from ``root`` down to it. */
function pathOf(element, root) {
  const path = [];
  for (let node = element; node && node !== root; node = node.parentElement) {
    path.unshift(Array.prototype.indexOf.call(node.parentElement ? node.parentElement.children : [], node));
  }
  return path;
}

function atPath(root, path) {
  let node = root;
  for (const index of path) {
    node = node && node.children[index];
  }
  return node || null;
}

/** The cue animations running in ``root``, to carry on to the redrawn elements. */
function carriedOf(root) {
  const carried = [];
  for (const animation of document.getAnimations()) {
    const target = animation.effect && animation.effect.target;
    if (!CUE_IDS.has(animation.id) || !target || !root.contains(target) || animation.playState === "finished") continue;
    carried.push({
      target,
      path: pathOf(target, root),
      tag: target.tagName,
      className: target.className,
      id: animation.id,
      keyframes: animation.effect.getKeyframes().map(({ computedOffset, ...frame }) => frame),
      timing: animation.effect.getTiming(),
      composite: animation.effect.composite,
      currentTime: animation.currentTime,
    });
  }
  return carried;
}

/** Note where every card of `root` is seen, before a redraw of the screen `scope`.
 *  A card in flight is seen where it is now, so a redraw that comes by itself (the
 *  computer's play, a packet's flip) sends it on from there; when the last redraw
 *  has not been painted yet, what the player saw is still the earlier note. */
function capture(root, scope) {
  // Python redraws: its drawing is the truth, the echo of a press is no longer ours; but a press
  // still held has had no click yet, so the redraw is not its answer (the computer's play, a
  // hint, a background save's note): its card is lifted again once drawn (``play``). A card
  // under a finger dropped back for a frame, and the press's own test failed under load.
  heldEcho = echo && !echo.timer
    ? { key: echo.element.closest("[data-key]")?.dataset.key || "", pressed: echo.pressed } : null;
  echo = null;
  // what a click's echo began (a stack turning away, a card drawn): the redraw's cues go on from there
  if (flight) echoed = { turned: flight.turned, backs: flight.backs, at: flight.at };
  // an answer come after its cards began flying back (a slow first click): they are where they are drawn
  flyingBack.forEach((animation) => animation.cancel());
  flyingBack = [];
  home(); // and the cards still waiting to go home are home (the redraw would drop their hold)
  showDealt();
  if (frame) {
    cancelAnimationFrame(frame);
    frame = 0;
    if (captured && captured.scope === scope) return;
  }
  if (motionOff() || !root) {
    captured = null;
    return;
  }
  const carried = carriedOf(root);
  const skip = new Set(carried.map((entry) => entry.target));
  captured = { scope, rects: rectsOf(root, skip), stacks: stacksOf(root), carried };
}

// -- Last, Invert, Play ----------------------------------------------------------------------

/** Pair each new card element with the nearest old place of the same card. */
function pairs(root, before, skip) {
  const candidates = [];
  for (const element of root.querySelectorAll("[data-card]")) {
    if (skip.has(element)) continue;
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

/** A running cue animation goes on, on the element drawn in its target's place. */
function carryOn(root, carried, skip) {
  for (const entry of carried) {
    const element = atPath(root, entry.path);
    if (element === entry.target) {
      skip.add(element); // drawn again as it was (a cached place): its animation runs on
      continue;
    }
    if (!element || element.tagName !== entry.tag || element.className !== entry.className) continue;
    const animation = element.animate(entry.keyframes, { ...entry.timing, id: entry.id, composite: entry.composite });
    animation.currentTime = entry.currentTime;
    skip.add(element);
  }
}

/** After a redraw of `scope`: carry running cue animations on, move every card that changed
 *  place from where it was, then play what ``cues`` say happened (one redraw's cues). */
function play(root, scope, cues) {
  const { log, ...cardCues } = cues || {};
  dropFlight(); // its cards were noted in flight (capture): the redraw's motion carries them on
  echoAgain(root);
  if (!root || motionOff()) {
    captured = null;
    pendingCues = {};
    echoed = null;
    releaseAll();
    if (log) say(log.say);
    return;
  }
  if (log) unpainted.push(hold(log)); // hidden now, before the page paints them
  Object.assign(pendingCues, cardCues); // an earlier redraw not painted yet keeps its cues
  const before = captured && captured.scope === scope ? captured : null;
  // A plain move (no cue, no cue animation running on): where its cards are now is read in a
  // task of its own, queued right after the click's, while the page waits for its next frame
  // anyway. Read inside the click, the layout it forces held the click up (issue 13: click to
  // updated DOM); read at the frame's start, it held up the frame's paint (issue 14: click to
  // first changed frame). When the frame comes first, it reads them itself, as before.
  // So are a deal's (a table opens, a new hand or deal: its only cue). The first layout of a whole
  // table is the costliest (33 ms of a 56 ms frame for Patience Kabalam's first, on a quiet
  // machine): read in the frame, it made the one task over 50 ms of a game (bench/long_tasks.py).
  // After a long redraw the frame is overdue and comes before any task: then that frame lays the
  // table out with the dealt cards out of sight, they are read in the next task, and dealt from
  // the next frame (16 ms later).
  const cueNames = Object.keys(pendingCues);
  const dealCue = cueNames.length === 1 ? pendingCues.deal || null : null;
  const readable = !(before && before.carried.length) && (dealCue !== null || (before !== null && !cueNames.length));
  // Until their places are read, the dealt cards are out of sight and without their images (the
  // faces, the backs): a layout before (the frame's, when it comes first; or a hit test's at its start,
  // the pointer resting over a new table) asks for none. Asked for by the first table's layout, their
  // requests (one a card) held it over 50 ms (bench/long_tasks.py). The read lays the table out in a task
  // of its own first, then asks for the images and reads the places in the next.
  if (readable && dealCue) hideDealt(dealCue.cards, true);
  let early = null; // {moves, dealing}: read in a task of their own
  let laidOut = !dealCue; // a deal's table laid out (its cards without their images) in a task before
  const readEarly = () => {
    if (frame !== ours || early !== null) return;
    if (!laidOut) {
      // (KABALAM's first table, laid out and its images asked for in one read, held that task to 65 ms)
      laidOut = true;
      root.getBoundingClientRect();
      soon(readEarly);
      return;
    }
    if (dealCue) hideDealt(dealCue.cards); // their images are asked for now, by this read
    early = { moves: before ? movesOf(root, before, new Set()) : [], dealing: dealCue && deal(root, dealCue) };
  };
  if (readable) soon(readEarly);
  let ours = 0;
  let deferred = false; // a deal's frame once put off
  const run = () => {
    if (readable && dealCue && early === null && !deferred) {
      deferred = true;
      ours = requestAnimationFrame(run);
      frame = ours;
      soon(readEarly);
      return;
    }
    showDealt();
    frame = 0;
    captured = null;
    const cued = pendingCues;
    pendingCues = {};
    const skip = new Set();
    if (before && !early) carryOn(root, before.carried, skip);
    // the cue animations' own elements first: their cards do not also travel from an old place
    const cueTargets = [];
    if (cued.travel) cueTargets.push(...travelCards(root, cued.travel));
    const drawn = cued.draw ? [...root.querySelectorAll(cued.draw.cards)] : [];
    cueTargets.push(...drawn);
    for (const element of cueTargets) skip.add(element);
    // every place read before anything is animated: an animation started between two reads
    // makes the next read lay the page out again (a layout per card: bench/click_trace.py)
    const moves = early ? early.moves : before ? movesOf(root, before, skip) : [];
    const dealing = early ? early.dealing : cued.deal ? deal(root, cued.deal) : null;
    const travelling = cued.travel ? travel(root, cued.travel, cueTargets.filter((card) => !drawn.includes(card))) : null;
    const stock = cued.draw ? root.querySelector(cued.draw.from) : null;
    const begun = echoed; // what the echo of the click this redraw answers began
    echoed = null;
    const drawing = stock && drawn.length
      ? turnOver(stock.getBoundingClientRect(), drawn, begun && begun.backs.length ? begun : null) : null;
    const winning = cued.win ? win(root, cued.win, moves) : null;
    const flights = moves.map(({ element, dx, dy, own }) => element.animate(
      [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0, 0)" }],
      // added to the card's own transform (a lift); a win's flight of a card with none replaces it, so
      // that the compositor runs it (see ``win``)
      { id: ANIMATION_ID, duration: motion.duration, easing: EASING, composite: own === "none" ? "replace" : "add" },
    ));
    motion.moved = moves.length;
    motion.readEarly = early !== null;
    if (dealing) dealing();
    if (cued.flip) {
      const packet = String(cued.flip);
      flip(root, packet, before, begun && begun.turned === packet ? begun.at : null);
    }
    if (travelling) travelling();
    if (drawing) drawing();
    if (winning) winning(flights);
    landed(unpainted.splice(0));
  };
  ours = requestAnimationFrame(run);
  frame = ours;
}

let dealtSheet = null; // the dealt cards held out of sight until their places are read (``play``)

/** Hide the cards ``selector`` names; ``imageless``: without their images too (the faces, the backs),
 *  so that a layout meanwhile does not ask for them. */
function hideDealt(selector, imageless = false) {
  if (!dealtSheet) {
    dealtSheet = new CSSStyleSheet();
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, dealtSheet];
  }
  const images = imageless ? " background-image: none !important;" : "";
  dealtSheet.replaceSync(`${selector} { visibility: hidden !important;${images} }`);
}

function showDealt() {
  if (dealtSheet) dealtSheet.replaceSync("");
}

// -- the log waits for the motion -------------------------------------------------------------
//
// Python draws the table at once after a move, the log's new lines with it; the cards take a
// moment more to get there. So the lines a redraw added (its "log" cue) are hidden until every
// animation running once that redraw's motion has started has finished (or a press or a key
// finished them): then they show, and their sentence goes to the live region (#announcer), as
// the motion of their event lands. They are hidden by a style sheet of this script's own, by
// their numbers: the drawing itself is never changed, so a redraw meanwhile neither shows a
// line early nor twice, and a later drawing draws them as ever (a line is never lost).

let heldSheet = null;
const holds = new Set(); // {lines, say}: the lines hidden, and what is said when they show
const unpainted = []; // the holds of redraws whose frame has not come yet

function hold(log) {
  const entry = { lines: [...(log.lines || [])].map(Number), say: String(log.say || "") };
  holds.add(entry);
  writeHeld();
  return entry;
}

/** Show the lines of ``entries`` (those still held), and of every hold older than they, and say
 *  their sentences, in order, as one: the log never shows a line over an older one it hides. */
function release(entries) {
  const order = [...holds];
  const last = Math.max(-1, ...entries.map((entry) => order.indexOf(entry)));
  const shown = order.slice(0, last + 1);
  shown.forEach((entry) => holds.delete(entry));
  if (!shown.length) return;
  writeHeld();
  say(shown.map((entry) => entry.say).filter(Boolean).join(" "));
}

function releaseAll() {
  unpainted.length = 0;
  release([...holds]);
}

/** The holds ``entries`` end when the animations running now have finished (at once if none). */
function landed(entries) {
  if (!entries.length) return;
  const moving = running().filter((animation) => animation.playState !== "finished");
  if (!moving.length) {
    release(entries);
    return;
  }
  Promise.allSettled(moving.map((animation) => animation.finished)).then(() => release(entries));
}

function say(text) {
  const region = document.getElementById("announcer");
  if (region && text) region.textContent = text;
}

/** The rules that hide the held lines (the newest, on top); the first line not held is the one a
 *  phone's closed log drawer shows. */
function writeHeld() {
  if (!heldSheet) {
    heldSheet = new CSSStyleSheet();
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, heldSheet];
  }
  const numbers = [...new Set([...holds].flatMap((entry) => entry.lines))];
  if (!numbers.length) {
    heldSheet.replaceSync("");
    return;
  }
  const held = `:is(${numbers.map((number) => `[value="${number}"]`).join(", ")})`;
  heldSheet.replaceSync(`.log-lines > li${held} { display: none !important; }\n`
    + `.log-lines > li${held} + li:not(${held}) { display: list-item !important; }`);
}

/** Run ``work`` in a task of its own, queued now: before the next frame, unless that frame is due
 *  first (the page's rendering comes when its beat does). scheduler.postTask's "user-blocking"
 *  tasks come before other waiting tasks (Chromium); elsewhere a message to ourselves. */
const soon = (() => {
  if (window.scheduler && typeof window.scheduler.postTask === "function") {
    return (work) => { window.scheduler.postTask(work, { priority: "user-blocking" }); };
  }
  const channel = new MessageChannel();
  const waiting = [];
  channel.port1.onmessage = () => { const work = waiting.shift(); if (work) work(); };
  return (work) => { waiting.push(work); channel.port2.postMessage(null); };
})();

/** The cards that changed place since ``before`` (those in ``skip`` aside), each with how far it went. */
function movesOf(root, before, skip) {
  return pairs(root, before.rects, skip)
    .filter(({ element, distance }) => distance >= MIN_DISTANCE_PX && !liftingItself(element));
}

/** A card whose own style moves it now (a CSS transition of its transform: the lift of a pick a
 *  press has just shown): its few pixels are that transition's, no flight of their own. */
function liftingItself(element) {
  return element.getAnimations().some((animation) => animation instanceof CSSTransition
    && animation.transitionProperty === "transform" && animation.playState === "running");
}

function centre(rect) {
  return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
}

/** The translate and scale that put an element seen at ``now`` where ``from`` is (centre on centre). */
function from(fromRect, now) {
  const a = centre(fromRect);
  const b = centre(now);
  const scale = now.width ? Math.max(0.2, Math.min(2, fromRect.width / now.width)) : 1;
  return { dx: a.x - b.x, dy: a.y - b.y, scale };
}

// -- the cues ----------------------------------------------------------------------------------

/** A hand or deal opens: its cards fly in from the stock, one after another (DEAL_MS at most).
 *  Reads every place now and returns what starts the animations (null: nothing to deal). */
function deal(root, cue) {
  const source = root.querySelector(cue.from);
  const cards = [...root.querySelectorAll(cue.cards)]
    .map((element) => ({ element, now: element.getBoundingClientRect() })).filter(({ now }) => now.width);
  if (!source || !cards.length) return null;
  const start = source.getBoundingClientRect();
  const gap = (cards.length > 1 ? Math.min(45, (DEAL_MS - DEAL_CARD_MS) / (cards.length - 1)) : 0) * slow();
  return () => cards.forEach(({ element, now }, index) => {
    const { dx, dy } = from(start, now);
    const scale = Math.max(0.3, Math.min(1, start.height / now.height));
    element.animate(
      [{ transform: `translate(${dx}px, ${dy}px) rotate(-12deg) scale(${scale})` }, { transform: "none" }],
      { id: "kabale-deal", duration: DEAL_CARD_MS * slow(), delay: index * gap, easing: EASING, fill: "backwards",
        composite: "add" },
    );
  });
}

/** A packet flips: its old stack (as it was seen, the play on it) turns away, the new one turns in. */
function flip(root, packet, before, turnedAt = null) {
  const button = root.querySelector(`[data-action=packet][data-packet="${packet}"]`);
  const stack = button && button.querySelector(".packet-stack");
  if (!stack) return;
  const half = (FLIP_MS / 2) * slow();
  const old = before && before.stacks.get(packet);
  // a click's echo began turning the old stack away already at ``turnedAt`` (``echoMove``): the new
  // one turns in when that turn is half done
  if (old && old.rect.width && turnedAt === null) turnAway(ghostAt(old.element, old.rect, cardSize(stack)));
  const delay = turnedAt !== null ? Math.max(0, half - (performance.now() - turnedAt)) : old ? half : 0;
  stack.animate(
    [{ transform: `${PERSPECTIVE} translateY(-6px) rotateY(-90deg) scale(1.06)` },
     { transform: `${PERSPECTIVE} rotateY(0deg)` }],
    { id: "kabale-flip", duration: half, delay, easing: "ease-out", fill: "backwards", composite: "add" },
  );
}

/** A packet's old stack (``ghost``, a stand-in) turns away, edge-on at the flip's half; then it goes. */
function turnAway(ghost) {
  const away = ghost.animate(
    [{ transform: `${PERSPECTIVE} rotateY(0deg)` },
     { transform: `${PERSPECTIVE} translateY(-6px) rotateY(90deg) scale(1.06)` }],
    { id: "kabale-flip", duration: (FLIP_MS / 2) * slow(), easing: "ease-in", fill: "forwards" },
  );
  removeWhenDone(away, ghost);
}

function travelCards(root, cue) {
  const button = root.querySelector(`[data-action=packet][data-packet="${cue.packet}"]`);
  return button ? [...button.querySelectorAll(".reveal [data-card]")] : [];
}

/** A computer's play: each card leaves the seat's fan face down and lands face up on its packet
 *  (a face-down stand-in turns edge-on half-way, where the card itself turns in).
 *  Reads every place now and returns what starts the animations (null: nothing travels). */
function travel(root, cue, cards) {
  const seat = root.querySelector(`.seat[data-seat="${cue.seat}"]`);
  if (!seat || !cards.length) return null;
  const fan = seat.querySelector(".seat-fan");
  const backs = fan ? fan.querySelectorAll(".mini-back") : [];
  const origin = (backs.length ? backs[backs.length - 1] : fan && fan.getBoundingClientRect().width ? fan : seat)
    .getBoundingClientRect();
  return turnOver(origin, cards);
}

/** Cards that come from ``origin`` (a rect) face down and land face up where they are drawn now:
 *  a face-down stand-in turns edge-on half-way, where the card itself turns in. Reads every
 *  place now and returns what starts the animations. */
function turnOver(origin, cards, echo = null) {
  const half = (TRAVEL_MS / 2) * slow();
  const gap = Math.min(30, 90 / cards.length) * slow();
  const places = cards.map((element) => element.getBoundingClientRect());
  const sizes = cards.map(cardSize);
  return () => {
    // a click's echo sent a face-down card on its way already (``echoMove``): the cards' own
    // stand-ins take its place, as far on their way as it is
    const ahead = echo ? Math.min(performance.now() - echo.at, half) : 0;
    if (echo) echo.backs.forEach((back) => back.remove());
    cards.forEach((element, index) => {
      const now = places[index];
      if (!now.width) return;
      const mid = standIn(origin, now, sizes[index], index * gap - ahead);
      element.animate(
        [{ transform: `translate(${mid.dx}px, ${mid.dy}px) ${PERSPECTIVE} rotateY(-90deg) scale(${mid.scale})` },
         { transform: "none" }],
        { id: "kabale-travel", duration: half, delay: index * gap + half - ahead, easing: "ease-out",
          fill: "backwards", composite: "add" },
      );
    });
  };
}

/** A face-down stand-in of a card that comes from ``origin`` (a rect) to ``now`` (where the card is
 *  drawn, sized as ``size``: ``cardSize``): it travels half-way, turning edge-on, after ``delay``
 *  (below 0: already that far on its way). Returns the half-way point (where the card itself turns
 *  in) and the stand-in. */
function standIn(origin, now, size, delay) {
  const { dx, dy, scale } = from(origin, now);
  const mid = { dx: dx / 2, dy: dy / 2 - 24, scale: (scale + 1) / 2 };
  const back = document.createElement("div");
  back.className = "card back";
  const ghost = ghostAt(back, now, size);
  const away = ghost.animate(
    [{ transform: `translate(${dx}px, ${dy}px) ${PERSPECTIVE} rotateY(0deg) scale(${scale})` },
     { transform: `translate(${mid.dx}px, ${mid.dy}px) ${PERSPECTIVE} rotateY(90deg) scale(${mid.scale})` }],
    { id: "kabale-travel", duration: (TRAVEL_MS / 2) * slow(), delay, easing: "ease-in", fill: "both" },
  );
  removeWhenDone(away, ghost);
  return { ...mid, ghost };
}

/** The end of a game won: the game's own celebration, then the result pops up.
 *  Reads what it needs now (``moves``: the cards that changed place, each given its own transform
 *  when the compositor may run its flight) and returns what starts the animations, given the flights.
 *
 *  Double H's win runs on the compositor (headless Chromium without a GPU: bench/motion.py): a
 *  transform animation added to an element's own runs on the page's thread, and every frame the
 *  element's layer was rastered again, the cards' faces with it; the end's pop scaled a layer some
 *  3000 px square (its shade) and rastered it again at every step. So the cards' flights replace
 *  their transform (none) and start each in its place's turn (``goHome``), the end and its shade
 *  (.end-shade) pop by a transform written whole, and all stay layers of their own (the cards till
 *  the bonus is counted, the end and its shade while shown: kabale.css's will-change), so that
 *  nothing under them is painted again when their animations end. */
function win(root, cue, moves) {
  const panel = root.querySelector(".game-end, .match-end");
  const shade = root.querySelector(".end-shade"); // Double H's end: its shade apart
  const doubleH = cue.game === "double-h";
  if (doubleH) {
    for (const move of moves) move.own = getComputedStyle(move.element).transform;
  }
  const own = shade ? [shade, panel].map((element) => element && getComputedStyle(element).transform) : null;
  return (flights) => {
    let wave = 0;
    if (doubleH) {
      // the cards go home: each place squares its pile, one place after another
      const places = [...root.querySelectorAll(".double-h-board .place")];
      const turns = flights.map((animation) => places.indexOf(animation.effect.target.closest(".place")) * 22 * slow());
      if (turns.some((turn) => turn >= 0)) wave = Math.max(...turns) + 320 * slow();
      goHome(flights, moves, turns);
    } else {
      // the patience and KABALAM: the Kabala's packets leap and spin, one after another
      const stacks = [...root.querySelectorAll(".kabala .packet-stack")];
      const turns = cue.game === "kabalam" ? 2 : 1;
      stacks.forEach((stack, index) => {
        stack.animate(
          [{ transform: "none" },
           { transform: `translateY(-2.5rem) rotate(${turns * 180}deg) scale(1.15)`, offset: 0.5 },
           { transform: `rotate(${turns * 360}deg)` }],
          { id: "kabale-win", duration: 480 * slow(), delay: index * 110 * slow(), easing: "ease-in-out", composite: "add" },
        );
        wave = Math.max(wave, (index * 110 + 480) * slow());
      });
    }
    let shows = 0; // when the end starts to pop up, from now
    if (panel) {
      shows = Math.max(0, wave - 120 * slow());
      if (own) {
        popIn(shade, own[0], shows);
        popIn(panel, own[1], shows);
      } else {
        panel.animate(
          [{ transform: "scale(0)" }, { transform: "scale(1.08)", offset: 0.7 }, { transform: "scale(1)" }],
          { id: "kabale-win", duration: 320 * slow(), delay: shows, easing: "ease-out", fill: "backwards", composite: "add" },
        );
      }
      wave += 200 * slow();
    }
    const title = root.querySelector(".great-kabalist");
    if (title) {
      title.animate(
        [{ transform: "none" }, { transform: "scale(1.25) rotate(-3deg)" }, { transform: "scale(1.25) rotate(3deg)" },
         { transform: "none" }],
        { id: "kabale-win", duration: 600 * slow(), delay: wave, easing: "ease-in-out" },
      );
    }
    const badge = root.querySelector(".bonus-count");
    const to = Number(cue.bonus) || 0;
    if (badge && to > 0) {
      const stepMs = 240 * slow();
      badge.animate(
        [{ transform: "scale(1)" }, { transform: "scale(1.6)", offset: 0.4 }, { transform: "scale(1)" }],
        { id: "kabale-win", duration: stepMs, delay: wave, iterations: to, easing: "ease-out" },
      );
      // ×1 is written in the frame the end starts to show in: written now, it would lay the end out a
      // second time in the win's first frame, its longest
      const now = performance.now();
      countUp = { start: now + wave, from: now + shows, stepMs, to, done: false };
      requestAnimationFrame(stepCountUp);
    }
  };
}

/** Double H's cards go home, each place's in its turn (``turns``: ms from now, by flight). A flight
 *  starts in the frame its turn comes in, not held back by a delay from the first frame: a card in
 *  flight is a layer of its own, and the first frame's 80 new layers (their tiles laid out, then
 *  rastered, the faces with them) held the next frame back 80-120 ms (bench/motion.py). Till its turn,
 *  a card stays where it was, by a transform of its own (painted with the page, no layer); from its
 *  turn, it is a layer of its own till the win is over (will-change), so that nothing under it is
 *  painted again when its flight ends. Both are taken back when the bonus is counted, at a press
 *  (``finish``) or at a redraw (``capture``). */
function goHome(flights, moves, turns) {
  const start = performance.now();
  const cards = [];
  const waiting = [];
  flights.forEach((animation, index) => {
    if (turns[index] < 0) return; // not in a place: it goes as it is
    const card = animation.effect.target;
    animation.id = "kabale-win";
    animation.effect.updateTiming({ duration: 320 * slow() });
    cards.push([card, card.getAttribute("style")]);
    if (turns[index] === 0) {
      card.style.willChange = "transform";
      return;
    }
    animation.cancel(); // it starts in its turn
    const { dx, dy } = moves[index];
    card.style.transform = `translate(${dx}px, ${dy}px)`;
    waiting.push({ card, dx, dy, composite: animation.effect.composite, at: start + turns[index] });
  });
  going = { cards, frame: 0 };
  const turn = () => {
    if (!going) return;
    const now = performance.now();
    for (const { card, dx, dy, composite, at } of waiting.filter((entry) => entry.at <= now)) {
      card.style.removeProperty("transform");
      card.style.willChange = "transform";
      // started up to a frame after its turn: as far on as if it had started in it
      card.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0, 0)" }],
        { id: "kabale-win", duration: 320 * slow(), delay: at - now, easing: EASING, composite });
    }
    waiting.splice(0, waiting.length, ...waiting.filter((entry) => entry.at > now));
    going.frame = waiting.length ? requestAnimationFrame(turn) : 0;
  };
  if (waiting.length) going.frame = requestAnimationFrame(turn);
}

/** Every card held for its turn goes home now, and none is a layer of its own any longer (the win is
 *  over, or a press or a redraw ended it). */
function home() {
  if (!going) return;
  if (going.frame) cancelAnimationFrame(going.frame);
  for (const [card, drawn] of going.cards) {
    // as Python drew it (a card is drawn with no style). The attribute is read before it goes: a
    // style set through the CSSOM is written to the attribute only when it is read, and Chromium
    // wrote it back, empty, after its removal (the page read style="" where the drawing has none)
    card.style.cssText = drawn || "";
    if (drawn === null && card.getAttribute("style") !== null) card.removeAttribute("style");
  }
  going = null;
}

/** ``element`` pops up after ``delay``: its own transform (``own``: the end is centred by one) times
 *  a growing scale, written whole, so that the compositor runs it. */
function popIn(element, own, delay) {
  if (!element) return;
  const at = (scale) => `${own && own !== "none" ? `${own} ` : ""}scale(${scale})`;
  element.animate(
    [{ transform: at(0) }, { transform: at(1.08), offset: 0.7 }, { transform: at(1) }],
    { id: "kabale-win", duration: 320 * slow(), delay, easing: "ease-out", fill: "backwards" },
  );
}

/** The bonus counted up, ×1 to ×N, a step each pop; finished, it reads as Python wrote it. */
function stepCountUp() {
  if (!countUp) return;
  const badge = document.querySelector(".bonus-count");
  const now = performance.now();
  const elapsed = now - countUp.start;
  if (!badge || countUp.done || elapsed >= countUp.stepMs * countUp.to) {
    if (badge) badge.textContent = `×${countUp.to}`;
    countUp = null;
    // the win is over: its cards are no layers of their own any longer, once nothing moves (the page's
    // layer is painted again under them, a frame's work: not in the middle of the last pop)
    if (going) whenStill(1000).then(home);
    return;
  }
  if (now < countUp.from) { // the end is not shown yet: what it reads can wait
    requestAnimationFrame(stepCountUp);
    return;
  }
  // written only when it changes: a text written lays its line out again in that frame
  const shown = `×${Math.max(1, Math.min(countUp.to, Math.floor(elapsed / countUp.stepMs) + 1))}`;
  if (badge.textContent !== shown) badge.textContent = shown;
  requestAnimationFrame(stepCountUp);
}

// -- a press during an animation acts on what the player saw under the pointer ------------------
//
// A press or a key finishes every animation at once, so the input lands where the cards go. But a
// player aims at what is on screen: a card in flight, where it is now. The browser's own hit test
// honours the running transforms, so the press's target is that card; its release and click,
// though, come after the cards have landed and hit whatever lies there now (a mouse's click goes to
// the nearest element the press and the release share, a finger's tap to what is under it then).
// So the press notes what it hit (its aim) before finishing, and its click goes to that:
// * a card in flight: the card, at its final place (the one the player aimed at);
// * a card still waiting for its turn in a deal (seen at the stock or its seat): what is seen
//   there, once the cards have been dealt (the stock, not a card that will land elsewhere);
// * anything else (the felt, a control at rest): itself, never a card that lands there later.

/** How far a click may be from its press and still be its click (a press is not a drag). */
const AIM_SLOP_PX = 24;
/** How long after its press a click may come and still be its click. */
const AIM_MS = 5000;

let aim = null; // {element, key, x, y, time}: what the last press during an animation hit

/** "flying" when an animation of ours moves ``element`` (or an element around it) now, "waiting"
 *  when the only ones are yet to start (a card not yet dealt, held at its source), else "still". */
function flightOf(element) {
  let state = "still";
  for (const animation of running()) {
    const target = animation.effect && animation.effect.target;
    if (!target || !target.contains(element) || animation.playState === "finished") continue;
    const timing = animation.effect.getComputedTiming();
    if (timing.localTime === null) continue;
    if (timing.localTime >= (timing.delay || 0) && timing.localTime < timing.endTime) return "flying";
    if (timing.localTime < (timing.delay || 0)) state = "waiting";
  }
  return state;
}

function pressed(event) {
  if (!running().length) {
    aim = null;
    finish();
    if (event.target instanceof Element) echoPick(event, event.target);
    return;
  }
  const seen = event.target instanceof Element ? event.target : null;
  const state = seen ? flightOf(seen) : "still";
  finish();
  let element = seen;
  if (state === "waiting") element = document.elementFromPoint(event.clientX, event.clientY) || seen;
  aim = element && {
    element,
    key: element.closest("[data-key]")?.dataset.key || "",
    x: event.clientX,
    y: event.clientY,
    time: performance.now(),
  };
  if (element) echoPick(event, element); // the card aimed at, where it landed
}

/** The element a press's aim stands for now (Python may have redrawn since: the same control). */
function aimed(entry) {
  if (entry.element.isConnected) return entry.element;
  return entry.key ? document.querySelector(`[data-key="${CSS.escape(entry.key)}"]`) : null;
}

function clicked(event) {
  const entry = aim;
  aim = null;
  if (!entry || event.defaultPrevented || event.detail === 0) return; // swallowed, or from a key
  if (performance.now() - entry.time > AIM_MS
      || Math.hypot(event.clientX - entry.x, event.clientY - entry.y) > AIM_SLOP_PX) return;
  const element = aimed(entry);
  if (element === event.target) return;
  event.stopImmediatePropagation();
  event.preventDefault();
  if (!element) return; // what the player aimed at is gone: the click acts on nothing
  element.dispatchEvent(new MouseEvent("click", {
    bubbles: true, cancelable: true, composed: true, view: window, detail: event.detail,
    clientX: event.clientX, clientY: event.clientY, screenX: event.screenX, screenY: event.screenY,
    button: event.button, buttons: event.buttons, ctrlKey: event.ctrlKey, shiftKey: event.shiftKey,
    altKey: event.altKey, metaKey: event.metaKey,
  }));
}

// -- a press shows its pick in its own frame --------------------------------------------------------
//
// Python picks a card up at the click, which comes with the release: a press that lasts 100 ms
// showed nothing for those 100 ms, and then waited for Python's move and redraw. So the press
// itself lifts the card it picks, at once, as Python will draw it (an endowment card toggles
// "picked" and aria-pressed; a Double H place or the waste, when no card is picked up yet and its
// card may be moved, takes "picked"). It is an echo, not state: Python's redraw at the click (or
// at a drag's start) is the truth and overwrites it (assets/js/redraw.js makes the page equal to
// the drawing); when the press ends without Python redrawing (no click, a click Python ignores),
// the echo is taken back. A press during an animation finishes it first, and the card in flight
// it aimed at is echoed where it landed. The echo is no motion: it shows with reduced motion too.

/** How long after a release the echo of its press waits for Python's redraw (a touch's click
 *  may come a little after the release), before it is taken back. */
const ECHO_MS = 400;

let echo = null; // {element, className, pressed, timer}: a press's pick shown before Python's

/** The pick a press on ``element`` will make, as Python draws it: {element, picked}, or null. */
function pickOf(element) {
  const view = document.getElementById("view");
  if (!view || !view.contains(element) || view.querySelector(".reveal")) return null;
  const card = element.closest("button[data-action=card]:not([disabled])");
  if (card) {
    const picked = card.getAttribute("aria-pressed") === "true";
    return { element: card, picked: !picked };
  }
  const place = element.closest("button.place-button[data-drag=true]:not([disabled])");
  if (place && (place.dataset.action === "place" || place.dataset.action === "waste")
      && !view.querySelector(".place-button.picked")) {
    return { element: place, picked: true };
  }
  return null;
}

/** Show the pick a press on ``target`` makes (the pressed element, or the card in flight it aimed at). */
function echoPick(event, target) {
  takeEchoBack();
  if (event.button !== 0 || !event.isPrimary) return;
  const pick = pickOf(target);
  if (!pick) return;
  const { element, picked } = pick;
  echo = { element, className: element.className, pressed: element.getAttribute("aria-pressed"), timer: 0 };
  element.classList.toggle("picked", picked);
  element.setAttribute("aria-pressed", String(picked));
}

let heldEcho = null; // {key, pressed}: the card a held press lifted, and as it was drawn, across a redraw

/** After a redraw that came while a press was held: its card, as now drawn, lifted again, if Python
 *  drew it as before the press (a drag's start is the press's answer: Python picked it itself). */
function echoAgain(root) {
  const held = heldEcho;
  heldEcho = null;
  const again = held && held.key && root ? root.querySelector(`[data-key="${CSS.escape(held.key)}"]`) : null;
  if (again && again.getAttribute("aria-pressed") === held.pressed) echoPick({ button: 0, isPrimary: true }, again);
}

/** The press ended and Python has not redrawn: the echo goes (unless Python's click comes soon). */
function takeEchoBack() {
  if (!echo) return;
  const { element, className, pressed, timer } = echo;
  echo = null;
  if (timer) clearTimeout(timer);
  element.className = className;
  if (pressed === null) element.removeAttribute("aria-pressed");
  else element.setAttribute("aria-pressed", pressed);
}

function released() {
  if (echo && !echo.timer) echo.timer = setTimeout(takeEchoBack, ECHO_MS);
}

// -- a move's click shows its motion in its own frame ----------------------------------------------
//
// A click on a packet or a place that takes the cards picked up plays them there; Python's move
// and redraw come back from the worker 5-11 ms later, and a click late in its frame showed its
// move a frame later (bench/motion.py: p95 21-22 ms). So Python says ahead what a click on a
// control sets moving, and the click starts it at once:
// * ``data-flies``: the cards it sends there, by the keys of their controls (an endowment's
//   cards, or a Double H place or the waste, whose top card goes): they set off towards it;
// * ``data-turns``: a pass turns the packet over: its stack starts turning away;
// * ``data-draws``: the key of where a card drawn lands, then of where it comes from (the control
//   itself, the stock, when not said): it comes face down, towards the last card there.
// It is an echo, not state: Python's redraw notes where the cards are in flight (capture) and
// flies them on from there to the places it drew them (play), and the echo's own animation goes;
// the stack's turn is the redraw's flip's first half, which goes on as it began. Should no redraw
// come (a click Python did not take after all), the cards fly back and the stack shows again.

/** How long after its motion an echo waits for Python's redraw before it is taken back. */
const FLIGHT_WAIT_MS = 1000;

// {cards, animations, hidden, turned, backs, at, timer}: what a click set moving before Python's
// redraw: the cards in flight and their animations; the packet whose stack turns away (its number),
// the animation that hides the stack itself meanwhile (a stand-in turns in its place); the
// face-down stand-in of a card drawn on its way from the stock; and when
let flight = null;
// {turned, backs, at}: what the echo of the click a redraw answers began (noted at ``capture``): the
// packet whose old stack it is turning away (``flip`` goes on from there), the stand-in of a card
// drawn it sent from the stock (``turnOver``'s take its place), and when
let echoed = null;
let flyingBack = []; // the animations of cards flying back (``flyBack``): a late answer ends them

/** The last card ``holder`` holds (``selector``: a card, face up or not; null if none). */
function topCard(holder, selector = "[data-card]") {
  return [...holder.querySelectorAll(selector)].pop() || null;
}

/** The cards a click on ``control`` sends to it, as Python said (``data-flies``). */
function flyingCards(control) {
  const cards = [];
  for (const key of (control.dataset.flies || "").split(" ").filter(Boolean)) {
    const holder = document.querySelector(`[data-key="${CSS.escape(key)}"]`);
    const card = !holder ? null : holder.matches("[data-card]") ? holder : topCard(holder);
    if (card && !control.contains(card)) cards.push(card);
  }
  return cards;
}

function echoMove(event) {
  const control = event.target instanceof Element
    ? event.target.closest("#view [data-flies], #view [data-turns], #view [data-draws]") : null;
  if (!control || control.disabled || event.defaultPrevented || motionOff()) return;
  const cards = flyingCards(control);
  const stack = control.dataset.turns ? control.querySelector(".packet-stack") : null;
  // "to [from]": where a card drawn lands (towards the last card there), and where it comes from
  // (the control itself when not said)
  const [to, source] = (control.dataset.draws || "").split(" ").filter(Boolean)
    .map((key) => document.querySelector(`[data-key="${CSS.escape(key)}"]`));
  const landing = to ? topCard(to, ".card") : null;
  if (!cards.length && !stack && !landing) return;
  dropFlight();
  // towards the control's top card (or the control when it holds none): Python's redraw draws
  // where each lands, and the flight bends there on its way
  const goal = (topCard(control) || control).getBoundingClientRect();
  const starts = cards.map((card) => card.getBoundingClientRect()); // every place read before any animation
  const turning = stack ? { rect: stack.getBoundingClientRect(), size: cardSize(stack) } : null;
  const drawing = landing ? { origin: (source || control).getBoundingClientRect(), now: landing.getBoundingClientRect(),
    size: cardSize(landing) } : null;
  const animations = cards.map((card, index) => {
    card.classList.add("flying");
    return card.animate(
      [{ transform: "translate(0, 0)" },
       { transform: `translate(${goal.left - starts[index].left}px, ${goal.top - starts[index].top}px)` }],
      { id: ANIMATION_ID, duration: motion.duration, easing: EASING, fill: "forwards", composite: "add" },
    );
  });
  let hidden = null;
  if (turning) {
    // the old stack turns away as a stand-in, as ``flip`` turns it, while the stack itself hides
    turnAway(ghostAt(stack.cloneNode(true), turning.rect, turning.size));
    // not a cue's id: a redraw carries no cue animation of the old stack on to the new one
    hidden = stack.animate([{ visibility: "hidden" }, { visibility: "hidden" }],
      { id: ANIMATION_ID, duration: (FLIP_MS / 2) * slow(), fill: "forwards" });
  }
  // a card drawn comes face down from the stock, as the draw's cue sends it (``turnOver``)
  const backs = drawing ? [standIn(drawing.origin, drawing.now, drawing.size, 0).ghost] : [];
  const wait = Math.max(cards.length ? motion.duration : 0, turning ? (FLIP_MS / 2) * slow() : 0,
    drawing ? (TRAVEL_MS / 2) * slow() : 0) + FLIGHT_WAIT_MS;
  flight = {
    cards, animations, hidden, turned: turning ? control.dataset.packet : null, backs,
    at: performance.now(), timer: setTimeout(flyBack, wait),
  };
  motion.echoed += 1;
  motion.echoUnpainted = true; // until the frame that shows it (page.js holds Python's answer till then)
  const painted = () => { motion.echoUnpainted = false; };
  requestAnimationFrame(painted);
  setTimeout(painted, 50); // a hidden page draws no frame
}

/** The echo's animations go (Python's redraw has noted where its cards are: it flies them on). */
function dropFlight() {
  if (!flight) return;
  clearTimeout(flight.timer);
  for (const animation of flight.animations) animation.cancel();
  for (const card of flight.cards) card.classList.remove("flying");
  if (flight.hidden) flight.hidden.cancel();
  flight = null;
}

/** No redraw came: the cards fly back to where Python drew them, and the stack shows again. */
function flyBack() {
  if (!flight) return;
  const { cards, animations, hidden } = flight;
  flight = null;
  for (const card of cards) card.classList.remove("flying");
  for (const animation of animations) {
    animation.reverse();
    animation.finished.then(() => animation.cancel(), () => {});
  }
  flyingBack = animations;
  if (hidden) hidden.cancel();
}

document.addEventListener("pointerdown", pressed, { capture: true });
document.addEventListener("pointercancel", () => { aim = null; takeEchoBack(); }, { capture: true });
document.addEventListener("pointerup", released, { capture: true });
// after Python's handler (on <body>): a click that Python did not redraw for leaves no echo behind
document.addEventListener("click", takeEchoBack);
// after Python's handler too, in the click's own task: its motion starts before Python answers
document.addEventListener("click", echoMove);
// after drag.js's listener (loaded first), which swallows the click that ends a drag
document.addEventListener("click", clicked, { capture: true });
// A key during an animation finishes it first, so the input lands where the card is going.
document.addEventListener("keydown", finish, { capture: true });

/** A promise that resolves at the first animation frame in which none of our animations runs (a
 *  deal, a flight, a flip...), or after ``timeoutMs`` at most (a hidden page draws no frames).
 *  Work that may hold the page for a long task (web/tables/ahead.py's imports) waits for it, so that no
 *  such task falls inside an animation. */
function whenStill(timeoutMs = 3000) {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    const look = () => {
      // a redraw waiting for its frame (play) is about to start animations: not still yet
      if (!frame && !running().some((animation) => animation.playState === "running" || animation.pending)) {
        clearTimeout(timer);
        resolve();
      } else requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
}

/** Nothing moving, held or echoed, and this script's settings as at load: the page starts afresh
 *  (page.js ``park``). */
function reset() {
  finish();
  for (const animation of running()) animation.cancel();
  home();
  countUp = null;
  holds.clear();
  unpainted.length = 0;
  if (heldSheet) heldSheet.replaceSync("");
  aim = null;
  if (echo && echo.timer) clearTimeout(echo.timer);
  echo = null;
  heldEcho = null;
  if (flight) clearTimeout(flight.timer);
  flight = null;
  flyingBack = [];
  motion.echoed = 0;
  motion.echoUnpainted = false;
  motion.moved = 0;
  motion.readEarly = false;
  motion.duration = MOVE_MS;
}

const motion = {
  capture,
  play,
  finish,
  reset,
  whenStill,
  /** How many cards the last redraw set travelling (for tests and benchmarks). */
  moved: 0,
  /** How many clicks set their motion going before Python's redraw (``echoMove``; for tests). */
  echoed: 0,
  /** Whether a click's echo waits for the frame that shows it (page.js holds Python's answer till then). */
  echoUnpainted: false,
  /** Whether the last redraw's new places were read before its frame (in a task of their own). */
  readEarly: false,
  /** One move's length, MOVE_MS (a test may slow it down to look at a card in flight). */
  duration: MOVE_MS,
  ANIMATION_ID,
  /** How many times slower the cues play: 1, or what a test set before Kabale started
   *  (window.kabaleMotionTimeScale), to look at a deal or a win half-way. Read each time, not once
   *  at load: a page started afresh (page.js ``restart``) takes the flag its start was given. */
  get timeScale() { return Number(window.kabaleMotionTimeScale) || 1; },
  /** Every animation this script runs (a test or a benchmark may look for them). */
  IDS: [ANIMATION_ID, ...CUE_IDS],
  /** Whether a redraw's motion waits for its frame (a deal about to start: nothing runs yet). */
  get pending() { return frame !== 0; },
  /** How many of the log's new lines wait for the motion now (for tests). */
  get held() { return [...holds].reduce((count, entry) => count + entry.lines.length, 0); },
};
window.kabaleMotion = motion;
