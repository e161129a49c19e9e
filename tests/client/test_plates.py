"""A seat's name plate is drawn into a picture when its words change and shown from it on the
frames between: the same pixels, no text drawn again; the turn clock drawn every frame."""

from __future__ import annotations

import pygame

from game.client import widgets

RECT = pygame.Rect(60, 40, 220, 64)


def plate(calls: list[str] | None = None, **changed) -> bytes:
    surface = pygame.Surface((400, 200))
    surface.fill((10, 80, 40))
    args = {"name": "Dario (normal bot)", "detail": "12 points · 5 cards", "current": True}
    args.update(changed)
    widgets.seat_plate(surface, RECT, args.pop("name"), args.pop("detail"), **args)
    return pygame.image.tobytes(surface, "RGB")


def test_a_plate_shown_again_draws_no_text(make_app, monkeypatch):
    make_app()
    first = plate()
    calls: list[str] = []
    real = widgets.blit_text

    def counted(*args, **kwargs):
        calls.append(args[1])
        return real(*args, **kwargs)

    monkeypatch.setattr(widgets, "blit_text", counted)
    assert [plate() for _ in range(3)] == [first] * 3
    assert calls == []
    assert plate(detail="13 points · 4 cards") != first and "13 points · 4 cards" in calls


def test_the_clock_runs_on_a_plate_shown_again(make_app):
    make_app()
    full, half = plate(clock=1.0), plate(clock=0.5)
    assert full != half and plate(clock=1.0) == full
    assert plate(current=False) != plate()  # the turn's frame and marker
