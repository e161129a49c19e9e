"""The overlay over a table while one shows – the connection lost for good, a round's
summary, the game over – with its buttons, rebuilt when what it shows changes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.client import layout, widgets
from game.client.i18n import _
from game.client.scenes import Host, endings
from game.client.scenes.game_over import GameOver
from game.client.tables import Table

AUTO_CONTINUE = 5.0
"""Seconds a round summary stays up for a spectator before the game goes on by itself."""


def can_reconnect(app: Host) -> bool:
    """A closed connection may be opened again to take the seat back (with its token; not to
    a server this computer ran, which closed with it)."""
    session = app.session
    return session is not None and bool(session.token) and session.server is None


class Overlay:
    """Which overlay shows over `table`, its buttons (`reconnect` opens a closed connection
    again; `over` offers what follows the game) and how long it has shown (`age`)."""

    def __init__(
        self, app: Host, table: Table, over: GameOver, reconnect: Callable[[], object]
    ) -> None:
        self.app = app
        self.table = table
        self.over = over
        self.reconnect = reconnect
        self.form: widgets.Form | None = None
        self.key: object = None
        self.event: dict[str, Any] | None = None
        """The update's event the overlay shows (None: the connection's end)."""
        self.age = 0.0
        """Seconds the overlay has shown."""

    def reset(self) -> None:
        """Forget the overlay: the next `current` builds what shows then."""
        self.key, self.form, self.event = None, None, None

    def current(self, closed: bool, size: tuple[int, int], s: float) -> widgets.Form | None:
        """The buttons of the overlay showing now (`closed`: the connection is gone for
        good), rebuilt when what it shows changes."""
        key: object
        if closed:
            key = "closed"
        elif self.table.hold is not None:
            key = ("hold", id(self.table.hold))
        else:
            key = None
        if key != self.key:
            self.key = key
            self.event = self.table.hold if key not in (None, "closed") else None
            self.age = 0.0
            self.form = self._build(key, size, s)
        return self.form

    def _build(self, key: object, size: tuple[int, int], s: float) -> widgets.Form | None:
        if key is None:
            return None
        specs: list[tuple[str, Callable[[], Any]]]
        if key == "closed":
            specs = [(_("Back to menu"), self.app.to_title)]
            if can_reconnect(self.app):
                specs.insert(0, (_("Reconnect"), self.reconnect))
        elif self.table.hold is not None and self.table.hold["type"] == "round_end":
            specs = [(_("Continue"), self.table.release)]
        else:
            specs = self.over.buttons()
        form = widgets.Form()
        for k, (rect, (label, action)) in enumerate(
            zip(layout.dialog_buttons(self.box(size), len(specs), s), specs)
        ):
            form.add(widgets.Button(rect, label, action, style="primary" if k == 0 else "normal"))
        form.focus(form.widgets[0])
        return form

    def box(self, size: tuple[int, int]) -> pygame.Rect:
        if self.key == "closed":
            return layout.dialog(size, 640, 300)
        return layout.dialog(size, 980, 560)

    def auto_continues(self) -> bool:
        """A round summary shown to a spectator (or autoplay) has been up long enough for the
        game to go on by itself."""
        return self.age > AUTO_CONTINUE / self.app.settings.speed

    def draw(
        self, surface: pygame.Surface, size: tuple[int, int], s: float, why: str, spectating: bool
    ) -> None:
        """The overlay, as it was built – not what may have changed since this frame's
        update: the lost connection's (`why`), the round summary's (its countdown when
        `spectating`) or the game-over screen's."""
        form, event = self.form, self.event
        if form is None:
            return
        widgets.shade(surface, 150)
        box = self.box(size)
        widgets.panel(surface, box, radius=14)
        if event is None:
            endings.draw_closed(surface, box, s, why, can_reconnect(self.app))
        elif event["type"] == "round_end":
            left = max(0.0, AUTO_CONTINUE / self.app.settings.speed - self.age)
            endings.draw_round(surface, box, s, self.table, event, left if spectating else None)
        else:
            self.over.draw(surface, box, s, event)
        form.draw(surface)
