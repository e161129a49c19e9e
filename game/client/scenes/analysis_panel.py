"""The replay viewer's analysis panel: the win-chance analysis run in the background, its
graph with the marked mistakes, the legend and the chances at the step shown, or the button
and progress that lead to it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.client import graph, layout, palette, widgets
from game.client.games import CLIENT_GAMES
from game.client.i18n import N_, _, percent
from game.replay.playback import Playback

if TYPE_CHECKING:  # the analysis is loaded when first asked for (memory at start)
    from game.replay.analysis import Analysis, Background, Mark

ESTIMATES = ("fair", "seeing")
"""The graph's two views (Analysis.curve): each seat's own estimate, or every card seen."""
ESTIMATES_MEANING = {
    "fair": N_("Each player's own estimate, from their cards – they need not add up to 100 %"),
    "seeing": N_("Each player's chance with every card seen: how the game really stood"),
}
"""What the graph's lines show in each view, written under its legend."""


def mistake_words(mark: Mark, playback: Playback) -> str:
    """A mistake in words: what was done and its chance, what was better and its chance
    (both actions worded as the step list words them, from the seat's view then)."""
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


class AnalysisPanel:
    """The analysis of the replay at `path`; `changed` is called when the panel's state
    changes what the viewer's controls offer."""

    def __init__(self, path: Path, changed: Callable[[], None]) -> None:
        self.path = path
        self.changed = changed
        self.job: Background | None = None
        self.analysis: Analysis | None = None
        self.note = ""
        """Why there is no analysis (cancelled, or the game cannot be analysed)."""
        self.estimates = "fair"
        self.mark_words: dict[int, str] = {}
        """Per marked step, the mistake in words for the step list."""
        self.analyse_button: widgets.Button
        self.estimates_choice: widgets.Choice
        """Both laid out by `build`."""

    def build(self, geo: layout.Viewer) -> None:
        """The panel's widgets laid out in `geo`."""
        self.estimates_choice = widgets.Choice(
            geo.estimates,
            [("fair", _("Own view")), ("seeing", _("All cards"))],
            self.estimates,
            on_change=self.set_estimates,
        )
        self.analyse_button = widgets.Button(geo.analyse, _("Analyse"), self.toggle)

    def sync(self, usable: bool, complete: bool) -> None:
        """The widgets as the state is (`usable`: the replay plays; `complete`: the game is
        over, so that it can be analysed)."""
        running = self.job is not None
        self.analyse_button.label = _("Cancel") if running else _("Analyse")
        self.analyse_button.enabled = usable and (running or complete)
        self.analyse_button.visible = self.analysis is None
        self.estimates_choice.visible = self.analysis is not None
        self.estimates_choice.index = ESTIMATES.index(self.estimates)

    @property
    def widget(self) -> widgets.Button | widgets.Choice:
        """The panel's widget that takes input now."""
        return self.analyse_button if self.analysis is None else self.estimates_choice

    def start(self) -> None:
        """Analyse the game in the background (a cached analysis comes back at once)."""
        if self.job is not None and not self.job.finished:
            return
        self.analysis, self.note = None, ""
        from game.replay.analysis import Background

        self.job = Background(self.path)
        self.changed()

    def cancel(self) -> None:
        """Stop the analysis running now (nothing of it is kept)."""
        if self.job is not None:
            self.job.cancel()

    def toggle(self) -> None:
        """The analyse button: start the analysis, or cancel the one running."""
        if self.job is not None and not self.job.finished:
            self.cancel()
        else:
            self.start()

    def set_estimates(self, kind: str) -> None:
        """Show each seat's own estimates ("fair") or how the game really stood ("seeing")."""
        self.estimates = kind
        self.changed()

    def poll(self, playback: Playback | None) -> bool:
        """Take the background analysis's result or error once it has finished; True when
        marks came (the step list words them)."""
        job = self.job
        if job is None or not job.finished or self.analysis is not None:
            return False
        marked = False
        if job.result is not None:
            assert playback is not None
            self.analysis = job.result
            self.mark_words = {m.step: mistake_words(m, playback) for m in job.result.marks}
            marked = True
        elif job.error is not None:
            self.note = _("Analysis stopped: {why}").format(why=job.error)
        self.job = None
        self.changed()
        return marked

    def status(self) -> str:
        """A line under the graph's chooser: progress, or why there is no graph."""
        job = self.job
        if job is not None:
            if not job.total:  # still reading the replay: no count yet
                return _("Analysing…")
            return _("Analysing… {done}/{total}").format(done=job.done, total=job.total)
        return self.note

    def draw(
        self,
        surface: pygame.Surface,
        geo: layout.Viewer,
        playback: Playback,
        names: Callable[[int], str],
    ) -> None:
        """The analysis's graph with its chooser, or the button and progress that lead to it
        (`names`: a seat's name, for the legend)."""
        s = geo.s
        analysis = self.analysis
        if analysis is not None:
            marks = [(m.step, m.seat) for m in analysis.marks]
            curve = analysis.curve(self.estimates)
            graph.draw(surface, geo.graph, curve, playback.length, playback.position, marks, s)
            self.estimates_choice.draw(surface)
            self._draw_chances(surface, geo, playback, curve)
            self._draw_legend(surface, geo, len(curve[0]) if curve else 0, names)
            return
        pygame.draw.rect(surface, (20, 24, 30), geo.graph, border_radius=6)
        job = self.job
        if job is not None and job.total:
            done = geo.graph.inflate(-8, 0)
            done.height = layout.px(8, s, 4)
            done.bottom = geo.graph.bottom - 6
            pygame.draw.rect(surface, palette.PANEL_EDGE, done, border_radius=3)
            done.width = round(done.width * job.done / job.total)
            pygame.draw.rect(surface, palette.ACCENT, done, border_radius=3)
        words = self.status() or _(
            "Win chances over the game: press Analyse (the game must be over)."
        )
        widgets.blit_text(surface, words, layout.px(18, s, 11), palette.TEXT_DIM, geo.graph)
        self.analyse_button.draw(surface)

    def _draw_legend(
        self, surface: pygame.Surface, geo: layout.Viewer, seats: int, names: Callable[[int], str]
    ) -> None:
        """Above the graph: each seat's name beside a stroke of its line's colour, then what
        the lines mean in the view chosen."""
        band = geo.legend
        size = widgets.MIN_SIZE
        line = widgets.line_height(size)
        width = band.width // max(1, seats)
        stroke = layout.px(18, geo.s, 10)
        for seat in range(seats):
            color = graph.seat_color(seat)
            cell = pygame.Rect(band.left + seat * width, band.top, width, line)
            mid = cell.centery
            pygame.draw.line(surface, color, (cell.left, mid), (cell.left + stroke, mid), 3)
            name = cell.inflate(-(stroke + 6), 0)
            name.left = cell.left + stroke + 4
            widgets.blit_text(surface, names(seat), size, color, name, "left")
        meaning = pygame.Rect(band.left, band.top + line, band.width, line)
        widgets.blit_text(
            surface, _(ESTIMATES_MEANING[self.estimates]), size, palette.TEXT_DIM, meaning, "left"
        )

    def _draw_chances(
        self,
        surface: pygame.Surface,
        geo: layout.Viewer,
        playback: Playback,
        curve: list[list[float]],
    ) -> None:
        """Each seat's chance at the position shown, in its line's colour, under the chooser."""
        point = curve[min(playback.position, len(curve) - 1)]
        rect = geo.analyse
        size = layout.px(17, geo.s, 10)
        width = rect.width // max(1, len(point))
        for seat, chance in enumerate(point):
            color = graph.seat_color(seat)
            cell = pygame.Rect(rect.left + seat * width, rect.top, width, rect.height)
            widgets.blit_text(surface, percent(chance), size, color, cell)
