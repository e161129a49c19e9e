"""A busy server's log files, made ahead of need and removed behind it by a helper thread:
making a file costs this machine ~0.7 ms of kernel time, and removing a name waits now and
then 10–50 ms for the file system's journal (BENCHMARKS.md, "Soak") – long enough to hold up
every player of the server; naming a ready file costs ~0.03 ms. Servers may share a directory
(the client's hosted LAN server and its local one, another program using the same data
folder): each holds a lock on its own spares (game/host/locks.py), and a server starting
removes only the spares nobody holds – those of a server that stopped or crashed."""

from __future__ import annotations

import collections
import logging
import os
import secrets
import threading
from pathlib import Path

from game.host.locks import hold

log = logging.getLogger("cardtable.server")

PREFIX = ".spare-"
"""The names of files made ahead and not yet used; any found at a server's start that no
server holds were left by one that stopped, and hold nothing anybody saw."""


class SpareFiles:
    """Keeps up to `keep` empty files ready in `directory` and removes the names it is given
    (none: each file is made when it is asked for and each name removed at once, with no
    thread). Each spare is locked from its making until the file made from it is closed, so
    that `sweep` in another pool leaves it alone."""

    def __init__(self, directory: Path, keep: int = 8) -> None:
        self.directory = Path(directory)
        self.keep = keep
        self._ready: collections.deque[tuple[Path, int]] = collections.deque()
        self._doomed: collections.deque[Path] = collections.deque()
        self._wanted = threading.Event()
        self._closed = False
        self._thread: threading.Thread | None = None
        if keep:
            self._wanted.set()
            self._thread = threading.Thread(target=self._fill, name="spare-files", daemon=True)
            self._thread.start()

    @staticmethod
    def sweep(directory: Path) -> None:
        """Remove the spares a stopped server left in `directory`: those no open file holds
        the lock of. A live pool's spares, in this process or another, stay."""
        for spare in Path(directory).glob(PREFIX + "*"):
            try:
                fd = os.open(spare, os.O_RDONLY)
            except FileNotFoundError:  # its pool used or removed it meanwhile
                continue
            try:
                if hold(fd):  # removed while locked: a pool making it sees it go (`_make`)
                    spare.unlink(missing_ok=True)
            finally:
                os.close(fd)

    def place(self, path: Path, data: bytes, fsync: bool = False) -> int:
        """A new file at `path` that holds `data` from the moment it has the name, open for
        appending and locked (`locks.hold`) until the caller closes it. FileExistsError if
        `path` exists."""
        try:
            spare, fd = self._ready.popleft()
        except IndexError:
            spare, fd = self._make()
        else:
            self._wanted.set()
        try:
            written = os.write(fd, data)
            if written != len(data):
                raise OSError(f"short write to {path}: {written} of {len(data)} bytes")
            if fsync:
                os.fsync(fd)
            os.link(spare, path)  # unlike a rename, never replaces a file that is there
        except BaseException:
            os.close(fd)
            os.unlink(spare)
            raise
        self.remove(spare)
        return fd

    def remove(self, path: Path) -> None:
        """Remove the name `path` (if it is there) soon, on the helper thread: nothing waits
        for a name to go. A name left by a crash is a spare's, swept at the next start, or a
        finished game's secrets, which the next server forgets again."""
        if self._thread is None or self._closed:
            Path(path).unlink(missing_ok=True)
            return
        self._doomed.append(Path(path))
        self._wanted.set()

    def close(self) -> None:
        """Stop the helper and remove the spares not used."""
        self._closed = True
        self._wanted.set()
        if self._thread is not None:
            self._thread.join()
        self._remove_doomed()
        while self._ready:
            spare, fd = self._ready.popleft()
            os.close(fd)
            spare.unlink(missing_ok=True)

    def _make(self) -> tuple[Path, int]:
        """A new spare, locked. Another pool's `sweep` may lock and remove it between its
        making and its locking: then the name no longer leads to this file, and another is
        made."""
        while True:
            spare = self.directory / (PREFIX + secrets.token_hex(8))
            fd = os.open(spare, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_APPEND, 0o644)
            hold(fd, wait=True)
            try:
                if os.path.samestat(os.stat(spare), os.fstat(fd)):
                    return spare, fd
            except FileNotFoundError:
                pass
            os.close(fd)

    def _remove_doomed(self) -> None:
        while self._doomed:
            try:
                self._doomed.popleft().unlink(missing_ok=True)
            except OSError:  # a removed directory: nothing is left to tidy
                pass

    def _fill(self) -> None:
        while True:
            self._wanted.wait()
            self._wanted.clear()
            try:
                self._remove_doomed()
                while not self._closed and len(self._ready) < self.keep:
                    try:
                        self._ready.append(self._make())
                    except OSError:  # a full disk or a removed directory: `place` will say so
                        break
            except Exception:  # the helper must live on: without it every file is made inline
                log.exception("the log files' helper in %s failed; it goes on", self.directory)
            if self._closed:
                return
