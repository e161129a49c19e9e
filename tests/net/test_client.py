"""The client connection on real sockets (127.0.0.1): trouble becomes a status message, never
a dead thread, and closing is prompt."""

from __future__ import annotations

import asyncio
import socket
import threading
import time

from game.host.embedded import start_embedded
from net.client import STATUS, ThreadedClient


def wait_for_status(client: ThreadedClient, status: str, seconds: float = 5.0) -> list[dict]:
    seen: list[dict] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        seen += client.poll()
        if any(m["t"] == STATUS and m["status"] == status for m in seen):
            return seen
        time.sleep(0.02)
    raise AssertionError(f"no {status!r} status; got {seen}")


def test_connects_and_closes_promptly():
    server = start_embedded()
    port = server.port
    try:
        client = ThreadedClient("127.0.0.1", port, "Ann")
        client.start()
        seen = wait_for_status(client, "connected")
        assert seen[0]["t"] == "welcome"
        started = time.monotonic()
        client.close()
        assert time.monotonic() - started < 1.0
        assert not client._thread.is_alive()
    finally:
        server.stop()


def test_nobody_listening_is_a_closed_status():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]  # free, and nobody listens once the probe is gone
    client = ThreadedClient("127.0.0.1", port, "Ann")
    client.start()
    seen = wait_for_status(client, "closed")
    assert seen[-1]["message"] == (
        f"the server at 127.0.0.1:{port} did not answer (connection refused)"
    ), "a player's words: no errno, no socket call"
    assert (seen[-1]["reason"], seen[-1]["params"]) == (
        "no_answer",
        {"address": f"127.0.0.1:{port}", "cause": "refused"},
    ), "a code and params, for the client to word in its player's language"
    client.close()


def test_a_server_that_hangs_up_during_hello_is_a_closed_status():
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    port = listener.getsockname()[1]

    def hang_up() -> None:
        conn, _ = listener.accept()
        conn.recv(100)
        conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        conn.close()  # a reset, in the middle of the hello

    threading.Thread(target=hang_up, daemon=True).start()
    client = ThreadedClient("127.0.0.1", port, "Ann")
    client.start()
    seen = wait_for_status(client, "closed")
    assert "greeting" in seen[-1]["message"] or "closed the connection" in seen[-1]["message"]
    assert client._thread.is_alive()  # the thread lives on until close(), and close works
    client.close()
    assert not client._thread.is_alive()
    listener.close()


def test_garbage_from_the_server_is_a_closed_status():
    async def serve(reader, writer):
        await reader.read(100)
        writer.write(b"\x00\x00\x00\x02\xc1\xc1")  # a frame that is not msgpack
        await writer.drain()
        await asyncio.sleep(1)

    holder: dict = {}
    ready = threading.Event()

    def run() -> None:
        async def main() -> None:
            server = await asyncio.start_server(serve, "127.0.0.1", 0)
            holder["port"] = server.sockets[0].getsockname()[1]
            ready.set()
            await asyncio.sleep(3)

        asyncio.run(main())

    threading.Thread(target=run, daemon=True).start()
    ready.wait(5)
    client = ThreadedClient("127.0.0.1", holder["port"], "Ann")
    client.start()
    seen = wait_for_status(client, "closed")
    assert "msgpack" in seen[-1]["message"] or "failed" in seen[-1]["message"]
    client.close()


def test_after_giving_up_reconnect_tries_again_and_resumes_the_seat(tmp_path):
    server = start_embedded(log_dir=tmp_path)
    port = server.port
    client = ThreadedClient("127.0.0.1", port, "Ann", retry_for=0.5)
    try:
        client.start()
        wait_for_status(client, "connected")
        client.send({"t": "create", "game": "quando", "players": 2, "local": True})
        room = wait_for_message(client, "room")["room"]["id"]
        client.send({"t": "join", "room": room})
        client.send({"t": "bot", "room": room, "seat": 1, "level": "random"})
        client.send({"t": "ready", "room": room, "ready": True})
        client.send({"t": "start", "room": room})
        step = wait_for_message(client, "update", [])["step"]
        server.stop()  # the host's program ends; the client gives up after half a second
        wait_for_status(client, "closed")
        server = start_embedded(port=port, log_dir=tmp_path)
        client.try_again()
        seen = wait_for_status(client, "connected")
        resumed = wait_for_message(client, "seated", seen)
        assert resumed["room"] == room and resumed["resumed"]
        assert wait_for_message(client, "update", seen)["step"] >= step
    finally:
        client.close()
        server.stop()


def wait_for_message(
    client: ThreadedClient, kind: str, seen: list[dict] | None = None, seconds: float = 5.0
) -> dict:
    """The first message of type `kind` in `seen` or arriving within `seconds`; what arrives
    meanwhile is added to `seen`, for the next wait to find."""
    seen = [] if seen is None else seen
    end = time.monotonic() + seconds
    while True:
        for message in seen:
            if message["t"] == kind:
                return message
        assert time.monotonic() < end, f"no {kind!r} message"
        time.sleep(0.02)
        seen += client.poll()
