"""The words around the cards: the title bar, a name plate per seat with the turn clock, the
prompt that says what to do now, and the pile outlines on the felt."""

from __future__ import annotations

import time
from typing import Any, Protocol

import pygame

from game.client import layout, palette, widgets
from game.client.i18n import N_, _
from game.client.tables.seats import Seats

PAUSED = N_("Paused – Space to go on")
"""Said in the prompt's place while a game alone with bots is paused."""
TITLE_SEP = "  ·  "
"""Between the parts of a table's title ("Quando  ·  round 2  ·  …")."""


class HudView(Protocol):
    """What the HUD reads of a table."""

    geo: layout.Table
    seats: Seats
    paused: bool

    @property
    def active(self) -> bool: ...

    def title(self) -> str: ...

    def prompt_now(self) -> str: ...

    def seat_detail(self, seat: int) -> str: ...

    def seat_badge(self, seat: int) -> str: ...

    def current_seat(self) -> int | None: ...


class Hud:
    """Draws a table's words from what the table says, and keeps the turn clock the server
    sent ({"seat", "left", "total"}), which runs down in real time like the server's."""

    def __init__(self) -> None:
        self.clock: dict[str, Any] | None = None
        self._clock_at = 0.0
        self.held = False
        """The game is paused: the clock stands, as the server's does."""

    def set_clock(self, clock: dict[str, Any] | None, at: float) -> None:
        """The clock of an update that arrived at `at` (time.monotonic), or None."""
        self.clock, self._clock_at = clock, at

    def hold_clock(self, held: bool) -> None:
        """Stop the clock at the seconds it has left (`held`), or let it run on from there."""
        if self.clock and held != self.held:
            self.clock = {**self.clock, "left": self.clock_left()}
            self._clock_at = time.monotonic()
        self.held = held

    def clock_left(self) -> float | None:
        """Seconds left on the turn clock now, or None."""
        if not self.clock:
            return None
        if self.held:
            return float(self.clock["left"])
        return max(0.0, float(self.clock["left"]) - (time.monotonic() - self._clock_at))

    def draw_top(self, surface: pygame.Surface, view: HudView, end: int | None = None) -> None:
        """The title in the top bar (ending before `end`, where the bar's buttons or banner
        begin; its last parts left out whole where it does not fit) and every seat's name
        plate."""
        geo = view.geo
        s = geo.s
        bar = geo.topbar.inflate(-layout.px(24, s), 0)
        if end is not None:
            bar.width = max(0, end - bar.left)
        parts = view.title().split(TITLE_SEP)
        while (
            len(parts) > 1
            and widgets.text_width(TITLE_SEP.join(parts), widgets.MIN_SIZE) > bar.width
        ):
            parts.pop()
        widgets.blit_text(
            surface, TITLE_SEP.join(parts), layout.px(22, s, 12), palette.TEXT, bar, "left"
        )
        current = view.current_seat()
        left = self.clock_left()
        for area in geo.seats:
            seat = area.seat
            share = None
            if (
                self.clock
                and self.clock.get("seat") == seat
                and left is not None
                and self.clock.get("total")
            ):
                share = left / self.clock["total"]
            widgets.seat_plate(
                surface,
                area.badge,
                view.seats.name(seat),
                view.seat_detail(seat),
                short=view.seats.short_name(seat),
                current=seat == current,
                tag=view.seats.tag(seat),
                status=view.seat_badge(seat) or view.seats.status(seat),
                clock=share,
            )

    @staticmethod
    def prompt_words(view: HudView) -> str:
        """The prompt's words: the table's, or the pause's – said here, in the prompt's place,
        where it covers none of the cards a player who paused to think looks at."""
        return _(PAUSED) if view.paused else view.prompt_now()

    def draw_prompt(self, surface: pygame.Surface, view: HudView) -> None:
        """What the viewer should do now (lit when it is theirs to decide), with the seconds
        left on their turn clock."""
        message = self.prompt_words(view)
        if not message:
            return
        geo = view.geo
        rect = geo.prompt
        mine = view.active
        color = (255, 230, 150) if mine else palette.TEXT
        size = layout.px(24, geo.s, 12)
        surf = widgets.fit_text(message, size, color, rect.width - 20)
        box = surf.get_rect(center=rect.center).inflate(size, 8)
        widgets.panel(
            surface,
            box,
            (60, 48, 14) if mine else palette.PANEL,
            215,
            palette.ACCENT if mine else None,
            radius=box.height // 2,
        )
        surface.blit(surf, surf.get_rect(center=box.center))
        left = self.clock_left()
        if left is not None and self.clock and self.clock.get("seat") == view.seats.seat:
            tag = widgets.text(
                _("{n} s").format(n=f"{left:4.0f}"),
                size,
                palette.DANGER if left < 5 else palette.ACCENT,
            )
            surface.blit(tag, tag.get_rect(midleft=(box.right + 10, box.centery)))


def outline(surface: pygame.Surface, rect: pygame.Rect, label: str, scale: float) -> None:
    """A faint rounded frame where a pile lies, with its name under it."""
    pygame.draw.rect(
        surface,
        palette.mix(palette.FELT, (255, 255, 255), 0.18),
        rect,
        2,
        border_radius=max(4, rect.width // 12),
    )
    if label:
        size = layout.px(18, scale, 11)
        widgets.blit_text(
            surface,
            label,
            size,
            palette.mix(palette.FELT, (255, 255, 255), 0.55),
            pygame.Rect(rect.left - 20, rect.bottom + 2, rect.width + 40, size + 2),
        )
