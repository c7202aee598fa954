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

const REPLACED = new Set(["INPUT", "SELECT", "TEXTAREA", "OPTION", "DETAILS", "DIALOG"]);

/** Make ``old`` (in the page) equal to ``drawn`` (a new drawing, not in the page). */
function morph(old, drawn) {
  if (old.isEqualNode(drawn)) return;
  if (old.nodeType !== drawn.nodeType || old.nodeName !== drawn.nodeName || REPLACED.has(old.nodeName)) {
    old.replaceWith(drawn);
    return;
  }
  if (old.nodeType !== Node.ELEMENT_NODE) {
    old.nodeValue = drawn.nodeValue; // text
    return;
  }
  attributes(old, drawn);
  children(old, drawn);
}

function attributes(old, drawn) {
  const names = drawn.getAttributeNames();
  const same = old.getAttributeNames();
  if (same.length !== names.length || same.some((name, index) => name !== names[index])) {
    // another set of attributes, or another order: written again in the drawing's order, so
    // that the page reads exactly as a new drawing would (a serialisation keeps the order)
    for (const name of same) old.removeAttribute(name);
  }
  for (const name of names) {
    const value = drawn.getAttribute(name);
    if (old.getAttribute(name) === value) continue;
    // the page's Content-Security-Policy refuses style attributes, not style properties
    if (name === "style") old.style.cssText = drawn.style.cssText;
    else old.setAttribute(name, value);
  }
}

/** Children in order: each old one made equal to the one drawn in its place, the rest removed or added. */
function children(old, drawn) {
  const olds = [...old.childNodes];
  const news = [...drawn.childNodes];
  const common = Math.min(olds.length, news.length);
  for (let index = 0; index < common; index += 1) morph(olds[index], news[index]);
  for (let index = common; index < olds.length; index += 1) olds[index].remove();
  if (news.length > common) old.append(...news.slice(common));
}

/** Show ``drawn`` as the only content of ``container``, changing only what differs. */
function redraw(container, drawn) {
  const shown = container.childNodes;
  if (shown.length === 1 && shown[0].nodeName === drawn.nodeName) morph(shown[0], drawn);
  else container.replaceChildren(drawn);
}

// -- Python's drawing, one element a call ---------------------------------------------------------
//
// py/kabale/web/dom.py h() made each element with a call into the browser per attribute and per
// child (createElement, className, setAttribute..., appendChild...): a table of a few hundred
// elements took thousands of those calls, each crossing between Python and JavaScript, and they
// were most of the time a click's redraw took. make() takes one element whole in one call; it
// does exactly what h() did, in the same order (the attributes' order matters to morph above).

/** An element: ``count`` (name, value) pairs, then its children (elements, or strings for text).
 *  "text" sets textContent, "class" className, "style" ("--i:3; color:red") each property through
 *  the CSSOM (the page's Content-Security-Policy refuses style attributes); any other name an
 *  attribute. Python has already left out the props that are None or False. */
function make(tag, count, ...rest) {
  const element = document.createElement(tag);
  const end = 2 * count;
  for (let index = 0; index < end; index += 2) {
    const name = rest[index];
    const value = rest[index + 1];
    if (name === "text") element.textContent = value;
    else if (name === "class") element.className = value;
    else if (name === "style") {
      for (const declaration of value.split(";")) {
        const colon = declaration.indexOf(":");
        if (colon >= 0) element.style.setProperty(declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim());
      }
    } else element.setAttribute(name, value);
  }
  if (rest.length > end) element.append(...rest.slice(end));
  return element;
}

window.kabaleRedraw = { redraw, make };
