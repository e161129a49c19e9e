"""kill -9 the server in the middle of games: restarted on the same log directory, it resumes
every game; the clients reconnect by themselves and finish; every log verifies end to end."""

from __future__ import annotations

import asyncio
import random
import re
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from game.host.spare import PREFIX
from game.replay.log import Hint, read_replay, seed_hash
from game.replay.verify import verify_replay
from game.rules import new_game
from tests.server.helpers import Player

ROOT = Path(__file__).resolve().parents[2]
GAMES = [("quando", 3, {"target": 40}), ("blanco", 2, {"max_turns": 80}), ("quasenbo", 3, {})]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_server(port: int, log_dir: Path) -> subprocess.Popen:
    proc = subprocess.Popen(
        [
            sys.executable,
            str(ROOT / "server.py"),
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--log-dir",
            str(log_dir),
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    line = proc.stdout.readline()
    assert re.search(r"listening on 127\.0\.0\.1:\d+", line), line
    return proc


async def slow_game(port: int, game: str, players: int, options: dict, seed: int) -> dict:
    """Host `game` against random bots and play it, a little slowly, to the end."""
    pick = random.Random(seed)
    async with Player(port, f"P{seed}", retry_for=60) as player:
        await player.host(game, players, {s: "random" for s in range(1, players)}, options=options)
        await player.start()
        update = player.last
        while "seed" not in update:
            if update.get("legal"):
                await asyncio.sleep(pick.uniform(0.005, 0.02))
                await player.send(
                    t="act",
                    room=player.room,
                    step=update["step"],
                    action=pick.choice(update["legal"]),
                )
            update = await player.expect("update", timeout=60)
        return update


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_sigkill_at_random_moments_loses_nothing(tmp_path, seed):
    port, rng = free_port(), random.Random(seed)
    kills = 0

    async def main():
        nonlocal kills
        proc = start_server(port, tmp_path)
        games = [
            asyncio.create_task(slow_game(port, g, p, o, seed * 10 + i))
            for i, (g, p, o) in enumerate(GAMES)
        ]
        try:
            while not all(task.done() for task in games) and kills < 4:
                await asyncio.sleep(rng.uniform(0.2, 1.2))
                proc.send_signal(signal.SIGKILL)
                proc.wait()
                kills += 1
                proc = await asyncio.to_thread(start_server, port, tmp_path)
            return await asyncio.wait_for(asyncio.gather(*games), 120)
        finally:
            proc.send_signal(signal.SIGTERM)
            proc.wait(10)

    finals = asyncio.run(main())
    assert kills >= 1
    logs = sorted(tmp_path.glob("*.ctr"))
    assert len(logs) == len(GAMES)
    for log in logs:
        replay = read_replay(log)
        assert replay.finished and not replay.torn
        header, seed_value = replay.header, replay.end["seed"]
        assert seed_hash(seed_value) == header["seed_hash"]
        state = new_game(header["game"], header["players"], seed_value, header["options"])
        assert state.digest()[:8] == header["digest0"]
        for step in replay.steps:
            state.apply(step.action)
            assert state.digest()[:8] == step.digest
        assert state.is_over and state.result == replay.end["result"]
        final = next(f for f in finals if f["seed"] == seed_value)
        assert final["step"] == len(replay.steps)  # the players saw the very end
    assert not list(tmp_path.glob("*.unrecoverable"))
    # the spare files each killed server left were swept, the last one's removed at its end
    assert not list(tmp_path.glob(PREFIX + "*"))


def test_a_record_torn_by_a_crash_is_dropped_and_the_game_resumes(tmp_path):
    async def main():
        port = free_port()
        proc = start_server(port, tmp_path)
        try:
            async with Player(port, "Ann", retry_for=30) as ann:
                room = await ann.host("quasenbo", 2, {1: "random"})
                await ann.start()
                while ann.last["step"] < 6 or not ann.last.get("legal"):
                    if ann.last.get("legal"):
                        await ann.send(
                            t="act", room=room, step=ann.last["step"], action=ann.last["legal"][0]
                        )
                    await ann.expect("update")
                step = ann.last["step"]
                proc.send_signal(signal.SIGKILL)
                proc.wait()
                log = next(tmp_path.glob("*.ctr"))
                intact = log.read_bytes()
                with open(log, "ab") as f:  # half a step record, as a crash mid-write leaves
                    f.write(b"\x93\x00\x92\xff")
                proc = await asyncio.to_thread(start_server, port, tmp_path)
                update = await ann.expect("update", timeout=30)
                assert update["step"] == step and "view" in update  # resumed, nothing lost
                assert log.read_bytes() == intact  # the torn bytes were cut off
                await ann.send(t="act", room=room, step=step, action=update["legal"][0])
                assert (await ann.expect("update"))["step"] == step + 1
        finally:
            proc.send_signal(signal.SIGTERM)
            proc.wait(10)

    asyncio.run(main())


def test_hints_given_survive_a_kill_and_restart(tmp_path):
    """The hints a player was given are in the game's log: a server killed and restarted
    counts them on from there, and the finished log verifies with every hint at its step."""

    async def ask(ann: Player, room: str) -> dict:
        await ann.send(t="hint", room=room, step=ann.last["step"])
        await ann.expect("hint", timeout=30)
        return next(r for r in reversed(ann.rooms) if r["id"] == room)

    async def main():
        port = free_port()
        proc = start_server(port, tmp_path)
        try:
            async with Player(port, "Ann", retry_for=30) as ann:
                room = await ann.host("quasenbo", 2, {1: "random"}, options={"hand_size": 3})
                await ann.start()
                while not ann.last.get("legal"):
                    await ann.expect("update")
                first = ann.last["step"]
                assert (await ask(ann, room))["hints_used"] == [1, 0]
                assert (await ask(ann, room))["hints_used"] == [2, 0]
                proc.send_signal(signal.SIGKILL)
                proc.wait()
                proc = await asyncio.to_thread(start_server, port, tmp_path)
                update = await ann.expect("update", timeout=30)
                assert update["step"] == first and update["legal"]
                resumed = next(r for r in reversed(ann.rooms) if r["id"] == room)
                assert resumed["hints_used"] == [2, 0] and resumed["hints_allowed"]
                assert (await ask(ann, room))["hints_used"] == [3, 0]
                await ann.play_until_over(random.Random(4), timeout=60)
                return first
        finally:
            proc.send_signal(signal.SIGTERM)
            proc.wait(10)

    first = asyncio.run(main())
    replay = read_replay(next(tmp_path.glob("*.ctr")))
    assert replay.hints == [Hint(0, first)] * 3 and replay.hints_used() == [3, 0]
    assert verify_replay(replay).complete


def alive(pid: int) -> bool:
    """Whether process `pid` still runs (a zombie, waiting to be reaped, does not)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "\nState:\tZ" not in status


def children(pid: int) -> set[int]:
    """The processes `pid` started that still run (Linux: /proc)."""
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        found.update(int(child) for child in (task / "children").read_text().split())
    return {child for child in found if alive(child)}


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs Linux's /proc")
def test_a_killed_servers_bot_workers_end_with_it(tmp_path):
    async def main():
        port = free_port()
        proc = start_server(port, tmp_path)
        try:
            async with Player(port, "Ann") as ann:
                await ann.host("quasenbo", 2, {1: "easy"}, options={"hand_size": 3})
                await ann.start()
                while not any(u.get("actor") == 1 for u in ann.updates):
                    if ann.last.get("legal"):  # Ann plays; then the bot decides, in a worker
                        await ann.send(
                            t="act",
                            room=ann.room,
                            step=ann.last["step"],
                            action=ann.last["legal"][0],
                        )
                    await ann.expect("update")
                workers = children(proc.pid)
                assert workers, "no worker process was started"
                proc.send_signal(signal.SIGKILL)
                proc.wait()
                deadline = asyncio.get_running_loop().time() + 10
                while any(alive(pid) for pid in workers):
                    assert asyncio.get_running_loop().time() < deadline, (
                        f"still running after the server died: {workers}"
                    )
                    await asyncio.sleep(0.05)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait(10)

    asyncio.run(main())
