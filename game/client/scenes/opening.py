"""Opening a replay to watch: reading it (a file can hold anything), whether its analysis is
cached, and whose eyes to watch it through first."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.client.i18n import _
from game.client.scenes.steplist import Eyes
from game.replay.log import ReplayError, replay_hash
from game.replay.playback import Playback, open_replay, seat_info, seat_kind


def open_to_watch(path: Path) -> Playback | str:
    """The replay at `path` read and verified, or why it cannot be opened."""
    try:
        return open_replay(path)
    except ReplayError as err:
        return _("This file cannot be opened as a replay: {why}").format(why=err)
    except Exception as err:  # a file can hold anything: the window must not go down
        return _("This file cannot be opened as a replay: {why}").format(
            why=f"{type(err).__name__}: {err}"
        )


def analysed(path: Path) -> bool:
    """The analysis of the replay at `path` is in the cache: it is shown at once."""
    from game.replay.analysis import cache_path  # loaded when first asked for (memory)

    try:
        return cache_path(replay_hash(path.read_bytes())).exists()
    except OSError:
        return False


def first_eyes(header: dict[str, Any], name: str) -> Eyes:
    """The player's own seat if they played (a human seat of their `name`), else the first
    human seat, else a spectator's eyes."""
    humans = [s for s in range(header["players"]) if seat_kind(header, s) == "human"]
    mine = [s for s in humans if seat_info(header, s)["name"] == name]
    chosen = mine or humans
    return chosen[0] if chosen else None
