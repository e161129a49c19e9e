"""Players that choose an action from what one seat may see: its view, the legal actions and
the events it has been shown – never the engine's state."""
from __future__ import annotations

import random
from typing import Protocol

from game.rules import Action


class Bot(Protocol):
    """A player. `choose` gets plain data only (what the seat's player would be sent), so a
    bot cannot reach hidden cards; it returns one of `legal`."""

    def choose(self, view: dict, legal: list[Action], history: list[dict]) -> Action:
        """One of `legal`, given the seat's `view` and every event it saw so far."""


class RandomBot:
    """Uniform over the legal actions: the baseline."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict, legal: list[Action], history: list[dict]) -> Action:
        return self.rng.choice(legal)


LEVELS = ("random", "easy", "normal", "hard")


def make_bot(level: str, game: str, seat: int, seed: int) -> Bot:
    """A bot of difficulty `level` (one of LEVELS) for `seat` of `game`; ValueError otherwise.
    Until the search bots land, every level plays at random."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r} (known: {', '.join(LEVELS)})")
    return RandomBot(seed)


def decide(level: str, game: str, seat: int, seed: int, view: dict, legal: list[Action],
           history: list[dict]) -> Action:
    """One decision by a fresh bot: what a server runs, in a worker process for the slow
    levels. Returns one of `legal`."""
    return make_bot(level, game, seat, seed).choose(view, legal, history)
