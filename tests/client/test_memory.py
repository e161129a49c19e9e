"""The client's memory: a scene left behind is freed once nothing refers to it, though the
collector's permanent generation (app.settle_garbage) held it when the next scene started."""

from __future__ import annotations

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
