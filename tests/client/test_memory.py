"""The client's memory: a scene left behind is freed once nothing refers to it, though the
collector's permanent generation (app.settle_garbage) held it when the next scene started;
what only some players use is not loaded at start; the card faces keep no font per size."""

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


LAZY = {"segno", "game.replay.analysis", "babel.numbers", "babel.dates", "babel.messages"}
"""What the client loads when first used, not at start nor at a table in English: the QR code
maker (a host's lobby), the analysis, Babel's number and date formatting (and its locale
data, ~5 MiB), its catalogue reader (another language) and writer (the catalogues' upkeep)."""
AT_START = LAZY | {"multiprocessing.connection"}
"""What the client loads when first used, not at start: LAZY, and what the embedded server's
bot workers wait with (loaded when the server first starts them)."""


def fresh(probe: str) -> str:
    """The last line `probe` prints, run by a fresh interpreter (this one may have loaded
    anything for other tests) with its settings and data in the test's folders."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.split("\n")[-2]


def test_the_card_faces_keep_no_font_of_their_own():
    # Each font the client keeps per size holds ~0.1–0.2 MiB; the card faces fit their texts
    # in some twenty sizes and draw them with one shared font instead.
    probe = (
        "import pygame\n"
        "from game.client import cards, palette\n"
        "from game.client.games import CLIENT_GAMES\n"
        "pygame.init()\n"
        "for entry in CLIENT_GAMES.values():\n"
        "    for width in (33, 48, 70, 96, 130):\n"
        "        for code in entry.art.codes:\n"
        "            cards.render_card(code, width, art=entry.art)\n"
        "print(palette._font.cache_info().currsize)"
    )
    assert fresh(probe) == "0"


def test_what_only_some_players_use_is_not_loaded_at_start():
    probe = (
        "import sys, game.client.app, game.client.scenes.catalog\n"
        f"print(sorted({AT_START!r} & set(sys.modules)))"
    )
    assert fresh(probe) == "[]"


def test_a_blanco_table_in_english_loads_none_of_it():
    # The real client against bots, the table drawn a few seconds: its title writes the turn
    # limit (1,000) as the player's language writes numbers.
    probe = (
        "import sys\n"
        "from game.client.app import App\n"
        "from game.client.autoplay import run_frames, table_scene\n"
        "from game.client.config import Settings\n"
        "from game.client.hosting import start_local\n"
        "app = App(Settings(name='Tester', sound=False, pace='instant'), size=(1280, 720))\n"
        "app.reset(app.scene('title'))\n"
        "start_local(app, 'blanco', 5, 'random', {})\n"
        "assert run_frames(app, lambda: table_scene(app) is not None, 30)\n"
        "run_frames(app, lambda: False, 2)\n"
        "assert table_scene(app).table.title().endswith('1,000')\n"
        "app.shutdown()\n"
        f"print(sorted({LAZY!r} & set(sys.modules)))"
    )
    assert fresh(probe) == "[]"
