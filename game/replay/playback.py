"""Watching a replay – the replay viewer's API: open and verify it in one pass, then move a
cursor to any step (engine states kept every N steps) and read any seat's view and events."""

from __future__ import annotations

import gc
import json
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from game.replay.log import Header, Replay, ReplayError, SeatKind, Step, read_replay
from game.replay.verify import Verdict, describe, verify_replay
from game.rules import Action, Event, State, View
from game.rules.base import freeze

DEFAULT_EVERY = 100
"""Steps between two kept engine states: a jump re-applies at most this many - 1 steps
(about 25 µs each), and a game of 10,000 steps keeps 100 states (a few kB each)."""

ROUND_EVENT = "deal"
"""The event that starts a new round (Quando deals each round; Blanco and Quäsenbö deal
once, so a whole game of theirs is one round)."""


def seat_name(header: Header, seat: int) -> str:
    """The name the header gives `seat`, or "seat N" when it has none."""
    seats = header["seats"]
    info = seats[seat] if 0 <= seat < len(seats) else None
    name = info.get("name") if type(info) is dict else None
    return name if type(name) is str and name else f"seat {seat}"


def seat_kind(header: Header, seat: int) -> SeatKind | Literal["?"]:
    """The kind the header gives `seat`: "human", "bot", or "?" when it says none."""
    info = header["seats"][seat] if 0 <= seat < len(header["seats"]) else None
    kind = info.get("kind") if type(info) is dict else None
    return kind if kind == "human" or kind == "bot" else "?"


def seat_info(header: Header, seat: int) -> View:
    """What the header says of `seat`, checked: {"name": seat_name, "kind": seat_kind,
    "level": a bot's level or None}, as a room describes its seats."""
    info = header["seats"][seat] if 0 <= seat < len(header["seats"]) else None
    level = info.get("level") if type(info) is dict else None
    return {
        "name": seat_name(header, seat),
        "kind": seat_kind(header, seat),
        "level": level if type(level) is str else None,
    }


@dataclass
class Entry:
    """One step of the step list: who decided and what, in words."""

    number: int
    """The step's number, from 1; the cursor's position right after it."""
    seat: int
    name: str
    """The seat's player name from the header."""
    by_bot: bool
    """A bot decided: a bot seat, or a bot standing in for an away player (`stand_in`)."""
    stand_in: bool
    action: Action
    words: str
    """`describe(action)` in the state before the step (what every seat could see)."""
    round: int
    """The index of the round this step belongs to (see Playback.round_starts)."""
    hinted: bool = False
    """The server gave the deciding seat a hint for this decision (the log's hint record)."""
    views: _Befores | None = field(default=None, repr=False, compare=False)

    @property
    def before(self) -> View:
        """The acting seat's view before the step: what it decided on (for wording the action
        in a reader's own language). Built when first asked for (see `_Befores`)."""
        assert self.views is not None
        return self.views.get(self.number)

    @property
    def by(self) -> str:
        """ "bot" or "player"."""
        return "bot" if self.by_bot else "player"


class _Befores:
    """The deciding seat's view before each step, built `BLOCK` steps at a time when one of
    them is first asked for, from the state kept at the block's start, and kept for the
    last `KEEP` blocks asked for. Opening a long game built all of them up front, most never
    looked at (BENCHMARKS.md, "Issue 33"); a state every `BLOCK` steps keeps a jump's new
    rows from re-running up to `every` steps again after the cursor's own seek."""

    BLOCK = 10
    KEEP = 64

    def __init__(self, replay: Replay) -> None:
        self.replay = replay
        self.states: list[State] = []
        """The state at position k * BLOCK, for each k up to the last verified step."""
        self.length = 0
        """Steps verified: the others are never re-run."""
        self._blocks: dict[int, list[View]] = {}

    def get(self, number: int) -> View:
        """The view before step `number` (1..length) of the seat that decided it."""
        if not 1 <= number <= self.length:
            raise IndexError(f"step {number} is outside 1..{self.length}")
        block, index = divmod(number - 1, self.BLOCK)
        views = self._blocks.pop(block, None)
        if views is None:
            state = self.states[block].clone()
            views = []
            first = block * self.BLOCK
            for step in self.replay.steps[first : min(first + self.BLOCK, self.length)]:
                views.append(state.view(step.seat))
                # verified on opening: legal, and its events were kept then
                state.advance(freeze(step.action))
            if len(self._blocks) >= self.KEEP:
                del self._blocks[next(iter(self._blocks))]
        self._blocks[block] = views  # the most recently asked for last
        return views[index]


class _Builder:
    """Collects, during the verifying re-run, what the cursor needs later: kept states, each
    step's events, its words and the round starts."""

    def __init__(self, replay: Replay, every: int) -> None:
        self.replay = replay
        self.every = every
        self.checkpoints: list[State] = []
        self.events: list[list[Event]] = []
        self.entries: list[Entry] = []
        self.round_starts: list[int] = []
        self.befores = _Befores(replay)
        self._words: str | None = None
        self._hinted = {(hint.step - replay.first_step + 1, hint.seat) for hint in replay.hints}
        """(step number, seat) of each decision a hint was given for."""

    def start(self, state: State) -> None:
        self.checkpoints.append(state.clone())
        self.befores.states.append(state.clone())
        self.round_starts.append(0)

    def before(self, number: int, state: State, step: Step) -> None:
        # Before the engine has judged the action: it may yet turn out illegal.
        self._words = describe(state, step.action)

    def after(self, number: int, state: State, events: list[Event]) -> None:
        step = self.replay.steps[number - 1]
        header = self.replay.header
        self.events.append(events)
        self.entries.append(
            Entry(
                number,
                step.seat,
                seat_name(header, step.seat),
                step.by_bot or seat_kind(header, step.seat) == "bot",
                step.by_bot,
                step.action,
                self._words or json.dumps(step.action),
                len(self.round_starts) - 1,
                (number, step.seat) in self._hinted,
                self.befores,
            )
        )
        if any(e.type == ROUND_EVENT for e in events):
            self.round_starts.append(number)
        if number % self.every == 0:
            self.checkpoints.append(state.clone())
        if number % _Befores.BLOCK == 0:
            self.befores.states.append(state.clone())


class Playback:
    """A verified replay with a cursor. Positions run from 0 (right after the deal) to
    `length` (after the last step that re-ran to its logged digest); position k is the
    state right after step k. Only verified steps can be watched: after a mismatch the
    re-run no longer shows the logged game. (A seed that does not match its hash fails the
    verdict, but the game it deals and the steps that fit it can still be watched.)

    Methods that need the engine raise ReplayError when `playable` is False (the seed is
    still secret, or the header or the deal itself does not verify)."""

    def __init__(self, replay: Replay, every: int = DEFAULT_EVERY) -> None:
        """Verify `replay` and build the cursor at position 0 (see `open_replay`)."""
        if every < 1:
            raise ValueError("checkpoints must be at least one step apart")
        builder = _Builder(replay, every)
        self.replay = replay
        # The re-run makes objects by the ten thousand that live as long as the playback:
        # the garbage collector would walk them again and again as they pile up.
        collecting = gc.isenabled()
        gc.disable()
        try:
            self.verdict: Verdict = verify_replay(replay, builder)
            """The outcome of verifying on open: show it before playing anything."""
        finally:
            if collecting:
                gc.enable()
        self.every = every
        self.entries: list[Entry] = builder.entries
        """The step list in words, one entry per watchable step (entries[k - 1] is step k)."""
        self.round_starts: list[int] = builder.round_starts
        """The position at which each round starts ([0] for a game of one round)."""
        self.turn_starts: list[int] = _turn_starts(builder.entries, builder.round_starts)
        """The position at which each turn starts: where the deciding seat changes, and
        every round start."""
        self._checkpoints = builder.checkpoints
        self._events = builder.events
        self.length = builder.befores.length = len(self.entries)
        self.position = 0
        self._state: State | None = self._checkpoints[0].clone() if self._checkpoints else None

    @property
    def header(self) -> Header:
        """The replay's header (see docs/replay-format.md)."""
        return self.replay.header

    @property
    def playable(self) -> bool:
        """True when the game can be watched (the deal re-ran to its digest)."""
        return self._state is not None

    def _live(self) -> State:
        if self._state is None:
            verdict = self.verdict
            if verdict.seed_source == "none":
                raise ReplayError(
                    "this game cannot be watched until its seed is revealed at the end"
                )
            why = verdict.mismatch.message if verdict.mismatch else "; ".join(verdict.problems)
            raise ReplayError(f"this replay cannot be watched: {why}")
        return self._state

    # -- moving --------------------------------------------------------------------------------

    def seek(self, position: int) -> None:
        """Move to `position` (0..length). Cost: at most `every` - 1 steps re-applied.
        Raises IndexError for a position outside 0..length."""
        state = self._live()
        if not 0 <= position <= self.length:
            raise IndexError(f"position {position} is outside 0..{self.length}")
        kept = position // self.every * self.every
        start = self.position
        if not kept <= start <= position:  # the kept state is nearer (or the only way back)
            state, start = self._checkpoints[kept // self.every].clone(), kept
        for step in self.replay.steps[start:position]:
            # verified on opening: legal, and its events were kept then
            state.advance(freeze(step.action))
        self._state, self.position = state, position

    def forward(self) -> bool:
        """One step on; False (and no move) at the end."""
        if self.position >= self.length:
            return False
        self.seek(self.position + 1)
        return True

    def back(self) -> bool:
        """One step back; False (and no move) at position 0."""
        if self.position <= 0:
            return False
        self.seek(self.position - 1)
        return True

    def previous_start(self, kind: str) -> int:
        """The last start of a "round" or "turn" before the current position (0 if none):
        where a "back to the start of the turn" button goes."""
        starts = self._starts(kind)
        index = bisect_left(starts, self.position) - 1
        return starts[index] if index >= 0 else 0

    def next_start(self, kind: str) -> int:
        """The first start of a "round" or "turn" after the current position, or `length`."""
        starts = self._starts(kind)
        index = bisect_right(starts, self.position)
        return starts[index] if index < len(starts) else self.length

    def _starts(self, kind: str) -> list[int]:
        if kind == "round":
            return self.round_starts
        if kind == "turn":
            return self.turn_starts
        raise ValueError(f"a boundary is a round or a turn, not {kind!r}")

    # -- what is there ---------------------------------------------------------------------------

    def state(self) -> State:
        """A copy of the engine state at the current position (changing it changes nothing here)."""
        return self._live().clone()

    def view(self, seat: int | None) -> View:
        """What `seat` saw at the current position (None: a spectator), as State.view gives it."""
        return self._live().view(seat)

    def open_view(self) -> View:
        """Every card shown, at the current position (State.open_view)."""
        return self._live().open_view()

    def events(self, seat: int | None = None, step: int | None = None) -> list[View]:
        """The events of step `step` (default: the step that led to the current position) as
        `seat` received them (None: a spectator); [] at position 0. Raises IndexError for a
        step outside 1..length."""
        self._live()
        if step is None:
            step = self.position
            if step == 0:
                return []
        if not 1 <= step <= self.length:
            raise IndexError(f"step {step} is outside 1..{self.length}")
        return [event.for_seat(seat) for event in self._events[step - 1]]

    def round_of(self, position: int | None = None) -> int:
        """The index of the round in play at `position` (default: the current one)."""
        where = self.position if position is None else position
        return bisect_right(self.round_starts, where) - 1


def _turn_starts(entries: list[Entry], round_starts: list[int]) -> list[int]:
    """Positions where a turn starts: 0, every round start, and every position whose next
    step is decided by another seat than the step before it."""
    starts = set(round_starts) | {0}
    for index in range(1, len(entries)):
        if entries[index].seat != entries[index - 1].seat:
            starts.add(index)
    return sorted(p for p in starts if p < len(entries) or p == 0)


def open_replay(path: Path | str, every: int = DEFAULT_EVERY) -> Playback:
    """Read the replay at `path`, verify it (digest chain, seed against its hash) and return
    its Playback at position 0; the outcome is `playback.verdict`. Raises ReplayError, naming
    the offset or step, for a file that is missing, foreign or damaged beyond a torn tail."""
    return Playback(read_replay(path), every)
