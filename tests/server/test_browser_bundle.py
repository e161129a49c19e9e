"""The browser table ships its one dependency bundled (vendor/msgpack.js): that file must be
what browser_table's package-lock.json builds – `npm ci && npm run build` – so nobody ships
a hand-edited or stale copy. Skipped where npm or the npm registry is not available."""

from __future__ import annotations

import shutil
import subprocess
from importlib.resources import files

import pytest


def test_the_shipped_bundle_is_what_the_lock_file_builds(tmp_path):
    npm = shutil.which("npm")
    if npm is None:
        pytest.skip("npm is not installed")
    source = files("game.browser_table")
    for name in ("package.json", "package-lock.json"):
        (tmp_path / name).write_bytes(source.joinpath(name).read_bytes())
    installed = subprocess.run(
        [npm, "ci", "--no-audit", "--no-fund"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=240,
    )
    if installed.returncode:
        pytest.skip(f"npm ci failed (no registry?): {installed.stderr.strip()[-300:]}")
    subprocess.run(
        [npm, "run", "build"], cwd=tmp_path, check=True, capture_output=True, timeout=120
    )
    built = (tmp_path / "vendor" / "msgpack.js").read_bytes()
    assert built == source.joinpath("vendor", "msgpack.js").read_bytes(), (
        "vendor/msgpack.js differs from the build: run npm ci && npm run build in browser_table/"
    )
