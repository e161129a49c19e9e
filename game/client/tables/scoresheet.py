"""Quando's score sheet: each round's points per player and the running totals, drawn over
the table whenever the player opens it."""

from __future__ import annotations

import pygame

from game.client import layout, palette, widgets
from game.client.i18n import _


class ScoreSheet:
    """The rounds seen at this table (each round's scores, in seat order) and the totals
    the game holds now. A table that joined late (watching, a resync) lacks the rounds
    before; its totals still count them."""

    def __init__(self) -> None:
        self.rounds: list[list[int]] = []

    def add(self, scores: list[int]) -> None:
        """A round is over with these scores."""
        self.rounds.append(list(scores))

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
        first_w = layout.px(120, s)
        col_w = (box.width - 2 * pad - first_w) // max(1, len(names))
        xs = [box.left + pad + first_w + k * col_w for k in range(len(names))]

        def row(label: str, values: list[str], color, top: int) -> None:
            widgets.blit_text(
                surface,
                label,
                size,
                palette.TEXT_DIM,
                pygame.Rect(box.left + pad, top, first_w, row_h),
                "left",
            )
            for x, value in zip(xs, values):
                widgets.blit_text(surface, value, size, color, pygame.Rect(x, top, col_w, row_h))

        row("", names, palette.TEXT, y)
        y += row_h
        pygame.draw.line(surface, palette.PANEL_EDGE, (box.left + pad, y), (box.right - pad, y))
        bottom = box.bottom - pad - 3 * row_h
        fit = max(1, (bottom - y) // row_h)
        shown = list(enumerate(self.rounds))[-fit:]
        if not shown:  # the whole row: no column has a value yet
            widgets.blit_text(
                surface,
                _("no round over yet"),
                size,
                palette.TEXT_DIM,
                pygame.Rect(box.left + pad, y, box.width - 2 * pad, row_h),
                "left",
            )
            y += row_h
        for number, scores in shown:
            row(
                _("Round {number}").format(number=number + 1),
                [str(v) for v in scores],
                palette.TEXT,
                y,
            )
            y += row_h
        pygame.draw.line(surface, palette.PANEL_EDGE, (box.left + pad, y), (box.right - pad, y))
        low = min(totals) if totals else None
        widgets.blit_text(
            surface,
            _("Total"),
            size,
            palette.ACCENT,
            pygame.Rect(box.left + pad, y, first_w, row_h),
            "left",
        )
        for x, total in zip(xs, totals):
            color = palette.ACCENT if total == low else palette.TEXT
            widgets.blit_text(surface, str(total), size, color, pygame.Rect(x, y, col_w, row_h))
        y += row_h
        widgets.blit_text(
            surface,
            _("S or Esc closes the sheet"),
            layout.px(16, s, 10),
            palette.TEXT_DIM,
            pygame.Rect(box.left, y + layout.px(6, s), box.width, size),
        )
