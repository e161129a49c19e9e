"""Toasts cover nothing a player needs: at each table, at the smallest, the usual and a large
window, with the move log shown and hidden, no toast's plate meets a pile or its label, a
played card's place, an action button or the prompt – frame by frame through live games."""

from __future__ import annotations

import pygame
import pytest

from game.client import i18n, widgets
from game.client.app import App
from game.client.autoplay import AutoPlayer, table_scene
from game.client.hosting import start_local
from game.client.tables.hud import Hud
from tests.client.test_play import game_over, run
from tests.client.test_text_fits import LIVE

SIZES = [(960, 540), (1280, 720), (1920, 1080)]
MESSAGES = [
    "Cleo plays the seven of knots and the ace of moons; the next player draws until one fits.",
    "The discard pile is turned over: it is the new draw pile.",
    "It's Dario's turn.",
]
"""Three toasts at once, the first long enough to wrap in a narrow band."""


class ToastRecorder:
    """Per frame: the texts and panels the table draws before its toasts (pile labels, the
    run's words, the box, button labels), the prompt's plate, and the toasts' plates; and
    every toast plate – or part of the toasts' band – that meets one of them, a button, a
    pile's place or the prompt."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.labels: list[tuple[str, pygame.Rect]] = []
        self.prompts: list[pygame.Rect] = []
        self.plates: list[pygame.Rect] = []
        self.problems: set[str] = set()
        self.seen: set[str] = set()
        self.frames = 0
        self.scene = ""
        self._toasted = False
        blit, panel = widgets.blit_text, widgets.panel
        toasts, prompt, draw = widgets.Toasts.draw, Hud.draw_prompt, App.draw

        def recorded_blit(surface, value, size, color, rect, align="center"):
            where = blit(surface, value, size, color, rect, align)
            if not value.strip():
                return where
            if not self._toasted and surface.get_abs_parent() is pygame.display.get_surface():
                self.labels.append((value, where.move(surface.get_abs_offset())))
            return where

        def recorded_prompt(hud, surface, view):
            def plate(surface, box, *args, **kwargs):
                self.prompts.append(pygame.Rect(box))
                return panel(surface, box, *args, **kwargs)

            monkeypatch.setattr(widgets, "panel", plate)
            try:
                prompt(hud, surface, view)
            finally:
                monkeypatch.setattr(widgets, "panel", panel)

        def recorded_toasts(shown, surface, band, size):
            self._toasted = True
            self.plates = toasts(shown, surface, band, size)
            return self.plates

        def checked_draw(app, surface):
            self.labels, self.prompts, self.plates, self._toasted = [], [], [], False
            draw(app, surface)
            self.check(app)

        monkeypatch.setattr(widgets, "blit_text", recorded_blit)
        monkeypatch.setattr(widgets.Toasts, "draw", recorded_toasts)
        monkeypatch.setattr(Hud, "draw_prompt", recorded_prompt)
        monkeypatch.setattr(App, "draw", checked_draw)

    def check(self, app: App) -> None:
        scene = table_scene(app)
        if scene is None or not self.plates:
            return
        table = scene.table
        self.frames += 1
        keep_clear = list(self.labels)
        keep_clear += [("the prompt", rect) for rect in self.prompts]
        keep_clear += [(f"button {token}", button.rect) for token, button in table.buttons.shown]
        keep_clear += [(f"place {name}", rect) for name, rect in table.geo.places.items()]
        self.seen.update(text for text, _rect in keep_clear)
        band = table.geo.toasts
        for what, rect in keep_clear:  # the whole band, not only the toasts of this frame
            if band.colliderect(rect):
                self.problems.add(f"{self.scene}: the toasts' band {band} meets {what!r} {rect}")
        for plate in self.plates:
            if not table.geo.toasts.contains(plate):
                self.problems.add(f"{self.scene}: a toast {plate} leaves its band")
            for what, rect in keep_clear:
                if plate.colliderect(rect):
                    self.problems.add(f"{self.scene}: a toast {plate} covers {what!r} {rect}")


@pytest.mark.parametrize("size", SIZES)
def test_toasts_cover_no_label_button_or_prompt(make_app, monkeypatch, size):
    recorder = ToastRecorder(monkeypatch)
    app = make_app(size=size)
    for game, players, options in LIVE:
        start_local(app, game, players, "random", options)
        assert run(app, lambda: table_scene(app) is not None, 30), game
        scene = table_scene(app)
        assert scene is not None
        for log in (True, False):
            if scene.table.log_shown != log:
                scene.table.toggle_log()
            recorder.scene = f"{game} at {size}, move log {'on' if log else 'off'}"

            def toast() -> None:
                if not scene.table.toasts.busy:
                    for message in MESSAGES:
                        scene.table.toasts.show(message)

            run(app, lambda: game_over(app), 6, AutoPlayer(app, seed=3), toast)
        app.to_title()
    assert sorted(recorder.problems) == []
    assert recorder.frames > 100
    assert {
        i18n._("Discard"),
        i18n._("Deck"),
        i18n._("Draw pile"),
        "the prompt",
        "place row",
        "place box",
    } <= recorder.seen


def test_the_recorder_finds_a_toast_over_the_prompt(make_app, monkeypatch):
    recorder = ToastRecorder(monkeypatch)
    app = make_app(size=SIZES[0])
    start_local(app, "quando", 3, "random", {})
    assert run(app, lambda: table_scene(app) is not None and table_scene(app).table.active, 30)
    table = table_scene(app).table
    prompt = table.geo.prompt
    table.geo.toasts = pygame.Rect(prompt.left, prompt.top - 40, prompt.width, prompt.height + 40)
    table.toasts.show(MESSAGES[0])
    app.draw(app.screen)
    assert any("the prompt" in problem for problem in recorder.problems)
