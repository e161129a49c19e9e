"""Play on from a step of a finished game: the origin a new game's log names, its start, and
the old game's steps that led there (what each seat had seen)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Literal, NamedTuple, TypedDict, get_args

from game.replay.log import SUFFIX, Header, ReplayError, read_replay, replay_hash
from game.rules import Event, State, View, new_game, reshuffle, restore

Mode = Literal["as_it_was", "reshuffled"]
MODES = get_args(Mode)
"""How a game played on from a step goes on: with the same cards still to come, or with the
cards no seat had seen shuffled anew with the new game's secret seed."""

HASH = re.compile(r"[0-9a-f]{64}")
"""A replay's hash as protocol messages and headers name it (see `replay_hash`)."""


class Origin(TypedDict):
    """Where a game played on from another begins: the old game's replay (the SHA-256 of
    its file, in hex), the steps played, the mode, and the state after that step."""

    replay: str
    step: int
    mode: Mode
    snapshot: View


def check_origin(origin: Any) -> Origin:
    """A copy of `origin` – {"replay": the SHA-256 of the old game's replay file in hex,
    "step": the steps played, "mode": one of MODES, "snapshot": the state after that step}
    – once it describes a game that can go on. Raises ValueError naming what is wrong."""
    if type(origin) is not dict or set(origin) != {"replay", "step", "mode", "snapshot"}:
        raise ValueError("an origin is a map of replay, step, mode and snapshot")
    if type(origin["replay"]) is not str or not HASH.fullmatch(origin["replay"]):
        raise ValueError("an origin's replay is a SHA-256 in 64 lower-case hex digits")
    if origin["mode"] not in MODES:
        raise ValueError(f"an origin's mode is one of {', '.join(MODES)}")
    state = restore(origin["snapshot"])
    if type(origin["step"]) is not int or origin["step"] != state.step:
        raise ValueError(
            f"the snapshot is the state after step {state.step}, not {origin['step']!r}"
        )
    if state.is_over:
        raise ValueError("the game was over at that step: there is nothing to play on")
    return {
        "replay": origin["replay"],
        "step": origin["step"],
        "mode": origin["mode"],
        "snapshot": state.to_snapshot(),
    }


def start_from(origin: Origin, seed: int) -> State:
    """The first state of a game played on from `origin` (checked by `check_origin`) whose
    secret seed is `seed`: the snapshot's state, its unseen cards shuffled with `seed` when
    the mode is "reshuffled". Raises ValueError for a snapshot that does not restore."""
    state = restore(origin["snapshot"])
    return reshuffle(state, seed) if origin["mode"] == "reshuffled" else state


def first_state(header: Header, seed: int) -> State:
    """The state a replay's steps start from, given its header and its seed: the deal, or
    for a game played on from another (an `origin` in the header) that game's state at the
    step. Raises ValueError when the header does not describe a game this program can start."""
    if "origin" in header:
        return start_from(check_origin(header["origin"]), seed)
    return new_game(header["game"], header["players"], seed, header["options"])


class LeadUp(NamedTuple):
    """The steps that led to an origin's state: they follow step `first` (0 when every game
    of the chain was found), each as the seat that decided, whether a bot stood in, and
    the step's events with every seat's share (Event.for_seat picks a seat's)."""

    first: int
    steps: list[tuple[int, bool, list[Event]]]


def find_replay(folder: Path, digest: str) -> Path | None:
    """The replay in `folder` whose bytes hash to `digest` (see `replay_hash`), or None."""
    for path in sorted(folder.glob("*" + SUFFIX)):
        try:
            if replay_hash(path.read_bytes()) == digest:
                return path
        except OSError:
            continue
    return None


def lead_up(folder: Path | None, origin: Origin) -> LeadUp:
    """The steps of the finished game `origin` (checked by `check_origin`) names, up to its
    step, found in `folder` by its hash and re-run from its revealed seed – for a game that
    was itself played on from another, its own origin's lead-up first, when found too. What
    cannot be found is left out: the steps then begin later (at the origin's step when its
    replay is not in `folder`, or there is no folder). Raises ValueError when the replay
    found does not re-run to its digests or does not lead to the origin's snapshot."""
    path = find_replay(folder, origin["replay"]) if folder is not None else None
    if path is None:
        return LeadUp(origin["step"], [])
    try:
        replay = read_replay(path)
    except ReplayError as err:
        raise ValueError(str(err)) from None
    if replay.end is None:
        raise ValueError(f"{path.name}: the game played on from has not ended")
    header = replay.header
    state = first_state(header, replay.end["seed"])
    before = (
        lead_up(folder, check_origin(header["origin"]))
        if "origin" in header
        else LeadUp(state.step, [])
    )
    steps = list(before.steps)
    for step in replay.steps[: max(0, origin["step"] - state.step)]:
        events = state.apply(step.action)
        if state.digest()[: len(step.digest)] != step.digest:
            raise ValueError(f"{path.name}: step {state.step} gives another state than logged")
        steps.append((step.seat, step.by_bot, events))
    if state.step != origin["step"] or state.digest() != restore(origin["snapshot"]).digest():
        raise ValueError(f"{path.name} does not lead to the snapshot of step {origin['step']}")
    return LeadUp(before.first, steps)


__all__ = [
    "HASH",
    "MODES",
    "LeadUp",
    "Mode",
    "Origin",
    "check_origin",
    "find_replay",
    "first_state",
    "lead_up",
    "start_from",
]
