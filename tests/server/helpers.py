"""Real servers on 127.0.0.1 for tests, and clients that play scripted or random moves."""

from __future__ import annotations

import asyncio
import contextlib
import random
import struct
from collections.abc import AsyncIterator
from pathlib import Path

import msgpack

from game.host.limits import Limits
from game.host.server import Server
from net.client import Client
from net.framing import FrameDecoder, encode


@contextlib.asynccontextmanager
async def running_server(
    log_dir: Path | None = None,
    *,
    allow_stacked_decks: bool = False,
    bot_workers: int | None = None,
    chosen_seeds: bool = False,
    **limits,
) -> AsyncIterator[Server]:
    """A server in this event loop, listening on a free port of 127.0.0.1 (`chosen_seeds`:
    a player's own server, see Server)."""
    server = Server(
        log_dir,
        Limits(**limits),
        allow_stacked_decks=allow_stacked_decks,
        bot_workers=bot_workers,
        chosen_seeds=chosen_seeds,
    )
    await server.start("127.0.0.1", 0)
    try:
        yield server
    finally:
        await server.close()


class Player:
    """A scripted human: a real Client plus what it has been told."""

    def __init__(self, port: int, name: str, **client_args) -> None:
        self.client = Client("127.0.0.1", port, name, **client_args)
        self.room: str | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.last: dict | None = None  # the last update
        self.updates: list[dict] = []
        self.errors: list[dict] = []
        self.rooms: list[dict] = []  # every room map received

    async def __aenter__(self) -> Player:
        await self.client.connect()
        return self

    async def __aexit__(self, *exc) -> None:
        await self.client.close()

    async def expect(self, kind: str, timeout: float = 10.0) -> dict:
        """The next message of type `kind`; every message on the way is remembered."""
        while True:
            message = await self.client.recv(timeout)
            self._note(message)
            if message["t"] == kind:
                return message

    def _note(self, message: dict) -> None:
        kind = message["t"]
        if kind == "update":
            self.last = message
            self.updates.append(message)
        elif kind == "error":
            self.errors.append(message)
        elif kind == "room":
            self.rooms.append(message["room"])
        elif kind == "seated":
            self.room, self.seat, self.token = message["room"], message["seat"], message["token"]

    async def send(self, **message) -> None:
        await self.client.send(message)

    async def create(self, game: str, players: int, **fields) -> str:
        request = await self.client.send(
            {"t": "create", "game": game, "players": players, **fields}
        )
        while True:
            message = await self.client.recv(10)
            self._note(message)
            if message.get("re") == request:
                assert message["t"] == "room", message
                return message["room"]["id"]

    async def host(
        self, game: str, players: int, bots: dict[int, str] | None = None, **fields
    ) -> str:
        """Create a room, sit at seat 0, fill `bots` ({seat: level}), get ready and start
        (when every seat is then taken)."""
        room = await self.create(game, players, **fields)
        await self.send(t="join", room=room, seat=0)
        await self.expect("seated")
        for seat, level in (bots or {}).items():
            await self.send(t="bot", room=room, seat=seat, level=level)
        await self.send(t="ready", room=room, ready=True)
        return room

    async def start(self) -> dict:
        """Start this player's room once the latest room map it heard shows every seat
        taken and every human ready: a `join` or `ready` sent on another connection may
        still be on its way, and a start that overtakes it is refused. Returns the first
        update."""

        def everyone_ready() -> bool:
            latest = next(r for r in reversed(self.rooms) if r["id"] == self.room)
            return all(
                seat["kind"] == "bot" or (seat["kind"] == "human" and seat["ready"])
                for seat in latest["seats"]
            )

        while not everyone_ready():
            await self.expect("room")
        await self.send(t="start", room=self.room)
        return await self.expect("update")

    async def play_until_over(self, pick: random.Random, timeout: float = 20.0) -> dict:
        """Answer every update that asks this seat to decide with a random legal action;
        return the final update (the one revealing the seed)."""
        update = self.last
        while True:
            if update is not None and "seed" in update:
                return update
            if update is not None and update.get("legal"):
                await self.send(
                    t="act",
                    room=self.room,
                    step=update["step"],
                    action=pick.choice(update["legal"]),
                )
            update = await self.expect("update", timeout)


class Raw:
    """A bare TCP connection speaking frames by hand, for malformed input."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.decoder = FrameDecoder(1 << 24)
        self.inbox: list = []

    @classmethod
    async def open(cls, port: int, hello: bool = True) -> Raw:
        raw = cls(*await asyncio.open_connection("127.0.0.1", port))
        if hello:
            raw.send({"t": "hello", "version": 1, "name": "raw"})
            assert (await raw.recv())["t"] == "welcome"
        return raw

    def send(self, message) -> None:
        self.writer.write(encode(message))

    def send_bytes(self, data: bytes) -> None:
        self.writer.write(data)

    async def recv(self, timeout: float = 5.0):
        """The next message, or None once the server closed the connection."""
        while not self.inbox:
            data = await asyncio.wait_for(self.reader.read(65536), timeout)
            if not data:
                return None
            self.inbox.extend(self.decoder.feed(data))
        return self.inbox.pop(0)

    async def error(self, timeout: float = 5.0) -> dict:
        """The next error (other messages on the way are skipped)."""
        while True:
            message = await self.recv(timeout)
            assert message is not None, "the server closed the connection instead of answering"
            if message.get("t") == "error":
                return message

    async def closed(self, timeout: float = 5.0) -> bool:
        """True once the server has closed the connection (messages before are skipped)."""
        while True:
            if await self.recv(timeout) is None:
                return True

    def close(self) -> None:
        self.writer.close()


def frame(body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + body


def packed(obj) -> bytes:
    return msgpack.packb(obj, use_bin_type=True)
