"""Bot worker processes killed under a running server (as the out-of-memory killer does):
between decisions and during them, the pool is replaced, the decision in flight is tried
again, and the bots of the old room and of rooms made afterwards keep moving; hints too."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import random
import resource
import signal

from tests.server.helpers import Player, running_server
from tests.server.test_timer import wait_for

MOVES = 6
"""Turns of the player's own in each phase of the test: each one waits for the bots'."""


def kill_workers() -> list[int]:
    """SIGKILL every worker process of this process's bot pool; the pids of those killed (a
    worker listed may be gone by the time it is killed: a pool being replaced ends its own)."""
    pids = []
    for child in multiprocessing.active_children():
        try:
            if child.pid:
                os.kill(child.pid, signal.SIGKILL)
                pids.append(child.pid)
        except ProcessLookupError:
            pass
    return pids


async def my_turn(player: Player, timeout: float = 20.0) -> dict:
    """The update that asks `player` to decide: the bots before her have moved (an
    AssertionError if they stall for `timeout` seconds)."""

    async def turn() -> dict:
        update = player.last
        while not (update and update.get("legal")):
            assert update is None or "seed" not in update, "the game ended"
            update = await player.expect("update")
        return update

    try:
        return await asyncio.wait_for(turn(), timeout)
    except TimeoutError:
        raise AssertionError(
            f"the bots stalled: no turn for {player.client.name} in {timeout} s"
        ) from None


async def play(
    player: Player, room: str, moves: int, kill_during: bool = False, server=None
) -> None:
    """Make `moves` moves of the player's; the bots' moves must come between them. With
    `kill_during`, the workers are killed while a bot's decision is in flight."""
    for _ in range(moves):
        update = await my_turn(player)
        await player.send(t="act", room=room, step=update["step"], action=update["legal"][0])
        player.last = None
        if kill_during:
            await wait_for(
                lambda: room in server.bot_tasks or server.rooms[room].bot_turn() is None
            )
            if room in server.bot_tasks:
                await asyncio.sleep(0.05)
                kill_workers()


def test_killed_bot_workers_stall_no_table(tmp_path, caplog):
    caplog.set_level(logging.WARNING, logger="cardtable.server")

    async def main():
        async with running_server(tmp_path, bot_workers=1) as server:
            async with Player(server.port, "Ann") as ann:
                old = await ann.host(
                    "quando", 3, bots={1: "hard", 2: "hard"}, grace=None, options={"target": 500}
                )
                await ann.start()
                while not multiprocessing.active_children():  # the bots' pool is up
                    await play(ann, old, 1)
                kill_workers()
                await play(ann, old, MOVES)  # killed between decisions
                await play(ann, old, MOVES, kill_during=True, server=server)
                assert f"room {old}" in caplog.text
                # A hint asked while its worker dies is answered all the same.
                update = await my_turn(ann)
                await ann.send(t="hint", room=old, step=update["step"])
                await asyncio.sleep(0.05)
                kill_workers()
                assert (await ann.expect("hint", 30))["action"] in update["legal"]
                await ann.send(t="leave", room=old)
            async with Player(server.port, "Bob") as bob:
                kill_workers()
                new = await bob.host(
                    "quando", 3, bots={1: "normal", 2: "hard"}, grace=None, options={"target": 500}
                )
                await bob.start()
                await play(bob, new, MOVES)
                await play(bob, new, 2, kill_during=True, server=server)

    asyncio.run(main())


def test_a_log_that_cannot_be_written_is_logged_and_the_game_goes_on(tmp_path, caplog):
    """Files of this process may not grow past their size now (as on a full disk): the
    next step cannot reach the log; that is logged with the room and seat, and the game
    is played to its end all the same."""
    caplog.set_level(logging.WARNING, logger="cardtable.server")

    async def main():
        async with running_server(tmp_path) as server:
            async with Player(server.port, "Ann") as ann:
                room = await ann.host("quasenbo", 2, bots={1: "random"}, grace=None)
                await ann.start()
                size = server.rooms[room].log_path.stat().st_size
                limit = resource.getrlimit(resource.RLIMIT_FSIZE)
                ignored = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
                resource.setrlimit(resource.RLIMIT_FSIZE, (size, limit[1]))
                try:
                    end = await ann.play_until_over(random.Random(3), timeout=10)
                finally:
                    resource.setrlimit(resource.RLIMIT_FSIZE, limit)
                    signal.signal(signal.SIGXFSZ, ignored)
                assert end["seed"] == server.rooms[room].seed
                assert f"room {room} seat" in caplog.text and "cannot be logged" in caplog.text

    asyncio.run(main())
