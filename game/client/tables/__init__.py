"""One table per game, built on tables.base: sprites, zones, animations and choices."""

from __future__ import annotations

from game.client.tables.base import Table
from game.client.tables.blanco import BlancoTable
from game.client.tables.host import Parts
from game.client.tables.quando import QuandoTable
from game.client.tables.quasenbo import QuasenboTable

__all__ = ["BlancoTable", "Parts", "QuandoTable", "QuasenboTable", "Table"]
