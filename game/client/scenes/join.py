"""Joining a LAN game: type the host's address, see its rooms, take a seat or watch – or take
back, in one click, a seat this computer kept from an earlier run."""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from game.client import layout, palette, widgets
from game.client.i18n import _, ngettext
from game.client.kept import KeptSeat
from game.client.players import seat_name
from game.client.refusals import error_text, status_text
from game.client.scenes import Host, Scene, game_title, hints_text, menu_page
from game.client.session import Session, parse_address


class JoinScene(Scene):
    """Address, then the server's room list: Join an open seat, Watch a running game, or
    Resume your seat in a game this computer sat in (its token kept on disk)."""

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.message = ""
        self.connected_to: str | None = None
        self.resize()

    def resize(self) -> None:
        s = self.s
        labels, controls = layout.form_rows(self.size, 2)
        self.labels = labels
        self.form = widgets.Form()
        old = getattr(self, "address", None)
        self.address = self.form.add(
            widgets.TextField(
                controls[0],
                old.value if old else self.app.settings.address,
                on_enter=self.connect,
                placeholder=_("host:port"),
            )
        )
        old_code = getattr(self, "code", None)
        self.code = self.form.add(
            widgets.TextField(
                controls[1],
                old_code.value if old_code else "",
                placeholder=_("only for private rooms"),
            )
        )
        back, refresh, go = layout.bottom_buttons(self.size, 3)
        self.form.add(widgets.Button(back, _("Back"), self.back))
        self.form.add(widgets.Button(refresh, _("Refresh"), self.refresh))
        self.form.add(widgets.Button(go, _("Connect"), self.connect, style="primary"))
        self.form.focus(self.address)
        self.list_top = controls[1].bottom + layout.px(24, s)
        self.room_buttons: list[widgets.Button] = []
        self._rooms_key: tuple[object, ...] = ()

    def back(self) -> None:
        self.app.close_session()
        self.app.pop(self)

    def connect(self) -> None:
        try:
            host, port = parse_address(self.address.value)
        except ValueError as err:
            self.message = str(err)
            return
        self.message = _("Connecting to {address}…").format(address=f"{host}:{port}")
        self.connected_to = f"{host}:{port}"
        self.app.open_session(
            Session(host, port, self.app.settings.name, retry_for=self.app.retry_for)
        )

    def refresh(self) -> None:
        if self.app.session is not None and self.app.session.welcome is not None:
            self.app.session.list_rooms()
        else:
            self.connect()

    def on_message(self, message: dict[str, Any]) -> None:
        kind = message["t"]
        if kind == "welcome":
            self.message = _("Connected to {address}.").format(address=self.connected_to)
            # Only an address that answered is offered again next time.
            self.app.remember(address=self.address.value.strip())
            if self.app.session is not None:
                self.app.session.list_rooms()
        elif kind == "rooms":
            self._sync_rooms()
        elif kind == "status" and message["status"] in ("closed", "reconnecting"):
            self.message = _("No connection: {why}").format(why=status_text(message))
            if message["status"] == "closed":
                self.app.after_frame.append(self.app.close_session)
        elif kind == "error":
            self.message = error_text(message)

    def _sync_rooms(self) -> None:
        session = self.app.session
        rooms = session.rooms if session is not None else []
        # Oldest first, so that the newest seat kept for a room is the one offered.
        kept = (
            {seat.room: seat for seat in reversed(session.kept_seats())}
            if session is not None
            else {}
        )
        s = self.s
        w = self.size[0]
        row_w = min(w - 40, layout.px(900, s))
        row_h = layout.px(44, s)
        self.room_buttons = []
        self.room_rows: list[tuple[dict[str, Any], pygame.Rect]] = []
        bottom = layout.bottom_buttons(self.size, 3)[0].top - layout.px(10, s)
        y = self.list_top + layout.px(30, s)
        for room in rooms:
            if y + row_h > bottom:
                break
            rect = pygame.Rect((w - row_w) // 2, y, row_w, row_h)
            self.room_rows.append((room, rect))
            button_rect = pygame.Rect(0, 0, layout.px(130, s), row_h - 8)
            button_rect.midright = (rect.right - 6, rect.centery)
            open_seat = any(seat["kind"] == "open" for seat in room["seats"])
            if room["id"] in kept and room["started"] and not room["over"]:
                button_rect.width = layout.px(230, s)
                button_rect.midright = (rect.right - 6, rect.centery)
                self.room_buttons.append(
                    widgets.Button(
                        button_rect,
                        _("Resume your seat"),
                        partial(self.resume, kept[room["id"]]),
                        style="primary",
                    )
                )
            elif not room["started"] and open_seat:
                self.room_buttons.append(
                    widgets.Button(
                        button_rect, _("Join"), partial(self.join, room), style="primary"
                    )
                )
            elif room["started"] and not room["over"]:
                self.room_buttons.append(
                    widgets.Button(button_rect, _("Watch"), partial(self.watch, room))
                )
            y += row_h + 6

    def _needs_code(self, room: dict[str, Any]) -> bool:
        """A private room and no code typed: say so (and put the cursor in the code field)
        rather than ask the server, which would refuse."""
        if room["private"] and not self.code.value.strip():
            self.message = _(
                "This room is private: type its code in “{field}” first – "
                "the host's lobby shows it."
            ).format(field=_("Room code"))
            self.form.focus(self.code)
            return True
        return False

    def refused(self, why: str) -> None:
        """The server did not let the player in (the lobby came back here): say why."""
        self.message = why

    def join(self, room: dict[str, Any]) -> None:
        session = self.app.session
        if session is None or self._needs_code(room):
            return
        session.join(room["id"], None, self.code.value.strip() or None)
        self.app.goto("lobby", "join", game=room["game"], refused=self.refused)

    def resume(self, seat: KeptSeat) -> None:
        """Take back `seat`: the table opens with the game as it is now."""
        session = self.app.session
        if session is None:
            return
        session.resume(seat)
        self.app.goto("lobby", "resume", game=seat.game, resume=seat)

    def watch(self, room: dict[str, Any]) -> None:
        session = self.app.session
        if session is None or self._needs_code(room):
            return
        session.watch(room["id"], self.code.value.strip() or None)
        self.app.goto("lobby", "watch", game=room["game"], refused=self.refused)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        for button in self.room_buttons:
            if button.handle(event):
                return
        self.form.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.s
        menu_page(surface, _("Join a LAN game"), s)
        for label, rect in zip((_("Address (host:port)"), _("Room code")), self.labels):
            widgets.blit_text(
                surface, label, max(12, int(rect.height * 0.5)), palette.TEXT, rect, "right"
            )
        self.form.draw(surface)
        size = layout.px(22, s, 12)
        widgets.blit_text(
            surface,
            self.message,
            size,
            palette.TEXT_DIM,
            pygame.Rect(0, self.list_top, self.size[0], size + 6),
        )
        session = self.app.session
        if session is not None and session.welcome is not None and not session.rooms:
            widgets.blit_text(
                surface,
                _("No rooms on this server yet – ask the host to open one."),
                size,
                palette.TEXT,
                pygame.Rect(0, self.list_top + layout.px(40, s), self.size[0], size + 6),
            )
        for room, rect in getattr(self, "room_rows", []):
            pygame.draw.rect(surface, palette.PANEL, rect, border_radius=8)
            pygame.draw.rect(surface, palette.PANEL_EDGE, rect, 1, border_radius=8)
            people = ", ".join(seat_name(seat) or _("open") for seat in room["seats"])
            state = _("over") if room["over"] else _("playing") if room["started"] else _("waiting")
            lock = _(" · private") if room["private"] else ""
            lock += " · " + hints_text(room)
            lock += _(" · stacked deck") if room.get("stacked") else ""
            players = ngettext("{n} player", "{n} players", room["players"]).format(
                n=room["players"]
            )
            label = f"{game_title(room['game'])} · {players} · {state}{lock} · {people}"
            widgets.blit_text(
                surface,
                label,
                size,
                palette.TEXT,
                pygame.Rect(rect.left + 12, rect.top, rect.width - layout.px(250, s), rect.height),
                "left",
            )
        for button in self.room_buttons:
            button.draw(surface)
