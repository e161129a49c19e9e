"""The replay log file (docs/replay-format.md): its format, an append-only writer, a reader
that tells a torn tail from corruption."""

from __future__ import annotations

import functools
import hashlib
import os
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any, Literal, Protocol, TypedDict, cast

import msgpack

from game.rules.base import Action, Options, Result, pack

FORMAT = 2
"""The format this program writes: 2 adds the hint record to format 1."""
READS = (1, 2)
"""The formats this program reads (a format-1 file is a format-2 file without hints)."""
MAGIC = b"CTRP" + bytes([FORMAT])
"""The first bytes of every replay file this program writes: the format's name and its
version; a file of another version has another fifth byte."""
SUFFIX = ".ctr"
"""The file name ending of replay logs."""
DIGEST_SIZE = 8
"""Bytes of each step's state digest kept in the log (the first 8 of State.digest())."""
MAX_FILE = 64 * 1024 * 1024
"""Larger files are refused rather than read into memory."""
MAX_STEP_RECORD, MAX_RECORD = 64, 256
"""No step record (it starts with 0x93, an array of three) is longer than the first, no
end record longer than the second (docs/replay-format.md): a cut-short tail longer than that
is damage – say a length byte changed mid-file, so that one record swallows the rest – not a
record a crash interrupted (and resuming must not cut it off). The largest a game can write
are about 25 and 130 bytes (a Quando play of all ten cards of one number; an end record with
eight large scores), tests/replay/test_verify.py checks both."""


@functools.cache
def engine_version() -> str:
    """The installed program's version, recorded in every header (looked up once: the
    lookup reads the install's metadata files)."""
    try:
        return "cardtable " + metadata.version("cardtable")
    except metadata.PackageNotFoundError:
        return "cardtable (not installed)"


def seed_hash(seed: int) -> bytes:
    """The commitment to a seed announced at the start: SHA-256 of a fixed prefix and the
    seed's 8 bytes. Nobody can find the seed from it, and no other seed gives it.
    Raises ValueError for anything but an int in [0, 2**64)."""
    if type(seed) is not int or not 0 <= seed < 2**64:
        raise ValueError(f"a seed is an integer from 0 to 2**64-1, not {seed!r}")
    return hashlib.sha256(b"cardtable seed " + seed.to_bytes(8, "big")).digest()


def replay_hash(data: bytes) -> str:
    """The name of a replay file's contents: the SHA-256 of its bytes, in hex (an analysis
    cache is keyed by it; a deal played again and a game played on name their old game by
    it)."""
    return hashlib.sha256(data).hexdigest()


SeatKind = Literal["human", "bot"]
"""Who decides for a seat, as a header records it."""


class SeatInfo(TypedDict):
    """A seat as a header records it: its player's name, its kind, a bot's level."""

    name: str
    kind: SeatKind
    level: str | None


Header = dict[str, Any]
"""A header record: HEADER_FIELDS (checked on reading) and whatever room settings the
server added (room id, timer…; docs/replay-format.md)."""


class EndRecord(TypedDict):
    """The end record: why the game ended, the seed that proves it, the result (None for
    a game abandoned), and when."""

    t: Literal["end"]
    reason: Literal["over", "abandoned"]
    seed: int
    result: Any
    """As logged: a Result, or None – not checked on reading (verifying compares it with
    the re-run's)."""
    ended: float


def encode_action(action: Action, words: list[str]) -> list[int | list[int]]:
    """An action with each word replaced by -(its index in `words` + 1): one byte on disk.
    Action ints are never negative, so the two cannot be confused."""
    return [-(words.index(x) + 1) if type(x) is str else x for x in action]


def decode_action(encoded: Any, words: list[str]) -> Action:
    """The action `encode_action` wrote; ValueError if `encoded` is not one."""
    if type(encoded) is not list or not encoded:
        raise ValueError("an action is a non-empty list")
    out: Action = []
    for x in encoded:
        if type(x) is int and x < 0:
            if -x > len(words):
                raise ValueError(f"word number {-x} is not in the header's word list")
            out.append(words[-x - 1])
        elif type(x) is int or (type(x) is list and all(type(i) is int and i >= 0 for i in x)):
            out.append(x)
        else:
            raise ValueError(f"{x!r} is not part of an action")
    if type(out[0]) is not str:
        raise ValueError("an action starts with a verb")
    return out


@dataclass
class Step:
    """One logged step: the seat that decided, whether a bot stood in for its player, the
    action, and the first bytes of the state digest after it."""

    seat: int
    by_bot: bool
    action: Action
    digest: bytes


@dataclass(frozen=True)
class Hint:
    """A hint the server gave: to `seat`, for its decision when `step` steps had been played
    (the step numbers of the protocol's updates: on from the origin's step in a game played
    on), so the decision it was for is step `step + 1`."""

    seat: int
    step: int


@dataclass
class Replay:
    """A replay file as read: its header, steps and end record (None if unfinished).

    `torn` is True when the file ends in a record cut short (a crash mid-write); `length`
    is the size of the part made of whole records."""

    header: Header
    steps: list[Step] = field(default_factory=list)
    hints: list[Hint] = field(default_factory=list)
    end: EndRecord | None = None
    torn: bool = False
    length: int = 0
    path: Path | None = None

    @property
    def finished(self) -> bool:
        """True when the game ended and the seed was revealed."""
        return self.end is not None

    @property
    def first_step(self) -> int:
        """The step the log's steps count on from: 0, or the origin's step of a game played
        on from another (the header's `origin`)."""
        origin = self.header.get("origin")
        step = origin.get("step") if type(origin) is dict else None
        return step if type(step) is int and step >= 0 else 0

    def hints_used(self) -> list[int]:
        """Per seat, the hints it was given."""
        counts = [0] * self.header["players"]
        for hint in self.hints:
            counts[hint.seat] += 1
        return counts


class ReplayError(Exception):
    """A file that is not a readable replay; the message names the offset or step."""


HEADER_FIELDS: dict[str, type | tuple[type, ...]] = {
    "t": str,
    "format": int,
    "game": str,
    "players": int,
    "options": dict,
    "seats": list,
    "engine": str,
    "seed_hash": bytes,
    "created": (int, float),
    "words": list,
    "digest0": bytes,
}


def make_header(
    game: str,
    players: int,
    options: Options,
    seats: Sequence[Mapping[str, object]],
    seed: int,
    words: tuple[str, ...],
    digest0: bytes,
    **extra: Any,
) -> Header:
    """The header of a new replay: the seed appears only as its hash. `seats` are
    {"name", "kind", "level"} maps (SeatInfo); `extra` holds room settings (room id, timer…)."""
    return {
        "t": "header",
        "format": FORMAT,
        "game": game,
        "players": players,
        "options": options,
        "seats": seats,
        "engine": engine_version(),
        "seed_hash": seed_hash(seed),
        "created": time.time(),
        "words": list(words),
        "digest0": digest0[:DIGEST_SIZE],
        **extra,
    }


class FilePlacer(Protocol):
    """What makes a new file whole: the server's spare files (game/host/spare.py)."""

    def place(self, path: Path, data: bytes, fsync: bool = False) -> int:
        """A new file at `path` holding `data` from the moment it has the name, open for
        appending; FileExistsError if `path` exists."""


class ReplayWriter:
    """Appends one game's log, one whole record per write() so that a crash can only cut the
    last record short. Every call returns after the bytes reached the operating system
    (and the disk too when `fsync` is set)."""

    def __init__(self, path: Path, fsync: bool = False) -> None:
        self.path = Path(path)
        self.fsync = fsync
        self._fd: int | None = None
        self._words: list[str] = []
        self.format = FORMAT
        """The log's format, as its header says: a format-1 log (an old one, resumed or
        rewritten) takes no hint records."""

    @classmethod
    def create(
        cls, path: Path, header: Header, fsync: bool = False, files: FilePlacer | None = None
    ) -> ReplayWriter:
        """A new log at `path` holding `header`, in the format the header names (see
        `make_header`; an old header, copied, keeps its format): made by `files`, whole from
        the moment it has its name, when given; else made, then written. FileExistsError if
        `path` exists, ValueError for a format this program does not write."""
        writer = cls(path, fsync)
        writer.format = header["format"]
        if writer.format not in READS:
            raise ValueError(f"this program writes no replay format {writer.format!r}")
        data = MAGIC[:4] + bytes([writer.format]) + msgpack.packb(header, use_bin_type=True)
        if files is not None:
            writer._fd = files.place(writer.path, data, fsync)
        else:
            writer._fd = os.open(
                writer.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_APPEND, 0o644
            )
            writer._write(data)
        writer._words = list(header["words"])
        return writer

    @classmethod
    def resume(cls, replay: Replay, fsync: bool = False) -> ReplayWriter:
        """Go on appending to an unfinished log, first cutting off a torn last record."""
        if replay.path is None:
            raise ValueError("this replay was not read from a file")
        writer = cls(replay.path, fsync)
        writer._fd = os.open(replay.path, os.O_WRONLY | os.O_APPEND)
        os.truncate(writer._fd, replay.length)
        writer._words = list(replay.header["words"])
        writer.format = replay.header["format"]
        return writer

    def step(self, seat: int, by_bot: bool, action: Action, digest: bytes) -> None:
        """Log one step: `seat` decided (`by_bot`: a bot stood in for its player)."""
        who = -(seat + 1) if by_bot else seat
        self._write(pack([who, encode_action(action, self._words), digest[:DIGEST_SIZE]]))

    def hint(self, seat: int, step: int) -> None:
        """Log a hint given to `seat` for its decision after `step` steps (see `Hint`).
        ValueError for a format-1 log, which has no such record."""
        if self.format < 2:
            raise ValueError("a format-1 replay log holds no hints")
        self._write(msgpack.packb({"t": "hint", "seat": seat, "step": step}, use_bin_type=True))

    def finish(self, seed: int, result: Result | None, reason: str = "over") -> None:
        """Log the end: the seed (so anyone can check it against the header's hash) and
        the result; `reason` is "over", or "abandoned" for a game stopped unfinished."""
        self._write(
            msgpack.packb(
                {
                    "t": "end",
                    "reason": reason,
                    "seed": seed,
                    "result": result,
                    "ended": time.time(),
                },
                use_bin_type=True,
            )
        )
        self.close()

    def close(self) -> None:
        """Close the file (a later `resume` may reopen an unfinished log)."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def _write(self, data: bytes) -> None:
        if self._fd is None:
            raise ValueError("the replay log is closed")
        written = os.write(self._fd, data)
        if written != len(data):  # a full disk: never leave half a record behind
            os.ftruncate(self._fd, os.lseek(self._fd, 0, os.SEEK_END) - written)
            raise OSError(f"short write to {self.path}: {written} of {len(data)} bytes")
        if self.fsync:
            os.fsync(self._fd)


def read_replay(path: Path | str) -> Replay:
    """Read a replay file. Raises ReplayError, naming the offset or step, for a file that is
    not a replay of this format or is damaged anywhere but in a torn last record."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_FILE:
            raise ReplayError(f"{path}: {size} bytes is larger than any replay ({MAX_FILE})")
        data = path.read_bytes()
    except OSError as err:
        raise ReplayError(f"{path}: cannot read it ({err.strerror})") from None
    try:
        replay = parse_replay(data)
    except ReplayError as err:
        raise ReplayError(f"{path}: {err}") from None
    replay.path = path
    return replay


def parse_replay(data: bytes) -> Replay:
    """A replay from its bytes (see `read_replay`)."""
    if not data.startswith(MAGIC[:4]):
        raise ReplayError("not a card-table replay (it does not start with CTRP)")
    version = data[4] if len(data) > 4 else 0
    if version not in READS:
        raise ReplayError(
            f"replay format {version or '?'} is not "
            f"supported (this program reads formats "
            f"{', '.join(map(str, READS))})"
        )
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=True, max_buffer_size=len(data) + 1)
    unpacker.feed(data[len(MAGIC) :])
    offset = len(MAGIC)
    replay: Replay | None = None
    while True:
        try:
            record = unpacker.unpack()
        except msgpack.OutOfData:
            if offset < len(data):
                if replay is None:
                    raise ReplayError("the file ends inside its header") from None
                if replay.end is not None:
                    raise ReplayError(
                        f"{len(data) - offset} bytes after the end record, at "
                        f"byte {offset} (nothing follows it)"
                    ) from None
                limit = MAX_STEP_RECORD if data[offset] == 0x93 else MAX_RECORD
                if len(data) - offset > limit:
                    raise ReplayError(
                        f"damaged record at byte {offset} (step "
                        f"{len(replay.steps) + 1}): it claims the rest of the "
                        f"file ({len(data) - offset} bytes)"
                    ) from None
                replay.torn = True
            break
        except Exception as err:
            where = "the header" if replay is None else f"step {len(replay.steps) + 1}"
            raise ReplayError(f"damaged record at byte {offset} ({where}): {err}") from None
        end_offset = len(MAGIC) + unpacker.tell()
        if replay is None:
            replay = Replay(_check_header(record, version))
        elif replay.end is not None:
            raise ReplayError(
                f"a record after the end record, at byte {offset} (nothing follows it)"
            )
        elif type(record) is dict and record.get("t") == "end":
            replay.end = _check_end(record, offset)
        elif type(record) is dict and record.get("t") == "hint" and version >= 2:
            replay.hints.append(_check_hint(record, replay, offset))
        else:
            replay.steps.append(_check_step(record, replay, offset))
        offset = end_offset
        replay.length = offset
    if replay is None:
        raise ReplayError("the file holds no header")
    return replay


def _check_header(record: Any, version: int) -> Header:
    if type(record) is not dict or record.get("t") != "header":
        raise ReplayError("the first record is not a header")
    for name, kind in HEADER_FIELDS.items():
        if not isinstance(record.get(name), kind) or type(record.get(name)) is bool:
            raise ReplayError(f"the header's field {name!r} is missing or of the wrong kind")
    if record["format"] != version:
        raise ReplayError(
            f"the header says format {record['format']}, the file's first bytes format {version}"
        )
    if not all(type(w) is str for w in record["words"]):
        raise ReplayError("the header's word list holds something other than words")
    if len(record["seats"]) != record["players"]:
        raise ReplayError("the header lists a different number of seats than players")
    return record


def _check_end(record: dict[str, Any], offset: int) -> EndRecord:
    seed = record.get("seed")
    if (
        type(seed) is not int
        or not 0 <= seed < 2**64
        or record.get("reason") not in ("over", "abandoned")
    ):
        raise ReplayError(f"the end record at byte {offset} has no valid seed or no reason")
    return cast(EndRecord, record)


def _check_hint(record: dict[str, Any], replay: Replay, offset: int) -> Hint:
    where = f"the hint record at byte {offset}"
    if set(record) != {"t", "seat", "step"}:
        raise ReplayError(f"{where} is not a map of t, seat and step")
    seat, step = record["seat"], record["step"]
    if type(seat) is not int or not 0 <= seat < replay.header["players"]:
        raise ReplayError(f"{where} names no seat of this game: {seat!r}")
    expected = replay.first_step + len(replay.steps)
    if step != expected or type(step) is not int:
        raise ReplayError(
            f"{where} is for the decision after step {step!r}, but it follows step {expected}"
        )
    return Hint(seat, step)


def _check_step(record: Any, replay: Replay, offset: int) -> Step:
    number = len(replay.steps) + 1
    where = f"step {number} (byte {offset})"
    if type(record) is not list or len(record) != 3:
        raise ReplayError(f"{where} is not a step record")
    who, action, digest = record
    players = replay.header["players"]
    if type(who) is not int or not -players <= who < players:
        raise ReplayError(f"{where} names no seat of this game: {who!r}")
    if type(digest) is not bytes or len(digest) != DIGEST_SIZE:
        raise ReplayError(f"{where} has no {DIGEST_SIZE}-byte digest")
    try:
        decoded = decode_action(action, replay.header["words"])
    except ValueError as err:
        raise ReplayError(f"{where}: {err}") from None
    seat = -who - 1 if who < 0 else who
    return Step(seat, who < 0, decoded, digest)
