"""How a table is drawn: the felt with the game's static marks, then the HUD, the cards with
the game's marks under and over them, the prompt, the buttons, the effects, the toasts, the
move log, and a standing sign (the pause, or the watcher's banner)."""

from __future__ import annotations

from typing import Protocol

import pygame

from game.client import layout, palette, widgets
from game.client.i18n import _
from game.client.tables.buttons import ActionButtons
from game.client.tables.host import Host
from game.client.tables.hud import Hud, HudView
from game.client.tables.marks import Marks
from game.client.tables.movelog import MoveLog
from game.client.tables.stage import Stage


class Painted(HudView, Protocol):
    """What the painter reads of a table (base.Table is one): the HUD's view and more."""

    app: Host
    background: pygame.Surface
    bar_end: int | None
    toasts_kept: int
    paused: bool
    hud: Hud
    stage: Stage
    marks: Marks
    buttons: ActionButtons
    toasts: widgets.Toasts
    log: MoveLog

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


class Painter:
    """Draws `table` as it stands."""

    def __init__(self, table: Painted) -> None:
        self.table = table

    def background(self) -> pygame.Surface:
        """The felt of the window's size with the top bar and the game's static marks (drawn
        once per window size)."""
        table = self.table
        bar = table.geo.topbar
        surface = widgets.felt(table.app.size).copy()
        pygame.draw.rect(surface, palette.PANEL, bar)
        pygame.draw.line(surface, palette.PANEL_EDGE, bar.bottomleft, bar.bottomright)
        table.paint_background(surface)
        return surface

    def draw(self, surface: pygame.Surface) -> None:
        """The whole table onto `surface`."""
        table = self.table
        geo = table.geo
        felt = table.background.get_rect()
        if table.log_shown:
            # The log's panel is opaque and drawn last: the felt under it would never show.
            felt.width = max(0, table.log_rect().left)
        surface.blit(table.background, (0, 0), felt)
        banner = _("Watching – Tab to change seat")
        end = table.bar_end
        if table.watching and not table.paused:
            end = self.banner_box(banner).left - layout.px(8, geo.s)
        table.hud.draw_top(surface, table, end)
        table.draw_under(surface)
        table.stage.draw(surface)
        table.marks.draw(surface, geo.s)
        table.draw_over(surface)
        table.hud.draw_prompt(surface, table)
        table.buttons.draw(surface)
        table.stage.effects.draw(surface)
        band = geo.toasts.copy()
        band.height -= table.toasts_kept
        band.bottom = geo.toasts.bottom
        table.toasts.draw(surface, band, layout.px(22, geo.s, 12))
        if table.log_shown:
            table.log.draw(surface, table.log_rect(), geo.s, table.you)
        if table.paused:
            self.draw_pause(surface)
        elif table.watching:
            self.draw_banner(surface, banner)

    def draw_pause(self, surface: pygame.Surface) -> None:
        """The pause's sign in the middle of the felt, clear of the top bar's buttons."""
        area = self.table.area
        size = layout.px(30, self.table.geo.s, widgets.MIN_SIZE)
        label = widgets.text(_("Paused – Space to go on"), size, palette.ACCENT)
        box = label.get_rect(center=(area[0] // 2, area[1] // 2))
        widgets.panel(surface, box.inflate(2 * size, size), radius=size // 2)
        surface.blit(label, box)

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
