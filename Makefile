# Kabale: two commands on a fresh machine.
#   make play   set up and serve the game at http://127.0.0.1:$(PORT)/
#   make test   set up and run every test (unit in CPython, e2e in headless Chromium,
#               a smoke suite in Firefox ESR and in WebKitGTK)
#   make dist   write dist/, the site as a static folder for any host or sub-path

PORT ?= 8000
PYTHON ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
VENDOR_STAMP := assets/vendor/versions.json
NPM_STAMP := node_modules/.package-lock.json
VENV_STAMP := $(VENV)/.installed

.PHONY: play test unit e2e engines typecheck bench setup bundle precache dist icons setup-test chromium browsers clean

play: setup
	PORT=$(PORT) $(PYTHON) scripts/serve.py

# Two workers for two cores: three were no faster (13 min 39 s against 13 min 11 s) and,
# at load 11-12, animation timings flaked; the files with a long test are collected first
# (tests/conftest.py) so that they do not end the run alone. --dist worksteal (tests, not files,
# handed out) was no better: the workers stood idle 77 s of a 2354 s run with it, 70 s of 1727 s
# with loadfile (the wall time less half the tests' summed durations, at load 13-17).
# --no-loadscope-reorder: else xdist (3.6 and later) hands out the files by their number of tests,
# most first, and the order tests/conftest.py sets is lost: test_ten_thousand_games.py (2 tests,
# 4 minutes at load 8) was handed out among the last, behind 95 of the 132 files.
#
# The set-up, then mypy, run two jobs at a time: npm's packages beside the venv's, then the
# runtime's copy, then its bundle, beside mypy and the browsers' check (one after the other, 66 s
# from a clean clone). What must come first says so (bundle, browsers).
test:
	$(MAKE) -j2 setup typecheck
	$(VPY) -m pytest -n 2 --dist loadfile --no-loadscope-reorder --durations=10

unit: setup-test
	$(VPY) -m pytest tests/unit

e2e: setup setup-test
	$(VPY) -m pytest tests/e2e

# The smoke suites in Gecko (Firefox ESR) and WebKit (WebKitGTK's MiniBrowser under Xvfb).
engines: setup setup-test
	$(VPY) -m pytest tests/engines

typecheck: setup-test
	$(VPY) -m mypy

# Every figure the closing notes quote, each script at its defaults (about two
# hours on 2 cores, 70 minutes of which are the bots' ladder). browser.py and
# cheater.py are shared code, not benchmarks. BENCH="ui boot" runs a few.
BENCH ?= boot ui engines engine storage_fuzz double_h_random solver solver_patience hints bots_browser bots
bench: setup setup-test
	for name in $(BENCH); do echo "== bench/$$name.py"; $(VPY) bench/$$name.py || exit 1; done

# The browser runtime: exact npm pins, copied into the git-ignored assets/vendor/ (Trystero
# bundled there into one ES module by esbuild, a devDependency: scripts/vendor.py);
# then the service worker's precache-manifest.js, from the files as they are now
# (always rerun: it takes a moment and rewrites the file only when it changed).
setup: $(VENDOR_STAMP) precache

# The bundle's .pyc are compiled by the vendored Pyodide: after the runtime's copy (make -j).
bundle: $(VENDOR_STAMP)
	$(PYTHON) scripts/bundle.py

precache: $(VENDOR_STAMP) bundle
	$(PYTHON) scripts/precache.py

# A self-contained static folder: the app, the runtime, the manifest, the service worker,
# .br/.gz copies (brotli by Node's zlib) and _headers; DIST_BASE=/sub/path/ for a sub-path's _headers.
# DIST_RELAYS="wss://relay.example ...": Nostr relays of your own for remote play, added to the page's policy.
DIST_BASE ?= /
DIST_RELAYS ?=
dist: setup
	$(PYTHON) scripts/dist.py --base-path $(DIST_BASE) $(foreach relay,$(DIST_RELAYS),--relay $(relay))

# The PNG icons, drawn from assets/icons/kabale.svg by headless Chromium (committed).
icons: setup-test
	$(VPY) scripts/make_icons.py

$(NPM_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

$(VENDOR_STAMP): $(NPM_STAMP) scripts/vendor.py
	$(PYTHON) scripts/vendor.py

# The test tools: a venv with pinned packages (selenium among them), npm's
# puppeteer-core (with the runtime, above), and Debian's browsers: Chromium,
# Firefox ESR, WebKitGTK's driver and MiniBrowser, and Xvfb for the latter.
setup-test: $(VENV_STAMP) $(NPM_STAMP) chromium browsers

# --no-compile: pip byte-compiled every file of every package (17.7 s of a clean clone's set-up,
# 11.9 s without); Python compiles what the tests import, as they import it: where
# PYTHONDONTWRITEBYTECODE is set (as on these machines) in each process again, which costs a pytest
# process 0.85 s more at its start (1.5 s against 0.65-0.73 s to import its tools) and the run's
# three such processes some 1.7 s of wall time, less than byte-compiling them ahead (4.1 s).
$(VENV_STAMP): requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install --quiet --no-compile --disable-pip-version-check -r requirements-dev.txt
	touch $@

chromium:
	./scripts/ensure-chromium.sh

# After chromium: each may call apt-get, which does not wait for the other's lock (make -j).
browsers: chromium
	./scripts/ensure-browsers.sh

clean:
	rm -rf $(VENV) node_modules assets/vendor build precache-manifest.js .pytest_cache .mypy_cache .hypothesis dist
