"""The replays on this computer – every game its embedded server hosted, kept in the data
folder's logs – newest first; a click opens one in the replay viewer, and a finished game's
replay can be deleted."""

from __future__ import annotations

from collections.abc import Collection
from datetime import UTC, datetime
from functools import partial
from pathlib import Path

import pygame

from game.client import config, layout, palette, widgets
from game.client.hosting import kept_local
from game.client.i18n import N_, _, date_time, number
from game.client.players import seat_name
from game.client.scenes import Confirm, Dialog, Host, Scene, game_title, menu_page
from game.client.scenes.verdicts import verdict_label
from game.replay.library import (
    Remembered,
    ReplayInfo,
    list_replays,
    remembered_verdict,
    replay_info,
)
from game.replay.log import ReplayError, read_replay
from game.replay.verify import SECRET_SUFFIX

HEADINGS = (N_("When"), N_("Game"), N_("Players"), N_("Steps"), N_("Ended"), N_("Verified"))
ENDED = HEADINGS.index("Ended")
"""The column saying how a game ended."""
DELETE_WIDTH = 110
"""The room at a row's right end for its Delete button, in design pixels."""


def room_replay(room: str) -> Path | None:
    """The replay of the game played in `room`, if this computer's embedded server hosted
    it (its log's name ends in the room's id)."""
    found = sorted(config.log_dir().glob(f"*-{room}.ctr"))
    return found[-1] if found else None


def player_name(info: ReplayInfo, seat: int) -> str:
    """The name of a listed replay's `seat` as the player reads it (see players.seat_name)."""
    return seat_name(
        {"name": info.names[seat], "kind": info.kinds[seat], "level": info.levels[seat]}
    )


def ending(info: ReplayInfo, kept: Collection[str] = ()) -> str:
    """How the game ended, in a word or two: finished (and who won), abandoned, unfinished –
    and whether it is the player's own game, kept to continue (its room among the rooms
    `kept`; the viewer's button continues it)."""
    if info.reason == "abandoned":
        return _("abandoned")
    if info.finished:
        if info.winner_seats:
            # Plain names: the players' column beside says which are bots, and the column
            # is narrow ("won by Basil (random b…").
            names = ", ".join(
                info.names[seat] for seat in info.winner_seats if seat < len(info.names)
            )
            return _("won by {names}").format(names=names)
        return _("finished")
    if info.room is not None and info.room in kept:
        return _("unfinished: yours to continue")
    return _("unfinished (torn)") if info.torn else _("unfinished")


class ReplaysScene(Scene):
    """Newest first: when, which game, who played, how long, how it ended, and what verifying
    it found when it was last opened (remembered beside it while the file is unchanged), and
    which unfinished games are the player's own to continue.
    `room` or `path` picks one replay to open at once (from the game-over screen, or
    `--replay FILE`, whose file is listed first)."""

    listens = False

    def __init__(self, app: Host, room: str | None = None, path: Path | None = None) -> None:
        super().__init__(app)
        self.scroll = 0
        self.problem = ""
        self.infos: list[ReplayInfo] = []
        self.verdicts: dict[Path, Remembered | None] = {}
        self.kept: set[str] = set()
        """The rooms of the player's unfinished games of their own, kept to continue."""
        folder = config.log_dir()
        try:
            self.infos = list_replays(folder) if folder.is_dir() else []
        except ReplayError as err:
            self.problem = str(err)
        if path is not None:
            try:
                info = replay_info(read_replay(path))
            except (ReplayError, OSError) as err:
                info = ReplayInfo(Path(path), datetime.now(UTC), error=str(err))
            self.infos = [info] + [i for i in self.infos if i.path != info.path]
        self.resize()
        chosen = self.infos[0] if path is not None else None
        if room is not None:
            mine = room_replay(room)
            chosen = next((i for i in self.infos if i.path == mine), None)
            if chosen is None:
                self.problem = _(
                    "This game was hosted on another computer: its replay is kept there, in "
                    "the host's log folder."
                )
        if chosen is not None:
            app.after_frame.append(lambda: self.open(chosen))

    def enter(self) -> None:
        """Read what verifying each replay found when it was last opened (again on the way
        back from the viewer, which remembers it)."""
        self.verdicts = {
            info.path: remembered_verdict(info.path) for info in self.infos if not info.error
        }
        self.kept = {seat.room for seat in kept_local()}

    def resize(self) -> None:
        s = self.s
        self.form = widgets.Form()
        self.form.add(
            widgets.Button(
                layout.bottom_buttons(self.size, 1)[0], _("Back"), lambda: self.app.pop(self)
            )
        )
        page = layout.text_page(self.size)
        self.head_rect = pygame.Rect(page.left, page.top, page.width, layout.px(28, s))
        self.list_rect = pygame.Rect(
            page.left,
            self.head_rect.bottom + 4,
            page.width,
            page.bottom - self.head_rect.bottom - 4,
        )
        self.row_h = layout.px(46, s)
        self._rows()

    def _rows(self) -> None:
        self.rows: list[tuple[ReplayInfo, widgets.Button]] = []
        self.deletes: list[tuple[ReplayInfo, widgets.Button]] = []
        """The Delete button of each row that has one (see `deletable`)."""
        fit = max(1, self.list_rect.height // (self.row_h + 6))
        room = layout.px(DELETE_WIDTH, self.s)
        for k, info in enumerate(self.infos[self.scroll : self.scroll + fit]):
            rect = pygame.Rect(
                self.list_rect.left,
                self.list_rect.top + k * (self.row_h + 6),
                self.list_rect.width - room,
                self.row_h,
            )
            self.rows.append((info, widgets.Button(rect, "", partial(self.open, info))))
            if self.deletable(info):
                where = pygame.Rect(rect.right + 6, rect.top, room - 6, rect.height)
                self.deletes.append(
                    (info, widgets.Button(where, _("Delete"), partial(self.ask_delete, info)))
                )

    @staticmethod
    def deletable(info: ReplayInfo) -> bool:
        """Whether the list offers to delete `info`: a file in the data folder (not one
        opened from elsewhere), unless it is an unfinished game with its secrets beside it –
        a game its host brings back. (A finished game's secrets stay while its room waits
        for a rematch; its server drops them, or puts them aside without their log.)"""
        path = info.path
        return path.parent == config.log_dir() and (
            info.finished or not path.with_suffix(SECRET_SUFFIX).exists()
        )

    def ask_delete(self, info: ReplayInfo) -> None:
        """Ask first: a deleted replay is gone for good."""
        what = (
            info.path.name
            if info.error
            else _("{game} of {when}").format(
                game=game_title(info.game), when=date_time(info.created.astimezone())
            )
        )
        self.app.push(
            Confirm(
                self.app,
                _("Delete this replay?"),
                _("{what}: its replay is removed from this computer for good.").format(what=what),
                _("Delete"),
                partial(self.delete, info),
                no=_("Keep it"),
            )
        )

    def delete(self, info: ReplayInfo) -> None:
        """Remove `info`'s file and its row; a file that cannot be removed says why."""
        try:
            info.path.unlink(missing_ok=True)
        except OSError as err:
            self.problem = _("{file} cannot be deleted: {why}").format(
                file=info.path.name, why=err.strerror or err
            )
            return
        self.problem = ""
        self.infos.remove(info)
        self.scroll = min(self.scroll, max(0, len(self.infos) - 1))
        self._rows()

    def open(self, info: ReplayInfo) -> None:
        """Open `info` in the viewer; a file that cannot be read says why instead."""
        if info.error:
            body = _("{file} cannot be opened as a replay: {why}").format(
                file=info.path.name, why=info.error
            )
            self.app.push(Dialog(self.app, _("Replay"), body, [(_("OK"), None)], 760, 330))
            return
        self.app.goto("viewer", info.path)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop(self)
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(max(0, len(self.infos) - 1), self.scroll - event.y))
            self._rows()
            return
        for _info, button in self.deletes + self.rows:
            if button.handle(event):
                return
        self.form.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.s
        menu_page(surface, _("Replays"), s)
        size = layout.px(20, s, 11)
        if self.problem:
            widgets.blit_text(
                surface, self.problem, layout.px(20, s, 11), palette.ACCENT, self.head_rect
            )
        elif not self.infos:
            widgets.blit_text(
                surface,
                _("No games yet: every game you play or host on this computer is kept here."),
                layout.px(24, s, 12),
                palette.TEXT,
                self.list_rect.inflate(0, -200),
            )
        else:
            # Over the rows' columns, left of their Delete buttons.
            head = self.head_rect.inflate(-layout.px(DELETE_WIDTH, s), 0).move(
                -layout.px(DELETE_WIDTH, s) // 2, 0
            )
            for words, rect in zip(HEADINGS, layout.replay_columns(head.inflate(-20, 0))):
                widgets.blit_text(surface, _(words), size, palette.TEXT_DIM, rect, "left")
        for info, button in self.rows:
            button.draw(surface)
            columns = layout.replay_columns(button.rect.inflate(-20, 0))
            if info.error:
                widgets.blit_text(
                    surface,
                    _("{file}: cannot be read").format(file=info.path.name),
                    size,
                    palette.DANGER,
                    columns[0].union(columns[-1]),
                    "left",
                )
                continue
            remembered = self.verdicts.get(info.path)
            verdict, color = (
                verdict_label(remembered) if remembered else (_("not yet"), palette.TEXT_DIM)
            )
            cells = [
                (date_time(info.created.astimezone()), palette.TEXT),
                (game_title(info.game), palette.TEXT),
                (", ".join(player_name(info, s) for s in range(len(info.names))), palette.TEXT),
                (number(info.steps), palette.TEXT),
                (ending(info, self.kept), palette.TEXT if info.finished else palette.TEXT_DIM),
                (verdict, color),
            ]
            for k, ((words, cell_color), rect) in enumerate(zip(cells, columns)):
                if k == ENDED:  # its words are a sentence: on two lines rather than cut
                    widgets.blit_wrapped(surface, words, size, cell_color, rect, "left")
                    continue
                cell = widgets.elided(words, size, cell_color, rect.width)
                surface.blit(cell, cell.get_rect(midleft=rect.midleft))
        for _info, button in self.deletes:
            button.draw(surface)
        self.form.draw(surface)
