"""Regenerate the golden replays and their summary – only on purpose, when a rules change is
meant to change old games (see README.md in this folder).

    python tests/replay/golden/regenerate.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from game.replay.record import record_game  # noqa: E402

GOLDEN = {
    "quando-2p.ctr": ("quando", 2, 101, {"target": 40}),
    "quando-5p.ctr": ("quando", 5, 102, {"target": 150}),
    "blanco-2p.ctr": ("blanco", 2, 201, {}),
    "blanco-3p-max-turns.ctr": ("blanco", 3, 202, {"max_turns": 60}),
    "quasenbo-3p.ctr": ("quasenbo", 3, 301, {}),
    "quasenbo-6p-extended.ctr": (
        "quasenbo",
        6,
        302,
        {"excuse": True, "pawns": True, "courts": True, "hand_size": 5, "double_quasenbo": True},
    ),
}
"""file name: (game, players, seed, options); the moves are random from the same seed."""


def main() -> None:
    summary = {}
    for name, (game, players, seed, options) in GOLDEN.items():
        path = HERE / name
        path.unlink(missing_ok=True)
        summary[name] = record_game(path, game, players, seed, options, policy_seed=seed)
        print(name, summary[name]["steps"], "steps", summary[name]["result"])
    (HERE / "summary.json").write_text(json.dumps(summary, indent=1) + "\n")


if __name__ == "__main__":
    main()
