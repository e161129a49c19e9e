"""While only cards change at a table, its frames are mended where cards were and are
instead of drawn whole (tables/mending.py): every frame shown, mended or not, has exactly the
pixels a whole drawing of the same moment has – cards dealt, played, turned and landing, the
mouse over cards and buttons, the player's clicks, a dialog opened over the table and
closed."""

from __future__ import annotations

import random

import pygame
import pytest

from game.client.autoplay import AutoPlayer, run_frames, table_scene
from game.client.hosting import start_local
from game.client.scenes.table import TableScene
from game.client.tables.mending import Mender
from game.client.tables.painter import LOG_LATE
from game.rules import new_game, view_digest
from tests.client.test_chooser import table_for


def whole(scene: TableScene, before: pygame.Surface, was_late: int = 0) -> bytes:
    """The scene drawn whole now, on a surface of its own (the scene's memory of mended
    frames is put aside meanwhile, so the next frame may still be mended). When the frame
    left the move log's new lines to a later one (Painter.draw_log; `was_late`: how many
    frames running had before it), drawn as such a frame is: over the screen as it was
    `before`, the log's strip as it showed there."""
    kept, painter = scene.mending.mender, scene.table.painter
    late = painter.log_late
    surface = pygame.Surface(before.get_size(), 0, before)
    reference = Mender()
    if late:
        surface.blit(before, (0, 0))
        reference.target, reference.log = surface, scene.table.log_rect()
        painter.log_late = was_late
    scene.mending.mender = reference
    scene.draw(surface)
    scene.mending.mender = kept
    assert painter.log_late == late, "the whole drawing left the log's lines as the frame did"
    return pygame.image.tobytes(surface, "RGB")


def late_once(scene: TableScene, was_late: int) -> int:
    """Whether this frame left the move log's new lines to a later one (1 or 0): only a
    whole frame does, one more frame running each time, up to LOG_LATE; any other frame
    shows them."""
    late = scene.table.painter.log_late
    assert late in (0, was_late + 1) and late <= LOG_LATE, (was_late, late)
    return int(late > 0)


def shown(app) -> bytes:
    return pygame.image.tobytes(app.screen, "RGB")


def frames_show_what_a_whole_drawing_shows(app, scene: TableScene, frames: int = 5) -> None:
    """The next `frames` frames, each as the scene drawn whole would show it."""
    for _ in range(frames):
        before, was_late = app.screen.copy(), scene.table.painter.log_late
        app.frame(1 / 60)
        late_once(scene, was_late)
        assert shown(app) == whole(scene, before, was_late)


def hover_a_card(scene: TableScene, rng: random.Random) -> None:
    """Move the mouse onto a card (or off the table's cards, now and then)."""
    sprites = scene.table.stage.sprites.sprites()
    pos = rng.choice(sprites).rect.center if sprites and rng.random() < 0.8 else (5, 300)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=()))


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        ("quando", 4, {"target": 20}),
        ("blanco", 3, {}),
        ("quasenbo", 4, {"hand_size": 5, "excuse": True, "pawns": True, "courts": True}),
    ],
)
def test_every_frame_shows_what_a_whole_drawing_shows(make_app, game, players, options):
    app = make_app(speed=1.0)
    start_local(app, game, players, "random", options)
    player, rng = AutoPlayer(app, seed=5), random.Random(7)
    frames = mended = 0
    late = 0
    while frames < 500:
        before = app.screen.copy()
        was = table_scene(app)
        was_late = was.table.painter.log_late if was is not None else 0
        drew = app.frame(1 / 60)
        scene = table_scene(app)
        if scene is None:
            continue
        frames += 1
        if drew:
            late += late_once(scene, was_late)
            assert shown(app) == whole(scene, before, was_late), f"frame {frames} differs"
        player()
        if frames % 9 == 0:
            hover_a_card(scene, rng)
        mended = scene.mending.mender.mended
    assert mended > 100, "too few frames were mended to tell"
    assert late, "no frame left the move log's new lines to the next"


def test_a_dialog_opened_over_the_table_and_closed_leaves_no_trace(make_app):
    app = make_app(speed=1.0)
    start_local(app, "blanco", 3, "random", {})
    assert run_frames(app, lambda: table_scene(app) is not None, 30)
    for _ in range(30):  # the deal under way: the frames are mended
        app.frame(1 / 60)
    scene = table_scene(app)
    assert scene is not None and scene.mending.mender.mended
    scene.open_menu()
    for _ in range(5):
        app.frame(1 / 60)
    app.pop()
    frames_show_what_a_whole_drawing_shows(app, scene)


def test_a_scene_shown_instead_of_the_table_and_closed_leaves_no_trace_on_the_move_log(make_app):
    """The rules help (F1) draws the whole window, the move log's strip too; back at the
    table, the log is drawn again, not taken as still on the screen."""
    app = make_app(speed=1.0)
    start_local(app, "quando", 3, "random", {})
    assert run_frames(app, lambda: table_scene(app) is not None, 30)
    scene = table_scene(app)
    for _ in range(30):
        app.frame(1 / 60)
    assert scene.table.log_shown and scene.table.log.lines
    scene.open_rules()
    for _ in range(5):
        app.frame(1 / 60)
    assert app.top is not scene
    app.pop()
    frames_show_what_a_whole_drawing_shows(app, scene)


@pytest.mark.parametrize(
    ("game", "players", "options", "warmup"),
    [
        ("quando", 4, {}, 10),
        ("blanco", 4, {}, 60),
        ("quasenbo", 5, {"hand_size": 5, "excuse": True, "pawns": True, "courts": True}, 20),
    ],
)
def test_steps_fed_one_by_one_show_what_a_whole_drawing_shows(
    make_app, game, players, options, warmup
):
    """Every seat's steps fed to seat 0's table as the server sends them (engine-built
    updates, no server): moves land, the log grows, marks come and go, turns pass."""
    app = make_app(speed=1.0)
    rng = random.Random(11)
    state = new_game(game, players, 11, options)
    for _ in range(warmup):
        state.apply(rng.choice(state.legal_actions()))
    scene, _sent = table_for(app, state)
    mended, late = scene.mending.mender.mended, 0
    for frame in range(420):
        if frame % 12 == 0 and not state.is_over:
            events = state.apply(rng.choice(state.legal_actions()))
            scene.table.feed(update_for(state, 0, events))
            if scene.table.hold is not None:
                scene.table.release()
        if frame % 50 == 25:
            scene.table.toasts.show(f"a word at frame {frame}")
        before, was_late = app.screen.copy(), scene.table.painter.log_late
        app.frame(1 / 60)
        late += late_once(scene, was_late)
        assert shown(app) == whole(scene, before, was_late), f"frame {frame} differs"
    assert scene.mending.mender.mended - mended > 60, "too few frames were mended to tell"
    assert late, "no frame left the move log's new lines to the next"


def update_for(state, seat: int, events: list) -> dict:
    """The update the server would send `seat` after `events`."""
    update = {
        "t": "update",
        "room": "r",
        "step": state.step,
        "events": [e.for_seat(seat) for e in events],
        "digest": view_digest(state.view(seat)),
        "to_move": state.to_move,
        "clock": None,
    }
    if state.to_move == seat:
        update["legal"] = state.legal_actions()
    return update
