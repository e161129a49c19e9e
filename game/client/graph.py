"""The win-chance graph of a replay's analysis: every seat's chance over the game, drawn along
the scrub bar (same left, right and scale, so a position has the same x on both), with the
marked mistakes and the position shown now."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.client import palette

MARK_RADIUS = 5
"""A mistake's marker, in pixels at scale 1."""


def seat_color(seat: int) -> tuple[int, int, int]:
    """The colour of `seat`'s line (and of its chances written beside the graph)."""
    return palette.SEAT_LINES[seat % len(palette.SEAT_LINES)]


def x_of(rect: pygame.Rect, position: int, length: int) -> int:
    """The x of `position` (0..length) along `rect`, as the scrub bar places it."""
    return rect.left + round(rect.width * position / max(1, length))


def position_at(rect: pygame.Rect, x: int, length: int) -> int:
    """The position (0..length) nearest to screen x `x` along `rect`."""
    t = (x - rect.left) / max(1, rect.width)
    return round(max(0.0, min(1.0, t)) * length)


def y_of(rect: pygame.Rect, chance: float) -> int:
    """The y of a win chance in [0, 1] inside `rect` (1 at the top)."""
    inner = rect.inflate(0, -6)
    return inner.bottom - round(inner.height * max(0.0, min(1.0, chance)))


def draw(
    surface: pygame.Surface,
    rect: pygame.Rect,
    curve: Sequence[Sequence[float]],
    length: int,
    position: int,
    marks: Sequence[tuple[int, int]],
    scale: float = 1.0,
) -> None:
    """Draw the graph in `rect`: `curve[k][seat]` is each seat's chance at position k (up to
    `length`; a longer curve is cut there), `marks` are (step, seat) mistakes, drawn on that
    seat's line where the step's position is, and `position` the one shown now."""
    pygame.draw.rect(surface, (20, 24, 30), rect, border_radius=6)
    half = y_of(rect, 0.5)
    pygame.draw.line(surface, palette.PANEL_EDGE, (rect.left, half), (rect.right - 1, half))
    points = list(curve[: length + 1])
    if len(points) >= 2:
        for seat in range(len(points[0])):
            color = seat_color(seat)
            line = [(x_of(rect, k, length), y_of(rect, p[seat])) for k, p in enumerate(points)]
            pygame.draw.lines(surface, color, False, line, 2)
    here = x_of(rect, position, length)
    pygame.draw.line(surface, palette.TEXT, (here, rect.top + 2), (here, rect.bottom - 3))
    radius = max(3, round(MARK_RADIUS * scale))
    for step, seat in marks:
        if step < len(points):
            centre = (x_of(rect, step, length), y_of(rect, points[step][seat]))
            pygame.draw.circle(surface, palette.DANGER, centre, radius)
            pygame.draw.circle(surface, palette.TEXT, centre, radius, 1)
