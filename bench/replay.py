"""Replay log figures: bytes per step, verify speed, the cost of one digest (and of the
snapshot it hashes), opening a long game, and the time to jump to any step of it; medians of
repeated runs.

    python bench/replay.py [--games 20] [--repeats 5] [--long 5000]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import msgpack

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.replay.library import list_replays  # noqa: E402
from game.replay.log import MAGIC, read_replay  # noqa: E402
from game.replay.playback import Playback  # noqa: E402
from game.replay.record import record_game  # noqa: E402
from game.replay.verify import start_state, verify_replay  # noqa: E402

CONFIGS = [
    ("quando", 2, {"target": 50}),
    ("quando", 4, {"target": 50}),
    ("blanco", 2, {}),
    ("blanco", 4, {}),
    ("quasenbo", 2, {}),
    ("quasenbo", 6, {"hand_size": 5}),
]
"""The games measured: (game, players, options), recorded with random moves."""

LONG = ("quando", 4, {"target": 300}, ("knock",))
"""A long game: Quando to 300 points where nobody knocks unless forced (about 6,000 steps)."""


def step_bytes(path: Path) -> tuple[int, int, int]:
    """(bytes of the step records, steps, whole file size) of one replay file."""
    data = path.read_bytes()
    unpacker = msgpack.Unpacker(raw=False)
    unpacker.feed(data[len(MAGIC) :])
    sizes = []
    start = 0
    for record in unpacker:
        end = unpacker.tell()
        sizes.append((type(record) is list, end - start))
        start = end
    steps = [size for is_step, size in sizes if is_step]
    return sum(steps), len(steps), len(data)


def timed(call) -> float:
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def per_state_us(states: list, call) -> float:
    """Mean µs of `call(state)` over `states`, keeping no result (thousands of kept
    snapshots would make the collector, not the call, the figure)."""
    start = time.perf_counter()
    for state in states:
        call(state)
    return (time.perf_counter() - start) / len(states) * 1e6


def digest_parts(states: list) -> dict[str, float]:
    """Mean µs per state of State.digest() and of the to_snapshot() it hashes."""
    return {
        "digest": per_state_us(states, lambda s: s.digest()),
        "to_snapshot": per_state_us(states, lambda s: s.to_snapshot()),
    }


def seed_of(replay) -> int:
    """The seed of a finished replay."""
    assert replay.end is not None, "the benchmark records finished games only"
    return replay.end["seed"]


def measure_config(
    folder: Path, game: str, players: int, options: dict, games: int, repeats: int
) -> dict:
    """Record `games` games, then measure their size, verify speed and digest cost."""
    paths = []
    for k in range(games):
        path = folder / f"{game}-{players}-{k}.ctr"
        record_game(path, game, players, 1000 + k, options, policy_seed=k)
        paths.append(path)
    record_total = steps = file_total = 0
    for path in paths:
        r, s, f = step_bytes(path)
        record_total, steps, file_total = record_total + r, steps + s, file_total + f
    replays = [read_replay(p) for p in paths]

    def verify_all() -> None:
        for path in paths:
            assert verify_replay(read_replay(path)).ok

    def rerun_all() -> None:  # the engine alone: what verify costs without the digests
        for replay in replays:
            state = start_state(replay, seed_of(replay))
            for step in replay.steps:
                state.apply(step.action)

    verify = statistics.median(timed(verify_all) for _ in range(repeats))
    rerun = statistics.median(timed(rerun_all) for _ in range(repeats))
    states = []
    for replay in replays:
        state = start_state(replay, seed_of(replay))
        for step in replay.steps:
            state.apply(step.action)
            states.append(state.clone())
    runs = [digest_parts(states) for _ in range(repeats)]
    parts = {k: statistics.median(run[k] for run in runs) for k in runs[0]}
    return {
        "steps": steps,
        "record_bytes": record_total / steps,
        "file_bytes": file_total / steps,
        "verify_rate": steps / verify,
        "rerun_rate": steps / rerun,
        **parts,
    }


def measure_long(folder: Path, at: int, repeats: int) -> dict:
    """Open a long game and jump around in it."""
    game, players, options, avoid = LONG
    path = folder / "long.ctr"
    record_game(path, game, players, 77, options, policy_seed=77, avoid=avoid)
    replay = read_replay(path)
    opened = statistics.median(timed(lambda: Playback(read_replay(path))) for _ in range(repeats))
    playback = Playback(replay)
    assert playback.verdict.ok and playback.length >= at, "the long game is too short"
    pick = random.Random(5)

    def jump_to(target: int, start: int) -> float:
        playback.seek(start)
        begin = time.perf_counter()
        playback.seek(target)
        playback.view(0)
        return (time.perf_counter() - begin) * 1000

    # Just before a kept state is the farthest from one: the slowest jump near `at`.
    worst = at // playback.every * playback.every + playback.every - 1
    cold = [jump_to(worst, 0) for _ in range(repeats)]
    anywhere = [
        jump_to(pick.randrange(playback.length + 1), pick.randrange(playback.length + 1))
        for _ in range(500)
    ]
    playback.seek(at)
    back = statistics.median(timed(playback.back) * 1000 for _ in range(200))
    forward = statistics.median(timed(playback.forward) * 1000 for _ in range(200))
    return {
        "steps": playback.length,
        "open_s": opened,
        "worst": worst,
        "jump_at_ms": statistics.median(cold),
        "jump_median_ms": statistics.median(anywhere),
        "jump_max_ms": max(anywhere),
        "back_ms": back,
        "forward_ms": forward,
        "every": playback.every,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games recorded per configuration")
    parser.add_argument("--repeats", type=int, default=5, help="runs per figure (median shown)")
    parser.add_argument(
        "--long", type=int, default=5000, help="the step to jump to in the long game"
    )
    parser.add_argument(
        "--parts", default="configs,long", help="configs (the table), long (the long game), or both"
    )
    args = parser.parse_args(argv)
    parts = args.parts.split(",")
    if not parts or set(parts) - {"configs", "long"}:
        parser.error(f"--parts takes configs and/or long, not {args.parts!r}")
    print(
        f"python {sys.version.split()[0]}, medians of {args.repeats} runs, "
        f"{args.games} random games per row"
    )
    print(
        f"{'game':9} {'pl':>2} {'steps':>6} {'B/step':>6} {'file B/step':>11} "
        f"{'verify steps/s':>14} {'re-run only':>11} {'digest µs':>9} {'of it snapshot':>14}"
    )
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for game, players, options in CONFIGS if "configs" in parts else ():
            m = measure_config(folder, game, players, options, args.games, args.repeats)
            print(
                f"{game:9} {players:>2} {m['steps']:>6} {m['record_bytes']:>6.1f} "
                f"{m['file_bytes']:>11.1f} {m['verify_rate']:>14,.0f} {m['rerun_rate']:>11,.0f} "
                f"{m['digest']:>9.1f} {m['to_snapshot']:>14.1f}"
            )
        if "configs" in parts:
            listed = statistics.median(
                timed(lambda: list_replays(folder)) for _ in range(args.repeats)
            )
            files = len(list(folder.glob("*.ctr")))
            print(
                f"list_replays: {files} files in {listed * 1000:.0f} ms "
                f"({listed / files * 1000:.2f} ms per file)"
            )
        if "long" not in parts:
            return
        m = measure_long(folder, args.long, args.repeats)
        print(
            f"long game: {m['steps']} steps ({LONG[0]}, {LONG[1]} players, {LONG[2]}); "
            f"open + verify: {m['open_s'] * 1000:.0f} ms; kept states every {m['every']} "
            f"steps"
        )
        print(
            f"  jump from 0 to step {m['worst']} + view: {m['jump_at_ms']:.2f} ms; "
            f"500 random jumps + view: median {m['jump_median_ms']:.2f} ms, "
            f"max {m['jump_max_ms']:.2f} ms; back {m['back_ms']:.2f} ms, "
            f"forward {m['forward_ms']:.3f} ms"
        )


if __name__ == "__main__":
    main()
