"""What the program works out about replays and keeps to save working it out again –
verdicts, analyses – in the user's cache folder (platformdirs: on Linux $XDG_CACHE_HOME/
cardtable, default ~/.cache/cardtable), never beside a replay: a replay may be in a shared
folder, on a read-only medium or in a git checkout, and reading it writes nothing there.

Each kind has its own subfolder; an entry is named by the replay's hash (`replay_hash`),
so it belongs to exactly those bytes wherever the file lies. A write goes to a temporary
file in the same folder, then `os.replace` gives it its name: two programs writing at
once each leave a whole entry, a reader sees the old entry or the new one. Past a kind's
size limit the entries used longest ago are removed."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

import platformdirs

APP = "cardtable"
"""The program's name in the platform's folders."""
TEMPORARY = ".tmp-"
"""The prefix of an entry being written; one older than STALE was left by a program that
stopped."""
STALE = 3600.0


def cache_dir() -> Path:
    """The program's cache folder; not created here."""
    return Path(platformdirs.user_cache_dir(APP, appauthor=False))


class Cache:
    """The entries of one kind: `folder` (under `cache_dir()`), `suffix` on each name, at
    most `limit` bytes in all."""

    def __init__(self, folder: str, suffix: str, limit: int) -> None:
        self.folder = folder
        self.suffix = suffix
        self.limit = limit

    def path(self, digest: str) -> Path:
        """Where the entry of the replay whose hash is `digest` is kept. ValueError for a
        digest that is not lower-case hex."""
        if not digest or any(c not in "0123456789abcdef" for c in digest):
            raise ValueError(f"a replay's hash is lower-case hex, not {digest!r}")
        return cache_dir() / self.folder / (digest + self.suffix)

    def read(self, digest: str) -> str | None:
        """The entry for `digest`, or None when there is none or it cannot be read; a read
        counts as a use (the entry is kept longer)."""
        path = self.path(digest)
        try:
            text = path.read_text(encoding="utf-8")
            os.utime(path)
        except (OSError, UnicodeDecodeError):
            return None
        return text

    def write(self, digest: str, text: str) -> bool:
        """Keep `text` as the entry for `digest` (see the module's docstring), then bring
        the kind back within its limit. False when the folder cannot be written (nothing
        is kept)."""
        path = self.path(digest)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, temporary = tempfile.mkstemp(prefix=TEMPORARY, dir=path.parent)
        except OSError:
            return False
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as file:
                file.write(text)
            os.replace(temporary, path)
        except OSError:
            Path(temporary).unlink(missing_ok=True)
            return False
        self.trim()
        return True

    def trim(self) -> None:
        """Remove the entries used longest ago until the rest fit in `limit` bytes, and
        temporary files older than STALE. Another program may remove the same files at the
        same time: whatever is gone already is skipped."""
        folder = cache_dir() / self.folder
        entries = []
        try:
            names = os.listdir(folder)
        except OSError:
            return
        now = time.time()
        for name in names:
            path = folder / name
            try:
                stat = path.stat()
            except OSError:
                continue
            if name.startswith(TEMPORARY):
                if now - stat.st_mtime > STALE:
                    path.unlink(missing_ok=True)
            elif name.endswith(self.suffix):
                entries.append((stat.st_mtime, stat.st_size, path))
        total = sum(size for _, size, _ in entries)
        for _, size, path in sorted(entries):
            if total <= self.limit:
                break
            try:
                path.unlink(missing_ok=True)
            except OSError:
                continue
            total -= size
