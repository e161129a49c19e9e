"""Screens for before-and-after comparisons: every scene drawn at fixed points, saved as PNGs
(`python -m tests.client.screens OUT [--against DIR]`), to show that a refactor of the client
changed no pixel.

Only what is the same run after run is drawn: the menus, the replay viewer on the golden
replays (each game through a seat's eyes and all open, at four steps) and each live table at
the player's first turn, dealt from a chosen seed (later turns depend on the bots' timing).
"""

from __future__ import annotations

import argparse
import fcntl
import os
import random
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

GOLDEN = Path(__file__).resolve().parents[1] / "replay" / "golden"
LIVE = [("quando", 3, {"target": 25}), ("blanco", 3, {}), ("quasenbo", 4, {})]
LANGUAGES = ("en", "de")
MENUS: list[tuple[str, tuple[str, ...]]] = [
    ("settings", ()),
    ("join", ()),
    ("setup", ("single",)),
    ("setup", ("host",)),
    ("replays", ()),
]
"""Every menu screen that needs no server, as `app.goto` opens it (the text-fits test's too)."""


def draw(app, folder: Path, name: str, frames: int = 20) -> Path:
    """Run `frames` frames of 1/60 s, draw the scene as it is now and save it."""
    for _frame in range(frames):
        app.frame(1 / 60)
    app.draw(app.screen)
    path = folder / f"{name}.png"
    pygame.image.save(app.screen, str(path))
    return path


def until(app, condition: Callable[[], bool], seconds: float, player=None) -> None:
    from game.client.autoplay import run_frames

    if not run_frames(app, condition, seconds, player):
        top = app.top
        table = getattr(top, "table", None)
        raise RuntimeError(
            f"the screen never reached the state asked for: {type(top).__name__}, "
            f"{table and (table.busy, table.stage.busy, table.active, table.hold)}"
        )


def menus(app, folder: Path, tag: str) -> None:
    from game.client import i18n
    from game.client.scenes import Dialog

    draw(app, folder, f"{tag}-title")
    for name, args in MENUS:
        scene = app.goto(name, *args)
        draw(app, folder, f"{tag}-{name}{''.join(args)}")
        app.pop(scene)
    dialog = Dialog(app, i18n._("Menu"), i18n._("Leave the table?"), [(i18n._("Leave"), None)])
    app.push(dialog)
    draw(app, folder, f"{tag}-dialog")
    app.pop(dialog)


def viewers(app, folder: Path, tag: str, golden: Path) -> None:
    from game.client.scenes.replays import ReplaysScene
    from game.client.scenes.steplist import OPEN
    from game.client.scenes.viewer import ViewerScene

    for replay in sorted(golden.glob("*.ctr")):
        app.reset(app.scene("title"))
        app.push(ReplaysScene(app, path=replay))
        until(app, lambda: isinstance(app.top, ViewerScene) and app.top.ready, 30)
        viewer = app.top
        length = viewer.playback.length
        for position in (1, length // 3, length // 2, length):
            for eyes in (0, OPEN):
                viewer.set_eyes(eyes)
                viewer.jump(position)
                draw(app, folder, f"{tag}-{replay.stem}-{position}-{eyes}")


def settle_analysis(table_scene) -> None:
    """The game-over line says how far the background analysis is, which depends on the
    machine's speed: the analysis is stopped and a fixed line shown in its place."""
    job = table_scene.analysis_job
    if job is not None:
        job.cancel()
    table_scene.analysis_job = None
    table_scene.costliest_words = "(analysis)"


def live(app, folder: Path, tag: str) -> None:
    from game.client.autoplay import AutoPlayer, table_scene
    from game.client.hosting import DealAgain, start_local

    def scene():
        return table_scene(app)

    def still() -> bool:
        table = scene().table if scene() is not None else None
        return (
            table is not None
            and table.stage.still
            and not any(sprite.moving for sprite in table.stage.sprites)
        )

    def held() -> bool:  # a round summary or the game's end, shown in full
        top = scene()
        return (
            top is not None
            and top.table.hold is not None
            and top.overlay_age > 0.6
            and not top.table.stage.effects.busy
            and not top.table.toasts.busy
        )

    for game, players, options in LIVE:
        # The random bots draw from the module's generator, in this process (the embedded
        # server's thread): seeded, the same game is played every run.
        random.seed(11)
        before = {"scores": [10] * players}
        again = DealAgain(seed=7, replay="0" * 64, seat=0, result=before, old_seat=0)
        start_local(app, game, players, "random", options, again=again)
        player = AutoPlayer(app, seed=3)
        turns, summaries = 0, 0
        while True:
            until(app, lambda: held() or (still() and scene().table.active), 60)
            if held():
                hold = scene().table.hold["type"]
                if hold == "game_over":
                    settle_analysis(scene())
                draw(app, folder, f"{tag}-live-{game}-{hold}{summaries}", 2)
                if hold == "game_over":
                    break
                summaries += 1
                until(app, lambda: not held(), 60)
                continue
            if turns in (0, 4):
                draw(app, folder, f"{tag}-live-{game}-turn{turns}", 2)
            turns += 1
            player._cooldown = 0
            player()
            for _frame in range(3):  # the click is read; a sent action makes the table wait
                app.frame(1 / 60)
        app.to_title()


def shoot(folder: Path, language: str) -> None:
    from game.client import i18n
    from game.client.app import App
    from game.client.config import Settings

    settings = Settings(name="Tester", speed=4.0, sound=False, pace="instant", language=language)
    app = App(settings, size=(1280, 720), retry_for=1.0)
    app.set_language(language)
    app.reset(app.scene("title"))
    try:
        with tempfile.TemporaryDirectory() as golden:
            for replay in GOLDEN.glob("*.ctr"):
                shutil.copy(replay, golden)
            menus(app, folder, language)
            viewers(app, folder, language, Path(golden))
            live(app, folder, language)
    finally:
        app.shutdown()
        i18n.set_language(i18n.SOURCE)


def compare(folder: Path, against: Path) -> list[str]:
    """The names of the screens that differ between the two folders, or are in one only."""
    names = {p.name for p in folder.glob("*.png")} | {p.name for p in against.glob("*.png")}
    differ = []
    for name in sorted(names):
        a, b = folder / name, against / name
        if not (a.exists() and b.exists()):
            differ.append(f"{name} (in one folder only)")
            continue
        left, right = pygame.image.load(str(a)), pygame.image.load(str(b))
        if pygame.image.tobytes(left, "RGB") != pygame.image.tobytes(right, "RGB"):
            differ.append(name)
    return differ


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="folder for the PNGs (made if missing)")
    parser.add_argument("--against", type=Path, help="compare with the PNGs of an earlier run")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    # One fixed home for the settings and the logs (the settings screen shows its path), new
    # for each language (the replay list shows the games played before, with their times);
    # runs at the same time take turns at it.
    home = Path(tempfile.gettempdir()) / "cardtable-screens"
    with open(home.with_suffix(".lock"), "w") as turn:
        fcntl.flock(turn, fcntl.LOCK_EX)
        os.environ["XDG_CONFIG_HOME"] = str(home / "config")
        os.environ["XDG_DATA_HOME"] = str(home / "data")
        try:
            for language in LANGUAGES:
                shutil.rmtree(home, ignore_errors=True)
                shoot(args.out, language)
        finally:
            shutil.rmtree(home, ignore_errors=True)
    count = len(list(args.out.glob("*.png")))
    if args.against is None:
        print(f"{count} screens in {args.out}")
        return 0
    differ = compare(args.out, args.against)
    print(f"{count} screens, {len(differ)} differ from {args.against}")
    for name in differ:
        print("  ", name)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
