"""The client's side of one connection, with no socket and no clock of its own (like the
server's game/host/protocol.py): bytes and the time in; messages, bytes to send and whether
the connection is dead out. net/client.py is the asyncio adapter.

The server's idle rule, from the client's side: the client pings every `ping_every` seconds
and the server answers each ping at once, so a live connection hears something at least that
often. Nothing at all – no pong, no other message – for `silence` seconds means the
connection is dead (a half-open TCP connection after a Wi-Fi drop or a suspended laptop
still looks open): the client drops it and reconnects (docs/protocol.md, "Keeping a
connection")."""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from typing import Any

from net.framing import CLIENT_MAX_FRAME, FrameDecoder, FrameError, encode
from net.messages import ServerMessage
from net.schema import ProtocolError, validate_server

PING_EVERY = 10.0
"""Seconds between the client's pings."""
SILENCE = 30.0
"""Seconds without any message from the server after which the connection is dead: three
pings unanswered."""


class Link:
    """One connection as the client's rules see it. Feed it what arrives
    (`receive_data(data, now)`) and take the messages out (`next_message()`); queue what
    to send (`send`) and write what `data_to_send()` returns. Call `tick(now)` at the latest
    `wait(now)` seconds after the last call: it queues the pings, and sets `dead` once the
    server was silent too long. `now` is any clock in seconds that never goes back."""

    def __init__(
        self,
        now: float,
        ping_every: float = PING_EVERY,
        silence: float = SILENCE,
        max_frame: int = CLIENT_MAX_FRAME,
    ) -> None:
        if not 0 < ping_every < silence:
            raise ValueError(
                f"pings ({ping_every} s apart) must come within the deadline ({silence} s)"
            )
        self.ping_every = ping_every
        self.silence = silence
        self.dead = False
        """The server said nothing for `silence` seconds: drop the connection."""
        self._decoder = FrameDecoder(max_frame)
        self._received: deque[Any] = deque()
        self._out: list[bytes] = []
        self._heard = now
        self._pinged = now

    def receive_data(self, data: bytes, now: float) -> None:
        """Take `data`, received at `now`. Raises FrameError for a stream that cannot be
        read as frames."""
        self._heard = now
        self._received.extend(self._decoder.feed(data))

    def next_message(self) -> ServerMessage | None:
        """The next message received, checked against the schema; None when none is
        waiting. Raises FrameError("bad_message") for one the schema refuses."""
        if not self._received:
            return None
        try:
            return validate_server(self._received.popleft())
        except ProtocolError as err:
            raise FrameError(
                "bad_message", f"the server sent an invalid message: {err.message}"
            ) from None

    def send(self, message: Mapping[str, Any]) -> None:
        """Queue `message` (a request: net.messages.ClientMessage) for the server."""
        self._out.append(encode(message))

    def data_to_send(self) -> bytes:
        """What is queued for the server, taken from the queue."""
        data, self._out = b"".join(self._out), []
        return data

    def tick(self, now: float) -> None:
        """What the time `now` calls for: the connection is dead if the server was silent
        for longer than `silence`; otherwise a ping is queued when one is due."""
        if self.dead:
            return
        if now - self._heard >= self.silence:
            self.dead = True
        elif now - self._pinged >= self.ping_every:
            self._pinged = now
            self.send({"t": "ping"})

    def wait(self, now: float) -> float:
        """Seconds from `now` until `tick` has something to do."""
        return max(0.0, min(self._pinged + self.ping_every, self._heard + self.silence) - now)
