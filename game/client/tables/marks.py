"""The cards of each seat's last move, framed on the table until that seat's next step."""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from game.client import layout, palette
from game.client.sprites import CardSprite


def frame_width(s: float) -> int:
    """The width of the frame round a marked card at the layout's scale `s`: drawn outside
    the card's picture, by as much."""
    return max(2, layout.px(3, s))


class Marks(dict[CardSprite, int]):
    """Each marked card with the seat whose last move it was part of (played, drawn, flipped
    or moved)."""

    def mark(self, sprites: Iterable[CardSprite], seat: int) -> None:
        """Mark `sprites` as `seat`'s last move."""
        for sprite in sprites:
            self[sprite] = seat

    def unmark(self, seat: int) -> None:
        """The seat's turn has come again: its last move's marks go."""
        for sprite in [sprite for sprite, owner in self.items() if owner == seat]:
            del self[sprite]

    def frames(self, s: float) -> list[pygame.Rect]:
        """The frame round each marked card still on the table, at the layout's scale `s`."""
        width = frame_width(s)
        return [sprite.rect.inflate(width * 2, width * 2) for sprite in self if sprite.alive()]

    def draw(self, surface: pygame.Surface, s: float) -> None:
        """A frame round each marked card still on the table, at the layout's scale `s`."""
        for rect in self.frames(s):
            draw_frame(surface, rect, s)


def draw_frame(surface: pygame.Surface, rect: pygame.Rect, s: float) -> None:
    """One marked card's frame, `rect` (see `Marks.frames`)."""
    radius = max(4, rect.width // 12)
    pygame.draw.rect(surface, palette.RECENT, rect, frame_width(s), border_radius=radius)
