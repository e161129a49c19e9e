"""Re-running a replay: find its seed, check it against the header's hash, re-run the engine on
every logged action comparing digests, and explain the first step that differs."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Protocol

import msgpack

from game.replay.log import DIGEST_SIZE, MAGIC, Header, Replay, Step, seed_hash
from game.replay.origin import first_state
from game.rules import Action, Event, IllegalAction, State, View

SECRET_SUFFIX = ".secret"
"""The server's sidecar next to an unfinished game's log: a msgpack map holding its "seed"
(game/host/records.py writes it and deletes it once the seed is in the end record)."""

_SEED_LIMIT = 1 << 64

MismatchKind = Literal["deal", "seat", "illegal", "digest"]
SeedSource = Literal["end", "secret", "none"]
Status = Literal["ok", "unverified", "failed"]


@dataclass
class FieldDiff:
    """One field in which two states differ: its path in the snapshot (e.g. "hands[2]") and
    its value on either side (None where the field is missing)."""

    field: str
    left: Any
    right: Any


def snapshot_diff(left: View, right: View) -> list[FieldDiff]:
    """The fields in which two `State.to_snapshot()` dicts differ, in the left one's order.

    Maps are compared key by key, and lists of lists or maps item by item (so one hand of
    six shows up as `hands[2]`); a list of plain values is one field (a pile)."""
    out: list[FieldDiff] = []
    _diff_into(out, "", left, right)
    return out


def _diff_into(out: list[FieldDiff], path: str, left: Any, right: Any) -> None:
    if left == right:
        return
    if type(left) is dict and type(right) is dict:
        for key in list(left) + [k for k in right if k not in left]:
            _diff_into(out, f"{path}.{key}" if path else str(key), left.get(key), right.get(key))
    elif (
        type(left) is list
        and type(right) is list
        and len(left) == len(right)
        and any(type(x) in (list, dict) for x in left + right)
    ):
        for index, (a, b) in enumerate(zip(left, right)):
            _diff_into(out, f"{path}[{index}]", a, b)
    else:
        out.append(FieldDiff(path or "(state)", left, right))


@dataclass
class Mismatch:
    """The first step at which the re-run disagrees with the log, and what is known about why.

    `kind` is "deal" (the dealt state differs from the header's digest0; `step` is 0),
    "seat" (the step names another seat than the one that had to decide, or calls a bot
    seat's step a stand-in), "illegal" (the engine refuses the action) or "digest" (the state
    after the step differs from the logged digest). `match` is an action that, played at
    this step by the seat that had to decide, reproduces the logged digest: then the file's
    action (or seat) was altered, and `left`/`right` are the states after the logged action
    and after `match`. Otherwise `left`/`right` are the states before and after the step
    (the logged state itself is unknown: only its digest is in the file). `fields` lists
    where `left` and `right` differ."""

    step: int
    kind: MismatchKind
    message: str
    offset: int | None = None
    seat: int | None = None
    action: Action | None = None
    words: str | None = None
    match: Action | None = None
    match_words: str | None = None
    left_title: str = ""
    right_title: str = ""
    left: View | None = None
    right: View | None = None
    fields: list[FieldDiff] = field(default_factory=list)


@dataclass
class Verdict:
    """What verifying a replay found, as data for the CLI and the replay viewer.

    `status` is "ok" (the seed matches its hash and every whole step re-ran to its digest),
    "unverified" (an unfinished game whose seed is still secret: nothing could be re-run)
    or "failed" (see `mismatch` and `problems`)."""

    path: Path | None
    steps: int
    """Whole step records in the file."""
    verified: int = 0
    """Steps re-run whose digest matched, from the first on."""
    seed_source: SeedSource = "none"
    """Where the seed came from: "end" (revealed in the end record), "secret" (the server's
    .secret file next to an unfinished log) or "none"."""
    seed_ok: bool | None = None
    """The seed matches the header's hash; None when there is no seed to check."""
    mismatch: Mismatch | None = None
    finished: bool = False
    """The log has an end record."""
    reason: str | None = None
    """The end record's reason: "over" or "abandoned"."""
    over: bool = False
    """The re-run game is over after the last verified step."""
    complete: bool = False
    """The game ran to its end: an end record saying "over", every step verified, and the
    re-run is over there with the logged result."""
    torn_at: int | None = None
    """Byte offset of a torn last record (a crash mid-write), else None."""
    problems: list[str] = field(default_factory=list)
    """Failures other than a step's: the seed, the header, the end record."""
    notes: list[str] = field(default_factory=list)
    """Findings that are not failures (e.g. a missing end record after the last step)."""

    @property
    def status(self) -> Status:
        """ "ok", "unverified" or "failed" (see the class docstring)."""
        if self.mismatch is not None or self.problems:
            return "failed"
        if self.seed_ok is None:
            return "unverified"
        return "ok"

    @property
    def ok(self) -> bool:
        """True when the status is "ok"."""
        return self.status == "ok"


class Observer(Protocol):
    """Watches a verifying re-run (the replay viewer builds its cursor this way). `state` is
    the live state: an observer must not change it, and clones what it keeps."""

    def start(self, state: State) -> None:
        """The deal matched the header's digest0."""

    def before(self, number: int, state: State, step: Step) -> None:
        """Step `number` is about to be applied to `state`."""

    def after(self, number: int, state: State, events: list[Event]) -> None:
        """Step `number` re-ran to its logged digest, with `events`."""


def find_seed(replay: Replay) -> tuple[int | None, SeedSource, str | None]:
    """(seed, source, note): the seed the end record reveals (source "end"), else the one in
    the server's .secret file next to the log (source "secret"), else (None, "none").
    `note` says why a .secret file that exists could not be used."""
    if replay.end is not None:
        return replay.end["seed"], "end", None
    if replay.path is None:
        return None, "none", None
    secret = replay.path.with_suffix(SECRET_SUFFIX)
    try:
        data = secret.read_bytes()
    except FileNotFoundError:
        return None, "none", None
    except OSError as err:
        return None, "none", f"cannot read {secret.name} ({err.strerror})"
    try:
        record = msgpack.unpackb(data)
    except Exception:  # msgpack raises several kinds for damaged data; all mean the same here
        record = None
    seed = record.get("seed") if type(record) is dict else None
    if type(seed) is not int:
        return None, "none", f"{secret.name} is damaged: it holds no seed"
    return seed, "secret", None


def start_state(replay: Replay, seed: int) -> State:
    """The state right after the deal of `replay`'s game with `seed` (or, for a game played
    on from another, its first state: see origin.first_state). Raises ValueError when the
    header does not describe a game this program can start."""
    return first_state(replay.header, seed)


def verify_replay(replay: Replay, observer: Observer | None = None) -> Verdict:
    """Verify `replay`: the seed against the header's hash, the deal against `digest0`, then
    every whole step (its seat, its legality, its digest) until the first that fails, and the
    end record against the re-run's end. Never raises for anything a file may hold; the
    findings are in the returned Verdict."""
    header = replay.header
    verdict = Verdict(
        replay.path,
        len(replay.steps),
        finished=replay.finished,
        reason=replay.end["reason"] if replay.end else None,
        torn_at=replay.length if replay.torn else None,
    )
    seed, verdict.seed_source, note = find_seed(replay)
    if note:
        verdict.notes.append(note)
    if seed is None or not _check_seed(seed, header, verdict):
        return verdict
    try:
        state = start_state(replay, seed)
    except ValueError as err:
        verdict.problems.append(f"the header does not describe a game this program can deal: {err}")
        return verdict
    if state.digest()[:DIGEST_SIZE] != header["digest0"]:
        verdict.mismatch = Mismatch(
            0,
            "deal",
            "the dealt state differs from the header's digest0 (another seed, "
            "other options or another engine dealt this game)",
        )
        return verdict
    if observer is not None:
        observer.start(state)
    failure = _rerun(replay, state, observer, verdict.problems)
    if failure is None:
        verdict.verified = len(replay.steps)
        verdict.over = state.is_over
        _check_end(replay, state, verdict)
    else:
        number, kind, message = failure
        verdict.verified = number - 1
        # Rebuilt rather than cloned at every step: a clone per step would slow every
        # verify down for the sake of the one that fails.
        before = start_state(replay, seed)
        for step in replay.steps[: number - 1]:
            before.apply(step.action)
        verdict.mismatch = _explain(replay, number, before, kind, message)
    return verdict


def _check_seed(seed: int, header: Header, verdict: Verdict) -> bool:
    """Check `seed` against the header's hash, into `verdict`: False for a seed no game can
    have (nothing can be re-run then)."""
    if not 0 <= seed < _SEED_LIMIT:
        verdict.seed_ok = False
        verdict.problems.append(
            f"the seed {seed} is not a 64-bit seed, so it cannot match "
            f"the seed hash announced at the start"
        )
        return False
    verdict.seed_ok = seed_hash(seed) == header["seed_hash"]
    if not verdict.seed_ok:
        verdict.problems.append(
            (
                "the revealed seed"
                if verdict.seed_source == "end"
                else f"the seed in the {SECRET_SUFFIX} file"
            )
            + " does not match the seed hash announced at the start"
        )
    return True


def _rerun(
    replay: Replay, state: State, observer: Observer | None, problems: list[str]
) -> tuple[int, MismatchKind, str] | None:
    """Apply every step to `state`: None if all re-run to their digests, else the failing
    step's number, the Mismatch kind and what went wrong (`state` is then the state before
    that step, or after it for a digest that differs). Hints logged for a seat that did not
    have to decide are added to `problems` on the way."""
    kinds = [seat.get("kind") if type(seat) is dict else None for seat in replay.header["seats"]]
    asked: dict[int, list[int]] = {}
    for hint in replay.hints:
        asked.setdefault(hint.step, []).append(hint.seat)
    for number, step in enumerate(replay.steps, 1):
        _check_hints(asked.get(state.step, []), state, problems)
        if step.seat != state.to_move:
            decider = (
                "nobody (the game is over)" if state.to_move is None else f"seat {state.to_move}"
            )
            return number, "seat", f"seat {step.seat} acted, but {decider} had to decide"
        if step.by_bot and kinds[step.seat] == "bot":
            return (
                number,
                "seat",
                (
                    f"the step says a bot stood in for seat {step.seat}'s "
                    f"player, but seat {step.seat} is a bot"
                ),
            )
        if observer is not None:
            observer.before(number, state, step)
        try:
            events = state.apply(step.action)
        except IllegalAction as err:
            return number, "illegal", f"the engine refuses the action: {err.reason}"
        if state.digest()[:DIGEST_SIZE] != step.digest:
            return number, "digest", "the state after the step differs from the logged digest"
        if observer is not None:
            observer.after(number, state, events)
    _check_hints(asked.get(state.step, []), state, problems)
    return None


def _check_hints(seats: list[int], state: State, problems: list[str]) -> None:
    """Add to `problems` each hint logged for one of `seats` at `state` that was not for the
    seat that had to decide there (a hint is only ever given for one's own decision)."""
    for seat in seats:
        if seat != state.to_move:
            decider = (
                "nobody (the game is over)" if state.to_move is None else f"seat {state.to_move}"
            )
            problems.append(
                f"the log says seat {seat} was given a hint after step "
                f"{state.step}, but {decider} had to decide"
            )


def _explain(
    replay: Replay, number: int, before: State, kind: MismatchKind, message: str
) -> Mismatch:
    """The Mismatch of step `number` (`before` is the state before it; left unchanged):
    look for an action that reproduces the logged digest, and the states to compare."""
    step = replay.steps[number - 1]
    mismatch = Mismatch(
        number,
        kind,
        message,
        step_offset(replay, number),
        step.seat,
        step.action,
        describe(before, step.action),
    )
    ours = _after(before, step.action)
    fitting = _reproducing(before, step)
    if fitting is not None:
        mismatch.match, theirs = fitting
        mismatch.match_words = describe(before, mismatch.match)
        mismatch.left_title = "after the logged action" if ours is not None else "before the step"
        mismatch.left = ours.to_snapshot() if ours is not None else before.to_snapshot()
        mismatch.right_title = "after the action that fits the digest"
        mismatch.right = theirs.to_snapshot()
    else:
        mismatch.left_title = "before the step"
        mismatch.left = before.to_snapshot()
        if ours is not None and kind != "seat":
            mismatch.right_title = "after it, re-run (the logged state is unknown)"
            mismatch.right = ours.to_snapshot()
    if mismatch.right is not None:
        mismatch.fields = snapshot_diff(mismatch.left, mismatch.right)
    return mismatch


def _after(before: State, action: Action) -> State | None:
    """A copy of `before` after `action`, or None if the engine refuses it."""
    state = before.clone()
    try:
        state.apply(action)
    except IllegalAction:
        return None
    return state


def _reproducing(before: State, step: Step) -> tuple[Action, State] | None:
    """An action the seat that had to decide could take at `before` that leads to the
    logged digest, and the state it leads to: the logged action itself first (its seat may
    be what was altered), then every legal action."""
    for action in [step.action] + before.legal_actions():
        after = _after(before, action)
        if after is not None and after.digest()[:DIGEST_SIZE] == step.digest:
            return action, after
    return None


def describe(state: State, action: Action) -> str | None:
    """`state.describe(action)` (in words, before the step), or None for an action the state
    cannot put in words."""
    try:
        return state.describe(action)
    except Exception:  # describe() promises words for legal actions only; others may break it
        return None


def _check_end(replay: Replay, state: State, verdict: Verdict) -> None:
    """Compare the end record (or its absence) with the re-run's end."""
    end = replay.end
    steps = len(replay.steps)
    if end is None:
        if state.is_over:
            verdict.notes.append(
                f"the game is over after step {steps}, but the log has no end "
                f"record (the server stopped before writing it)"
            )
        return
    if end["reason"] == "over":
        if not state.is_over:
            verdict.problems.append(
                f"the end record says the game is over, but after step {steps} it is not"
            )
        elif end.get("result") != state.result:
            verdict.problems.append(
                f"the end record's result {end.get('result')} differs from "
                f"the re-run's {state.result}"
            )
        else:
            verdict.complete = True
    elif state.is_over:
        verdict.problems.append(
            f"the end record says the game was abandoned, but it is over after step {steps}"
        )


def step_offset(replay: Replay, number: int) -> int | None:
    """The byte offset of step `number`'s record in the file `replay` was read from, or None
    if the file cannot be read again."""
    if replay.path is None:
        return None
    try:
        data = replay.path.read_bytes()
    except OSError:
        return None
    unpacker = msgpack.Unpacker(raw=False, max_buffer_size=len(data) + 1)
    unpacker.feed(data[len(MAGIC) :])
    try:
        for _ in range(number):  # the header, then the steps before this one
            unpacker.skip()
    except Exception:  # the file changed since it was read
        return None
    offset: int = unpacker.tell()
    return len(MAGIC) + offset
