"""The move log beside a table: every step in words (game/client/steps.py, the replay
viewer's wording), newest at the bottom, scrollable back to the first."""

from __future__ import annotations

import pygame

from game.client import layout, palette, widgets
from game.client.i18n import _, ngettext

KEEP = 400
"""Lines kept; a long game's oldest fall off (the replay keeps them all)."""
WIDE = 1.55
"""A window at least this much wider than tall shows the log unless the player hid it."""
SHARE = 0.23
"""The part of the window's width the log takes."""


class MoveLog:
    """The lines so far, each with the seat it is about (None: the table's own news), and
    how far the player scrolled back (0: the newest line at the bottom)."""

    def __init__(self) -> None:
        self.lines: list[tuple[str, int | None]] = []
        self.back = 0
        self._wrapped: dict[tuple[int, int, int], list[pygame.Surface]] = {}

    def add(self, text: str, seat: int | None) -> None:
        """Append a line (and keep the view on the newest one unless scrolled back)."""
        self.lines.append((text, seat))
        if len(self.lines) > KEEP:
            del self.lines[: len(self.lines) - KEEP]
            self._wrapped.clear()
        elif self.back:
            self.back += 1

    def clear(self) -> None:
        """Forget every line (the log is about to be written again from the start)."""
        self.lines.clear()
        self.back = 0
        self._wrapped.clear()

    def scroll(self, lines: int) -> None:
        """Move `lines` back in time (negative: towards the newest)."""
        self.back = max(0, min(len(self.lines) - 1, self.back + lines))

    def _rows(self, index: int, size: int, width: int, you: int | None) -> list[pygame.Surface]:
        key = (index, size, width)
        rows = self._wrapped.get(key)
        if rows is None:
            if len(self._wrapped) > 4 * KEEP:
                self._wrapped.clear()
            text, seat = self.lines[index]
            color = palette.ACCENT if seat is not None and seat == you else palette.TEXT
            if seat is None:
                color = palette.TEXT_DIM
            rows = [widgets.text(line, size, color) for line in widgets.wrap(text, size, width)]
            self._wrapped[key] = rows
        return rows

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, s: float, you: int | None) -> None:
        """The panel in `rect`: a heading, then as many of the lines as fit, wrapped, the
        newest (or the one scrolled back to) at the bottom; the player's own lines lit."""
        pygame.draw.rect(surface, (20, 24, 31), rect)
        pygame.draw.line(surface, palette.PANEL_EDGE, rect.topleft, rect.bottomleft, 2)
        pad = layout.px(10, s)
        head = layout.px(20, s, 12)
        heading = (
            _("Moves  ·  L hides, wheel scrolls")
            if not self.back
            else ngettext(
                "Moves  ·  {count} newer below", "Moves  ·  {count} newer below", self.back
            ).format(count=self.back)
        )
        widgets.blit_text(
            surface,
            heading,
            head,
            palette.TEXT_DIM,
            pygame.Rect(rect.left + pad, rect.top + pad, rect.width - 2 * pad, head + 4),
            "left",
        )
        size = layout.px(18, s, 11)
        width = rect.width - 2 * pad
        top = rect.top + 2 * pad + head
        y = rect.bottom - pad
        gap = max(2, size // 4)
        for index in range(len(self.lines) - 1 - self.back, -1, -1):
            rows = self._rows(index, size, width, you)
            height = sum(r.get_height() for r in rows)
            if y - height < top:
                break
            y -= height
            ry = y
            for row in rows:
                surface.blit(row, (rect.left + pad, ry))
                ry += row.get_height()
            y -= gap
