"""The replay viewer: a replay played on the game's own table with the same animations –
play, pause, step, jump to a round or turn, scrub, speed, and whose eyes to watch through –
beside the step list in words, after verifying the replay on open; above the scrub bar, the
finished game's win-chance analysis (game/replay/analysis.py) with its marked mistakes."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.client import graph, layout, widgets
from game.client.config import Settings
from game.client.games import CLIENT_GAMES
from game.client.hosting import kept_local
from game.client.kept import KeptSeat
from game.client.players import seat_name
from game.client.scenes import Host, Scene, viewer_parts
from game.client.scenes.analysis_panel import AnalysisPanel
from game.client.scenes.opening import analysed, first_eyes, open_to_watch
from game.client.scenes.playing_on import PlayOnOffer
from game.client.scenes.steplist import OPEN, Eyes, StepList
from game.client.scenes.verdicts import Outcome, verdict_words
from game.client.scenes.viewer_controls import Controls
from game.client.sound import Sound
from game.client.tables import Table
from game.replay.library import remember_verdict
from game.replay.playback import Playback, seat_info

if TYPE_CHECKING:  # the analysis is loaded when first asked for (memory at start)
    from game.replay.analysis import Analysis, Background, Mark

HOLD_PAUSE = 1.4
"""Seconds (at speed 1) a round's or the game's end stays on the table before play goes on."""


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
        self.panel = AnalysisPanel(self.path, self._sync_widgets)
        """The analysis: the job, the graph and the marked mistakes' words."""
        self.offer = PlayOnOffer(app, self.path, self)
        self.playback: Playback | None = None
        self.problem: str | None = None
        """Why the replay cannot be watched (the scene then shows only this)."""
        self.outcome: Outcome | None = None
        self.table: Table | None = None
        self.eyes: Eyes = None
        self.playing = False
        self.speed = 1.0
        self.hold_age = 0.0
        self.dragging = False
        self.steps = StepList(self)
        self.controls = Controls(self)
        self.resize()
        app.after_frame.append(self.load)

    @property
    def ready(self) -> bool:
        """Opening is over: the replay plays, or `problem` says why it cannot."""
        return self.table is not None or self.problem is not None

    # -- opening -------------------------------------------------------------------------------

    def load(self) -> None:
        """Read and verify the replay; build the table at position 0."""
        playback = open_to_watch(self.path)
        if isinstance(playback, str):
            self.problem = playback
            return
        self.playback = playback
        self.outcome = verdict_words(playback.verdict, playback.length)
        remember_verdict(self.path, playback.verdict)
        if not playback.playable:
            self.problem = self.outcome.sentence
            return
        self.eyes = first_eyes(playback.header, self.app.settings.name)
        room = playback.header.get("room")
        if not playback.verdict.complete:
            self.offer.kept = next((seat for seat in kept_local() if seat.room == room), None)
        self.resize()
        if self.start_position:
            self.jump(self.start_position)
        if playback.verdict.complete and (self.want_analysis or analysed(self.path)):
            self.start_analysis()

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
        self.steps.cache.clear()
        self.show()

    def view(self) -> dict[str, Any]:
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
        self.steps.follow()

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
        self.steps.follow()
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

    @property
    def analysis(self) -> Analysis | None:
        return self.panel.analysis

    @property
    def analysis_job(self) -> Background | None:
        return self.panel.job

    @property
    def analysis_note(self) -> str:
        return self.panel.note

    @property
    def estimates(self) -> str:
        return self.panel.estimates

    @property
    def mark_words(self) -> dict[int, str]:
        return self.panel.mark_words

    @property
    def analyse_button(self) -> widgets.Button:
        return self.panel.analyse_button

    @property
    def estimates_choice(self) -> widgets.Choice:
        return self.panel.estimates_choice

    def start_analysis(self) -> None:
        self.panel.start()

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
        self.steps.cache.clear()
        if self.playback is not None and self.playback.playable:
            self._make_table()
        self.controls.build(geo)
        self.panel.build(geo)
        self._sync_widgets()

    def _sync_widgets(self) -> None:
        self.controls.sync()
        self.panel.sync(
            self.table is not None, self.playback is not None and self.playback.verdict.complete
        )

    @property
    def transport(self) -> list[widgets.Button]:
        return self.controls.transport

    @property
    def play_button(self) -> widgets.Button:
        return self.controls.play_button

    @property
    def eyes_choice(self) -> widgets.Choice:
        return self.controls.eyes_choice

    @property
    def back_button(self) -> widgets.Button:
        return self.controls.back_button

    @property
    def play_on_button(self) -> widgets.Button:
        return self.controls.play_on_button

    def leave(self) -> None:
        self.app.pop(self)

    # -- play on -------------------------------------------------------------------------------

    def ask_play_on(self) -> None:
        self.offer.ask()

    def mark_shown(self) -> Mark | None:
        return self.offer.mark_shown()

    def play_on(self, seat: int, mode: str, levels: tuple[str, ...]) -> None:
        self.offer.play_on(seat, mode, levels)

    @property
    def kept(self) -> KeptSeat | None:
        return self.offer.kept

    @property
    def play_from(self) -> int:
        return self.offer.play_from

    @play_from.setter
    def play_from(self, position: int) -> None:
        self.offer.play_from = position

    def exit(self) -> None:
        self.panel.cancel()

    def shown_name(self, seat: int) -> str:
        """The seat's name as the viewer shows it: the table's (bots of one name told
        apart), or the replay header's before there is a table."""
        if self.table is not None:
            return self.table.seats.name(seat)
        assert self.playback is not None
        return seat_name(seat_info(self.playback.header, seat))

    # -- the step list -------------------------------------------------------------------------

    @property
    def first_row(self) -> int:
        """The first position shown in the step list."""
        return self.steps.first

    def shown_rows(self) -> list[tuple[int, pygame.Rect]]:
        return self.steps.shown_rows()

    def row_rect(self, position: int) -> pygame.Rect | None:
        return self.steps.row_rect(position)

    def row_at(self, pos: tuple[int, int]) -> int | None:
        return self.steps.row_at(pos)

    def step_texts(self, position: int) -> tuple[str, str]:
        return self.steps.step_texts(position)

    def row_lines(self, position: int) -> list[tuple[str, int]]:
        return self.steps.row_lines(position)

    # -- input ---------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self.controls.key(event)
            return
        if self.back_button.handle(event):
            return
        if self.table is None:
            return
        if self.controls.handle(event) or self.panel.widget.handle(event):
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
                self.steps.scroll(-event.y * 3)
            elif self.geo.table.collidepoint(mouse):
                self.table.handle(event)  # e.g. look along Quäsenbö's long played row

    # -- time ----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.panel.poll(self.playback):
            self.steps.cache.clear()
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
        if self.table is not None:
            self.table.draw(surface.subsurface(geo.table))
            if self.eyes == OPEN:
                viewer_parts.draw_open_banner(surface, geo, self.table.geo.topbar)
        else:
            viewer_parts.draw_opening(surface, geo, self.problem)
        viewer_parts.draw_frame(surface, geo)
        names = (
            [self.shown_name(seat) for seat in range(self.playback.header["players"])]
            if self.playback is not None
            else []
        )
        viewer_parts.draw_header(surface, geo, self.path, self.playback, names, self.outcome)
        if self.table is not None:
            assert self.playback is not None  # a table shows a playback
            self.panel.draw(surface, geo, self.playback, self.shown_name)
            viewer_parts.draw_scrub(surface, geo, self.playback)
            self.steps.draw(surface)
            self.controls.draw(surface, geo)
            viewer_parts.draw_keys(surface, geo.keys, self.table.ROUNDS)
        self.controls.back_button.draw(surface)
        self.controls.play_on_button.draw(surface)

    def knob_rect(self) -> pygame.Rect:
        """The scrub knob's box at the position shown."""
        assert self.playback is not None
        return viewer_parts.knob_rect(self.geo, self.playback)
