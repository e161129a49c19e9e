"""The lobby's words: the lines under its heading (the addresses to share, the private room's
code, the room and its settings), what the room waits for, and the QR code for phones."""

from __future__ import annotations

from typing import Any

import pygame

from game.client import layout, palette, widgets
from game.client.i18n import _, ngettext, number
from game.client.qr import qr_surface
from game.client.scenes import hints_text, options_text


def info_lines(
    room: dict[str, Any] | None,
    share: list[str],
    pages: list[str],
    code: str | None,
    status: str,
) -> list[str]:
    """The lines under the heading: the addresses to `share` and the browser table's
    `pages`, the private room's `code` (a host's: the others need it to join), the room and
    its settings – or the `status` while there is no room."""
    lines = []
    if share:
        lines.append(_("Others join with: {addresses}").format(addresses=_("   or   ").join(share)))
    if pages:
        lines.append(
            _("Phones and browsers: {addresses}").format(addresses=_("   or   ").join(pages))
        )
    if code:
        lines.append(_("A private room: others join with the code {code}").format(code=code))
    if room is not None:
        opts = options_text(room["game"], room["options"])
        timer = (
            _(", {n} s per decision").format(n=number(room["timer"], 0))
            if room.get("timer")
            else ""
        )
        stacked = _("  ·  stacked deck (not a fair game)") if room.get("stacked") else ""
        players = ngettext("{n} player", "{n} players", room["players"]).format(n=room["players"])
        lines.append(
            _("Room {room}").format(room=room["id"])
            + f"  ·  {players}  ·  {opts}{timer}{stacked}  ·  {hints_text(room)}"
        )
    else:
        lines.append(_(status))
    return lines


def waiting_words(room: dict[str, Any]) -> str:
    """What the room waits for before its game can start: open seats, players not ready, or
    nothing any more."""
    open_seats = sum(seat["kind"] == "open" for seat in room["seats"])
    waiting = sum(seat["kind"] == "human" and not seat["ready"] for seat in room["seats"])
    return (
        ngettext(
            "{n} open seat: wait for players or add bots",
            "{n} open seats: wait for players or add bots",
            open_seats,
        )
        if open_seats
        else ngettext(
            "Waiting for {n} player to be ready",
            "Waiting for {n} players to be ready",
            waiting,
        )
        if waiting
        else _("Everybody is ready: Start!")
    ).format(n=open_seats or waiting)


def draw_qr(surface: pygame.Surface, rect: pygame.Rect, page: str, s: float) -> None:
    """The QR code of the browser table's `page` in `rect`, and what it is for under it."""
    code = qr_surface(page, rect.width)
    surface.blit(code, code.get_rect(midtop=rect.midtop))
    widgets.blit_text(
        surface,
        _("Scan to join from a phone"),
        layout.px(18, s, 10),
        palette.TEXT_DIM,
        pygame.Rect(
            rect.left - layout.px(40, s),
            rect.top + code.get_height() + 4,
            rect.width + layout.px(80, s),
            layout.px(24, s),
        ),
    )
