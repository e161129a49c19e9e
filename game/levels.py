"""The bots' difficulty levels by name: what the bots, the wire and the menus agree on."""

from __future__ import annotations

from typing import Literal, get_args

Level = Literal["random", "easy", "normal", "hard"]
"""A bot's difficulty level, as the wire and the replay logs name it."""

LEVELS: tuple[Level, ...] = get_args(Level)
"""Difficulty levels, weakest first."""
