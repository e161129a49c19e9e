"""Headless play: a player that clicks what the table highlights (used by the tests and
`--autoplay`), and the tour that makes the README's screenshots."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path

import pygame

from game.client.app import App
from game.client.config import log_dir
from game.client.hosting import start_host, start_local
from game.client.scenes.steplist import OPEN
from game.client.scenes.table import TableScene
from game.client.scenes.viewer import ViewerScene
from game.replay.library import list_replays
from game.rules import Options
from net.messages import SeatInfo


def click(pos: tuple[int, int]) -> None:
    """Post a left click at `pos`, as the mouse would: move there, press, release."""
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def table_scene(app: App) -> TableScene | None:
    """The table scene on top of the stack, if the top is one."""
    top = app.top
    return top if isinstance(top, TableScene) else None


class AutoPlayer:
    """Plays the viewer's seat through the screen alone: when the table accepts input it
    clicks one of the highlighted cards or enabled buttons (seeded random choice), exactly
    where a player would click. Round summaries go on by themselves."""

    def __init__(self, app: App, seed: int = 1, prefer: tuple[str, ...] = ("play",)) -> None:
        self.app = app
        self.rng = random.Random(seed)
        self.prefer = prefer
        self.clicks = 0
        self.decisions = 0
        self._cooldown = 0

    def __call__(self) -> None:
        """Look at the screen once (call once per frame)."""
        scene = table_scene(self.app)
        if scene is None:
            return
        scene.autoplay = True
        if self._cooldown > 0:
            self._cooldown -= 1
            return
        table = scene.table
        if not table.active:
            return
        options = table.clickables()
        if not options:
            return
        preferred = [o for o in options if o[0][0] == "btn" and o[0][1] in self.prefer]
        token, rect = (
            preferred[0] if preferred and self.rng.random() < 0.7 else self.rng.choice(options)
        )
        if not table.chooser.pending:
            self.decisions += 1
        click(rect.center)
        self.clicks += 1
        self._cooldown = 2


def run_autoplay(
    app: App,
    *,
    frames: int | None,
    screenshots: Path | None,
    every: int = 600,
    timeout: float = 600.0,
    dt: float = 1 / 60,
) -> bool:
    """Drive `app` with an AutoPlayer until the game is over (or `frames` frames, or
    `timeout` seconds). Saves a screenshot every `every` frames and at the end when
    `screenshots` is a folder. Returns True when the game reached its end."""
    player = AutoPlayer(app)
    count = 0

    def over() -> bool:
        scene = table_scene(app)
        return (
            scene is not None
            and scene.table.hold is not None
            and scene.table.hold["type"] == "game_over"
        )

    def look() -> None:
        nonlocal count
        player()
        count += 1
        if screenshots is not None and table_scene(app) is not None and count % every == 0:
            app.screenshot(screenshots / f"autoplay-{count // every:03d}.png")

    run_frames(app, lambda: over() or (frames is not None and count >= frames), timeout, look, dt)
    if not over():
        return False
    for _ in range(90):
        app.frame(dt)
    if screenshots is not None:
        app.screenshot(screenshots / "autoplay-over.png")
    return True


# -- the tour: the README's screenshots --------------------------------------------------------


def run_frames(
    app: App,
    until: Callable[[], bool],
    timeout: float,
    player: Callable[[], object] | None = None,
    dt: float = 1 / 60,
) -> bool:
    """Run frames of `dt` until `until()` or `timeout` real seconds pass; returns `until()`.
    `player` (an AutoPlayer, or any callable) looks at the screen once a frame, after `until`
    has, so a screenshot taken when `until` holds shows what the player was shown. Frames are
    as fast as the machine allows while the network and any server run in real time beside
    them (a short sleep a frame lets their threads in)."""
    end = time.monotonic() + timeout
    while app.running and time.monotonic() < end:
        app.frame(dt)
        if until():
            return True
        if player is not None:
            player()
        time.sleep(0.0005)
    return until()


def _my_turn_and_still(app: App) -> bool:
    scene = table_scene(app)
    if scene is None:
        return False
    table = scene.table
    return table.active and table.stage.still and not any(s.moving for s in table.stage.sprites)


TOUR_TABLES: list[tuple[str, int, Options, int]] = [
    ("quando", 5, {"target": 100}, 6),
    ("blanco", 4, {}, 14),
    (
        "quasenbo",
        6,
        {"hand_size": 7, "excuse": True, "pawns": True, "courts": True, "double": True},
        5,
    ),
]
"""The tour's tables: each game, its players and options, and how many of its decisions
the tour's player makes before the screenshot."""


def tour(app: App, folder: Path, level: str = "normal") -> list[Path]:
    """Save the title, a lobby, each table mid-game, a Quando round summary, a game-over
    screen, the replay list and the replay viewer into `folder`; returns the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    out: list[Path] = []
    app.reset(app.scene("title"))
    run_frames(app, lambda: False, 0.3)
    out.append(app.screenshot(folder / "title.png"))
    out += lobby_tour(app, folder, level)
    for game, players, options, decisions in TOUR_TABLES:
        out += table_tour(app, folder, game, players, options, decisions, level)
    out += replay_tour(app, folder)
    return out


def lobby_tour(app: App, folder: Path, level: str) -> list[Path]:
    """Host a LAN game, seat two bots (one of `level`), get ready, and save the lobby – if
    it is still shown then; back at the title at the end. Returns the file written."""
    out: list[Path] = []
    start_host(app, "127.0.0.1", 0, "quando", 5, level, {"target": 50}, 30.0, None)
    lobby = app.top

    def seated() -> bool:
        session = app.session
        return session is not None and session.room is not None and session.seat is not None

    run_frames(app, seated, 10)
    session = app.session
    assert session is not None  # start_host opened it

    def seats() -> list[SeatInfo]:
        assert session.room is not None  # the lobby's room, known once seated
        listed: list[SeatInfo] = session.room["seats"]
        return listed

    session.add_bot(1, level)
    session.add_bot(2, "easy")
    run_frames(app, lambda: sum(s["kind"] == "bot" for s in seats()) == 2, 10)
    session.ready(True)
    run_frames(app, lambda: seats()[0]["ready"], 10)
    run_frames(app, lambda: False, 0.3)
    if app.top is lobby:
        out.append(app.screenshot(folder / "lobby.png"))
    app.to_title()
    return out


def table_tour(
    app: App,
    folder: Path,
    game: str,
    players: int,
    options: Options,
    decisions: int,
    level: str,
) -> list[Path]:
    """Play `game` against bots of `level` and save its table once the player made
    `decisions` – then, for Quando, a round summary, for Quäsenbö the game-over screen;
    back at the title at the end. Returns the files written."""
    out: list[Path] = []
    start_local(app, game, players, level, options)
    player = AutoPlayer(app, seed=7)

    def ready() -> bool:
        if not (player.decisions >= decisions and _my_turn_and_still(app)):
            return False
        # Quando at the start of a turn shows the most: every card of a legal play lit.
        scene = table_scene(app)
        return game != "quando" or (scene is not None and scene.table.model["phase"] == "turn")

    run_frames(app, ready, 120, player)
    out.append(app.screenshot(folder / f"{game}.png"))
    if game == "quando" and run_frames(app, lambda: _summary_shown(app), 300, player):
        out.append(app.screenshot(folder / "quando-summary.png"))
    if game == "quasenbo" and run_frames(app, lambda: _game_over_shown(app), 400, player):
        out.append(app.screenshot(folder / "game-over.png"))
    app.to_title()
    return out


def _summary_shown(app: App) -> bool:
    scene = table_scene(app)
    return scene is not None and scene.table.hold is not None and scene.overlay_age > 0.6


def _game_over_shown(app: App) -> bool:
    scene = table_scene(app)
    return (
        scene is not None
        and scene.table.hold is not None
        and scene.table.hold["type"] == "game_over"
        and not scene.table.stage.effects.busy
    )


def replay_tour(app: App, folder: Path) -> list[Path]:
    """Save the replay list and the replay viewer – one seat's eyes, then all cards open –
    on the newest Quando game of the data folder (the tour's own), paused mid-game just
    after an animated step. Returns the files written (none without a Quando replay)."""
    if not log_dir().is_dir():
        return []
    quando = [i for i in list_replays(log_dir()) if i.game == "quando" and not i.error]
    if not quando:
        return []
    out: list[Path] = []
    app.reset(app.scene("title"))
    app.goto("replays")
    viewer = app.goto("viewer", quando[0].path)
    assert isinstance(viewer, ViewerScene)
    run_frames(app, lambda: viewer.ready, 60)
    playback = viewer.playback
    if viewer.table is None or playback is None:
        return out

    def still() -> bool:
        table = viewer.table
        return (
            table is not None
            and table.stage.director.idle
            and table.hold is None
            and not table.stage.effects.busy
            and not any(s.moving for s in table.stage.sprites)
        )

    # A position where the next step is a play shows most: cards on their way to the pile.
    middle = playback.length * 3 // 5
    target = next(
        (e.number - 1 for e in playback.entries[middle:] if e.action[0] == "play"), middle
    )
    for eyes, name in ((viewer.eyes, "viewer.png"), (OPEN, "viewer-open.png")):
        viewer.set_eyes(eyes)
        viewer.jump(target)
        viewer.step_on()
        run_frames(app, still, 10)
        out.append(app.screenshot(folder / name))
    viewer.leave()
    run_frames(app, lambda: False, 0.3)
    out.append(app.screenshot(folder / "replays.png"))
    return out
