"""The application: the window, the scene stack, the fixed-step loop, settings and the session."""

from __future__ import annotations

import gc
import os
import signal
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game.client import config, i18n, layout
from game.client.check import SessionRecorder
from game.client.config import Settings
from game.client.i18n import N_, _, ngettext
from game.client.kept import LOCAL, SeatStore
from game.client.scenes import Dialog, Scene
from game.client.scenes.catalog import SCENES
from game.client.session import Session
from game.client.sound import Sound, probing_quietly
from game.host.embedded import EmbeddedServer
from game.resources import asset
from net.client import RETRY_FOR

STEP = 1 / 120
"""The fixed update step: animations and timers advance in these steps whatever the frame
rate, so a slow frame never makes a tween skip or a fast one run twice as fast."""
MAX_STEPS = 12
"""Fixed steps at most per frame: after a stall the game slows down instead of spiralling."""
APP_ID = "cardtable"
"""The window's class on X11 and its app id on Wayland: the desktop entry's StartupWMClass, so
that a task bar groups the window under the program's own name and icon."""
SUMMARY = N_("Card games with friends on a LAN or against bots: Quando, Blanco, Quäsenbö")
"""What the desktop entry says of the program (bundle/build.py writes it in each language)."""
ICON_SIZE = 64
"""The window icon's side in pixels (drawn from the scalable icon the desktop entry uses)."""
HOST_QUIT_TITLE = N_("Stop hosting?")
"""The title of the question a host's window asks before it closes mid-game."""


def settle_garbage() -> None:
    """Collect now, then move every object alive to the collector's permanent generation:
    a full collection in the middle of a game then scans only what the game made since,
    not the whole program (it cost several milliseconds a frame, now a fraction of one).
    Called when a scene starts, a moment when a pause goes unnoticed. What was frozen last
    time is collected too: the scene left then was often still referred to while the next
    one started (a table, its background picture and sprites: megabytes for each game)."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()


def window_icon() -> pygame.Surface:
    """The program's icon (assets/icons/cardtable.svg) at ICON_SIZE, for the window."""
    with asset("icons", "cardtable.svg").open("rb") as svg:
        return pygame.image.load_sized_svg(svg, (ICON_SIZE, ICON_SIZE))


def name_the_app() -> None:
    """Tell SDL the program's name (APP_ID) for its window: SDL reads it once, when its video
    starts, so before anything opens the display. Set, not defaulted: importing pygame
    names the X11 class after the script already ("__main__.py" for `python -m game`)."""
    for variable in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS", "SDL_APP_NAME"):
        os.environ[variable] = APP_ID


class App:
    """Owns the window and runs the scenes. A test drives it frame by frame with `frame(dt)`;
    `run()` is the real loop. `session` is the one connection to a server, if any."""

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        size: tuple[int, int] | None = None,
        settings_file: Path | None = None,
        retry_for: float = RETRY_FOR,
        fps: int = 60,
        notice: str | None = None,
        record_session: Path | None = None,
    ) -> None:
        self.settings = settings or Settings()
        self.settings_file = settings_file
        self.retry_for = retry_for
        self.fps = fps
        self.notice = notice
        """A message to show once on the title screen (e.g. a settings file problem)."""
        self.record_session = record_session
        """Every session of this run records the updates it receives here (for
        `python -m game.client.check`), when set."""
        name_the_app()
        with probing_quietly():  # pygame.init() opens the mixer too
            pygame.init()
        pygame.display.set_caption(_("Card Table – Quando, Blanco, Quäsenbö"), _("Card Table"))
        pygame.display.set_icon(window_icon())
        self.screen = pygame.display.set_mode(
            size or (self.settings.width, self.settings.height), pygame.RESIZABLE
        )
        # A window dragged smaller than the layouts fit would cut the hand off; one asked
        # for smaller on purpose (a small screen) keeps its size.
        width, height = self.screen.get_size()
        pygame.Window.from_display_module().minimum_size = (
            min(width, layout.SMALLEST[0]),
            min(height, layout.SMALLEST[1]),
        )
        pygame.key.set_repeat(350, 40)
        self.sound = Sound(self.settings.sound)
        self.scenes: list[Scene] = []
        self.session: Session | None = None
        self.hosted: EmbeddedServer | None = None
        """The LAN server this program hosts (game/client/hosting.py): it outlives the
        sessions on it – a host who leaves the table leaves the game running for the others
        – and stops when the program ends."""
        self.running = True
        self.accumulator = 0.0
        self.clock_time = 0.0
        self.frames = 0
        self.drawn = 0
        self._dirty = True
        self.after_frame: list[Callable[[], object]] = []

    # -- the stack ---------------------------------------------------------------------------

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    @property
    def listener(self) -> Scene | None:
        """The topmost scene that takes server messages (help pages and dialogs do not)."""
        return next((s for s in reversed(self.scenes) if s.listens), None)

    def scene(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """A new scene of the kind named `name` in scenes.catalog.SCENES, made with `args`
        and `kwargs` (not yet on the stack). Raises KeyError for a name no scene has."""
        return SCENES[name](self, *args, **kwargs)

    def goto(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """Push a new scene named `name` (see `scene`) and return it."""
        return self.push(self.scene(name, *args, **kwargs))

    def push(self, scene: Scene) -> Scene:
        self.scenes.append(scene)
        scene.enter()
        self._dirty = True
        settle_garbage()
        return scene

    def pop(self, scene: Scene | None = None) -> None:
        """Remove `scene` (default: the top one) from the stack."""
        if scene is None:
            if self.scenes:
                self.scenes.pop().exit()
        elif scene in self.scenes:
            self.scenes.remove(scene)
            scene.exit()
        if self.top is not None:
            self.top.enter()
        self._dirty = True

    def replace(self, scene: Scene) -> Scene:
        """Put `scene` in place of the top scene."""
        if self.scenes:
            self.scenes.pop().exit()
        return self.push(scene)

    def reset(self, scene: Scene) -> Scene:
        """Make `scene` the only scene (e.g. back to the title screen)."""
        for old in reversed(self.scenes):
            old.exit()
        self.scenes.clear()
        return self.push(scene)

    # -- the session ---------------------------------------------------------------------------

    def open_session(self, session: Session) -> Session:
        """Make `session` the connection (closing any previous one) and start it."""
        self.close_session()
        self.session = session
        if self.record_session is not None:
            session.recorder = SessionRecorder(self.record_session)
        session.start()
        return session

    def close_session(self) -> None:
        if self.session is not None:
            self.session.close()
            self.session = None

    def to_title(self, notice: str | None = None) -> None:
        """Close the connection and go back to the title screen."""
        self.close_session()
        self.notice = notice or self.notice
        self.reset(self.scene("title"))

    # -- settings ------------------------------------------------------------------------------

    def save_settings(self) -> str | None:
        """Write the settings to the config folder; a problem in words, or None."""
        self.sound.enabled = self.settings.sound
        return config.save_settings(self.settings, self.settings_file)

    def set_language(self, language: str) -> None:
        """Speak `language` (a key of i18n.LANGUAGES) from now on: every scene on the stack
        makes its labels again at once. Raises KeyError for an unknown language, OSError
        when its catalogue cannot be read (the language is then unchanged)."""
        i18n.set_language(language)
        self.settings.language = language
        pygame.display.set_caption(_("Card Table – Quando, Blanco, Quäsenbö"), _("Card Table"))
        for scene in self.scenes:
            scene.resize()
        self._dirty = True

    def remember(self, **values: object) -> str | None:
        """Keep `values` (Settings fields) for this run and in the saved settings file,
        leaving the file's other fields as they are there: what a run was started with
        (--name, --speed) stays this run's. A problem saving in words, or None."""
        for key, value in values.items():
            setattr(self.settings, key, value)
        saved, problem = config.load_settings(self.settings_file)
        if problem is not None:  # a file that cannot be read is left as it is
            return problem
        for key, value in values.items():
            setattr(saved, key, value)
        return config.save_settings(saved, self.settings_file)

    def resize_window(self, size: tuple[int, int]) -> None:
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self._resized()

    def _resized(self) -> None:
        screen = pygame.display.get_surface()
        assert screen is not None  # set_mode has run: __init__ calls it
        self.screen = screen
        for scene in self.scenes:
            scene.resize()
        self._dirty = True

    # -- the loop ------------------------------------------------------------------------------

    def frame(self, dt: float) -> bool:
        """One frame: input, server messages, fixed-step updates for `dt` seconds, and a
        redraw if anything may have changed. Returns whether it drew."""
        for event in pygame.event.get():
            self._dirty = True
            if event.type == pygame.QUIT:
                self.close_window()
            elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                self._resized()
            elif self.top is not None:
                self.top.handle(event)
        if self.session is not None:
            for message in self.session.poll():
                self._dirty = True
                listener = self.listener
                if listener is not None:
                    listener.on_message(message)
        # A scene busy before this frame's updates may have just come to rest: the frame
        # that shows the rest (a card landed, the buttons of the turn that follows) is drawn.
        was_busy = self.busy
        self.accumulator = min(self.accumulator + dt, STEP * MAX_STEPS)
        while self.accumulator >= STEP:
            self.accumulator -= STEP
            self.clock_time += STEP
            if self.top is not None:
                self.top.update(STEP)
        self.frames += 1
        drew = False
        if self._dirty or was_busy or self.busy:
            self.draw(self.screen)
            pygame.display.flip()
            self.drawn += 1
            drew = True
        callbacks, self.after_frame = self.after_frame, []
        # Work put off until after a frame (opening a replay, a dialog to push) changes what
        # the next frame shows, whether or not anything else happens by then.
        self._dirty = bool(callbacks)
        for callback in callbacks:
            callback()
        return drew

    def close_window(self) -> None:
        """The window's close button and the title's Quit. While this program hosts a LAN
        game other people sit in, it asks first and names them: quitting stops the server,
        which ends their game. Otherwise the scenes may ask first (a running game: the
        topmost one that wants to answers); everything else just ends."""
        others = self.hosted_players()
        if not others:
            if not any(scene.closing() for scene in reversed(self.scenes)):
                self.running = False
            return
        if isinstance(self.top, Dialog) and self.top.title == _(HOST_QUIT_TITLE):
            return
        names = (
            others[0]
            if len(others) == 1
            else _("{names} and {last}").format(names=", ".join(others[:-1]), last=others[-1])
        )
        self.push(
            Dialog(
                self,
                _(HOST_QUIT_TITLE),
                ngettext(
                    "{names} is playing on this computer's game: quitting ends it for them.",
                    "{names} are playing on this computer's game: quitting ends it for them.",
                    len(others),
                ).format(names=names)
                + " "
                + _(
                    "It is saved: host again from this computer (same port) and every player "
                    "gets their seat back where the game stopped."
                ),
                [(_("Keep playing"), None), (_("Quit anyway"), self.stop)],
                cancel=0,  # Escape keeps playing: quitting is the deliberate click
                width=760,
                height=380,
            )
        )

    def hosted_players(self) -> list[str]:
        """The names of the other people seated in the games under way on the LAN server
        this program hosts (every human seat but the ones this player holds), in seat order;
        [] when it hosts none."""
        if self.hosted is None:
            return []
        try:
            tables = self.hosted.running_tables()
        except TimeoutError:  # a server too busy to answer: assume people are playing
            return [_("Somebody")]
        mine = {(seat.room, seat.seat) for seat in SeatStore(config.seats_dir()).seats()}
        return [
            seat["name"]
            for table in tables
            for seat in table["seats"]
            if seat["kind"] == "human" and (table["id"], seat["seat"]) not in mine
        ]

    @property
    def hosting(self) -> bool:
        """Whether the session is on the LAN server this program hosts."""
        session, server = self.session, self.hosted
        return (
            session is not None
            and server is not None
            and server.running
            and session.kept_as != LOCAL
            and session.port == server.port
        )

    def stop(self) -> None:
        """End the program (the loop stops after this frame)."""
        self.running = False

    def end_on_sigterm(self) -> None:
        """From now on SIGTERM (a logout, a shutdown, a kill) ends the program at once,
        without a question, as a closed connection leaves a game (its seat kept on disk to
        take back, its log to go on from). SDL's own handler would only post a window close,
        which asks first while a game runs; nobody answers a question during a shutdown."""
        signal.signal(signal.SIGTERM, lambda _signum, _frame: self.stop())

    @property
    def visible(self) -> list[Scene]:
        """The scenes drawn: the topmost opaque one and those over it."""
        start = 0
        for k in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[k].opaque:
                start = k
                break
        return self.scenes[start:]

    @property
    def busy(self) -> bool:
        """Whether the top scene (the only one updated) is changing by itself, so each
        frame must be drawn."""
        return self.top is not None and self.top.busy

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the stack from the topmost opaque scene up."""
        for scene in self.visible:
            scene.draw(surface)

    def run(self) -> None:
        """Run until the window is closed, a scene quits or SIGTERM arrives (see
        `end_on_sigterm`)."""
        self.end_on_sigterm()
        clock = pygame.time.Clock()
        try:
            while self.running:
                dt = clock.tick(self.fps) / 1000.0
                self.frame(dt)
        finally:
            self.shutdown()

    def screenshot(self, path: str | os.PathLike[str]) -> Path:
        """Draw the current frame and save it as a PNG at `path`."""
        self.draw(self.screen)
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.screen, str(path))
        return path

    def shutdown(self) -> None:
        """Stop every scene's background work, close the connection and the embedded servers
        (the session's and the hosted one); leave pygame."""
        for scene in reversed(self.scenes):
            scene.exit()
        self.close_session()
        if self.hosted is not None:
            self.hosted.stop()
            self.hosted = None
        pygame.quit()
