// The worker prototype's page (issue 15, item 5): the main thread only draws what the
// worker (worker.mjs) sends and forwards clicks; it never runs Python.
// For bench/worker_bench.py it records in window.__bench: when the first table was
// drawn (ms from navigation start), the longest gap between animation frames until
// then, every long task (the Long Tasks API), and for each click the time from the
// click to the first animation frame after the new view was drawn
// (and to the moment it was drawn, before that frame).

const bench = (window.__bench = { shownAt: null, longestGap: 0, longTasks: [], clicks: [], arrivals: [], hops: [], python: [] });
new PerformanceObserver((list) => list.getEntries().forEach((entry) => bench.longTasks.push([entry.startTime, entry.duration])))
  .observe({ type: "longtask", buffered: true });
let lastFrame = performance.now();
const watch = (now) => {
  bench.longestGap = Math.max(bench.longestGap, now - lastFrame);
  lastFrame = now;
  if (bench.shownAt === null) requestAnimationFrame(watch);
};
requestAnimationFrame(watch);

const app = document.getElementById("app");
const worker = new Worker(new URL("./worker.mjs", import.meta.url), { type: "module" });
let pending = null; // the click waiting for its view: {at, seq}
let seq = 0;

/** An element from a view-tree node: text by textContent, never HTML. */
function build(node) {
  const element = document.createElement(node.tag);
  if (node.cls) element.className = node.cls;
  if (node.text) element.textContent = node.text;
  if (node.action) element.dataset.action = node.action;
  for (const child of node.children || []) element.append(build(child));
  return element;
}

worker.addEventListener("message", ({ data }) => {
  if (data.type !== "view") return;
  const arrived = performance.timeOrigin + performance.now();
  app.replaceChildren(build(JSON.parse(data.json)));
  bench.python.push(data.python_ms);
  if (bench.shownAt === null) {
    bench.shownAt = performance.now();
    bench.workerReady = data.worker_ready_ms;
    document.body.dataset.ready = "1";
  }
  if (pending && pending.seq === data.seq) {
    const at = pending.at;
    pending = null;
    bench.arrivals.push(performance.now() - at); // the view back from the worker, drawn
    // the two crossings: the click's message to the worker, the view's back to the page
    bench.hops.push([data.received - (performance.timeOrigin + at), arrived - data.sent]);
    requestAnimationFrame(() => bench.clicks.push(performance.now() - at));
  }
});
worker.addEventListener("error", (event) => { document.body.dataset.error = String(event.message); });

app.addEventListener("click", (event) => {
  const target = event.target.closest("[data-action]");
  if (!target || pending) return;
  pending = { at: performance.now(), seq: ++seq };
  worker.postMessage({ type: "click", action: target.dataset.action, seq });
});
