"""The replay viewer, headless with the real client: golden replays opened the way a player
opens them, stepped, scrubbed and watched through every pair of eyes – what the table shows
is always what that seat saw at that step; damaged files are a message, not a traceback."""

from __future__ import annotations

import dataclasses
import itertools
from pathlib import Path

import pygame
import pytest

from game.client import config, i18n, layout, palette
from game.client.autoplay import click
from game.client.scenes import Confirm, Dialog
from game.client.scenes.replays import ReplaysScene
from game.client.scenes.steplist import OPEN
from game.client.scenes.verdicts import verdict_label
from game.client.scenes.viewer import ViewerScene
from game.replay.log import read_replay
from game.replay.record import record_game
from tests.client.test_cli import run_game
from tests.client.test_play import button, run
from tests.replay.helpers import rewrite


def key(k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))


def open_from_list(app, path: Path) -> ViewerScene:
    """Open `path` as `python -m game --replay` does: the list, then the viewer on it."""
    app.push(ReplaysScene(app, path=path))
    assert run(app, lambda: isinstance(app.top, ViewerScene) and app.top.ready, 30)
    return app.top


def settle(app, scene: ViewerScene) -> None:
    """Frames until the table has played everything queued and nothing moves."""

    def still() -> bool:
        table = scene.table
        return (
            table.stage.director.idle
            and table.hold is None
            and not any(s.moving for s in table.stage.sprites)
        )

    assert run(app, still, 30), "the table never came to rest"


def shown(table) -> dict:
    """What the table's sprites show, zone by zone (a face-down card shows None)."""

    def face(sprite):
        return sprite.code if sprite.face_up or sprite.known else None

    out: dict = {"hands": [[face(s) for s in hand] for hand in table.hands]}
    if table.game == "quando":
        out["discard"] = [s.code for s in table.discard]
        out["top"] = table.pile.code if table.pile is not None else None
    elif table.game == "blanco":
        out["grids"] = [
            [[(face(s), s.face_up) for s in row] for row in grid] for grid in table.grids
        ]
        out["discard"] = [s.code for s in table.discard]
    else:
        out["row"] = [s.code for s in table.row]
    return out


def expected(game: str, view: dict) -> dict:
    """What the sprites must show for `view`."""
    if game == "quando":
        hands = [
            [str(v) for v in (h["fronts"] if "fronts" in h else h["backs"])] for h in view["hands"]
        ]
        top = view["draw"]["top"]
        return {
            "hands": hands,
            "discard": [str(v) for v in view["discard"]],
            "top": None if top is None else str(top),
        }
    if game == "blanco":
        grids = [
            [list(zip(cards, up)) for cards, up in zip(g["cards"], g["up"])] if g["rows"] else []
            for g in view["grids"]
        ]
        return {
            "hands": view["hands"],
            "grids": grids,
            "discard": view["discard"][-min(4, len(view["discard"])) :] if view["discard"] else [],
        }
    hands = [h if h is not None else [None] * n for h, n in zip(view["hands"], view["hand_sizes"])]
    return {"hands": hands, "row": view["row"]}


def on_screen_is_the_view(scene: ViewerScene) -> None:
    """The table's model and its sprites show exactly the eyes' view at the position."""
    playback = scene.playback
    if scene.eyes == OPEN:
        view = playback.open_view()
    else:
        view = playback.view(scene.eyes)
    assert scene.table.model == view, (scene.eyes, playback.position)
    assert shown(scene.table) == expected(playback.header["game"], view), (
        scene.eyes,
        playback.position,
    )
    row = scene.row_rect(playback.position)
    assert row is not None, "the step list keeps the current step in view"
    scene.app.draw(scene.app.screen)
    assert scene.app.screen.get_at((row.left + 1, row.centery))[:3] == palette.ACCENT
    other = scene.row_rect(playback.position + 1) or scene.row_rect(playback.position - 1)
    assert scene.app.screen.get_at((other.left + 1, other.centery))[:3] != palette.ACCENT


@pytest.mark.parametrize("name", ["quando-5p", "blanco-2p", "quasenbo-6p-extended"])
def test_stepping_scrubbing_and_eyes_show_what_each_seat_saw(make_app, name, golden):
    app = make_app()
    scene = open_from_list(app, golden / f"{name}.ctr")
    playback = scene.playback
    assert playback.verdict.ok and scene.outcome.short == "verified"
    assert scene.eyes == 0 and scene.table.seat == 0  # the first human seat
    on_screen_is_the_view(scene)
    for _ in range(3):  # + + +: 8×
        key(pygame.K_PLUS)
    app.frame(1 / 60)
    assert scene.speed == 8.0 and scene.table.stage.director.speed == 8.0
    for _ in range(5):  # forward, animated
        key(pygame.K_RIGHT)
        app.frame(1 / 60)
        settle(app, scene)
        on_screen_is_the_view(scene)
    assert playback.position == 5
    click(scene.transport[2].rect.center)  # ‹ Step
    app.frame(1 / 60)
    assert playback.position == 4
    on_screen_is_the_view(scene)
    bar = scene.geo.scrub
    click((bar.left + bar.width // 2, bar.centery))
    app.frame(1 / 60)
    # Half way, to within the steps one pixel of the bar spans.
    assert abs(playback.position - playback.length / 2) <= playback.length / bar.width + 0.5
    on_screen_is_the_view(scene)
    for k, eyes in [(pygame.K_2, 1), (pygame.K_s, None), (pygame.K_o, OPEN), (pygame.K_1, 0)]:
        key(k)
        app.frame(1 / 60)
        assert scene.eyes == eyes and scene.table.seat == (eyes if eyes != OPEN else None)
        on_screen_is_the_view(scene)
        key(pygame.K_RIGHT)
        app.frame(1 / 60)
        settle(app, scene)
        on_screen_is_the_view(scene)
    before = playback.position
    click(scene.eyes_choice.rect.move(-10, 0).midright)  # the chooser's next eyes
    app.frame(1 / 60)
    assert scene.eyes == 1 and playback.position == before
    on_screen_is_the_view(scene)
    turn_start = playback.previous_start("turn")
    click(scene.transport[1].rect.center)  # ‹ Turn
    app.frame(1 / 60)
    assert playback.position == turn_start
    on_screen_is_the_view(scene)
    if scene.table.ROUNDS:  # the other games have no round buttons
        next_round = playback.next_start("round")
        click(scene.transport[6].rect.center)  # Round »
        app.frame(1 / 60)
        assert playback.position == next_round
        on_screen_is_the_view(scene)
    target = scene.first_row + 2
    click(scene.row_rect(target).center)  # a step in the list
    app.frame(1 / 60)
    assert playback.position == target
    on_screen_is_the_view(scene)
    key(pygame.K_SPACE)  # play a few steps, then pause
    assert run(app, lambda: playback.position >= target + 4, 30)
    key(pygame.K_SPACE)
    app.frame(1 / 60)
    assert not scene.playing
    settle(app, scene)
    on_screen_is_the_view(scene)


def test_a_whole_game_played_through_all_open_stays_true(make_app, golden):
    """Every step animated with a spectator's events, then the open view: no step breaks."""
    app = make_app()
    scene = open_from_list(app, golden / "quando-2p.ctr")
    key(pygame.K_o)
    app.frame(1 / 60)
    scene.set_speed(8.0)
    key(pygame.K_SPACE)
    assert run(app, lambda: not scene.playing, 120), "the replay never reached its end"
    settle(app, scene)
    assert scene.playback.position == scene.playback.length
    on_screen_is_the_view(scene)
    hands = scene.table.hands
    assert all(s.other is not None and s.face_up for hand in hands for s in hand)
    banner = scene.table.geo.topbar
    assert app.screen.get_at((banner.left + 6, banner.centery))[:3] == palette.ACCENT


def test_the_list_shows_the_data_folders_replays_newest_first(make_app):
    logs = config.log_dir()
    logs.mkdir(parents=True)
    record_game(logs / "20260101-000000-aaaa.ctr", "quasenbo", 3, 1, {"hand_size": 4})
    record_game(logs / "20260102-000000-bbbb.ctr", "blanco", 2, 2, {}, stop_after=30)
    (logs / "20260103-000000-cccc.ctr").write_bytes(b"CTRP\x01not msgpack at all")
    app = make_app()
    scene = ReplaysScene(app)
    app.push(scene)
    app.frame(1 / 60)
    assert [i.game for i in scene.infos if not i.error] == ["blanco", "quasenbo"]
    assert [i.path.name for i in scene.infos if i.error] == ["20260103-000000-cccc.ctr"]
    unfinished = next(i for i in scene.infos if i.game == "blanco")
    assert not unfinished.finished and unfinished.steps == 30
    broken = next(button for info, button in scene.rows if info.error)
    click(broken.rect.center)
    assert run(app, lambda: isinstance(app.top, Dialog), 5)
    assert "cannot be opened" in app.top.body
    key(pygame.K_ESCAPE)
    app.frame(1 / 60)
    finished = next(button for info, button in scene.rows if info.game == "quasenbo")
    click(finished.rect.center)
    assert run(app, lambda: isinstance(app.top, ViewerScene) and app.top.ready, 20)
    viewer = app.top
    assert viewer.outcome.short == "verified"
    click(viewer.back_button.rect.center)
    assert run(app, lambda: app.top is scene, 5)
    # An unfinished game's seed is still secret (no .secret file here): a message.
    click(next(button for info, button in scene.rows if info.game == "blanco").rect.center)
    assert run(app, lambda: isinstance(app.top, ViewerScene) and app.top.ready, 20)
    assert app.top.table is None and "seed is revealed" in app.top.problem


def test_a_finished_games_replay_is_deleted_only_when_the_player_says_so(make_app):
    """Each finished game's row has a Delete button (its room's secrets may still be there,
    waiting for a rematch), an unfinished game's whose host brings it back none; the
    question's safe answer keeps the file, Delete removes it and its row and nothing else,
    and a file that cannot be removed is said so and stays listed."""
    logs = config.log_dir()
    logs.mkdir(parents=True)
    done, other, going = (logs / f"2026010{k}-000000-{k}{k}{k}.ctr" for k in (1, 2, 3))
    record_game(done, "quasenbo", 3, 1, {"hand_size": 4})
    record_game(other, "quasenbo", 3, 2, {"hand_size": 4})
    record_game(going, "blanco", 2, 2, {}, stop_after=30)
    for host_keeps in (done, going):
        host_keeps.with_suffix(".secret").write_bytes(b"the host's")
    app = make_app()
    scene = ReplaysScene(app)
    app.push(scene)
    app.frame(1 / 60)
    assert sorted(info.path for info, _ in scene.deletes) == [done, other]

    def ask(path: Path) -> None:
        click(next(b for info, b in scene.deletes if info.path == path).rect.center)
        assert run(app, lambda: isinstance(app.top, Confirm), 5)

    ask(done)
    key(pygame.K_RETURN)  # Enter takes the safe answer
    assert run(app, lambda: app.top is scene, 5) and done.exists()
    ask(done)
    click(button(app.top.form, "Delete").rect.center)
    assert run(app, lambda: app.top is scene, 5)
    assert not done.exists() and other.exists() and going.exists()
    assert done.with_suffix(".secret").exists(), "the secrets are the server's to drop"
    assert [info.path for info in scene.infos] == [going, other]
    assert [info.path for info, _ in scene.rows] == [going, other]
    other.unlink()
    other.mkdir()  # what is listed can no longer be removed as a file
    ask(other)
    click(button(app.top.form, "Delete").rect.center)
    assert run(app, lambda: app.top is scene, 5)
    assert "cannot be deleted" in scene.problem and other.exists()
    assert [info.path for info in scene.infos] == [going, other]


def test_the_list_remembers_a_verdict_until_the_file_changes(make_app):
    """A replay verified when it was opened is listed as verified afterwards – by a new
    list too, as in the next run – until its file changes."""
    logs = config.log_dir()
    logs.mkdir(parents=True)
    path = logs / "20260101-000000-aaaa.ctr"
    record_game(path, "quasenbo", 3, 1, {"hand_size": 4})
    app = make_app()

    def listed() -> str:
        scene = ReplaysScene(app)
        app.push(scene)
        remembered = scene.verdicts[path]
        app.pop(scene)
        return verdict_label(remembered)[0] if remembered else "not yet"

    assert listed() == "not yet"
    viewer = open_from_list(app, path)
    assert viewer.outcome.short == "verified"
    app.to_title()
    assert listed() == "verified"
    path.unlink()
    record_game(path, "quasenbo", 3, 2, {"hand_size": 4})  # another game in its place
    assert listed() == "not yet", "a changed file is not taken for verified"


@pytest.mark.parametrize(
    "damage",
    ["garbage", "foreign", "truncated", "altered"],
)
def test_a_corrupt_or_foreign_file_is_a_clear_message(make_app, tmp_path, damage, golden):
    golden = golden / "quando-2p.ctr"
    path = tmp_path / "bad.ctr"
    if damage == "garbage":
        path.write_bytes(b"\x00" * 300)
    elif damage == "foreign":
        path.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(200))
    elif damage == "truncated":
        path.write_bytes(golden.read_bytes()[:200] + b"\xff" * 300)
    else:
        replay = read_replay(golden)
        rewrite(
            replay, path, lambda n, s: dataclasses.replace(s, digest=bytes(8)) if n == 20 else s
        )
    app = make_app()
    scene = ViewerScene(app, path)
    app.push(scene)
    assert run(app, lambda: scene.ready, 20)
    app.frame(1 / 60)
    if damage == "altered":  # verified up to the altered step, and watchable up to there
        assert scene.outcome.short == "failed at step 20" and scene.playback.length == 19
        assert "FAILED at step 20" in scene.outcome.sentence and scene.table is not None
        key(pygame.K_END)
        app.frame(1 / 60)
        assert scene.playback.position == 19
    else:
        assert scene.table is None and scene.problem.startswith("This file cannot be opened")
        click(scene.back_button.rect.center)
        assert run(app, lambda: app.top is not scene, 5)


def test_the_command_line_opens_a_replay_and_says_what_is_wrong_with_a_bad_one(tmp_path, golden):
    env = {"XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data")}
    result = run_game(
        "--headless",
        "--replay",
        str(golden / "blanco-3p-max-turns.ctr"),
        "--frames",
        "20",
        "--screenshots",
        str(tmp_path),
        env_extra=env,
    )
    assert result.returncode == 0, result.stderr
    assert pygame.image.load(str(tmp_path / "frame.png")).get_size() == (1280, 720)
    bad = tmp_path / "bad.ctr"
    bad.write_bytes(b"not a replay")
    result = run_game("--headless", "--replay", str(bad), "--frames", "5", env_extra=env)
    assert result.returncode == 0 and "Traceback" not in result.stderr


@pytest.mark.parametrize("size", [(800, 480), (960, 540), (1280, 720), (1920, 1080), (2560, 1080)])
def test_the_viewer_layout_stays_inside_and_apart(size):
    geo = layout.viewer(size)
    regions = geo.regions()
    window = pygame.Rect((0, 0), size)
    for name, rect in regions:
        assert window.contains(rect), (size, name, rect)
    for (a, ra), (b, rb) in itertools.combinations(regions, 2):
        assert not ra.colliderect(rb), (size, a, ra, b, rb)


def test_an_old_replays_bots_and_steps_are_named_in_the_players_language(
    make_app, tmp_path, golden
):
    """Headers written before the server sent plain bot names ("Random bot", "Dario (normal
    bot)"): the viewer words their level itself, once, and the step line its action."""
    app = make_app()
    app.set_language("de")
    scene = open_from_list(app, golden / "quasenbo-6p-extended.ctr")
    assert [scene.table.seats.name(s) for s in (0, 1, 2)] == [
        "Ann",
        "Zufälliger Bot 2",
        "Zufälliger Bot 3",
    ]
    replay = read_replay(golden / "quando-2p.ctr")
    seats = [replay.header["seats"][0], {**replay.header["seats"][1], "name": "Dario (random bot)"}]
    path = rewrite(replay, tmp_path / "named.ctr", header={**replay.header, "seats": seats})
    app.to_title()
    scene = open_from_list(app, path)
    assert scene.table.seats.name(1) == "Dario (Bot, zufällig)"
    lines = [scene.step_texts(n)[0] for n in range(1, 5)]
    assert any("Dario (Bot, zufällig): " in line for line in lines)
    assert not any("[" in line or "random" in line for line in lines), lines


@pytest.mark.parametrize(
    "name, rounds",
    [
        ("quando-2p", True),
        ("blanco-2p", False),
        ("quasenbo-3p", False),
    ],
)
def test_round_buttons_only_for_a_game_of_rounds(make_app, name, rounds, golden):
    app = make_app()
    scene = open_from_list(app, golden / f"{name}.ctr")
    first, last = scene.transport[0], scene.transport[-1]
    assert (first.label, last.label) == (i18n._("« Round"), i18n._("Round »"))
    assert first.visible is last.visible is rounds
    assert all(button.visible for button in scene.transport[1:-1])
