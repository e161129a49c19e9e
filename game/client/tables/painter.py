"""How a table is drawn: the felt with the game's static marks, then the HUD, the cards with
the game's marks under and over them, the prompt, the buttons, the effects, the toasts, the
move log, and a standing sign (the pause, or the watcher's banner)."""

from __future__ import annotations

from collections.abc import Hashable
from functools import partial
from typing import Any, Protocol

import pygame

from game.client import layout, palette, widgets
from game.client.i18n import _
from game.client.tables.buttons import ActionButtons
from game.client.tables.host import Host
from game.client.tables.hud import Hud, HudView
from game.client.tables.marks import Marks, draw_frame
from game.client.tables.mending import Zone, look, union
from game.client.tables.movelog import MoveLog
from game.client.tables.stage import Stage


class Painted(HudView, Protocol):
    """What the painter reads of a table (base.Table is one): the HUD's view and more."""

    app: Host
    bar_end: int | None
    toasts_kept: int
    paused: bool
    hud: Hud
    stage: Stage
    marks: Marks
    buttons: ActionButtons
    toasts: widgets.Toasts
    log: MoveLog
    hold: dict[str, Any] | None

    @property
    def online(self) -> bool: ...

    def under_key(self) -> Hashable: ...

    @property
    def watching(self) -> bool: ...

    @property
    def log_shown(self) -> bool: ...

    @property
    def area(self) -> tuple[int, int]: ...

    @property
    def you(self) -> int | None: ...

    def log_rect(self) -> pygame.Rect: ...

    def paint_background(self, surface: pygame.Surface) -> None: ...

    def draw_under(self, surface: pygame.Surface) -> None: ...

    def draw_over(self, surface: pygame.Surface) -> None: ...


LOG_LATE = 3
"""Whole frames running that may leave the move log's new lines to a later frame (at 60 fps,
the lines show at most 50 ms late)."""


class Painter:
    """Draws `table` as it stands."""

    def __init__(self, table: Painted) -> None:
        self.table = table
        self.log_kept = False
        """While a whole frame is drawn: its surface shows the move log as it was last
        drawn there."""
        self.log_late = 0
        """Frames the move log's new lines have been left for a later one (see `draw_log`)."""

    def still_key(self) -> Hashable:
        """What the table shows besides its cards, as far as it can change without a step
        of the queue (which the director counts) or a refresh or a click (which the stage
        counts): frames are mended while it stays the same (the toasts and flourishes,
        which change by themselves, are redrawn where they are, see `lively`). None while
        a turn clock runs down or something stands over the table (the pause, a summary
        held)."""
        table = self.table
        if table.hud.clock or table.paused or table.hold is not None:
            return None
        return (
            table.stage.changes,
            table.stage.director.played,
            table.app.size,
            id(table.geo),
            table.log_shown,
            table.watching,
            table.bar_end,
            table.toasts_kept,
            table.online,
            table.under_key(),
            tuple(look(button) for _token, button in table.buttons.shown),
        )

    def draw(self, surface: pygame.Surface, *, log_kept: bool = False) -> None:
        """The whole table onto `surface`; `log_kept`: `surface` shows the move log as it
        was last drawn there (see MoveLog.draw)."""
        table = self.table
        clip = surface.get_clip()
        if table.log_shown:
            # Nothing drawn before the log's opaque panel would show beside the table: it
            # is kept out of the log's strip, which keeps the panel's last pixels.
            surface.set_clip(clip.clip(pygame.Rect(0, 0, table.log_rect().left, clip.bottom)))
        self.draw_under_cards(surface, whole=False)
        table.stage.draw(surface)
        self.log_kept = log_kept
        for _zone, draw in self.over_cards():
            if draw == self.draw_log:
                surface.set_clip(clip)
            draw(surface)
        self.log_kept = False
        surface.set_clip(clip)

    def draw_under_cards(self, surface: pygame.Surface, *, whole: bool = True) -> None:
        """The felt with the top bar and the game's static marks, the title, the name
        plates and the game's marks under the cards; the felt under the move log only if
        `whole`. (The static marks cost less to draw each time than a picture of the felt
        with them, 3.5 MB, costs to keep.)"""
        table = self.table
        width = table.app.size[0]
        if table.log_shown and not whole:
            # The log's panel is opaque and drawn last: the felt under it would never show.
            width = max(0, table.log_rect().left)
        widgets.paint_felt(surface, table.app.size, width)
        bar = table.geo.topbar
        pygame.draw.rect(surface, palette.PANEL, bar)
        pygame.draw.line(surface, palette.PANEL_EDGE, bar.bottomleft, bar.bottomright)
        table.paint_background(surface)
        end = table.bar_end
        if table.watching:
            end = self.banner_box(self.banner_words()).left - layout.px(8, table.geo.s)
        table.hud.draw_top(surface, table, end)
        table.draw_under(surface)

    def over_cards(self) -> list[Zone]:
        """What is drawn over the cards, in order, each with where it stays (mending.py)."""
        table = self.table
        geo = table.geo
        zones: list[Zone] = [
            (rect, partial(draw_frame, rect=rect, s=geo.s)) for rect in table.marks.frames(geo.s)
        ]
        zones += [
            (None, table.draw_over),
            (self.prompt_zone(), lambda surface: table.hud.draw_prompt(surface, table)),
            (self.buttons_zone(), table.buttons.draw),
        ]
        flourishes = [flourish.bounds() for flourish in table.stage.effects.items]
        if flourishes:
            zones.append((union(flourishes), table.stage.effects.draw))
        plates = table.toasts.plates(self.toasts_band(), self.toasts_size())
        if plates:
            zones.append((union(plates), self.draw_toasts))
        if table.log_shown:
            zones.append((table.log_rect(), self.draw_log))
        if table.watching:
            words = self.banner_words()
            zones.append((None, lambda surface: self.draw_banner(surface, words)))
        return zones

    def draw_log(self, surface: pygame.Surface) -> None:
        """The move log in its strip (only what changed, while `log_kept`). A whole frame
        leaves the log's new lines to a later frame, up to `LOG_LATE` frames running: the
        move that brought them fills a whole frame already (the cards, the plates, the
        highlights), and the frames that follow are mended, where the log is drawn again
        as a thing that changed (`lively`), or are whole frames of the queue's next events."""
        table = self.table
        where = (surface, table.log_rect(), table.geo.s, table.you)
        if self.log_kept and self.log_late < LOG_LATE:
            self.log_late = (
                0 if table.log.draw(*where, kept=True, later=True) else self.log_late + 1
            )
            return
        # Lines left for now: the whole panel, as the screen shows it from before them.
        table.log.draw(*where)
        self.log_late = 0

    def prompt_zone(self) -> pygame.Rect:
        """Where the prompt's panel stays: a band across the window round the prompt's
        middle (words too long even at the smallest size stand out of its place; the
        seconds of a turn clock stand right of them)."""
        rect = self.table.geo.prompt
        size = layout.px(24, self.table.geo.s, 12)
        return pygame.Rect(0, rect.centery - 2 * size, self.table.app.size[0], 4 * size)

    def buttons_zone(self) -> pygame.Rect:
        """Where the action buttons are drawn, their glow included."""
        return union([button.rect.inflate(10, 10) for _token, button in self.table.buttons.shown])

    def lively(self) -> list[pygame.Rect]:
        """Where things that change by themselves are drawn over the cards this frame: the
        toasts' plates (they fade), the flourishes, the move log when a whole frame left
        its new lines for this one."""
        table = self.table
        late = [table.log_rect()] if self.log_late > 0 and table.log_shown else []
        return (
            table.toasts.plates(self.toasts_band(), self.toasts_size())
            + [flourish.bounds() for flourish in table.stage.effects.items]
            + late
        )

    def toasts_band(self) -> pygame.Rect:
        """The toasts' band, less what the scene keeps for its banner."""
        geo = self.table.geo
        band = geo.toasts.copy()
        band.height -= self.table.toasts_kept
        band.bottom = geo.toasts.bottom
        return band

    def toasts_size(self) -> int:
        return layout.px(22, self.table.geo.s, 12)

    def draw_toasts(self, surface: pygame.Surface) -> None:
        """The toasts in their band."""
        self.table.toasts.draw(surface, self.toasts_band(), self.toasts_size())

    @staticmethod
    def banner_words() -> str:
        """The standing words of a spectator's table."""
        return _("Watching – Tab to change seat")

    def draw_banner(self, surface: pygame.Surface, words: str) -> None:
        """A standing word in the top bar (watching another seat), at `banner_box`."""
        size = max(11, self.table.geo.topbar.height * 11 // 20)
        box = self.banner_box(words)
        widgets.panel(surface, box.inflate(size, size // 2), radius=size // 2)
        widgets.blit_text(surface, words, size, palette.ACCENT, box)

    def banner_box(self, words: str) -> pygame.Rect:
        """Where `draw_banner` puts `words`: in the top bar, right of the title, just left
        of the scene's buttons (the table's `bar_end`)."""
        table = self.table
        bar = table.geo.topbar
        size = max(11, bar.height * 11 // 20)
        box = widgets.text(words, size, palette.ACCENT).get_rect(centery=bar.centery)
        box.right = (table.bar_end if table.bar_end is not None else table.area[0]) - size
        return box
