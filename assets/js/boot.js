// Before Python starts: show loading progress and remember a game chosen early.
//
// The lobby is static HTML, painted at once. Until Python is ready this script
// fills the progress bar as the worker that runs Python says how far it got
// (assets/js/page.js calls ``advance``: the page does not see the worker's own
// downloads), and a click on a game is kept in the URL, where Python finds it.


// A theme held in the settings (py/kabale/web/storage/settings.py), put on <html> before Python starts,
// so the lobby does not show the system's colours for the seconds the runtime takes to load.
// Python sets the same class again from the settings it reads; a record it cannot read counts
// as "auto" there and here (no class: the system's prefers-color-scheme).
// The browser's bar follows: a theme held paints every theme-color meta its own colour (Python
// does the same in App.apply_look when the setting changes).
function paintBar(theme) {
  const metas = [...document.querySelectorAll('meta[name="theme-color"][data-colour]')];
  const held = metas.find((meta) => meta.dataset.theme === theme);
  for (const meta of metas) meta.content = (held || meta).dataset.colour;
}

try {
  const theme = JSON.parse(localStorage.getItem("kabale:settings") || "null")?.data?.theme;
  if (theme === "light" || theme === "dark") {
    document.documentElement.classList.add(`theme-${theme}`);
    paintBar(theme);
  }
} catch {
  // storage refused (a sandboxed frame) or a record that is not JSON: follow the system
}

const progress = document.getElementById("loading-progress");
const label = document.getElementById("loading-text");

/** Fill the progress bar to ``value`` (%). Its words stay as they are: words of another length
 * moved the bar on a narrow screen (a layout shift, tests/e2e/test_fit.py). */
export function advance(value) {
  if (!progress || document.body.dataset.ready === "1" || value <= progress.value) return;
  progress.value = value;
  progress.textContent = `${value}%`;
}

// A game chosen before Python is ready: put it in the URL for Python to open.
document.addEventListener("click", (event) => {
  if (document.body.dataset.ready === "1") return;
  const button = event.target.closest("button[data-game]");
  if (!button) return;
  const url = new URL(location.href);
  url.searchParams.set("game", button.dataset.game);
  url.searchParams.delete("seed");
  history.replaceState(null, "", url);
  for (const other of document.querySelectorAll("button[data-game]")) {
    other.setAttribute("aria-pressed", String(other === button));
  }
  if (label) label.textContent = `${button.textContent.trim()} opens when the engine is ready…`;
});
