"""The replay viewer's controls: the transport buttons, the speed and eyes choosers, the
Back and play-on buttons – laid out, kept in step with the viewer, drawn – and the keys."""

from __future__ import annotations

from typing import Protocol

import pygame

from game.client import layout, palette, widgets
from game.client.i18n import _, pgettext
from game.client.kept import KeptSeat
from game.client.scenes.steplist import OPEN, Eyes
from game.client.tables import Table
from game.replay.playback import Playback

SPEEDS: tuple[float, ...] = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
"""The playback speeds offered (the table's animations run this many times as fast)."""


class Viewed(Protocol):
    """What the controls read of the viewer and ask it to do."""

    playback: Playback | None
    table: Table | None
    eyes: Eyes
    playing: bool
    speed: float
    from_list: bool

    @property
    def kept(self) -> KeptSeat | None: ...

    def shown_name(self, seat: int) -> str: ...

    def jump(self, position: int) -> None: ...

    def to_start(self, kind: str, later: bool) -> None: ...

    def step_back(self) -> None: ...

    def step_on(self) -> None: ...

    def toggle_play(self) -> None: ...

    def set_speed(self, speed: float) -> None: ...

    def set_eyes(self, eyes: Eyes) -> None: ...

    def ask_play_on(self) -> None: ...

    def leave(self) -> None: ...


class Controls:
    """The controls of `viewer`."""

    def __init__(self, viewer: Viewed) -> None:
        self.viewer = viewer
        self.transport: list[widgets.Button]
        """Round, turn and step back, play, and step, turn and round on."""
        self.play_button: widgets.Button
        self.speed_choice: widgets.Choice
        self.eyes_choice: widgets.Choice
        self.back_button: widgets.Button
        self.play_on_button: widgets.Button
        """All laid out by `build`."""

    def build(self, geo: layout.Viewer) -> None:
        labels = [
            _("« Round"),
            _("‹ Turn"),
            _("‹ Step"),
            # TRANSLATORS: runs the replay on by itself, as a media player's button does.
            pgettext("replay", "Play"),
            _("Step ›"),
            _("Turn ›"),
            _("Round »"),
        ]
        actions = [
            lambda: self.viewer.to_start("round", False),
            lambda: self.viewer.to_start("turn", False),
            self.viewer.step_back,
            self.viewer.toggle_play,
            self.viewer.step_on,
            lambda: self.viewer.to_start("turn", True),
            lambda: self.viewer.to_start("round", True),
        ]
        self.transport = [
            widgets.Button(rect, label, action, style="primary" if k == 3 else "normal")
            for k, (rect, label, action) in enumerate(zip(geo.buttons, labels, actions))
        ]
        self.play_button = self.transport[3]
        self.speed_choice = widgets.Choice(
            geo.speed,
            [(v, f"{v:g}×") for v in SPEEDS],
            self.viewer.speed,
            on_change=self.viewer.set_speed,
        )
        self.eyes_choice = widgets.Choice(
            geo.eyes,
            self.eyes_options(),
            self.viewer.eyes,
            on_change=self.viewer.set_eyes,
            cycle=True,
        )
        self.back_button = widgets.Button(
            geo.back,
            _("Back to the list") if self.viewer.from_list else _("Back"),
            self.viewer.leave,
        )
        self.play_on_button = widgets.Button(
            geo.play_on, _("Play on from here"), self.viewer.ask_play_on
        )

    def eyes_options(self) -> list[tuple[Eyes, str]]:
        if self.viewer.playback is None:
            return [(None, _("Spectator"))]
        header = self.viewer.playback.header
        seats: list[tuple[Eyes, str]] = [
            (s, _("{number}: {name}").format(number=s + 1, name=self.viewer.shown_name(s)))
            for s in range(header["players"])
        ]
        return seats + [(None, _("Spectator")), (OPEN, _("All cards open"))]

    def sync(self) -> None:
        self.play_button.label = _("Pause") if self.viewer.playing else pgettext("replay", "Play")
        usable = self.viewer.table is not None
        if self.viewer.kept is not None:
            self.play_on_button.label = _("Continue this game")
            self.play_on_button.enabled = usable
        else:
            self.play_on_button.enabled = (
                usable
                and self.viewer.playback is not None
                and self.viewer.playback.verdict.complete
            )
        for button in self.transport:
            button.enabled = usable
        rounds = self.viewer.table is not None and self.viewer.table.ROUNDS
        self.transport[0].visible = self.transport[-1].visible = rounds
        self.speed_choice.enabled = self.eyes_choice.enabled = usable
        self.speed_choice.index = SPEEDS.index(self.viewer.speed)
        self.eyes_choice.index = next(
            (i for i, (v, _) in enumerate(self.eyes_choice.options) if v == self.viewer.eyes), 0
        )

    def key(self, event: pygame.event.Event) -> None:
        """The viewer's keys (the line of them under the controls says which)."""
        key = event.key
        if key == pygame.K_ESCAPE:
            self.viewer.leave()
            return
        playback = self.viewer.playback
        if self.viewer.table is None or playback is None:
            return
        moves = {
            pygame.K_SPACE: self.viewer.toggle_play,
            pygame.K_RIGHT: self.viewer.step_on,
            pygame.K_LEFT: self.viewer.step_back,
            pygame.K_RIGHTBRACKET: lambda: self.viewer.to_start("turn", True),
            pygame.K_LEFTBRACKET: lambda: self.viewer.to_start("turn", False),
            pygame.K_PAGEDOWN: lambda: self.viewer.to_start("round", True),
            pygame.K_PAGEUP: lambda: self.viewer.to_start("round", False),
            pygame.K_HOME: lambda: self.viewer.jump(0),
            pygame.K_END: lambda: self.viewer.jump(playback.length),
            pygame.K_TAB: lambda: self.eyes_choice.step(-1 if event.mod & pygame.KMOD_SHIFT else 1),
            pygame.K_o: lambda: self.viewer.set_eyes(OPEN),
            pygame.K_s: lambda: self.viewer.set_eyes(None),
            pygame.K_p: self.viewer.ask_play_on,
        }
        if key in moves:
            moves[key]()
        elif key in (
            pygame.K_PLUS,
            pygame.K_EQUALS,
            pygame.K_KP_PLUS,
            pygame.K_MINUS,
            pygame.K_KP_MINUS,
        ):
            k = SPEEDS.index(self.viewer.speed) + (
                1 if key not in (pygame.K_MINUS, pygame.K_KP_MINUS) else -1
            )
            self.viewer.set_speed(SPEEDS[max(0, min(len(SPEEDS) - 1, k))])
        elif pygame.K_1 <= key <= pygame.K_9 and key - pygame.K_1 < playback.header["players"]:
            self.viewer.set_eyes(key - pygame.K_1)

    def handle(self, event: pygame.event.Event) -> bool:
        """Give `event` to the controls under the table; True when one took it."""
        shown = [*self.transport, self.speed_choice, self.eyes_choice, self.play_on_button]
        return any(widget.handle(event) for widget in shown)

    def draw(self, surface: pygame.Surface, geo: layout.Viewer) -> None:
        """The eyes chooser with its label, the transport buttons and the speed chooser."""
        widgets.blit_text(
            surface, _("Eyes"), layout.px(20, geo.s, 12), palette.TEXT_DIM, geo.eyes_label, "left"
        )
        self.eyes_choice.draw(surface)
        for button in self.transport:
            button.draw(surface)
        self.speed_choice.draw(surface)
