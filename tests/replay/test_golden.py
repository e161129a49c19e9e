"""Golden replays: every recorded game in tests/replay/golden still re-runs to its digests,
its seed and its stored summary, so a rules change that alters an old game is caught."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.replay.log import read_replay
from game.replay.verify import verify_replay

GOLDEN = Path(__file__).resolve().parent / "golden"
SUMMARY = json.loads((GOLDEN / "summary.json").read_text())


def test_every_golden_file_has_a_summary_and_each_game_has_golden_files():
    assert sorted(p.name for p in GOLDEN.glob("*.ctr")) == sorted(SUMMARY)
    assert {s["game"] for s in SUMMARY.values()} == {"quando", "blanco", "quasenbo"}


@pytest.mark.parametrize("name", sorted(SUMMARY))
def test_golden_replay_still_verifies(name):
    replay = read_replay(GOLDEN / name)
    verdict = verify_replay(replay)
    assert verdict.status == "ok", verdict.mismatch or verdict.problems
    assert verdict.complete
    expected = SUMMARY[name]
    header = replay.header
    assert (header["game"], header["players"], header["options"]) == (
        expected["game"],
        expected["players"],
        expected["options"],
    )
    assert (len(replay.steps), replay.end["result"]) == (expected["steps"], expected["result"])
