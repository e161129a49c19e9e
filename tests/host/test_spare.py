"""Spare files: a file placed from the pool holds its data from the moment it has its name,
never replaces a file, and no spare outlives its pool or a server that stopped; names handed
to the pool for removal are gone by its close at the latest."""

from __future__ import annotations

import asyncio
import os
import random
import sys
import time

import pytest

from game.host.spare import PREFIX, SpareFiles
from game.replay.log import read_replay
from game.replay.verify import verify_replay
from tests.server.helpers import Player, running_server
from tests.server.test_crash import free_port, start_server


def spares(directory) -> list:
    return sorted(directory.glob(PREFIX + "*"))


def wait_for_spares(directory, count: int, most: int | None = None) -> None:
    """Until `directory` holds `count` spares (at least `count` and at most `most`): the
    helper thread makes them, and removes a used one's name, in its own time."""
    deadline = time.monotonic() + 10
    while not count <= len(spares(directory)) <= (count if most is None else most):
        assert time.monotonic() < deadline, f"{len(spares(directory))} spares, not {count}"
        time.sleep(0.01)


def test_placed_file_holds_its_data_and_stays_open_for_appending(tmp_path):
    pool = SpareFiles(tmp_path, keep=3)
    try:
        wait_for_spares(tmp_path, 3)
        fd = pool.place(tmp_path / "game.ctr", b"header")
        os.write(fd, b"+step")
        os.close(fd)
        assert (tmp_path / "game.ctr").read_bytes() == b"header+step"
        wait_for_spares(tmp_path, 3)  # the one taken is made again, its old name removed
    finally:
        pool.close()
    assert spares(tmp_path) == []
    assert [p.name for p in tmp_path.iterdir()] == ["game.ctr"]


def test_an_existing_file_is_never_replaced(tmp_path):
    (tmp_path / "game.ctr").write_bytes(b"a game")
    for keep in (0, 2):
        pool = SpareFiles(tmp_path, keep=keep)
        wait_for_spares(tmp_path, keep)
        with pytest.raises(FileExistsError):
            pool.place(tmp_path / "game.ctr", b"another", fsync=True)
        assert (tmp_path / "game.ctr").read_bytes() == b"a game"
        pool.close()
        assert spares(tmp_path) == []


def test_without_a_pool_each_file_is_made_when_asked(tmp_path):
    pool = SpareFiles(tmp_path, keep=0)
    os.close(pool.place(tmp_path / "a.secret", b"secret", fsync=True))
    assert [p.name for p in tmp_path.iterdir()] == ["a.secret"]
    assert (tmp_path / "a.secret").read_bytes() == b"secret"


def test_sweep_removes_only_spares(tmp_path):
    (tmp_path / (PREFIX + "0123")).write_bytes(b"")
    (tmp_path / (PREFIX + "4567")).write_bytes(b"half a header")
    (tmp_path / "game.ctr").write_bytes(b"a game")
    SpareFiles.sweep(tmp_path)
    assert [p.name for p in tmp_path.iterdir()] == ["game.ctr"]


@pytest.mark.skipif(sys.platform == "win32", reason="no advisory locks: one server a folder")
def test_sweep_leaves_the_spares_a_live_pool_holds(tmp_path):
    live = SpareFiles(tmp_path, keep=3)
    other = SpareFiles(tmp_path, keep=0)  # another server's, in this process
    try:
        wait_for_spares(tmp_path, 3)
        held = spares(tmp_path)
        (tmp_path / (PREFIX + "left-by-a-crash")).write_bytes(b"")
        SpareFiles.sweep(tmp_path)
        assert spares(tmp_path) == held
        os.close(live.place(tmp_path / "game.secret", b"seed"))
        os.close(other.place(tmp_path / "other.secret", b"seed"))
        assert (tmp_path / "game.secret").read_bytes() == b"seed"
    finally:
        live.close()
        other.close()
    assert spares(tmp_path) == []


@pytest.mark.skipif(sys.platform == "win32", reason="no advisory locks: one server a folder")
def test_a_server_starting_in_a_shared_folder_leaves_another_programs_spares(tmp_path):
    port = free_port()
    proc = start_server(port, tmp_path)  # another program hosting from the same data folder
    try:
        wait_for_spares(tmp_path, 8)

        async def main():
            async with Player(port, "Ann") as ann:
                await ann.host("quasenbo", 2, {1: "random"})
                async with running_server(tmp_path):
                    await ann.start()
                    assert ann.errors == []

        asyncio.run(main())
    finally:
        proc.kill()
        proc.wait(10)


def test_a_server_sweeps_old_spares_and_removes_its_own(tmp_path):
    stale = tmp_path / (PREFIX + "left-by-a-crash")
    stale.write_bytes(b"")

    async def main():
        async with running_server(tmp_path) as server:
            assert not stale.exists()
            async with Player(server.port, "Ann") as ann:
                await ann.host("quasenbo", 2, {1: "random"})
                await ann.start()
            assert len(list(tmp_path.glob("*.ctr"))) == 1
            assert len(list(tmp_path.glob("*.secret"))) == 1
            wait_for_spares(tmp_path, 0, most=server.spares.keep)

    asyncio.run(main())
    assert spares(tmp_path) == []


def test_removed_names_go_on_the_helper_thread_and_by_close_at_the_latest(tmp_path):
    pool = SpareFiles(tmp_path, keep=2)
    wait_for_spares(tmp_path, 2)
    fd = pool.place(tmp_path / "game.ctr", b"header")
    os.close(fd)
    (tmp_path / "game.secret").write_bytes(b"seed")
    pool.remove(tmp_path / "game.secret")
    pool.remove(tmp_path / "never-made.secret")  # a name that is not there is no error
    wait_for_spares(tmp_path, 2)  # the used spare's name gone, the pool full again
    deadline = time.monotonic() + 10
    while (tmp_path / "game.secret").exists():
        assert time.monotonic() < deadline, "the helper thread removed nothing"
        time.sleep(0.01)
    (tmp_path / "late.secret").write_bytes(b"seed")
    pool.remove(tmp_path / "late.secret")
    pool.close()
    assert [p.name for p in tmp_path.iterdir()] == ["game.ctr"]
    assert (tmp_path / "game.ctr").read_bytes() == b"header"


def test_without_a_helper_a_name_is_removed_at_once(tmp_path):
    pool = SpareFiles(tmp_path, keep=0)
    (tmp_path / "game.secret").write_bytes(b"seed")
    pool.remove(tmp_path / "game.secret")
    assert list(tmp_path.iterdir()) == []


def test_a_finished_game_nobody_watches_leaves_its_log_and_no_secrets(tmp_path):
    async def main():
        async with running_server(tmp_path, finished_grace=0.05) as server:
            async with Player(server.port, "Ann") as ann:
                await ann.host("quasenbo", 2, {1: "random"})
                await ann.start()
                await ann.play_until_over(random.Random(3))
                await ann.send(t="leave", room=ann.room)
            deadline = time.monotonic() + 10
            while server.rooms or list(tmp_path.glob("*.secret")):
                assert time.monotonic() < deadline, "the finished room was never forgotten"
                await asyncio.sleep(0.05)

    asyncio.run(main())
    [log] = tmp_path.glob("*.ctr")
    assert verify_replay(read_replay(log)).ok
    assert list(tmp_path.glob("*.secret")) == [] and spares(tmp_path) == []
