"""The entry Kabale's worker runs (assets/js/worker.mjs): bind Kabale to the worker's messages.

All of Kabale's Python runs in that worker (issue 29). The package arrives as one file,
build/kabale.zip, written beside this script as it is, and Python imports from it in place
(zipimport): no unpacking of 79 files into the file system before the first line runs. Only the
modules the lobby needs are read, each from its .pyc (scripts/bundle.py).
"""

import os
import sys

sys.path.insert(0, os.path.abspath("kabale.zip"))

import js  # noqa: E402  (the worker's global scope: postMessage sends to the page)

from kabale.web.worker import serve  # noqa: E402  (the bundle must be on the path first)

receive = serve(lambda text: js.postMessage(text))
