"""Play on from a step of a finished game: the origin a new game's log names, and its start."""
from __future__ import annotations

import re
from typing import Any

from game.rules import State, new_game, reshuffle, restore

MODES = ("as_it_was", "reshuffled")
"""How a game played on from a step goes on: with the same cards still to come, or with the
cards no seat had seen shuffled anew with the new game's secret seed."""

_HASH = re.compile(r"[0-9a-f]{64}")


def check_origin(origin: Any) -> dict:
    """A copy of `origin` – {"replay": the SHA-256 of the old game's replay file in hex,
    "step": the steps played, "mode": one of MODES, "snapshot": the state after that step}
    – once it describes a game that can go on. Raises ValueError naming what is wrong."""
    if type(origin) is not dict or set(origin) != {"replay", "step", "mode", "snapshot"}:
        raise ValueError("an origin is a map of replay, step, mode and snapshot")
    if type(origin["replay"]) is not str or not _HASH.fullmatch(origin["replay"]):
        raise ValueError("an origin's replay is a SHA-256 in 64 lower-case hex digits")
    if origin["mode"] not in MODES:
        raise ValueError(f"an origin's mode is one of {', '.join(MODES)}")
    state = restore(origin["snapshot"])
    if type(origin["step"]) is not int or origin["step"] != state.step:
        raise ValueError(f"the snapshot is the state after step {state.step}, "
                         f"not {origin['step']!r}")
    if state.is_over:
        raise ValueError("the game was over at that step: there is nothing to play on")
    return {"replay": origin["replay"], "step": origin["step"], "mode": origin["mode"],
            "snapshot": state.to_snapshot()}


def start_from(origin: dict, seed: int) -> State:
    """The first state of a game played on from `origin` (checked by `check_origin`) whose
    secret seed is `seed`: the snapshot's state, its unseen cards shuffled with `seed` when
    the mode is "reshuffled". Raises ValueError for a snapshot that does not restore."""
    state = restore(origin["snapshot"])
    return reshuffle(state, seed) if origin["mode"] == "reshuffled" else state


def first_state(header: dict, seed: int) -> State:
    """The state a replay's steps start from, given its header and its seed: the deal, or
    for a game played on from another (an `origin` in the header) that game's state at the
    step. Raises ValueError when the header does not describe a game this program can start."""
    if "origin" in header:
        return start_from(check_origin(header["origin"]), seed)
    return new_game(header["game"], header["players"], seed, header["options"])


__all__ = ["MODES", "check_origin", "first_state", "start_from"]
