"""One client connection's rules, with no socket and no clock of its own (the websockets
pattern, its `protocol.py`): bytes in, requests and frames to send out, and when to close.

Two transports share these rules: a TCP byte stream of length-prefixed frames
(`receive_data`, `data_to_send`) and WebSocket messages, one msgpack map each
(`receive_message`, `messages_to_send`; game/host/web.py).

The rules: frames are length-prefixed and bounded (net/framing.py); the first message is a
hello in this protocol version, naming the player; a token bucket bounds the messages a
second; a connection silent for too long is closed. What breaks them gets an error frame,
and a broken stream or a wrong version closes the connection. The time is passed in, so the
rules are tested with bytes and numbers alone; game/host/server.py is the asyncio adapter.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterator
from typing import Any, cast

from game.host.limits import Limits
from net.framing import FrameDecoder, FrameError, decode_body, frame, pack
from net.messages import ErrorCode, Hello, Params, ServerMessage
from net.schema import PROTOCOL_VERSION, ProtocolError, error, request_id, validate_client, welcome


class Connection:
    """The server's side of one client connection, sans I/O.

    Feed it what arrives – `receive_data(data, now)` from a byte stream or
    `receive_message(body, now)` for each whole message, and `receive_eof()` – then carry out
    each request `requests()` hands over; send with `send(message)`. Write what
    `data_to_send()` (frames for a stream) or `messages_to_send()` (one body a message)
    returns to the client, and close the connection once `closing` is True (after writing
    what it still returned). `now` is any clock in seconds that never goes back.
    """

    def __init__(self, limits: Limits, server_version: str, now: float) -> None:
        """A connection opened at `now` to a server with `limits`, whose version, as the
        welcome message tells it, is `server_version`."""
        self.limits = limits
        self.server_version = server_version
        self.name = ""
        """The player's name, from the hello ("" before it)."""
        self.greeted = False
        self.closing = False
        self._decoder = FrameDecoder(limits.max_frame)
        self._received: deque[Any] = deque()
        self._out: list[bytes] = []
        self._now = now
        self._heard = now
        self._tokens = float(limits.burst)
        self._refilled = now
        self._last_refusal = -math.inf

    # -- what arrives ------------------------------------------------------------------------

    def receive_data(self, data: bytes, now: float) -> None:
        """Take `data`, received at `now`. A stream that cannot be read as frames (an empty,
        oversized or undecodable frame) is refused and the connection closes; a frame split
        across calls waits for its end."""
        if self.closing:
            return
        self._now = self._heard = now
        try:
            self._received.extend(self._decoder.feed(data))
        except FrameError as err:
            self.refuse(err.code, err.message)
            self.close()

    def receive_message(self, body: bytes, now: float) -> None:
        """Take one whole message that arrived at `now` without a length prefix (a WebSocket
        message): refused like a frame on the stream when it is empty, longer than
        `max_frame` or not one msgpack object, and the connection then closes."""
        if self.closing:
            return
        self._now = self._heard = now
        try:
            if not body:
                raise FrameError("bad_frame", "an empty message")
            if len(body) > self.limits.max_frame:
                raise FrameError(
                    "frame_too_big",
                    f"a message of {len(body)} bytes (the limit is {self.limits.max_frame})",
                )
            self._received.append(decode_body(body))
        except FrameError as err:
            self.refuse(err.code, err.message)
            self.close()

    def receive_eof(self) -> None:
        """The client stopped sending: the connection closes (refusing a frame cut short)."""
        if self._decoder.pending and not self.closing:
            self.refuse(
                "bad_frame",
                f"the stream ended inside a frame ({self._decoder.pending} bytes of it arrived)",
            )
        self.close()

    def requests(self) -> Iterator[Any]:
        """The messages received for the server to carry out, one at a time and in order –
        so that what the server sends in answer to one goes out before what the next one
        causes. They come only from a greeted client, within the rate, and are not yet
        checked against the schema. Hellos are answered here; messages over the rate are
        dropped (with one rate_limited error a second); nothing comes once `closing`."""
        while self._received and not self.closing:
            message = self._received.popleft()
            if not self._allow():
                continue
            if type(message) is dict and message.get("t") == "hello":
                self._hello(message)
            elif not self.greeted:
                self.refuse("hello_first", re=request_id(message))
            else:
                yield message

    def check_idle(self, now: float) -> bool:
        """True if nothing arrived for longer than the idle limit by `now`: the connection
        is then refused (idle_timeout) and closing."""
        if self.closing or now - self._heard <= self.limits.idle:
            return False
        self.refuse("idle_timeout")
        self.close()
        return True

    # -- what goes out -----------------------------------------------------------------------

    def send(self, message: ServerMessage) -> None:
        """Queue `message` for the client (dropped once the connection is closing)."""
        if not self.closing:
            self._out.append(pack(message))

    def send_packed(self, body: bytes) -> None:
        """Queue a message already packed as msgpack (dropped once the connection is
        closing): framed for a byte stream, or sent whole as a WebSocket message, as `send`'s
        messages are."""
        if not self.closing:
            self._out.append(body)

    def refuse(
        self,
        code: ErrorCode,
        message: str | None = None,
        re: int | None = None,
        *,
        template: str | None = None,
        params: Params | None = None,
    ) -> None:
        """Queue an error with `code` (net.schema.ERRORS), answering request `re` if given;
        an engine's refusal also carries its `template` and `params`."""
        self.send(error(code, message, re, template=template, params=params))

    def data_to_send(self) -> bytes:
        """Every message queued since the last call, in order, framed for a byte stream, as
        one write."""
        data = b"".join(map(frame, self._out))
        self._out.clear()
        return data

    def messages_to_send(self) -> list[bytes]:
        """Every message queued since the last call, in order, each one msgpack map (for a
        transport that keeps messages apart itself: a WebSocket)."""
        out, self._out = self._out, []
        return out

    def close(self) -> None:
        """Close after what is queued: nothing more is sent or received (idempotent)."""
        if not self.closing:
            self._received.clear()
            self.closing = True

    def abort(self) -> None:
        """Close at once, dropping what was queued: the client is gone or cut off."""
        self.close()
        self._out.clear()

    # -- the rules ---------------------------------------------------------------------------

    def _allow(self) -> bool:
        """Token bucket: `rate` messages a second on average, `burst` at once."""
        now, limits = self._now, self.limits
        self._tokens = min(limits.burst, self._tokens + (now - self._refilled) * limits.rate)
        self._refilled = now
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        if now - self._last_refusal >= 1.0:  # one refusal a second, not one per message
            self._last_refusal = now
            self.refuse("rate_limited")
        return False

    def _hello(self, raw: dict[str, Any]) -> None:
        """Greet a client in this protocol version with a fitting name; a wrong version
        closes the connection, other refusals leave it waiting for a better hello."""
        re = request_id(raw)
        try:
            message = cast(Hello, validate_client(raw))  # its "t" is "hello"
        except ProtocolError as err:
            self.refuse(err.code, err.message, re)
            return
        if message["version"] != PROTOCOL_VERSION:
            self.refuse(
                "version_mismatch",
                f"this server speaks protocol version {PROTOCOL_VERSION}, not {message['version']}",
            )
            self.close()
            return
        name = message["name"].strip()
        if len(name) > self.limits.max_name:
            self.refuse(
                "name_too_long", f"names have at most {self.limits.max_name} characters", re
            )
        elif not name or not name.isprintable():
            self.refuse("bad_message", "a name is printable text", re)
        else:
            self.name, self.greeted = name, True
            self.send(welcome(self.server_version, self.limits.as_map()))
