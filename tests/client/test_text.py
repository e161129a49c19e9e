"""Small text keeps its words apart ("0 points", never "0points") and is measured as drawn."""

from __future__ import annotations

import pygame
import pytest

from game.client import widgets


def blank_runs(surface: pygame.Surface) -> list[int]:
    """The widths of the runs of empty columns between inked ones, left to right."""
    w, h = surface.get_size()
    inked = [any(surface.get_at((x, y)).a > 40 for y in range(h)) for x in range(w)]
    first, last = inked.index(True), w - inked[::-1].index(True)
    runs, run = [], 0
    for ink in inked[first:last]:
        if ink and run:
            runs.append(run)
        run = 0 if ink else run + 1
    return runs


@pytest.mark.parametrize("size", range(8, widgets.SMALL_TEXT + 1))
def test_small_words_stay_apart(size):
    pygame.font.init()
    between_letters = max(blank_runs(widgets.text("points", size)))
    gap = blank_runs(widgets.text("0 points", size))[0]
    assert gap >= 3 and gap > between_letters, (size, gap, between_letters)
    value = "0 points  ·  7 cards"
    assert widgets.text_width(value, size) == widgets.text(value, size).get_width()


def test_wrapped_small_lines_fit_their_width():
    pygame.font.init()
    value = "a penalty on your last card means no win, and the round goes on " * 3
    for line in widgets.wrap(value, 9, 120):
        assert widgets.text(line, 9).get_width() <= 120 or " " not in line
