"""Server round trips (action sent → update received) and throughput, from a load generator
process against `python server.py` on 127.0.0.1:

    python bench/server.py [--seconds 30] [--connections 1000] [--rooms 250]

0. the machine's ceiling, side by side: a bare asyncio echo server in another process and
   one client sending 100 bytes and waiting for them back, as fast as it can;
1. one connection flat out: one client seat plays a random bot as fast as it can;
2. many connections: `--connections` client seats in `--rooms` rooms (all seats human),
   each acting about once a second.
"""
from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.loadgen import GAME_SETUPS, ServerProcess, Stats, cpu_note, summary, table  # noqa: E402


def echo_server(port_queue) -> None:
    async def serve() -> None:
        async def handle(reader, writer):
            while data := await reader.read(65536):
                writer.write(data)
        server = await asyncio.start_server(handle, "127.0.0.1", 0)
        port_queue.put(server.sockets[0].getsockname()[1])
        await server.serve_forever()
    asyncio.run(serve())


async def echo_round_trips(seconds: float) -> float:
    """Round trips per second to a bare echo server: what loopback allows on this machine."""
    ports = multiprocessing.Queue()
    process = multiprocessing.Process(target=echo_server, args=(ports,), daemon=True)
    process.start()
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", ports.get(timeout=10))
        count, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            writer.write(b"x" * 100)
            await reader.readexactly(100)
            count += 1
        writer.close()
        return count / (time.perf_counter() - start)
    finally:
        process.kill()


LONG_GAMES = {"quando": {"target": 500}, "blanco": {}, "quasenbo": {}}
"""Flat out, games long enough that starting the next one is not what gets measured."""


async def flat_out(port: int, game: str, seconds: float) -> Stats:
    stats, stop = Stats(), asyncio.Event()
    task = asyncio.create_task(table(port, game, 1, stats, 0.0, stop, seed=1, players=2,
                                     options=LONG_GAMES[game]))
    await asyncio.sleep(1.0)  # warm up
    stats.take()
    await asyncio.sleep(seconds)
    stop.set()
    result = stats.take()
    await asyncio.wait_for(task, 30)
    return result


async def crowd(port: int, connections: int, rooms: int, seconds: float) -> Stats:
    stats, stop = Stats(), asyncio.Event()
    per_room = connections // rooms
    games = list(GAME_SETUPS)
    # Each room's seats take turns: acting after ~per_room/4 s each makes every connection
    # act about once a second.
    think = per_room / 4 * 0.25
    tasks = [asyncio.create_task(table(port, games[r % len(games)], per_room, stats, think, stop,
                                       seed=r)) for r in range(rooms)]
    await asyncio.sleep(5.0)  # everyone connected and playing
    stats.take()
    await asyncio.sleep(seconds)
    stop.set()
    result = stats.take()
    await asyncio.wait(tasks, timeout=60)
    return result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="measured time per part")
    parser.add_argument("--connections", type=int, default=1000)
    parser.add_argument("--rooms", type=int, default=250)
    args = parser.parse_args(argv)
    per_room, rest = divmod(args.connections, args.rooms)
    if rest or not 1 <= per_room <= 4:
        parser.error("--connections must be 1 to 4 times --rooms")
    print(f"bench/server.py: {cpu_note()}")
    ceiling = asyncio.run(echo_round_trips(args.seconds / 3))
    print(f"bare asyncio echo (the machine's loopback ceiling): {ceiling:,.0f} round trips/s")
    with tempfile.TemporaryDirectory() as logs, ServerProcess(Path(logs)) as server:
        for game in GAME_SETUPS:
            stats = asyncio.run(flat_out(server.port, game, args.seconds / 3))
            rate = len(stats.rtts) / (args.seconds / 3)
            print(f"one connection flat out, {game} vs a random bot: {rate:,.0f} round trips/s "
                  f"({rate / ceiling:.0%} of the echo); {summary(stats.rtts)}; "
                  f"errors {len(stats.errors)}")
        started = time.perf_counter()
        stats = asyncio.run(crowd(server.port, args.connections, args.rooms, args.seconds))
        print(f"{args.connections} connections in {args.rooms} rooms: "
              f"{stats.actions / args.seconds:,.0f} actions/s, {stats.games} games finished; "
              f"{summary(stats.rtts)}; errors {len(stats.errors)}; server RSS "
              f"{server.rss_mib():.0f} MiB ({time.perf_counter() - started:.0f} s)")
        for error in stats.errors[:5]:
            print("  error:", error)


if __name__ == "__main__":
    main()
