"""The bots' difficulty levels by name: what the bots, the wire and the menus agree on."""

from __future__ import annotations

LEVELS = ("random", "easy", "normal", "hard")
"""Difficulty levels, weakest first."""
