"""The files that ship with the program – font, translation catalogues, icon – read from the
installed package `game.assets` (the repository's assets/ folder) with importlib.resources, so
that a wheel, a one-folder bundle and a checkout installed for development find them alike."""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable

PACKAGE = "game.assets"
"""The package the assets/ folder installs as (pyproject.toml maps it)."""


def asset(*parts: str) -> Traversable:
    """The shipped file at `parts` below assets/ (e.g. `asset("fonts", "X.ttf")`); open it with
    `.open("rb")` or read it with `.read_bytes()` – it need not be a file on disk."""
    return files(PACKAGE).joinpath(*parts)
