"""Client test fixtures: private config and data folders, an App to drive frame by frame,
and a real server in another process."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def golden(tmp_path_factory) -> Path:
    """A copy of tests/replay/golden's replays, for tests that may change or add files in
    their folder (a test must not write into the source tree)."""
    folder = tmp_path_factory.mktemp("golden")
    for replay in (ROOT / "tests" / "replay" / "golden").glob("*.ctr"):
        shutil.copy(replay, folder)
    return folder


@pytest.fixture(autouse=True)
def private_folders(tmp_path, monkeypatch):
    """Settings and replay logs go to the test's own folders, never the user's."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path


@pytest.fixture
def make_app():
    """Apps at 1280×720 with fast animations, bots at full pace and no sound; shut down
    after the test, and the language (which an app may switch) back to English."""
    from game.client import i18n
    from game.client.app import App
    from game.client.config import Settings

    apps = []

    def make(size=(1280, 720), speed: float = 4.0, retry_for: float = 1.0, pace: str = "instant"):
        settings = Settings(name="Tester", speed=speed, sound=False, pace=pace)
        app = App(settings, size=size, retry_for=retry_for)
        app.reset(app.scene("title"))
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.shutdown()
    i18n.set_language(i18n.SOURCE)


def server(port: int, log_dir: Path) -> subprocess.Popen:
    """`python server.py` on 127.0.0.1:`port` (0: a free one) logging into `log_dir`, in its
    own process; its first line of output says where it listens."""
    return subprocess.Popen(
        [
            sys.executable,
            str(ROOT / "server.py"),
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--log-dir",
            str(log_dir),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        cwd=ROOT,
    )


@pytest.fixture
def server_process(tmp_path):
    """`python server.py` on 127.0.0.1 and a free port, in its own process: (port, process)."""
    proc = server(0, tmp_path / "server-logs")
    line = proc.stdout.readline()
    if "listening on" not in line:
        proc.kill()
        pytest.fail(f"the server did not start: {line!r}")
    port = int(line.rsplit(":", 1)[1])
    yield port, proc
    if proc.poll() is None:
        proc.kill()
    proc.wait(10)


def wait_for(predicate, timeout: float = 10.0, step=None) -> bool:
    """Call `step()` (if given) until `predicate()` or `timeout` seconds."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        if step is not None:
            step()
        else:
            time.sleep(0.01)
    return predicate()
