"""Post-game analysis figures: the time to analyse a whole game per game and player count
(at a level, with worker processes) and the processor time it took (this process and its
workers: what an idle machine needs, whatever the load while measuring), the steps it has,
and the time to read it back from its cache; medians over games played by easy bots (the
heuristic, a random move one time in ten: games of the length people play against bots).

    python bench/analysis.py [--games 3] [--level normal] [--jobs 2] [--only quando]
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.bots import make_bot  # noqa: E402
from game.replay.analysis import LEVELS, analyse, cache_path, replay_hash  # noqa: E402
from game.replay.log import ReplayWriter, make_header  # noqa: E402
from game.rules import new_game  # noqa: E402

CONFIGS: list[tuple[str, int, dict]] = [
    ("quando", 2, {}),
    ("quando", 4, {}),
    ("blanco", 2, {}),
    ("blanco", 4, {}),
    ("quasenbo", 2, {}),
    ("quasenbo", 4, {}),
]
"""The games measured: (game, players, options), each game's defaults."""


def record_bot_game(
    path: Path, game: str, players: int, seed: int, options: dict, level: str = "easy"
) -> int:
    """Play one game between bots of `level` and log it at `path` as the server does (seat 0
    a human's, for the marks); returns its steps."""
    state = new_game(game, players, seed, options)
    seats = [
        {"name": f"P{s}", "kind": "human" if s == 0 else "bot", "level": None if s == 0 else level}
        for s in range(players)
    ]
    writer = ReplayWriter.create(
        path,
        make_header(game, players, state.options, seats, seed, type(state).WORDS, state.digest()),
    )
    bots = [make_bot(level, game, s, seed * 16 + s) for s in range(players)]
    histories: list[list[dict]] = [[] for _ in range(players)]
    while not state.is_over:
        seat = state.to_move
        assert seat is not None  # the game is not over
        action = bots[seat].choose(state.view(seat), state.legal_actions(), histories[seat])
        for event in state.apply(action):
            for s, history in enumerate(histories):
                history.append(event.for_seat(s))
        writer.step(seat, False, action, state.digest())
    writer.finish(seed, state.result)
    writer.close()
    return state.step


def cpu_seconds() -> float:
    """Processor seconds used so far by this process and its finished workers."""
    return sum(
        r.ru_utime + r.ru_stime
        for r in (
            resource.getrusage(resource.RUSAGE_SELF),
            resource.getrusage(resource.RUSAGE_CHILDREN),
        )
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games per configuration")
    parser.add_argument("--level", choices=LEVELS, default="normal")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", default=None, help="one game's configurations only")
    args = parser.parse_args(argv)
    print(f"level {args.level}, {args.jobs} jobs, {args.games} games per row; medians")
    print(
        f"{'game':10} {'players':>7} {'steps':>6} {'analysis s':>11} {'ms/step':>8} "
        f"{'CPU s':>6} {'cache hit ms':>13} {'marks':>6}"
    )
    with tempfile.TemporaryDirectory() as folder:
        for game, players, options in CONFIGS:
            if args.only and game != args.only:
                continue
            steps, seconds, cpu, hits, marks = [], [], [], [], []
            for seed in range(args.games):
                path = Path(folder) / f"{game}-{players}-{seed}.ctr"
                steps.append(record_bot_game(path, game, players, seed + 1, options))
                start, used = time.perf_counter(), cpu_seconds()
                result = analyse(path, args.level, jobs=args.jobs)
                seconds.append(time.perf_counter() - start)
                cpu.append(cpu_seconds() - used)
                marks.append(len(result.marks))
                start = time.perf_counter()
                assert analyse(path, args.level, jobs=args.jobs).cached
                hits.append(time.perf_counter() - start)
                # (missing_ok: the code before issue 33 kept it beside the replay, in `folder`)
                cache_path(replay_hash(path.read_bytes())).unlink(missing_ok=True)
            median = statistics.median
            print(
                f"{game:10} {players:>7} {median(steps):>6.0f} {median(seconds):>11.1f} "
                f"{1000 * median(s / n for s, n in zip(seconds, steps)):>8.0f} "
                f"{median(cpu):>6.1f} "
                f"{1000 * median(hits):>13.0f} {median(marks):>6.0f}",
                flush=True,
            )
            # One figure a line, for bench/sidebyside.py (--metric '([\d.]+) s$').
            print(f"  {game} {players} analysis: {median(seconds):.2f} s")
            print(f"  {game} {players} CPU: {median(cpu):.2f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
