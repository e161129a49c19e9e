"""Soak: many bot clients in many rooms across the three games against `python server.py`
on 127.0.0.1, printing each interval's round-trip percentiles, actions per second, games
finished, errors and the server's memory; at the end, lost games and memory growth.

    python bench/soak.py [--minutes 10] [--connections 1000] [--rooms 250] [--interval 60]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.loadgen import GAME_SETUPS, ServerProcess, Stats, cpu_note, percentile, rss_mib, table  # noqa: E402
from game.host.loop import run  # noqa: E402

RAMP = 10.0
"""Seconds over which the rooms' first games start."""
TICK = 0.005
"""The load generator's own pulse: how late it wakes is how late it reads the server."""


def cpu_times() -> tuple[int, int]:
    """(steal, total) clock ticks of this machine's CPUs so far, from /proc/stat: steal is
    time the host gave this virtual machine's CPUs to someone else."""
    try:
        with open("/proc/stat") as stat:
            ticks = [int(x) for x in stat.readline().split()[1:]]
    except OSError:  # not Linux: the column says n/a
        return 0, 0
    return (ticks[7] if len(ticks) > 7 else 0), sum(ticks[:8])


async def pulse(lags: list[float]) -> None:
    """Record how late this process's event loop wakes from each TICK-long sleep: a round
    trip cannot be timed any sooner than the loop gets to it. (uvloop's timers count whole
    milliseconds, so up to ~1 ms late is the clock, not a busy loop.)"""
    clock = time.perf_counter
    while True:
        before = clock()
        await asyncio.sleep(TICK)
        lags.append(clock() - before - TICK)


async def soak(
    server: ServerProcess, connections: int, rooms: int, minutes: float, interval: float, out=print
) -> dict:
    """Run the soak; returns the totals (errors, lost, games, rss per interval, p99s)."""
    stats, stop = Stats(), asyncio.Event()
    per_room = connections // rooms
    games = list(GAME_SETUPS)
    think = per_room * 0.25 / 4 if per_room > 1 else 0.25  # about one action a second each
    tasks = [
        asyncio.create_task(
            table(
                server.port,
                games[r % len(games)],
                per_room,
                stats,
                think,
                stop,
                seed=r,
                after=RAMP * r / rooms,
            )
        )
        for r in range(rooms)
    ]
    totals = {"errors": 0, "games": 0, "actions": 0, "rss": [], "p99": []}
    lags: list[float] = []
    pulsing = asyncio.create_task(pulse(lags))
    steal, ticks = cpu_times()
    started = time.perf_counter()
    end = started + minutes * 60
    while (now := time.perf_counter()) < end:
        await asyncio.sleep(min(interval, end - now))
        part = stats.take()
        ms = [r * 1000 for r in part.rtts]
        rss = server.rss_mib()
        seconds = time.perf_counter() - now
        lag = [x * 1000 for x in lags]
        lags.clear()
        steal_was, ticks_was = steal, ticks
        steal, ticks = cpu_times()
        stolen = f"{(steal - steal_was) / (ticks - ticks_was):.1%}" if ticks > ticks_was else "n/a"
        totals["errors"] += len(part.errors)
        totals["games"] += part.games
        totals["actions"] += part.actions
        totals["rss"].append(rss)
        totals["p99"].append(percentile(ms, 99))
        out(
            f"{(time.perf_counter() - started) / 60:5.1f} min: p50 {percentile(ms, 50):.2f} ms, "
            f"p90 {percentile(ms, 90):.2f} ms, p99 {percentile(ms, 99):.2f} ms, "
            f"{part.actions / seconds:,.0f} actions/s, {part.games} games finished, "
            f"{len(part.errors)} errors, server RSS {rss:.1f} MiB "
            f"(load generator {rss_mib():.1f} MiB); load generator's loop over 5 ms late "
            f"{sum(1 for x in lag if x > 5)} times, at most {max(lag, default=0.0):.0f} ms; "
            f"host steal {stolen}"
        )
        for error in part.errors[:3]:
            out(f"    error: {error}")
    stop.set()
    pulsing.cancel()
    await asyncio.wait(tasks, timeout=60)
    # A table stops early only when its game stalled or its connection broke: a lost game.
    totals["lost"] = sum(
        1 for t in tasks if not t.done() or t.exception() is not None or t.result()
    )
    return totals


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--connections", type=int, default=1000)
    parser.add_argument("--rooms", type=int, default=250)
    parser.add_argument("--interval", type=float, default=60.0, help="seconds per report line")
    args = parser.parse_args(argv)
    per_room, rest = divmod(args.connections, args.rooms)
    if rest or not 1 <= per_room <= 4:
        parser.error("--connections must be 1 to 4 times --rooms")
    if args.minutes <= 0 or args.interval <= 0:
        parser.error("--minutes and --interval must be above zero")
    print(
        f"bench/soak.py: {args.connections} connections in {args.rooms} rooms for "
        f"{args.minutes} min; {cpu_note()}",
        flush=True,
    )
    with tempfile.TemporaryDirectory() as logs, ServerProcess(Path(logs)) as server:
        totals = run(
            soak(
                server,
                args.connections,
                args.rooms,
                args.minutes,
                args.interval,
                out=lambda line: print(line, flush=True),
            )
        )
    rss = totals["rss"]
    growth = (max(rss[1:]) / rss[0] - 1) * 100 if len(rss) > 1 else 0.0
    print(
        f"total: {totals['actions']:,} actions, {totals['games']} games finished, "
        f"{totals['errors']} errors, {totals['lost']} lost games, worst p99 "
        f"{max(totals['p99']):.2f} ms, memory growth after the first interval {growth:+.1f}%"
    )


if __name__ == "__main__":
    main()
