"""Colours and fonts shared by the client: the table, the widgets and the card faces."""

from __future__ import annotations

import io
from functools import cache, lru_cache

import pygame

from game.resources import asset

RGB = tuple[int, int, int]

# --- The table and its widgets -------------------------------------------------------
FELT: RGB = (26, 94, 66)
FELT_DARK: RGB = (17, 66, 46)
PANEL: RGB = (30, 36, 46)
PANEL_EDGE: RGB = (70, 80, 96)
TEXT: RGB = (242, 240, 232)
TEXT_DIM: RGB = (168, 176, 186)
TEXT_DARK: RGB = (28, 28, 34)
ACCENT: RGB = (244, 192, 56)
DANGER: RGB = (214, 66, 66)
RECENT: RGB = (96, 196, 236)
"""The frame round the cards of each seat's last move."""

# --- Card furniture shared by all three games ----------------------------------------
CARD_FACE: RGB = (251, 248, 240)
CARD_EDGE: RGB = (128, 120, 108)
CARD_INK: RGB = (24, 24, 28)
CARD_SHADOW: RGB = (0, 0, 0)
PARCHMENT: RGB = (246, 238, 218)

# Highlight colours: gold means "you may play this", blue "you chose this", white "under
# the pointer"; the same meanings everywhere in the client.
HIGHLIGHT_LEGAL: RGB = (255, 196, 36)
HIGHLIGHT_SELECTED: RGB = (46, 128, 255)
HIGHLIGHT_HOVER: RGB = (255, 255, 255)

# --- Quando: one colour per number 0-10 -------------------------------------------------
# The real game colours its numbers only to make them quicker to read, so the hues are
# spread round the wheel in number order and darkened where they sit on the light face.
QUANDO_NUMBER_COLORS: tuple[RGB, ...] = (
    (96, 104, 116),  # 0 slate
    (214, 40, 40),  # 1 red
    (238, 118, 0),  # 2 orange
    (196, 150, 0),  # 3 amber
    (110, 168, 20),  # 4 lime
    (18, 140, 70),  # 5 green
    (0, 150, 156),  # 6 teal
    (30, 104, 214),  # 7 blue
    (96, 62, 200),  # 8 violet
    (192, 36, 140),  # 9 magenta
    (120, 76, 38),  # 10 brown
)
QUANDO_BACK: RGB = (28, 52, 86)
QUANDO_BACK_LINE: RGB = (52, 84, 126)

# --- Blanco: the ten card colours, named as in docs/rules.md ----------------------------
BLANCO_RGB: dict[str, RGB] = {
    "red": (220, 38, 52),
    "orange": (246, 134, 30),
    "yellow": (250, 214, 40),
    "lime": (166, 214, 46),
    "green": (28, 150, 80),
    "sky": (86, 184, 240),
    "navy": (30, 56, 148),
    "purple": (128, 60, 184),
    "pink": (246, 130, 186),
    "brown": (140, 88, 42),
}
BLANCO_BACK: RGB = (246, 246, 242)
BLANCO_BACK_EDGE: RGB = (40, 44, 56)

# --- Quäsenbö / Decktet: one colour per suit ---------------------------------------------
DECKTET_SUIT_RGB: dict[str, RGB] = {
    "moons": (88, 92, 196),
    "suns": (230, 150, 14),
    "waves": (24, 136, 200),
    "leaves": (56, 150, 56),
    "wyrms": (192, 52, 42),
    "knots": (136, 88, 44),
}
DECKTET_BACK: RGB = (44, 32, 64)
DECKTET_BACK_LINE: RGB = (196, 160, 84)
EXCUSE_FACE: RGB = (58, 36, 84)
EXCUSE_GOLD: RGB = (236, 196, 92)


FONT_FILE = asset("fonts", "DejaVuSansCondensed-Bold.ttf")
"""The one typeface of the client (DejaVu Sans Condensed Bold, licence beside it): pygame's
bundled FreeSans Bold is hinted so loosely at small sizes that words break apart ("Sug
gerimento", "rotel la") and its space is 1-2 px wide; it also lacks arrows (↑ ↓)."""
POINTS_PER_SIZE = 0.6875
"""Point size per unit of a client font `size`: the scale pygame applies to its own font, kept
so that a `size` fills about the width it always did."""


def font(size: int) -> pygame.font.Font:
    """Return the client's font (FONT_FILE) at `size` (about as wide as
    `pygame.font.Font(None, size)`).

    Needs no display; initialises `pygame.font` if it is not. Fonts are cached per size
    because loading one costs about 0.1 ms; the cache survives a `pygame.quit()` and re-init
    (pygame would refuse the old font objects). Raises ValueError for size < 1.
    """
    if size < 1:
        raise ValueError(f"font size must be at least 1, got {size}")
    if not pygame.font.get_init():
        pygame.font.init()
    cached = _font(size)
    try:
        cached.get_height()  # raises once pygame.font was quit after this font was made
    except pygame.error:
        _font.cache_clear()
        cached = _font(size)
    return cached


def sized(size: int) -> pygame.font.Font:
    """The client's font at `size`, as `font(size)` draws it, for text drawn once into a picture
    that is kept (the card faces): one font object set to each size in turn, where `font`
    keeps one per size – each holds ~0.1–0.2 MiB of the typeface's tables and glyphs, and the
    card faces fit their text in some twenty sizes. Use it at once: the next call may set
    another size. Raises ValueError for size < 1."""
    if size < 1:
        raise ValueError(f"font size must be at least 1, got {size}")
    if not pygame.font.get_init():
        pygame.font.init()
    shared = _shared()
    try:
        shared.get_height()  # raises once pygame.font was quit after this font was made
    except pygame.error:
        _shared.cache_clear()
        shared = _shared()
    points = _points(size)
    if shared.point_size != points:  # a new size empties the font's glyph cache
        shared.point_size = points
    return shared


def _points(size: int) -> int:
    return max(1, round(size * POINTS_PER_SIZE))


@cache
def _shared() -> pygame.font.Font:
    return pygame.font.Font(io.BytesIO(_font_bytes()), 1)


@cache
def _font_bytes() -> bytes:
    return FONT_FILE.read_bytes()


@lru_cache(maxsize=256)
def _font(size: int) -> pygame.font.Font:
    # From memory: the shipped file need not exist on disk (a zipped package), and is read once.
    return pygame.font.Font(io.BytesIO(_font_bytes()), _points(size))


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """Blend colour `a` towards `b` by `t` (0 gives a, 1 gives b); used for tints and shades."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


SEAT_LINES: tuple[RGB, ...] = (
    (244, 192, 56),
    (96, 176, 255),
    (236, 96, 120),
    (120, 210, 130),
    (196, 140, 255),
    (255, 150, 70),
)
"""Each seat's line in the win-chance graph, by seat number (wrapping round past six)."""
