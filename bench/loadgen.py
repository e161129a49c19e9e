"""Load on a real server: a server.py subprocess on 127.0.0.1, and many lean bot clients in
this process that play whole games through the protocol and time every action's round trip."""

from __future__ import annotations

import asyncio
import os
import random
import re
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from net.framing import CLIENT_MAX_FRAME, FrameDecoder, encode
from net.schema import PROTOCOL_VERSION

ROOT = Path(__file__).resolve().parents[1]

GAME_SETUPS = {
    "quando": (4, {"target": 60}),
    "blanco": (4, {"max_turns": 400}),
    "quasenbo": (4, {}),
}


@dataclass
class Stats:
    """What the clients saw: round trips (seconds), errors, finished games."""

    rtts: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    games: int = 0
    actions: int = 0
    server_cpu: float = 0.0
    """The server's CPU seconds over the interval, where measured."""

    def take(self) -> Stats:
        """These figures, and a fresh start for the next interval."""
        out = Stats(self.rtts, self.errors, self.games, self.actions)
        self.rtts, self.errors, self.games, self.actions = [], [], 0, 0
        return out


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0–100) by the nearest-rank method; NaN for no values."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered)) - 1))]


def summary(rtts: list[float]) -> str:
    ms = [r * 1000 for r in rtts]
    if not ms:
        return "no round trips"
    return (
        f"p50 {percentile(ms, 50):.2f} ms, p90 {percentile(ms, 90):.2f} ms, "
        f"p99 {percentile(ms, 99):.2f} ms, max {max(ms):.2f} ms (n={len(ms)}, "
        f"median {statistics.median(ms):.2f} ms)"
    )


class ServerProcess:
    """`python server.py` on 127.0.0.1 with a free port and generous limits (`program`: another
    script that runs the server, such as bench/freedigests.py)."""

    def __init__(self, log_dir: Path, *extra: str, program: Path = ROOT / "server.py") -> None:
        self.log_dir = log_dir
        self.extra = extra
        self.program = program
        self.proc: subprocess.Popen | None = None
        self.port = 0

    def __enter__(self) -> ServerProcess:
        args = [
            sys.executable,
            str(self.program),
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--log-dir",
            str(self.log_dir),
            "--max-conns-per-ip",
            "5000",
            "--max-rooms",
            "5000",
            "--rate",
            "1000000",
            "--burst",
            "1000000",
            *self.extra,
        ]
        self.proc = subprocess.Popen(
            args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=ROOT
        )
        line = self.proc.stdout.readline()
        match = re.search(r"listening on [\d.]+:(\d+)", line)
        if not match:
            self.proc.kill()
            raise RuntimeError(f"the server did not start: {line!r}")
        self.port = int(match.group(1))
        return self

    def rss_mib(self) -> float:
        """The server's resident memory."""
        return rss_mib(self.proc.pid)

    def cpu_seconds(self) -> float:
        """The CPU time the server used so far (user and system), from /proc."""
        with open(f"/proc/{self.proc.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def __exit__(self, *exc) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def rss_mib(pid: int | str = "self") -> float:
    """A process's resident memory (this one's by default), from /proc."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


STALL = 30.0
"""Seconds without an update that make a game count as stalled (lost)."""


class Seat(asyncio.Protocol):
    """One client playing one seat, lean: frames are decoded and each update answered in
    the callback that receives it, with no schema checks and no reconnects, so that the
    round trips timed are the server's and not the load generator's. Acts after `think`
    seconds (none: at once); each round trip ends when the update for the action arrives."""

    def __init__(self, name: str, stats: Stats, think: float, rng: random.Random) -> None:
        self.name, self.stats, self.think, self.rng = name, stats, think, rng
        self.decoder = FrameDecoder(CLIENT_MAX_FRAME)
        self.transport: asyncio.Transport | None = None
        # What is not an update of the game, kept only while `expect` waits: the lobby's
        # messages to a seat nobody asks would pile up for the whole run (33 MiB a minute at
        # 1,000 clients) and slow this process's garbage collector, timed as round trips.
        self.inbox: asyncio.Queue[dict] = asyncio.Queue()
        self.listening = False
        self.room: str | None = None
        self.over: asyncio.Future[bool] | None = None  # True: the game ended; False: cut off
        self.sent_at: float | None = None
        self.sent_step = -1
        self.heard = time.perf_counter()  # when the last update of the game arrived

    async def connect(self, port: int) -> None:
        loop = asyncio.get_running_loop()
        await loop.create_connection(lambda: self, "127.0.0.1", port)
        self.send({"t": "hello", "version": PROTOCOL_VERSION, "name": self.name})
        await self.expect(lambda m: m["t"] == "welcome")

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def connection_lost(self, exc: Exception | None) -> None:
        self.transport = None
        self.inbox.put_nowait({"t": "closed"})
        if self.over is not None and not self.over.done():
            self.over.set_result(False)

    def send(self, message: dict) -> None:
        if self.transport is not None:
            self.transport.write(encode(message))

    async def expect(self, test) -> dict:
        """The next message other than an update that passes `test` (within 30 s), from
        those that arrive from now on: call it right after sending what it answers."""
        self.listening = True
        try:
            async with asyncio.timeout(30):
                while True:
                    message = await self.inbox.get()
                    if message["t"] == "closed":
                        raise ConnectionError("the server closed the connection")
                    if test(message):
                        return message
        finally:
            self.listening = False

    def data_received(self, data: bytes) -> None:
        for message in self.decoder.feed(data):
            kind = message["t"]
            if kind == "update" and message["room"] == self.room:
                self.on_update(message)
                continue
            if kind in ("error", "bye"):
                self.stats.errors.append(f"{message['code']}: {message['message']}")
            if self.listening:
                self.inbox.put_nowait(message)

    def on_update(self, message: dict) -> None:
        self.heard = time.perf_counter()
        if self.sent_at is not None and message["step"] > self.sent_step:
            self.stats.rtts.append(time.perf_counter() - self.sent_at)
            self.sent_at = None
        if "seed" in message:
            if self.over is not None and not self.over.done():
                self.over.set_result(True)
            return
        legal = message.get("legal")
        if legal:
            action, step = self.rng.choice(legal), message["step"]
            if self.think:
                asyncio.get_running_loop().call_later(
                    self.think * self.rng.uniform(0.5, 1.5), self.act, step, action
                )
            else:
                self.act(step, action)

    def act(self, step: int, action: list) -> None:
        if self.over is None or self.over.done():
            return
        self.sent_step, self.sent_at = step, time.perf_counter()
        self.stats.actions += 1
        self.send({"t": "act", "room": self.room, "step": step, "action": action})

    def close(self) -> None:
        if self.transport is not None:
            self.transport.close()


async def table(
    port: int,
    game: str,
    humans: int,
    stats: Stats,
    think: float,
    stop: asyncio.Event,
    seed: int,
    players: int | None = None,
    options: dict | None = None,
    after: float = 0.0,
) -> bool:
    """One room after another of `game`: `humans` client seats, random bots on the rest,
    from `after` seconds on (a ramp: a thousand clients do not arrive in the same
    millisecond) until `stop`. Returns True if a game was lost (it stalled or a connection
    broke)."""
    await asyncio.sleep(after)
    rng = random.Random(seed)
    default_players, default_options = GAME_SETUPS[game]
    players = players or default_players
    options = default_options if options is None else options
    seats = [Seat(f"load{seed}-{i}", stats, think, rng) for i in range(humans)]
    stopping = asyncio.ensure_future(stop.wait())
    try:
        for seat in seats:
            await seat.connect(port)
        host = seats[0]
        while not stop.is_set():
            request = rng.getrandbits(30)
            host.send(
                {"t": "create", "id": request, "game": game, "players": players, "options": options}
            )
            room = (await host.expect(lambda m, r=request: m.get("re") == r))["room"]["id"]
            loop = asyncio.get_running_loop()
            for index, seat in enumerate(seats):
                seat.room, seat.over, seat.sent_at = room, loop.create_future(), None
                seat.heard = time.perf_counter()
                seat.send({"t": "join", "room": room, "seat": index})
                seat.send({"t": "ready", "room": room, "ready": True})
            for index in range(humans, players):
                host.send({"t": "bot", "room": room, "seat": index, "level": "random"})
            await host.expect(
                lambda m, r=room: (
                    m["t"] == "room"
                    and m["room"]["id"] == r
                    and all(s["kind"] != "open" and s["ready"] for s in m["room"]["seats"])
                )
            )
            host.send({"t": "start", "room": room})
            games = asyncio.gather(*(seat.over for seat in seats))
            while (
                not (games.done() or stop.is_set())
                and time.perf_counter() - max(seat.heard for seat in seats) < STALL
            ):
                await asyncio.wait(
                    [games, stopping], timeout=1.0, return_when=asyncio.FIRST_COMPLETED
                )
            if games.done() and all(games.result()):
                stats.games += 1
            elif not stop.is_set():
                return True  # it stalled, or a connection broke
            # Back to the lobby, as the client does when a game is over.
            for seat in seats:
                seat.send({"t": "leave", "room": room})
        return False
    except (TimeoutError, ConnectionError):
        # Cut off while the load generator stops is not a lost game; before, it is.
        if stop.is_set():
            return False
        raise
    finally:
        stopping.cancel()
        for seat in seats:
            seat.close()


def cpu_note() -> str:
    return f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}"
