"""A table scene's frames mended while only its table's cards change (tables/mending.py):
what the scene shows besides the cards, and what it draws over them."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Protocol

from game.client import widgets
from game.client.scenes.overlays import Overlay
from game.client.tables import Table
from game.client.tables.marks import frame_width
from game.client.tables.mending import Frame, Mender, Zone, look


class Mended(Protocol):
    """What the mending reads of its scene (the TableScene)."""

    table: Table
    sheet_open: bool
    overlays: Overlay

    @property
    def connection(self) -> str | None: ...

    @property
    def absent(self) -> int | None: ...

    @property
    def analysis_job(self) -> object: ...

    def bar_buttons(self) -> list[widgets.Button]: ...


class TableMending:
    """The mender of one table scene's frames, and what it needs to know of each."""

    def __init__(self, scene: Mended) -> None:
        self.scene = scene
        self.mender = Mender()
        self.changes = 0
        """Counts the messages and the input (but the mouse's moves) the scene took: a
        frame after each is drawn whole."""

    def uncovered(self) -> None:
        """The scene is on top again, after another drew over the window."""
        self.mender.forget()

    def key(self, alone: bool) -> Hashable:
        """What the scene shows besides the table's cards, or None while anything but the
        table shows (`alone`: no scene over it) or changes by itself."""
        scene = self.scene
        table_key = scene.table.painter.still_key()
        if (
            table_key is None
            or not alone
            or scene.sheet_open
            or scene.connection is not None
            or scene.absent is not None
            or scene.analysis_job is not None
            or scene.overlays.form is not None
        ):
            return None
        return table_key, self.changes, tuple(look(b) for b in scene.bar_buttons())

    def frame(self, buttons: list[widgets.Button], alone: bool) -> Frame:
        """What this frame shows, the top bar's `buttons` drawn over the table last, the
        scene `alone` on the screen or not."""
        table = self.scene.table
        painter = table.painter

        def over_cards() -> list[Zone]:
            return painter.over_cards() + [(b.rect.inflate(10, 10), b.draw) for b in buttons]

        return Frame(
            self.key(alone),
            table.stage.sprites,
            painter.draw_under_cards,
            table.area,
            over_cards,
            frame_width(table.geo.s),
            painter.lively(),
            table.log_rect() if table.log_shown else None,
        )
