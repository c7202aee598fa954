// Gecko for the engine suites: Debian's Firefox ESR, headless, driven over
// WebDriver BiDi by puppeteer-core (npm, exact pin; it never downloads a browser).
//
// Python drives it through this bridge rather than a JavaScript test suite of
// its own, so that the smoke test and bench/engines.py are one piece of Python
// for every engine (the engine's own CPython rules find the legal moves).
// Protocol: one JSON command per line on stdin, one JSON answer per line on
// stdout ({ok: true, value} or {ok: false, error}); stderr is for diagnostics.
//
//   {op: "goto", url}           navigate the page and wait for its load event
//   {op: "reload"}              reload the page
//   {op: "evaluate", expr}      the value of a JavaScript expression (awaited),
//                               in the current frame (the page or a frame)
//   {op: "click", css}          click the first element matching css, as a mouse does
//   {op: "frame", css}          act inside the iframe matching css from now on
//                               (css null: back to the top-level page)
//   {op: "requests"}            every URL the page and its frames asked for so far
//   {op: "console"}             every console message and uncaught error so far
//   {op: "screenshot", path}    a PNG of the page's viewport
//   {op: "quit"}
//
// Start-up arguments (argv[2], JSON): {proxyPort, direct, prefs}: every request that is
// not for a host of direct (127.0.0.1 by default; the benchmark adds localhost)
// goes to that port, where the Python side records and refuses it.
import readline from "node:readline";
import puppeteer from "puppeteer-core";

const options = JSON.parse(process.argv[2] || "{}");
const FIREFOX = options.executablePath || "/usr/bin/firefox-esr";

// Firefox's own traffic off: no updates, telemetry, safe browsing lists, remote
// settings, captive-portal or connectivity checks, pocket, push, DNS prefetch.
// Whatever still leaves for another host goes to the recording proxy, so that a
// request this list forgot is seen, not lost.
const prefs = {
  "app.update.enabled": false,
  "app.update.auto": false,
  "app.normandy.enabled": false,
  "browser.safebrowsing.malware.enabled": false,
  "browser.safebrowsing.phishing.enabled": false,
  "browser.safebrowsing.downloads.enabled": false,
  "browser.safebrowsing.blockedURIs.enabled": false,
  "browser.safebrowsing.provider.mozilla.updateURL": "",
  "browser.safebrowsing.provider.google4.updateURL": "",
  "browser.safebrowsing.provider.google.updateURL": "",
  "browser.search.update": false,
  "browser.newtabpage.enabled": false,
  "browser.newtabpage.activity-stream.feeds.system.topstories": false,
  "browser.newtabpage.activity-stream.feeds.snippets": false,
  "browser.ping-centre.telemetry": false,
  "browser.startup.homepage_override.mstone": "ignore",
  "browser.startup.page": 0,
  "captivedetect.canonicalURL": "",
  "datareporting.healthreport.uploadEnabled": false,
  "datareporting.policy.dataSubmissionEnabled": false,
  "dom.push.enabled": false,
  "dom.push.connection.enabled": false,
  "extensions.getAddons.cache.enabled": false,
  "extensions.blocklist.enabled": false,
  "extensions.update.enabled": false,
  "extensions.pocket.enabled": false,
  "geo.provider.network.url": "",
  "media.gmp-manager.url": "",
  "media.gmp-gmpopenh264.enabled": false,
  "network.captive-portal-service.enabled": false,
  "network.connectivity-service.enabled": false,
  "network.dns.disablePrefetch": true,
  "network.http.speculative-parallel-limit": 0,
  "network.prefetch-next": false,
  "network.trr.mode": 5,
  // Remote settings: a dummy server (as Mozilla's own test harnesses set it); a
  // release build honours it only with MOZ_REMOTE_SETTINGS_DEVTOOLS, set below.
  "services.settings.server": "data:,#remote-settings-dummy/v1",
  "toolkit.telemetry.enabled": false,
  "toolkit.telemetry.server": "",
  "toolkit.telemetry.unified": false,
};
if (options.proxyPort) {
  Object.assign(prefs, {
    "network.proxy.type": 1,
    "network.proxy.http": "127.0.0.1",
    "network.proxy.http_port": options.proxyPort,
    "network.proxy.ssl": "127.0.0.1",
    "network.proxy.ssl_port": options.proxyPort,
    "network.proxy.share_proxy_settings": true,
    "network.proxy.no_proxies_on": (options.direct || ["127.0.0.1"]).join(","),
    // localhost too goes to the proxy unless it is one of the direct hosts
    "network.proxy.allow_hijacking_localhost": true,
  });
}

// A test's own preferences (remote play's: WebRTC host candidates as plain addresses).
Object.assign(prefs, options.prefs || {});

const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath: FIREFOX,
  headless: true,
  protocol: "webDriverBiDi",
  extraPrefsFirefox: prefs,
  // Firefox ESR 140 lacks BiDi's screen-orientation override, which
  // setViewport sends: the window size sets the viewport instead.
  defaultViewport: null,
  env: { ...process.env, MOZ_REMOTE_SETTINGS_DEVTOOLS: "1" },
  args: ["--width=1280", "--height=900"],
});
const page = (await browser.pages())[0] || (await browser.newPage());
const requested = [];
page.on("request", (request) => requested.push(request.url()));
const console_ = [];
page.on("console", (message) => console_.push({ type: message.type(), text: message.text() }));
page.on("pageerror", (error) => console_.push({ type: "uncaught", text: String(error) }));
let target = page; // the page, or the frame chosen with {op: "frame"}
let frameCss = null; // the iframe element of that frame

// A mouse click at the middle of an element inside the frame, in page coordinates.
// (Puppeteer's frame.click locates the frame's element with a BiDi locator that
// Firefox ESR 140 does not know, so the click is aimed by hand.)
async function clickInFrame(css) {
  await page.$eval(frameCss, (element) => element.scrollIntoView({ block: "start" }));
  const point = await target.evaluate((selector) => {
    const element = document.querySelector(selector);
    if (!element) return null;
    element.scrollIntoView({ block: "center" });
    const box = element.getBoundingClientRect();
    return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
  }, css);
  if (!point) throw new Error(`nothing in the frame matches ${css}`);
  const origin = await page.$eval(frameCss, (element) => {
    const box = element.getBoundingClientRect();
    return { x: box.left + element.clientLeft, y: box.top + element.clientTop };
  });
  await page.mouse.click(origin.x + point.x, origin.y + point.y);
}

async function run(command) {
  switch (command.op) {
    case "goto":
      target = page;
      frameCss = null;
      await page.goto(command.url, { waitUntil: "load", timeout: command.timeout || 60_000 });
      return null;
    case "reload":
      target = page;
      frameCss = null;
      await page.reload({ waitUntil: "load", timeout: command.timeout || 60_000 });
      return null;
    case "evaluate":
      return await target.evaluate(command.expr);
    case "click":
      if (target === page) {
        await page.click(command.css);
      } else {
        await clickInFrame(command.css);
      }
      return null;
    case "frame": {
      if (command.css === null) {
        target = page;
        frameCss = null;
        return null;
      }
      // Not handle.contentFrame(): it sends a BiDi locator Firefox ESR 140 does not
      // know ("context"). The child frame of the iframe's origin is the one.
      const src = await page.$eval(command.css, (element) => element.src);
      const origin = new URL(src, page.url()).origin;
      const frame = page.mainFrame().childFrames().find((child) => {
        try { return new URL(child.url()).origin === origin; } catch { return false; }
      });
      if (!frame) throw new Error(`${command.css} has no frame of ${origin} yet`);
      target = frame;
      frameCss = command.css;
      return null;
    }
    case "requests":
      return requested.slice();
    case "console":
      return console_.slice();
    case "screenshot":
      await page.screenshot({ path: command.path });
      return command.path;
    case "version":
      return await browser.version();
    case "quit":
      await browser.close();
      return null;
    default:
      throw new Error(`unknown op ${command.op}`);
  }
}

const lines = readline.createInterface({ input: process.stdin });
process.stdout.write(JSON.stringify({ ok: true, value: "ready" }) + "\n");
for await (const line of lines) {
  if (!line.trim()) continue;
  const command = JSON.parse(line);
  let answer;
  try {
    answer = { ok: true, value: (await run(command)) ?? null };
  } catch (error) {
    answer = { ok: false, error: String(error && error.stack ? error.stack : error) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
  if (command.op === "quit") break;
}
process.exit(0);
