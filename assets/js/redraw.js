// Redraw a table in place: change only what differs between the page and the new drawing.
//
// Python draws a table afresh from the game's state after every change (no state is kept in
// the DOM). Swapping the whole drawing in made the browser style and lay out every card of the
// table again, the cards that did not change with the rest, at each click. py/kabale/web/app.py
// hands the new drawing here instead (one call, not one per attribute): an element equal to the
// one drawn (isEqualNode: its tag, attributes, text and children) stays as it is; one that
// differs keeps its node and takes the new attributes and children; one of another kind is
// replaced. The page then equals the new drawing exactly, as a swap would leave it.
//
// Form fields (and the like) are always replaced: their values live in properties the
// drawing's attributes do not say, and the drawing is the only truth.
//
// Two things keep a redraw to one layout (bench/click_trace.py found both):
// * A list that grew or shrank at one end (the log, newest line first) keeps its equal lines
//   as they are: the children equal at the start and at the end are skipped, and only those
//   between are changed, added or removed. Matched by place alone, every line of the log took
//   the text of the one before it, and was laid out again. A list at its length limit (the log's
//   40 lines: one in at the start, the oldest out at the end) is as long as before: a few lines
//   added or gone at the start of what differs are found as such (``shifted``).
// * An attribute of the focused element (a roving tabindex, "disabled") is written last, and
//   the focused element, when it goes (a card just played), is removed last: the browser checks
//   at once where the focus may stay, and lays out the page as it is then, half redrawn, to
//   know (2-5 ms, and a second layout after).

const REPLACED = new Set(["INPUT", "SELECT", "TEXTAREA", "OPTION", "DETAILS", "DIALOG"]);

// -- kept drawings ---------------------------------------------------------------------------------
//
// A table keeps the drawing of a part that did not change (a Double H place, a card, the bar) and
// hands it to ``make`` again at the next redraw (``keep``; kabale.web.dom.Kept): ``make`` puts a
// copy of it in the new drawing, and notes which kept drawing the copy came from (``origin``). A
// node of the page that was made equal to a copy of a kept drawing, and that nothing changed since,
// is still equal to every copy of it: ``morph`` leaves it be without comparing it node by node
// (a Double H board is some 450 elements, of which a move changes two or three places).
//
// What else changes the page (the press's echo in motion.js, a drag's transform in drag.js, a
// test) is seen by a MutationObserver: a node so changed, and every node around it, no longer
// counts as equal to its kept drawing, and is compared as before.

/** The drawings kept to be copied into later drawings (never put in the page themselves). */
const kept = new WeakSet();
/** A node (in a drawing or in the page) -> the kept drawing it equals, as long as it is untouched. */
const origin = new WeakMap();

/** Keep ``element`` (a finished drawing) to be copied by ``make`` wherever it is a child. */
function keep(element) {
  kept.add(element);
  return element;
}

/** Forget the origin of a changed node and of every node around it (they no longer equal theirs). */
function touched(records) {
  for (const record of records) {
    for (let node = record.target; node; node = node.parentNode) origin.delete(node);
  }
}

const watcher = new MutationObserver(touched);
watcher.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });

/** Two nodes known to be equal without looking: copies of one kept drawing, the page's untouched. */
function sameOrigin(old, drawn) {
  const from = origin.get(drawn);
  return from !== undefined && origin.get(old) === from;
}

/** ``old`` is now equal to ``drawn``: it equals what ``drawn`` was copied from, or nothing known. */
function adopt(old, drawn) {
  const from = origin.get(drawn);
  if (from !== undefined) origin.set(old, from);
  else origin.delete(old);
}

/** Make ``old`` (in the page) equal to ``drawn`` (a new drawing, not in the page). */
function morph(old, drawn) {
  if (sameOrigin(old, drawn)) return;
  if (old.nodeType !== drawn.nodeType || old.nodeName !== drawn.nodeName
      || (REPLACED.has(old.nodeName) && !old.isEqualNode(drawn))) {
    old.replaceWith(drawn);
    return;
  }
  if (old.nodeType !== Node.ELEMENT_NODE) {
    if (old.nodeValue !== drawn.nodeValue) old.nodeValue = drawn.nodeValue; // text
    return;
  }
  // an element: its attributes, then its children (equal ones are left as they are, so an
  // element equal as a whole is walked once, not once here and again for each child)
  attributes(old, drawn);
  children(old, drawn);
  adopt(old, drawn);
}

function attributes(old, drawn) {
  const names = drawn.getAttributeNames();
  const same = old.getAttributeNames();
  if (same.length !== names.length || same.some((name, index) => name !== names[index])) {
    // another set of attributes, or another order: written again in the drawing's order, so
    // that the page reads exactly as a new drawing would (a serialisation keeps the order)
    for (const name of same) old.removeAttribute(name);
  }
  const focused = old === document.activeElement && focusedWrites !== null;
  for (const name of names) {
    const value = drawn.getAttribute(name);
    if (old.getAttribute(name) === value) continue;
    // the page's Content-Security-Policy refuses style attributes, not style properties
    if (name === "style") old.style.cssText = drawn.style.cssText;
    else if (focused && old.hasAttribute(name)) focusedWrites.push([old, name, value]); // in its place: order kept
    else old.setAttribute(name, value);
  }
}

/** The focused element's attribute writes ([element, name, value]) and its removal ([element]), made
 *  once the rest of the redraw is done (or null: at once). */
let focusedWrites = null;

/** Equal children: known so (``sameOrigin``), or compared; the page's then counts as the drawing's. */
function equal(old, drawn) {
  if (sameOrigin(old, drawn)) return true;
  if (!old.isEqualNode(drawn)) return false;
  adopt(old, drawn);
  return true;
}

/** How many children a redraw looks past, at the start of those that differ, for a run added or gone. */
const SHIFT = 6;

/** The children added (> 0) or gone (< 0) at the start of ``olds[oldStart..oldEnd)`` against
 *  ``news[newStart..newEnd)``: the count before the first old child found again among the next new ones
 *  (or the first new one among the next old ones); 0 when none is. */
function shifted(olds, oldStart, oldEnd, news, newStart, newEnd) {
  if (oldStart >= oldEnd || newStart >= newEnd) return 0;
  for (let count = 1; count <= SHIFT; count += 1) {
    if (newStart + count < newEnd && equal(olds[oldStart], news[newStart + count])) return count;
    if (oldStart + count < oldEnd && equal(olds[oldStart + count], news[newStart])) return -count;
  }
  return 0;
}

/** Take ``node`` out of the page; the focused element (or the one holding it) last (``focusedWrites``). */
function removed(node) {
  if (focusedWrites !== null && node.contains(document.activeElement)) focusedWrites.push([node]);
  else node.remove();
}

/** Children in order: those equal at the start and at the end kept as they are; a few added or gone at
 *  the start of the rest found as such (``shifted``); then each old one made equal to the one drawn in
 *  its place, the rest removed or added. */
function children(old, drawn) {
  const olds = [...old.childNodes];
  const news = [...drawn.childNodes];
  let first = 0;
  while (first < olds.length && first < news.length && equal(olds[first], news[first])) first += 1;
  let oldEnd = olds.length;
  let newEnd = news.length;
  // from the end only when the lengths differ (a line added or gone): of equal lengths, place by place
  if (oldEnd !== newEnd) {
    while (oldEnd > first && newEnd > first && equal(olds[oldEnd - 1], news[newEnd - 1])) {
      oldEnd -= 1;
      newEnd -= 1;
    }
  }
  // A list at its length limit grown at its start (the log, newest line first: a line in, the oldest
  // out) is of equal length: matched place by place, every line took the text of the one before it.
  // A run added or gone at the start is found, and what follows it is matched again from there.
  let oldAt = first;
  let newAt = first;
  const shift = shifted(olds, oldAt, oldEnd, news, newAt, newEnd);
  if (shift > 0) {
    olds[oldAt].before(...news.slice(newAt, newAt + shift));
    newAt += shift;
  } else if (shift < 0) {
    for (let index = oldAt; index < oldAt - shift; index += 1) removed(olds[index]);
    oldAt -= shift;
  }
  if (shift !== 0) {
    while (oldAt < oldEnd && newAt < newEnd && equal(olds[oldAt], news[newAt])) {
      oldAt += 1;
      newAt += 1;
    }
  }
  const common = Math.min(oldEnd - oldAt, newEnd - newAt);
  for (let index = 0; index < common; index += 1) morph(olds[oldAt + index], news[newAt + index]);
  for (let index = oldAt + common; index < oldEnd; index += 1) removed(olds[index]);
  if (newEnd - newAt > common) {
    const added = news.slice(newAt + common, newEnd);
    if (oldEnd < olds.length) olds[oldEnd].before(...added);
    else old.append(...added);
  }
}

/** Show ``drawn`` as the only content of ``container``, changing only what differs. */
function redraw(container, drawn) {
  touched(watcher.takeRecords()); // what changed the page since the last redraw
  const shown = container.childNodes;
  if (shown.length === 1 && shown[0].nodeName === drawn.nodeName) {
    focusedWrites = [];
    try {
      morph(shown[0], drawn);
    } finally {
      const writes = focusedWrites;
      focusedWrites = null;
      for (const [element, name, value] of writes) {
        if (name === undefined) element.remove();
        else element.setAttribute(name, value);
      }
    }
  } else container.replaceChildren(drawn);
  watcher.takeRecords(); // the redraw's own changes: the page is the drawing
}

// -- Python's drawing, one element a call ---------------------------------------------------------
//
// py/kabale/web/dom.py h() made each element with a call into the browser per attribute and per
// child (createElement, className, setAttribute..., appendChild...): a table of a few hundred
// elements took thousands of those calls, each crossing between Python and JavaScript, and they
// were most of the time a click's redraw took. make() takes one element whole in one call; it
// does exactly what h() did, in the same order (the attributes' order matters to morph above).

/** An element: ``count`` (name, value) pairs, then its children (elements, or strings for text; a
 *  kept drawing, ``keep``, goes in as a copy of it).
 *  "text" sets textContent, "class" className, "style" ("--i:3; color:red") each property through
 *  the CSSOM (the page's Content-Security-Policy refuses style attributes); any other name an
 *  attribute. Python has already left out the props that are None or False. */
/** The SVG elements Python draws (a chart: kabale.web.stats_screen; the invite's QR code), made in SVG's namespace. */
const SVG_TAGS = new Set(["svg", "g", "line", "polyline", "path", "rect", "circle", "text"]);
const SVG_NS = "http://www.w3.org/2000/svg";

function make(tag, count, ...rest) {
  const svg = SVG_TAGS.has(tag);
  const element = svg ? document.createElementNS(SVG_NS, tag) : document.createElement(tag);
  const end = 2 * count;
  for (let index = 0; index < end; index += 2) {
    const name = rest[index];
    const value = rest[index + 1];
    if (name === "text") element.textContent = value;
    else if (name === "class") {
      if (svg) element.setAttribute("class", value); // an SVG element's className is not a string
      else element.className = value;
    }
    else if (name === "style") {
      for (const declaration of value.split(";")) {
        const colon = declaration.indexOf(":");
        if (colon >= 0) element.style.setProperty(declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim());
      }
    } else element.setAttribute(name, value);
  }
  for (let index = end; index < rest.length; index += 1) {
    const child = rest[index];
    element.append(typeof child === "object" && kept.has(child) ? copied(child) : child);
  }
  return element;
}

/** A whole drawing described by Python in one string of JSON (py/kabale/web/dom.py ``made``):
 *  each element [tag, [name, value, ...], ...children], a child an element or a string (text),
 *  made by ``make`` as one call per element from Python would make it. One call, not one per element.
 *
 *  A table drawn at once keeps its parts too (kabale.web.dom.KeptDrawn): a part to keep comes once
 *  as {"k": number, "d": its description}, is made and kept (``keep``) under its number, and later
 *  drawings name it by its number alone; wherever it is a child, ``make`` puts a copy of it in, as
 *  for a kept element. The text is then {"drawing": ..., "forget": [numbers Python no longer keeps]},
 *  forgotten before the drawing is made (one forgotten and shown again comes whole, under its number). */
function build(text) {
  const parsed = JSON.parse(text);
  if (Array.isArray(parsed)) return built(parsed);
  for (const number of parsed.forget) numbered.delete(number); // first: a number may come again, whole
  const element = built(parsed.drawing);
  return kept.has(element) ? copied(element) : element;
}

/** The kept drawings Python described (``build``), by their numbers. */
const numbered = new Map();

function built(node) {
  if (typeof node === "string") return node;
  if (typeof node === "number") return numbered.get(node); // a kept drawing: make() copies it
  if (!Array.isArray(node)) {
    const element = keep(built(node.d));
    numbered.set(node.k, element);
    return element;
  }
  const children = [];
  for (let index = 2; index < node.length; index += 1) children.push(built(node[index]));
  return make(node[0], node[1].length / 2, ...node[1], ...children);
}

/** A copy of a kept drawing, known for what it is (``origin``). */
function copied(element) {
  const copy = element.cloneNode(true);
  origin.set(copy, element);
  return copy;
}

/** Drop the kept drawings Python no longer keeps (kabale.web.dom.forget), before the next batch. */
function forget(numbers) {
  for (const number of numbers) numbered.delete(number); // first: a number may come again, whole
}

/** The element a drawing describes (kabale.web.dom.Drawn), a kept one by its number or whole. */
function element(drawing) {
  const made = built(drawing);
  return kept.has(made) ? copied(made) : made;
}

/** Make ``old`` (in the page) equal to ``drawn`` as a redraw does, each node kept where it is of the
 *  same kind (the page starting afresh: page.js ``park``, with the HTML's own body). */
function restore(old, drawn) {
  touched(watcher.takeRecords());
  morph(old, drawn);
  watcher.takeRecords();
}

window.kabaleRedraw = { redraw, make, build, keep, forget, element, restore };
