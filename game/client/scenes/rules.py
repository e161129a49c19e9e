"""Rules help: how each game is played, in our own words, one tab per game."""

from __future__ import annotations

from functools import partial

import pygame

from game.client import layout, palette, widgets
from game.client.rules_text import RULES
from game.client.scenes import Scene, background


class RulesScene(Scene):
    """The rules of the three games; the mouse wheel or the arrow keys scroll."""

    listens = False

    def __init__(self, app, game: str = "quando") -> None:
        super().__init__(app)
        self.game = game if game in RULES else "quando"
        self.scroll = 0
        self.resize()

    def resize(self) -> None:
        s = self.s
        self.page = layout.text_page(self.size)
        tabs = pygame.Rect(self.page.left, self.page.top, self.page.width, layout.px(40, s))
        self.page = pygame.Rect(
            self.page.left,
            tabs.bottom + layout.px(10, s),
            self.page.width,
            self.page.height - tabs.height - layout.px(10, s),
        )
        self.form = widgets.Form()
        width = (tabs.width - 2 * layout.px(10, s)) // 3
        for k, game in enumerate(RULES):
            rect = pygame.Rect(
                tabs.left + k * (width + layout.px(10, s)), tabs.top, width, tabs.height
            )
            self.form.add(
                widgets.Button(
                    rect,
                    RULES[game][0],
                    partial(self.show, game),
                    style="primary" if game == self.game else "normal",
                )
            )
        self.form.add(
            widgets.Button(
                layout.bottom_buttons(self.size, 1)[0], "Back", lambda: self.app.pop(self)
            )
        )
        self.size_px = layout.px(22, s, 12)
        self.lines = widgets.wrap(RULES[self.game][1], self.size_px, self.page.width - 30)

    def show(self, game: str) -> None:
        self.game, self.scroll = game, 0
        self.resize()

    def handle(self, event: pygame.event.Event) -> None:
        step = self.size_px + 4
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_F1):
            self.app.pop(self)
            return
        if event.type == pygame.MOUSEWHEEL:
            self._scroll(-event.y * step * 3)
            return
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_DOWN,
            pygame.K_UP,
            pygame.K_PAGEDOWN,
            pygame.K_PAGEUP,
        ):
            amount = {
                pygame.K_DOWN: step,
                pygame.K_UP: -step,
                pygame.K_PAGEDOWN: self.page.height - step,
                pygame.K_PAGEUP: -self.page.height + step,
            }[event.key]
            self._scroll(amount)
            return
        self.form.handle(event)

    def _scroll(self, amount: int) -> None:
        total = len(self.lines) * (self.size_px + 4)
        self.scroll = max(0, min(max(0, total - self.page.height + 20), self.scroll + amount))

    def draw(self, surface: pygame.Surface) -> None:
        background(surface)
        s = self.s
        widgets.blit_text(
            surface,
            f"How to play {RULES[self.game][0]}",
            layout.px(44, s),
            palette.ACCENT,
            layout.heading(self.size),
        )
        widgets.panel(surface, self.page, palette.PANEL, 225)
        clip = surface.get_clip()
        surface.set_clip(self.page.inflate(-10, -10))
        y = self.page.top + 12 - self.scroll
        for line in self.lines:
            color = (
                palette.ACCENT if line.endswith(":") or line.startswith("Goal") else palette.TEXT
            )
            surface.blit(widgets.text(line, self.size_px, color), (self.page.left + 16, y))
            y += self.size_px + 4
        surface.set_clip(clip)
        self.form.draw(surface)
