"""The smoke suites' fixture: the other engines, Gecko (Firefox ESR) and WebKit (WebKitGTK).

(A module, not a conftest.py: tests/e2e/ has the conftest that its tests import by name,
and two modules named conftest cannot both be imported in one pytest run.)

Each test module launches its browser once (``engine``, for the module's ENGINE) and
reuses it for the three games (engine_smoke.py says what is checked).

Nothing may leave the machine: each browser sends every request that is not for
127.0.0.1 to a recording proxy that refuses it, and the page's own requests are
checked too; either fails the test.
"""

from __future__ import annotations

from typing import Any, Iterator

import pytest

import engines
import vendor
from engine_smoke import BOOT_TIMEOUT_S, Engine
from serve import ROOT, serve_in_thread


#: What each engine is launched with here, beside bench/engines.py's defaults. WebKit runs Pyodide's
#: wasm on its first tiers (LLInt, BBQ), never compiling hot functions again with OMG: each of the five
#: tests boots Python afresh, and OMG's compiles competed with the boot on 2 cores (the file took 29 s,
#: 18.4 s without; as the Chromium tests' --liftoff-only, tests/e2e/conftest.py). Both run the same wasm
#: to the same effect, so no check is lost; speed is bench/'s, which launches with the default tiers.
#: Gecko gained nothing from its like (javascript.options.wasm_optimizingjit off: 29 s either way).
SPEED: dict[str, dict[str, Any]] = {"gecko": {}, "webkit": {"env": {"JSC_useOMGJIT": "false"}}}


@pytest.fixture(scope="module")
def engine(request: pytest.FixtureRequest) -> Iterator[Engine]:
    """The module's engine (its ENGINE: "gecko" or "webkit"), launched once, with settings
    stored first so that the computer plays at once."""
    wasm = ROOT / vendor.vendored("pyodide", "pyodide.asm.wasm")
    if not wasm.exists():
        pytest.fail("the runtime is not vendored: run `make setup` (make test does it)")
    server, base_url = serve_in_thread(ROOT, 0, live_precache=True)
    proxy = engines.RecordingProxy()
    try:
        driver = engines.DRIVERS[request.module.ENGINE](proxy.port, BOOT_TIMEOUT_S + 60, **SPEED[request.module.ENGINE])
    except engines.EngineError as error:
        pytest.fail(f"{error} (`make test` runs it)")
    try:
        # any page of the origin, for its storage: the server's own 404 page
        driver.goto(base_url + "no-such-page")
        driver.evaluate(engines.INSTANT)
        yield Engine(driver, base_url, proxy)
    finally:
        driver.quit()
        proxy.close()
        server.shutdown()
        server.server_close()
