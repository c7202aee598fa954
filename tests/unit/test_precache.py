"""The precache list comes from the files that exist; the cache name from their bytes; dist/ is the site."""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import re
import subprocess
import urllib.request
from pathlib import Path

import pytest

import dist
import precache
import vendor
from serve import serve_in_thread

ROOT = Path(__file__).resolve().parents[2]

PAGE = """<!doctype html>
<html><head>
  <link rel="manifest" href="app.webmanifest">
  <link rel="stylesheet" href="assets/site.css">
  <link rel="icon" href="assets/icon.svg">
  <link rel="apple-touch-icon" href="assets/touch.png">
  <script type="module" src="./assets/boot.js"></script>
  <script type="module" src="./assets/vendor/pyscript/core.js"></script>
  <link rel="preconnect" href="https://example.com/">
</head><body>
  <a href="./">home</a> <a href="#rules">rules</a> <img src="data:image/gif;base64,R0lGOD">
  <script type="py" src="./py/main.py" config="./pyscript.toml"></script>
</body></html>
"""

CONFIG = 'interpreter = "./assets/js/runtime.mjs"\n[files]\n"./py/pkg/mod.py" = "./pkg/mod.py"\n'

#: A runtime shaped like PyScript's and Pyodide's: an entry, a core chunk with
#: plugins and features imported on demand, and Pyodide's files beside pyodide.mjs.
RUNTIME = {
    "assets/vendor/pyscript/core.js": 'export{a as b}from"./core-Abc_1234.js";\n//# sourceMappingURL=core.js.map',
    "assets/vendor/pyscript/core.js.map": "{}",
    "assets/vendor/pyscript/core-Abc_1234.js": (
        'import("./plugin-Plug-123.js");import("./codemirror-Edit0123.js");import("./codemirror_view-View0123.js");'
        'import("./zip-Zip01234.js");import("./pyodide_graph-Graph123.js");import"./shared-Shar1234.js";'
    ),
    "assets/vendor/pyscript/shared-Shar1234.js": "",
    "assets/vendor/pyscript/plugin-Plug-123.js": 'import{x}from"./core-Abc_1234.js";import("./xterm-Term0123.js");',
    "assets/vendor/pyscript/codemirror-Edit0123.js": 'import"./codemirror_view-View0123.js";',
    "assets/vendor/pyscript/codemirror_view-View0123.js": "",
    "assets/vendor/pyscript/zip-Zip01234.js": "",
    "assets/vendor/pyscript/pyodide_graph-Graph123.js": "",
    "assets/vendor/pyscript/xterm-Term0123.js": "",
    "assets/vendor/pyscript/core.css": "",
    "assets/vendor/pyodide/pyodide.mjs": "export function loadPyodide() {}",
    "assets/vendor/pyodide/pyodide.asm.mjs": "",
    "assets/vendor/pyodide/pyodide.asm.wasm": "\0asm",
    "assets/vendor/pyodide/python_stdlib.zip": "PK",
    "assets/vendor/pyodide/pyodide-lock.json": "{}",
    "assets/vendor/versions.json": "{}",
    "assets/js/runtime.mjs": 'import { loadPyodide as load, version } from "../vendor/pyodide/pyodide.mjs";',
}

#: What the page of make_site loads from the runtime (not the editor, terminal, zip, graph or lock).
RUNTIME_LOADED = [
    "assets/js/runtime.mjs",
    "assets/vendor/pyodide/pyodide.asm.mjs",
    "assets/vendor/pyodide/pyodide.asm.wasm",
    "assets/vendor/pyodide/pyodide.mjs",
    "assets/vendor/pyodide/python_stdlib.zip",
    "assets/vendor/pyscript/core-Abc_1234.js",
    "assets/vendor/pyscript/core.js",
    "assets/vendor/pyscript/plugin-Plug-123.js",
    "assets/vendor/pyscript/shared-Shar1234.js",
]


def make_site(root: Path, page: str = PAGE, config: str = CONFIG) -> Path:
    files = {
        "index.html": page,
        "app.webmanifest": json.dumps({"icons": [{"src": "icons/app-192.png"}, {"src": "assets/icon.svg"}]}),
        "icons/app-192.png": "png",
        "assets/site.css": "body {}",
        "assets/icon.svg": "<svg/>",
        "assets/touch.png": "png",
        "assets/boot.js": "",
        "assets/boot.js.map": "{}",
        "assets/.DS_Store": "",
        "assets/js/ours.js": "",
        "pyscript.toml": config,
        "py/main.py": "import pkg.mod",
        "py/pkg/mod.py": "X = 1",
        "py/pkg/unlisted.py": "",
        "sw.js": "// worker",
        "notes.md": "not served",
        **RUNTIME,
    }
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_the_files_are_the_page_its_references_its_config_and_assets(tmp_path: Path) -> None:
    site = make_site(tmp_path)
    assert precache.site_files(site) == sorted([
        "app.webmanifest",
        "assets/boot.js",
        "assets/icon.svg",
        "assets/js/ours.js",  # our own assets, all of them
        "assets/site.css",
        "assets/touch.png",  # named by the page for an install
        "icons/app-192.png",  # named by the web app manifest
        "index.html",
        "py/main.py",
        "py/pkg/mod.py",  # listed in pyscript.toml; py/pkg/unlisted.py is not
        "pyscript.toml",
        *RUNTIME_LOADED,
    ])


def test_the_precache_is_what_the_page_loads_not_what_only_an_install_fetches(tmp_path: Path) -> None:
    site = make_site(tmp_path)
    assert set(precache.site_files(site)) - set(precache.precache_files(site)) == {"assets/touch.png", "icons/app-192.png"}
    assert "assets/icon.svg" in precache.precache_files(site)  # in the manifest, but the page's icon too
    assert set(precache.build(site).files) == set(precache.precache_files(site))


def test_the_runtime_chunks_follow_the_imports_the_page_can_reach(tmp_path: Path) -> None:
    site = make_site(tmp_path)
    graph = precache.module_graph(["assets/vendor/pyscript/core.js"], site)
    assert graph == {
        "assets/vendor/pyscript/core.js", "assets/vendor/pyscript/core-Abc_1234.js",
        "assets/vendor/pyscript/shared-Shar1234.js", "assets/vendor/pyscript/plugin-Plug-123.js",
    }
    with_packages = precache.module_graph(["assets/vendor/pyscript/core.js"], site, packages=True)
    assert with_packages - graph == {"assets/vendor/pyscript/pyodide_graph-Graph123.js"}
    assert precache.chunk_name("a/codemirror_lang-python-r-dBg-Wd.js") == "codemirror_lang-python"
    assert precache.chunk_name("a/core.js") == "core"


def test_a_memory_snapshot_file_left_in_build_is_never_served_or_precached(tmp_path: Path) -> None:
    """The page makes its snapshot in the browser (assets/js/runtime.mjs): one left in build/
    by an older set-up (31 MB, 4.8 MB compressed) must not go out with the site."""
    site = make_site(tmp_path / "ours")
    (site / precache.SNAPSHOT).parent.mkdir(parents=True, exist_ok=True)
    (site / precache.SNAPSHOT).write_bytes(b"\0" * 64)
    assert precache.SNAPSHOT not in precache.site_files(site)
    assert precache.SNAPSHOT not in precache.precache_files(site)


def test_a_config_with_packages_keeps_the_graph_and_pyodide_itself_keeps_its_lock(tmp_path: Path) -> None:
    site = make_site(tmp_path, config='interpreter = "./assets/vendor/pyodide/pyodide.mjs"\npackages = ["x"]\n')
    files = set(precache.site_files(site))
    assert {"assets/vendor/pyodide/pyodide-lock.json", "assets/vendor/pyscript/pyodide_graph-Graph123.js"} <= files
    assert "assets/js/runtime.mjs" in files  # still one of our assets
    (site / "assets/vendor/pyodide/python_stdlib.zip").unlink()
    with pytest.raises(precache.SiteError, match="python_stdlib.zip is missing"):
        precache.site_files(site)


@pytest.mark.parametrize(
    "reference, message",
    [
        ('<script src="assets/missing.js"></script>', "does not exist"),
        ('<link rel="stylesheet" href="/assets/site.css">', "absolute path"),
        ('<img src="../outside.png">', "outside the site"),
    ],
)
def test_a_reference_that_would_break_on_a_static_host_is_an_error(tmp_path: Path, reference: str, message: str) -> None:
    site = make_site(tmp_path, PAGE.replace("</body>", reference + "</body>"))
    with pytest.raises(precache.SiteError, match=message):
        precache.site_files(site)


def test_a_module_missing_from_the_config_is_an_error(tmp_path: Path) -> None:
    site = make_site(tmp_path)
    (site / "py" / "pkg" / "mod.py").unlink()
    with pytest.raises(precache.SiteError, match="py/pkg/mod.py"):
        precache.site_files(site)


def test_the_version_follows_every_served_byte_and_nothing_else(tmp_path: Path) -> None:
    site = make_site(tmp_path)
    first = precache.build(site)
    assert first.cache_name == f"kabale-{first.version}" and len(first.version) == 16
    assert precache.build(site) == first

    (site / "notes.md").write_text("changed, but never served")
    os.utime(site / "assets" / "site.css", ns=(1, 1))  # touched, same bytes
    assert precache.build(site).version == first.version

    (site / "py" / "pkg" / "mod.py").write_text("X = 2")
    second = precache.build(site)
    assert second.version != first.version
    assert second.files["py/pkg/mod.py"] == hashlib.sha256(b"X = 2").hexdigest()
    assert {path for path in first.files if first.files[path] != second.files[path]} == {"py/pkg/mod.py"}

    (site / "sw.js").write_text("// worker, new logic")
    assert precache.build(site).version != second.version


def test_the_manifest_script_gives_the_worker_version_files_and_size(tmp_path: Path) -> None:
    site = make_site(tmp_path)
    manifest = precache.write(site)
    text = (site / precache.MANIFEST_NAME).read_text(encoding="utf-8")
    body = json.loads(text.split("self.KABALE_PRECACHE = ", 1)[1].rstrip().rstrip(";"))
    assert body == {"version": manifest.version, "bytes": manifest.bytes, "files": manifest.files}
    assert manifest.bytes == sum((site / path).stat().st_size for path in manifest.files)

    stamp = (site / precache.MANIFEST_NAME).stat().st_mtime_ns
    os.utime(site / precache.MANIFEST_NAME, ns=(stamp - 10**9, stamp - 10**9))
    precache.write(site)  # unchanged: not rewritten, so make does not see a change
    assert (site / precache.MANIFEST_NAME).stat().st_mtime_ns == stamp - 10**9


def test_the_command_reports_a_broken_site(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    site = make_site(tmp_path)
    (site / "assets" / "site.css").unlink()
    assert precache.main(["precache.py", str(site)]) == 1
    assert "assets/site.css" in capsys.readouterr().err


def test_the_live_manifest_of_make_play_follows_an_edit_while_serving(tmp_path: Path) -> None:
    site = make_site(tmp_path)
    precache.write(site)
    live, live_url = serve_in_thread(site, 0, live_precache=True)
    static, static_url = serve_in_thread(site, 0)
    try:
        (site / "py" / "pkg" / "mod.py").write_text("X = 3")
        expected = precache.build(site).render()
        with urllib.request.urlopen(live_url + precache.MANIFEST_NAME) as response:
            assert response.headers["Content-Type"].startswith("text/javascript")
            assert response.read().decode() == expected
        with urllib.request.urlopen(static_url + precache.MANIFEST_NAME) as response:
            assert response.read().decode() != expected  # a plain static host serves the file as written
    finally:
        for server in (live, static):
            server.shutdown()
            server.server_close()


def test_the_real_site_precaches_the_app_the_runtime_and_every_module() -> None:
    if not (ROOT / vendor.vendored("pyodide", "pyodide.asm.wasm")).is_file():
        pytest.fail("the runtime is not vendored: run `make setup` (make test does it)")
    files = set(precache.precache_files(ROOT))
    assert {
        "build/kabale.zip",
        "index.html", "manifest.webmanifest", "py/main.py",
        "assets/js/offline.js", "assets/js/page.js", "assets/js/worker.mjs", "assets/js/runtime.mjs",
        "assets/icons/kabale.svg", vendor.vendored("pyodide", "pyodide.asm.wasm"),
        "build/python_stdlib.zip", vendor.vendored("pyodide", "pyodide.asm.mjs"),
    } <= files
    # Python runs in Kabale's own worker (issue 29): nothing of PyScript's is loaded, so none is kept
    assert not any(path.startswith(vendor.vendored("@pyscript/core", "")) for path in files)
    assert not {"sw.js", precache.MANIFEST_NAME, "README.md", "RULES.md"} & files
    assert not any(path.startswith(("tests/", "bench/", "scripts/", "py/kabale/")) for path in files)
    # nothing the page cannot load: no editor, terminal, zip reader, source map, lock file or install icon
    never = ("codemirror", "xterm", "zip-", "pyodide_graph", "mpy-")
    assert not any(path.split("/")[-1].startswith(never) for path in files)
    assert not any(path.endswith((".map", ".png", "pyodide-lock.json", "versions.json")) for path in files)
    assert precache.SNAPSHOT not in files  # the page makes it in the browser: never a download
    # runtime.mjs gives Pyodide the trimmed, precompiled library (scripts/stdlib.py): the stock one is never loaded
    assert vendor.vendored("pyodide", "python_stdlib.zip") not in files
    # the install icons are still part of the site a host serves
    assert "assets/icons/kabale-512.png" in precache.site_files(ROOT)


def test_runtime_mjs_gives_pyodide_the_lock_info_of_the_vendored_runtime() -> None:
    """assets/js/runtime.mjs spares the 119 KB lock download by passing its "info":
    Pyodide refuses to start if that info's ABI differs from its own."""
    lock = json.loads((ROOT / "node_modules" / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    text = (ROOT / "assets" / "js" / "runtime.mjs").read_text(encoding="utf-8")
    match = re.search(r"export const LOCK_INFO = (\{.*?\});", text)
    assert match is not None
    assert json.loads(match.group(1)) == lock["info"]
    worker = (ROOT / "assets" / "js" / "worker.mjs").read_text(encoding="utf-8")
    assert 'import { startPython } from "./runtime.mjs";' in worker  # the worker starts Python through it


def test_dist_is_exactly_the_site_with_its_worker(tmp_path: Path) -> None:
    site = make_site(tmp_path / "site")
    target = tmp_path / "out"
    manifest = dist.build(target, site)
    copied = sorted(path.relative_to(target).as_posix() for path in target.rglob("*") if path.is_file())
    originals = [path for path in copied if not path.endswith((".br", ".gz")) and path != dist.HEADERS_FILE]
    assert originals == sorted([*precache.site_files(site), "sw.js", precache.MANIFEST_NAME])
    assert manifest == precache.build(site)  # same bytes, same version as the source

    (site / "py" / "pkg" / "mod.py").write_text("X = 9")
    (target / "stale.txt").write_text("from an older build")
    assert dist.build(target, site).version != manifest.version
    assert not (target / "stale.txt").exists()


def test_dist_writes_compressed_copies_of_what_shrinks(tmp_path: Path) -> None:
    site = make_site(tmp_path / "site")
    wasm = bytes(range(256)) * 4000  # compresses well
    (site / "assets/vendor/pyodide/pyodide.asm.wasm").write_bytes(wasm)
    (site / "assets/vendor/pyodide/python_stdlib.zip").write_bytes(os.urandom(5000))  # does not
    target = tmp_path / "out"
    dist.build(target, site)
    runtime = target / "assets/vendor/pyodide"
    assert gzip.decompress((runtime / "pyodide.asm.wasm.gz").read_bytes()) == wasm
    brotli = (runtime / "pyodide.asm.wasm.br").read_bytes()
    assert 0 < len(brotli) < len(wasm) / 10
    assert subprocess.run(
        ["node", "-e", "process.stdout.write(require('zlib').brotliDecompressSync(require('fs').readFileSync(0)))"],
        input=brotli, capture_output=True, check=True,
    ).stdout == wasm
    # same date as the file, so a server knows the copy is not stale
    assert (runtime / "pyodide.asm.wasm.br").stat().st_mtime_ns == (runtime / "pyodide.asm.wasm").stat().st_mtime_ns
    assert not (runtime / "python_stdlib.zip.gz").exists() and not (runtime / "python_stdlib.zip.br").exists()
    assert not (target / "assets/touch.png.gz").exists()  # an image type: never tried
    # the same input gives the same bytes (no date in the gzip header)
    first = (runtime / "pyodide.asm.wasm.gz").read_bytes()
    dist.build(target, site)
    assert (runtime / "pyodide.asm.wasm.gz").read_bytes() == first


def test_dist_headers_cache_the_runtime_for_good_and_revalidate_ours(tmp_path: Path) -> None:
    site = make_site(tmp_path / "site")
    target = tmp_path / "out"
    dist.build(target, site)
    rules: dict[str, list[str]] = {}
    for block in (target / dist.HEADERS_FILE).read_text(encoding="utf-8").split("\n\n"):
        lines = [line for line in block.splitlines() if not line.startswith("#")]
        if lines:
            rules[lines[0]] = [line.strip() for line in lines[1:]]
    immutable = "Cache-Control: public, max-age=31536000, immutable"
    assert rules["/assets/vendor/pyodide/pyodide.asm.wasm"] == [immutable, "Content-Type: application/wasm"]
    assert rules["/assets/vendor/pyscript/core-Abc_1234.js"] == [immutable]
    assert rules["/assets/vendor/pyscript/core.js"] == [immutable]  # vendored: changes only with a pin
    for ours in ("/", "/index.html", "/sw.js", "/precache-manifest.js", "/pyscript.toml", "/assets/js/runtime.mjs", "/py/main.py"):
        assert rules[ours] == ["Cache-Control: no-cache"], ours
    assert set(rules) == {"/", *("/" + name for name in [*precache.site_files(site), "sw.js", precache.MANIFEST_NAME])}

    dist.build(target, site, base_path="games/kabale")
    text = (target / dist.HEADERS_FILE).read_text(encoding="utf-8")
    assert "\n/games/kabale/sw.js\n  Cache-Control: no-cache\n" in text
    assert "\n/sw.js\n" not in text


def test_dist_never_replaces_a_folder_it_did_not_make(tmp_path: Path) -> None:
    site = make_site(tmp_path / "site")
    precious = tmp_path / "precious"
    precious.mkdir()
    (precious / "thesis.tex").write_text("years of work")
    with pytest.raises(precache.SiteError, match="not replacing"):
        dist.build(precious, site)
    assert (precious / "thesis.tex").read_text() == "years of work"


def test_dist_makes_a_files_brotli_copy_once_and_copies_it_after(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The runtime's .br copies take some 40 s at quality 11: a build copies the one made
    before from the same bytes, and only new bytes are compressed (by Node) again."""
    cache = tmp_path / "cache"
    script = tmp_path / "one" / "game.js"
    script.parent.mkdir()
    script.write_bytes(b"export const cards = 52;\n" * 400)
    dist.brotli_files([script], cache)
    made = (tmp_path / "one" / "game.js.br").read_bytes()
    assert 0 < len(made) < script.stat().st_size / 10

    again = tmp_path / "two" / "game.js"
    again.parent.mkdir()
    again.write_bytes(script.read_bytes())
    changed = tmp_path / "two" / "other.js"
    changed.write_bytes(b"export const cards = 104;\n" * 400)
    monkeypatch.setattr(dist.shutil, "which", lambda name: None)  # no Node: nothing can be compressed now
    dist.brotli_files([again], cache)
    assert (tmp_path / "two" / "game.js.br").read_bytes() == made
    with pytest.raises(precache.SiteError, match="node is needed"):
        dist.brotli_files([again, changed], cache)  # new bytes are compressed anew, never taken from another file


def test_a_copy_made_at_one_brotli_quality_is_not_taken_for_another(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The tests build dist/ at quality 5 (tests/conftest.py); `make dist` at 11 must not copy their
    copies from the shared cache, nor they its: the quality is part of how a copy was made."""
    cache = tmp_path / "cache"
    script = tmp_path / "game.js"
    script.write_bytes(bytes(range(256)) * 400 + b"export const cards = 52;\n" * 400)
    made = {}
    for quality in ("5", "11"):
        monkeypatch.setenv(dist.QUALITY_VARIABLE, quality)
        dist.brotli_files([script], cache)
        made[quality] = (tmp_path / "game.js.br").read_bytes()
    assert len([entry for entry in cache.iterdir() if entry.name != ".lock"]) == 2  # one copy per quality
    assert made["5"] != made["11"]
