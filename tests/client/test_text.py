"""Text is drawn as a player reads it: each line in one piece on one baseline, words apart but
never a gap inside a word, stacked lines apart, nothing below the legible size, and every
string of every catalogue drawable by the client's font."""

from __future__ import annotations

import itertools

import pygame
import pytest
from babel.messages.pofile import read_po

from game.client import i18n, palette, widgets

SIZES = range(widgets.MIN_SIZE, 25)


def inked_columns(surface: pygame.Surface) -> list[bool]:
    """Per column, left to right: does any pixel of it carry ink."""
    w, h = surface.get_size()
    return [any(surface.get_at((x, y)).a > 60 for y in range(h)) for x in range(w)]


def blank_runs(surface: pygame.Surface) -> list[int]:
    """The widths of the runs of empty columns between inked ones, left to right."""
    inked = inked_columns(surface)
    first, last = inked.index(True), len(inked) - inked[::-1].index(True)
    runs, run = [], 0
    for ink in inked[first:last]:
        if ink and run:
            runs.append(run)
        run = 0 if ink else run + 1
    return runs


def ink_rows(surface: pygame.Surface, left: int, right: int) -> tuple[int, int]:
    """The first and last row with ink between columns `left` and `right`."""
    rows = [
        y
        for y in range(surface.get_height())
        if any(surface.get_at((x, y)).a > 100 for x in range(left, min(right, surface.get_width())))
    ]
    return rows[0], rows[-1]


@pytest.mark.parametrize("size", SIZES)
def test_words_of_a_line_share_one_baseline(size):
    pygame.font.init()
    value = "Draw visible Hidden Blatt Élan"  # no letter below the baseline
    line = widgets.text(value, size)
    bottoms = set()
    x = 0
    for word in value.split(" "):
        width = widgets.text_width(word, size)
        bottoms.add(ink_rows(line, x + 1, x + width - 1)[1])
        x += width + widgets.text_width(" ", size)
    assert len(bottoms) == 1, (size, bottoms)


@pytest.mark.parametrize("size", SIZES)
def test_words_stay_whole_and_apart(size):
    pygame.font.init()
    space = blank_runs(widgets.text("0 points", size))[0]
    assert space >= 3, (size, space)
    for word in ("Suggerimento", "Scatola", "della", "griglia", "rotella", "ausgeteilt"):
        inside = max(blank_runs(widgets.text(word, size)), default=0)
        assert inside < space, (size, word, inside, space)
    value = "0 points  ·  7 cards"
    assert widgets.text_width(value, size) == widgets.text(value, size).get_width()


@pytest.mark.parametrize("size", SIZES)
def test_stacked_wrapped_lines_never_touch(size):
    pygame.font.init()
    message = (
        "Ägypten gibt ausgeteilt – und eine deiner Karten tut es. "
        "Jäger spielt gleich eine Königin, quält jeden Zug "
    ) * 2
    lines = [widgets.text(line, size) for line in widgets.wrap(message.strip(), size, 200)]
    assert len(lines) > 2
    heights = {line.get_height() for line in lines}
    assert heights == {widgets.line_height(size)}
    for upper, lower in zip(lines, lines[1:]):
        width = min(upper.get_width(), lower.get_width())
        top_of_lower = ink_rows(lower, 0, width)[0] + upper.get_height()
        bottom_of_upper = ink_rows(upper, 0, width)[1]
        assert bottom_of_upper < top_of_lower - 1, (size, bottom_of_upper, top_of_lower)


def test_nothing_is_drawn_below_the_legible_size():
    pygame.font.init()
    assert palette.font(widgets.MIN_SIZE).get_linesize() >= 11
    assert widgets.text("Esc", 8).get_height() == widgets.line_height(widgets.MIN_SIZE)
    assert widgets.fit_text("a rather long label " * 4, 30, palette.TEXT, 50).get_height() == (
        widgets.line_height(widgets.MIN_SIZE)
    )


def test_wrapped_lines_fit_their_width():
    pygame.font.init()
    value = "a penalty on your last card means no win, and the round goes on " * 3
    for line in widgets.wrap(value, 9, 120):
        assert widgets.text(line, 9).get_width() <= 120 or " " not in line


def test_every_translation_is_drawable_by_the_font():
    pygame.font.init()
    font = palette.font(20)

    def picture(char: str) -> bytes:
        return pygame.image.tobytes(font.render(char, True, (255, 255, 255)), "RGBA")

    box = picture("\U000f0000")  # a private-use code point: the font's missing-glyph box
    missing = set()
    for language in i18n.LANGUAGES:
        if language == i18n.SOURCE:
            continue
        with i18n.catalogue(language).open("rb") as po:
            catalogue = read_po(po)
        for message in catalogue:
            strings = [message.id, message.string]
            for value in itertools.chain.from_iterable(
                s if isinstance(s, (tuple, list)) else [s] for s in strings
            ):
                missing.update(
                    (language, char)
                    for char in value or ""
                    if char.isprintable() and picture(char) == box
                )
    assert not missing, sorted(missing)


def test_a_name_cut_in_the_middle_keeps_its_end():
    pygame.font.init()
    names = [f"Zufälliger Bot {n}" for n in range(2, 7)]
    width = widgets.text_width(names[0], widgets.MIN_SIZE) - 20
    cut = [widgets.shortened(name, widgets.MIN_SIZE, width, middle=True) for name in names]
    assert len(set(cut)) == len(names)
    assert all("…" in c and c[-1] == n[-1] for c, n in zip(cut, names))
    assert all(widgets.text_width(c, widgets.MIN_SIZE) <= width for c in cut)
    assert widgets.shortened(names[0], widgets.MIN_SIZE, width).endswith("…")


def test_the_shared_font_draws_each_size_as_a_font_of_its_own():
    # Sizes in a jumping order, as the card faces fit their texts: each switch of the shared
    # font must draw and measure as the size's own font does.
    sizes = [2, 33, 5, 200, 13, 14, 13, 41, 7, 60, 3, 18]
    for size, text in itertools.product(sizes, ["H", "10", "Drachen", "Ä g ↑↓ é"]):
        own, shared = palette.font(size), palette.sized(size)
        assert shared.size(text) == own.size(text), (size, text)
        assert shared.metrics(text) == own.metrics(text), (size, text)
        assert (shared.get_height(), shared.get_linesize(), shared.get_ascent()) == (
            own.get_height(),
            own.get_linesize(),
            own.get_ascent(),
        ), size
        a, b = shared.render(text, True, palette.TEXT), own.render(text, True, palette.TEXT)
        assert a.get_size() == b.get_size(), (size, text)
        assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA"), (size, text)
    with pytest.raises(ValueError):
        palette.sized(0)
