"""A QR code of a text (the browser table's address) as a pygame surface, for the host's
lobby: a guest points a phone's camera at the screen instead of typing an address. Made
with segno (pure Python)."""

from __future__ import annotations

from functools import lru_cache

import pygame

QUIET = 2
"""Light modules round the code: readers need a margin, the lobby's panel adds the rest."""


@lru_cache(maxsize=8)
def qr_surface(text: str, size: int) -> pygame.Surface:
    """`text` as a QR code, black on white, `size` pixels square at most (whole pixels per
    module, so every module stays sharp). Raises ValueError for a text too long for a QR
    code or a size too small to show it."""
    import segno  # only a host's lobby shows a code: not loaded at start (memory)

    try:
        code = segno.make(text, error="m", micro=False)
    except segno.DataOverflowError as err:
        raise ValueError(str(err)) from None
    rows = [list(row) for row in code.matrix]
    modules = len(rows) + 2 * QUIET
    scale = size // modules
    if scale < 1:
        raise ValueError(f"a QR code of {modules} modules does not fit in {size} pixels")
    surface = pygame.Surface((modules * scale, modules * scale))
    surface.fill((255, 255, 255))
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                surface.fill((0, 0, 0), ((x + QUIET) * scale, (y + QUIET) * scale, scale, scale))
    return surface
