"""What a table is given: the application it runs in (`Host`) and its game's parts
(`Parts`, an entry of game.client.games)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from game.client.cards import CardArt
from game.client.config import Settings
from game.client.layout import Layout
from game.client.session import Session
from game.client.sound import Sound


class Host(Protocol):
    """What a table uses of the application: the size it lays itself out in, the settings,
    the sound, and the session its actions go to (None: nothing is sent, as in a replay).
    The App is one; the replay viewer gives its table part of the window."""

    @property
    def settings(self) -> Settings: ...

    @property
    def sound(self) -> Sound: ...

    @property
    def session(self) -> Session | None: ...

    @property
    def size(self) -> tuple[int, int]: ...


class Parts(Protocol):
    """What a table takes from its game's entry in game.client.games: its geometry, its
    cards' look and its events in words (completed from the view before them: `seen`; for a
    game so far, from the events alone: `recalled`)."""

    @property
    def layout(self) -> Layout: ...

    @property
    def art(self) -> CardArt: ...

    def event_words(
        self,
        event: dict[str, Any],
        name: Callable[[int], str],
        before: dict[str, Any] | None = None,
    ) -> str | None: ...

    def seen(self, event: dict[str, Any], before: dict[str, Any]) -> dict[str, Any]: ...

    def recalled(self, events: list[dict[str, Any]]) -> list[dict[str, Any]]: ...
