"""What a game's table provides, each with the default a game without it gets: its
buttons, verbs and event handlers, its sprites and their slots, the click sequences that mean
an action, and its words and marks on the felt (the Table in base.py calls these)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Any, ClassVar

import pygame

from game.client.i18n import _
from game.client.shortcuts import shortcut
from game.client.sprites import CardSprite
from game.client.tables.buttons import ButtonSpec, FixedButton
from game.client.tables.chooser import Action, Pick, Token
from game.client.tables.stage import Slot

Sorts = dict[str, tuple[str, Callable[[str | None], tuple[int, ...]]]]
"""Orders of a hand by name: the words saying each, and its key on a card code."""


class GameHooks:
    """The part of a table each game writes: constants and methods a game's table sets or
    overrides. A table's state (model, geometry, chooser…) is the Table's."""

    game: ClassVar[str]
    BUTTONS: ClassVar[list[FixedButton]] = []
    """The game's fixed action buttons."""
    ALWAYS: ClassVar[frozenset[Token]] = frozenset()
    """Buttons shown (greyed) even when they cannot be used now; the others appear only when
    they can be."""
    EVENTS: ClassVar[Mapping[str, Callable[[Any, Any], float]]] = {}
    """Each event kind of the game with the method that animates it (`on_event`): called
    with the table and the event, it returns how long the queue waits."""
    VERBS: ClassVar[dict[str, str]] = {}
    """Each verb in a player's words, for "You can: …"."""
    SHEET: ClassVar[bool] = False
    """Whether the game keeps a score sheet (`draw_sheet`) the player can open any time."""
    ROUNDS: ClassVar[bool] = False
    """Whether the game is played in rounds (the replay viewer offers to jump by round)."""
    SORTS: ClassVar[Sorts] = {}
    """The orders the viewer's hand can be shown in (O steps through them, then back to the
    order the cards came in): each a name, the words saying it, and a key on a card code."""
    hands: list[list[CardSprite]]
    """Each seat's hand, as the subclass builds it (the viewer's is `hands[viewer]`)."""

    def build(self) -> None:
        """Create the sprites of `self.model` in their zones (no animation)."""
        raise NotImplementedError

    def layout_slots(self) -> Iterable[tuple[CardSprite, Slot]]:
        """Every sprite with the slot it belongs in now."""
        raise NotImplementedError

    def recall(self, events: list[dict[str, Any]]) -> None:
        """The seat was taken back: `events` are the whole game so far as it saw it (its
        full update's `past` and `missed`). A table that keeps more of the past than its
        model shows – Quando's score sheet – takes it from them."""

    def after_event(self, event: dict[str, Any]) -> float | None:
        """Called once the model includes `event`. A subclass that places the sprites itself
        (e.g. a new deal) returns how long that takes; None lets the table place them."""
        return None

    def sequences(self, action: Action) -> list[tuple[Token, ...]]:
        """The click sequences that mean `action`."""
        return []

    def picks(self, action: Action) -> Pick | None:
        """The set of clicks (any order, then a confirming click) that means `action`, if
        it is chosen that way."""
        return None

    def button_specs(self) -> list[ButtonSpec]:
        """The action buttons now, labels and keys in the player's language: the fixed ones
        plus any the state needs."""
        return [(token, _(label), *shortcut(key)) for token, label, key in self.BUTTONS]

    def button_flash(self, token: Token) -> bool:
        """Whether an enabled button should draw the eye (it completes the choice)."""
        return False

    def explain(self, token: Token) -> str | None:
        """Why a click on `token` leads to no action, in the game's words (None: the
        table's general words)."""
        return None

    def prompt(self) -> str:
        """What the viewer should do now, or what is going on."""
        return ""

    def seat_detail(self, seat: int) -> str:
        """A line under the seat's name (its score, its cards)."""
        return ""

    def seat_badge(self, seat: int) -> str:
        """A word on the seat's plate that outranks the room's (e.g. "knocked")."""
        return ""

    def title(self) -> str:
        """The top bar's text."""
        return self.game.capitalize()

    def paint_background(self, surface: pygame.Surface) -> None:
        """Static marks on the felt (pile outlines), drawn first, over the felt alone."""

    def draw_sheet(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """The game's score sheet in `box` (only where SHEET)."""

    def draw_under(self, surface: pygame.Surface) -> None:
        """Game things under the cards (pile labels, run markers)."""

    def draw_over(self, surface: pygame.Surface) -> None:
        """Game things over the cards (counts, scroll hints)."""

    def under_key(self) -> Hashable:
        """What `draw_under` reads besides the model and the table's own state: the places
        of the cards it draws round (mending.py redraws the felt's marks when it changes)."""
        return None

    def button_icon(self, token: Token, rect: pygame.Rect) -> pygame.Surface | None:
        """A picture on the button of `token` (e.g. a suit), if any."""
        return None
