"""The rules engines behind one interface: look a game up by name, start or restore it."""

from __future__ import annotations

from typing import Any

from game.rules.base import (
    Action,
    BadOptions,
    Event,
    IllegalAction,
    Key,
    Options,
    Result,
    State,
    View,
    view_digest,
)
from game.rules.blanco import Blanco
from game.rules.quando import Quando
from game.rules.quasenbo import Quasenbo

GAMES: dict[str, type[State]] = {cls.game: cls for cls in (Quando, Blanco, Quasenbo)}
"""Every game by its name, the way python-chess keeps its variants."""


def find_game(name: Any) -> type[State]:
    """The engine class of game `name`, or ValueError naming the known games."""
    if not isinstance(name, str) or name not in GAMES:
        raise ValueError(f"unknown game {name!r} (known: {', '.join(GAMES)})")
    return GAMES[name]


def new_game(name: str, players: int, seed: int, options: Options | None = None) -> State:
    """A new game, dealt. Raises ValueError for an unknown game, option, option value,
    player count or seed, or a stacked deck that is not exactly the game's cards."""
    return find_game(name)(players, seed, options)


def restore(snapshot: View) -> State:
    """The state a `to_snapshot()` described. Raises ValueError for a malformed snapshot."""
    if not isinstance(snapshot, dict):
        raise ValueError("a snapshot is a mapping")
    return find_game(snapshot.get("game")).from_snapshot(snapshot)


def reshuffle(state: State, seed: int) -> State:
    """A copy of `state` whose cards no seat has seen are shuffled anew with `seed` (see
    State.reshuffled). Raises ValueError for a bad seed."""
    return state.reshuffled(seed)


def update_view(game: str, view: View, event: View) -> None:
    """Advance a seat's view of `game` in place by one event (see State.update_view)."""
    find_game(game).update_view(view, event)


__all__ = [
    "Action",
    "BadOptions",
    "Event",
    "GAMES",
    "IllegalAction",
    "Key",
    "Options",
    "Result",
    "State",
    "View",
    "find_game",
    "new_game",
    "reshuffle",
    "restore",
    "update_view",
    "view_digest",
]
