"""The event loop the server runs on: uvloop where it is installed (Linux and macOS),
asyncio's own elsewhere or when asked – the same code either way."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from types import ModuleType
from typing import Any

uvloop: ModuleType | None
try:
    import uvloop
except ImportError:  # Windows, or an install without it: asyncio's loop serves as well
    uvloop = None

LOOPS = ("uvloop", "asyncio") if uvloop is not None else ("asyncio",)
"""The event loops this install can run, the default first."""


def loop_factory(name: str = LOOPS[0]) -> Callable[[], asyncio.AbstractEventLoop]:
    """What makes a new event loop of kind `name` (one of LOOPS; ValueError otherwise)."""
    if name not in LOOPS:
        raise ValueError(f"no event loop {name!r} here (available: {', '.join(LOOPS)})")
    if name == "uvloop" and uvloop is not None:
        factory: Callable[[], asyncio.AbstractEventLoop] = uvloop.new_event_loop
        return factory
    return asyncio.new_event_loop


def run(main: Coroutine[Any, Any, Any], name: str = LOOPS[0]) -> Any:
    """`asyncio.run(main)` on an event loop of kind `name`."""
    with asyncio.Runner(loop_factory=loop_factory(name)) as runner:
        return runner.run(main)
