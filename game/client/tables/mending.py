"""Mended frames: while nothing on a table changes but its cards (they slide, turn, land), a
frame is mended only where cards were and are – from a picture of what lies under them, then
the cards and whatever is drawn over them there – instead of drawn whole (dirty rectangles)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from itertools import count

import pygame

from game.client import widgets
from game.client.sprites import CardSprite

Drawer = Callable[[pygame.Surface], None]
Zone = tuple[pygame.Rect | None, Drawer]
"""Something drawn over the cards, and the rectangle it stays in (None: it may draw
anywhere, it is asked in every mended rectangle)."""
Shown = tuple[pygame.Surface, pygame.Rect, int]
"""A card as drawn: its picture, its rectangle, its layer."""
LARGEST = 0.6
"""The share of the window mended at most (beyond, a frame is drawn whole)..."""
LARGEST_STALE = 0.3
"""...and at most when the picture under the cards must be drawn anew first."""


class Under:
    """The picture of what lies under a table's cards: the felt, the title, the plates, the
    game's marks (as wide as the table: beside it, under the move log, nothing shows). One
    serves every table, as one table shows at a time: a new picture, 3 MB, costs a table's
    first mended frame 1.5 ms."""

    def __init__(self) -> None:
        self.picture = pygame.Surface((0, 0))
        self.drawn_for: Hashable = None
        """Whose and which frame's the picture is (the tables' menders' serial, a key)."""

    def draw(
        self, like: pygame.Surface, under: tuple[Drawer, tuple[int, int]], drawn_for: Hashable
    ) -> None:
        """Draw the picture anew with `under` (a drawing and its size), for `drawn_for`."""
        draw, size = under
        if self.picture.get_size() != size:
            self.picture = pygame.Surface(size, 0, like)
        draw(self.picture)
        self.drawn_for = drawn_for


_UNDER = Under()
_SERIALS = count()


@dataclass
class Frame:
    """What a table's frame shows, as far as mending it needs to know."""

    key: Hashable
    """What it shows besides the cards (None: every frame is drawn whole)."""
    sprites: pygame.sprite.LayeredUpdates[CardSprite]
    under: Drawer
    """Draws what lies under the cards..."""
    area: tuple[int, int]
    """...in the table's area."""
    over: Callable[[], list[Zone]]
    """What is drawn over the cards, and where."""
    margin: int
    """How far round a card its frame is drawn (a last move's mark)."""
    lively: list[pygame.Rect]
    """Where things that change by themselves are drawn (toasts, flourishes)."""
    log: pygame.Rect | None
    """The move log's strip, if shown."""


class Mender:
    """Remembers what the last frame showed on one surface, and mends the next frames from
    it while what it showed besides the cards (`key`) stays the same."""

    def __init__(self) -> None:
        self.key: Hashable = None
        self.target: pygame.Surface | None = None
        self.shown: dict[CardSprite, Shown] = {}
        self.order: list[CardSprite] = []
        self.serial = next(_SERIALS)
        self.zones: list[Zone] = []
        self.lively: list[pygame.Rect] = []
        """Where things that change by themselves were drawn in the last frame."""
        self.log: pygame.Rect | None = None
        """Where the last frame showed the move log as it stands, if it did: nothing was
        drawn over it (a key)."""
        self.mended = 0
        """Frames mended so far."""
        self.noted: Frame | None = None
        """The frame whose cards `shown` and `order` hold already."""

    def remember(self, surface: pygame.Surface, frame: Frame) -> None:
        """`frame` was just drawn whole on `surface`."""
        self.key, self.target = frame.key, surface
        self.lively = frame.lively
        self.log = frame.log if frame.key is not None else None
        if self.noted is not frame:  # else `mend` noted the cards as they are, and gave up
            self.order = frame.sprites.sprites()
            layer = frame.sprites.get_layer_of_sprite
            self.shown = {s: (s.image, s.rect, layer(s)) for s in self.order}
        self.noted = None

    def forget(self) -> None:
        """Something else drew on the window since the last frame (a scene over the table,
        gone now): the next frame is drawn whole, the move log too."""
        self.target = None
        self.log = None

    def keeps_log(self, surface: pygame.Surface, frame: Frame) -> bool:
        """Whether `surface` shows the move log where `frame` does as it was last drawn."""
        return surface is self.target and frame.log is not None and frame.log == self.log

    def mend(self, surface: pygame.Surface, frame: Frame) -> bool:
        """Bring `surface` from the last frame to `frame` by redrawing only where cards were
        and are and where things that change by themselves were and are. False when the
        frame must be drawn whole: another key, another surface, cards reordered, most of
        the window changed."""
        key = frame.key
        if key is None or key != self.key or surface is not self.target:
            return False
        damage = self._damage(frame.sprites)
        if damage is None:
            return False
        self.noted = frame
        damage += self.lively + frame.lively
        self.lively = frame.lively
        if not damage:
            self.mended += 1
            return True
        bounds = surface.get_rect()
        margin = frame.margin
        stale = _UNDER.drawn_for != (self.serial, key)
        # Mending most of the window costs more than drawing it whole (the picture under
        # the cards drawn anew first, each box's drawing's calls). Told before the boxes
        # are joined, by the area of the rectangles in the table's area (their overlaps
        # counted twice): beside it only the move log's opaque panel is drawn again.
        largest = (LARGEST_STALE if stale else LARGEST) * bounds.w * bounds.h
        table = pygame.Rect((0, 0), frame.area)
        if sum(r.clip(table).w * r.clip(table).h for r in damage) > largest:
            return False
        boxes = merged(r.inflate(2 * margin, 2 * margin).clip(bounds) for r in damage)
        if stale:
            _UNDER.draw(surface, (frame.under, frame.area), (self.serial, key))
        self.zones = frame.over()
        clip = surface.get_clip()
        for box in boxes:
            self._repaint(surface, box)
        surface.set_clip(clip)
        self.mended += 1
        return True

    def _damage(
        self, sprites: pygame.sprite.LayeredUpdates[CardSprite]
    ) -> list[pygame.Rect] | None:
        """The rectangles where cards changed since the last frame (remembering this one's),
        or None when cards changed their order within a layer (seldom: drawn whole)."""
        now = sprites.sprites()
        layer = sprites.get_layer_of_sprite
        shown = self.shown
        drawn: dict[CardSprite, Shown] = {}
        damage: list[pygame.Rect] = []
        relayered: set[CardSprite] = set()
        for sprite in now:
            # A card's rectangle is replaced, never changed in place (CardSprite.refresh).
            image, rect, level = state = sprite.image, sprite.rect, layer(sprite)
            drawn[sprite] = state
            old = shown.get(sprite)
            if old is None:
                damage.append(rect)
            elif old[0] is not image or old[1] != rect or old[2] != level:
                damage += (old[1], rect)
                if old[2] != level:
                    relayered.add(sprite)
        damage += [old[1] for sprite, old in shown.items() if sprite not in drawn]
        # A card that changed layers is redrawn where it is, over or under the others; the
        # rest must keep their order, or cards that did not move would need redrawing.
        kept = [s for s in self.order if s in drawn and s not in relayered]
        if kept != [s for s in now if s in shown and s not in relayered]:
            return None
        self.shown, self.order = drawn, now
        return damage

    def _repaint(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """Draw the frame anew inside `box`: what lies under the cards, the cards there in
        their order, and whatever is drawn over them there."""
        surface.set_clip(box)
        surface.blit(_UNDER.picture, box, box)
        surface.blits(
            [(s.image, s.rect) for s in self.order if box.colliderect(s.rect)], doreturn=False
        )
        for zone, draw in self.zones:
            if zone is None or zone.colliderect(box):
                draw(surface)


def merged(rects: Iterable[pygame.Rect]) -> list[pygame.Rect]:
    """`rects` with every two that overlap joined into one where that covers no more than
    the two apart (a box mended costs its area and its drawing's calls; boxes that overlap
    are each mended whole, the overlap twice), the empty ones left out."""
    out: list[pygame.Rect] = []
    for rect in rects:
        if not rect.width or not rect.height:
            continue
        joined = True
        while joined:
            joined = False
            for k in rect.collidelistall(out):
                other = out[k]
                union = rect.union(other)
                if union.w * union.h <= rect.w * rect.h + other.w * other.h:
                    del out[k]
                    rect, joined = union, True
                    break
        out.append(rect)
    return out


def look(button: widgets.Button) -> Hashable:
    """What a button's drawing depends on besides its place and words (a new button has
    new ones): for the key of mended frames."""
    return (
        id(button),
        tuple(button.rect),
        button.visible,
        button.enabled,
        button.flash,
        button.hover,
        button.pressed,
        button.focused,
    )


def union(rects: list[pygame.Rect]) -> pygame.Rect:
    """The smallest rectangle holding all of `rects` (an empty one for none)."""
    return rects[0].unionall(rects[1:]) if rects else pygame.Rect(0, 0, 0, 0)
