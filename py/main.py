"""The entry Kabale's worker runs (assets/js/worker.mjs): bind Kabale to the worker's messages.

All of Kabale's Python runs in that worker (issue 29). The package arrives as one file,
build/kabale.zip, written beside this script as it is, and Python imports from it in place
(zipimport): no unpacking of 112 modules into the file system before the first line runs. Only the
modules the lobby needs are read, each from its .pyc (scripts/bundle.py); after a warm start, none:
the memory snapshot holds them imported (kabale.web.preload).
"""

import os
import sys

BUNDLE = os.path.abspath("kabale.zip")
if BUNDLE not in sys.path:  # (a memory snapshot's Python has it already: kabale.web.preload)
    sys.path.insert(0, BUNDLE)
# A snapshot's modules are imported already: this bundle's, or else imported afresh from it.
_preloaded = sys.modules.get("kabale.web.preload")
if _preloaded is not None and not _preloaded.same_bundle(BUNDLE):
    _preloaded.forget(BUNDLE)
del _preloaded

import js  # noqa: E402  (the worker's global scope: postMessage sends to the page)

from kabale.web.worker import serve  # noqa: E402  (the bundle must be on the path first)

receive = serve(lambda text: js.postMessage(text))
