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

window.kabaleRedraw = { redraw };
