"""Card pictures drawn ahead of need, a little in each quiet frame, so a card seen for the
first time mid-game rarely costs any drawing then."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pygame

from game.client.cards import CardArt, render_card

BUDGET = 0.0015
"""Seconds a frame may spend drawing card pictures ahead of need."""

SAME_FRAME = 0.001
"""A run asked for this soon (seconds) after the last one ended belongs to the same frame:
a frame runs its fixed-step updates back to back, and each may ask."""


class Prewarmer:
    """Draws every picture a table of the game drawn as `art` may need: the back and each
    face at every card width in `widths`, and the faces at `hand_width` highlighted as legal
    (the viewer's own cards). The pictures land in render_card's cache."""

    def __init__(self, art: CardArt, widths: tuple[int, ...], hand_width: int) -> None:
        self._steps: Iterator[pygame.Surface] | None = self._pictures(art, widths, hand_width)
        self._cost = 0.0
        """Seconds the last picture took: the next (mostly of the same width) costs about
        as much."""
        self._ended = float("-inf")
        """When the last frame's run ended (time.perf_counter)."""

    @staticmethod
    def _pictures(
        art: CardArt, widths: tuple[int, ...], hand_width: int
    ) -> Iterator[pygame.Surface]:
        codes = art.codes
        for width in widths:
            yield render_card(None, width, art=art)
            for code in codes:
                yield render_card(code, width, art=art)
        yield render_card(None, hand_width, art=art, highlight="legal")
        for code in codes:
            yield render_card(code, hand_width, art=art, highlight="legal")

    @property
    def done(self) -> bool:
        """Every picture is drawn."""
        return self._steps is None

    def frame(self, budget: float = BUDGET) -> None:
        """`run` once a frame, with what is left of the frame's budget after the table's
        own work: the first fixed step of a frame to ask decides for the frame (a frame of
        two steps had drawn for twice the budget). With less than half the budget left the
        frame is taken by other work (a move played) and nothing is drawn in it."""
        now = time.perf_counter()
        if now - self._ended < SAME_FRAME:
            return
        if budget >= BUDGET / 2:
            self.run(budget)
        self._ended = time.perf_counter()

    def run(self, budget: float = BUDGET) -> None:
        """Draw the pictures that fit in `budget` seconds by the last one's cost, at least
        one (none once all are drawn): a picture that would overrun the budget is left to
        the next frame, not started (a Decktet face takes up to 2.4 ms)."""
        start = time.perf_counter()
        drawn = 0
        while self._steps is not None:
            began = time.perf_counter()
            if drawn and began - start + self._cost > budget:
                return
            if next(self._steps, None) is None:
                self._steps = None
            self._cost = time.perf_counter() - began
            drawn += 1
