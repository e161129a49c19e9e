"""The server's floor: the CPU a round trip costs a server process that only does the I/O – on
the server's event loop, each request frame read and decoded, and the frames a real server
would send written back – with no game at all. What `bench/server.py` measures for the real
server, less this, is the server's own work.

    python bench/floor.py [--seconds 6] [--update 230] [--connections 1000] [--rate 1000]

flat: one blocking client (bench/server.py's `Wire` pattern): an action, then the player's
      update and the random bot's in one write, as the server coalesces them;
crowd: `--connections` clients in rooms of four, a room's seats taking turns at `--rate`
       actions a second in all: each action's update written to the room's four seats.
`--update`: the bytes of an update (the real ones are 200–270 at two and four seats).
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import socket
import statistics
import sys
import time
from pathlib import Path

import msgpack

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.loadgen import cpu_note  # noqa: E402
from game.host.loop import run  # noqa: E402
from net.framing import CLIENT_MAX_FRAME, FrameDecoder, encode, frame  # noqa: E402

ACT = {"t": "act", "room": "a1b2c3d4", "step": 123, "action": ["play", [3, 4, 5]]}
"""A request the size of a real action."""


class Bare(asyncio.Protocol):
    """Decodes every frame; answers each action with what a real server would send."""

    rooms: dict[int, list[asyncio.Transport]] = {}

    def __init__(self, update: bytes) -> None:
        self.update = update
        self.decoder = FrameDecoder(CLIENT_MAX_FRAME)
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport) -> None:
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        for message in self.decoder.feed(data):
            if "join" in message:
                self.rooms.setdefault(message["join"], []).append(self.transport)
            elif "room_of" in message:
                for member in self.rooms[message["room_of"]]:
                    member.write(self.update)
            else:  # flat out: the player's update and the bot's, in one write
                self.transport.write(self.update * 2)


def serve(ports, update_size: int) -> None:
    update = frame(msgpack.packb("x" * (update_size - 8)))

    async def main() -> None:
        loop = asyncio.get_running_loop()
        server = await loop.create_server(lambda: Bare(update), "127.0.0.1", 0)
        ports.put(server.sockets[0].getsockname()[1])
        await server.serve_forever()

    run(main())


def cpu(pid: int) -> float:
    """The CPU time process `pid` used so far (user and system), from /proc."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def flat(port: int, seconds: float) -> int:
    sock = socket.create_connection(("127.0.0.1", port))
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    decoder, request, count = FrameDecoder(CLIENT_MAX_FRAME), encode(ACT), 0
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        sock.sendall(request)
        got = 0
        while got < 2:
            got += len(decoder.feed(sock.recv(65536)))
        count += 1
    sock.close()
    return count


async def crowd(port: int, pid: int, connections: int, rate: float, seconds: float) -> str:
    rooms, stop, done, times = connections // 4, asyncio.Event(), [0], []

    async def room(number: int) -> None:
        seats = [await asyncio.open_connection("127.0.0.1", port) for _ in range(4)]
        for _, writer in seats:
            writer.transport.get_extra_info("socket").setsockopt(
                socket.IPPROTO_TCP, socket.TCP_NODELAY, 1
            )
            writer.write(encode({"join": number}))
        decoders = [FrameDecoder(CLIENT_MAX_FRAME) for _ in seats]
        request, rng, turn = encode({**ACT, "room_of": number}), random.Random(number), 0
        await asyncio.sleep(1.0)
        while not stop.is_set():
            await asyncio.sleep(rng.expovariate(rate / rooms))
            sent = time.perf_counter()
            seats[turn][1].write(request)
            for (reader, _), decoder in zip(seats, decoders):
                while not decoder.feed(await reader.read(65536)):
                    pass
            times.append(time.perf_counter() - sent)
            done[0] += 1
            turn = (turn + 1) % 4

    tasks = [asyncio.create_task(room(r)) for r in range(rooms)]
    await asyncio.sleep(3.0)
    used, count = cpu(pid), done[0]
    times.clear()
    await asyncio.sleep(seconds)
    used, count = cpu(pid) - used, done[0] - count
    stop.set()
    await asyncio.wait(tasks, timeout=10)
    times.sort()
    return (
        f"{count / seconds:,.0f} actions/s, p50 {1e3 * statistics.median(times):.2f} ms, "
        f"p99 {1e3 * times[int(len(times) * 0.99)]:.2f} ms; "
        f"server CPU per action: {1e6 * used / max(1, count):.0f} µs"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0)
    parser.add_argument("--update", type=int, default=230, help="bytes of an update")
    parser.add_argument("--connections", type=int, default=1000)
    parser.add_argument("--rate", type=float, default=1000.0, help="the crowd's actions/s")
    args = parser.parse_args()
    print(f"bench/floor.py: {cpu_note()}")
    ports: multiprocessing.Queue = multiprocessing.Queue()
    server = multiprocessing.Process(target=serve, args=(ports, args.update), daemon=True)
    server.start()
    try:
        port = ports.get(timeout=10)
        used = cpu(server.pid)
        count = flat(port, args.seconds)
        used = cpu(server.pid) - used
        print(
            f"floor, one connection flat out: {count / args.seconds:,.0f} round trips/s; "
            f"server CPU per round trip: {1e6 * used / max(1, count):.0f} µs"
        )
        figures = run(crowd(port, server.pid, args.connections, args.rate, args.seconds))
        print(f"floor, {args.connections} connections, offered {args.rate:,.0f}/s: {figures}")
    finally:
        server.kill()


if __name__ == "__main__":
    main()
