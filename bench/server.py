"""Server round trips (action sent → update received) and throughput, from a load generator
process against `python server.py` on 127.0.0.1:

    python bench/server.py [--seconds 30] [--connections 1000] [--rooms 250]
                           [--parts echo,room,flat,crowd] [--seats 2,4]

echo: the machine's ceiling, side by side: a bare echo server (an asyncio protocol on the
      server's event loop, like its connections) in another process and one blocking client
      sending 100 bytes and waiting for them back, as fast as it can;
room: no sockets at all – a room in this process, two and four seats (`--seats`) whose
      peers only encode what they are sent, random moves as fast as they go: the server's
      own cost of a step (validate, apply, log, history, an update for each seat), its
      ceiling; and one seat against a random bot as the flat part plays it: the most round
      trips a second one connection could make if its bytes cost nothing;
flat: one connection flat out: one seat, the same lean blocking client, plays a random bot
      as fast as it can;
crowd: many connections: `--connections` client seats in `--rooms` rooms (all seats human),
       each acting about once a second – or, with `--rate`, the whole crowd offering that
       many actions a second (a room's seats take turns, each after a random pause around
       rooms / rate seconds): sweep it to find the load that keeps p99 under 10 ms.

The load generator runs on the server's event loop too (uvloop where installed).
`--without-digests`: the server with its two digests made free (bench/freedigests.py), and the
in-process room's too: the floor under any way of computing them.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import random
import secrets
import socket
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.freedigests import make_digests_free  # noqa: E402
from bench.loadgen import GAME_SETUPS, ROOT, ServerProcess, Stats, cpu_note, summary, table  # noqa: E402
from game.host.loop import run  # noqa: E402
from game.host.room import Room  # noqa: E402
from net.framing import CLIENT_MAX_FRAME, HEADER, FrameDecoder, encode  # noqa: E402
from net.schema import PROTOCOL_VERSION  # noqa: E402


class Echo(asyncio.Protocol):
    def connection_made(self, transport) -> None:
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        self.transport.write(data)


def echo_server(port_queue) -> None:
    async def serve() -> None:
        server = await asyncio.get_running_loop().create_server(Echo, "127.0.0.1", 0)
        port_queue.put(server.sockets[0].getsockname()[1])
        await server.serve_forever()

    run(serve())


def echo_round_trips(seconds: float) -> float:
    """Round trips per second to a bare echo server, with the same blocking client as the
    flat-out part: what loopback and asyncio allow on this machine."""
    ports = multiprocessing.Queue()
    process = multiprocessing.Process(target=echo_server, args=(ports,), daemon=True)
    process.start()
    try:
        sock = socket.create_connection(("127.0.0.1", ports.get(timeout=10)))
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        count, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            sock.sendall(b"x" * 100)
            got = 0
            while got < 100:
                got += len(sock.recv(65536))
            count += 1
        sock.close()
        return count / (time.perf_counter() - start)
    finally:
        process.kill()


LONG_GAMES = {"quando": {"target": 500}, "blanco": {}, "quasenbo": {}}
"""Flat out, games long enough that starting the next one is not what gets measured."""


class Wire:
    """A lean blocking client for one connection flat out: frames in and out, nothing else
    (no schema checks, no reconnects), so the figure is the server's, not a client's."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.decoder = FrameDecoder(CLIENT_MAX_FRAME)
        self.inbox: list[dict] = []
        self.send({"t": "hello", "version": PROTOCOL_VERSION, "name": "flat-out"})

    def send(self, message: dict) -> None:
        self.sock.sendall(encode(message))

    def recv(self) -> dict:
        while not self.inbox:
            data = self.sock.recv(1 << 20)
            if not data:
                raise ConnectionError("the server closed the connection")
            self.inbox.extend(self.decoder.feed(data))
        return self.inbox.pop(0)

    def until(self, test) -> dict:
        while not test(message := self.recv()):
            if message["t"] == "error":
                raise RuntimeError(f"{message['code']}: {message['message']}")
        return message


class Sink:
    """A peer of an in-process room: encodes what it is sent, as a connection would."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.sent = 0

    def send(self, message: dict) -> None:
        self.sent += len(encode(message))

    def send_packed(self, body: bytes) -> None:
        # The frame's length, as net.framing's `frame` makes it (which older trees, measured
        # side by side, lack).
        self.sent += len(HEADER.pack(len(body)) + body)


def room_steps(
    game: str, seconds: float, log_dir: Path, seats: int = 2, bot: bool = False
) -> float:
    """Steps a second that players make through an in-process room of `seats` seats (games
    one after another, each logged to `log_dir`): the server's work per step without any
    socket. With `bot`, the last seat is a random bot, answered as the server does, and only
    the players' steps count: with two seats, the flat part's round trips without sockets."""
    steps, wall, _ = room_run(game, seconds, log_dir, seats, bot)
    return steps / wall


def room_run(
    game: str, seconds: float, log_dir: Path, seats: int = 2, bot: bool = False
) -> tuple[int, float, float]:
    """`room_steps`'s run: the steps counted, the seconds it took and the CPU seconds this
    process used meanwhile – on a shared machine, what others run costs a step's wall time
    but not its CPU time."""
    pick = random.Random(1)
    steps = 0
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        # Random ids, as the server's: a log's name holds its room id and the second it
        # began, so counted ids would collide between two calls sharing `log_dir`.
        room = Room(secrets.token_hex(4), game, seats, dict(LONG_GAMES[game]), log_dir=log_dir)
        peers = [Sink(f"seat {n}") for n in range(seats - bot)]
        for seat, peer in enumerate(peers):
            room.join(peer, seat, None)
            room.set_ready(peer, True)
        if bot:
            room.add_bot(peers[0], seats - 1, "random")
        room.start(peers[0])
        state = room.state
        # At least one step, however loaded the machine: a rate of nothing says nothing.
        while not state.is_over and (time.perf_counter() - start < seconds or not steps):
            keys = state.legal_keys()
            action = list(keys[pick.randrange(len(keys))])
            if state.to_move < len(peers):
                room.act(peers[state.to_move], state.step, action)
                steps += 1
            else:
                room.bot_act(state.to_move, state.step, action)
        room.close()
    return steps, time.perf_counter() - start, time.process_time() - cpu


def flat_out(port: int, game: str, seconds: float) -> Stats:
    """One seat against a random bot, each action sent the moment the update allowing it
    arrives; games one after another. Round trips after a second's warm-up are counted."""
    stats, rng = Stats(), random.Random(1)
    wire = Wire(port)
    start = time.perf_counter()
    warm, end = start + 1.0, start + 1.0 + seconds
    while time.perf_counter() < end:
        wire.send({"t": "create", "game": game, "players": 2, "options": LONG_GAMES[game]})
        room = wire.until(lambda m: m["t"] == "room")["room"]["id"]
        for message in (
            {"t": "join", "room": room, "seat": 0},
            {"t": "ready", "room": room, "ready": True},
            {"t": "bot", "room": room, "seat": 1, "level": "random"},
            {"t": "start", "room": room},
        ):
            wire.send(message)
        update = wire.until(lambda m: m["t"] == "update")
        while "seed" not in update and time.perf_counter() < end:
            if not update.get("legal"):
                update = wire.until(lambda m: m["t"] == "update")
                continue
            sent, step = time.perf_counter(), update["step"]
            wire.send(
                {"t": "act", "room": room, "step": step, "action": rng.choice(update["legal"])}
            )
            update = wire.until(lambda m, s=step: m["t"] == "update" and m["step"] > s)
            stats.actions += 1
            if sent >= warm:
                stats.rtts.append(time.perf_counter() - sent)
        if "seed" in update:
            stats.games += 1
        wire.send({"t": "leave", "room": room})
    wire.sock.close()
    return stats


async def crowd(
    port: int,
    connections: int,
    rooms: int,
    seconds: float,
    server: ServerProcess | None = None,
    rate: float | None = None,
) -> Stats:
    """The crowd part; `rate`: the actions a second offered by all rooms together (None:
    each connection about one a second)."""
    stats, stop = Stats(), asyncio.Event()
    per_room = connections // rooms
    games = list(GAME_SETUPS)
    # Each room's seats take turns: acting after ~per_room/4 s each makes every connection
    # act about once a second; a room acting every rooms/rate s offers `rate` in all.
    think = per_room / 4 * 0.25 if rate is None else rooms / rate
    tasks = [
        asyncio.create_task(
            table(
                port,
                games[r % len(games)],
                per_room,
                stats,
                think,
                stop,
                seed=r,
                after=5.0 * r / rooms,
            )
        )
        for r in range(rooms)
    ]
    await asyncio.sleep(10.0)  # everyone connected and playing
    stats.take()
    cpu = server.cpu_seconds() if server else 0.0
    await asyncio.sleep(seconds)
    stop.set()
    result = stats.take()
    result.server_cpu = server.cpu_seconds() - cpu if server else 0.0
    await asyncio.wait(tasks, timeout=60)
    return result


PARTS = ("echo", "room", "flat", "crowd")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="measured time per part")
    parser.add_argument("--connections", type=int, default=1000)
    parser.add_argument("--rooms", type=int, default=250)
    parser.add_argument(
        "--rate",
        type=float,
        default=None,
        help="the crowd's offered actions a second in all (default: one a connection)",
    )
    parser.add_argument(
        "--parts",
        default=",".join(PARTS),
        help=f"which parts, comma-separated (default: all of {','.join(PARTS)})",
    )
    parser.add_argument(
        "--seats",
        default="2,4",
        help="the in-process room's numbers of seats, comma-separated (2 to 4)",
    )
    parser.add_argument(
        "--event-loop",
        choices=("uvloop", "asyncio"),
        default=None,
        help="the server's event loop (default: the server's default, uvloop where installed)",
    )
    parser.add_argument(
        "--without-digests", action="store_true", help="the floor: digests made free"
    )
    args = parser.parse_args(argv)
    per_room, rest = divmod(args.connections, args.rooms)
    if rest or not 1 <= per_room <= 4:
        parser.error("--connections must be 1 to 4 times --rooms")
    parts = args.parts.split(",")
    try:
        seat_counts = [int(n) for n in args.seats.split(",")]
    except ValueError:
        seat_counts = []
    if not seat_counts or not all(2 <= n <= 4 for n in seat_counts):
        parser.error(f"--seats takes numbers from 2 to 4, comma-separated, not {args.seats!r}")
    if unknown := sorted(set(parts) - set(PARTS)):
        parser.error(f"unknown part(s) {', '.join(unknown)}; the parts are {', '.join(PARTS)}")
    print(f"bench/server.py: {cpu_note()}")
    if args.without_digests:
        make_digests_free()
    ceiling = None
    if "echo" in parts:
        ceiling = echo_round_trips(args.seconds / 3)
        print(f"bare asyncio echo (the machine's loopback ceiling): {ceiling:,.0f} round trips/s")
    if "room" in parts:
        for seats in seat_counts:
            for game in GAME_SETUPS:
                with tempfile.TemporaryDirectory() as logs:
                    steps, wall, cpu = room_run(
                        game, args.seconds / 3 / len(seat_counts), Path(logs), seats
                    )
                print(
                    f"in-process room, {game}, {seats} seats: {steps / wall:,.0f} steps/s "
                    f"({1e6 * wall / steps:.0f} µs a step, {1e6 * cpu / steps:.1f} µs of "
                    f"CPU)"
                )
        for game in GAME_SETUPS:
            with tempfile.TemporaryDirectory() as logs:
                rate = room_steps(game, args.seconds / 3 / len(seat_counts), Path(logs), bot=True)
            print(
                f"in-process room, {game}, one seat against a random bot: {rate:,.0f} "
                f"round trips/s (the flat part's ceiling, no sockets)"
            )
    if "flat" not in parts and "crowd" not in parts:
        return
    loop = ("--event-loop", args.event_loop) if args.event_loop else ()
    program = ROOT / ("bench/freedigests.py" if args.without_digests else "server.py")
    with (
        tempfile.TemporaryDirectory() as logs,
        ServerProcess(Path(logs), *loop, program=program) as server,
    ):
        for game in GAME_SETUPS if "flat" in parts else ():
            cpu = server.cpu_seconds()
            stats = flat_out(server.port, game, args.seconds / 3)
            cpu = server.cpu_seconds() - cpu
            rate = len(stats.rtts) / (args.seconds / 3)
            share = f" ({rate / ceiling:.0%} of the echo)" if ceiling else ""
            print(
                f"one connection flat out, {game} vs a random bot: {rate:,.0f} round trips/s"
                f"{share}; {summary(stats.rtts)}; errors {len(stats.errors)}"
            )
            # The warm-up second's round trips count too: the CPU time is the whole run's.
            print(
                f"  server CPU per round trip (the player's action and the bot's), {game}: "
                f"{1e6 * cpu / max(1, stats.actions):.0f} µs of server CPU"
            )
        if "crowd" in parts:
            started = time.perf_counter()
            stats = run(
                crowd(server.port, args.connections, args.rooms, args.seconds, server, args.rate)
            )
            offered = f", offered {args.rate:,.0f}/s" if args.rate else ""
            print(
                f"{args.connections} connections in {args.rooms} rooms{offered}: "
                f"{stats.actions / args.seconds:,.0f} actions/s, {stats.games} games finished; "
                f"{summary(stats.rtts)}; errors {len(stats.errors)}; server RSS "
                f"{server.rss_mib():.0f} MiB ({time.perf_counter() - started:.0f} s)"
            )
            print(
                f"  server CPU per action, {args.connections} connections: "
                f"{1e6 * stats.server_cpu / max(1, stats.actions):.0f} µs of server CPU"
            )
            for error in stats.errors[:5]:
                print("  error:", error)


if __name__ == "__main__":
    main()
