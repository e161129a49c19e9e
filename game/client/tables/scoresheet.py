"""Quando's score sheet: each round's points per player and the running totals, drawn over
the table whenever the player opens it."""

from __future__ import annotations

from typing import NamedTuple

import pygame

from game.client import layout, palette, widgets
from game.client.i18n import _


class _Columns(NamedTuple):
    """Where the sheet's rows go in its box: the labels' column, then one per player."""

    box: pygame.Rect
    pad: int
    size: int
    row_h: int
    first_w: int
    col_w: int
    xs: list[int]

    def row(
        self,
        surface: pygame.Surface,
        label: str,
        values: list[str],
        color: tuple[int, int, int],
        top: int,
    ) -> None:
        """A row at `top`: its label, then a value per player."""
        box, size, row_h = self.box, self.size, self.row_h
        label_rect = pygame.Rect(box.left + self.pad, top, self.first_w, row_h)
        widgets.blit_text(surface, label, size, palette.TEXT_DIM, label_rect, "left")
        for x, value in zip(self.xs, values):
            widgets.blit_text(surface, value, size, color, pygame.Rect(x, top, self.col_w, row_h))

    def line(self, surface: pygame.Surface, y: int) -> None:
        """A rule across the sheet at `y`."""
        left, right = self.box.left + self.pad, self.box.right - self.pad
        pygame.draw.line(surface, palette.PANEL_EDGE, (left, y), (right, y))


class ScoreSheet:
    """The rounds this table saw end, or was told of when its seat was taken back (each
    round's scores in seat order, by the round's number from 0), and the totals the game
    holds now. A table that began watching late lacks the rounds before; its totals still
    count them, and its rows keep their rounds' numbers."""

    def __init__(self) -> None:
        self.rounds: dict[int, list[int]] = {}

    def add(self, number: int, scores: list[int]) -> None:
        """Round `number` (from 0) is over with these scores."""
        self.rounds[number] = list(scores)

    def draw(
        self,
        surface: pygame.Surface,
        box: pygame.Rect,
        names: list[str],
        totals: list[int],
        target: int | None,
        s: float,
    ) -> None:
        """The sheet in `box`: a row per round (the last ones if they do not all fit),
        a column per player, the totals under them, the lowest total lit."""
        pad = layout.px(18, s)
        size = layout.px(20, s, 11)
        row_h = size + layout.px(10, s)
        # As tall as its rows need (within `box`), centred where `box` is.
        needed = 2 * pad + layout.px(58, s) + size + row_h * (max(1, len(self.rounds)) + 4) + 4
        box = pygame.Rect(0, 0, box.width, min(box.height, needed)).move(
            box.left, box.centery - min(box.height, needed) // 2
        )
        widgets.panel(surface, box, alpha=252, radius=14)
        y = self._heading(surface, box, pad, size, target, s)
        first_w = layout.px(120, s)
        col_w = (box.width - 2 * pad - first_w) // max(1, len(names))
        xs = [box.left + pad + first_w + k * col_w for k in range(len(names))]
        columns = _Columns(box, pad, size, row_h, first_w, col_w, xs)
        columns.row(surface, "", names, palette.TEXT, y)
        y += row_h
        columns.line(surface, y)
        y = self._rounds(surface, columns, y)
        columns.line(surface, y)
        self._totals(surface, columns, totals, y)
        widgets.blit_text(
            surface,
            _("S or Esc closes the sheet"),
            layout.px(16, s, 10),
            palette.TEXT_DIM,
            pygame.Rect(box.left, y + row_h + layout.px(6, s), box.width, size),
        )

    @staticmethod
    def _heading(
        surface: pygame.Surface, box: pygame.Rect, pad: int, size: int, target: int | None, s: float
    ) -> int:
        """The sheet's title and the game's end; returns where the rows begin."""
        title = pygame.Rect(box.left + pad, box.top + pad, box.width - 2 * pad, layout.px(40, s))
        widgets.blit_text(surface, _("Score sheet"), layout.px(34, s), palette.ACCENT, title)
        y = title.bottom + layout.px(6, s)
        if target is not None:
            widgets.blit_text(
                surface,
                _("The game ends when a total reaches {target}; the lowest total wins.").format(
                    target=target
                ),
                size,
                palette.TEXT_DIM,
                pygame.Rect(box.left, y, box.width, size + 4),
            )
            y += size + layout.px(12, s)
        return y

    def _rounds(self, surface: pygame.Surface, columns: _Columns, y: int) -> int:
        """A row per round from `y` (the last ones that fit); returns where they end."""
        box, pad, row_h = columns.box, columns.pad, columns.row_h
        bottom = box.bottom - pad - 3 * row_h
        fit = max(1, (bottom - y) // row_h)
        shown = sorted(self.rounds.items())[-fit:]
        if not shown:  # the whole row: no column has a value yet
            widgets.blit_text(
                surface,
                _("no round over yet"),
                columns.size,
                palette.TEXT_DIM,
                pygame.Rect(box.left + pad, y, box.width - 2 * pad, row_h),
                "left",
            )
            y += row_h
        for number, scores in shown:
            label = _("Round {number}").format(number=number + 1)
            columns.row(surface, label, [str(v) for v in scores], palette.TEXT, y)
            y += row_h
        return y

    @staticmethod
    def _totals(surface: pygame.Surface, columns: _Columns, totals: list[int], y: int) -> None:
        """The totals' row at `y`, the lowest lit."""
        size, row_h = columns.size, columns.row_h
        low = min(totals) if totals else None
        widgets.blit_text(
            surface,
            _("Total"),
            size,
            palette.ACCENT,
            pygame.Rect(columns.box.left + columns.pad, y, columns.first_w, row_h),
            "left",
        )
        for x, total in zip(columns.xs, totals):
            color = palette.ACCENT if total == low else palette.TEXT
            rect = pygame.Rect(x, y, columns.col_w, row_h)
            widgets.blit_text(surface, str(total), size, color, rect)
