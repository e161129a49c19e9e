"""Frames on the wire, sans I/O: a 4-byte big-endian length, then one msgpack map."""

from __future__ import annotations

import struct
from collections.abc import Mapping
from typing import Any

import msgpack

from net.messages import ErrorCode

HEADER = struct.Struct(">I")
DEFAULT_MAX_FRAME = 64 * 1024
"""What a server accepts from a client unless told otherwise (server.py --max-frame)."""
CLIENT_MAX_FRAME = 16 * 1024 * 1024
"""What a client accepts from a server: views of long games are larger than any request."""


class FrameError(Exception):
    """The byte stream cannot be read as frames. `code` is the protocol error code; after a
    FrameError the stream is out of step and the connection must be closed."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


_pack = msgpack.Packer(use_bin_type=True).pack
"""One Packer for every message (a new one per call, as `msgpack.packb` makes, cost a fifth
of a small message's packing). Plain data packs without running Python code, so no other
thread (a client beside its embedded server) can interleave."""


def pack(message: Mapping[str, Any]) -> bytes:
    """`message` (a map of plain data) as msgpack: a frame's body, or one WebSocket message."""
    body: bytes = _pack(message)
    return body


def frame(body: bytes) -> bytes:
    """The frame holding `body` on a byte stream: its length, then it."""
    return HEADER.pack(len(body)) + body


def encode(message: Mapping[str, Any]) -> bytes:
    """One frame holding `message` (a map of plain data)."""
    return frame(pack(message))


def decode_body(body: bytes | memoryview) -> Any:
    """The msgpack object in one frame's body, or FrameError("bad_frame")."""
    try:
        return msgpack.unpackb(body, raw=False, strict_map_key=True, use_list=True)
    except Exception as err:  # msgpack raises many kinds: ExtraData, FormatError, ValueError…
        raise FrameError("bad_frame", f"the frame is not one msgpack object: {err}") from None


class FrameDecoder:
    """Turns received bytes into messages: `feed(data)` returns every message completed.

    Frames longer than `max_frame` are refused before their body is buffered, so a peer
    cannot make us hold more than one frame's worth of memory.
    """

    def __init__(self, max_frame: int = DEFAULT_MAX_FRAME) -> None:
        self.max_frame = max_frame
        self._buffer = bytearray()

    def feed(self, data: bytes) -> list[Any]:
        """The messages that `data` completes, in order. Raises FrameError for a frame that
        is empty, too long, or not msgpack; the decoder is then unusable."""
        # Frames are read where they lie – in `data` itself when nothing was left over, the
        # common case – and only an unfinished one is kept: no copy of each frame's bytes.
        buffer = self._buffer
        source: bytes | bytearray = data
        if buffer:
            buffer += data
            source = buffer
        end, at, out = len(source), 0, []
        with memoryview(source) as view:
            while end - at >= HEADER.size:
                (size,) = HEADER.unpack_from(source, at)
                if size == 0:
                    raise FrameError("bad_frame", "an empty frame")
                if size > self.max_frame:
                    raise FrameError(
                        "frame_too_big", f"a frame of {size} bytes (the limit is {self.max_frame})"
                    )
                start = at + HEADER.size
                if end < start + size:
                    break
                out.append(decode_body(view[start : start + size]))
                at = start + size
        if source is buffer:
            del buffer[:at]
        else:
            buffer += data[at:]
        return out

    @property
    def pending(self) -> int:
        """Bytes received that do not yet make a whole frame (a truncated frame, at EOF)."""
        return len(self._buffer)
