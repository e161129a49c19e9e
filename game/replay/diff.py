"""Two replays of the same game compared: the first step where they part, and the two states
there side by side."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.replay.log import Replay, Step
from game.replay.verify import FieldDiff, describe, find_seed, snapshot_diff, start_state
from game.rules import IllegalAction, View

SAME_GAME = ("game", "players", "options", "seed_hash")
"""The header fields two replays of one game share."""


@dataclass
class Side:
    """One replay at the divergence: its record of the step (None past its end), the action
    in words, and its state after the step as plain data (None when it cannot be re-run;
    `note` says why)."""

    step: Step | None = None
    words: str | None = None
    state: View | None = None
    note: str | None = None


@dataclass
class Divergence:
    """Where replays A and B part. `step` is the first step whose records differ (0: the
    headers or deals differ), or None when every step both hold is the same; `same` is True
    only when the files hold the same game to the same end. `fields` lists where the two
    states after `step` differ (empty when either is unknown)."""

    step: int | None
    message: str
    same: bool = False
    a: Side = field(default_factory=Side)
    b: Side = field(default_factory=Side)
    fields: list[FieldDiff] = field(default_factory=list)


def diff_replays(a: Replay, b: Replay) -> Divergence:
    """Compare two replays record by record; never raises for anything the files may hold."""
    differ = [name for name in SAME_GAME if a.header.get(name) != b.header.get(name)]
    if differ:
        return _at(a, b, 0, "not the same game: the headers differ in " + ", ".join(differ))
    if a.header["digest0"] != b.header["digest0"]:
        return _at(a, b, 0, "the same game, but the deals differ (other engines?)")
    for number, (sa, sb) in enumerate(zip(a.steps, b.steps), 1):
        if sa != sb:
            return _at(a, b, number, _step_difference(sa, sb, a, b))
    na, nb = len(a.steps), len(b.steps)
    if na != nb:
        longer, shorter = ("A", "B") if na > nb else ("B", "A")
        return _at(
            a,
            b,
            min(na, nb) + 1,
            f"the first {min(na, nb)} steps are the same; {shorter} ends there and "
            f"{longer} goes on to step {max(na, nb)}",
        )
    ends = _end_difference(a, b)
    if ends:
        return Divergence(None, f"the same {na} steps, but {ends}")
    return Divergence(None, f"the same game: {na} identical steps", same=True)


def _step_difference(sa: Step, sb: Step, a: Replay, b: Replay) -> str:
    if sa.seat != sb.seat:
        return f"different seats decide: seat {sa.seat} in A, seat {sb.seat} in B"
    if sa.action != sb.action:
        return f"seat {sa.seat} takes different actions"
    if sa.by_bot != sb.by_bot:
        return (
            f"the same action, but a bot stood in for seat {sa.seat} in "
            f"{'A' if sa.by_bot else 'B'} only"
        )
    return (
        f"the same action, but different digests: the engines that recorded them disagree "
        f"(A: {a.header['engine']}, B: {b.header['engine']})"
    )


def _end_difference(a: Replay, b: Replay) -> str | None:
    if (a.end is None) != (b.end is None):
        return f"only {'A' if a.end else 'B'} has an end record"
    if a.end is not None and b.end is not None:
        for name in ("reason", "seed", "result"):
            if a.end.get(name) != b.end.get(name):
                return f"their end records differ in {name}"
    return None


def _at(a: Replay, b: Replay, number: int, message: str) -> Divergence:
    """The divergence at step `number`, with each side's record, words and state."""
    out = Divergence(number, message, a=_side(a, number), b=_side(b, number))
    if out.a.state is not None and out.b.state is not None:
        out.fields = snapshot_diff(out.a.state, out.b.state)
    return out


def _side(replay: Replay, number: int) -> Side:
    """What `replay` holds at step `number` (0: the deal), re-run with its own seed."""
    side = Side(replay.steps[number - 1] if 0 < number <= len(replay.steps) else None)
    seed, _, _ = find_seed(replay)
    if seed is None:
        side.note = "its seed is still secret, so its states are unknown"
        return side
    try:
        state = start_state(replay, seed)
    except ValueError as err:
        side.note = f"its header does not describe a game this program can deal ({err})"
        return side
    last = min(number, len(replay.steps))
    for k, step in enumerate(replay.steps[:last], 1):
        if k == number:
            side.words = describe(state, step.action)
        try:
            state.apply(step.action)
        except IllegalAction as err:
            side.note = f"its step {k} is refused by the engine ({err.reason})"
            return side
    side.state = state.to_snapshot()
    if side.step is None and number > 0:
        side.note = f"it ends after step {last}: the state shown is its last"
    return side
