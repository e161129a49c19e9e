"""Standing signs over a table: the pause's in the middle of the felt, and a banner in the
top bar (a spectator watching one seat)."""

from __future__ import annotations

import pygame

from game.client import layout, palette, widgets
from game.client.i18n import _


def draw_pause(surface: pygame.Surface, area: tuple[int, int], s: float) -> None:
    """The pause's sign in the middle of the felt of `area`, clear of the top bar's buttons."""
    size = layout.px(30, s, widgets.MIN_SIZE)
    label = widgets.text(_("Paused – Space to go on"), size, palette.ACCENT)
    box = label.get_rect(center=(area[0] // 2, area[1] // 2))
    widgets.panel(surface, box.inflate(2 * size, size), radius=size // 2)
    surface.blit(label, box)


def banner_box(words: str, bar: pygame.Rect, end: int) -> pygame.Rect:
    """Where `draw_banner` puts `words`: in the top `bar`, ending just left of `end` (where
    the scene's buttons begin)."""
    size = max(11, bar.height * 11 // 20)
    box = widgets.text(words, size, palette.ACCENT).get_rect(centery=bar.centery)
    box.right = end - size
    return box


def draw_banner(surface: pygame.Surface, words: str, bar: pygame.Rect, end: int) -> None:
    """A standing word in the top `bar`, at `banner_box`."""
    size = max(11, bar.height * 11 // 20)
    box = banner_box(words, bar, end)
    widgets.panel(surface, box.inflate(size, size // 2), radius=size // 2)
    widgets.blit_text(surface, words, size, palette.ACCENT, box)
