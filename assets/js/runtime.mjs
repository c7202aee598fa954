// The Python runtime as pyscript.toml names it: Pyodide, without its package lock file.
//
// Pyodide fetches pyodide-lock.json (119 KB, the index of its 357 optional
// packages) at every start unless it is given the lock's contents. Kabale
// loads no package (pyscript.toml has no `packages`, and only the runtime's
// five boot files are vendored, so no package could be loaded anyway), so an
// empty index with the runtime's own "info" is what Pyodide needs: it checks
// that info's ABI version against its own, and nothing else. PyScript 0.7.31
// has no setting for this, but it imports `loadPyodide` and `version` from the
// interpreter module it is told to use, so this module passes them on with the
// lock given and the runtime's folder as Pyodide's indexURL (PyScript would
// otherwise take this file's folder). tests/unit/test_precache.py checks LOCK_INFO
// against the vendored lock file, so an upgrade of Pyodide cannot leave it stale.

import { loadPyodide as loadVendoredPyodide, version } from "../vendor/pyodide/pyodide.mjs";

export { version };

export const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;

export const LOCK_INFO = {"abi_version": "2026_0", "arch": "wasm32", "platform": "emscripten_5_0_3", "python": "3.14.2"};

export function loadPyodide(options = {}) {
  const lock = options.lockFileContents || options.lockFileURL ? {} : {
    lockFileContents: JSON.stringify({ info: LOCK_INFO, packages: {} }),
    // where a package would come from if one were ever asked for: this site, never a CDN
    packageBaseUrl: INDEX_URL,
  };
  return loadVendoredPyodide({ ...options, indexURL: INDEX_URL, ...lock });
}
