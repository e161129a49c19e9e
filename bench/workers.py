"""Soak with dying bot workers: tables of one client against search bots on `python server.py`
(127.0.0.1), while a bot worker process of the server is SIGKILLed every few minutes (as the
out-of-memory killer would). Prints, per interval, each table's wait for its turn (the bots'
decisions in between), the stalls (no turn for STALL seconds), games finished, kills, and
the memory of the server and of its workers; at the end, the totals and memory growth.

    python bench/workers.py [--minutes 60] [--tables 4] [--level normal] [--kill-every 180]
                            [--interval 60] [--workers 1]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.loadgen import ServerProcess, cpu_note, percentile, rss_mib  # noqa: E402
from net.client import Client  # noqa: E402

STALL = 10.0
"""Seconds without the next turn that count as a stall: a table's bots take at most a few
hundred milliseconds a decision."""
GAMES = [("quando", 3, {"target": 60}), ("blanco", 3, {"max_turns": 200}), ("quasenbo", 3, {})]


@dataclass
class Figures:
    """What the tables measured since the last report."""

    waits: list[float] = field(default_factory=list)
    stalls: int = 0
    games: int = 0
    errors: list[str] = field(default_factory=list)

    def take(self) -> Figures:
        taken = Figures(self.waits, self.stalls, self.games, self.errors)
        self.waits, self.stalls, self.games, self.errors = [], 0, 0, []
        return taken


def workers_of(pid: int) -> list[int]:
    """The bot worker processes of server `pid`: its children started by multiprocessing's
    spawn, not its resource tracker."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                parent = int(stat.read().rsplit(")", 1)[1].split()[1])
            with open(f"/proc/{entry}/cmdline", "rb") as cmdline:
                command = cmdline.read()
        except (OSError, ValueError, IndexError):
            continue
        if parent == pid and b"spawn_main" in command:
            found.append(int(entry))
    return found


async def table(
    port: int,
    game: tuple[str, int, dict],
    level: str,
    figures: Figures,
    stop: asyncio.Event,
    seed: int,
) -> None:
    """Game after game of `game` for one client against bots of `level`, acting at once
    with a random legal action; every wait for its turn is measured, a wait of STALL
    seconds is a stall (the game is left and a new one begun)."""
    name, players, options = game
    rng = random.Random(seed)
    client = Client("127.0.0.1", port, f"soak{seed}", retry_for=30)
    await client.connect()
    try:
        while not stop.is_set():
            request = await client.send(
                {
                    "t": "create",
                    "game": name,
                    "players": players,
                    "options": options,
                    "local": True,
                    "grace": None,
                }
            )
            room = None
            while room is None:
                message = await client.recv(STALL)
                if message.get("re") == request:
                    room = message["room"]["id"]
            await client.send({"t": "join", "room": room, "seat": 0})
            for seat in range(1, players):
                await client.send({"t": "bot", "room": room, "seat": seat, "level": level})
            await client.send({"t": "ready", "room": room, "ready": True})
            await client.send({"t": "start", "room": room})
            waited_from = time.perf_counter()
            while not stop.is_set():
                try:
                    message = await client.recv(STALL)
                except TimeoutError:
                    figures.stalls += 1
                    break
                if message["t"] == "error":
                    figures.errors.append(f"{message['code']}: {message['message']}")
                if message["t"] != "update" or message["room"] != room:
                    continue
                if "seed" in message:
                    figures.games += 1
                    break
                if message.get("legal"):
                    figures.waits.append(time.perf_counter() - waited_from)
                    await client.send(
                        {
                            "t": "act",
                            "room": room,
                            "step": message["step"],
                            "action": rng.choice(message["legal"]),
                        }
                    )
                    waited_from = time.perf_counter()
            await client.send({"t": "leave", "room": room})
    finally:
        await client.close()


async def soak(
    server: ServerProcess,
    tables: int,
    level: str,
    minutes: float,
    interval: float,
    kill_every: float,
    out=print,
) -> dict:
    """Run the soak; returns the totals (stalls, games, kills, errors, rss per interval)."""
    figures, stop = Figures(), asyncio.Event()
    tasks = [
        asyncio.create_task(table(server.port, GAMES[n % len(GAMES)], level, figures, stop, seed=n))
        for n in range(tables)
    ]
    totals: dict = {
        "stalls": 0,
        "games": 0,
        "kills": 0,
        "errors": 0,
        "rss": [],
        "workers_rss": [],
        "max_wait": 0.0,
    }
    started = time.perf_counter()
    end, next_kill = started + minutes * 60, started + kill_every
    next_report = started + interval
    kills = 0
    while (now := time.perf_counter()) < end:
        await asyncio.sleep(max(0.0, min(next_kill, next_report, end) - now))
        now = time.perf_counter()
        if now >= next_report or now >= end:
            next_report += interval
            part = figures.take()
            ms = [w * 1000 for w in part.waits]
            rss = server.rss_mib()
            workers = workers_of(server.proc.pid)
            workers_rss = sum(rss_mib(pid) for pid in workers)
            totals["stalls"] += part.stalls
            totals["games"] += part.games
            totals["errors"] += len(part.errors)
            totals["kills"] = kills
            totals["rss"].append(rss)
            totals["workers_rss"].append(workers_rss)
            totals["max_wait"] = max(totals["max_wait"], max(ms, default=0.0))
            out(
                f"{(now - started) / 60:5.1f} min: {len(ms)} turns, wait for the turn p50 "
                f"{percentile(ms, 50):.0f} ms, p99 {percentile(ms, 99):.0f} ms, max "
                f"{max(ms, default=0.0):.0f} ms; {part.stalls} stalls, {part.games} games, "
                f"{len(part.errors)} errors; {kills} workers killed so far; server RSS "
                f"{rss:.1f} MiB, {len(workers)} workers {workers_rss:.1f} MiB"
            )
            for error in part.errors[:3]:
                out(f"    error: {error}")
        if next_kill <= now < end:  # after the report, which sees the pool that lived till now
            next_kill += kill_every
            victims = workers_of(server.proc.pid)
            if victims:
                os.kill(victim(victims, kills), signal.SIGKILL)
                kills += 1
    stop.set()
    await asyncio.wait(tasks, timeout=30)
    totals["failed"] = sum(1 for t in tasks if not t.done() or t.exception() is not None)
    return totals


def victim(victims: list[int], n: int) -> int:
    """The worker killed at the n-th kill: they take turns."""
    return sorted(victims)[n % len(victims)]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=60.0)
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--level", choices=("normal", "hard"), default="normal")
    parser.add_argument(
        "--kill-every", type=float, default=180.0, help="seconds between two workers killed"
    )
    parser.add_argument("--interval", type=float, default=60.0, help="seconds per report line")
    parser.add_argument("--workers", type=int, default=1, help="the server's bot workers")
    args = parser.parse_args(argv)
    if (
        min(args.minutes, args.kill_every, args.interval) <= 0
        or args.tables < 1
        or args.workers < 1
    ):
        parser.error("every figure must be above zero")
    print(
        f"bench/workers.py: {args.tables} tables against {args.level} bots for "
        f"{args.minutes} min, a worker of {args.workers} killed every {args.kill_every} s; "
        f"{cpu_note()}",
        flush=True,
    )
    with (
        tempfile.TemporaryDirectory() as logs,
        ServerProcess(Path(logs), "--bot-workers", str(args.workers)) as server,
    ):
        totals = asyncio.run(
            soak(
                server,
                args.tables,
                args.level,
                args.minutes,
                args.interval,
                args.kill_every,
                out=lambda line: print(line, flush=True),
            )
        )
    rss, workers = totals["rss"], totals["workers_rss"]
    growth = (max(rss[1:]) / rss[0] - 1) * 100 if len(rss) > 1 else 0.0
    print(
        f"total: {totals['games']} games finished, {totals['kills']} workers killed, "
        f"{totals['stalls']} stalls, {totals['errors']} errors, {totals['failed']} tables "
        f"failed, longest wait for a turn {totals['max_wait']:.0f} ms; server RSS "
        f"{rss[0]:.1f} → {rss[-1]:.1f} MiB (growth after the first interval {growth:+.1f}%), "
        f"workers {workers[0]:.1f} → {workers[-1]:.1f} MiB"
    )


if __name__ == "__main__":
    main()
