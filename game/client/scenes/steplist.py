"""The replay viewer's step list: each step in words (who did what, and what happened as the
eyes watched saw it), scrolled to follow the step shown, rows drawn once and kept."""

from __future__ import annotations

from typing import Protocol

import pygame

from game.client import layout, palette, widgets
from game.client.games import CLIENT_GAMES
from game.client.i18n import _
from game.client.tables import Table
from game.replay.playback import Playback

OPEN = "open"
"""The eyes that see every card (Playback.open_view)."""
Eyes = int | str | None
"""A seat, None (a spectator) or OPEN."""


class StepSource(Protocol):
    """What the step list reads of the viewer."""

    geo: layout.Viewer
    playback: Playback | None
    table: Table | None
    eyes: Eyes

    @property
    def mark_words(self) -> dict[int, str]: ...


class StepList:
    """The step list of `source`'s replay, from row `first` down."""

    def __init__(self, source: StepSource) -> None:
        self.source = source
        self.first = 0
        """The first position shown."""
        self.cache: dict[tuple[int, Eyes, int, bool], pygame.Surface] = {}
        """Rows drawn, by (position, eyes, width, current)."""

    @property
    def row_h(self) -> int:
        """The least height of a step-list row (with the gap under it)."""
        return layout.px(44, self.source.geo.s, 28)

    def shown_rows(self) -> list[tuple[int, pygame.Rect]]:
        """The positions the step list shows now from `first_row` down, each with its row's
        rect: as many whole rows as fit (at least one), each as tall as its wrapped words."""
        if self.source.playback is None or self.source.table is None:
            return []
        steps = self.source.geo.steps
        out: list[tuple[int, pygame.Rect]] = []
        y = steps.top
        for position in range(self.first, self.source.playback.length + 1):
            height = self.row_surface(position, False).get_height()
            if out and y + height > steps.bottom:
                break
            out.append((position, pygame.Rect(steps.left, y, steps.width, height)))
            y += height + 2
        return out

    def follow(self) -> None:
        """Scroll the step list so that the current step is in view, with a row of context
        after it while the game goes on (and some before, when it jumps)."""
        if self.source.playback is None:
            return
        here = self.source.playback.position
        shown = [position for position, _rect in self.shown_rows()]
        if here < self.first + 1 or here not in shown[:-1]:
            self.first = max(0, here - len(shown) // 3)
        while self.first < here:
            shown = [position for position, _rect in self.shown_rows()]
            if here in shown[:-1] or shown[-1] == here == self.source.playback.length:
                break
            self.first += 1
        self.first = min(self.first, self.last_first())

    def last_first(self) -> int:
        """The first row that shows the game's last step at the bottom of a full list."""
        assert self.source.playback is not None
        room = self.source.geo.steps.height
        first = self.source.playback.length
        while first > 0:
            room -= self.row_surface(first, False).get_height() + 2
            if room < self.row_surface(first - 1, False).get_height():
                break
            first -= 1
        return first

    def row_rect(self, position: int) -> pygame.Rect | None:
        """Where the step list shows `position` now, or None when it is scrolled out."""
        return next((rect for shown, rect in self.shown_rows() if shown == position), None)

    def row_at(self, pos: tuple[int, int]) -> int | None:
        """The position of the step-list row at screen point `pos`, if any."""
        if not self.source.geo.steps.collidepoint(pos):
            return None
        return next(
            (shown for shown, rect in self.shown_rows() if rect.top <= pos[1] < rect.bottom + 2),
            None,
        )

    def step_texts(self, position: int) -> tuple[str, str]:
        """The step list's two lines for `position`: who did what, and what happened as the
        current eyes saw it (the open view: as the acting seat saw it)."""
        playback, table = self.source.playback, self.source.table
        assert playback is not None and table is not None
        game = playback.header["game"]
        if position == 0:
            origin = playback.header.get("origin")
            if origin is None:
                return "   0  " + _("The deal"), _("the cards are dealt")
            # A game played on from another's step begins mid-game, dealt by that one.
            how = _("As it was") if origin["mode"] == "as_it_was" else _("Reshuffled")
            return "   0  " + _("Played on from step {step} of another game").format(
                step=origin["step"]
            ), how
        entry = playback.entries[position - 1]
        name = table.seats.name(entry.seat)
        by = _(" (a bot for the player)") if entry.stand_in else ""
        hinted = _(" (after a hint)") if entry.hinted else ""
        seat = entry.seat if self.source.eyes == OPEN else self.source.eyes
        words = CLIENT_GAMES[game].action_words(entry.action, entry.before)
        # TRANSLATORS: a step of a replay: who (with "(a bot for the player)" or "(after a
        # hint)" where so) and what they did.
        did = _("{name}: {action}").format(name=f"{name}{by}{hinted}", action=words)
        first = f"{position:>4}  {did}"
        if position in self.source.mark_words:
            return "! " + first, self.source.mark_words[position]
        events = playback.events(seat if isinstance(seat, int) else None, position)
        # The acting seat's view before the step shows what every seat saw of it too.
        return first, CLIENT_GAMES[game].events_line(events, table.seats.name, entry.before)

    def row_lines(self, position: int) -> list[tuple[str, int]]:
        """The step list's lines for `position` as drawn, each with its font size: the
        step's two texts (`step_texts`) wrapped to the list's width, nothing cut off."""
        s = self.source.geo.s
        big, small = layout.px(19, s, 12), layout.px(16, s, 11)
        width = self.source.geo.steps.width - layout.px(14, s)
        first, second = self.step_texts(position)
        return [(line, big) for line in widgets.wrap(first, big, width)] + [
            (line, small) for line in widgets.wrap(second, small, width)
        ]

    def row_surface(self, position: int, current: bool) -> pygame.Surface:
        width = self.source.geo.steps.width
        key = (position, self.source.eyes, width, current)
        surf = self.cache.get(key)
        if surf is None:
            if len(self.cache) > 300:
                self.cache.clear()
            s = self.source.geo.s
            lines = self.row_lines(position)
            big = lines[0][1]
            if position in self.source.mark_words:
                low = palette.DANGER
            else:
                low = palette.TEXT if current else palette.TEXT_DIM
            high = (255, 240, 190) if current else palette.TEXT
            pictures = [
                widgets.text(line, size, high if size == big else low) for line, size in lines
            ]
            pad = layout.px(5, s, 3)
            inner = sum(picture.get_height() for picture in pictures)
            surf = pygame.Surface((width, max(self.row_h - 2, inner + 2 * pad)), pygame.SRCALPHA)
            if current:
                pygame.draw.rect(surf, (92, 72, 18), surf.get_rect(), border_radius=6)
                pygame.draw.rect(surf, palette.ACCENT, surf.get_rect(), 2, border_radius=6)
            x, y = layout.px(7, s), (surf.get_height() - inner) // 2
            for picture in pictures:
                surf.blit(picture, (x, y))
                y += picture.get_height()
            self.cache[key] = surf
        return surf

    def draw(self, surface: pygame.Surface) -> None:
        playback = self.source.playback
        assert playback is not None
        pygame.draw.rect(surface, (22, 26, 34), self.source.geo.steps, border_radius=6)
        for position, rect in self.shown_rows():
            surface.blit(self.row_surface(position, position == playback.position), rect)

    def scroll(self, rows: int) -> None:
        """Scroll the list by `rows` (up: negative), within the game."""
        self.first = max(0, min(self.last_first(), self.first + rows))
