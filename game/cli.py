"""What the program's command lines share (the client, the server, the tools): argument types
and the version."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from importlib import metadata
from typing import TypeVar

Number = TypeVar("Number", int, float)


def positive(kind: Callable[[str], Number]) -> Callable[[str], Number]:
    """An argparse `type=` that reads `kind` (int or float) and refuses zero and below
    with a message naming the text given."""

    def parse(text: str) -> Number:
        try:
            value = kind(text)
        except ValueError:
            noun = "whole number" if kind is int else "number"
            raise argparse.ArgumentTypeError(f"{text!r} is not a {noun}") from None
        if value <= 0:
            raise argparse.ArgumentTypeError(f"{text!r} must be above zero")
        return value

    return parse


def version() -> str:
    """The installed program's version (pyproject.toml's, from the package's metadata)."""
    try:
        return metadata.version("cardtable")
    except metadata.PackageNotFoundError:  # run from a checkout that was never installed
        return "unknown (not installed)"
