"""The seats the client keeps on disk: a seat token per server address and room, so that a
player who closes the window (or whose computer restarts) takes the seat back later."""

from __future__ import annotations

import json
import os
import re
import time
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from game.client.i18n import _

LOCAL = "local"
"""The server of the player's own games (quick play, single player): their embedded server
listens on another port each run, so its seats are kept under this name, not an address."""


@dataclass(frozen=True)
class KeptSeat:
    """A seat the player holds: where, which, and the token that gives it back."""

    server: str
    """"host:port", or LOCAL."""
    room: str
    token: str
    game: str
    seat: int
    saved: float = 0.0
    """When it was kept (Unix time): the newest game is offered first."""


class SeatStore:
    """Kept seats in `folder`, one small file each (readable by the player alone: a token
    is as good as the seat). Every method survives a missing, unreadable or hand-edited
    file: a seat that cannot be read is simply not offered."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)

    def _path(self, server: str, room: str) -> Path:
        # Addresses hold ":" (and IPv6 ones more), which some file systems refuse.
        return self.folder / re.sub(r"[^A-Za-z0-9.-]", "_", server) / f"{_safe(room)}.json"

    def keep(self, seat: KeptSeat) -> str | None:
        """Keep `seat` (replacing what was kept for its server and room); returns a problem
        in words when it could not be written, else None."""
        path = self._path(seat.server, seat.room)
        record = asdict(seat) | {"saved": seat.saved or time.time()}
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(".tmp")
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as file:
                json.dump(record, file)
            os.replace(tmp, path)
        except OSError as err:
            return _(
                "Your seat could not be saved on this computer ({reason}): if this "
                "program stops, you may not get it back."
            ).format(reason=err.strerror or err)
        return None

    def forget(self, server: str, room: str) -> None:
        """Drop the seat kept for `room` on `server` (its game ended, or the server no longer
        knows it); nothing if none is kept."""
        try:
            self._path(server, room).unlink()
        except OSError:
            pass

    def seats(self, server: str | None = None) -> list[KeptSeat]:
        """The seats kept for `server` (None: for every server), newest first."""
        pattern = "*/*.json" if server is None else f"{self._path(server, 'x').parent.name}/*.json"
        found = []
        for path in self.folder.glob(pattern):
            try:
                record = json.loads(path.read_text(encoding="utf-8"))
                seat = KeptSeat(**{f.name: record[f.name] for f in fields(KeptSeat)})
            except (OSError, ValueError, TypeError, KeyError):
                continue
            if server in (None, seat.server) and _safe(seat.room) == path.stem:
                found.append(seat)
        return sorted(found, key=lambda seat: -seat.saved)


def _safe(room: str) -> str:
    """A room id as a file name (a server's ids are hex; another server's may be anything)."""
    return re.sub(r"[^A-Za-z0-9-]", "_", room)[:64]
