"""The caches of verdicts and analyses (game/replay/cache.py): in the user's cache folder,
by the replay's hash, never beside the replay; bounded in size; whole when two programs
write at once; an old file beside a replay is ignored."""

from __future__ import annotations

import json
import multiprocessing
import os
from pathlib import Path

from game.replay.analysis import analyse, cache_path
from game.replay.cache import TEMPORARY, Cache, cache_dir
from game.replay.library import remember_verdict, remembered_verdict, verdict_path
from game.replay.log import read_replay, replay_hash
from game.replay.verify import verify_replay
from tests.replay.helpers import record
from tests.replay.test_analysis import QUICK

GOLDEN = Path(__file__).resolve().parent / "golden"


def listing(folder: Path) -> dict[str, int]:
    return {path.name: path.stat().st_mtime_ns for path in folder.iterdir()}


def test_reading_replays_writes_nothing_beside_them(private_cache):
    """The golden replays, in the source tree, verified and remembered, as the viewer does:
    their folder stays as it was; what was found is in the cache folder."""
    before = listing(GOLDEN)
    for path in sorted(GOLDEN.glob("*.ctr")):
        assert remember_verdict(path, verify_replay(read_replay(path)))
        assert remembered_verdict(path).status == "ok"
        assert verdict_path(replay_hash(path.read_bytes())).is_relative_to(private_cache)
    assert listing(GOLDEN) == before
    assert cache_dir() == private_cache / "cardtable"


def test_an_analysis_lands_in_the_cache_only(tmp_path, private_cache):
    path = record(tmp_path, "g.ctr", game="quasenbo", players=2, seed=5)
    analysis = analyse(path, jobs=1)
    assert list(tmp_path.iterdir()) == [path]
    assert (
        cache_path(analysis.replay_hash)
        == private_cache / "cardtable" / "analyses" / f"{analysis.replay_hash}.analysis"
    )
    assert analyse(path, jobs=1).cached
    assert not analyse(path, jobs=1, effort=QUICK).cached  # another effort is not cached


def test_old_files_beside_a_replay_are_ignored(tmp_path):
    path = record(tmp_path, "a.ctr", seed=3)
    digest = replay_hash(path.read_bytes())
    (tmp_path / "a.ctr.verdict").write_text(
        json.dumps(
            {"format": "cardtable-verdict", "hash": digest, "status": "failed", "failed_at": 2}
        )
    )
    (tmp_path / "a.ctr.analysis").write_text("{")
    assert remembered_verdict(path) is None
    assert remember_verdict(path, verify_replay(read_replay(path)))
    assert remembered_verdict(path).status == "ok"


def test_past_its_limit_the_entries_used_longest_ago_go():
    cache = Cache("test", ".entry", limit=1000)
    digests = [f"{n:064x}" for n in range(6)]
    for age, digest in enumerate(digests):
        assert cache.write(digest, "x" * 300)
        os.utime(cache.path(digest), (1000.0 + age, 1000.0 + age))
    # Each write trims: only the three newest (900 bytes) are left.
    assert [cache.read(d) is not None for d in digests] == [False] * 3 + [True] * 3
    assert cache.read(digests[3]) == "x" * 300  # a read is a use: digests[3] is now newest
    assert cache.write(f"{9:064x}", "y" * 300)
    assert [cache.path(d).exists() for d in digests[3:]] == [True, False, True]
    stale = cache.path(digests[0]).with_name(TEMPORARY + "left")
    stale.write_text("half")
    os.utime(stale, (0, 0))
    cache.trim()
    assert not stale.exists()


def _writer(folder: str, n: int, rounds: int) -> None:
    os.environ["XDG_CACHE_HOME"] = folder
    cache = Cache("race", ".entry", limit=10_000_000)
    for k in range(rounds):
        assert cache.write("ab" * 32, json.dumps({"writer": n, "k": k, "pad": "z" * (n * 5000)}))


def test_two_programs_writing_at_once_leave_whole_entries(private_cache):
    cache = Cache("race", ".entry", limit=10_000_000)
    context = multiprocessing.get_context("spawn")
    writers = [context.Process(target=_writer, args=(str(private_cache), n, 300)) for n in (1, 2)]
    for writer in writers:
        writer.start()
    seen = set()
    while any(w.is_alive() for w in writers):
        text = cache.read("ab" * 32)
        if text is not None:
            seen.add(json.loads(text)["writer"])  # never half an entry
    for writer in writers:
        writer.join(30)
        assert writer.exitcode == 0
    assert json.loads(cache.read("ab" * 32))["k"] == 299
    assert os.listdir(cache.path("ab" * 32).parent) == ["ab" * 32 + ".entry"]
    assert seen
