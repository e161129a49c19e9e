"""Sound without a sound device: the mixer's failure to open one is quiet (libasound's
probing noise, written straight to the process's stderr, is dropped) and the program goes
on without sound; other words written to stderr meanwhile still come through."""

from __future__ import annotations

import os
import subprocess
import sys

from game.client.sound import drop_probe_noise
from tests.client.conftest import ROOT

PROBE = """
from game.client.app import App
from game.client.config import Settings
app = App(Settings(sound=True), size=(640, 360))
print("available" if app.sound.available else "no sound", flush=True)
app.shutdown()
"""


def test_no_sound_device_is_quiet_on_stderr():
    env = {k: v for k, v in os.environ.items() if k != "SDL_AUDIODRIVER"}
    env |= {"SDL_VIDEODRIVER": "dummy", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", PROBE], env=env, cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    if "available" in done.stdout:  # this machine has a sound device: nothing to prove here
        return
    assert "ALSA lib" not in done.stderr, done.stderr
    assert done.stderr.strip() == "", done.stderr


def test_only_the_probing_noise_is_dropped():
    noise = (
        "ALSA lib confmisc.c:855:(parse_card) cannot find card '0'\n"
        "ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default\n"
    )
    real = "Traceback (most recent call last):\n  something went wrong\n"
    assert drop_probe_noise(noise + real + noise) == real
    assert drop_probe_noise("") == ""
