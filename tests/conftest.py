"""Test-wide settings: SDL without a display, hypothesis profiles (`ci` by default;
`HYPOTHESIS_PROFILE=long` digs deeper), a private cache folder for every test, and a check at
the end of the run that no process it started is still running."""

import os
import signal
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

settings.register_profile(
    "ci", max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "long", max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

MARK = "CARDTABLE_TEST_RUN"
os.environ[MARK] = str(os.getpid())
"""Every process the run starts inherits this mark, so that one left running – even one whose
parent is gone, like a killed server's worker – can be found at the end."""


def left_running() -> dict[int, str]:
    """The processes carrying this run's mark that still run, by pid, with their command
    lines (Linux: /proc; elsewhere none are found). This process's own resource tracker is
    not one: it ends with this process."""
    found = {}
    mark = f"{MARK}={os.getpid()}".encode()
    for proc in Path("/proc").glob("[0-9]*"):
        pid = int(proc.name)
        if pid == os.getpid():
            continue
        try:
            if mark not in (proc / "environ").read_bytes().split(b"\0"):
                continue
            status = (proc / "status").read_text()
            command = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:  # gone meanwhile, or not ours to read
            continue
        parent = int(status.split("\nPPid:\t", 1)[1].split()[0])
        if "\nState:\tZ" in status or (parent == os.getpid() and "resource_tracker" in command):
            continue
        found[pid] = command.strip()
    return found


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Fail the run if a process it started still runs a few seconds after the last test
    (then end it, so that it does not outlive the run)."""
    deadline = time.monotonic() + 5
    while (leftover := left_running()) and time.monotonic() < deadline:
        time.sleep(0.1)
    if not leftover:
        return
    print("\nprocesses the tests started are still running:", file=sys.stderr)
    for pid, command in leftover.items():
        print(f"  {pid}: {command[:200]}", file=sys.stderr)
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    session.exitstatus = pytest.ExitCode.TESTS_FAILED


@pytest.fixture(autouse=True)
def private_cache(tmp_path_factory, monkeypatch):
    """Verdicts and analyses are cached in a folder of the test's own, never the user's."""
    folder = tmp_path_factory.mktemp("cache")
    monkeypatch.setenv("XDG_CACHE_HOME", str(folder))
    return folder
