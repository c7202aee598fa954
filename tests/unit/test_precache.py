"""The precache list comes from the files that exist; the cache name from their bytes; dist/ is the site."""

from __future__ import annotations

import hashlib
import json
import os
import urllib.request
from pathlib import Path

import pytest

import dist
import precache
from serve import serve_in_thread

ROOT = Path(__file__).resolve().parents[2]

PAGE = """<!doctype html>
<html><head>
  <link rel="manifest" href="app.webmanifest">
  <link rel="stylesheet" href="assets/site.css">
  <link rel="icon" href="assets/icon.svg">
  <script type="module" src="./assets/boot.js"></script>
  <link rel="preconnect" href="https://example.com/">
</head><body>
  <a href="./">home</a> <a href="#rules">rules</a> <img src="data:image/gif;base64,R0lGOD">
  <script type="py" src="./py/main.py" config="./pyscript.toml"></script>
</body></html>
"""


def make_site(root: Path, page: str = PAGE) -> Path:
    files = {
        "index.html": page,
        "app.webmanifest": json.dumps({"icons": [{"src": "icons/app-192.png"}]}),
        "icons/app-192.png": "png",
        "assets/site.css": "body {}",
        "assets/icon.svg": "<svg/>",
        "assets/boot.js": "",
        "assets/boot.js.map": "{}",
        "assets/.DS_Store": "",
        "assets/vendor/runtime.wasm": "\0asm",
        "assets/vendor/chunk-1.js": "",
        "pyscript.toml": 'interpreter = "./assets/vendor/runtime.mjs"\n[files]\n"./py/pkg/mod.py" = "./pkg/mod.py"\n',
        "assets/vendor/runtime.mjs": "",
        "py/main.py": "import pkg.mod",
        "py/pkg/mod.py": "X = 1",
        "py/pkg/unlisted.py": "",
        "sw.js": "// worker",
        "notes.md": "not served",
    }
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_the_files_are_the_page_its_references_its_config_and_assets(tmp_path: Path) -> None:
    site = make_site(tmp_path)
    assert precache.site_files(site) == [
        "app.webmanifest",
        "assets/boot.js",
        "assets/icon.svg",
        "assets/site.css",
        "assets/vendor/chunk-1.js",  # named by no page: the runtime imports it by itself
        "assets/vendor/runtime.mjs",
        "assets/vendor/runtime.wasm",
        "icons/app-192.png",  # named by the web app manifest
        "index.html",
        "py/main.py",
        "py/pkg/mod.py",  # listed in pyscript.toml; py/pkg/unlisted.py is not
        "pyscript.toml",
    ]


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
    if not (ROOT / "assets" / "vendor" / "pyodide" / "pyodide.asm.wasm").is_file():
        pytest.fail("the runtime is not vendored: run `make setup` (make test does it)")
    files = set(precache.site_files(ROOT))
    assert {
        "build/kabale.zip",
        "index.html", "pyscript.toml", "manifest.webmanifest", "py/main.py",
        "assets/js/offline.js", "assets/icons/kabale-512.png",
        "assets/vendor/pyscript/core.js", "assets/vendor/pyodide/pyodide.asm.wasm",
        "assets/vendor/pyodide/python_stdlib.zip", "assets/vendor/pyodide/pyodide-lock.json",
    } <= files
    assert not {"sw.js", precache.MANIFEST_NAME, "README.md", "RULES.md"} & files
    assert not any(path.startswith(("tests/", "bench/", "scripts/", "py/kabale/")) for path in files)
    assert not any(path.endswith(".map") for path in files)


def test_dist_is_exactly_the_site_with_its_worker(tmp_path: Path) -> None:
    site = make_site(tmp_path / "site")
    target = tmp_path / "out"
    manifest = dist.build(target, site)
    copied = sorted(path.relative_to(target).as_posix() for path in target.rglob("*") if path.is_file())
    assert copied == sorted([*precache.site_files(site), "sw.js", precache.MANIFEST_NAME])
    assert manifest == precache.build(site)  # same bytes, same version as the source

    (site / "py" / "pkg" / "mod.py").write_text("X = 9")
    (target / "stale.txt").write_text("from an older build")
    assert dist.build(target, site).version != manifest.version
    assert not (target / "stale.txt").exists()


def test_dist_never_replaces_a_folder_it_did_not_make(tmp_path: Path) -> None:
    site = make_site(tmp_path / "site")
    precious = tmp_path / "precious"
    precious.mkdir()
    (precious / "thesis.tex").write_text("years of work")
    with pytest.raises(precache.SiteError, match="not replacing"):
        dist.build(precious, site)
    assert (precious / "thesis.tex").read_text() == "years of work"
