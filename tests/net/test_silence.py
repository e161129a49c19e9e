"""A server that stops answering without closing the socket (a Wi-Fi drop, a suspended
laptop: a half-open TCP connection): the client notices within its deadline, reconnects and
resumes its seat, as after a connection that closed."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

from net.client import STATUS
from tests.server.helpers import Player, running_server

PING_EVERY, SILENCE = 0.2, 1.0
"""The client's ping interval and its deadline, shortened for the test."""


class Freezer:
    """A TCP relay on 127.0.0.1 to a server: `freeze()` makes every connection relayed so
    far go silent both ways, its sockets left open; connections made later are relayed."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.frozen: list[asyncio.Event] = []
        self.listener: asyncio.base_events.Server | None = None

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        frozen = asyncio.Event()
        self.frozen.append(frozen)
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.port)

        async def pipe(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
            while data := await source.read(65536):
                if frozen.is_set():
                    continue  # swallowed: the other side never hears of it
                sink.write(data)

        await asyncio.gather(
            pipe(reader, up_writer), pipe(up_reader, writer), return_exceptions=True
        )
        up_writer.close()
        writer.close()

    def freeze(self) -> None:
        for frozen in self.frozen:
            frozen.set()

    @contextlib.asynccontextmanager
    async def running(self) -> AsyncIterator[int]:
        self.listener = await asyncio.start_server(self._relay, "127.0.0.1", 0)
        try:
            yield self.listener.sockets[0].getsockname()[1]
        finally:
            self.listener.close()


async def statuses_until(player: Player, kind: str, seconds: float) -> list[dict]:
    """Every status message `player` hears until a message of type `kind`."""
    seen: list[dict] = []
    async with asyncio.timeout(seconds):
        while True:
            message = await player.client.recv()
            player._note(message)
            if message["t"] == STATUS:
                seen.append(message)
            if message["t"] == kind:
                return seen


def test_a_silent_server_is_left_and_the_seat_resumed(tmp_path):
    async def main():
        async with running_server(tmp_path) as server:
            relay = Freezer(server.port)
            async with relay.running() as port:
                async with Player(port, "Ann", ping_every=PING_EVERY, silence=SILENCE) as ann:
                    room = await ann.host(
                        "quando",
                        3,
                        bots={1: "random", 2: "random"},
                        grace=None,
                        options={"target": 500},
                    )
                    await ann.start()
                    relay.freeze()
                    try:
                        seen = await statuses_until(ann, "seated", SILENCE + 5)
                    except TimeoutError:
                        raise AssertionError("the client still trusts a silent server") from None
                    assert seen[0]["status"] == "reconnecting"
                    assert (seen[0]["reason"], seen[0]["params"]) == (
                        "lost",
                        {"cause": "timeout"},
                    ), seen
                    assert seen[0]["message"] == "the connection was lost (no answer in time)"
                    assert seen[-1]["status"] == "connected"
                    assert ann.room == room and ann.seat == 0
                    update = await ann.expect("update", 5)
                    assert update["view"] and update["room"] == room

    asyncio.run(main())
