"""Load on a real server: a server.py subprocess on 127.0.0.1, and many bot clients in this
process that play whole games through the protocol and time every action's round trip."""
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

from net.client import Client, ConnectionClosed

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
    return (f"p50 {percentile(ms, 50):.2f} ms, p90 {percentile(ms, 90):.2f} ms, "
            f"p99 {percentile(ms, 99):.2f} ms, max {max(ms):.2f} ms (n={len(ms)}, "
            f"median {statistics.median(ms):.2f} ms)")


class ServerProcess:
    """`python server.py` on 127.0.0.1 with a free port and generous limits."""

    def __init__(self, log_dir: Path, *extra: str) -> None:
        self.log_dir = log_dir
        self.extra = extra
        self.proc: subprocess.Popen | None = None
        self.port = 0

    def __enter__(self) -> ServerProcess:
        args = [sys.executable, str(ROOT / "server.py"), "--host", "127.0.0.1", "--port", "0",
                "--log-dir", str(self.log_dir), "--max-conns-per-ip", "5000",
                "--max-rooms", "5000", "--rate", "1000000", "--burst", "1000000", *self.extra]
        self.proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     text=True, cwd=ROOT)
        line = self.proc.stdout.readline()
        match = re.search(r"listening on [\d.]+:(\d+)", line)
        if not match:
            self.proc.kill()
            raise RuntimeError(f"the server did not start: {line!r}")
        self.port = int(match.group(1))
        return self

    def rss_mib(self) -> float:
        """The server's resident memory, from /proc."""
        with open(f"/proc/{self.proc.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        return float("nan")

    def __exit__(self, *exc) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


class Seat:
    """One client playing one seat: acts after `think` seconds, times each round trip."""

    def __init__(self, port: int, name: str, stats: Stats, think: float,
                 rng: random.Random) -> None:
        self.client = Client("127.0.0.1", port, name, reconnect=False, ping_every=30)
        self.stats, self.think, self.rng = stats, think, rng
        self.sent_at: float | None = None
        self.sent_step = -1

    async def play(self, room: str, stop: asyncio.Event) -> bool:
        """Play the room's game to its end (True) or until `stop` (False)."""
        while not stop.is_set():
            try:
                message = await self.client.recv(timeout=30)
            except (TimeoutError, ConnectionClosed) as err:
                self.stats.errors.append(f"no message: {err!r}")
                return False
            kind = message["t"]
            if kind == "error":
                self.stats.errors.append(f"{message['code']}: {message['message']}")
            elif kind == "status" and message["status"] != "connected":
                self.stats.errors.append(f"connection {message['status']}: {message['message']}")
                return False
            if kind != "update":
                continue
            if self.sent_at is not None and message["step"] > self.sent_step:
                self.stats.rtts.append(time.perf_counter() - self.sent_at)
                self.sent_at = None
            if "seed" in message:
                return True
            legal = message.get("legal")
            if legal:
                if self.think:
                    await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
                self.sent_step = message["step"]
                self.sent_at = time.perf_counter()
                self.stats.actions += 1
                await self.client.send({"t": "act", "room": room, "step": message["step"],
                                        "action": self.rng.choice(legal)})
        return False


async def table(port: int, game: str, humans: int, stats: Stats, think: float, stop: asyncio.Event,
                seed: int, players: int | None = None, options: dict | None = None) -> bool:
    """One room after another of `game`: `humans` client seats, random bots on the rest,
    until `stop`. Returns True if a game was lost (it stalled or a connection broke)."""
    rng = random.Random(seed)
    default_players, default_options = GAME_SETUPS[game]
    players = players or default_players
    options = default_options if options is None else options
    seats = [Seat(port, f"load{seed}-{i}", stats, think, rng) for i in range(humans)]
    for seat in seats:
        await seat.client.connect()
    try:
        while not stop.is_set():
            host = seats[0].client
            request = await host.send({"t": "create", "game": game, "players": players,
                                       "options": options})
            while (message := await host.recv(30)).get("re") != request:
                pass
            room = message["room"]["id"]
            for index, seat in enumerate(seats):
                await seat.client.send({"t": "join", "room": room, "seat": index})
                await seat.client.send({"t": "ready", "room": room, "ready": True})
            for index in range(humans, players):
                await host.send({"t": "bot", "room": room, "seat": index, "level": "random"})
            while not (message["t"] == "room" and message["room"]["id"] == room and all(
                    s["kind"] != "open" and s["ready"] for s in message["room"]["seats"])):
                message = await host.recv(30)
            await host.send({"t": "start", "room": room})
            done = await asyncio.gather(*(seat.play(room, stop) for seat in seats))
            if all(done):
                stats.games += 1
            elif not stop.is_set():
                return True
            # Back to the lobby, as the client does when a game is over.
            for seat in seats:
                await seat.client.send({"t": "leave", "room": room})
        return False
    except (TimeoutError, ConnectionClosed):
        # Cut off while the load generator stops is not a lost game; before, it is.
        if stop.is_set():
            return False
        raise
    finally:
        for seat in seats:
            await seat.client.close()


def cpu_note() -> str:
    return f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}"
