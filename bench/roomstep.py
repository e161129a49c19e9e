"""The server's CPU time per room step, in-process and the same game every run: each game
and seat count dealt from one seed and played with the same random moves through a `Room`
whose seats are all human peers that only count the bytes they are sent (bench/server.py's
`Sink`), the log written; medians of `--repeats` runs.

    python bench/roomstep.py [--steps 3000] [--repeats 5] [--seats 2,4] [--games quando,…]
                             [--without-digests]

bench/server.py's room part plays a new random game each time, so its figures move with
the games it happens to deal; this one moves only with the code (and the machine): made to
compare two versions side by side (bench/sidebyside.py). CPU time, not wall time: on a
shared machine what others run does not count.

`--without-digests` measures what a step costs with the log's state digest and the updates'
view digests made free (constant bytes; no client could check them): the floor that any
cheaper definition or computation of the digests stands on.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.freedigests import make_digests_free  # noqa: E402
from bench.server import Sink  # noqa: E402
from game.host.room import Room  # noqa: E402

GAMES = {"quando": {"target": 500}, "blanco": {}, "quasenbo": {}}


def step_cpu(game: str, seats: int, log_dir: Path, steps: int, run: int) -> tuple[float, int]:
    """(µs of CPU a step, steps played) for one game played from seed 11."""
    room = Room(f"r{run:07d}", game, seats, dict(GAMES[game]), log_dir=log_dir, chosen_seed=11)
    peers = [Sink(f"seat {n}") for n in range(seats)]
    for seat, peer in enumerate(peers):
        room.join(peer, seat, None)
        room.set_ready(peer, True)
    room.start(peers[0])
    state, pick, played = room.state, random.Random(1), 0
    assert state is not None
    start = time.process_time()
    while not state.is_over and played < steps:
        keys = state.legal_keys()
        room.act(peers[state.to_move], state.step, list(keys[pick.randrange(len(keys))]))
        played += 1
    used = time.process_time() - start
    room.close()
    return used / played * 1e6, played


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=3000, help="at most this many a game")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seats", default="2,4")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument(
        "--without-digests", action="store_true", help="the floor: digests made free"
    )
    args = parser.parse_args(argv)
    games = args.games.split(",")
    if unknown := sorted(set(games) - set(GAMES)):
        parser.error(f"unknown game(s) {', '.join(unknown)}; the games are {', '.join(GAMES)}")
    if args.without_digests:
        make_digests_free()
    run = 0
    for game in games:
        for seats in (int(n) for n in args.seats.split(",")):
            with tempfile.TemporaryDirectory() as logs:
                results = []
                for _ in range(args.repeats):
                    run += 1
                    results.append(step_cpu(game, seats, Path(logs), args.steps, run))
            print(
                f"{game}, {seats} seats: {statistics.median(r[0] for r in results):.1f} µs "
                f"of CPU a step ({results[0][1]} steps)"
            )


if __name__ == "__main__":
    main()
