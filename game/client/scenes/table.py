"""The table scene: a game's table, and around it the round summary, the game-over screen,
the in-game menu and what happens when the connection is lost."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.client import layout, palette, widgets
from game.client.cards import QUANDO, render_card
from game.client.games import CLIENT_GAMES
from game.client.hosting import DealAgain, PlayOn, start_local
from game.client.i18n import N_, _, ngettext, number, percent
from game.client.players import seat_name
from game.client.refusals import error_text, status_text
from game.client.scenes import Confirm, Dialog, Scene
from game.client.scenes.replays import room_replay
from game.client.session import Session
from game.client.tables import Table
from game.replay.log import ReplayError, read_replay, replay_hash
from game.replay.playback import open_replay

if TYPE_CHECKING:  # the analysis is loaded when first asked for (memory at start)
    from game.replay.analysis import Background, Mark

AUTO_CONTINUE = 5.0
"""Seconds a round summary stays up for a spectator before the game goes on by itself."""
HINT_THINKING = N_("Thinking about a hint…")
HINT_PATIENCE = 20.0
"""Seconds the thinking message may stay: it goes as soon as the hint or a refusal comes."""


def points_words(share: float) -> str:
    """A difference of win chances (0.1) in whole percentage points ("10 percentage
    points"): a fall from 45 % to 35 % is ten points, not ten per cent. (The difference of
    two chances rounded as they are shown, so that the line's numbers add up.)"""
    points = round(share * 100)
    return ngettext("{n} percentage point", "{n} percentage points", points).format(
        n=number(points)
    )


class TableScene(Scene):
    """Plays one game: updates go to the table; the scene adds the overlays.

    `first` is the full update that started it (the start, a watch or a resume)."""

    def __init__(
        self,
        app,
        first: dict,
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
        self.connection: str | None = None
        """"reconnecting" while net.client retries, "closed" once it gave up."""
        self.connection_message = ""
        self.overlay_age = 0.0
        self.autoplay = False
        """Headless autoplay: summaries go on by themselves (the AutoPlayer sets it)."""
        self.analysis_job: Background | None = None
        """The finished game's analysis, started at the game-over screen."""
        self.costliest: Mark | None = None
        """The player's marked mistake that cost them the most win chance, once analysed."""
        self.costliest_words = ""
        """That choice in the player's words, or that there was no clear mistake (the
        game-over screen's line); empty until the analysis is in."""
        self.absent: int | None = None
        """An absent player's seat that this player may hand to a bot now."""
        self.offline_since: dict[int, float] = {}
        """When (time.monotonic()) this client saw each absent player go offline: the
        banner counts the grace period down from it."""
        self.lost_at: float | None = None
        """When (time.monotonic()) the connection was lost, while reconnecting."""
        self.sheet_open = False
        """The score sheet is shown over the table (S opens and closes it)."""
        self.asking: Confirm | None = None
        """The question before leaving the running game, while it is up."""
        self.told_keep_problem: str | None = None
        """The session's problem keeping the seat on disk that the player was told of."""
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
        self.hand_button = widgets.Button(
            pygame.Rect(0, 0, layout.px(300, s), bh), "", self.hand_to_bot, style="primary"
        )
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
        self._overlay_form: widgets.Form | None = None
        self._overlay_key: object = None
        self._overlay_event: dict | None = None
        self.overlay()

    # -- menu ----------------------------------------------------------------------------------

    @property
    def running_game(self) -> bool:
        """Whether leaving now abandons a seat in a game still going on."""
        return (
            self.table.seat is not None
            and not self.table.model.get("result")
            and self.connection != "closed"
        )

    def leave_words(self) -> str:
        """What leaving does to the player's seat, in words."""
        if self.local:
            return _("Leave this game and go back to the title screen?")
        if self.table.seat is not None and self.app.hosting:
            others = self.app.hosted_players()
            if not others:  # only bots: `leave` keeps the seat, and the game waits for it
                return _(
                    "Leave the table? The game waits on this computer until you come "
                    "back: the title screen takes you back to your seat."
                )
            return _(
                "Leave the table? A bot plays your seat and the game goes on for "
                "{names}, served by this computer. The title screen takes you back to "
                "your seat."
            ).format(names=_(" and ").join(others))
        if self.table.seat is not None:
            return _("Leave the table? A bot plays your seat until you come back.")
        return _("Stop watching and leave the table?")

    def quit_words(self) -> str:
        """What quitting the program does to the player's seat, in words."""
        if self.local:
            return _(
                "Quit the program? Your game is kept: Quick play or Single player "
                "continues it next time."
            )
        if self.app.hosting:
            return _(
                "Quit the program? The game is kept: host again from this computer "
                "(same port) to take your seat back."
            )
        return _("Quit the program? A bot plays your seat until you come back.")

    def menu_words(self) -> str:
        """The in-game menu's text: what leaving does – unless leaving asks again (a seat in
        a running LAN game), whose question then says it, not both."""
        if self.running_game and not self.local:
            return _("The game goes on while this menu is open.")
        return self.leave_words()

    def open_menu(self) -> None:
        """The in-game menu: keep playing (Esc, Enter), the rules, or leave – after a
        confirmation while the game runs."""
        self.app.push(
            Dialog(
                self.app,
                _("Menu"),
                self.menu_words(),
                [
                    (_("Keep playing"), None),
                    (_("Rules"), self.open_rules),
                    (_("Leave"), self.ask_leave),
                ],
                cancel=0,
            )
        )

    def ask_leave(self) -> None:
        """Leaving: at once if no game is running for the player; a local game asks whether
        to keep it to continue later (its seat stays on disk and its log in the data folder,
        and quick play offers to continue it) or to end it; any other game asks first."""
        if not self.running_game:
            self.leave()
            return
        if self.local:
            self.app.push(
                Dialog(
                    self.app,
                    _("Leave this game?"),
                    _("Keep it to continue later from Quick play or Single player, or end it now."),
                    [
                        (_("Keep it for later"), self.app.to_title),
                        (_("End the game"), self.end_game),
                        (_("Cancel"), None),
                    ],
                    width=700,
                )
            )
            return
        self.ask(_("Leave the game?"), _("Leave"), self.leave)

    def end_game(self) -> None:
        """End a local game for good: nobody will continue it."""
        if self.app.session is not None:
            self.app.session.forget_seat()
        self.leave()

    def hand_to_bot(self) -> None:
        """Let the stand-in bot play the absent player's seat now, not after the grace
        period."""
        if self.app.session is not None and self.absent is not None:
            self.app.session.hand_to_bot(self.absent)

    def ask(
        self, title: str, yes: str, on_yes: Callable[[], object], question: str | None = None
    ) -> None:
        """Put the leave question up (once); `question` is its text (default: what leaving
        does, `leave_words`)."""
        if self.asking is not None:
            return

        def answered(then: Callable[[], object] | None) -> Callable[[], None]:
            def run() -> None:
                self.asking = None
                if then is not None:
                    then()

            return run

        self.asking = Confirm(
            self.app,
            title,
            question or self.leave_words(),
            yes,
            answered(on_yes),
            on_no=answered(None),
        )
        self.app.push(self.asking)

    def closing(self) -> bool:
        """Closing the window during a running game asks first; closing it again while
        asked (or once the game is over) ends the program."""
        if not self.running_game or self.asking is not None:
            return False
        self.ask(_("Quit the game?"), _("Quit"), self.quit, self.quit_words())
        return True

    def quit(self) -> None:
        """End the program. A local game is kept as "Keep it for later" keeps it: the
        connection just closes (leaving would tell its server that nobody plays on, and the
        server would end the game as abandoned); a seat in any other game is left first."""
        if not self.local:
            self.leave()
        self.app.running = False

    def toggle_pause(self) -> None:
        """Stop or restart the game (single player only: a shared table goes on): the
        table's queue at once, the room's bots and turn clock on the server."""
        if self.local:
            self.table.paused = not self.table.paused
            if self.app.session is not None:
                self.app.session.pause(self.table.paused)

    def open_rules(self) -> None:
        self.app.goto("rules", self.table.game)

    @property
    def hints_allowed(self) -> bool:
        """This player may ask for hints: seated, and the room allows them (always when
        playing alone with bots; else when its creator allowed them)."""
        room = self.app.session.room if self.app.session is not None else None
        return self.table.seat is not None and bool(room and room.get("hints_allowed"))

    @property
    def hints_used(self) -> int:
        """Hints this player was given in this game, as the server counts them (its log keeps
        them, so the count outlasts a restart); the game-over screen shows it."""
        room = self.app.session.room if self.app.session is not None else None
        used = room.get("hints_used") if room else None
        seat = self.table.seat
        return used[seat] if seat is not None and used and seat < len(used) else 0

    def ask_hint(self) -> None:
        """Ask the server for the normal bot's suggestion, when it is this player's turn."""
        session = self.app.session
        if not self.hints_allowed or session is None:
            return
        if session.last is None or not session.last.get("legal"):
            self.table.toasts.show(_("A hint is for your own turn."))
            return
        session.hint()
        self.table.toasts.show(_(HINT_THINKING), life=HINT_PATIENCE)

    def leave(self) -> None:
        """Leave the room and go back to the title screen. A host playing only with bots
        goes without saying so: the server would end a game with nobody left to play it,
        and this one waits on this computer for its host (the title offers it back)."""
        session = self.app.session
        if session is not None and not (self.app.hosting and not self.app.hosted_players()):
            session.leave()
        self.app.to_title()

    # -- messages ------------------------------------------------------------------------------

    def on_message(self, message: dict) -> None:
        session = self.app.session
        kind = message["t"]
        if kind == "update" and message["room"] == self.room_id:
            self.table.feed(message)
            if message.get("missed"):
                self._tell_missed(message["missed"])
        elif kind == "hint" and message["room"] == self.room_id:
            self.table.toasts.drop(_(HINT_THINKING))
            chance = message["chance"]
            action = CLIENT_GAMES[self.table.game].advice_words(message["action"], self.table.model)
            if chance is None:
                words = _("Hint: {action}").format(action=action)
            else:
                words = _("Hint: {action} – about {chance} to win").format(
                    action=action, chance=percent(chance)
                )
            self.table.toasts.show(words, palette.ACCENT, 6.0)
        elif kind == "room" and message["room"]["id"] == self.room_id:
            self.table.set_room(message["room"])
            self._tell_keep_problem()
        elif kind == "seated":
            self._tell_keep_problem()
        elif kind == "error":
            self.table.toasts.drop(_(HINT_THINKING))  # a refused hint is not coming either
            if message["code"] in ("illegal_action", "stale_step", "not_your_turn", "game_over"):
                self.table.refused(error_text(message))
            else:
                self.table.toasts.show(error_text(message), palette.DANGER, 4.0)
        elif kind == "status":
            status = message["status"]
            if status == "reconnecting":
                if self.connection != "reconnecting":
                    self.lost_at = time.monotonic()
                self.connection, self.connection_message = "reconnecting", status_text(message)
            elif status == "connected":
                if self.connection:
                    self.table.toasts.show(_("Reconnected."))
                self.connection = None
            elif status == "closed":
                self.connection, self.connection_message = "closed", status_text(message)
            self.table.refresh()  # moves are offered only while connected
        elif kind == "rematch" and session is not None:
            session.follow(message["room"])
            session.join(message["room"])
            mode = "local" if self.local else "join"
            self.app.replace(self.app.scene("lobby", mode, game=self.table.game, quick=self.quick))

    # -- input ---------------------------------------------------------------------------------

    def toggle_sheet(self) -> None:
        """Open or close the score sheet (games that keep one)."""
        self.sheet_open = self.table.SHEET and not self.sheet_open

    def handle(self, event: pygame.event.Event) -> None:
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
        key: object
        if self.connection == "closed":
            key = "closed"
        elif self.table.hold is not None:
            key = ("hold", id(self.table.hold))
        else:
            key = None
        if key != self._overlay_key:
            self._overlay_key = key
            self._overlay_event = self.table.hold if key not in (None, "closed") else None
            self.overlay_age = 0.0
            self._overlay_form = self._build_overlay(key)
        return self._overlay_form

    def _build_overlay(self, key: object) -> widgets.Form | None:
        if key is None:
            return None
        box = self.overlay_box()
        specs: list[tuple[str, Callable[[], Any]]]
        if key == "closed":
            session = self.app.session
            specs = [(_("Back to menu"), self.app.to_title)]
            if session is not None and session.token and session.server is None:
                specs.insert(0, (_("Reconnect"), self.reconnect))
        elif self.table.hold is not None and self.table.hold["type"] == "round_end":
            specs = [(_("Continue"), self.table.release)]
        else:
            specs = []
            if self.table.seat is not None:
                specs.append((_("Rematch"), self.rematch))
            specs.append((_("Watch the replay"), self.watch_replay))
            if self.table.seat is not None and self._start_analysis():
                specs.append((_("Analysis"), self.open_analysis))
                if self.local:
                    specs.append((_("Deal again"), self.ask_deal_again))
            specs.append((_("Menu"), self.leave_finished))
        form = widgets.Form()
        for k, (rect, (label, action)) in enumerate(
            zip(layout.dialog_buttons(box, len(specs), self.s), specs)
        ):
            form.add(widgets.Button(rect, label, action, style="primary" if k == 0 else "normal"))
        form.focus(form.widgets[0])
        return form

    def overlay_box(self) -> pygame.Rect:
        if self._overlay_key == "closed":
            return layout.dialog(self.size, 640, 300)
        return layout.dialog(self.size, 980, 560)

    def reconnect(self) -> None:
        """A new connection to the same server that takes the seat back with its token."""
        old = self.app.session
        if old is None:
            return
        session = Session(
            old.host, old.port, old.name, retry_for=self.app.retry_for, kept_as=old.kept_as
        )
        session.room_id, session.seat, session.token, session.room = (
            old.room_id,
            old.seat,
            old.token,
            old.room,
        )
        if old.room_id is not None and old.token is not None:
            session.net.client.tokens[old.room_id] = old.token
        old.server = None
        self.app.open_session(session)
        self.connection, self.connection_message = "reconnecting", _("Reconnecting…")
        self._overlay_key, self._overlay_form, self._overlay_event = None, None, None

    def rematch(self) -> None:
        if self.app.session is not None:
            self.app.session.rematch()
            self.table.toasts.show(_("Asking for a rematch…"))

    def _start_analysis(self) -> bool:
        """Analyse the finished game in the background, if this computer hosted it (its
        replay is here); False when it did not."""
        if self.analysis_job is not None or self.costliest_words:
            return True
        path = room_replay(self.room_id)
        if path is None:
            return False
        from game.replay.analysis import Background

        self.analysis_job = Background(path)
        return True

    def _poll_analysis(self) -> None:
        job = self.analysis_job
        if job is None or not job.finished:
            return
        self.analysis_job = None
        seat = self.table.seat
        if job.result is not None and seat is not None:
            self.costliest = job.result.costliest_choice(seat)
            path = room_replay(self.room_id)
            if self.costliest is None:
                self.costliest_words = _(
                    "No clear mistake: none of your choices cost you {points} or more of your "
                    "chance to win."
                ).format(points=points_words(job.result.threshold))
            elif path is not None:
                self.costliest_words = self.choice_words(self.costliest, path)

    def choice_words(self, mark: Mark, path: Path) -> str:
        """The player's costliest choice in words: where (the round, in a game of rounds),
        what they chose and their chance then, what their search found better and its chance,
        and the difference in percentage points."""
        try:
            playback = open_replay(path)
            entry = playback.entries[mark.step - 1]
        except (ReplayError, OSError, IndexError):
            return ""
        game = playback.header["game"]
        steps = number(playback.length)
        where = _("step {step} of {steps}").format(step=number(mark.step), steps=steps)
        if len(playback.round_starts) > 1:
            where = _("round {round}, step {step} of {steps}").format(
                round=number(playback.round_of(mark.step - 1) + 1),
                step=number(mark.step),
                steps=steps,
            )
        return _(
            "Your costliest choice, {where}: “{chosen}” left you a {mine} chance to win, "
            "“{better}” {best} – {points} more."
        ).format(
            where=where,
            chosen=CLIENT_GAMES[game].advice_words(mark.action, entry.before),
            mine=percent(mark.chosen.value),
            better=CLIENT_GAMES[game].advice_words(mark.better, entry.before),
            best=percent(mark.best.value),
            points=points_words(round(mark.best.value, 2) - round(mark.chosen.value, 2)),
        )

    def analysis_words(self) -> str:
        """The game-over screen's line about the analysis: its progress, or the player's
        costliest choice; empty when there is none."""
        job = self.analysis_job
        if job is not None and not job.total:  # still reading the replay: no count yet
            return _("Analysing the game…")
        if job is not None:
            return _("Analysing the game… {done}/{total}").format(done=job.done, total=job.total)
        return self.costliest_words

    def before_words(self, seat: int) -> str:
        """Beside `seat`'s score in a deal played again: what that seat (the same hand)
        scored the first time, and whether the player sat there then."""
        again = self.again
        assert again is not None
        old = again.result["scores"][seat]
        if seat == again.old_seat:
            return _("before: {score} (you)").format(score=old)
        return _("before: {score}").format(score=old)

    def summary_line(self) -> str:
        """The game-over screen's line under the scores: the analysis (`analysis_words`)
        and, where hints were allowed, how many this player asked for."""
        words = self.analysis_words()
        if self.table.seat is None or not self.hints_allowed:
            return words
        hints = _("Hints used: {count}").format(count=self.hints_used)
        return f"{words}  ·  {hints}" if words else hints

    def open_analysis(self) -> None:
        """The replay viewer at the player's costliest choice, with the analysis (this screen's
        own, if still running, stops: the viewer runs it with its progress bar)."""
        path = room_replay(self.room_id)
        if path is None:
            return
        if self.analysis_job is not None:
            self.analysis_job.cancel()
            self.analysis_job = None
        step = self.costliest.step if self.costliest is not None else 0
        self.app.goto(
            "viewer", path, analyse=True, position=step, from_list=False, mark=self.costliest
        )

    def ask_deal_again(self) -> None:
        """Offer to play this game's deal again, in the same seats or rotated one on."""
        self.app.push(
            Dialog(
                self.app,
                _("Play this deal again"),
                _(
                    "The same cards in the same order. Rotated, you take the next seat and "
                    "its hand, the duplicate way; at the end both results are side by side."
                ),
                [
                    (_("Same seats"), lambda: self.deal_again(False)),
                    (_("Seats rotated"), lambda: self.deal_again(True)),
                    (_("Cancel"), None),
                ],
            )
        )

    def deal_again(self, rotated: bool) -> None:
        """A new local game with this game's seed, options and bots, each at its level (see
        DealAgain); rotated, the bot that held the player's new seat takes the old one. A
        game played on from another's step goes on from that step again (its origin)."""
        path = room_replay(self.room_id)
        seat = self.table.seat
        if path is None or seat is None:
            return
        try:
            data = path.read_bytes()
            replay = read_replay(path)
        except (OSError, ReplayError) as err:
            self.table.toasts.show(str(err), palette.DANGER, 4.0)
            return
        if replay.end is None or "seed" not in replay.end or replay.end.get("result") is None:
            return
        header = replay.header
        players = header["players"]
        level = header.get("level", "normal")
        levels = [s.get("level") or level for s in header["seats"]]
        new_seat = (seat + 1) % players if rotated else seat
        levels[seat] = levels[new_seat]
        again = DealAgain(
            replay.end["seed"],
            replay_hash(data),
            new_seat,
            replay.end["result"],
            seat,
            tuple(levels),
        )
        origin = header.get("origin")
        self.app.to_title()  # this game's server and scene are done with (exit cancels)
        start_local(
            self.app,
            header["game"],
            players,
            level,
            # the engine completes the options with an unset deck, which a create refuses
            {k: v for k, v in header["options"].items() if not (k == "deck" and v is None)},
            quick=self.quick,
            again=again,
            play_on=PlayOn(origin, new_seat, tuple(levels)) if origin is not None else None,
        )

    def watch_replay(self) -> None:
        self.app.goto("replays", room=self.room_id)

    def leave_finished(self) -> None:
        self.app.to_title()

    def exit(self) -> None:
        if self.analysis_job is not None:
            self.analysis_job.cancel()

    # -- time ----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.table.update(dt)
        self._poll_analysis()
        self._find_absent()
        if self.overlay() is not None:
            self.overlay_age += dt
            hold = self.table.hold
            if (
                hold is not None
                and hold["type"] == "round_end"
                and (self.table.seat is None or self.autoplay)
                and self.overlay_age > AUTO_CONTINUE / self.app.settings.speed
            ):
                self.table.release()

    def _tell_missed(self, missed: list[dict]) -> None:
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

    def _find_absent(self) -> None:
        """The first other player who is offline while the game runs and no bot plays for
        yet: the banner names them and offers to let a bot play (seated players only)."""
        session = self.app.session
        room = session.room if session is not None else None
        self.absent = None
        if room is None or self.table.seat is None or self.connection is not None:
            return
        if room.get("id") != self.room_id or not room.get("started") or room.get("over"):
            return
        offline = [
            seat
            for seat in room["seats"]
            if seat["kind"] == "human" and not seat["connected"] and not seat["away"]
        ]
        now = time.monotonic()
        self.offline_since = {
            seat["seat"]: self.offline_since.get(seat["seat"], now) for seat in offline
        }
        if offline:
            self.absent = offline[0]["seat"]
            self.hand_button.label = _("Let a bot play for {name}").format(
                name=seat_name(offline[0])
            )

    @property
    def busy(self) -> bool:
        return (
            self.table.busy
            or self.connection is not None
            or self.analysis_job is not None
            or self.absent is not None  # the banner counts down
        )

    # -- drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        shown = [
            self.rules_button,
            self.menu_button,
            self.sheet_button,
            self.hint_button if self.hints_allowed else None,
        ]
        self.table.bar_end = min(b.rect.left for b in shown if b is not None)
        self.table.toasts_kept = self.lost_box().height if self.connection == "reconnecting" else 0
        self.table.draw(surface)
        self.rules_button.draw(surface)
        self.menu_button.draw(surface)
        if self.hints_allowed:
            self.hint_button.draw(surface)
        if self.sheet_button is not None:
            self.sheet_button.draw(surface)
        if self.connection == "reconnecting":
            self._draw_lost(surface)
        elif self.absent is not None:
            self._draw_absent(surface)
        # What the overlay was built for, not what may have changed since this frame's update.
        form, event = self._overlay_form, self._overlay_event
        if form is not None:
            widgets.shade(surface, 150)
            box = self.overlay_box()
            widgets.panel(surface, box, radius=14)
            if event is None:
                self._draw_closed(surface, box)
            elif event["type"] == "round_end":
                self._draw_round(surface, box, event)
            else:
                self._draw_over(surface, box, event)
            form.draw(surface)
        if self.sheet_open:
            # Over everything, the round summary too: the sheet is what the player asked for.
            widgets.shade(surface, 120)
            self.table.draw_sheet(surface, layout.dialog(self.size, 900, 600))

    def lost_box(self) -> pygame.Rect:
        """Where the lost connection's banner stands: the top of the toasts' band (the
        table keeps it clear of every seat, pile, button and the prompt), two lines high –
        the toasts of the meantime ("your move waits") stack under it."""
        band = self.table.geo.toasts
        height = min(band.height * 2 // 3, 2 * widgets.line_height(layout.px(22, self.s, 12)))
        return pygame.Rect(band.left, band.top, band.width, height + layout.px(8, self.s))

    def _draw_lost(self, surface: pygame.Surface) -> None:
        """The lost connection's banner at `lost_box`: why, and the seconds left before the
        client gives up."""
        box = self.lost_box()
        pygame.draw.rect(surface, (120, 40, 40), box, border_radius=layout.px(8, self.s))
        left = self.app.retry_for - (time.monotonic() - (self.lost_at or time.monotonic()))
        words = _("Connection lost – reconnecting…  {why}  ·  giving up in {seconds}\u00a0s")
        widgets.blit_wrapped(
            surface,
            words.format(why=self.connection_message, seconds=max(0, math.ceil(left))),
            layout.px(22, self.s, 12),
            palette.TEXT,
            box.inflate(-layout.px(12, self.s), -layout.px(4, self.s)),
        )

    def absent_words(self) -> str:
        """What the banner says of the absent player: who is offline and what the table
        does meanwhile – the seconds left before a bot takes over, counted down."""
        room = self.app.session.room if self.app.session is not None else None
        if room is None or self.absent is None:
            return ""
        seat = room["seats"][self.absent]
        grace = room.get("grace")
        gone = time.monotonic() - self.offline_since.get(self.absent, time.monotonic())
        return (
            _("{name} is offline – a bot takes over in {seconds} s unless they return")
            if grace is not None
            else _("{name} is offline – the table waits for them")
        ).format(name=seat_name(seat), seconds=max(0, math.ceil((grace or 0) - gone)))

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

    def _draw_absent(self, surface: pygame.Surface) -> None:
        """The banner (`absent_bar`): `absent_words` and the button that lets a bot play for
        the absent player at once."""
        s = self.s
        words = self.absent_words()
        if not words:
            return
        bar = self.absent_bar()
        pygame.draw.rect(surface, (92, 72, 26), bar)
        size = layout.px(20, s, 11)
        # As wide as its label needs (at the button's own font size), at most half the bar.
        label = widgets.text_width(
            self.hand_button.label, max(12, int(self.hand_button.rect.height * 0.46))
        )
        self.hand_button.rect.width = min(label + layout.px(28, s), bar.width // 2)
        self.hand_button.rect.midright = (bar.right - layout.px(6, s), bar.centery)
        text = pygame.Rect(0, bar.top, self.hand_button.rect.left - layout.px(10, s), bar.height)
        widgets.blit_text(surface, words, size, palette.TEXT, text)
        self.hand_button.draw(surface)

    def _heading(
        self, surface: pygame.Surface, box: pygame.Rect, title: str, color=palette.ACCENT
    ) -> int:
        s = self.s
        rect = pygame.Rect(
            box.left + 20, box.top + layout.px(14, s), box.width - 40, layout.px(46, s)
        )
        widgets.blit_text(surface, title, layout.px(40, s), color, rect)
        return rect.bottom + layout.px(8, s)

    def _draw_closed(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        y = self._heading(surface, box, _("Connection lost"), palette.DANGER)
        size = layout.px(22, self.s, 12)
        lines = [self.connection_message or _("The server closed the connection.")]
        session = self.app.session
        if session is not None and session.token and session.server is None:
            lines.append(_("Reconnect to take your seat back, or go back to the menu."))
        else:
            lines.append(_("The game cannot go on from here."))
        for text in lines:
            for line in widgets.wrap(text, size, box.width - 60):
                widgets.blit_text(
                    surface, line, size, palette.TEXT, pygame.Rect(box.left, y, box.width, size + 4)
                )
                y += size + 6

    def _seat_name(self, seat: int) -> str:
        """A seat's name in the summaries, "(you)" added to the player's own."""
        name = self.table.seats.name(seat)
        return _("{name} (you)").format(name=name) if seat == self.table.seat else name

    def _columns(self, box: pygame.Rect) -> list[int]:
        return [box.left + round(box.width * f) for f in (0.04, 0.26, 0.68, 0.78, 0.89)]

    def _draw_round(self, surface: pygame.Surface, box: pygame.Rect, event: dict) -> None:
        """Quando's round summary: each hand, its sum, the round's score (the knock penalty
        shown) and the running total."""
        s = self.s
        y: float = self._heading(surface, box, _("Round {n} is over").format(n=event["round"] + 1))
        reason = (
            _("The round ended because everybody had a last turn after the knock.")
            if event["reason"] == "knock"
            else _("The round ended because a player held nothing but zeros.")
        )
        size = layout.px(20, s, 11)
        widgets.blit_text(
            surface,
            reason,
            size,
            palette.TEXT_DIM,
            pygame.Rect(box.left, y, box.width, size + 4),
        )
        y += size + layout.px(14, s)
        cols = self._columns(box)
        head = [
            (_("Player"), cols[0]),
            (_("Hand (fronts)"), cols[1]),
            (_("Sum"), cols[2]),
            (_("Round"), cols[3]),
            (_("Total"), cols[4]),
        ]
        for (label, x), right in zip(head, [*cols[1:], box.right - 8]):
            width = right - x - 6
            widgets.blit_text(
                surface, label, size, palette.TEXT_DIM, pygame.Rect(x, y, width, size + 4), "left"
            )
        y += size + layout.px(6, s)
        card_w = max(24, layout.px(30, s))
        row_h = max(card_w * 1.4 + 6, size * 1.6)
        low = min(event["sums"])
        for seat in range(len(event["sums"])):
            score = event["scores"][seat]
            name = self._seat_name(seat)
            color = palette.ACCENT if score == 0 else palette.TEXT
            widgets.blit_text(
                surface,
                name,
                size,
                color,
                pygame.Rect(cols[0], y, cols[1] - cols[0] - 8, row_h),
                "left",
            )
            x = cols[1]
            for value in event["hands"][seat]:
                card = render_card(str(value), card_w, art=QUANDO)
                surface.blit(card, (x, y + 2))
                x += card_w + 2
            widgets.blit_text(
                surface,
                str(event["sums"][seat]),
                size,
                palette.TEXT,
                pygame.Rect(cols[2], y, 80, row_h),
                "left",
            )
            word = _("0 – lowest!") if score == 0 and event["sums"][seat] == low else str(score)
            if seat == event["knocker"]:
                word = (
                    _("{score} (knock +5)") if event["knock_penalty"] else _("{score} – knocked")
                ).format(score=score)
            widgets.blit_wrapped(  # "0 – die niedrigste!" takes two lines of a narrow column
                surface,
                word,
                size,
                palette.DANGER if seat == event["knocker"] and event["knock_penalty"] else color,
                pygame.Rect(cols[3], y, cols[4] - cols[3] - 4, row_h),
                "left",
            )
            widgets.blit_text(
                surface,
                str(event["totals"][seat]),
                size,
                palette.TEXT,
                pygame.Rect(cols[4], y, 80, row_h),
                "left",
            )
            y += row_h
        if self.table.seat is None or self.autoplay:
            left = max(0.0, AUTO_CONTINUE / self.app.settings.speed - self.overlay_age)
            widgets.blit_text(
                surface,
                _("The next round starts in {n} s").format(n=number(left, 0)),
                size,
                palette.TEXT_DIM,
                pygame.Rect(box.left, box.bottom - layout.px(90, s), box.width, size + 4),
            )

    def _draw_summary(
        self, surface: pygame.Surface, box: pygame.Rect, words: str, top: int
    ) -> None:
        """The summary line under the scores (`summary_line`), wrapped to the box's width in
        as many lines as it needs, ending above the buttons and never above `top`."""
        s = self.s
        width = box.width - layout.px(40, s)
        bottom = box.bottom - layout.px(96, s)
        size = layout.px(22, s, 12)
        lines = widgets.wrap(words, size, width)
        while size > widgets.MIN_SIZE and (
            bottom - len(lines) * widgets.line_height(size) < top
            or any(widgets.text_width(line, size) > width for line in lines)
        ):
            size -= 1
            lines = widgets.wrap(words, size, width)
        step = widgets.line_height(size)
        y = max(top, bottom - len(lines) * step)
        for line in lines:
            widgets.blit_text(
                surface, line, size, palette.ACCENT, pygame.Rect(box.left, y, box.width, step)
            )
            y += step

    def _draw_over(self, surface: pygame.Surface, box: pygame.Rect, event: dict) -> None:
        s = self.s
        result = event["result"]
        winners = result["winners"]
        names = [self.table.seats.who(w) for w in winners]
        if self.table.seat in winners:
            title = _("You win!") if len(winners) == 1 else _("You share the win!")
        else:
            title = ngettext("{names} wins", "{names} win", len(names)).format(
                names=_(" and ").join(names)
            )
        y = self._heading(surface, box, title)
        size = layout.px(24, s, 12)
        game = self.table.game
        widgets.blit_text(
            surface,
            _(CLIENT_GAMES[game].scores),
            size,
            palette.TEXT_DIM,
            pygame.Rect(box.left, y, box.width, size + 4),
        )
        y += size + layout.px(12, s)
        order = sorted(range(len(result["scores"])), key=lambda k: result["scores"][k])
        row_h = size + layout.px(12, s)
        for place, seat in enumerate(order):
            win = seat in winners
            row = pygame.Rect(box.left + box.width // 5, y, box.width * 3 // 5, row_h)
            if win:
                pygame.draw.rect(surface, (70, 58, 20), row, border_radius=6)
            name = self._seat_name(seat)
            if win:
                name = _("{name} – winner").format(name=name)
            widgets.blit_text(
                surface,
                f"{place + 1}.  {name}",
                size,
                palette.ACCENT if win else palette.TEXT,
                row.inflate(-20, 0),
                "left",
            )
            widgets.blit_text(
                surface,
                str(result["scores"][seat]),
                size,
                palette.TEXT,
                row.inflate(-20, 0),
                "right",
            )
            if self.again is not None:
                widgets.blit_text(
                    surface,
                    self.before_words(seat),
                    layout.px(20, s, 11),
                    palette.TEXT_DIM,
                    pygame.Rect(row.right + 12, row.top, box.right - row.right - 20, row_h),
                    "left",
                )
            y += row_h + 4
        words = self.summary_line()
        if words:
            self._draw_summary(surface, box, words, y)
        if event.get("reason") == "max_turns":
            widgets.blit_text(
                surface,
                _("The turn limit was reached."),
                layout.px(20, s, 11),
                palette.TEXT_DIM,
                pygame.Rect(box.left, y + 6, box.width, 24),
            )
        elif event.get("reason") == "blocked":
            widgets.blit_text(
                surface,
                _("Nobody could play or draw any more."),
                layout.px(20, s, 11),
                palette.TEXT_DIM,
                pygame.Rect(box.left, y + 6, box.width, 24),
            )
