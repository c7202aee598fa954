"""The entry PyScript runs: hand the page to Kabale's web layer.

The package arrives as one file, build/kabale.zip, written beside this script
as it is (pyscript.toml), and Python imports from it in place (zipimport): no
unpacking of 79 files into the browser's file system before the first line runs
(about 60 ms of the page's main thread on a quiet machine, 190 at a load
average of 5-9, against 35 now). Only the modules the lobby needs are read, each
from its .pyc (scripts/bundle.py).
"""

import os
import sys

sys.path.insert(0, os.path.abspath("kabale.zip"))

from kabale.web.app import start  # noqa: E402  (the bundle must be on the path first)

start()
