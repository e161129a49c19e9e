"""A room's steps, packed and compressed, for late joiners ("what happened meanwhile") and
for the bots' history of what their seat saw."""

from __future__ import annotations

import itertools
import zlib
from dataclasses import dataclass

import msgpack

from game.rules import Event
from game.rules.base import pack


@dataclass(frozen=True)
class StepRecord:
    """What the room remembers of a step: who decided, whether a bot stood in, the events."""

    seat: int
    by_bot: bool
    events: list[Event]


class History:
    """Every step of a room's game, for late joiners' 'what happened meanwhile' and for the
    bots' history: packed, and compressed a block of steps at a time, read back only when
    someone catches up or a search bot decides.

    Packed because a long Blanco game holds over 10,000 of its events' dicts and lists: a
    full garbage collection scanning every room's history stalled the whole server for
    100–900 ms (bench/soak.py), and bytes are not scanned. Compressed because the histories
    of long games are most of what a busy server's memory grows by (BENCHMARKS.md, "Soak"),
    and events repeat the same few keys: a block takes about a fifth of its packed size."""

    BLOCK = 32
    """Steps per compressed block."""

    __slots__ = ("_blocks", "_tail", "_count", "_first")

    def __init__(self, first: int = 0) -> None:
        """An empty history of a game whose first state is after step `first` (0, or the step
        a game played on from another began at)."""
        self._first = first
        self._blocks: list[bytes] = []
        self._tail = bytearray()  # the steps after the last whole block, packed end to end
        self._count = 0

    def append(self, seat: int, by_bot: bool, events: list[Event]) -> None:
        self._tail += pack(
            [seat, by_bot, [[e.type, e.public, list(e.private.items()), e.others] for e in events]]
        )
        self._count += 1
        if self._count % self.BLOCK == 0:
            self._blocks.append(zlib.compress(self._tail))
            self._tail = bytearray()

    @property
    def first(self) -> int:
        """The step the game began at: the first record is step `first + 1`'s."""
        return self._first

    def __len__(self) -> int:
        return self._count

    def since(self, step: int) -> list[StepRecord]:
        """The records of the steps after step `step` (`first` or less: all of them)."""
        step = max(step - self._first, 0)
        if step >= self._count:
            return []
        first = step // self.BLOCK
        unpacker = msgpack.Unpacker(strict_map_key=False)
        for block in self._blocks[first:]:
            unpacker.feed(zlib.decompress(block))
        unpacker.feed(bytes(self._tail))
        records = itertools.islice(unpacker, step - first * self.BLOCK, None)
        return [
            StepRecord(
                seat,
                by_bot,
                [
                    Event(kind, public, dict(private), others)
                    for kind, public, private, others in events
                ],
            )
            for seat, by_bot, events in records
        ]
