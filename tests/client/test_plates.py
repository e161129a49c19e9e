"""A seat's name plate is drawn into a picture when its words change and shown from it on the
frames between: the same pixels, no text drawn again; the turn clock drawn every frame."""

from __future__ import annotations

import pygame

from game.client import widgets

RECT = pygame.Rect(60, 40, 220, 64)


def said(monkeypatch, name: str, at: int) -> list[str]:
    """Every text drawn from now on by widgets' function `name`, whose argument `at` is it."""
    words: list[str] = []
    real = getattr(widgets, name)

    def recorded(*args, **kwargs):
        words.append(args[at])
        return real(*args, **kwargs)

    monkeypatch.setattr(widgets, name, recorded)
    return words


def plate(**changed) -> bytes:
    surface = pygame.Surface((400, 200))
    surface.fill((10, 80, 40))
    args = {"name": "Dario (normal bot)", "detail": "12 points · 5 cards", "current": True}
    args.update(changed)
    widgets.seat_plate(surface, RECT, args.pop("name"), args.pop("detail"), **args)
    return pygame.image.tobytes(surface, "RGB")


def test_a_plate_shown_again_draws_no_text(make_app, monkeypatch):
    make_app()
    first = plate()
    calls = said(monkeypatch, "blit_text", 1)
    assert [plate() for _ in range(3)] == [first] * 3
    assert calls == []
    assert plate(detail="13 points · 4 cards") != first and "13 points · 4 cards" in calls


def test_the_clock_runs_on_a_plate_shown_again(make_app):
    make_app()
    full, half = plate(clock=1.0), plate(clock=0.5)
    assert full != half and plate(clock=1.0) == full
    assert plate(current=False) != plate()  # the turn's frame and marker


def test_a_one_line_plate_shows_a_long_status_and_the_detail_makes_room_for_it(
    make_app, monkeypatch
):
    """Blanco's four plates in a row are one line each: "away – a bot is playing for Bruno"
    did not fit between the name and the detail and was left out."""
    make_app()
    words = said(monkeypatch, "text", 0)

    def pill(width: int, status: str) -> int:
        """The status pill's pixels on a one-line plate `width` wide."""
        surface = pygame.Surface((400, 80))
        surface.fill((10, 80, 40))
        words.clear()
        rect = pygame.Rect(20, 20, width, 22)
        widgets.seat_plate(
            surface, rect, "Bruno", "stage 1 · 9 in grid · 2 in hand", current=False, status=status
        )
        gold = surface.map_rgb(widgets.palette.ACCENT)
        return sum(
            surface.get_at_mapped((x, y)) == gold
            for x in range(rect.left, rect.right)
            for y in range(rect.top, rect.bottom)
        )

    away = "away – a bot is playing for Bruno"
    assert pill(316, "") == 0
    assert pill(315, away) > 100 and away in words
    # Where even the whole plate is too narrow, the status is cut short, not left out.
    assert pill(200, away) > 100
    assert any(w.startswith("away") and w.endswith("…") for w in words), words
