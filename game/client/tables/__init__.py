"""One table per game, built on tables.base: sprites, zones, animations and choices."""

from __future__ import annotations

from game.client.tables.base import Table
from game.client.tables.blanco import BlancoTable
from game.client.tables.quando import QuandoTable
from game.client.tables.quasenbo import QuasenboTable

TABLES: dict[str, type[Table]] = {t.game: t for t in (QuandoTable, BlancoTable, QuasenboTable)}
"""The table class of each game, by the game's name."""

__all__ = ["TABLES", "Table"]
