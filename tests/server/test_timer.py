"""The turn timer: a bot stands in on timeout or disconnect, the player takes the seat back,
and the log names who made each step."""

from __future__ import annotations

import asyncio

from game.replay.log import read_replay
from tests.server.helpers import Player, running_server


async def next_step(player: Player, timeout: float = 3.0) -> dict:
    """The next update that reports a step (full updates carry none)."""
    while True:
        update = await player.expect("update", timeout)
        if "actor" in update:
            return update


async def wait_for(predicate, timeout: float = 5.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not predicate():
        assert loop.time() < end, "timed out waiting"
        await asyncio.sleep(0.02)


def test_timeout_then_a_bot_plays_then_the_player_resumes(tmp_path):
    async def main():
        async with running_server(tmp_path) as server:
            async with Player(server.port, "Ann") as ann, Player(server.port, "Bob") as bob:
                room_id = await ann.host("quasenbo", 2, timer=0.4, level="random")
                await bob.send(t="join", room=room_id)
                await bob.expect("seated")
                await bob.send(t="ready", room=room_id, ready=True)
                first = await ann.start()
                assert first["clock"]["seat"] == 0 and 0 < first["clock"]["left"] <= 0.4
                room = server.rooms[room_id]
                # Ann does nothing: after 0.4 s a bot plays for her, and everyone sees it.
                update = await next_step(bob)
                assert (update["actor"], update["by"]) == (0, "bot")
                assert bob.rooms[-1]["seats"][0]["away"] is True  # announced before the step
                # Bob's own clock runs on his turns; he plays in time, and the bot keeps
                # playing Ann's seat until she resumes it.
                bob_acted = stood_in_after = False
                while not stood_in_after:
                    update = bob.last
                    if update.get("legal"):
                        assert update["clock"]["seat"] == 1
                        await bob.send(
                            t="act", room=room_id, step=update["step"], action=update["legal"][0]
                        )
                        bob_acted = True
                    update = await next_step(bob)
                    assert update["actor"] == 0 or update["by"] == "player"  # Bob was in time
                    stood_in_after = bob_acted and update["actor"] == 0 and update["by"] == "bot"
                assert room.seats[0].away
                await ann.send(t="resume", token=ann.token)
                seated = await ann.expect("seated")
                full = await ann.expect("update")
                assert seated["resumed"] and not room.seats[0].away
                assert full["missed"] and all(m["by"] in ("bot", "player") for m in full["missed"])
                assert any(m["seat"] == 0 and m["by"] == "bot" for m in full["missed"])
                log = room.log_path
        steps = read_replay(log).steps
        assert steps[0].seat == 0 and steps[0].by_bot  # the stand-in's step is marked
        assert any(s.seat == 1 and not s.by_bot for s in steps)  # Bob's own

    asyncio.run(main())


def test_a_disconnect_hands_the_seat_to_a_bot_and_resume_takes_it_back(tmp_path):
    async def main():
        async with running_server(tmp_path) as server:
            async with Player(server.port, "Bob") as bob:
                async with Player(server.port, "Ann") as ann:
                    room_id = await ann.host(
                        "quando", 2, timer=30, grace=0, level="random", options={"target": 500}
                    )
                    await bob.send(t="join", room=room_id)
                    await bob.expect("seated")
                    await bob.send(t="ready", room=room_id, ready=True)
                    await ann.start()
                    token = ann.token
                room = server.rooms[room_id]
                # Ann's connection is gone and the room gives no grace: a bot plays her turn at
                # once (not after the turn timer's 30 s).
                update = await next_step(bob)
                assert (update["actor"], update["by"]) == (0, "bot")
                assert room.seats[0].away and room.seats[0].peer is None
                async with Player(server.port, "Ann") as back:
                    await wait_for(lambda: room.state.to_move == 1)
                    await back.send(t="resume", token=token)
                    assert (await back.expect("seated"))["seat"] == 0
                    full = await back.expect("update")
                    assert full["view"] == room.state.view(0) and full["missed"]
                    assert not room.seats[0].away
                    # Bob plays; now it is Ann's own turn again, with her clock.
                    while room.state.to_move != 0:
                        await bob.expect("update")
                        if bob.last.get("legal"):
                            await bob.send(
                                t="act",
                                room=room_id,
                                step=bob.last["step"],
                                action=bob.last["legal"][0],
                            )
                    update = await back.expect("update")
                    while not update.get("legal"):
                        update = await back.expect("update")
                    assert update["clock"]["seat"] == 0
                    await back.send(
                        t="act", room=room_id, step=update["step"], action=update["legal"][0]
                    )
                    update = await bob.expect("update")
                    assert (update["actor"], update["by"]) == (0, "player")
                log = room.log_path
        by_ann = [s.by_bot for s in read_replay(log).steps if s.seat == 0]
        assert by_ann[0] is True and False in by_ann  # the stand-in first, then Ann herself

    asyncio.run(main())


def test_a_game_nobody_is_connected_to_waits_for_its_players(tmp_path):
    async def main():
        async with running_server(tmp_path) as server:
            async with Player(server.port, "Ann") as ann:
                room_id = await ann.host("quando", 2, {1: "random"}, grace=0)
                await ann.start()
                token, step = ann.token, server.rooms[room_id].state.step
            await asyncio.sleep(0.5)
            room = server.rooms[room_id]
            assert room.state.step == step and not room.seats[0].away
            async with Player(server.port, "Ann") as back:
                await back.send(t="resume", token=token)
                full = await back.expect("update")
                assert full["step"] == step and full["legal"] and "missed" not in full

    asyncio.run(main())
