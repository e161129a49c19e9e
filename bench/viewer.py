"""Replay viewer figures: opening a long game in the viewer scene, and the time to jump to a
step thousands of steps in and draw it (seek, view, table rebuilt, step list, whole frame),
headless; medians of many jumps, printed as a Markdown table (also written to --out).

    python bench/viewer.py [--jumps 200] [--size 1280x720] [--out FILE]

The game: 4-player Quando to 300 points where nobody knocks unless forced (recorded with
random moves, about 6,000 steps; bench/replay.py's LONG). Each jump goes to a random
position from step 5,000 on, from a random position before step 1,000, so that every jump
crosses the game and re-applies up to 99 steps from a kept state – the worst case the
replay API's snapshots leave. The goal is under 50 ms for a jump and its frame.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.client.app import App  # noqa: E402
from game.client.config import Settings  # noqa: E402
from game.client.scenes.viewer import ViewerScene  # noqa: E402
from game.replay.record import record_game  # noqa: E402

try:
    from game.client.scenes.steplist import OPEN
except ImportError:  # the code before the viewer's scene was cut up (issue 30), for --base
    from game.client.scenes.viewer import OPEN  # type: ignore[attr-defined,no-redef]

GAME, PLAYERS, OPTIONS, AVOID = "quando", 4, {"target": 300}, ("knock",)
FROM_STEP = 5000
GOAL_MS = 50.0


def ms(seconds: float) -> float:
    return seconds * 1000.0


def summary(samples: list[float]) -> tuple[float, float, float]:
    """(median, 90th percentile, max) in ms."""
    ordered = sorted(samples)
    return (
        ms(statistics.median(ordered)),
        ms(ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))]),
        ms(ordered[-1]),
    )


def record_long(folder: Path) -> tuple[Path, int]:
    """Record the long game (seeds tried until one passes FROM_STEP by a margin)."""
    for seed in range(1, 50):
        path = folder / f"long-{seed}.ctr"
        steps = record_game(path, GAME, PLAYERS, seed, OPTIONS, avoid=AVOID, policy_seed=seed)[
            "steps"
        ]
        if steps >= FROM_STEP + 500:
            return path, steps
    raise SystemExit("no recorded game was long enough")


def measure(path: Path, jumps: int, size: tuple[int, int]) -> dict:
    app = App(Settings(name="Bench", sound=False), size=size)
    try:
        scene = ViewerScene(app, path)
        app.push(scene)
        start = time.perf_counter()
        scene.load()
        opened = time.perf_counter() - start
        assert scene.table is not None and scene.playback is not None, scene.problem
        playback = scene.playback
        pick = random.Random(1)
        figures: dict = {"open": opened, "length": playback.length, "eyes": {}}
        for eyes in (0, None, OPEN):
            scene.set_eyes(eyes)
            parts: dict[str, list[float]] = {
                "seek": [],
                "view": [],
                "jump": [],
                "draw": [],
                "total": [],
            }
            for _ in range(jumps):
                scene.jump(pick.randrange(0, 1000))
                app.draw(app.screen)
                target = pick.randrange(FROM_STEP, playback.length + 1)
                t0 = time.perf_counter()
                scene.jump(target)
                t1 = time.perf_counter()
                app.draw(app.screen)
                t2 = time.perf_counter()
                parts["jump"].append(t1 - t0)
                parts["draw"].append(t2 - t1)
                parts["total"].append(t2 - t0)
                # The jump's parts on their own, from as far away.
                playback.seek(pick.randrange(0, 1000))
                t3 = time.perf_counter()
                playback.seek(target)
                t4 = time.perf_counter()
                scene.view()
                t5 = time.perf_counter()
                parts["seek"].append(t4 - t3)
                parts["view"].append(t5 - t4)
            figures["eyes"][eyes] = {name: summary(values) for name, values in parts.items()}
        return figures
    finally:
        app.shutdown()


def report(figures: dict, steps: int, jumps: int, size: tuple[int, int], command: str) -> str:
    lines = [
        "# Replay viewer: jump figures",
        "",
        f"Command: `{command}`",
        "",
        f"Machine: {platform.machine()}, {os.cpu_count()} CPUs, Python "
        f"{platform.python_version()}, {platform.system()}; headless (SDL dummy driver), "
        f"window {size[0]}×{size[1]}.",
        "",
        f"Game: {GAME}, {PLAYERS} players, options {OPTIONS}, random moves avoiding "
        f"{', '.join(AVOID)}: {steps} steps. Opening it in the viewer (read, verify every "
        f"step, keep a state every 100 steps, build the table): "
        f"{ms(figures['open']):.0f} ms.",
        "",
        f"{jumps} jumps per row, each to a random step from {FROM_STEP} to the end, from a "
        "random step before 1,000. *jump* is `ViewerScene.jump` (seek, view, table rebuilt, "
        "step list scrolled); *draw* is the whole frame after it (table, step list rows, "
        "controls); *total* is both – the time from a click on the scrub bar to the frame "
        "that shows the step. *seek* and *view* are the replay API's parts of the jump. "
        f"Median / 90th percentile / max, in ms. Goal: total under {GOAL_MS:.0f} ms.",
        "",
        "| eyes | seek | view | jump | draw | total |",
        "|---|---|---|---|---|---|",
    ]
    names = {0: "seat 0", None: "spectator", OPEN: "all cards open"}
    worst = 0.0
    for eyes, parts in figures["eyes"].items():
        cells = [
            " / ".join(f"{v:.2f}" for v in parts[name])
            for name in ("seek", "view", "jump", "draw", "total")
        ]
        worst = max(worst, parts["total"][0])
        lines.append(f"| {names[eyes]} | " + " | ".join(cells) + " |")
    verdict = "meets" if worst < GOAL_MS else "misses"
    lines += ["", f"The slowest median total is {worst:.1f} ms: it {verdict} the goal."]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jumps", type=int, default=200)
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--out", type=Path, help="also write the table to this file")
    args = parser.parse_args(argv)
    try:
        width, height = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        parser.error(f"--size must look like 1280x720, not {args.size!r}")
    size = (width, height)
    with tempfile.TemporaryDirectory() as folder:
        path, steps = record_long(Path(folder))
        figures = measure(path, args.jumps, size)
    command = "python bench/viewer.py " + " ".join(argv if argv is not None else sys.argv[1:])
    text = report(figures, steps, args.jumps, size, command.strip())
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
