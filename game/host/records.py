"""A room's files in the log directory: its replay log, its secrets (the seed and the hashes
of the seat tokens and join code, which the log must not show while the game runs), and the
game reloaded from both when a server restores it after a restart. A server holds a lock on
each game's secrets file while the game is its own, so that no second server (another
program hosting from the same data folder) goes on with the same game."""

from __future__ import annotations

import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgpack

from game.host.history import History
from game.host.locks import hold
from game.host.spare import SpareFiles
from game.replay.log import SUFFIX, ReplayWriter, read_replay, seed_hash
from game.replay.origin import Origin, first_state, lead_up
from game.replay.verify import SECRET_SUFFIX
from game.rules import IllegalAction, Result, State
from net.messages import Action

log = logging.getLogger("cardtable.server")

PUT_ASIDE = ".unrecoverable"
"""Added to the names of a game's files that cannot be restored (docs/operations.md: the name
operators know, kept)."""


class Claimed(Exception):
    """Another server (in this process or another) goes on with this game."""


@dataclass(frozen=True)
class Secrets:
    """What a room keeps from the log until the game ends."""

    room: str
    seed: int
    code_hash: bytes | None
    tokens: list[bytes | None]


class GameLog:
    """One game's two files: the replay log, appended to step by step, and its secrets.
    Both are written into spare files and only then named, so neither is ever seen half
    made; every write has reached the operating system (the disk too, with `fsync`) when
    the call returns. `claim` is the open secrets file whose lock marks the game as this
    server's until `close()`. A write that fails (a full disk, a removed folder) is logged
    with the room and the seat and ends the logging, never the game: the replay then ends
    at the last step written, as after a crash."""

    def __init__(
        self,
        path: Path,
        writer: ReplayWriter | None,
        files: SpareFiles | None = None,
        claim: int | None = None,
        room: str = "?",
    ) -> None:
        self.path = path
        self.room = room
        self._writer = writer
        self._files = files
        self._claim = claim

    @classmethod
    def create(
        cls,
        log_dir: Path,
        header: dict[str, Any],
        secrets: Secrets,
        fsync: bool = False,
        files: SpareFiles | None = None,
    ) -> GameLog:
        """The files of a game starting now in `log_dir`: the secrets first, then the log
        holding `header` (see `make_header`). OSError if they cannot be written."""
        stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
        path = Path(log_dir) / f"{stamp}-{secrets.room}{SUFFIX}"
        spares = files or SpareFiles(log_dir, keep=0)
        secret = {
            "room": secrets.room,
            "seed": secrets.seed,
            "code_hash": secrets.code_hash,
            "tokens": secrets.tokens,
        }
        # A placed file is locked already: the claim on the game from its first moment.
        claim = spares.place(
            path.with_suffix(SECRET_SUFFIX), msgpack.packb(secret, use_bin_type=True), fsync
        )
        try:
            writer = ReplayWriter.create(path, header, fsync, spares)
        except OSError:
            os.close(claim)
            raise
        return cls(path, writer, files, claim, secrets.room)

    def step(self, seat: int, by_bot: bool, action: Action, digest: bytes) -> None:
        """Log one step (see `ReplayWriter.step`); nothing once the log was finished or
        closed."""
        if self._writer is not None:
            try:
                self._writer.step(seat, by_bot, action, digest)
            except OSError as err:
                self._failed(f"seat {seat}: a step", err)

    def hint(self, seat: int, step: int) -> None:
        """Log a hint given to `seat` for its decision after `step` steps (see
        `ReplayWriter.hint`); nothing once the log was finished or closed, or in a game
        begun by an older version in format 1 (its counts then start afresh at a restart)."""
        if self._writer is not None and self._writer.format >= 2:
            try:
                self._writer.hint(seat, step)
            except OSError as err:
                self._failed(f"seat {seat}: a hint", err)

    def finish(self, seed: int, result: Result | None, reason: str = "over") -> None:
        """Log the end and close the log (see `ReplayWriter.finish`); nothing if it was
        finished or closed already."""
        if self._writer is not None:
            try:
                self._writer.finish(seed, result, reason)
            except OSError as err:
                self._failed("the end", err)
            self._writer = None

    def _failed(self, what: str, err: OSError) -> None:
        """A write failed: say so, and write no more (the game goes on unlogged)."""
        log.error(
            "room %s %s cannot be logged in %s (%s); the game goes on unlogged",
            self.room,
            what,
            self.path,
            err,
        )
        if self._writer is not None:
            try:
                self._writer.close()
            except OSError:
                pass  # the file is no use any more either way
            self._writer = None

    def close(self) -> None:
        """Release the log file and the claim on the game; an unfinished game stays on disk
        to be restored."""
        if self._writer is not None:
            self._writer.close()
            self._writer = None
        if self._claim is not None:
            os.close(self._claim)
            self._claim = None

    def forget(self) -> None:
        """Close the log and drop the secrets file: once the seed is in the log's end
        record, the seat tokens are no use any more."""
        self.close()
        (self._files or SpareFiles(self.path.parent, keep=0)).remove(
            self.path.with_suffix(SECRET_SUFFIX)
        )


def unfinished(log_dir: Path) -> list[Path]:
    """The logs in `log_dir` that still have their secrets: games a restarted server goes
    on with (or whose end it still shows), in name order, which is their start order."""
    return [secret.with_suffix(SUFFIX) for secret in sorted(log_dir.glob("*" + SECRET_SUFFIX))]


def unclaimed_rooms(log_dir: Path) -> set[str]:
    """The rooms of the games in `log_dir` that still have their secrets (see `unfinished`)
    and that no server goes on with now: those a server started on `log_dir` would bring
    back. A secrets file that cannot be read names no room."""
    rooms = set()
    for log_path in unfinished(log_dir):
        try:
            fd = os.open(log_path.with_suffix(SECRET_SUFFIX), os.O_RDONLY)
        except OSError:
            continue
        try:
            if hold(fd):  # released at once by the close below
                with open(fd, "rb", closefd=False) as file:
                    rooms.add(msgpack.unpackb(file.read())["room"])
        except (OSError, ValueError, TypeError, KeyError):
            pass
        finally:
            os.close(fd)
    return rooms


def put_aside(log_path: Path) -> None:
    """Rename a game's files that cannot be restored (PUT_ASIDE), so that they stay for a
    person to look at and are not tried again at every start."""
    for broken in (log_path.with_suffix(SECRET_SUFFIX), log_path):
        if broken.exists():
            broken.rename(broken.with_name(broken.name + PUT_ASIDE))


def history_before(log_dir: Path | None, origin: Origin) -> History:
    """The history a game played on from `origin` (checked by check_origin) begins with:
    the steps of the old game (and of the games it was played on from) up to the origin's
    step, re-run from the replays in `log_dir` that the origin names by hash – so that the
    bots know what their seats saw from the deal on, and no more. Without those replays it
    begins at the origin's step. Raises ValueError when a replay found does not lead to the
    origin's snapshot (see origin.lead_up)."""
    lead = lead_up(log_dir, origin)
    history = History(lead.first)
    for seat, by_bot, events in lead.steps:
        history.append(seat, by_bot, events)
    return history


@dataclass
class Reloaded:
    """A game reloaded from its files: the log's header, its secrets, the engine state after
    every logged step, and those steps, the hints each seat was given; `log` goes on
    appending to an unfinished game (`finished`: it already holds the end record)."""

    header: dict[str, Any]
    secrets: Secrets
    state: State
    history: History
    hints_used: list[int]
    log: GameLog
    finished: bool
    abandoned: bool


def reload(log_path: Path, fsync: bool = False, files: SpareFiles | None = None) -> Reloaded:
    """The game of `log_path` and its secrets file, reloaded: claimed, every logged step
    re-applied and checked against its digest (a torn last record is dropped), its log open
    to go on. A game whose last step was logged but not its end gets its end record now.
    Raises ValueError when the files do not make a game this program can restore,
    ReplayError when the log cannot be read, Claimed when another server goes on with the
    game. The returned log holds the claim."""
    try:
        claim = os.open(log_path.with_suffix(SECRET_SUFFIX), os.O_RDONLY)
    except OSError as err:
        raise ValueError(f"{log_path}: its secrets file cannot be opened ({err})") from None
    try:
        if not hold(claim):
            raise Claimed(f"{log_path}: another server goes on with this game")
        return _rebuild(log_path, claim, fsync, files)
    except BaseException:
        os.close(claim)
        raise


def _rebuild(log_path: Path, claim: int, fsync: bool, files: SpareFiles | None) -> Reloaded:
    """`reload`'s work, once the game is claimed through open secrets file `claim`."""
    replay = read_replay(log_path)
    try:
        with open(claim, "rb", closefd=False) as file:
            secret = msgpack.unpackb(file.read())
        secrets = Secrets(secret["room"], secret["seed"], secret["code_hash"], secret["tokens"])
    except (OSError, ValueError, TypeError, KeyError) as err:
        raise ValueError(f"{log_path}: its secrets file is missing or damaged ({err})") from None
    header = replay.header
    if seed_hash(secrets.seed) != header["seed_hash"]:  # ValueError too for a seed out of range
        raise ValueError(f"{log_path}: the secret seed does not match the header's hash")
    state = first_state(header, secrets.seed)
    history = History(state.step)
    if "origin" in header:
        try:
            history = history_before(log_path.parent, header["origin"])
        except ValueError:
            pass  # the old game's replay changed since: the bots' history begins at the step
    for number, step in enumerate(replay.steps, 1):
        try:
            events = state.apply(step.action)
        except IllegalAction as err:
            raise ValueError(f"{log_path}: step {number} is refused: {err.reason}") from None
        if state.digest()[: len(step.digest)] != step.digest:
            raise ValueError(f"{log_path}: step {number} gives another state than logged")
        history.append(step.seat, step.by_bot, events)
    if replay.end is not None:
        return Reloaded(
            header,
            secrets,
            state,
            history,
            replay.hints_used(),
            GameLog(log_path, None, files, claim, secrets.room),
            finished=True,
            abandoned=replay.end["reason"] == "abandoned",
        )
    log = GameLog(log_path, ReplayWriter.resume(replay, fsync), files, claim, secrets.room)
    if state.is_over:  # the last step was logged, its end record was not
        log.finish(secrets.seed, state.result)
    return Reloaded(
        header,
        secrets,
        state,
        history,
        replay.hints_used(),
        log,
        finished=state.is_over,
        abandoned=False,
    )
