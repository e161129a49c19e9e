"""The table scene: a game's table, and around it the round summary, the game-over screen,
the in-game menu and what happens when the connection is lost."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.client import layout, palette, widgets
from game.client.games import CLIENT_GAMES
from game.client.hosting import DealAgain, guest_addresses
from game.client.i18n import _, ngettext
from game.client.refusals import error_text
from game.client.scenes import Host, Scene
from game.client.scenes.advice import Advice
from game.client.scenes.banners import Absence, Connection, lost_box
from game.client.scenes.game_over import GameOver
from game.client.scenes.leaving import Leaving
from game.client.scenes.overlays import Overlay
from game.client.scenes.review import choice_words
from game.client.scenes.table_mending import TableMending
from game.client.tables import Table
from game.client.tables.hud import PAUSED

if TYPE_CHECKING:  # the analysis is loaded when first asked for (memory at start)
    from game.replay.analysis import Background, Mark


class TableScene(Scene):
    """Plays one game: updates go to the table; the scene adds the overlays.

    `first` is the full update that started it (the start, a watch or a resume)."""

    def __init__(
        self,
        app: Host,
        first: dict[str, Any],
        *,
        quick: bool = False,
        local: bool = False,
        again: DealAgain | None = None,
    ) -> None:
        """`again`: this game plays a finished game's deal again (its result is shown beside
        this one's at the end)."""
        super().__init__(app)
        self.again = again
        session = app.session
        assert session is not None, "a table is played through a session"
        self.quick = quick
        self.local = local
        room = dict(
            session.room
            or {
                "players": len(first["view"].get("hands") or first["view"].get("grids")),
                "seats": [],
            }
        )
        self.room_id = first["room"]
        game = first["view"]["game"]
        self.table: Table = CLIENT_GAMES[game].open(app, room, session.seat)
        self.table.feed(first)
        self.link = Connection(app, self.table)
        self.autoplay = False
        """Headless autoplay: summaries go on by themselves (the AutoPlayer sets it)."""
        self.absence = Absence(app, self.room_id)
        self.advice = Advice(app, self.table)
        self.over = GameOver(
            app,
            self.table,
            self.room_id,
            local=local,
            quick=quick,
            again=again,
            advice=self.advice,
        )
        self.overlays = Overlay(app, self.table, self.over, self.reconnect)
        self.sheet_open = False
        """The score sheet is shown over the table (S opens and closes it)."""
        self.leaving = Leaving(
            app, self.table, local, lambda: self.connection == "closed", self.open_rules
        )
        self.told_keep_problem: str | None = None
        """The session's problem keeping the seat on disk that the player was told of."""
        self.mending = TableMending(self)
        self.resize()
        if first.get("missed"):
            self._tell_missed(first["missed"])
        if local and self.table.seat is not None:
            self.table.toasts.show(self.keys_words(), palette.ACCENT, 6.0)
        self._tell_keep_problem()

    def _tell_keep_problem(self) -> None:
        """Tell the player, once per problem, that their seat could not be kept on disk: a
        crash or a closed window could then cost them the seat."""
        session = self.app.session
        problem = session.keep_problem if session is not None else None
        if problem is not None and problem != self.told_keep_problem:
            self.table.toasts.show(problem, palette.DANGER, 10.0)
        self.told_keep_problem = problem

    def keys_words(self) -> str:
        """The keys a single-player table has beyond its buttons' ("Space pauses · O sorts
        your hand"), said as a game starts: nothing on the felt shows them."""
        keys = [_("Space pauses")]
        if self.table.SORTS:
            keys.append(_("O sorts your hand"))
        return "  ·  ".join(keys)

    # -- layout --------------------------------------------------------------------------------

    def resize(self) -> None:
        self.table.resize()
        s = self.s
        bar = self.table.geo.topbar
        bw, bh = layout.px(110, s), bar.height - layout.px(8, s)
        self.menu_button = widgets.Button(
            pygame.Rect(bar.right - bw - layout.px(8, s), bar.top + layout.px(4, s), bw, bh),
            _("Menu"),
            self.open_menu,
            hint="Esc",
        )
        self.rules_button = widgets.Button(
            pygame.Rect(
                self.menu_button.rect.left - bw - layout.px(8, s), bar.top + layout.px(4, s), bw, bh
            ),
            _("Rules"),
            self.open_rules,
            hint="F1",
        )
        self.hint_button = widgets.Button(
            # left of the score sheet's button, which some games show left of Rules
            self.rules_button.rect.move(-2 * (bw + layout.px(8, s)), 0),
            _("Hint"),
            self.ask_hint,
            hint="H",
        )
        self.absence.resize(s, bh)
        self.sheet_button = (
            widgets.Button(
                self.rules_button.rect.move(-bw - layout.px(8, s), 0),
                _("Scores"),
                self.toggle_sheet,
                hint="S",
            )
            if self.table.SHEET
            else None
        )
        self.overlays.reset()
        self.overlay()

    # -- menu ----------------------------------------------------------------------------------

    def open_menu(self) -> None:
        self.leaving.open_menu()

    def ask_leave(self) -> None:
        self.leaving.ask_leave()

    def end_game(self) -> None:
        self.leaving.end_game()

    def leave(self) -> None:
        self.leaving.leave()

    def closing(self) -> bool:
        return self.leaving.closing()

    def toggle_pause(self) -> None:
        """Stop or restart the game (single player only: a shared table goes on): the
        table's queue at once, the room's bots and turn clock on the server. A game that is
        over (the last moves may still be shown) has nothing left to stop."""
        if self.local and (self.table.paused or not self.table.model.get("result")):
            self.table.paused = not self.table.paused
            self.table.toasts.drop(_(PAUSED))  # a click's "paused" notice, true no more
            if self.app.session is not None:
                self.app.session.pause(self.table.paused)

    def open_rules(self) -> None:
        self.app.goto("rules", self.table.game)

    @property
    def hints_allowed(self) -> bool:
        return self.advice.allowed

    @property
    def hints_used(self) -> int:
        return self.advice.used

    def ask_hint(self) -> None:
        self.advice.ask()

    # -- messages ------------------------------------------------------------------------------

    def on_message(self, message: dict[str, Any]) -> None:
        self.mending.changes += 1
        session = self.app.session
        kind = message["t"]
        if kind == "update" and message["room"] == self.room_id:
            self.table.feed(message)
            self.advice.moved_on(message["step"])
            if message.get("missed"):
                self._tell_missed(message["missed"])
        elif kind == "hint" and message["room"] == self.room_id:
            self.advice.answered(message)
        elif kind == "room" and message["room"]["id"] == self.room_id:
            self.table.set_room(message["room"])
            self._tell_keep_problem()
        elif kind == "seated":
            self._tell_keep_problem()
        elif kind == "error":
            self.advice.refused()
            if message["code"] in ("illegal_action", "stale_step", "not_your_turn", "game_over"):
                self.table.refused(error_text(message))
            else:
                self.table.toasts.show(error_text(message), palette.DANGER, 4.0)
        elif kind == "status":
            self.link.on_status(message)
        elif kind == "rematch" and session is not None:
            session.follow(message["room"])
            session.join(message["room"])
            mode = "local" if self.local else "join"
            # A host's lobby of the rematch shows where guests join, as its first one did.
            hosted = self.app.hosted if self.app.hosting else None
            share, pages = guest_addresses(hosted) if hosted is not None else ([], [])
            self.app.replace(
                self.app.scene(
                    "lobby", mode, game=self.table.game, quick=self.quick, share=share, pages=pages
                )
            )

    # -- input ---------------------------------------------------------------------------------

    def toggle_sheet(self) -> None:
        """Open or close the score sheet (games that keep one)."""
        self.sheet_open = self.table.SHEET and not self.sheet_open

    def handle(self, event: pygame.event.Event) -> None:
        if event.type != pygame.MOUSEMOTION:
            self.mending.changes += 1
        if event.type == pygame.KEYDOWN and self.table.SHEET:
            if event.key == pygame.K_s or (event.key == pygame.K_ESCAPE and self.sheet_open):
                self.toggle_sheet()
                return
        if self.sheet_button is not None and self.sheet_button.handle(event):
            return
        form = self.overlay()
        if form is not None:
            if event.type == pygame.KEYDOWN and event.key in (
                pygame.K_RETURN,
                pygame.K_KP_ENTER,
                pygame.K_SPACE,
            ):
                form.widgets[0].activate()
                return
            form.handle(event)
            return
        if self.menu_button.handle(event) or self.rules_button.handle(event):
            return
        if self.hints_allowed and self.hint_button.handle(event):
            return
        if self.absent is not None and self.hand_button.handle(event):
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_h and self.hints_allowed:
                self.ask_hint()
                return
            if event.key == pygame.K_F1:
                self.open_rules()
                return
            if event.key == pygame.K_ESCAPE and not self.table.chooser.pending:
                self.open_menu()
                return
            if event.key in (pygame.K_SPACE, pygame.K_PAUSE) and self.local:
                self.toggle_pause()
                return
        self.table.handle(event)

    # -- overlays ------------------------------------------------------------------------------

    def overlay(self) -> widgets.Form | None:
        """The buttons of the overlay showing now (connection lost, summary, game over),
        rebuilt when what it shows changes. Called by handle and update, never by draw."""
        return self.overlays.current(self.connection == "closed", self.size, self.s)

    @property
    def overlay_age(self) -> float:
        """Seconds the overlay has shown."""
        return self.overlays.age

    def overlay_box(self) -> pygame.Rect:
        return self.overlays.box(self.size)

    def reconnect(self) -> None:
        self.link.reconnect()
        self.overlays.reset()

    @property
    def connection(self) -> str | None:
        """ "reconnecting" while net.client retries, "closed" once it gave up."""
        return self.link.state

    @property
    def connection_message(self) -> str:
        return self.link.message

    @property
    def analysis_job(self) -> Background | None:
        """The finished game's analysis while it runs (see Review)."""
        return self.over.review.job

    @analysis_job.setter
    def analysis_job(self, job: Background | None) -> None:
        self.over.review.job = job

    @property
    def costliest(self) -> Mark | None:
        return self.over.review.costliest

    @property
    def costliest_words(self) -> str:
        return self.over.review.words

    @costliest_words.setter
    def costliest_words(self, words: str) -> None:
        self.over.review.words = words

    def choice_words(self, mark: Mark, path: Path) -> str:
        return choice_words(mark, path)

    def analysis_words(self) -> str:
        return self.over.review.status()

    def before_words(self, seat: int) -> str:
        return self.over.before_words(seat)

    def summary_line(self) -> str:
        return self.over.summary_line()

    def enter(self) -> None:
        self.mending.uncovered()  # a scene that was over this one drew on the window
        # The in-game menu's Settings may have changed the animation speed meanwhile.
        self.table.stage.director.speed = self.app.settings.speed

    def exit(self) -> None:
        self.over.review.cancel()

    # -- time ----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.table.update(dt)
        self.over.review.poll(self.table.seat)
        self.absence.find(self.table.seat is not None, self.connection is None)
        if self.overlay() is not None:
            self.overlays.age += dt
            hold = self.table.hold
            if (
                hold is not None
                and hold["type"] == "round_end"
                and (self.table.seat is None or self.autoplay)
                and self.overlays.auto_continues()
            ):
                self.table.release()

    def _tell_missed(self, missed: list[dict[str, Any]]) -> None:
        """Back in the seat: say what happened meanwhile."""
        mine = sum(m["seat"] == self.table.seat and m["by"] == "bot" for m in missed)
        self.table.toasts.show(
            ngettext(
                "While you were away: {steps} move, {mine} of them by a bot for you.",
                "While you were away: {steps} moves, {mine} of them by a bot for you.",
                len(missed),
            ).format(steps=len(missed), mine=mine),
            palette.ACCENT,
            6.0,
        )

    @property
    def absent(self) -> int | None:
        """An absent player's seat that this player may hand to a bot now."""
        return self.absence.seat

    @property
    def hand_button(self) -> widgets.Button:
        return self.absence.button

    def absent_words(self) -> str:
        return self.absence.words()

    @property
    def busy(self) -> bool:
        return (
            self.table.busy
            or self.connection is not None
            or self.analysis_job is not None
            or self.absent is not None  # the banner counts down
        )

    # -- drawing -------------------------------------------------------------------------------

    def bar_buttons(self) -> list[widgets.Button]:
        """The buttons shown in the top bar."""
        shown = [
            self.rules_button,
            self.menu_button,
            self.hint_button if self.hints_allowed else None,
            self.sheet_button,
        ]
        return [button for button in shown if button is not None]

    def draw(self, surface: pygame.Surface) -> None:
        buttons = self.bar_buttons()
        self.table.bar_end = min(b.rect.left for b in buttons)
        self.table.toasts_kept = (
            lost_box(self.table, self.s).height if self.connection == "reconnecting" else 0
        )
        frame = self.mending.frame(buttons, self.app.top is self)
        mender = self.mending.mender
        if mender.mend(surface, frame):
            return
        self.table.draw(surface, log_kept=mender.keeps_log(surface, frame))
        for button in buttons:
            button.draw(surface)
        if self.connection == "reconnecting":
            self.link.draw(surface, self.s)
        elif self.absent is not None:
            self.absence.draw(surface, self.absent_bar(), self.s)
        spectating = self.table.seat is None or self.autoplay
        self.overlays.draw(surface, self.size, self.s, self.connection_message, spectating)
        if self.sheet_open:
            # Over everything, the round summary too: the sheet is what the player asked for.
            widgets.shade(surface, 120)
            self.table.draw_sheet(surface, layout.dialog(self.size, 900, 600))
        mender.remember(surface, frame)

    def absent_bar(self) -> pygame.Rect:
        """Where the banner goes: over the top bar's title, up to its leftmost button shown
        (those stay in sight and in reach, as do the seats' plates below)."""
        shown = [
            self.rules_button,
            self.sheet_button,
            self.hint_button if self.hints_allowed else None,
        ]
        left = min(button.rect.left for button in shown if button is not None)
        top = self.table.geo.topbar
        return pygame.Rect(0, top.top, left - layout.px(8, self.s), top.height)
