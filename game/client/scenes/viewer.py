"""The replay viewer: a replay played on the game's own table with the same animations –
play, pause, step, jump to a round or turn, scrub, speed, and whose eyes to watch through –
beside the step list in words, after verifying the replay on open; above the scrub bar, the
finished game's win-chance analysis (game/replay/analysis.py) with its marked mistakes."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

import pygame

from game.client import graph, layout, palette, widgets
from game.client.config import Settings
from game.client.games import CLIENT_GAMES
from game.client.hosting import PlayOn, continue_local, kept_local, start_local
from game.client.i18n import N_, _, date_time, ngettext, number, percent, pgettext
from game.client.kept import KeptSeat
from game.client.players import seat_name
from game.client.scenes import Dialog, Host, Scene, game_title
from game.client.scenes.playon import PlayOnDialog, bot_levels
from game.client.sound import Sound
from game.client.tables import Table
from game.replay.library import Remembered, remember_verdict
from game.replay.log import ReplayError, replay_hash
from game.replay.playback import Playback, open_replay, seat_info, seat_kind
from game.replay.verify import Verdict

if TYPE_CHECKING:  # the analysis is loaded when first asked for (memory at start)
    from game.replay.analysis import Analysis, Background, Mark

SPEEDS: tuple[float, ...] = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
"""The playback speeds offered (the table's animations run this many times as fast)."""
HOLD_PAUSE = 1.4
"""Seconds (at speed 1) a round's or the game's end stays on the table before play goes on."""
OPEN = "open"
"""The eyes that see every card (Playback.open_view)."""
Eyes = int | str | None
"""A seat, None (a spectator) or OPEN."""

OK_GREEN = (120, 210, 130)

ESTIMATES = ("fair", "seeing")
"""The graph's two views (Analysis.curve): each seat's own estimate, or every card seen."""
ESTIMATES_MEANING = {
    "fair": N_("Each player's own estimate, from their cards – they need not add up to 100 %"),
    "seeing": N_("Each player's chance with every card seen: how the game really stood"),
}
"""What the graph's lines show in each view, written under its legend."""


class Outcome(NamedTuple):
    """What verifying a replay on open found, for people."""

    short: str
    """A word or two for the replay list ("verified", "failed at step 20")."""
    sentence: str
    """The outcome in a sentence, for the viewer."""
    color: tuple[int, int, int]


def verdict_label(remembered: Remembered) -> tuple[str, tuple[int, int, int]]:
    """A verdict in a word or two for the replay list ("verified", "failed at step 20"),
    with its colour."""
    if remembered.status == "unverified":
        return _("seed secret"), palette.ACCENT
    if remembered.status == "ok":
        return _("verified"), OK_GREEN
    if remembered.failed_at is not None:
        return _("failed at step {n}").format(n=remembered.failed_at), palette.DANGER
    return _("FAILED"), palette.DANGER


def verdict_words(verdict: Verdict, length: int) -> Outcome:
    """The outcome of `verdict` in words; `length` is how many steps can be watched."""
    mismatch = verdict.mismatch
    short, color = verdict_label(
        Remembered(verdict.status, mismatch.step if mismatch is not None else None)
    )
    if verdict.status == "unverified":
        words = _(
            "Not verified: the game is not over, and it can be checked and watched only "
            "once its seed is revealed at the end."
        )
    elif verdict.status == "ok":
        if verdict.complete:
            words = _("Verified: every step and the seed check out; the game ran to its end.")
        elif verdict.reason == "abandoned":
            words = _("Verified: every step and the seed check out; the game was abandoned.")
        else:
            words = _("Verified: every step and the seed check out; the game is not finished.")
    elif mismatch is not None:
        words = _("FAILED at step {n}: {why}.").format(n=mismatch.step, why=mismatch.message)
        if length:
            words += " " + _("Steps 1–{n} can be watched.").format(n=length)
    else:
        words = _("FAILED: {why}.").format(why="; ".join(verdict.problems))
    return Outcome(short, words, color)


class TableHost:
    """What a table uses of the App, for a table laid out in the viewer's table area: that
    area's size, the settings and the sound; no session, so nothing is ever sent."""

    session = None

    def __init__(self, app: Host, size: tuple[int, int]) -> None:
        self.app = app
        self._size = size

    @property
    def size(self) -> tuple[int, int]:
        return self._size

    @property
    def settings(self) -> Settings:
        return self.app.settings

    @property
    def sound(self) -> Sound:
        return self.app.sound


class ViewerScene(Scene):
    """Watch the replay at `path`. It is read and verified just after the first frame
    (which says so); a file that cannot be watched leaves a message and the Back button.

    The table shows `eyes`'s view at `playback.position`. A jump (scrub, step back, round
    and turn starts, a click in the step list, other eyes) rebuilds the table from the view
    at once; a step forward (playing, or the Step button) feeds the table the step's events
    as that seat received them, so it animates exactly as it did in the game. The open view
    is animated with a spectator's events, then shown whole after each step."""

    listens = False

    def __init__(
        self,
        app: Host,
        path: Path,
        *,
        analyse: bool = False,
        position: int = 0,
        from_list: bool = True,
        mark: Mark | None = None,
    ) -> None:
        """Open the replay at `path` at `position`; with `analyse`, start its analysis at
        once (it starts by itself anyway when one is cached);
        `from_list`: opened from the replays list, which its Back button names; `mark`: the
        marked mistake it is opened at (the game-over screen's), known before the viewer's
        own analysis has come."""
        super().__init__(app)
        self.mark = mark
        self.from_list = from_list
        self.path = Path(path)
        self.start_position = position
        self.want_analysis = analyse
        self.analysis_job: Background | None = None
        self.analysis: Analysis | None = None
        self.play_from = 0
        """The position the play-on dialog offers to go on from."""
        self.kept: KeptSeat | None = None
        """The player's kept seat in this game, when it is an unfinished game of their own
        (quick play, single player): the play-on button continues it instead."""
        self.analysis_note = ""
        """Why there is no analysis (cancelled, or the game cannot be analysed)."""
        self.estimates = "fair"
        self.mark_words: dict[int, str] = {}
        """Per marked step, the mistake in words for the step list."""
        self.playback: Playback | None = None
        self.problem: str | None = None
        """Why the replay cannot be watched (the scene then shows only this)."""
        self.outcome: Outcome | None = None
        self.table: Table | None = None
        self.eyes: Eyes = None
        self.playing = False
        self.speed = 1.0
        self.hold_age = 0.0
        self.first_row = 0
        """The first position shown in the step list."""
        self.dragging = False
        self._rows: dict[tuple, pygame.Surface] = {}
        self.resize()
        app.after_frame.append(self.load)

    @property
    def ready(self) -> bool:
        """Opening is over: the replay plays, or `problem` says why it cannot."""
        return self.table is not None or self.problem is not None

    # -- opening -------------------------------------------------------------------------------

    def load(self) -> None:
        """Read and verify the replay; build the table at position 0."""
        try:
            playback = open_replay(self.path)
        except ReplayError as err:
            self.problem = _("This file cannot be opened as a replay: {why}").format(why=err)
            return
        except Exception as err:  # a file can hold anything: the window must not go down
            self.problem = _("This file cannot be opened as a replay: {why}").format(
                why=f"{type(err).__name__}: {err}"
            )
            return
        self.playback = playback
        self.outcome = verdict_words(playback.verdict, playback.length)
        remember_verdict(self.path, playback.verdict)
        if not playback.playable:
            self.problem = self.outcome.sentence
            return
        self.eyes = self._first_eyes()
        room = playback.header.get("room")
        if not playback.verdict.complete:
            self.kept = next((seat for seat in kept_local() if seat.room == room), None)
        self.resize()
        if self.start_position:
            self.jump(self.start_position)
        if playback.verdict.complete and (self.want_analysis or self._analysed()):
            self.start_analysis()

    def _analysed(self) -> bool:
        """The replay's analysis is in the cache: it is shown at once."""
        from game.replay.analysis import cache_path

        try:
            return cache_path(replay_hash(self.path.read_bytes())).exists()
        except OSError:
            return False

    def _first_eyes(self) -> Eyes:
        """The player's own seat if they played (a human seat of their name), else the
        first human seat, else a spectator's eyes."""
        assert self.playback is not None
        header = self.playback.header
        humans = [s for s in range(header["players"]) if seat_kind(header, s) == "human"]
        mine = [s for s in humans if seat_info(header, s)["name"] == self.app.settings.name]
        chosen = mine or humans
        return chosen[0] if chosen else None

    # -- the table -----------------------------------------------------------------------------

    def _make_table(self) -> None:
        playback = self.playback
        assert playback is not None
        header = playback.header
        players = header["players"]
        room = {
            "players": players,
            "seats": [seat_info(header, s) for s in range(players)],
        }
        seat = self.eyes if isinstance(self.eyes, int) else None
        host = TableHost(self.app, self.geo.table.size)
        self.table = CLIENT_GAMES[header["game"]].open(host, room, seat, replay=True)
        self.table.stage.director.speed = self.speed
        self._rows.clear()
        self.show()

    def view(self) -> dict:
        """What the eyes see at the current position."""
        assert self.playback is not None
        if self.eyes == OPEN:
            return self.playback.open_view()
        return self.playback.view(self.eyes if isinstance(self.eyes, int) else None)

    def show(self) -> None:
        """Rebuild the table from the view at the current position, nothing moving."""
        table, playback = self.table, self.playback
        assert table is not None and playback is not None
        view = self.view()
        table.show(view, playback.position)
        self.hold_age = 0.0
        self._follow()

    def jump(self, position: int) -> None:
        """Show `position` (clamped to the game) at once."""
        if self.playback is None or self.table is None:
            return
        self.playback.seek(max(0, min(self.playback.length, position)))
        self.show()

    def forward(self) -> bool:
        """Play the next step on the table, animated; False at the end."""
        playback, table = self.playback, self.table
        if playback is None or table is None or not playback.forward():
            return False
        events = playback.events(self.eyes if isinstance(self.eyes, int) else None)
        to_move = events[-1].get("to_move") if events and events[-1]["type"] == "next" else None
        table.feed({"step": playback.position, "events": events, "to_move": to_move})
        if self.eyes == OPEN:
            # Spectator's events hide what the open view shows: after the step, show it all.
            open_view = playback.open_view()

            def reveal() -> float:
                table.rebuild(open_view)
                return 0.0

            table.stage.director.add(reveal)
        self._follow()
        return True

    def set_eyes(self, eyes: Eyes) -> None:
        """Watch through `eyes` from here on (the table is laid out anew for them)."""
        if eyes == self.eyes or self.playback is None:
            return
        self.eyes = eyes
        self._make_table()
        self._sync_widgets()

    def set_speed(self, speed: float) -> None:
        self.speed = speed
        if self.table is not None:
            self.table.stage.director.speed = speed
        self._sync_widgets()

    # -- the analysis --------------------------------------------------------------------------

    def start_analysis(self) -> None:
        """Analyse the game in the background (a cached analysis comes back at once)."""
        if self.analysis_job is not None and not self.analysis_job.finished:
            return
        from game.replay.analysis import Background

        self.analysis, self.analysis_note = None, ""
        self.analysis_job = Background(self.path)
        self._sync_widgets()

    def cancel_analysis(self) -> None:
        """Stop the analysis running now (nothing of it is kept)."""
        if self.analysis_job is not None:
            self.analysis_job.cancel()

    def toggle_analysis(self) -> None:
        """The analyse button: start the analysis, or cancel the one running."""
        if self.analysis_job is not None and not self.analysis_job.finished:
            self.cancel_analysis()
        else:
            self.start_analysis()

    def set_estimates(self, kind: str) -> None:
        """Show each seat's own estimates ("fair") or how the game really stood ("seeing")."""
        self.estimates = kind
        self._sync_widgets()

    def _poll_analysis(self) -> None:
        """Take the background analysis's result or error once it has finished."""
        job = self.analysis_job
        if job is None or not job.finished or self.analysis is not None:
            return
        if job.result is not None:
            self.analysis = job.result
            self.mark_words = {m.step: self.mistake_words(m) for m in job.result.marks}
            self._rows.clear()
        elif job.error is not None:
            self.analysis_note = _("Analysis stopped: {why}").format(why=job.error)
        self.analysis_job = None
        self._sync_widgets()

    def mistake_words(self, mark: Mark) -> str:
        """A mistake in words: what was done and its chance, what was better and its chance
        (both actions worded as the step list words them, from the seat's view then)."""
        playback = self.playback
        assert playback is not None
        entry = playback.entries[mark.step - 1]
        game = playback.header["game"]
        chosen = CLIENT_GAMES[game].action_words(mark.action, entry.before)
        better = CLIENT_GAMES[game].action_words(mark.better, entry.before)
        return _("{chosen}: {mine}; {better}: {best}").format(
            chosen=chosen,
            mine=percent(mark.chosen.value),
            better=better,
            best=percent(mark.best.value),
        )

    def _analysis_status(self) -> str:
        """A line under the graph's chooser: progress, or why there is no graph."""
        job = self.analysis_job
        if job is not None:
            if not job.total:  # still reading the replay: no count yet
                return _("Analysing…")
            return _("Analysing… {done}/{total}").format(done=job.done, total=job.total)
        return self.analysis_note

    # -- transport -----------------------------------------------------------------------------

    def toggle_play(self) -> None:
        playback = self.playback
        if playback is None or self.table is None:
            return
        if not self.playing and playback.position >= playback.length:
            self.jump(0)  # at the end, Play starts the game again
        self.playing = not self.playing
        self._sync_widgets()

    def pause(self) -> None:
        self.playing = False
        self._sync_widgets()

    def step_back(self) -> None:
        self.pause()
        if self.playback is not None:
            self.jump(self.playback.position - 1)

    def step_on(self) -> None:
        self.pause()
        self.forward()

    def to_start(self, kind: str, later: bool) -> None:
        """Jump to the start of the previous or next round or turn."""
        if self.playback is None:
            return
        self.jump(self.playback.next_start(kind) if later else self.playback.previous_start(kind))

    def _position_at(self, x: int) -> int:
        assert self.playback is not None
        return graph.position_at(self.geo.scrub, x, self.playback.length)

    # -- layout and widgets --------------------------------------------------------------------

    def resize(self) -> None:
        self.geo = layout.viewer(self.size)
        geo = self.geo
        self._rows.clear()
        if self.playback is not None and self.playback.playable:
            self._make_table()
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
            lambda: self.to_start("round", False),
            lambda: self.to_start("turn", False),
            self.step_back,
            self.toggle_play,
            self.step_on,
            lambda: self.to_start("turn", True),
            lambda: self.to_start("round", True),
        ]
        self.transport = [
            widgets.Button(rect, label, action, style="primary" if k == 3 else "normal")
            for k, (rect, label, action) in enumerate(zip(geo.buttons, labels, actions))
        ]
        self.play_button = self.transport[3]
        self.speed_choice = widgets.Choice(
            geo.speed,
            [(v, f"{v:g}×") for v in SPEEDS],
            self.speed,
            on_change=self.set_speed,
        )
        self.eyes_choice = widgets.Choice(
            geo.eyes, self._eyes_options(), self.eyes, on_change=self.set_eyes, cycle=True
        )
        self.back_button = widgets.Button(
            geo.back, _("Back to the list") if self.from_list else _("Back"), self.leave
        )
        self.estimates_choice = widgets.Choice(
            geo.estimates,
            [("fair", _("Own view")), ("seeing", _("All cards"))],
            self.estimates,
            on_change=self.set_estimates,
        )
        self.analyse_button = widgets.Button(geo.analyse, _("Analyse"), self.toggle_analysis)
        self.play_on_button = widgets.Button(geo.play_on, _("Play on from here"), self.ask_play_on)
        self._sync_widgets()

    def _eyes_options(self) -> list[tuple[Eyes, str]]:
        if self.playback is None:
            return [(None, _("Spectator"))]
        header = self.playback.header
        seats: list[tuple[Eyes, str]] = [
            (s, _("{number}: {name}").format(number=s + 1, name=self.shown_name(s)))
            for s in range(header["players"])
        ]
        return seats + [(None, _("Spectator")), (OPEN, _("All cards open"))]

    def _sync_widgets(self) -> None:
        self.play_button.label = _("Pause") if self.playing else pgettext("replay", "Play")
        usable = self.table is not None
        running = self.analysis_job is not None
        self.analyse_button.label = _("Cancel") if running else _("Analyse")
        self.analyse_button.enabled = usable and (
            running or (self.playback is not None and self.playback.verdict.complete)
        )
        self.analyse_button.visible = self.analysis is None
        self.estimates_choice.visible = self.analysis is not None
        self.estimates_choice.index = ESTIMATES.index(self.estimates)
        if self.kept is not None:
            self.play_on_button.label = _("Continue this game")
            self.play_on_button.enabled = usable
        else:
            self.play_on_button.enabled = (
                usable and self.playback is not None and self.playback.verdict.complete
            )
        for button in self.transport:
            button.enabled = usable
        rounds = self.table is not None and self.table.ROUNDS
        self.transport[0].visible = self.transport[-1].visible = rounds
        self.speed_choice.enabled = self.eyes_choice.enabled = usable
        self.speed_choice.index = SPEEDS.index(self.speed)
        self.eyes_choice.index = next(
            (i for i, (v, _) in enumerate(self.eyes_choice.options) if v == self.eyes), 0
        )

    def leave(self) -> None:
        self.app.pop(self)

    # -- play on -------------------------------------------------------------------------------

    def ask_play_on(self) -> None:
        """Offer to play on from the step shown: which seat to take, the other seats' bots,
        and whether with the same cards still to come or with the unseen cards shuffled
        anew (PlayOnDialog). The player's own unfinished game is continued instead, where it
        was left."""
        if self.kept is not None:
            kept = self.kept
            self.app.to_title()  # the viewer is done with
            continue_local(self.app, kept)
            return
        playback = self.playback
        if playback is None or not playback.playable or not playback.verdict.complete:
            return
        self.pause()
        position = playback.position
        mark = self.mark_shown()
        # A player who stops on a mistake wants to try the better move: the game goes on
        # from the decision, not after it.
        self.play_from = playback.position if mark is None else mark.step - 1
        if mark is None and playback.state().is_over:
            self.app.push(
                Dialog(
                    self.app,
                    _("Play on from here"),
                    _("The game is over at this step: go back to an earlier one."),
                    [(_("OK"), None)],
                )
            )
            return
        header = playback.header
        names = [self.shown_name(s) for s in range(header["players"])]
        playback.seek(self.play_from)
        mover = playback.state().to_move
        playback.seek(position)
        assert mover is not None  # not over: a step was decided there, or is to be
        first = names[mover]
        if mark is not None:
            entry = playback.entries[mark.step - 1]
            start = _(
                "From step {step}, before {name}'s choice ({action}): {first} decides first."
            ).format(
                step=number(mark.step),
                name=names[mark.seat],
                action=CLIENT_GAMES[header["game"]].action_words(mark.action, entry.before),
                first=first,
            )
        else:
            start = _("The game goes on with step {step}: {first} decides first.").format(
                step=number(position + 1), first=first
            )
        seat = mark.seat if mark is not None else 0
        self.app.push(PlayOnDialog(self.app, start, names, bot_levels(header), self.play_on, seat))

    def mark_shown(self) -> Mark | None:
        """The analysis's mark of the step the cursor stands on (right after it), if any."""
        if self.playback is None:
            return None
        position = self.playback.position
        marks = (
            self.analysis.marks
            if self.analysis is not None
            else [self.mark]
            if self.mark is not None
            else []
        )
        return next((m for m in marks if m.step == position), None)

    def play_on(self, seat: int, mode: str, levels: tuple[str, ...]) -> None:
        """A new local game from the step shown, the player at `seat` and bots of `levels`
        (per seat) at the other seats, the cards as they were or reshuffled (mode, see
        game/replay/origin.py)."""
        playback = self.playback
        if playback is None:
            return
        try:
            digest = replay_hash(self.path.read_bytes())
        except OSError as err:
            self.app.push(Dialog(self.app, _("Cannot start a game"), str(err), [(_("OK"), None)]))
            return
        playback.seek(self.play_from)
        state = playback.state()
        origin = {
            "replay": digest,
            "step": state.step,
            "mode": mode,
            "snapshot": state.to_snapshot(),
        }
        header = playback.header
        self.app.to_title()  # the viewer is done with (exit cancels its analysis)
        start_local(
            self.app,
            header["game"],
            header["players"],
            "normal",
            {},
            play_on=PlayOn(origin, seat, levels),
        )

    def exit(self) -> None:
        self.cancel_analysis()

    def shown_name(self, seat: int) -> str:
        """The seat's name as the viewer shows it: the table's (bots of one name told
        apart), or the replay header's before there is a table."""
        if self.table is not None:
            return self.table.seats.name(seat)
        assert self.playback is not None
        return seat_name(seat_info(self.playback.header, seat))

    # -- the step list -------------------------------------------------------------------------

    @property
    def row_h(self) -> int:
        """The least height of a step-list row (with the gap under it)."""
        return layout.px(44, self.geo.s, 28)

    def shown_rows(self) -> list[tuple[int, pygame.Rect]]:
        """The positions the step list shows now from `first_row` down, each with its row's
        rect: as many whole rows as fit (at least one), each as tall as its wrapped words."""
        if self.playback is None or self.table is None:
            return []
        steps = self.geo.steps
        out: list[tuple[int, pygame.Rect]] = []
        y = steps.top
        for position in range(self.first_row, self.playback.length + 1):
            height = self._row_surface(position, False).get_height()
            if out and y + height > steps.bottom:
                break
            out.append((position, pygame.Rect(steps.left, y, steps.width, height)))
            y += height + 2
        return out

    def _follow(self) -> None:
        """Scroll the step list so that the current step is in view, with a row of context
        after it while the game goes on (and some before, when it jumps)."""
        if self.playback is None:
            return
        here = self.playback.position
        shown = [position for position, _rect in self.shown_rows()]
        if here < self.first_row + 1 or here not in shown[:-1]:
            self.first_row = max(0, here - len(shown) // 3)
        while self.first_row < here:
            shown = [position for position, _rect in self.shown_rows()]
            if here in shown[:-1] or shown[-1] == here == self.playback.length:
                break
            self.first_row += 1
        self.first_row = min(self.first_row, self._last_first())

    def _last_first(self) -> int:
        """The first row that shows the game's last step at the bottom of a full list."""
        assert self.playback is not None
        room = self.geo.steps.height
        first = self.playback.length
        while first > 0:
            room -= self._row_surface(first, False).get_height() + 2
            if room < self._row_surface(first - 1, False).get_height():
                break
            first -= 1
        return first

    def row_rect(self, position: int) -> pygame.Rect | None:
        """Where the step list shows `position` now, or None when it is scrolled out."""
        return next((rect for shown, rect in self.shown_rows() if shown == position), None)

    def row_at(self, pos: tuple[int, int]) -> int | None:
        """The position of the step-list row at screen point `pos`, if any."""
        if not self.geo.steps.collidepoint(pos):
            return None
        return next(
            (shown for shown, rect in self.shown_rows() if rect.top <= pos[1] < rect.bottom + 2),
            None,
        )

    def step_texts(self, position: int) -> tuple[str, str]:
        """The step list's two lines for `position`: who did what, and what happened as the
        current eyes saw it (the open view: as the acting seat saw it)."""
        playback, table = self.playback, self.table
        assert playback is not None and table is not None
        game = playback.header["game"]
        if position == 0:
            return "   0  " + _("The deal"), _("the cards are dealt")
        entry = playback.entries[position - 1]
        name = table.seats.name(entry.seat)
        by = _(" (a bot for the player)") if entry.stand_in else ""
        hinted = _(" (after a hint)") if entry.hinted else ""
        seat = entry.seat if self.eyes == OPEN else self.eyes
        words = CLIENT_GAMES[game].action_words(entry.action, entry.before)
        # TRANSLATORS: a step of a replay: who (with "(a bot for the player)" or "(after a
        # hint)" where so) and what they did.
        did = _("{name}: {action}").format(name=f"{name}{by}{hinted}", action=words)
        first = f"{position:>4}  {did}"
        if position in self.mark_words:
            return "! " + first, self.mark_words[position]
        events = playback.events(seat if isinstance(seat, int) else None, position)
        return first, CLIENT_GAMES[game].events_line(events, table.seats.name)

    def row_lines(self, position: int) -> list[tuple[str, int]]:
        """The step list's lines for `position` as drawn, each with its font size: the
        step's two texts (`step_texts`) wrapped to the list's width, nothing cut off."""
        s = self.geo.s
        big, small = layout.px(19, s, 12), layout.px(16, s, 11)
        width = self.geo.steps.width - layout.px(14, s)
        first, second = self.step_texts(position)
        return [(line, big) for line in widgets.wrap(first, big, width)] + [
            (line, small) for line in widgets.wrap(second, small, width)
        ]

    def _row_surface(self, position: int, current: bool) -> pygame.Surface:
        width = self.geo.steps.width
        key = (position, self.eyes, width, current)
        surf = self._rows.get(key)
        if surf is None:
            if len(self._rows) > 300:
                self._rows.clear()
            s = self.geo.s
            lines = self.row_lines(position)
            big = lines[0][1]
            if position in self.mark_words:
                low = palette.DANGER
            else:
                low = palette.TEXT if current else palette.TEXT_DIM
            high = (255, 240, 190) if current else palette.TEXT
            pictures = [
                widgets.text(line, size, high if size == big else low) for line, size in lines
            ]
            pad = layout.px(5, s, 3)
            inner = sum(picture.get_height() for picture in pictures)
            surf = pygame.Surface((width, max(self.row_h - 2, inner + 2 * pad)), pygame.SRCALPHA)
            if current:
                pygame.draw.rect(surf, (92, 72, 18), surf.get_rect(), border_radius=6)
                pygame.draw.rect(surf, palette.ACCENT, surf.get_rect(), 2, border_radius=6)
            x, y = layout.px(7, s), (surf.get_height() - inner) // 2
            for picture in pictures:
                surf.blit(picture, (x, y))
                y += picture.get_height()
            self._rows[key] = surf
        return surf

    # -- input ---------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        if self.back_button.handle(event):
            return
        if self.table is None:
            return
        widgets_now = [*self.transport, self.speed_choice, self.eyes_choice, self.play_on_button]
        widgets_now.append(self.analyse_button if self.analysis is None else self.estimates_choice)
        for widget in widgets_now:
            if widget.handle(event):
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            on_graph = self.analysis is not None and self.geo.graph.collidepoint(event.pos)
            if on_graph or self.geo.scrub.inflate(0, 12).collidepoint(event.pos):
                self.dragging = True
                self.pause()
                self.jump(self._position_at(event.pos[0]))
                return
            row = self.row_at(event.pos)
            if row is not None:
                self.pause()
                self.jump(row)
                return
        elif event.type == pygame.MOUSEMOTION and self.dragging:
            self.jump(self._position_at(event.pos[0]))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dragging = False
        elif event.type == pygame.MOUSEWHEEL:
            mouse = pygame.mouse.get_pos()
            if self.geo.steps.collidepoint(mouse) and self.playback is not None:
                self.first_row = max(0, min(self._last_first(), self.first_row - event.y * 3))
            elif self.geo.table.collidepoint(mouse):
                self.table.handle(event)  # e.g. look along Quäsenbö's long played row

    def _key(self, event: pygame.event.Event) -> None:
        key = event.key
        if key == pygame.K_ESCAPE:
            self.leave()
            return
        if self.table is None or self.playback is None:
            return
        moves = {
            pygame.K_SPACE: self.toggle_play,
            pygame.K_RIGHT: self.step_on,
            pygame.K_LEFT: self.step_back,
            pygame.K_RIGHTBRACKET: lambda: self.to_start("turn", True),
            pygame.K_LEFTBRACKET: lambda: self.to_start("turn", False),
            pygame.K_PAGEDOWN: lambda: self.to_start("round", True),
            pygame.K_PAGEUP: lambda: self.to_start("round", False),
            pygame.K_HOME: lambda: self.jump(0),
            pygame.K_END: lambda: self.jump(self.playback.length),  # type: ignore[union-attr]
            pygame.K_TAB: lambda: self.eyes_choice.step(-1 if event.mod & pygame.KMOD_SHIFT else 1),
            pygame.K_o: lambda: self.set_eyes(OPEN),
            pygame.K_s: lambda: self.set_eyes(None),
            pygame.K_p: self.ask_play_on,
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
            k = SPEEDS.index(self.speed) + (
                1 if key not in (pygame.K_MINUS, pygame.K_KP_MINUS) else -1
            )
            self.set_speed(SPEEDS[max(0, min(len(SPEEDS) - 1, k))])
        elif pygame.K_1 <= key <= pygame.K_9 and key - pygame.K_1 < self.playback.header["players"]:
            self.set_eyes(key - pygame.K_1)

    # -- time ----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self._poll_analysis()
        table, playback = self.table, self.playback
        if table is None or playback is None:
            return
        table.update(dt)
        if table.hold is not None:
            # A round's or the game's end: a moment to see it, then the replay goes on.
            self.hold_age += dt
            if self.hold_age >= HOLD_PAUSE / self.speed:
                self.hold_age = 0.0
                table.release()
        elif self.playing and table.stage.director.idle:
            if not self.forward():
                self.pause()

    @property
    def busy(self) -> bool:
        return (
            self.playing
            or self.dragging
            or self.analysis_job is not None
            or (self.table is not None and self.table.busy)
        )

    # -- drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        geo = self.geo
        s = geo.s
        if self.table is not None:
            self.table.draw(surface.subsurface(geo.table))
            if self.eyes == OPEN:
                self._draw_open_banner(surface)
        else:
            surface.blit(widgets.felt(geo.table.size), geo.table.topleft)
            words = self.problem or _("Opening the replay and verifying it…")
            size = layout.px(26, s, 13)
            y = geo.table.centery - size * 2
            for line in widgets.wrap(words, size, geo.table.width - layout.px(80, s)):
                widgets.blit_text(
                    surface,
                    line,
                    size,
                    palette.TEXT,
                    pygame.Rect(geo.table.left, y, geo.table.width, size + 6),
                )
                y += size + 8
        pygame.draw.rect(surface, palette.PANEL, geo.controls)
        pygame.draw.rect(surface, palette.PANEL, geo.side)
        pygame.draw.line(surface, palette.PANEL_EDGE, geo.side.topleft, geo.side.bottomleft, 2)
        pygame.draw.line(
            surface,
            palette.PANEL_EDGE,
            geo.controls.topleft,
            (geo.controls.right, geo.controls.top),
            2,
        )
        self._draw_header(surface)
        if self.table is not None:
            self._draw_graph(surface)
            self._draw_scrub(surface)
            self._draw_steps(surface)
            widgets.blit_text(
                surface, _("Eyes"), layout.px(20, s, 12), palette.TEXT_DIM, geo.eyes_label, "left"
            )
            self.eyes_choice.draw(surface)
            for button in self.transport:
                button.draw(surface)
            self.speed_choice.draw(surface)
            self._draw_keys(surface)
        self.back_button.draw(surface)
        self.play_on_button.draw(surface)

    def _draw_open_banner(self, surface: pygame.Surface) -> None:
        """All cards open: a frame round the table and a banner over its top bar, so that
        nobody takes it for what a player saw."""
        table = self.table
        assert table is not None
        s = self.geo.s
        pygame.draw.rect(surface, palette.ACCENT, self.geo.table, layout.px(4, s, 3))
        bar = table.geo.topbar
        pygame.draw.rect(surface, palette.ACCENT, bar)
        widgets.blit_text(
            surface,
            _("ALL CARDS OPEN  –  every hand and face-down card is shown; no player saw this"),
            layout.px(22, s, 12),
            palette.TEXT_DARK,
            bar.inflate(-layout.px(16, s), 0),
        )

    def _draw_header(self, surface: pygame.Surface) -> None:
        geo = self.geo
        s = geo.s
        rect = geo.header
        title = layout.px(26, s, 14)
        small = layout.px(16, s, 11)
        playback = self.playback
        if playback is None:
            widgets.blit_text(
                surface,
                _("Replay"),
                title,
                palette.ACCENT,
                pygame.Rect(rect.left, rect.top, rect.width, title + 4),
                "left",
            )
            widgets.blit_text(
                surface,
                self.path.name,
                small,
                palette.TEXT_DIM,
                pygame.Rect(rect.left, rect.top + title + 8, rect.width, small + 4),
                "left",
            )
            return
        header = playback.header
        game = game_title(header["game"])
        when = date_time(datetime.fromtimestamp(header["created"]))
        steps = len(playback.replay.steps)
        lines = [
            (_("Replay · {game}").format(game=game), title, palette.ACCENT),
            (
                ", ".join(self.shown_name(seat) for seat in range(header["players"])),
                small,
                palette.TEXT,
            ),
            (
                f"{when}  ·  " + ngettext("{n} step", "{n} steps", steps).format(n=number(steps)),
                small,
                palette.TEXT_DIM,
            ),
        ]
        y = rect.top
        for words, size, color in lines:
            picture = widgets.elided(words, size, color, rect.width)
            surface.blit(picture, (rect.left, y))
            y += picture.get_height() + layout.px(3, s)
        if self.outcome is not None:
            color = self.outcome.color
            for line in widgets.wrap(self.outcome.sentence, small, rect.width)[:3]:
                widgets.blit_text(
                    surface,
                    line,
                    small,
                    color,
                    pygame.Rect(rect.left, y, rect.width, small + 2),
                    "left",
                )
                y += small + 2

    def _draw_graph(self, surface: pygame.Surface) -> None:
        """The analysis's graph with its chooser, or the button and progress that lead to it."""
        playback = self.playback
        assert playback is not None
        geo = self.geo
        s = geo.s
        analysis = self.analysis
        if analysis is not None:
            marks = [(m.step, m.seat) for m in analysis.marks]
            curve = analysis.curve(self.estimates)
            graph.draw(surface, geo.graph, curve, playback.length, playback.position, marks, s)
            self.estimates_choice.draw(surface)
            self._draw_chances(surface, curve)
            self._draw_legend(surface, len(curve[0]) if curve else 0)
            return
        pygame.draw.rect(surface, (20, 24, 30), geo.graph, border_radius=6)
        job = self.analysis_job
        if job is not None and job.total:
            done = geo.graph.inflate(-8, 0)
            done.height = layout.px(8, s, 4)
            done.bottom = geo.graph.bottom - 6
            pygame.draw.rect(surface, palette.PANEL_EDGE, done, border_radius=3)
            done.width = round(done.width * job.done / job.total)
            pygame.draw.rect(surface, palette.ACCENT, done, border_radius=3)
        words = self._analysis_status() or _(
            "Win chances over the game: press Analyse (the game must be over)."
        )
        widgets.blit_text(surface, words, layout.px(18, s, 11), palette.TEXT_DIM, geo.graph)
        self.analyse_button.draw(surface)

    def _draw_legend(self, surface: pygame.Surface, seats: int) -> None:
        """Above the graph: each seat's name beside a stroke of its line's colour, then what
        the lines mean in the view chosen."""
        band = self.geo.legend
        size = widgets.MIN_SIZE
        line = widgets.line_height(size)
        width = band.width // max(1, seats)
        stroke = layout.px(18, self.geo.s, 10)
        for seat in range(seats):
            color = graph.seat_color(seat)
            cell = pygame.Rect(band.left + seat * width, band.top, width, line)
            mid = cell.centery
            pygame.draw.line(surface, color, (cell.left, mid), (cell.left + stroke, mid), 3)
            name = cell.inflate(-(stroke + 6), 0)
            name.left = cell.left + stroke + 4
            widgets.blit_text(surface, self.shown_name(seat), size, color, name, "left")
        meaning = pygame.Rect(band.left, band.top + line, band.width, line)
        widgets.blit_text(
            surface, _(ESTIMATES_MEANING[self.estimates]), size, palette.TEXT_DIM, meaning, "left"
        )

    def _draw_chances(self, surface: pygame.Surface, curve: list[list[float]]) -> None:
        """Each seat's chance at the position shown, in its line's colour, under the chooser."""
        playback = self.playback
        assert playback is not None
        point = curve[min(playback.position, len(curve) - 1)]
        rect = self.geo.analyse
        size = layout.px(17, self.geo.s, 10)
        width = rect.width // max(1, len(point))
        for seat, chance in enumerate(point):
            color = graph.seat_color(seat)
            cell = pygame.Rect(rect.left + seat * width, rect.top, width, rect.height)
            widgets.blit_text(surface, percent(chance), size, color, cell)

    def _draw_scrub(self, surface: pygame.Surface) -> None:
        playback = self.playback
        assert playback is not None
        geo = self.geo
        s = geo.s
        bar = geo.scrub
        track = bar.inflate(0, -bar.height // 2)
        pygame.draw.rect(surface, (20, 24, 30), track, border_radius=track.height // 2)
        length = max(1, playback.length)
        done = track.copy()
        done.width = round(track.width * playback.position / length)
        if done.width > 0:
            pygame.draw.rect(surface, (150, 118, 40), done, border_radius=track.height // 2)
        starts = playback.round_starts
        if len(starts) > 1 and len(starts) < track.width // 4:
            for start in starts[1:]:
                x = track.left + round(track.width * start / length)
                pygame.draw.line(surface, palette.TEXT_DIM, (x, bar.top + 2), (x, bar.bottom - 2))
        knob = self.knob_rect()
        pygame.draw.circle(surface, palette.ACCENT, knob.center, knob.width // 2)
        pygame.draw.circle(surface, palette.TEXT_DARK, knob.center, knob.width // 2, 2)
        rounds = len(starts)
        where = _("step {n} of {total}").format(n=playback.position, total=playback.length)
        if rounds > 1:
            where += " · " + _("round {n}").format(n=playback.round_of() + 1)
        size = layout.px(18, s, widgets.MIN_SIZE)
        lines = widgets.wrap(where, size, geo.position.width, " · ")
        step = widgets.line_height(size)
        y = geo.position.centery - len(lines) * step // 2
        for line in lines:
            widgets.blit_text(
                surface,
                line,
                size,
                palette.TEXT,
                pygame.Rect(geo.position.left, y, geo.position.width, step),
                "left",
            )
            y += step

    def knob_rect(self) -> pygame.Rect:
        """The scrub knob's box at the position shown."""
        assert self.playback is not None
        bar = self.geo.scrub
        radius = layout.knob_radius(bar.height)
        x = bar.left + round(bar.width * self.playback.position / max(1, self.playback.length))
        return pygame.Rect(x - radius, bar.centery - radius, 2 * radius + 1, 2 * radius + 1)

    def _draw_steps(self, surface: pygame.Surface) -> None:
        playback = self.playback
        assert playback is not None
        pygame.draw.rect(surface, (22, 26, 34), self.geo.steps, border_radius=6)
        for position, rect in self.shown_rows():
            surface.blit(self._row_surface(position, position == playback.position), rect)

    def _draw_keys(self, surface: pygame.Surface) -> None:
        size = widgets.MIN_SIZE
        rect = self.geo.keys
        moves = _("Space play · Left/Right step · [ ] turn · PgUp/PgDn round")
        if self.table is None or not self.table.ROUNDS:
            moves = _("Space play · Left/Right step · [ ] turn")
        words = " · ".join(
            [
                moves,
                _("+/− speed · 1–9 a seat · S spectator · O all open · Tab next eyes · P play on"),
            ]
        )
        lines = widgets.wrap(words, size, rect.width, " · ")
        step = widgets.line_height(size)
        y = rect.top + max(0, (rect.height - len(lines) * step) // 2)
        for line in lines:
            widgets.blit_text(
                surface,
                line,
                size,
                palette.TEXT_DIM,
                pygame.Rect(rect.left, y, rect.width, step),
                "left",
            )
            y += step
