"""The move log's panel is drawn into a picture of its own when what it shows changes: every
frame shows the pixels a fresh drawing would, and frames in between draw no text."""

from __future__ import annotations

import pygame

from game.client import widgets
from game.client.tables.movelog import MoveLog

RECT = pygame.Rect(30, 10, 300, 500)


def pixels(log: MoveLog, you: int | None = None, s: float = 1.0) -> bytes:
    surface = pygame.Surface((400, 600))
    surface.fill((1, 2, 3))
    log.draw(surface, RECT, s, you)
    return pygame.image.tobytes(surface, "RGB")


def add(log: MoveLog, text: str, seat: int | None) -> None:
    """A line whose words are `text` in every language."""
    log.add(lambda: text, seat)


def fresh(lines: list[tuple[str, int | None]], back: int = 0) -> MoveLog:
    log = MoveLog()
    for text, seat in lines:
        add(log, text, seat)
    log.scroll(back)
    return log


def test_each_frame_shows_what_a_fresh_drawing_shows(make_app):
    make_app()
    log = MoveLog()
    lines: list[tuple[str, int | None]] = []
    for k in range(60):
        line = (f"Player {k % 4} plays {k} and a longer tail of words to wrap", k % 4 or None)
        add(log, *line)
        lines.append(line)
        if k % 7 == 0:
            assert pixels(log) == pixels(fresh(lines))
    log.scroll(5)
    assert pixels(log) == pixels(fresh(lines, 5))
    assert pixels(log, you=2) == pixels(fresh(lines, 5), you=2)  # their own lines lit
    assert pixels(log, s=1.5) == pixels(fresh(lines, 5), s=1.5)
    log.scroll(-5)
    log.clear()
    add(log, "A new game", None)
    assert pixels(log) == pixels(fresh([("A new game", None)]))


def test_a_long_game_past_the_lines_kept(make_app):
    make_app()
    log, lines = MoveLog(), []
    for k in range(450):
        lines.append((f"step {k}", k % 3))
        add(log, *lines[-1])
        if k in (398, 399, 400, 449):
            assert pixels(log) == pixels(fresh(lines[-400:]))


def test_a_cleared_log_written_again_to_the_same_length_is_drawn_anew(make_app):
    make_app()
    log = fresh([("first game", 0), ("its second step", 1)])
    before = pixels(log)
    log.clear()
    add(log, "another game", 1)
    add(log, "another step", 0)
    assert pixels(log) == pixels(fresh([("another game", 1), ("another step", 0)])) != before


def test_an_unchanged_log_draws_no_text(make_app, monkeypatch):
    make_app()
    log = fresh([(f"line {k}", k % 2) for k in range(30)])
    first = pixels(log)
    calls: list[str] = []

    def counted(owner, name: str):
        real = getattr(owner, name)

        def call(*args, **kwargs):
            calls.append(name)
            return real(*args, **kwargs)

        return call

    for owner, name in [
        (widgets, "text"),
        (widgets, "rendered_text"),
        (widgets, "blit_text"),
        (widgets.Layer, "blit_line"),
    ]:
        monkeypatch.setattr(owner, name, counted(owner, name))
    assert [pixels(log) for _ in range(5)] == [first] * 5
    assert calls == []
    add(log, "one more", 1)
    assert pixels(log) != first and "blit_line" in calls


def test_lines_added_frame_by_frame_show_what_a_fresh_drawing_shows(make_app):
    make_app()
    # Lines of one to three rows, so that the oldest shown leaves in parts; some frames
    # add two lines. The fresh drawings first: every log draws into the one panel.
    lines = [(f"step {k} " + "and more words " * (k % 5), k % 3 or None) for k in range(90)]
    frames = [lines[k : k + 2] if k % 9 == 8 else lines[k : k + 1] for k in range(0, 90)]
    frames = [frame for k, frame in enumerate(frames) if k % 9 != 0 or k == 0]
    shown: list[tuple[str, int | None]] = []
    expected = []
    for frame in frames:
        shown += frame
        expected.append(pixels(fresh(shown), you=1))
    log = MoveLog()
    for k, frame in enumerate(frames):
        for line in frame:
            add(log, *line)
        assert pixels(log, you=1) == expected[k], k
