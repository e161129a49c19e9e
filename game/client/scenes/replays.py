"""The replays this computer's games left behind (the embedded server logs every game), as
a list; the replay viewer itself is still to come."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.client import config, layout, palette, widgets
from game.client.scenes import Dialog, Scene, background
from game.client.scenes.lobby import GAME_NAMES
from game.replay.library import ReplayInfo, list_replays, replay_info
from game.replay.log import ReplayError, read_replay


class ReplaysScene(Scene):
    """Newest first: when, which game, who played, how it ended. `room` or `path` picks one
    replay to open at once (from the game-over screen or `--replay FILE`)."""

    listens = False

    def __init__(self, app, room: str | None = None, path: Path | None = None) -> None:
        super().__init__(app)
        self.scroll = 0
        self.problem = ""
        self.infos: list[ReplayInfo] = []
        try:
            self.infos = list_replays(config.log_dir()) if config.log_dir().is_dir() else []
        except ReplayError as err:
            self.problem = str(err)
        if path is not None:
            try:
                info = replay_info(read_replay(path))
                self.infos = [info] + [i for i in self.infos if i.path != info.path]
            except (ReplayError, OSError) as err:
                self.problem = f"{path}: {err}"
        self.resize()
        chosen = next(
            (i for i in self.infos if room and i.path.name.endswith(f"-{room}.ctr")), None
        )
        if path is not None and self.infos and not self.problem:
            chosen = self.infos[0]
        if chosen is not None:
            app.after_frame.append(lambda: self.open(chosen))

    def resize(self) -> None:
        s = self.s
        self.form = widgets.Form()
        self.form.add(
            widgets.Button(
                layout.bottom_buttons(self.size, 1)[0], "Back", lambda: self.app.pop(self)
            )
        )
        self.list_rect = layout.text_page(self.size)
        self.row_h = layout.px(46, s)
        self._rows()

    def _rows(self) -> None:
        self.rows: list[tuple[ReplayInfo, widgets.Button]] = []
        fit = max(1, self.list_rect.height // (self.row_h + 6))
        for k, info in enumerate(self.infos[self.scroll : self.scroll + fit]):
            rect = pygame.Rect(
                self.list_rect.left,
                self.list_rect.top + k * (self.row_h + 6),
                self.list_rect.width,
                self.row_h,
            )
            self.rows.append((info, widgets.Button(rect, "", lambda i=info: self.open(i))))

    def open(self, info: ReplayInfo) -> None:
        """What the viewer will show; until it lands, the replay's facts and where it is."""
        if info.error:
            body = f"This file cannot be read: {info.error}"
        else:
            players = ", ".join(f"{n} ({k})" for n, k in zip(info.names, info.kinds))
            end = (
                ("won by " + " and ".join(info.winners))
                if info.winners
                else ("abandoned" if info.reason == "abandoned" else "not finished")
            )
            body = (
                f"{GAME_NAMES.get(info.game, info.game)} with {players}; "
                f"{info.steps} steps, {end}. "
                f"The replay viewer is coming in the next version; the file is {info.path}."
            )
        self.app.push(Dialog(self.app, "Replay", body, [("OK", None)], 760, 330))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop(self)
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(max(0, len(self.infos) - 1), self.scroll - event.y))
            self._rows()
            return
        for _, button in self.rows:
            if button.handle(event):
                return
        self.form.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        background(surface)
        s = self.s
        widgets.blit_text(
            surface, "Replays", layout.px(48, s), palette.ACCENT, layout.heading(self.size)
        )
        size = layout.px(20, s, 11)
        if not self.infos:
            words = (
                self.problem or "No games yet: every game you play on this computer is kept here."
            )
            widgets.blit_text(
                surface, words, layout.px(24, s, 12), palette.TEXT, self.list_rect.inflate(0, -200)
            )
        for info, button in self.rows:
            button.draw(surface)
            rect = button.rect.inflate(-20, 0)
            if info.error:
                text = f"{info.path.name}: cannot be read"
            else:
                when = info.created.astimezone().strftime("%Y-%m-%d %H:%M")
                state = (
                    ("won by " + ", ".join(info.winners))
                    if info.winners
                    else (info.reason or "unfinished")
                )
                text = (
                    f"{when}   {GAME_NAMES.get(info.game, info.game)}   {', '.join(info.names)}   "
                    f"{info.steps} steps   {state}"
                )
            widgets.blit_text(surface, text, size, palette.TEXT, rect, "left")
        self.form.draw(surface)
