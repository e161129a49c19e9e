"""Shared widgets: text, buttons, text fields, choices, panels, toasts and seat name plates.

Widgets keep only their own little state (hover, focus, the text typed); what a click means
is the callback the scene gives them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, TypeVar

import pygame

from game.client import palette
from game.client.palette import RGB

Rect = pygame.Rect

MIN_SIZE = 13
"""The smallest font size drawn: its lines are 11 px high (capitals 7 px), the least a player
can read without leaning in. `text` draws nothing smaller; layouts that shrink text stop here
and elide or wrap instead."""


def line_height(size: int) -> int:
    """The pixels from one line of text at `size` to the next: the height of `text(…, size)`."""
    return palette.font(max(MIN_SIZE, size)).get_linesize() + 1


def text_width(value: str, size: int) -> int:
    """How wide `text(value, size)` is, without rendering it."""
    return palette.font(max(MIN_SIZE, size)).size(value)[0]


@lru_cache(maxsize=1024)
def text(value: str, size: int, color: RGB = palette.TEXT) -> pygame.Surface:
    """`value` rendered antialiased at font `size` (at least MIN_SIZE) in one piece, its
    baseline at the font's ascent and `line_height(size) + 1` high whatever its letters, so
    texts side by side share a baseline and stacked lines never touch (cached: do not draw on
    the result)."""
    return rendered_text(value, size, color)


def rendered_text(value: str, size: int, color: RGB = palette.TEXT) -> pygame.Surface:
    """`text` rendered anew, not cached: for text drawn once into a picture its caller keeps
    (the move log's lines), which would only push others' text out of the cache."""
    font = palette.font(max(MIN_SIZE, size))
    ink = font.render(value, True, color)
    # pygame grows its surface above the ascent for a tall accent (É) and below the descent
    # for a long tail (g): put the baseline back where every other line has it.
    tops = [glyph[3] for glyph in font.metrics(value) if glyph is not None]
    above = max(0, max(tops, default=0) - font.get_ascent())
    line = pygame.Surface((ink.get_width(), font.get_linesize() + 1), pygame.SRCALPHA)
    line.blit(ink, (0, -above))
    return line


def fit_text(value: str, size: int, color: RGB, max_width: int) -> pygame.Surface:
    """`value` at `size`, or smaller (not below MIN_SIZE) until it is at most `max_width`
    wide: it may stay wider if even MIN_SIZE is too wide."""
    while size > MIN_SIZE and text_width(value, size) > max_width:
        size -= 1
    return text(value, size, color)


def shortened(value: str, size: int, max_width: int, *, middle: bool = False) -> str:
    """`value`, or as much of it as fits `max_width` at `size` with "…" where it is cut: at
    its end, or with `middle` inside it so the end stays ("Zufäl…Bot 6": names that differ
    only at their end stay apart)."""
    if text_width(value, size) <= max_width:
        return value

    def cut(keep: int) -> str:
        if not middle:
            return value[:keep].rstrip() + "…"
        tail = keep // 2
        return value[: keep - tail].rstrip() + "…" + (value[-tail:].lstrip() if tail else "")

    lo, hi = 0, len(value)
    while lo < hi:  # the most letters that fit with the ellipsis
        mid = (lo + hi + 1) // 2
        if text_width(cut(mid), size) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return cut(lo)


def elided(value: str, size: int, color: RGB, max_width: int) -> pygame.Surface:
    """`value` at `size`, cut short with "…" to at most `max_width` wide: for lists, where
    every row keeps one font size."""
    return text(shortened(value, size, max_width), size, color)


def blit_text(
    surface: pygame.Surface, value: str, size: int, color: RGB, rect: Rect, align: str = "center"
) -> Rect:
    """Draw `value` in `rect` ("center", "left" or "right", vertically centred), shrunk to
    fit its width, cut short with "…" where even MIN_SIZE is too wide; returns where it
    went. Drawn into a `Picture` (or a part of one), the picture keeps it."""
    fitted = fit_text(value, size, color, rect.width)
    if fitted.get_width() > rect.width:
        fitted = elided(value, MIN_SIZE, color, rect.width)
    where = fitted.get_rect()
    where.centery = rect.centery
    if align == "left":
        where.left = rect.left
    elif align == "right":
        where.right = rect.right
    else:
        where.centerx = rect.centerx
    surface.blit(fitted, where)
    picture = surface.get_abs_parent()
    if isinstance(picture, Picture):
        offset = surface.get_abs_offset()
        picture.texts.append((value, Rect(rect).move(offset), where.move(offset)))
    return where


class Picture(pygame.Surface):
    """A surface drawn offscreen to be shown whole later, which keeps each text drawn into it
    – the words, the box they were drawn in, where they went, in its own coordinates – so a
    frame shown from it can be checked as one drawn anew (tests/client/test_text_fits.py)."""

    def __init__(self, size: tuple[int, int], flags: int = 0) -> None:
        super().__init__(size, flags)
        self.texts: list[tuple[str, Rect, Rect]] = []


class Layer:
    """A `Picture` drawn when what it shows changes and shown whole on the frames in between
    (the move log's panel, a seat's name plate), transparent where nothing is drawn if
    `alpha`."""

    def __init__(self, alpha: bool = False) -> None:
        self._flags = pygame.SRCALPHA if alpha else 0
        self.surface = Picture((0, 0), self._flags)
        self._shows: object = None

    @property
    def texts(self) -> list[tuple[str, Rect, Rect]]:
        """The texts drawn into the picture since it was last drawn anew."""
        return self.surface.texts

    def redraw(self, size: tuple[int, int], shows: object) -> bool:
        """Whether the picture must be drawn again to show `shows` (anything comparable: what
        the caller draws from) at `size`; if so it is cleared and its texts forgotten."""
        if self.surface.get_size() == size and self._shows == shows:
            return False
        if self.surface.get_size() != size:
            self.surface = Picture(size, self._flags)
        else:
            self.surface.fill((0, 0, 0, 0))
            self.surface.texts.clear()
        self._shows = shows
        return True

    @property
    def shows(self) -> object:
        """What the picture was last drawn to show (`redraw`'s `shows`)."""
        return self._shows

    def scroll_up(self, band: Rect, by: int, keep_from: int, shows: object) -> None:
        """Move what is drawn in `band` `by` pixels up to show `shows`, with the texts
        drawn there: a text that lands above `keep_from` is forgotten (the caller clears
        what is left of it); the strip uncovered at the band's bottom keeps its old pixels
        until drawn over."""
        clip = self.surface.get_clip()
        self.surface.set_clip(band)
        self.surface.scroll(0, -by)
        self.surface.set_clip(clip)
        kept = []
        for value, box, where in self.texts:
            if band.top <= where.top < band.bottom:
                if where.top - by < keep_from:
                    continue
                box, where = box.move(0, -by), where.move(0, -by)
            kept.append((value, box, where))
        self.texts[:] = kept
        self._shows = shows

    def blit_line(self, line: pygame.Surface, value: str, pos: tuple[int, int], box: Rect) -> Rect:
        """A line of text already rendered (`line`, which reads `value`) at `pos`, drawn in
        `box`."""
        self.surface.blit(line, pos)
        where = line.get_rect(topleft=pos)
        self.texts.append((value, Rect(box), where))
        return where

    def show(self, surface: pygame.Surface, pos: tuple[int, int]) -> Rect:
        """The picture on `surface` at `pos`."""
        return surface.blit(self.surface, pos)


def blit_wrapped(
    surface: pygame.Surface, value: str, size: int, color: RGB, rect: Rect, align: str = "center"
) -> list[Rect]:
    """Draw `value` in `rect` on as many lines as its width needs (at `size`, smaller where
    the lines would not fit its height, not below MIN_SIZE), centred vertically: a label
    that fits on two lines is not cut short on one. Returns where each line went."""
    lines = wrap(value, size, rect.width)
    while size > MIN_SIZE and len(lines) * line_height(size) > rect.height:
        size -= 1
        lines = wrap(value, size, rect.width)
    step = line_height(size)
    y = rect.centery - len(lines) * step // 2
    drawn = []
    for line in lines:
        drawn.append(
            blit_text(surface, line, size, color, Rect(rect.left, y, rect.width, step), align)
        )
        y += step
    return drawn


def wrap(value: str, size: int, width: int, sep: str = " ") -> list[str]:
    """`value` broken into lines no wider than `width` at font `size` (blank lines kept),
    only where `sep` stands (" · " keeps each "key word" pair of a keys line whole); a piece
    wider than `width` stands alone on its line."""
    lines: list[str] = []
    for paragraph in value.split("\n"):
        line = ""
        for piece in paragraph.split(sep):
            word = piece if sep == " " else piece.strip()  # "a  ·  b" splits as "a", "b"
            trial = f"{line}{sep}{word}" if line else word
            if text_width(trial, size) <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def panel(
    surface: pygame.Surface,
    rect: Rect,
    color: RGB = palette.PANEL,
    alpha: int = 235,
    edge: RGB | None = palette.PANEL_EDGE,
    radius: int = 10,
) -> None:
    """A rounded translucent box."""
    box = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(box, (*color, alpha), box.get_rect(), border_radius=radius)
    if edge is not None:
        pygame.draw.rect(box, (*edge, 255), box.get_rect(), 2, border_radius=radius)
    surface.blit(box, rect)


def shade(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken the whole surface (behind a dialog)."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((0, 0, 0, alpha))
    surface.blit(veil, (0, 0))


class Widget:
    """Something on screen that may take input. `handle` returns True when it used the event."""

    def __init__(self, rect: Rect) -> None:
        self.rect = Rect(rect)
        self.visible = True
        self.enabled = True
        self.focused = False

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def activate(self) -> None:
        """Do what pressing the widget does (Enter on a focused button); most do nothing."""

    def draw(self, surface: pygame.surface.Surface) -> None:
        raise NotImplementedError

    @property
    def focusable(self) -> bool:
        return False


class Button(Widget):
    """A labelled button: calls `on_click()` when clicked (or its `key` is pressed, if the
    scene passes keys on). `style` is "normal", "primary" (gold) or "danger"."""

    def __init__(
        self,
        rect: Rect,
        label: str,
        on_click: Callable[[], Any],
        *,
        style: str = "normal",
        hint: str = "",
        key: int | None = None,
        icon: pygame.Surface | None = None,
    ) -> None:
        super().__init__(rect)
        self.label = label
        self.on_click = on_click
        self.style = style
        self.hint = hint
        self.key = key
        self.hover = False
        self.pressed = False
        self.flash = False
        """Drawn glowing: the button is the one the player is expected to press."""
        self.icon = icon
        """A picture drawn at the left of the label (a suit symbol), if any."""

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
            return False
        if not self.enabled:
            return (
                event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
                and event.button == 1
                and self.rect.collidepoint(event.pos)
            )
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.rect.collidepoint(event.pos)
        ):
            self.pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was, self.pressed = self.pressed, False
            if was and self.rect.collidepoint(event.pos):
                self.on_click()
                return True
        if (
            event.type == pygame.KEYDOWN
            and self.focused
            and event.key in (pygame.K_RETURN, pygame.K_SPACE)
        ):
            self.on_click()
            return True
        return False

    @property
    def focusable(self) -> bool:
        return self.visible and self.enabled

    def activate(self) -> None:
        self.on_click()

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        base = {"primary": (196, 142, 24), "danger": (160, 52, 52), "action": (40, 112, 190)}.get(
            self.style, (58, 70, 88)
        )
        if not self.enabled:
            base = (38, 42, 50) if self.style == "action" else palette.mix(base, (40, 44, 52), 0.6)
        elif self.pressed:
            base = palette.mix(base, (0, 0, 0), 0.25)
        elif self.hover or self.focused:
            base = palette.mix(base, (255, 255, 255), 0.18)
        radius = max(4, self.rect.height // 5)
        if self.flash and self.enabled:
            glow = self.rect.inflate(8, 8)
            pygame.draw.rect(surface, palette.HIGHLIGHT_LEGAL, glow, 3, border_radius=radius + 4)
        pygame.draw.rect(surface, base, self.rect, border_radius=radius)
        edge = (
            palette.HIGHLIGHT_HOVER
            if (self.focused and self.enabled)
            else palette.mix(base, (255, 255, 255), 0.3)
        )
        pygame.draw.rect(surface, edge, self.rect, 2, border_radius=radius)
        color = palette.TEXT if self.enabled else palette.TEXT_DIM
        size = max(12, int(self.rect.height * 0.46))
        label_rect = self.rect.inflate(-12, 0)
        if self.icon is not None:
            surface.blit(
                self.icon, self.icon.get_rect(midleft=(self.rect.left + 8, self.rect.centery))
            )
            label_rect.left += self.icon.get_width() + 4
            label_rect.width -= self.icon.get_width() + 4
        hint_size = max(MIN_SIZE, int(size * 0.7))
        room = label_rect.width - text_width(self.hint, hint_size) - 8
        # The key is left out where the label would not fit beside it ("Suggerimento" on a
        # small window): the label says what the button does.
        if self.hint and text_width(self.label, MIN_SIZE) <= room:
            hint = text(self.hint, hint_size, palette.mix(color, base, 0.35))
            surface.blit(hint, hint.get_rect(midright=(self.rect.right - 8, self.rect.centery)))
            label_rect.width = room
        blit_text(surface, self.label, size, color, label_rect)


class TextField(Widget):
    """One line of text the player types; `on_enter()` when Return is pressed in it. With
    `counted`, it shows how many of its `max_len` characters are used; typing past them
    sets `refused` (until the next key), so that the scene can say why nothing more came."""

    def __init__(
        self,
        rect: Rect,
        value: str = "",
        *,
        max_len: int = 64,
        on_enter: Callable[[], Any] | None = None,
        placeholder: str = "",
        counted: bool = False,
    ) -> None:
        super().__init__(rect)
        self.value = value
        self.max_len = max_len
        self.on_enter = on_enter
        self.placeholder = placeholder
        self.counted = counted
        self.refused = False

    def count_words(self) -> str:
        """The characters used and allowed, as the field shows them ("17/24")."""
        return f"{len(self.value)}/{self.max_len}"

    @property
    def focusable(self) -> bool:
        return self.visible and self.enabled

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.rect.collidepoint(event.pos)
        if not self.focused:
            return False
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.value = self.value[:-1]
                self.refused = False
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.on_enter is not None:
                    self.on_enter()
                return True
            if event.key == pygame.K_v and event.mod & pygame.KMOD_CTRL:
                return True
            return event.key not in (pygame.K_ESCAPE, pygame.K_TAB, pygame.K_UP, pygame.K_DOWN)
        if event.type == pygame.TEXTINPUT:
            room = self.max_len - len(self.value)
            typed = "".join(ch for ch in event.text if ch.isprintable())
            self.value += typed[:room]
            self.refused = len(typed) > room
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, (20, 24, 30), self.rect, border_radius=6)
        edge = palette.ACCENT if self.focused else palette.PANEL_EDGE
        pygame.draw.rect(surface, edge, self.rect, 2, border_radius=6)
        size = max(12, int(self.rect.height * 0.5))
        inner = self.rect.inflate(-16, 0)
        if self.counted:
            count = self.count_words()
            small = max(MIN_SIZE, size * 3 // 4)
            width = text_width(f"{self.max_len}/{self.max_len}", small) + 8
            inner.width -= width
            blit_text(
                surface,
                count,
                small,
                palette.DANGER if self.refused else palette.TEXT_DIM,
                Rect(inner.right, self.rect.top, width, self.rect.height),
                "right",
            )
        shown = self.value or self.placeholder
        color = palette.TEXT if self.value else palette.TEXT_DIM
        surf = text(shown, size, color)
        # Show the end of a long value: that is where the caret is.
        clip = surface.get_clip()
        surface.set_clip(inner.clip(clip) if clip else inner)
        x = inner.left if surf.get_width() <= inner.width else inner.right - surf.get_width() - 4
        surface.blit(surf, (x, self.rect.centery - surf.get_height() // 2))
        if self.focused:
            caret_x = min(inner.right - 2, x + (surf.get_width() if self.value else 0) + 2)
            pygame.draw.line(
                surface,
                palette.TEXT,
                (caret_x, self.rect.top + 8),
                (caret_x, self.rect.bottom - 8),
                2,
            )
        surface.set_clip(clip)


class Choice(Widget):
    """One of several values, stepped with the arrows, a click (right half: next, left half:
    previous) or the Left/Right keys when focused. `on_change(value)` after each change.
    The ends stop (1 bot then "<" stays at 1; the arrow that leads nowhere is dimmed), except
    for a choice of two (a switch, which flips either way) and a `cycle` (a ring of equals,
    like whose eyes a replay is watched through)."""

    def __init__(
        self,
        rect: Rect,
        options: Sequence[tuple[Any, str]],
        value: Any = None,
        *,
        on_change: Callable[[Any], Any] | None = None,
        cycle: bool = False,
    ) -> None:
        super().__init__(rect)
        self.cycle = cycle
        self.options = list(options)
        self.index = next((i for i, (v, _) in enumerate(self.options) if v == value), 0)
        self.on_change = on_change
        self.hover = False

    @property
    def value(self) -> Any:
        return self.options[self.index][0]

    @property
    def focusable(self) -> bool:
        return self.visible and self.enabled

    @property
    def switch(self) -> bool:
        """Whether stepping goes round (a switch of two, or a cycle)."""
        return self.cycle or len(self.options) == 2

    def step(self, delta: int) -> None:
        """Move `delta` options on: round a switch, else no further than an end."""
        if self.switch:
            index = (self.index + delta) % len(self.options)
        else:
            index = max(0, min(len(self.options) - 1, self.index + delta))
        if index == self.index:
            return
        self.index = index
        if self.on_change is not None:
            self.on_change(self.value)

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible or not self.enabled:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        elif (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.rect.collidepoint(event.pos)
        ):
            self.step(1 if event.pos[0] >= self.rect.centerx else -1)
            return True
        elif event.type == pygame.MOUSEWHEEL and self.hover:
            self.step(-1 if event.y > 0 else 1)
            return True
        elif (
            event.type == pygame.KEYDOWN
            and self.focused
            and event.key in (pygame.K_LEFT, pygame.K_RIGHT)
        ):
            self.step(1 if event.key == pygame.K_RIGHT else -1)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        base = (44, 52, 66) if self.enabled else (36, 40, 48)
        if self.hover and self.enabled:
            base = palette.mix(base, (255, 255, 255), 0.1)
        pygame.draw.rect(surface, base, self.rect, border_radius=6)
        edge = palette.ACCENT if self.focused else palette.PANEL_EDGE
        pygame.draw.rect(surface, edge, self.rect, 2, border_radius=6)
        size = max(12, int(self.rect.height * 0.5))
        arrow = self.rect.height // 4
        cy = self.rect.centery
        color = palette.TEXT if self.enabled else palette.TEXT_DIM
        left_x, right_x = self.rect.left + 14, self.rect.right - 14
        first = self.index == 0 and not self.switch
        last = self.index == len(self.options) - 1 and not self.switch
        pygame.draw.polygon(
            surface,
            palette.PANEL_EDGE if first else color,
            [(left_x, cy), (left_x + arrow, cy - arrow), (left_x + arrow, cy + arrow)],
        )
        pygame.draw.polygon(
            surface,
            palette.PANEL_EDGE if last else color,
            [(right_x, cy), (right_x - arrow, cy - arrow), (right_x - arrow, cy + arrow)],
        )
        blit_text(
            surface, self.options[self.index][1], size, color, self.rect.inflate(-4 * arrow - 28, 0)
        )


W = TypeVar("W", bound=Widget)


class Form:
    """Widgets with keyboard focus: Tab / Shift-Tab and Up / Down move it; Enter in the last
    field or anywhere on a button activates it."""

    def __init__(self, widgets: Sequence[Widget] = ()) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.focus_index = -1

    def add(self, widget: W) -> W:
        self.widgets.append(widget)
        return widget

    def focus(self, widget: Widget | None) -> None:
        for w in self.widgets:
            w.focused = w is widget
        self.focus_index = self.widgets.index(widget) if widget in self.widgets else -1

    def move_focus(self, delta: int) -> None:
        candidates = [w for w in self.widgets if w.focusable]
        if not candidates:
            return
        current = (
            self.widgets[self.focus_index] if 0 <= self.focus_index < len(self.widgets) else None
        )
        k = candidates.index(current) if current in candidates else (-1 if delta > 0 else 0)
        self.focus(candidates[(k + delta) % len(candidates)])

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self.move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = next(
                (
                    w
                    for w in self.widgets
                    if w.visible and w.focusable and w.rect.collidepoint(event.pos)
                ),
                None,
            )
            if hit is not None:
                self.focus(hit)
        for widget in self.widgets:
            if widget.visible and widget.handle(event):
                return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            self.move_focus(-1 if event.key == pygame.K_UP else 1)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        for widget in self.widgets:
            if widget.visible:
                widget.draw(surface)


def _fading(age: float, life: float) -> int:
    """A toast's opacity at `age` seconds of its `life`: whole, then fading out in its last
    half second."""
    return 255 if age < life - 0.5 else int(255 * max(0.0, (life - age) / 0.5))


class Toasts:
    """Short messages that appear, stay a moment and fade: "Ann passes", "Draw first"."""

    def __init__(self) -> None:
        self.items: list[list[Any]] = []  # [message, color, age, life]
        self._shown: tuple[object, list[tuple[Rect, list[pygame.Surface], int, int]]] | None = None

    def show(self, message: str, color: RGB = palette.TEXT, life: float = 2.6) -> None:
        self.items = [i for i in self.items if i[0] != message][-3:]
        self.items.append([message, color, 0.0, life])

    def drop(self, message: str) -> None:
        """Take `message` away at once (what it announced has come)."""
        self.items = [i for i in self.items if i[0] != message]

    def update(self, dt: float) -> None:
        for item in self.items:
            item[2] += dt
        self.items = [i for i in self.items if i[2] < i[3]]

    @property
    def busy(self) -> bool:
        return bool(self.items)

    def draw(self, surface: pygame.Surface, band: Rect, size: int) -> list[Rect]:
        """Draw the newest messages stacked upwards from the bottom of `band`, each wrapped
        to its width at font `size`, as many as fit in it: the newest always (smaller if it
        must), the older ones only while there is room (the move log keeps what they said).
        Returns the plates drawn, newest first."""
        drawn: list[Rect] = []
        for box, lines, fitting, alpha in self._plates(band, size):
            plate = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(
                plate,
                (16, 20, 26, min(220, alpha)),
                plate.get_rect(),
                border_radius=min(box.height, 40) // 3,
            )
            ly = fitting // 4
            for line in lines:
                label = line.copy()
                label.set_alpha(alpha)
                plate.blit(label, label.get_rect(midtop=(box.width // 2, ly)))
                ly += line.get_height()
            surface.blit(plate, box)
            drawn.append(box)
        return drawn

    def plates(self, band: Rect, size: int) -> list[Rect]:
        """Where `draw` would draw its plates now, newest first (nothing is drawn)."""
        return [box for box, _lines, _size, _alpha in self._plates(band, size)]

    def _plates(self, band: Rect, size: int) -> list[tuple[Rect, list[pygame.Surface], int, int]]:
        """Each plate `draw` draws: its box, its lines, their size and its opacity (kept
        while the same: a frame asks for them more than once)."""
        shows = (tuple(band), size, [(m, c, _fading(a, life)) for m, c, a, life in self.items])
        if self._shown is not None and self._shown[0] == shows:
            return self._shown[1]
        plates: list[tuple[Rect, list[pygame.Surface], int, int]] = []
        bottom = band.bottom
        for message, color, age, life in reversed(self.items[-3:]):
            fitting = size
            lines = self._lines(message, fitting, color, band.width)
            while (
                not plates
                and fitting > TOAST_LEAST
                and _plate_height(lines, fitting) > (band.height)
            ):
                fitting -= 1
                lines = self._lines(message, fitting, color, band.width)
            box = pygame.Rect(
                0,
                0,
                max(line.get_width() for line in lines) + fitting,
                _plate_height(lines, fitting),
            )
            box.midbottom = (band.centerx, bottom)
            if plates and box.top < band.top:
                break
            plates.append((box, lines, fitting, _fading(age, life)))
            bottom = box.top - 4
        self._shown = (shows, plates)
        return plates

    @staticmethod
    def _lines(message: str, size: int, color: RGB, width: int) -> list[pygame.Surface]:
        return [text(line, size, color) for line in wrap(message, size, max(60, width - size))]


TOAST_LEAST = 10
"""The smallest font a toast shrinks to when its band is short."""


def _plate_height(lines: list[pygame.Surface], size: int) -> int:
    """A toast's plate height: its lines and a margin above and below."""
    return sum(line.get_height() for line in lines) + size // 2


PlateKey = tuple[tuple[int, int], str, str, bool, str, str, RGB, str]
"""What a name plate shows: its size, name, detail, turn, tag, status, accent, short name."""
_PLATES: dict[PlateKey, Layer] = {}
"""Name plates as last drawn, by what they show, the most recent last: a plate is drawn anew
only when its words change (a table's plates cost a quarter of a millisecond a frame)."""
PLATES_KEPT = 24
"""Plates kept: every seat's of a table, with room for those that just changed."""


def seat_plate(
    surface: pygame.Surface,
    rect: Rect,
    name: str,
    detail: str,
    *,
    current: bool,
    tag: str = "",
    status: str = "",
    clock: float | None = None,
    accent: RGB = palette.ACCENT,
    short: str = "",
) -> None:
    """A seat's name plate: its name (followed by `tag`, e.g. " (you)"), a detail line
    (score, cards), a status word ("KNOCKED", "away") and, for the seat that must decide, a
    gold frame, a marker and the turn clock (`clock` = fraction of the time left). `short`
    is the name to show where `name` does not fit ("Dario" for "Dario (normal bot)")."""
    # The plate and the marker at its left, drawn into a picture of their own.
    bounds = rect.union(Rect(rect.left - 14, rect.centery - 9, 14, 19))
    key: PlateKey = (rect.size, name, detail, current, tag, status, accent, short)
    plate = _PLATES.pop(key, None)
    if plate is None:
        plate = Layer(alpha=True)
        plate.redraw(bounds.size, key)
        _draw_plate(
            plate.surface,
            rect.move(-bounds.left, -bounds.top),
            name,
            detail,
            current=current,
            tag=tag,
            status=status,
            accent=accent,
            short=short,
        )
    _PLATES[key] = plate
    while len(_PLATES) > PLATES_KEPT:
        del _PLATES[next(iter(_PLATES))]
    plate.show(surface, bounds.topleft)
    _draw_clock(surface, rect, clock)


def _draw_plate(
    surface: pygame.Surface,
    rect: Rect,
    name: str,
    detail: str,
    *,
    current: bool,
    tag: str,
    status: str,
    accent: RGB,
    short: str,
) -> None:
    """The plate and its marker, without the clock (drawn every frame over the picture)."""
    _plate_frame(surface, rect, current, accent)
    h = rect.height
    label = name + tag
    inner_w = rect.width - 20
    if short and text_width(label, MIN_SIZE) > inner_w:
        label = short + tag
    name_color = palette.TEXT if not current else (255, 236, 170)
    inner = Rect(rect.left + 8, rect.top + 3, rect.width - 16, h - 6)
    line_h = line_height(MIN_SIZE)
    size = max(MIN_SIZE, h // 4 if h >= 60 else int(h * 0.62))
    detail_size = max(MIN_SIZE, int(size * 0.85))
    if h < 60:
        one_line = text_width(label, size) + 8 + text_width(detail, detail_size) <= inner.width
        if one_line or inner.height < 2 * line_h:
            if (
                short
                and text_width(label, MIN_SIZE) + 8 + text_width(detail, MIN_SIZE) > inner.width
            ):
                label = short + tag
            _plate_one_line(surface, inner, label, detail, status, size, name_color)
            return
    lines = max(2, inner.height // line_h)
    rows = _plate_rows(label, name_color, detail, detail_size, status, lines, inner.width)
    _plate_lines(surface, inner, rows, max(MIN_SIZE, min(size, inner.height // len(rows) - 2)))


def _plate_frame(surface: pygame.Surface, rect: Rect, current: bool, accent: RGB) -> None:
    """A name plate's panel and frame; for the seat that must decide, gold, with a marker."""
    bg = (58, 50, 22) if current else palette.PANEL
    pygame.draw.rect(surface, bg, rect, border_radius=8)
    pygame.draw.rect(
        surface,
        accent if current else palette.PANEL_EDGE,
        rect,
        3 if current else 1,
        border_radius=8,
    )
    if current:
        # A small triangle pointing at the plate's name: the eye finds the turn fast.
        tip = (rect.left - 2, rect.centery)
        pygame.draw.polygon(
            surface, accent, [tip, (tip[0] - 12, tip[1] - 9), (tip[0] - 12, tip[1] + 9)]
        )


def _plate_rows(
    label: str,
    name_color: RGB,
    detail: str,
    detail_size: int,
    status: str,
    lines: int,
    width: int,
) -> list[tuple[str, RGB]]:
    """A tall plate's rows in `lines` lines `width` wide, with their colours: the name (and
    the status, when the plate has no third line for it), the detail, the status."""
    rows = [(label, name_color)]
    if status and lines < 3:
        rows[0] = (f"{label} · {status}", name_color)
    # A detail too long for one line ("stadio 1 · 9 in griglia · 2 in mano") wraps at its
    # " · " into the lines the plate has left; the last line takes what fits of the rest,
    # its parts whole (a word cut short reads worse than a part left out).
    room = max(1, lines - len(rows) - (1 if status and lines >= 3 else 0))
    parts = wrap(detail, detail_size, width - 4, " · ")
    if len(parts) > room:
        rest = " · ".join(parts[room - 1 :]).split(" · ")
        last = rest[:1]
        for piece in rest[1:]:
            if text_width(" · ".join([*last, piece]), MIN_SIZE) > width - 4:
                break
            last.append(piece)
        parts = parts[: room - 1] + [" · ".join(last)]
    rows += [(part, palette.TEXT_DIM) for part in parts]
    if status and lines >= 3:
        rows.append((status, palette.ACCENT))
    return rows


def _plate_lines(
    surface: pygame.Surface, inner: Rect, rows: list[tuple[str, RGB]], size: int
) -> None:
    """A tall plate's rows spread evenly over `inner`, the name at `size`, the rest smaller."""
    step = (inner.height - 2) // len(rows)
    y = inner.top + (inner.height - step * len(rows)) // 2
    for k, (value, color) in enumerate(rows):
        row_size = size if k == 0 else max(MIN_SIZE, int(size * 0.85))
        blit_text(
            surface, value, row_size, color, Rect(inner.left + 2, y, inner.width - 4, step), "left"
        )
        y += step


def _plate_one_line(
    surface: pygame.Surface,
    inner: Rect,
    label: str,
    detail: str,
    status: str,
    size: int,
    name_color: RGB,
) -> None:
    """A short plate's one line: the name (and its status pill), the detail at the right."""
    # The name takes what the detail leaves, at least half; cut in its middle if it must be,
    # so "Random bot 5" and "Random bot 6" stay apart.
    detail_w = text_width(detail, max(MIN_SIZE, int(size * 0.85)))
    name_w = max(inner.width // 2, inner.width - detail_w - 8)
    if text_width(label, MIN_SIZE) > name_w:
        label = shortened(label, MIN_SIZE, name_w, middle=True)
    drawn = blit_text(
        surface, label, size, name_color, Rect(inner.left, inner.top, name_w, inner.height), "left"
    )
    # The detail takes what the name leaves (a long name at a small scale may be wider than
    # its share even at the smallest font).
    free = Rect(drawn.right + 8, inner.top, inner.right - drawn.right - 8, inner.height)
    status_size = max(MIN_SIZE, int(size * 0.8))
    if status:
        # What is unusual (away, offline, knocked) matters more than the detail, which makes
        # room for it: losing parts, or all of it.
        pill_w = min(free.width, text_width(status, status_size) + 22)
        free.left, free.width = free.left + pill_w, free.width - pill_w
    detail_left = free.right
    # A detail of several parts ("9 in grid · 2 in hand") loses its last parts whole before
    # a word is cut.
    parts = detail.split(" · ")
    while len(parts) > 1 and text_width(" · ".join(parts), MIN_SIZE) > free.width:
        parts.pop()
    detail = " · ".join(parts)
    if free.width > 20:
        surf = fit_text(detail, max(MIN_SIZE, int(size * 0.85)), palette.TEXT_DIM, free.width)
        if surf.get_width() > free.width:
            surf = elided(detail, MIN_SIZE, palette.TEXT_DIM, free.width)
        where = surface.blit(surf, surf.get_rect(midright=(free.right, free.centery)))
        detail_left = where.left
    room = detail_left - 8 - (drawn.right + 15)
    if status and room > 20:
        # No room for a line of its own: the status sits after the name (cut short at the end
        # rather than left out where even the whole plate is too narrow for it).
        ink = (30, 24, 8)
        surf = text(status, status_size, ink)
        if surf.get_width() > room:
            surf = elided(status, status_size, ink, room)
        pill = surf.get_rect(midleft=(drawn.right + 15, inner.centery)).inflate(10, 4)
        pygame.draw.rect(surface, palette.ACCENT, pill, border_radius=pill.height // 2)
        surface.blit(surf, surf.get_rect(center=pill.center))


def _draw_clock(surface: pygame.Surface, rect: Rect, clock: float | None) -> None:
    """The turn clock along a plate's bottom edge: `clock` is the fraction of time left."""
    if clock is not None:
        bar = Rect(
            rect.left + 6, rect.bottom - 6, round((rect.width - 12) * max(0.0, min(1.0, clock))), 3
        )
        color = palette.DANGER if clock < 0.25 else palette.ACCENT
        pygame.draw.rect(surface, color, bar)


_FELT_CACHE: dict[tuple[int, int], pygame.Surface] = {}


@lru_cache(maxsize=8)
def felt_bands(size: tuple[int, int]) -> tuple[tuple[Rect, RGB], ...]:
    """The felt at `size`: bands across it, each of one colour, lighter in the middle like
    a lamp over the table."""
    w, h = size
    band = max(1, h // 64)
    bands = []
    for y in range(0, h, band):
        t = y / max(1, h - 1)
        k = 1 - abs(t - 0.45) * 1.4
        color = palette.mix(palette.FELT_DARK, palette.FELT, max(0.0, min(1.0, k)))
        bands.append((Rect(0, y, w, band), color))
    return tuple(bands)


def paint_felt(surface: pygame.Surface, size: tuple[int, int], width: int) -> None:
    """The felt at `size` onto an opaque `surface`, its left `width` pixels only: the same
    pixels as the picture `felt` gives, filled band by band (no picture read: a table's
    frame, which mostly leaves the felt alone, would find one cold)."""
    for rect, color in felt_bands(size):
        surface.fill(color, rect.clip((0, rect.top, width, rect.height)))


def felt(size: tuple[int, int]) -> pygame.Surface:
    """The felt at `size` (cached: copy it before drawing on it)."""
    surf = _FELT_CACHE.get(size)
    if surf is None:
        surf = pygame.Surface(size)
        paint_felt(surf, size, size[0])
        if len(_FELT_CACHE) > 8:
            _FELT_CACHE.clear()
        _FELT_CACHE[size] = surf
    return surf
