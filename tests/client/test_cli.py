"""`python -m game`: clear errors for bad flags, and the headless mode runs and saves a frame."""

import os
import shutil
import signal
import subprocess
import sys
import time

import pytest

from tests.client.conftest import ROOT

SHORT_BOT_GAME = (
    "--headless",
    "--autoplay",
    "--game",
    "quasenbo",
    "--players",
    "3",
    "--level",
    "random",
    "--option",
    "hand_size=3",
    "--speed",
    "4",
)
"""Flags for a quick headless game against random bots (three cards a hand)."""


def run_game(
    *args: str, env_extra: dict | None = None, timeout: float = 60
) -> subprocess.CompletedProcess:
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        **(env_extra or {}),
    }
    return subprocess.run(
        [sys.executable, "-m", "game", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


@pytest.mark.parametrize(
    "args,words",
    [
        (["--size", "big"], "is not a size"),
        (["--frames", "0"], "must be above zero"),
        (["--game", "poker", "--autoplay"], "invalid choice"),
        (["--tour"], "--tour needs --screenshots"),
        (["--connect", "host:99999"], "port"),
        (["--replay", "/no/such/file.ctr"], "no such file"),
        (["--autoplay", "--game", "quasenbo", "--players", "9"], "2 to 8 players"),
        (["--autoplay", "--option", "colour=blue"], "unknown option"),
        (["--players", "3"], "go with --autoplay"),
        (["--headless"], "--headless shows no window"),
        (["--headless", "--screenshots", "shots"], "--headless shows no window"),
        (["--screenshots", "shots"], "--screenshots goes with --autoplay, --tour or --frames"),
    ],
)
def test_bad_flags_are_clear_errors(args, words, private_folders):
    result = run_game(*args)
    assert result.returncode == 2
    assert words in result.stderr
    assert "Traceback" not in result.stderr


def test_headless_frames_save_a_screenshot(tmp_path, private_folders):
    env = {"XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data")}
    settings = tmp_path / "config" / "cardtable" / "settings.json"
    settings.parent.mkdir(parents=True)
    settings.write_text("{broken", encoding="utf-8")
    result = run_game(
        "--headless",
        "--frames",
        "3",
        "--size",
        "960x540",
        "--screenshots",
        str(tmp_path / "shots"),
        env_extra=env,
    )
    assert result.returncode == 0, result.stderr
    assert "using the defaults" in result.stderr
    import pygame

    image = pygame.image.load(str(tmp_path / "shots" / "frame.png"))
    assert image.get_size() == (960, 540)


def test_headless_autoplay_plays_a_game_to_its_end(tmp_path):
    env = {"XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data")}
    result = run_game(
        *SHORT_BOT_GAME,
        env_extra=env,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "The game is over." in result.stdout
    assert list((tmp_path / "data" / "cardtable" / "logs").glob("*.ctr")), "the game left no replay"


def test_sigterm_ends_a_game_playing_by_itself_at_once(tmp_path):
    """A logout or a kill during --autoplay: the program ends without a question (SDL's own
    handler would post a window close, which asks before leaving a game, and wait for an
    answer nobody gives)."""
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
    }
    long_game = ["--game", "quando", "--players", "4", "--level", "random"]
    with subprocess.Popen(
        [sys.executable, "-m", "game", "--headless", "--autoplay", *long_game],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as proc:
        try:
            logs = tmp_path / "data" / "cardtable" / "logs"
            deadline = time.monotonic() + 30
            while not list(logs.glob("*.ctr")):  # the game has started
                assert time.monotonic() < deadline and proc.poll() is None, "no game started"
                time.sleep(0.05)
            proc.send_signal(signal.SIGTERM)
            out, err = proc.communicate(timeout=15)
        finally:
            proc.kill()
    assert proc.returncode == 0, err
    assert "Stopped before the end of the game." in out


def test_without_a_display_the_window_says_so_and_fails(private_folders):
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")
    }
    # --frames bounds the run, should a display be found after all.
    result = subprocess.run(
        [sys.executable, "-m", "game", "--frames", "1"],
        cwd=ROOT,
        env=env | {"SDL_AUDIODRIVER": "dummy"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 1, result.stderr
    assert "needs a display" in result.stderr and "--headless" in result.stderr
    assert "Traceback" not in result.stderr
    # Nor when the driver asked for finds no display.
    result = subprocess.run(
        [sys.executable, "-m", "game", "--frames", "1"],
        cwd=ROOT,
        env=env | {"SDL_AUDIODRIVER": "dummy", "SDL_VIDEODRIVER": "x11"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 1 and "needs a display" in result.stderr, result.stderr
    # A driver that shows nothing is fine when asked for by name: SDL_VIDEODRIVER, --headless.
    for asked in ({"SDL_VIDEODRIVER": "offscreen"}, {"SDL_VIDEODRIVER": "dummy"}):
        assert run_game("--frames", "1", env_extra=asked).returncode == 0
    assert run_game("--headless", "--frames", "1").returncode == 0


@pytest.mark.skipif(
    not all(shutil.which(tool) for tool in ("Xvfb", "xwininfo", "xprop")),
    reason="needs Xvfb, xwininfo and xprop (apt-get install xvfb x11-utils)",
)
def test_a_real_window_is_named_for_the_desktop_entry_and_not_made_smaller_than_its_layouts(
    private_folders,
):
    # An X server of its own: -displayfd writes the display number it chose.
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    game = None
    try:
        display = f":{xvfb.stdout.readline().strip()}"
        env = {
            k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "WAYLAND_DISPLAY")
        }
        env |= {"DISPLAY": display, "SDL_AUDIODRIVER": "dummy"}
        game = subprocess.Popen(
            [sys.executable, "-m", "game", "--frames", "100000"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )

        def x(*args: str) -> str:
            return subprocess.run(args, env=env, capture_output=True, text=True, timeout=10).stdout

        def window() -> str | None:
            listed = x("xwininfo", "-root", "-children").splitlines()
            return next((line.split()[0] for line in listed if "Card Table" in line), None)

        def told() -> str:  # what the window tells the window manager, once it is there
            found = window()
            return "" if found is None else x("xprop", "-id", found, "WM_CLASS", "WM_NORMAL_HINTS")

        deadline = time.monotonic() + 30
        while "minimum size" not in told() and time.monotonic() < deadline and game.poll() is None:
            time.sleep(0.2)
        hints = told()
        assert hints, game.stderr.read() if game.poll() is not None else "no window"
        # The desktop entry's StartupWMClass, so a task bar shows the program's own name and
        # icon; and no smaller than every scene is laid out to fit.
        assert 'WM_CLASS(STRING) = "cardtable", "cardtable"' in hints
        assert "minimum size: 960 by 540" in hints
    finally:
        if game is not None:
            game.terminate()
            game.wait(10)
        xvfb.terminate()
        xvfb.wait(10)
