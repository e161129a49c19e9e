"""A table's action buttons (Play, Knock, Draw…): each a widget with the token a click on it
means, shown when the legal actions allow it (or always, greyed), glowing when it completes
the player's choice."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from game.client import layout, widgets
from game.client.tables.chooser import Action, Token

ButtonSpec = tuple[Token, str, str, int | None]
"""An action button: (token, label, key hint, key)."""
FixedButton = tuple[Token, str, str]
"""A game's fixed action button: (token, English label, the name of its key in
game.client.shortcuts)."""


class ActionButtons:
    """The buttons shown, laid out anew only when which buttons show (or the window) changes,
    so a button under the mouse keeps its state between refreshes. A click on one calls
    `click(token)`."""

    def __init__(self, click: Callable[[Token], None]) -> None:
        self.click = click
        self.shown: list[tuple[Token, widgets.Button]] = []
        """Each button shown, with the token a click on it means."""
        self._key: tuple[object, ...] = ()

    def sync(
        self,
        specs: list[ButtonSpec],
        candidates: dict[Token, list[Action]],
        geo: layout.Table,
        flash: Callable[[Token], bool],
        icon: Callable[[Token, pygame.Rect], pygame.Surface | None],
    ) -> None:
        """Show the buttons of `specs` in `geo`'s button column, each enabled when its token
        is one of the `candidates`, glowing when `flash(token)`, with `icon(token, rect)`."""
        key = tuple((token, label) for token, label, _, _ in specs) + (geo.size,)
        if key != self._key:
            self._key = key
            rects = layout.action_buttons(geo.buttons, len(specs), geo.s)
            self.shown = [
                (
                    token,
                    widgets.Button(
                        rect,
                        label,
                        partial(self.click, token),
                        hint=hint,
                        key=shortcut,
                        style="action",
                        icon=icon(token, rect),
                    ),
                )
                for (token, label, hint, shortcut), rect in zip(specs, rects)
            ]
        for token, button in self.shown:
            button.enabled = token in candidates
            button.flash = button.enabled and flash(token)

    def relayout(self) -> None:
        """The window changed: lay the buttons out anew at the next `sync`."""
        self._key = ()

    def handle(self, event: pygame.event.Event) -> bool:
        """Mouse on the buttons; returns True when one took the event. A click on a greyed
        button is passed on as its token too, so the table can say why it cannot be used.
        Whether it was greyed is read before the event: a click on an enabled button may
        grey it (the choice went on, or was sent), and must not count a second time."""
        for token, button in self.shown:
            greyed = not button.enabled
            if not button.handle(event):
                continue
            if greyed and event.type == pygame.MOUSEBUTTONUP:
                self.click(token)
            return True
        return False

    def clickable(self) -> list[tuple[Token, pygame.Rect]]:
        """The enabled buttons' tokens and where they are."""
        return [
            (token, button.rect)
            for token, button in self.shown
            if button.visible and button.enabled
        ]

    def draw(self, surface: pygame.Surface) -> None:
        for _token, button in self.shown:
            button.draw(surface)
