"""The client's memory: a scene left behind is freed once nothing refers to it, though the
collector's permanent generation (app.settle_garbage) held it when the next scene started;
what only some players use is not loaded at start."""

from __future__ import annotations

import os
import subprocess
import sys
import weakref


def test_a_scene_left_behind_is_freed_when_the_next_one_starts(make_app):
    app = make_app()
    scene = app.goto("settings")
    scene.itself = scene  # a cycle, as a table's sprites and callbacks refer back to it
    left = weakref.ref(scene)
    # Still referred to while the title starts (as a table's own method leaves it), so alive
    # when the garbage is settled.
    app.reset(app.scene("title"))
    del scene
    app.goto("settings")
    assert left() is None


def test_the_qr_code_maker_and_the_analysis_load_when_first_used():
    # A fresh interpreter: this one may have loaded them for other tests.
    probe = (
        "import sys, game.client.app, game.client.scenes.catalog\n"
        "print(sorted({'segno', 'game.replay.analysis'} & set(sys.modules)))"
    )
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, env=env, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[-2] == "[]"
