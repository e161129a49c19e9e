"""Playing games the way the server feeds its bots: the view, the legal actions and each
seat's history of events as plain data."""

from __future__ import annotations

import random
from collections.abc import Iterator

from game.rules import State, new_game

GAMES = ("quando", "blanco", "quasenbo")
"""The games the bots play (Blanco joins once its bots exist)."""


def positions(
    game: str, players: int, seed: int, steps: int, options: dict | None = None, pick_seed: int = 0
) -> Iterator[tuple[State, list[list[dict]]]]:
    """(state, histories) after each of the first `steps` uniformly random steps of a game;
    histories[s] is every event seat s received, as the server's `history_for` gives it."""
    state = new_game(game, players, seed, options)
    histories: list[list[dict]] = [[] for _ in range(players)]
    pick = random.Random(pick_seed)
    yield state, histories
    for _ in range(steps):
        if state.is_over:
            return
        legal = state.legal_actions()
        for event in state.apply(legal[pick.randrange(len(legal))]):
            for seat in range(players):
                histories[seat].append(event.for_seat(seat))
        yield state, histories


def last_position(
    game: str, players: int, seed: int, steps: int, options: dict | None = None, pick_seed: int = 0
) -> tuple[State, list[list[dict]]]:
    """The position `positions` ends with: after `steps` random steps, or the game's end."""
    *_, last = positions(game, players, seed, steps, options, pick_seed)
    return last
