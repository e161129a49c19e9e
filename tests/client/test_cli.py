"""`python -m game`: clear errors for bad flags, and the headless mode runs and saves a frame."""

import os
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
