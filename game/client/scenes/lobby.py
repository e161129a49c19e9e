"""The lobby: a room's seats (human or bot, and the bots' level), adding and removing bots,
ready and start; local games (quick play, single player) pass through it until the deal."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, Literal

import pygame

from game.client import layout, palette, widgets
from game.client.hosting import DealAgain, PlayOn, refusal
from game.client.i18n import N_, _
from game.client.kept import LOCAL, KeptSeat
from game.client.refusals import error_text, sentence, status_text
from game.client.scenes import Host, Scene, background, game_title
from game.client.scenes.lobby_seats import SeatList
from game.client.scenes.lobby_words import draw_qr, info_lines, waiting_words
from game.client.session import Session
from net.schema import DEFAULT_GRACE

LobbyMode = Literal["local", "host", "join", "watch", "resume"]
"""How the player came to the lobby: "local" (single player and quick play: the room is
created, the player sits, bots fill the rest and the game starts by itself), "host" (create
the room, sit, then wait for others), "join" (the player already asked to sit in a room),
"watch", "resume" (a kept seat is being taken back: the table opens with its full view)."""


class LobbyScene(Scene):
    """A room before its game starts (and, watching, until the first view arrives), in one
    of the `LobbyMode`s. A host whose server went on with games they sat in is offered
    "Resume your seat" for each."""

    def __init__(
        self,
        app: Host,
        mode: LobbyMode,
        *,
        game: str = "quando",
        players: int = 4,
        level: str = "normal",
        options: dict[str, Any] | None = None,
        timer: float | None = None,
        code: str | None = None,
        hints: bool = False,
        again: DealAgain | None = None,
        play_on: PlayOn | None = None,
        quick: bool = False,
        share: list[str] | None = None,
        pages: list[str] | None = None,
        resume: KeptSeat | None = None,
        grace: float | None = DEFAULT_GRACE,
        refused: Callable[[str], None] | None = None,
    ) -> None:
        """`refused` (joining or watching from the join screen): the server refused to let the
        player in – this lobby goes, and the join screen says why."""
        super().__init__(app)
        self.mode: LobbyMode = mode
        self.resume = resume
        """The kept seat being taken back ("resume" mode)."""
        self.game, self.players, self.level = game, players, level
        self.options = options or {}
        self.timer, self.code, self.quick, self.grace = timer, code, quick, grace
        self.hints = hints
        self.again = again
        self.play_on = play_on
        self.share = share or []
        self.refused = refused
        self.admitted = False
        """The server let the player in (seated, or watching the game)."""
        self.pages = pages or []
        """The browser table's addresses (a host's lobby): shown, the first as a QR code."""
        self.status = N_("Connecting…")
        self.asked_bots: set[int] = set()
        self.readied = False
        self.started = False
        self.error: str | None = None
        self.seats = SeatList(level, self.add_bot, self.remove_bot)
        self.resize()

    @property
    def session(self) -> Session | None:
        return self.app.session

    # -- layout --------------------------------------------------------------------------------

    def resize(self) -> None:
        s = self.s
        w, h = self.size
        # The seats end above the lines under them (the error, the status): eight seats
        # in a small window get lower rows rather than run into those lines.
        top, end = layout.px(150, s), h - layout.px(196, s)
        seats = pygame.Rect(
            0, 0, min(w - 40, layout.px(820, s)), min(layout.px(56, s) * 8, end - top)
        )
        seats.midtop = (w // 2, top)
        self.qr_rect = pygame.Rect(0, 0, 0, 0)
        if self.pages:  # the QR code to the right of the seats, the seats moved over for it
            side = min(layout.px(240, s), h // 3)
            seats.width = min(seats.width, w - side - layout.px(72, s))
            seats.left = layout.px(24, s)
            seats.top += layout.px(30, s)  # below the line of the page's addresses
            seats.height = min(seats.height, end - seats.top)
            self.qr_rect = pygame.Rect(w - side - layout.px(24, s), seats.top, side, side)
        self.seats.place(seats, s)
        bottom = layout.bottom_buttons(self.size, 3)
        self.form = widgets.Form()
        self.leave_button = self.form.add(widgets.Button(bottom[0], _("Leave"), self.leave))
        self.ready_button = self.form.add(widgets.Button(bottom[1], _("Ready"), self.toggle_ready))
        self.start_button = self.form.add(
            widgets.Button(bottom[2], _("Start"), self.start, style="primary")
        )
        self.form.add(self.seats.bot_level)
        self._sync_seats()
        self._sync_resumes()

    def _sync_resumes(self) -> None:
        """A "Resume your seat" button for each seat kept for this server in a game it goes
        on with (a host that hosts again), above the bottom buttons."""
        kept = self._kept_here()
        self.resume_buttons: list[widgets.Button] = []
        s = self.s
        width, height = layout.px(420, s), layout.px(40, s)
        y = layout.bottom_buttons(self.size, 3)[0].top - layout.px(100, s)
        for seat in kept[:3]:
            rect = pygame.Rect(0, 0, width, height)
            rect.midbottom = (self.size[0] // 2, y)
            label = _("Resume your seat – {game}, room {room}").format(
                game=game_title(seat.game), room=seat.room
            )
            self.resume_buttons.append(
                widgets.Button(rect, label, partial(self.take_back, seat), style="primary")
            )
            y -= height + layout.px(8, s)

    def _kept_here(self) -> list[KeptSeat]:
        """The player's kept seats in games under way on this server (hosting only)."""
        session = self.session
        if session is None or self.mode != "host":
            return []
        running = {r["id"] for r in session.rooms if r["started"] and not r["over"]}
        return [seat for seat in session.kept_seats() if seat.room in running]

    def _open_room(self) -> None:
        """Ask for the new room ("local" and "host" modes)."""
        session = self.session
        if session is None:
            return
        self.status = N_("Opening a room…")
        session.create(
            self.game,
            self.players,
            self.options,
            timer=self.timer,
            level=self.level,
            code=self.code,
            hints=self.hints,
            seed=self.again.seed if self.again else None,
            again=self.again.replay if self.again else None,
            origin=self.play_on.origin if self.play_on else None,
            grace=self.grace,
        )

    def take_back(self, seat: KeptSeat) -> None:
        """Leave this lobby's new room and take back `seat` in a game the server went on
        with."""
        session = self.session
        if session is None:
            return
        session.leave()
        self.mode, self.resume, self.resume_buttons = "resume", seat, []
        self.status = N_("Taking your seat back…")
        session.resume(seat)

    @property
    def seat_buttons(self) -> list[widgets.Button]:
        return self.seats.buttons

    def _sync_seats(self) -> None:
        editable = self.mode not in ("local", "watch", "resume")
        self.seats.sync(self.session, editable, self.size, self.s)

    # -- actions -------------------------------------------------------------------------------

    def add_bot(self, seat: int) -> None:
        if self.session:
            self.session.add_bot(seat, self.seats.bot_level.value)

    def remove_bot(self, seat: int) -> None:
        if self.session:
            self.session.remove_bot(seat)

    def toggle_ready(self) -> None:
        if self.session and self.session.room and self.session.seat is not None:
            mine = self.session.room["seats"][self.session.seat]
            self.session.ready(not mine["ready"])

    def start(self) -> None:
        if self.session:
            self.session.start_game()

    def leave(self) -> None:
        if self.session:
            self.session.leave()
        self.app.to_title()

    # -- messages ------------------------------------------------------------------------------

    def on_message(self, message: dict[str, Any]) -> None:
        session = self.session
        if session is None:
            return
        kind = message["t"]
        if kind == "welcome" and self.mode == "resume" and self.resume is not None:
            self.status = N_("Taking your seat back…")
            session.resume(self.resume)
        elif kind == "rooms":
            self._sync_resumes()
        elif kind == "welcome":
            if self.mode == "host":
                session.list_rooms()  # the games it went on with: the host's seats come back
            if self.mode in ("local", "host"):
                self._open_room()
        elif kind == "room":
            room = message["room"]
            if self.mode in ("local", "host") and session.room_id is None and "re" in message:
                self.status = N_("Taking a seat…")
                session.join(room["id"], self._first_seat(), self.code)
            self._advance_local()
            self._sync_seats()
        elif kind == "seated":
            self.admitted = True
            self.status = N_("Seated.")
            self._advance_local()
        elif kind == "update" and message["room"] == session.room_id and "view" in message:
            self.started = True
            local = self.mode == "local" or session.kept_as == LOCAL
            self.app.replace(
                self.app.scene("table", message, quick=self.quick, local=local, again=self.again)
            )
        elif (
            kind == "error"
            and message["code"] in ("bad_token", "game_over")
            and self.mode == "resume"
        ):
            self.app.to_title(_("That game has ended, or this server no longer has it."))
        elif kind == "error" and self.refused is not None and not self.admitted:
            refused = self.refused
            self.app.pop(self)
            if message["code"] == "bad_code":
                refused(_("Wrong code: ask the host for the room's code – their lobby shows it."))
            else:
                refused(sentence(error_text(message)))
        elif kind == "error":
            self.error = sentence(error_text(message))
            if self.mode == "local" and message["code"] in ("bad_options", "too_many_rooms"):
                why = error_text(message)
                self.app.to_title(
                    refusal(self.game, why)
                    if message["code"] == "bad_options"
                    else _("The game could not start: {why}").format(why=why)
                )
        elif kind == "status" and message["status"] == "closed":
            self.app.to_title(_("Connection closed: {why}").format(why=status_text(message)))

    def _first_seat(self) -> int:
        """The seat to take in a new room: the one a deal played again or a game played on
        asks for, else the first."""
        if self.play_on is not None:
            return self.play_on.seat
        return self.again.seat if self.again is not None else 0

    def _bot_level(self, seat: int) -> str:
        """The level of the bot to put at `seat`: the one a game played on or a deal played
        again asks for there, else the room's."""
        if self.play_on is not None:
            return self.play_on.levels[seat]
        if self.again is not None and self.again.levels:
            return self.again.levels[seat]
        return self.level

    def _advance_local(self) -> None:
        """Single player: fill the seats with bots, get ready and start, one step per reply."""
        session = self.session
        if self.mode != "local" or session is None or session.room is None or session.seat is None:
            return
        room = session.room
        if room["started"]:
            return
        for seat in room["seats"]:
            if seat["kind"] == "open" and seat["seat"] not in self.asked_bots:
                self.asked_bots.add(seat["seat"])
                session.add_bot(seat["seat"], self._bot_level(seat["seat"]))
        if all(seat["kind"] != "open" for seat in room["seats"]):
            if not room["seats"][session.seat]["ready"] and not self.readied:
                self.readied = True
                session.ready(True)
            elif room["seats"][session.seat]["ready"] and not self.started:
                self.started = True
                self.status = N_("Dealing…")
                session.start_game()

    # -- the loop ------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave()
            return
        for button in self.seat_buttons + self.resume_buttons:
            if button.handle(event):
                return
        if self.mode in ("local", "resume"):
            return
        self.form.handle(event)

    def update(self, dt: float) -> None:
        session = self.session
        if session is None:
            return
        room = session.room
        seated = session.seat is not None and room is not None
        if room is not None and room["started"] and self.mode == "join" and session.seat is None:
            self.status = N_("The game has started: watch it from the join screen.")
        lobby = seated and self.mode not in ("local", "resume")
        self.ready_button.visible = self.start_button.visible = lobby
        self.seats.bot_level.visible = lobby
        if room is not None and session.seat is not None:  # seated
            mine = room["seats"][session.seat]
            self.ready_button.label = _("Not ready") if mine["ready"] else _("Ready")
            self.start_button.enabled = all(
                s["kind"] != "open" and s["ready"] for s in room["seats"]
            )
        self._sync_seats()

    def draw(self, surface: pygame.Surface) -> None:
        background(surface)
        s = self.s
        session = self.session
        room = session.room if session else None
        game = game_title(room["game"] if room else self.game)
        title = (_("{game} – lobby") if self.mode != "local" else _("{game} – starting")).format(
            game=game
        )
        widgets.blit_text(
            surface, title, layout.px(48, s), palette.ACCENT, layout.heading(self.size)
        )
        y = layout.heading(self.size).bottom + layout.px(4, s)
        for line in self.info_lines():
            widgets.blit_text(
                surface,
                line,
                layout.px(24, s, 12),
                palette.TEXT,
                pygame.Rect(0, y, self.size[0], layout.px(28, s)),
            )
            y += layout.px(30, s)
        if self.pages and self.qr_rect.width:
            draw_qr(surface, self.qr_rect, self.pages[0], s)
        if room is not None:
            self.seats.draw(surface, room, session.seat if session else None, s)
        for button in self.seat_buttons + self.resume_buttons:
            button.draw(surface)
        self.form.draw(surface)
        if room is not None and self.mode in ("host", "join") and not room["started"]:
            hint = waiting_words(room)
            buttons = layout.bottom_buttons(self.size, 3)
            widgets.blit_text(
                surface,
                hint,
                layout.px(24, s, 12),
                palette.ACCENT,
                pygame.Rect(0, buttons[0].top - layout.px(44, s), self.size[0], layout.px(30, s)),
            )
        if self.mode in ("local", "resume") or room is None:
            widgets.blit_text(
                surface,
                _(self.status),
                layout.px(30, s),
                palette.TEXT,
                pygame.Rect(0, self.size[1] - layout.px(150, s), self.size[0], layout.px(40, s)),
            )
        if self.error:
            widgets.blit_text(
                surface,
                self.error,
                layout.px(22, s, 12),
                palette.DANGER,
                pygame.Rect(0, self.size[1] - layout.px(190, s), self.size[0], layout.px(28, s)),
            )

    def info_lines(self) -> list[str]:
        """The lines under the heading (see lobby_words.info_lines)."""
        room = self.session.room if self.session else None
        code = self.code if self.mode == "host" else None
        return info_lines(room, self.share, self.pages, code, self.status)
