"""The replay viewer's "Play on from here" dialog: which seat to take, the level of the bot
at each other seat, and whether the cards go on as they were or reshuffled."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

from game.client import layout, palette, widgets
from game.client.i18n import _
from game.client.players import level_name
from game.client.scenes import Dialog, Host
from game.levels import LEVELS
from game.replay.origin import MODES
from game.replay.playback import seat_kind

DEFAULT_LEVEL = "normal"
"""The bot that takes a human player's seat, unless the player picks another level."""
ROW = 50
"""Design pixels per seat row."""

PlayOnChoice = Callable[[int, str, tuple[str, ...]], None]
"""What the dialog asks for: (the seat to take, one of origin.MODES, each seat's bot level –
the player's own seat's entry unused)."""


def bot_levels(header: dict[str, Any]) -> list[str]:
    """Each seat's bot level in a game played on from a replay with `header`: the level of
    the bot that sat there, or DEFAULT_LEVEL where a person played (or the header names no
    level this program knows)."""
    levels = []
    for seat, info in enumerate(header["seats"]):
        level = info.get("level") if type(info) is dict else None
        bot = seat_kind(header, seat) == "bot" and level in LEVELS
        levels.append(str(level) if bot else DEFAULT_LEVEL)
    return levels


class PlayOnDialog(Dialog):
    """Take a seat at step `step` of a finished game and play on against bots: one row per
    seat (its name, and for every seat but the one taken, its bot's level, at first
    `levels`), the mode, then Play on (`on_play`) or Cancel. Two columns of rows from five
    seats on, so that eight fit a 960×540 window."""

    FIT = False

    def __init__(
        self,
        app: Host,
        start: str,
        names: list[str],
        levels: list[str],
        on_play: PlayOnChoice,
        seat: int = 0,
    ) -> None:
        """`start`: where the game goes on and who decides first, in words (the viewer's)."""
        self.names = names
        self.seat = seat
        self.levels = list(levels)
        self.mode = MODES[0]
        self.on_play = on_play
        self.seat_buttons: list[widgets.Button] = []
        self.level_choices: list[widgets.Choice] = []
        self.mode_choice: widgets.Choice | None = None
        self.grid_top = 0
        super().__init__(
            app,
            _("Play on from here"),
            start
            + " "
            + _("Against bots: click the seat you take and choose the other seats' bots."),
            [(_("Play on"), self.play), (_("Cancel"), None)],
            width=820,
        )

    @property
    def columns(self) -> int:
        return 1 if len(self.names) <= 4 else 2

    def resize(self) -> None:
        s = self.s
        # Laid out as Dialog.draw writes the title and the body, the rows below them.
        width = min(self.size[0] - 20, layout.px(820, s))
        body_h = len(widgets.wrap(self.body, layout.px(22, s, 13), width - 50)) * (
            layout.px(22, s, 13) + 3
        )
        rows = math.ceil(len(self.names) / self.columns)
        above = 14 + layout.px(44, s) + layout.px(10, s) + body_h + layout.px(8, s)
        below = layout.px(6 + 42 + 4 + 26 + 14 + 44 + 18, s)
        self.box_size = (820, (above + rows * layout.px(ROW, s) + below) / s)
        super().resize()  # the box and its buttons
        box = self.box
        self.grid_top = box.top + above
        self._seat_rows(rows)
        mode_top = self.grid_top + rows * layout.px(ROW, s) + layout.px(6, s)
        self.mode_choice = widgets.Choice(
            pygame.Rect(0, 0, layout.px(320, s), layout.px(42, s)),
            [(mode, label) for mode, label in zip(MODES, (_("As it was"), _("Reshuffled")))],
            self.mode,
            on_change=self._set_mode,
        )
        self.mode_choice.rect.midtop = (box.centerx, mode_top)
        self.form.widgets[:0] = [*self.seat_buttons, *self.level_choices, self.mode_choice]
        self.form.focus(self.form.widgets[-2])  # Play on
        self._sync()

    def _seat_rows(self, rows: int) -> None:
        """A button per seat (its name: click to take it) and its bot's level beside it."""
        s, box = self.s, self.box
        gap = layout.px(16, s)
        width = (box.width - layout.px(40, s) - gap * (self.columns - 1)) // self.columns
        height = layout.px(ROW - 8, s)
        self.seat_buttons, self.level_choices = [], []
        options = [(level, level_name(level)) for level in LEVELS]
        for seat, name in enumerate(self.names):
            column, row = divmod(seat, rows)
            left = box.left + layout.px(20, s) + column * (width + gap)
            top = self.grid_top + row * layout.px(ROW, s)
            name_w = width * 11 // 20
            self.seat_buttons.append(
                widgets.Button(
                    pygame.Rect(left, top, name_w, height),
                    _("{number}: {name}").format(number=seat + 1, name=name),
                    self._taker(seat),
                )
            )
            self.level_choices.append(
                widgets.Choice(
                    pygame.Rect(
                        left + name_w + layout.px(8, s),
                        top,
                        width - name_w - layout.px(8, s),
                        height,
                    ),
                    options,
                    self.levels[seat],
                    on_change=self._leveller(seat),
                )
            )

    def _taker(self, seat: int) -> Callable[[], None]:
        def take() -> None:
            self.seat = seat
            self._sync()

        return take

    def _leveller(self, seat: int) -> Callable[[str], None]:
        def set_level(level: str) -> None:
            self.levels[seat] = level

        return set_level

    def _set_mode(self, mode: str) -> None:
        self.mode = mode

    def _sync(self) -> None:
        """The seat taken shows as chosen, with "you" where its bot's level would be."""
        for seat, (button, choice) in enumerate(zip(self.seat_buttons, self.level_choices)):
            button.style = "primary" if seat == self.seat else "normal"
            choice.visible = seat != self.seat

    def play(self) -> None:
        """Play on with what is chosen (the dialog has closed)."""
        self.on_play(self.seat, self.mode, tuple(self.levels))

    def mode_words(self) -> str:
        """What the mode chosen means, under its switch."""
        if self.mode == "as_it_was":
            return _("The same cards still to come.")
        return _("The cards no seat had seen are shuffled anew.")

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        s = self.s
        for seat, choice in enumerate(self.level_choices):
            if seat == self.seat:
                widgets.blit_text(
                    surface, _("you"), layout.px(20, s, 12), palette.ACCENT, choice.rect
                )
        assert self.mode_choice is not None
        words = pygame.Rect(
            self.box.left + 20,
            self.mode_choice.rect.bottom + layout.px(4, s),
            self.box.width - 40,
            layout.px(26, s),
        )
        widgets.blit_text(surface, self.mode_words(), layout.px(19, s, 12), palette.TEXT_DIM, words)
