"""Play on from step 1,000 of a long game: the time from the open replay to the new game's
first state (the viewer's seek to the step, the snapshot, the host's check of `from` and the
start, as it was or reshuffled), the time to open the replay the viewer pays once, and the
host's lead-up for the bots' history (finding the old replay by its hash among `--others`
other replays in its log folder and re-running it to the step).

    python bench/play_on.py [--runs 5] [--step 1000] [--others 50]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.host.records import history_before  # noqa: E402
from game.replay.log import replay_hash  # noqa: E402
from game.replay.origin import MODES, check_origin, start_from  # noqa: E402
from game.replay.playback import open_replay  # noqa: E402
from game.replay.record import record_game  # noqa: E402


def main() -> None:
    """Record a long Quando game, then time play on from `--step`, median of `--runs`."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--step", type=int, default=1000)
    parser.add_argument("--others", type=int, default=50)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "long.ctr"
        # Nobody knocks unless they must: rounds run long and the game passes the step.
        summary = record_game(path, "quando", 2, 7, {"target": 150}, avoid=("knock",))
        print(f"quando, 2 players, target 150: {summary['steps']} steps")
        opened = []
        for _ in range(args.runs):
            began = time.perf_counter()
            playback = open_replay(path)
            opened.append(time.perf_counter() - began)
        print(f"open the replay (verify, checkpoints): {statistics.median(opened) * 1000:.0f} ms")
        for mode in MODES:
            times = []
            for run in range(args.runs):
                playback.seek(0)
                began = time.perf_counter()
                playback.seek(args.step)
                origin = {
                    "replay": "0" * 64,
                    "step": args.step,
                    "mode": mode,
                    "snapshot": playback.state().to_snapshot(),
                }
                start_from(check_origin(origin), run)
                times.append(time.perf_counter() - began)
            print(
                f"play on from step {args.step}, {mode}: {statistics.median(times) * 1000:.1f} ms"
            )
        for other in range(args.others):
            record_game(Path(folder) / f"other-{other}.ctr", "quasenbo", 4, other)
        playback.seek(args.step)
        origin = {
            "replay": replay_hash(path.read_bytes()),
            "step": args.step,
            "mode": "as_it_was",
            "snapshot": playback.state().to_snapshot(),
        }
        times = []
        for _ in range(args.runs):
            began = time.perf_counter()
            history = history_before(Path(folder), check_origin(origin))
            times.append(time.perf_counter() - began)
        assert len(history) == args.step
        print(
            f"the bots' history up to step {args.step}, the replay among {args.others} "
            f"others: {statistics.median(times) * 1000:.0f} ms"
        )


if __name__ == "__main__":
    main()
