"""The server's instructions per action under callgrind: `python server.py` run by
valgrind, played by lean blocking clients (bench/server.py's `Wire`), every seat human,
each action sent once every seat has the update before it:

    python bench/servercg.py [--games quando,blanco,quasenbo] [--seats 1,4] [--actions 100,400]

With one seat the other is a random bot, as bench/server.py's flat part plays it: an action
is the player's step and the bot's answer. The server is the tree's `Server` as
`python server.py` runs it, but its games are dealt from chosen seeds and its random bots
seeded, so that two trees play the very same games. The server runs twice per game and seat count,
with the two numbers of `--actions`; the difference of its instruction counts, divided by
the difference of the actions, leaves out the start and the set-up. Instructions in user
space (the interpreter, msgpack, uvloop, libc), not the kernel's system calls: a figure
that the machine's other load does not move, for comparing two versions side by side
(bench/sidebyside.py) where CPU time is too noisy.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.server import LONG_GAMES, Wire  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def play(port: int, game: str, seats: int, actions: int, seed: int) -> None:
    """`actions` actions of `seats` human players (one: against a random bot), new games
    as they end."""
    rng = random.Random(seed)
    wires = [Wire(port) for _ in range(seats)]
    done = 0
    while done < actions:
        host = wires[0]
        request = rng.getrandbits(30)
        host.send(
            {
                "t": "create",
                "id": request,
                "seed": 11 + done,
                "game": game,
                "players": max(2, seats),
                "options": LONG_GAMES[game],
            }
        )
        # The answer to this request: the last game's room may still be announced.
        room = host.until(lambda m, r=request: m.get("re") == r)["room"]["id"]
        for index, wire in enumerate(wires):
            wire.send({"t": "join", "room": room, "seat": index})
            wire.send({"t": "ready", "room": room, "ready": True})
        if seats == 1:
            host.send({"t": "bot", "room": room, "seat": 1, "level": "random"})
        host.until(
            lambda m, r=room: (
                m["t"] == "room"
                and m["room"]["id"] == r
                and all(s["kind"] != "open" and s["ready"] for s in m["room"]["seats"])
            )
        )
        host.send({"t": "start", "room": room})
        last = [
            wire.until(lambda m, r=room: m["t"] == "update" and m["room"] == r) for wire in wires
        ]
        while done < actions and "seed" not in last[0]:
            mover = next((k for k, u in enumerate(last) if u.get("legal")), None)
            if mover is None:  # the bot's move is on its way (one seat)
                last = [
                    wire.until(lambda m, r=room: m["t"] == "update" and m["room"] == r)
                    for wire in wires
                ]
                continue
            step = last[mover]["step"]
            action = rng.choice(last[mover]["legal"])
            wires[mover].send({"t": "act", "room": room, "step": step, "action": action})
            last = [
                wire.until(
                    lambda m, s=step, r=room: (
                        m["t"] == "update" and m["room"] == r and m["step"] > s
                    )
                )
                for wire in wires
            ]
            done += 1
        for wire in wires:
            wire.send({"t": "leave", "room": room})
    for wire in wires:
        wire.sock.close()


def serve(log_dir: str, loop: str | None) -> None:
    """The server as `python server.py` runs it, but the same every run: it lets `create`
    choose the seed (`chosen_seeds`, as a player's own server does), and its random bots
    draw from `random` seeded here – so both trees play the very same games."""
    import asyncio
    import gc

    from game.host.limits import Limits
    from game.host.loop import LOOPS, run
    from game.host.server import Server

    random.seed(1)

    async def main() -> None:
        limits = Limits(rate=1e6, burst=1_000_000, idle=3600.0)
        server = Server(Path(log_dir), limits, chosen_seeds=True)
        port = await server.start("127.0.0.1", 0)
        stop = asyncio.Event()
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
        gc.collect()
        gc.freeze()
        print(f"listening on 127.0.0.1:{port}", flush=True)
        await stop.wait()
        await server.close()

    run(main(), loop or LOOPS[0])


def instructions(game: str, seats: int, actions: int, loop: tuple[str, ...] = ()) -> int:
    """The server process's instruction count for a run of `actions` actions; `loop`: the
    server's --event-loop option, if any."""
    with tempfile.TemporaryDirectory() as logs:
        server = subprocess.Popen(
            [
                "valgrind",
                "--tool=callgrind",
                "--callgrind-out-file=/dev/null",
                sys.executable,
                str(Path(__file__).resolve()),
                "--serve",
                logs,
                *loop,
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            env={**os.environ, "PYTHONHASHSEED": "0"},
        )
        try:
            assert server.stdout is not None
            port = int(re.search(r":(\d+)", server.stdout.readline()).group(1))  # type: ignore[union-attr]
            play(port, game, seats, actions, seed=1)
        finally:
            server.send_signal(signal.SIGTERM)
            _, err = server.communicate(timeout=600)
    found = re.search(r"Collected : (\d+)", err)
    if found is None:
        raise RuntimeError(f"no instruction count from valgrind:\n{err[-2000:]}")
    return int(found.group(1))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="quando,blanco,quasenbo")
    parser.add_argument("--seats", default="1,4", help="human seats a room, 1 to 4")
    parser.add_argument("--actions", default="100,400", help="the two runs' actions")
    parser.add_argument(
        "--event-loop",
        choices=("uvloop", "asyncio"),
        default=None,
        help="the server's event loop (default: the server's default, uvloop where installed)",
    )
    parser.add_argument("--serve", metavar="LOG_DIR", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        serve(args.serve, args.event_loop)
        return
    loop = ("--event-loop", args.event_loop) if args.event_loop else ()
    few, many = (int(n) for n in args.actions.split(","))
    for seats in (int(n) for n in args.seats.split(",")):
        for game in args.games.split(","):
            if game not in LONG_GAMES:
                parser.error(f"unknown game {game!r}")
            low = instructions(game, seats, few, loop)
            high = instructions(game, seats, many, loop)
            print(
                f"server instructions per action, {game}, {seats} seat{'s' * (seats > 1)}: "
                f"{(high - low) / (many - few):,.0f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
