"""The window redraws whenever something changes – animations ending, the queue reaching the
player's turn – without any input, and draws nothing while nothing changes."""

from __future__ import annotations

import shutil

import pygame

from game.client.autoplay import run_frames, table_scene
from game.client.hosting import start_local
from game.client.scenes.replays import ReplaysScene
from game.client.scenes.viewer import ViewerScene
from tests.replay.test_golden import GOLDEN


def shown_is_current(app) -> bool:
    """Whether the frame on screen is the one drawing the scene now would give."""
    shown = app.screen.copy()
    fresh = pygame.Surface(app.size, 0, app.screen)
    app.draw(fresh)
    return pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(fresh, "RGB")


def test_time_alone_brings_the_turn_to_the_screen_then_the_window_idles(make_app):
    app = make_app(speed=1.0)
    start_local(app, "quando", 3, "random", {"target": 12})
    pygame.event.clear()

    def my_turn_and_still() -> bool:
        scene = table_scene(app)
        return (
            scene is not None
            and scene.table.active
            and not scene.table.busy
            and not scene.table.stage.busy
        )

    # No input at all: frames only advance time, so whatever the screen shows came from time.
    assert run_frames(app, my_turn_and_still, 60)
    run_frames(app, lambda: False, 0.2)
    assert shown_is_current(app), "the screen still shows a frame from before the turn came"
    drawn = app.drawn
    for _ in range(30):
        app.frame(1 / 60)
    assert app.drawn == drawn, "nothing changed, yet the window was drawn again"


def test_a_replay_opened_in_the_background_reaches_the_screen_without_input(make_app, tmp_path):
    path = shutil.copy(GOLDEN / "blanco-2p.ctr", tmp_path)  # its verdict is kept beside it
    app = make_app()
    app.push(ReplaysScene(app, path=path))
    pygame.event.clear()

    def loaded() -> bool:
        return isinstance(app.top, ViewerScene) and app.top.table is not None

    assert run_frames(app, loaded, 30)
    run_frames(app, lambda: False, 0.2)
    assert shown_is_current(app), "the screen still says the replay is being opened"


def test_the_end_of_a_viewer_analysis_reaches_the_screen_without_input(make_app, tmp_path):
    path = shutil.copy(GOLDEN / "quando-2p.ctr", tmp_path)  # and so are verdict and analysis
    app = make_app()
    app.push(ViewerScene(app, path, analyse=True, from_list=False))
    pygame.event.clear()
    viewer = app.top
    assert run_frames(app, lambda: viewer.analysis is not None, 120)
    run_frames(app, lambda: False, 0.2)
    assert shown_is_current(app), "the screen still shows the analysis under way"
