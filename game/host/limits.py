"""What one server allows: each limit is a command-line flag of server.py (see --help) and
is told to every client in the welcome message."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from net.framing import DEFAULT_MAX_FRAME


@dataclass(frozen=True)
class Limits:
    """A server's limits; the defaults are what server.py runs with unless told otherwise."""

    max_rooms: int = 500
    max_conns_per_ip: int = 64
    rate: float = 50.0
    """Messages per second per connection, on average."""
    burst: int = 100
    """Messages a connection may send at once."""
    max_frame: int = DEFAULT_MAX_FRAME
    """The largest frame a client may send, in bytes."""
    max_name: int = 24
    idle: float = 120.0
    """Seconds of silence before a connection is closed."""
    max_buffer: int = 4 * 1024 * 1024
    """Bytes written to a client and not yet taken: more and it is cut off as a slow reader."""
    finished_room_ttl: float = 600.0
    finished_grace: float = 30.0
    lobby_grace: float = 60.0

    def as_map(self) -> dict[str, int | float]:
        """Every limit by name, as the welcome message carries them."""
        return asdict(self)
