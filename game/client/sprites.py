"""Card sprites that tween (slide, flip, fade), and the flourishes drawn over the table."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

import pygame

from game.client import i18n, palette
from game.client.cards import CardArt, card_size, render_card, render_outline, render_quando_pair
from game.client.tween import Ease, Tween, Tweens, ease_in_cubic, ease_out_back, ease_out_cubic
from game.client.widgets import line_height, text, text_width


class CardSprite(pygame.sprite.Sprite):
    """One card on the table. Its picture follows from what it shows (`code`, `face_up`,
    `known`, `highlight`, `width`); it moves only through tweens, which `update(dt)` plays.

    `token` says what a click on it means to its table (e.g. ("hand", 2)); None: nothing.
    """

    # Always set (in __init__ and refresh); pygame.sprite.Sprite types both as optional.
    image: pygame.Surface
    rect: pygame.Rect

    def __init__(
        self,
        art: CardArt,
        code: str | None,
        width: int,
        pos: tuple[float, float],
        *,
        face_up: bool = True,
        known: bool = False,
    ) -> None:
        super().__init__()
        self.art = art
        self.code = code
        self.face_up = face_up and code is not None
        self.known = known
        self.highlight: str | None = None
        self.hover = False
        self.width = width
        self.x, self.y = pos
        self.scale_x = 1.0
        self.zoom = 1.0
        """Drawn this much larger than `width` (while growing or shrinking to a new size)."""
        self.alpha = 255
        self.lift = 0.0
        self.badge: pygame.Surface | None = None
        """A small picture drawn over the card's left edge (the suit an Excuse stands for)."""
        self.other: int | None = None
        """A Quando card's other side, drawn small in a corner while face up: the replay
        viewer's open view knows both sides of every card."""
        self.token: Any = None
        self.tweens = Tweens()
        self.target = pos
        self._key: tuple[object, ...] | None = None
        self.image = pygame.Surface((1, 1), pygame.SRCALPHA)
        self.rect = self.image.get_rect()
        self.refresh()

    # -- appearance --------------------------------------------------------------------------

    def _base(self) -> pygame.Surface:
        highlight = self.highlight or ("hover" if self.hover else None)
        if self.other is not None and self.face_up and self.code is not None:
            return render_quando_pair(int(self.code), self.other, self.width)
        if self.known and not self.face_up and self.code is not None:
            base = render_card(
                self.code, self.width, art=self.art, face_up=False, highlight="known"
            )
            if highlight is None:
                return base
            out = base.copy()
            out.blit(render_outline(self.width, highlight), (0, 0))
            return out
        return render_card(
            self.code if self.face_up else None,
            self.width,
            art=self.art,
            face_up=self.face_up,
            highlight=highlight,
        )

    def refresh(self) -> None:
        """Rebuild the picture and rectangle if anything they depend on changed."""
        key = (
            self.code,
            self.face_up,
            self.known,
            self.highlight,
            self.hover,
            self.width,
            round(self.scale_x, 3),
            round(self.zoom, 3),
            self.alpha,
            id(self.badge),
            self.other,
            i18n.language(),  # a face's words are in the player's language
        )
        if key != self._key:
            self._key = key
            image = self._base()
            if self.badge is not None:
                image = image.copy()
                # On the left edge, the strip a fanned row leaves in view.
                image.blit(self.badge, self.badge.get_rect(midleft=(3, image.get_height() * 0.42)))
            if self.scale_x < 0.999 or abs(self.zoom - 1.0) > 0.001:
                w, h = image.get_size()
                image = pygame.transform.smoothscale(
                    image,
                    (max(1, round(w * self.scale_x * self.zoom)), max(1, round(h * self.zoom))),
                )
            if self.alpha < 255:
                image = image.copy()
                image.set_alpha(self.alpha)
            self.image = image
        self.rect = self.image.get_rect(center=(round(self.x), round(self.y - self.lift)))

    @property
    def size(self) -> tuple[int, int]:
        return card_size(self.width)

    # -- motion --------------------------------------------------------------------------------

    def move_to(
        self,
        pos: tuple[float, float],
        duration: float,
        delay: float = 0.0,
        ease: Ease = ease_out_cubic,
    ) -> None:
        """Slide to `pos` (its centre) in `duration` seconds after `delay`; a newer move
        replaces one not yet finished."""
        self.target = pos
        if duration <= 0 and delay <= 0:
            self.x, self.y = pos
            self.refresh()
            return
        start: list[tuple[float, float]] = []

        def apply(t: float) -> None:
            if not start:
                start.append((self.x, self.y))
            (x0, y0), (x1, y1) = start[0], pos
            self.x, self.y = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t

        self.tweens.running = [tw for tw in self.tweens.running if tw.kind != "move"]
        self.tweens.add(Tween(duration, apply, ease, delay, kind="move"))

    def zoom_from(self, width: int, duration: float, delay: float = 0.0) -> None:
        """Take the card width `width` at once, but start drawn at the old size and grow or
        shrink to the new one over `duration` (one picture is scaled, none re-drawn)."""
        start = self.width * self.zoom / width
        self.width = width

        def apply(t: float) -> None:
            self.zoom = start + (1.0 - start) * t

        self.zoom = start
        self.tweens.add(Tween(duration, apply, ease_out_cubic, delay))

    def flip_to(
        self,
        code: str | None,
        face_up: bool,
        duration: float,
        delay: float = 0.0,
        known: bool | None = None,
    ) -> None:
        """Turn over: narrow to nothing, change what it shows, widen again."""
        half = duration / 2

        def shrink(t: float) -> None:
            self.scale_x = 1.0 - t

        def swap() -> None:
            self.code = code
            self.face_up = face_up and code is not None
            if known is not None:
                self.known = known

        def grow(t: float) -> None:
            self.scale_x = t

        self.tweens.add(Tween(half, shrink, ease_in_cubic, delay, done=swap))
        self.tweens.add(Tween(half, grow, ease_out_cubic, delay + half))

    def fade_out(
        self, duration: float, delay: float = 0.0, done: Callable[[], None] | None = None
    ) -> None:
        def apply(t: float) -> None:
            self.alpha = round(255 * (1 - t))

        self.tweens.add(Tween(duration, apply, ease_in_cubic, delay, done=done))

    @property
    def moving(self) -> bool:
        return self.tweens.busy

    def update(self, dt: float) -> None:
        """Play the tweens by `dt` seconds (already scaled by the animation speed)."""
        if self.tweens.running:
            self.tweens.update(dt)
        target_lift = (
            10.0
            if (self.hover and self.highlight in ("legal", "selected"))
            or self.highlight == "selected"
            else 0.0
        )
        if self.lift != target_lift:
            step = 120.0 * dt
            self.lift = (
                min(target_lift, self.lift + step)
                if self.lift < target_lift
                else max(target_lift, self.lift - step)
            )
        self.refresh()


class Flourish:
    """A word that pops up over the table ("KNOCK!", "QUÄSENBÖ!"), with sparks."""

    def __init__(
        self,
        message: str,
        center: tuple[int, int],
        size: int,
        color: tuple[int, int, int] = palette.ACCENT,
        life: float = 1.4,
        sparks: int = 26,
        seed: int = 0,
    ) -> None:
        self.message = message
        self.center = center
        self.size = size
        self.color = color
        self.life = life
        self.age = 0.0
        rng = random.Random(seed or sum(map(ord, message)))
        self.sparks = []
        for _ in range(sparks):
            angle = rng.uniform(0, 2 * math.pi)
            speed = rng.uniform(0.6, 1.0) * size * 5
            hue = rng.choice((color, (255, 255, 255), palette.mix(color, (255, 80, 60), 0.5)))
            self.sparks.append(
                (math.cos(angle) * speed, math.sin(angle) * speed, hue, rng.uniform(2, 5))
            )

    @property
    def done(self) -> bool:
        return self.age >= self.life

    def bounds(self) -> pygame.Rect:
        """A rectangle all that `draw` draws stays in, its whole life long: the sparks fly
        2.5 sizes out and fall 60 pixels, the word pops up to 1.1 times its size."""
        cx, cy = self.center
        reach = round(self.size * 2.5) + 6
        sparks = pygame.Rect(cx - reach, cy - reach, 2 * reach, 2 * reach + 60)
        big = max(10, round(self.size * 1.1))
        word = pygame.Rect(0, 0, text_width(self.message, big) + 8, line_height(big) + 9)
        word.center = self.center
        return sparks.union(word)

    def update(self, dt: float) -> None:
        self.age += dt

    def draw(self, surface: pygame.Surface) -> None:
        t = min(1.0, self.age / self.life)
        pop = ease_out_back(min(1.0, self.age / 0.3))
        fade = 1.0 if t < 0.7 else max(0.0, (1 - t) / 0.3)
        cx, cy = self.center
        k = min(1.0, self.age / 0.8)
        for vx, vy, hue, r in self.sparks:
            x = cx + vx * ease_out_cubic(k) * 0.5
            y = cy + vy * ease_out_cubic(k) * 0.5 + 60 * k * k
            if fade > 0.05:
                pygame.draw.circle(surface, hue, (round(x), round(y)), max(1, round(r * fade)))
        size = max(10, round(self.size * (0.5 + 0.5 * pop)))
        body = text(self.message, size, self.color)
        outline = text(self.message, size, (20, 16, 10))
        alpha = round(255 * fade)
        for dx, dy in ((-3, 0), (3, 0), (0, -3), (0, 3), (2, 2), (-2, 2), (2, -2), (-2, -2)):
            o = outline.copy()
            o.set_alpha(alpha)
            surface.blit(o, o.get_rect(center=(cx + dx, cy + dy)))
        b = body.copy()
        b.set_alpha(alpha)
        surface.blit(b, b.get_rect(center=(cx, cy)))


class Effects:
    """The flourishes running now."""

    def __init__(self) -> None:
        self.items: list[Flourish] = []

    def add(self, flourish: Flourish) -> None:
        self.items.append(flourish)

    def update(self, dt: float) -> None:
        for item in self.items:
            item.update(dt)
        self.items = [i for i in self.items if not i.done]

    @property
    def busy(self) -> bool:
        return bool(self.items)

    def draw(self, surface: pygame.Surface) -> None:
        for item in self.items:
            item.draw(surface)
