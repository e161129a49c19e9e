"""The scene stack's members: each screen is a Scene with handle / update / draw."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

import pygame

from game.client import layout, palette, widgets
from game.client.config import Settings
from game.client.i18n import _, number
from game.client.session import Session
from game.client.sound import Sound
from game.host.embedded import EmbeddedServer
from game.rules import GAMES


class Host(Protocol):
    """What a scene uses of the application (the App is the one): the window's size, the
    settings and the sound, the one session, and the scene stack, on which scenes open one
    another by name (scenes/catalog.py) rather than by importing each other."""

    settings: Settings
    settings_file: Path | None
    sound: Sound
    session: Session | None
    hosted: EmbeddedServer | None
    retry_for: float
    notice: str | None
    running: bool
    after_frame: list[Callable[[], object]]

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def hosting(self) -> bool: ...

    @property
    def top(self) -> Scene | None: ...

    def close_window(self) -> None: ...

    def hosted_players(self) -> list[str]: ...

    def scene(self, name: str, *args: Any, **kwargs: Any) -> Scene: ...

    def goto(self, name: str, *args: Any, **kwargs: Any) -> Scene: ...

    def push(self, scene: Scene) -> Scene: ...

    def pop(self, scene: Scene | None = None) -> None: ...

    def replace(self, scene: Scene) -> Scene: ...

    def reset(self, scene: Scene) -> Scene: ...

    def to_title(self, notice: str | None = None) -> None: ...

    def open_session(self, session: Session) -> Session: ...

    def close_session(self) -> None: ...

    def save_settings(self) -> str | None: ...

    def remember(self, **values: object) -> str | None: ...

    def resize_window(self, size: tuple[int, int]) -> None: ...

    def set_language(self, language: str) -> None: ...


class Scene:
    """One screen. The App calls `handle(event)` for input, `on_message(message)` for what
    the server sent, `update(dt)` at a fixed rate, and `draw(surface)`, which only reads.

    `opaque` scenes hide the scenes under them; a dialog is not opaque. `busy` is True while
    something moves, so the App knows the screen must be redrawn even without input.
    """

    opaque = True
    listens = True
    """Whether server messages are for this scene; a help page or dialog on top of a table
    lets them through to the table, which must see every update."""

    def __init__(self, app: Host) -> None:
        self.app = app

    @property
    def size(self) -> tuple[int, int]:
        return self.app.size

    @property
    def s(self) -> float:
        return layout.scale(self.app.size)

    def handle(self, event: pygame.event.Event) -> None:
        """React to one input event."""

    def on_message(self, message: dict[str, Any]) -> None:
        """React to one message from the session (server messages and status messages)."""

    def update(self, dt: float) -> None:
        """Advance by `dt` seconds (a fixed step)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene; never changes state."""

    def resize(self) -> None:
        """The window changed size: recompute positions."""

    def enter(self) -> None:
        """The scene became the top of the stack (again)."""

    def exit(self) -> None:
        """The scene left the stack for good (or the program ends): stop what it runs in
        the background."""

    def closing(self) -> bool:
        """The window's close button was pressed: True keeps the window open (the scene asks
        the player first); False lets the program end."""
        return False

    @property
    def busy(self) -> bool:
        return False


def options_text(game: str, options: dict[str, Any]) -> str:
    """A room's options in the player's words ("Game ends at (points) 40, Pawns on"), or
    "standard rules"; the stacked deck, a tool for tests, is left out."""
    specs = GAMES[game].OPTIONS if game in GAMES else {}
    words = []
    for key, value in options.items():
        if key == "deck":
            continue
        label = _(specs[key].label) if key in specs else key
        if type(value) is bool:
            shown = _("on") if value else _("off")
        else:
            shown = number(value) if type(value) is int else str(value)
        words.append(f"{label} {shown}")
    return ", ".join(words) or _("standard rules")


def hints_text(room: dict[str, Any]) -> str:
    """A room's rule on hints as the room list and the lobby show it: allowed in a local
    game, where the creator allowed them, and where the server allows them now
    (`hints_allowed`: one human alone with bots) with no seat left open – while a seat is
    open, the creator's choice is what holds once the others sit down."""
    settled = all(seat["kind"] != "open" for seat in room.get("seats", []))
    allowed = room.get("hints") or room.get("local") or (settled and room.get("hints_allowed"))
    return _("hints allowed") if allowed else _("no hints")


def game_title(game: str) -> str:
    """A game's name as players read it ("Quäsenbö"); an unknown name (from a room or a
    replay made by another version) as it is."""
    cls = GAMES.get(game)
    return cls.title if cls is not None else game


def background(surface: pygame.Surface) -> None:
    """The felt every menu screen shares: a vertical gradient (cached per size)."""
    surface.blit(widgets.felt(surface.get_size()), (0, 0))


def menu_page(surface: pygame.Surface, title: str, scale: float) -> None:
    """A menu screen's felt and its title in the heading band."""
    background(surface)
    widgets.blit_text(
        surface, title, layout.px(48, scale), palette.ACCENT, layout.heading(surface.get_size())
    )


class Dialog(Scene):
    """A modal box over the scene below: a title, some lines of text and buttons. Escape
    presses the button at index `cancel` (by default the last, by convention "Cancel" or
    "Back"); Enter the focused one, at first the first. The box is as tall as its words and
    buttons need (`height` is only where that cannot be known: a subclass with FIT unset)."""

    opaque = False
    listens = False
    FIT = True
    """The box's height follows its text; a subclass that lays out more below the text
    (PlayOnDialog) sets its `box_size` itself."""

    def __init__(
        self,
        app: Host,
        title: str,
        body: str,
        buttons: list[tuple[str, object]],
        width: float = 620,
        height: float = 320,
        cancel: int = -1,
    ) -> None:
        super().__init__(app)
        self.title, self.body = title, body
        self.cancel = cancel
        self.specs = buttons
        self.box_size = (width, height)
        self.form = widgets.Form()
        self.resize()

    def resize(self) -> None:
        if self.FIT:
            self.box_size = (self.box_size[0], self._fitted_height())
        self.box = layout.dialog(self.size, *self.box_size)
        rects = layout.dialog_buttons(self.box, len(self.specs), self.s)
        self.form = widgets.Form()
        for k, ((label, action), rect) in enumerate(zip(self.specs, rects)):
            self.form.add(
                widgets.Button(
                    rect, label, self._press(action), style="primary" if k == 0 else "normal"
                )
            )
        self.form.focus(self.form.widgets[0])

    def _fitted_height(self) -> float:
        """The box's height in design pixels: the title, the text's lines as `draw` writes
        them, a gap, and the buttons' band (layout.dialog_buttons)."""
        s = self.s
        width = min(self.size[0] - 20, layout.px(self.box_size[0], s))
        size = layout.px(22, s, 13)
        lines = len(widgets.wrap(self.body, size, width - 50))
        text = lines * (widgets.line_height(size) + 3)
        return (14 + layout.px(44, s) + layout.px(10, s) + text + layout.px(24 + 44 + 18, s)) / s

    def _press(self, action: object) -> Callable[[], None]:
        def run() -> None:
            self.app.pop(self)
            if callable(action):
                action()

        return run

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.form.widgets[self.cancel].activate()
            return
        self.form.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        widgets.shade(surface, 140)
        widgets.panel(surface, self.box, radius=14)
        s = self.s
        title = pygame.Rect(
            self.box.left + 20, self.box.top + 14, self.box.width - 40, layout.px(44, s)
        )
        widgets.blit_text(surface, self.title, layout.px(34, s), palette.ACCENT, title)
        size = layout.px(22, s, 13)
        y = title.bottom + layout.px(10, s)
        for line in widgets.wrap(self.body, size, self.box.width - 50):
            surf = widgets.text(line, size, palette.TEXT)
            surface.blit(surf, surf.get_rect(midtop=(self.box.centerx, y)))
            y += surf.get_height() + 3
        self.form.draw(surface)


class Confirm(Dialog):
    """A yes-or-no question before a step that cannot be undone (leaving a running game,
    closing the window during one). The safe answer comes first: Enter and Escape both take
    it, so only a deliberate click (or Tab, then Enter) on `yes` runs `on_yes`. `on_no` runs
    when the player keeps the safe answer."""

    def __init__(
        self,
        app: Host,
        title: str,
        question: str,
        yes: str,
        on_yes: Callable[[], object],
        no: str | None = None,
        on_no: Callable[[], object] | None = None,
    ) -> None:
        super().__init__(
            app, title, question, [(no or _("Keep playing"), on_no), (yes, on_yes)], cancel=0
        )
