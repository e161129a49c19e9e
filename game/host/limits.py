"""What one server allows: each limit is a command-line flag of server.py (see --help) and
is told to every client in the welcome message."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields

from net.framing import DEFAULT_MAX_FRAME


@dataclass(frozen=True)
class Limits:
    """A server's limits; the defaults are what server.py runs with unless told otherwise.
    A limit with a "flag" in its metadata is set by a command-line flag of that name
    (--max-rooms sets max_rooms), the words its help (`flagged`)."""

    max_rooms: int = field(
        default=500,
        metadata={
            "flag": "rooms the server holds at once (in the lobby, playing or just finished)"
        },
    )
    max_conns_per_ip: int = field(
        default=64, metadata={"flag": "connections from one address at once"}
    )
    rate: float = field(
        default=50.0, metadata={"flag": "messages per second per connection, on average"}
    )
    burst: int = field(default=100, metadata={"flag": "messages a connection may send at once"})
    max_frame: int = field(
        default=DEFAULT_MAX_FRAME, metadata={"flag": "largest frame a client may send, in bytes"}
    )
    max_name: int = field(default=24, metadata={"flag": "longest player name, in characters"})
    idle: float = field(
        default=120.0, metadata={"flag": "seconds of silence before a connection is closed"}
    )
    max_buffer: int = 4 * 1024 * 1024
    """Bytes written to a client and not yet taken: more and it is cut off as a slow reader."""
    finished_room_ttl: float = 600.0
    finished_grace: float = 30.0
    lobby_grace: float = 60.0

    @staticmethod
    def flagged() -> dict[str, str]:
        """The limits a command-line flag sets, each with what it limits in words."""
        return {f.name: f.metadata["flag"] for f in fields(Limits) if "flag" in f.metadata}

    def as_map(self) -> dict[str, int | float]:
        """Every limit by name, as the welcome message carries them."""
        return asdict(self)
