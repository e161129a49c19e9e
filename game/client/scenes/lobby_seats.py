"""The lobby's seats list: a row per seat (its number, its name, what sits there), the buttons
that add or remove a bot, and the level new bots get."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from game.client import layout, palette, widgets
from game.client.i18n import _
from game.client.players import level_name, plain_name
from game.client.session import Session
from game.levels import LEVELS


class SeatList:
    """The seats of the session's room in `rect`; `add_bot` and `remove_bot` are the seat
    buttons' actions."""

    def __init__(
        self, level: str, add_bot: Callable[[int], None], remove_bot: Callable[[int], None]
    ) -> None:
        self.add_bot = add_bot
        self.remove_bot = remove_bot
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[widgets.Button] = []
        """One per seat that the player may change."""
        self._key: tuple[object, ...] = ()
        self.bot_level = widgets.Choice(
            pygame.Rect(0, 0, 10, 10),
            [(lv, level_name(lv)) for lv in LEVELS],
            level if level in LEVELS else "normal",
        )

    def place(self, rect: pygame.Rect, s: float) -> None:
        """Lay the list out in `rect` (the buttons come with the next `sync`)."""
        self.rect = rect
        self.bot_level.rect = pygame.Rect(0, 0, layout.px(220, s), layout.px(40, s))
        self.buttons = []
        self._key = ()

    def rows(self, room: dict[str, Any] | None, s: float) -> list[pygame.Rect]:
        n = room["players"] if room else 0
        row_h = min(layout.px(52, s), self.rect.height // max(1, n) - 4)
        return [
            pygame.Rect(
                self.rect.left,
                self.rect.top + i * (row_h + 4),
                self.rect.width,
                row_h,
            )
            for i in range(n)
        ]

    def sync(
        self, session: Session | None, editable: bool, size: tuple[int, int], s: float
    ) -> None:
        """One button per seat that the player may change (`editable`: the lobby lets them):
        add a bot to an open seat, remove a bot."""
        room = session.room if session else None
        if session is None or room is None or not editable:
            self.buttons = []
            return
        key = tuple((seat["kind"], seat["level"]) for seat in room["seats"]) + (size,)
        if key == self._key:
            return
        self._key = key
        self.buttons = []
        seated = session.seat is not None
        rows = self.rows(room, s)
        if rows:
            self.bot_level.rect.topright = (self.rect.right, rows[-1].bottom + layout.px(12, s))
        for seat, rect in zip(room["seats"], rows):
            button_rect = pygame.Rect(0, 0, layout.px(170, s), rect.height - 10)
            button_rect.midright = (rect.right - 8, rect.centery)
            index = seat["seat"]
            if seat["kind"] == "open" and seated and not room["started"]:
                self.buttons.append(
                    widgets.Button(button_rect, _("Add bot"), partial(self.add_bot, index))
                )
            elif seat["kind"] == "bot" and seated and not room["started"]:
                self.buttons.append(
                    widgets.Button(button_rect, _("Remove bot"), partial(self.remove_bot, index))
                )

    def draw(
        self, surface: pygame.Surface, room: dict[str, Any], mine: int | None, s: float
    ) -> None:
        """The bot level's label and the rows (`mine`: the player's seat); the buttons and
        the level chooser are drawn with the lobby's."""
        if self.bot_level.visible:
            label = pygame.Rect(0, 0, layout.px(200, s), self.bot_level.rect.height)
            label.midright = (self.bot_level.rect.left - 10, self.bot_level.rect.centery)
            widgets.blit_text(
                surface,
                _("Level of new bots:"),
                layout.px(20, s, 11),
                palette.TEXT_DIM,
                label,
                "right",
            )
        for seat, rect in zip(room["seats"], self.rows(room, s)):
            draw_seat(surface, seat, rect, seat["seat"] == mine, s)


def draw_seat(
    surface: pygame.Surface, seat: dict[str, Any], rect: pygame.Rect, me: bool, s: float
) -> None:
    """One seat's row (`me`: the player's own, outlined)."""
    pygame.draw.rect(surface, (58, 50, 22) if me else palette.PANEL, rect, border_radius=8)
    pygame.draw.rect(
        surface,
        palette.ACCENT if me else palette.PANEL_EDGE,
        rect,
        2 if me else 1,
        border_radius=8,
    )
    size = layout.px(24, s, 12)
    kind = seat["kind"]
    if kind == "open":
        name, detail = _("open seat"), _("waiting for a player or a bot")
    elif kind == "bot":
        name = plain_name(seat)
        detail = _("bot · {level}").format(level=level_name(seat["level"]))
    else:
        name = _("{name} (you)").format(name=seat["name"]) if me else seat["name"]
        detail = _("human · ready") if seat["ready"] else _("human · not ready")
        if not seat["connected"]:
            detail += _(" · offline")
    widgets.blit_text(
        surface,
        f"{seat['seat'] + 1}.",
        size,
        palette.TEXT_DIM,
        pygame.Rect(rect.left + 10, rect.top, layout.px(40, s), rect.height),
        "left",
    )
    widgets.blit_text(
        surface,
        name,
        size,
        palette.TEXT if kind != "open" else palette.TEXT_DIM,
        pygame.Rect(rect.left + layout.px(50, s), rect.top, rect.width * 0.4, rect.height),
        "left",
    )
    color = palette.ACCENT if kind == "bot" or seat.get("ready") else palette.TEXT_DIM
    widgets.blit_text(
        surface,
        detail,
        layout.px(20, s, 11),
        color,
        pygame.Rect(rect.left + rect.width * 0.45, rect.top, rect.width * 0.32, rect.height),
        "left",
    )
