"""Short sounds made in code (no sound files): card slides, flips, knocks, fanfares."""

from __future__ import annotations

import array
import contextlib
import logging
import math
import os
import random
import sys
import tempfile
import threading
from collections.abc import Iterator

import pygame

RATE = 22050
PROBE_NOISE = "ALSA lib "
"""How libasound starts each line it writes straight to the process's stderr while SDL
probes for a sound device (eight lines where there is none): noise, not news."""

log = logging.getLogger(__name__)


def drop_probe_noise(text: str) -> str:
    """`text` (what was written to stderr while the mixer opened) without the probing
    noise: every other line stays."""
    return "".join(
        line for line in text.splitlines(keepends=True) if not line.startswith(PROBE_NOISE)
    )


@contextlib.contextmanager
def probing_quietly() -> Iterator[None]:
    """Around whatever opens the mixer (pygame.init() does too): catch what is written to
    file descriptor 2 meanwhile (C libraries write there, past sys.stderr) and pass it on
    without the probing noise."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):  # no descriptor 2 to borrow: nothing to quiet
        yield
        return
    with tempfile.TemporaryFile() as caught:
        os.dup2(caught.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            caught.seek(0)
            rest = drop_probe_noise(caught.read().decode(errors="replace"))
            if rest:
                sys.stderr.write(rest)
                sys.stderr.flush()


def _tone(
    parts: list[tuple[float, float, float]], noise: float = 0.0, seed: int = 1, rate: int = RATE
) -> bytes:
    """16-bit mono samples: each part is (frequency Hz, seconds, volume 0..1), played in
    order, with a fast attack and an exponential decay; `noise` mixes in a little hiss."""
    rng = random.Random(seed)
    out = array.array("h")
    for freq, seconds, volume in parts:
        n = int(rate * seconds)
        for i in range(n):
            t = i / rate
            env = min(1.0, i / 60) * math.exp(-5.0 * t / max(seconds, 1e-3))
            sample = math.sin(2 * math.pi * freq * t) * (1 - noise) + rng.uniform(-1, 1) * noise
            out.append(int(max(-1.0, min(1.0, sample * volume * env)) * 32000))
    return out.tobytes()


RECIPES: dict[str, tuple[list[tuple[float, float, float]], float]] = {
    "slide": ([(900, 0.06, 0.18)], 0.85),
    "flip": ([(1400, 0.03, 0.2), (1000, 0.03, 0.15)], 0.6),
    "play": ([(520, 0.08, 0.35)], 0.3),
    "knock": ([(140, 0.09, 0.9), (0, 0.05, 0.0), (140, 0.09, 0.9)], 0.25),
    "penalty": ([(300, 0.12, 0.5), (220, 0.2, 0.5)], 0.05),
    "chain": ([(660, 0.08, 0.4), (880, 0.08, 0.4), (1320, 0.16, 0.4)], 0.0),
    "win": ([(523, 0.12, 0.45), (659, 0.12, 0.45), (784, 0.12, 0.45), (1046, 0.35, 0.5)], 0.0),
    "tick": ([(1800, 0.02, 0.2)], 0.0),
    "error": ([(200, 0.12, 0.4)], 0.1),
}
"""Each sound: its tone parts and how much noise."""


class Sound:
    """Plays the named sounds when enabled; silently does nothing when the mixer cannot
    start (no audio device) or sound is off. The samples are made on a background thread
    (half a second of arithmetic), so the window opens at once; a sound asked for before
    it is ready is skipped."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.available = False
        try:
            if not pygame.mixer.get_init():
                with probing_quietly():
                    pygame.mixer.init(RATE, -16, 1, 512)
            init = pygame.mixer.get_init()
        except pygame.error as err:
            log.info("no sound: %s", err)
            return
        if init is None:
            return
        self.available = True
        threading.Thread(
            target=self._make, args=(init[0], init[2]), name="cardtable-sounds", daemon=True
        ).start()

    def _make(self, rate: int, channels: int) -> None:
        """Make every sound in the mixer's own format, so each plays at its pitch."""
        for name, (parts, noise) in RECIPES.items():
            data = _tone(parts, noise, rate=rate)
            if channels == 2:
                mono = array.array("h", data)
                data = array.array("h", (s for v in mono for s in (v, v))).tobytes()
            if not pygame.mixer.get_init():  # the mixer was closed (the program is ending)
                return
            try:
                self.sounds[name] = pygame.mixer.Sound(buffer=data)
            except (pygame.error, MemoryError):
                # The mixer was closed between the check and the call: SDL then reports a
                # failed allocation as MemoryError (seen in the test suite), not pygame.error.
                return

    def play(self, name: str) -> None:
        """Play sound `name` if sound is on (unknown names are ignored)."""
        if self.enabled and self.available and name in self.sounds:
            self.sounds[name].play()
