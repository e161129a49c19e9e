"""Pausing a game alone with bots (issue 24): while paused no bot moves and the turn clock
stands; resumed, the game goes on with the clock's time left; refused where another person
plays; a malformed request is refused and changes nothing."""

from __future__ import annotations

import asyncio

import pytest

from tests.server.helpers import Player, running_server
from tests.server.test_timer import next_step

TIMER = 0.4
"""The turn clock: the paused spans below are longer."""


async def quiet(player: Player, seconds: float) -> list[dict]:
    """Every message `player` receives within `seconds`."""
    heard = []
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while (left := end - loop.time()) > 0:
        try:
            heard.append(await player.client.recv(left))
        except TimeoutError:
            break
    for message in heard:
        player._note(message)
    return heard


async def my_turn(player: Player) -> dict:
    """Wait for the update that asks `player` to decide."""
    update = player.last
    while not (update and update.get("legal")):
        update = await player.expect("update", 5)
    return update


async def pause(player: Player, paused: bool) -> dict:
    """Ask to pause (or go on) and return the room map that answers."""
    await player.send(t="pause", room=player.room, paused=paused)
    while True:
        room = await player.expect("room", 5)
        if room["room"]["paused"] == paused:
            return room["room"]


def test_paused_no_bot_moves_and_no_clock_runs_out_then_play_goes_on(tmp_path):
    async def main():
        async with running_server(tmp_path) as server:
            async with Player(server.port, "Ann") as ann:
                room_id = await ann.host(
                    "quando",
                    3,
                    bots={1: "random", 2: "random"},
                    timer=TIMER,
                    grace=None,
                    options={"target": 500},
                )
                await ann.start()
                room = server.rooms[room_id]
                turn = await my_turn(ann)
                assert (await pause(ann, True))["paused"] and room.paused
                step = room.state.step
                # Her clock would have run out twice over: it stands, no bot takes her seat.
                heard = await quiet(ann, 3 * TIMER)
                assert [m for m in heard if m["t"] == "update"] == []
                assert room.state.step == step and not room.seats[0].away
                assert room.deadline is None and 0 < room.clock_left <= TIMER
                # She may still play while paused (her turn may take more than one
                # decision); then the bots wait.
                while room.state.to_move == 0:
                    turn = await my_turn(ann)
                    await ann.send(
                        t="act", room=room_id, step=turn["step"], action=turn["legal"][0]
                    )
                    mine = await next_step(ann)
                    assert mine["actor"] == 0 and mine["by"] == "player"
                step = room.state.step
                heard = await quiet(ann, 3 * TIMER)
                assert [m for m in heard if m["t"] == "update"] == []
                assert room.state.step == step
                # Resumed: the bots play on, and her next turn has its clock again.
                assert not (await pause(ann, False))["paused"]
                bots = await next_step(ann)
                assert bots["actor"] != 0 and bots["by"] == "bot"
                turn = await my_turn(ann)
                assert turn["clock"]["seat"] == 0 and 0 < turn["clock"]["left"] <= TIMER

    asyncio.run(main())


def test_the_clock_goes_on_with_the_time_it_had_left(tmp_path):
    async def main():
        async with running_server(tmp_path) as server:
            async with Player(server.port, "Ann") as ann:
                room_id = await ann.host("quasenbo", 2, bots={1: "random"}, timer=2.0, grace=None)
                await ann.start()
                room = server.rooms[room_id]
                await my_turn(ann)
                await asyncio.sleep(0.5)
                await pause(ann, True)
                left = room.clock_left
                assert left is not None and left < 1.6
                await asyncio.sleep(0.5)
                await pause(ann, False)
                # The half second paused did not count: the clock has what it had left.
                assert left - 0.3 < room.clock()["left"] <= left

    asyncio.run(main())


def test_pausing_is_refused_where_another_person_plays(tmp_path):
    async def main():
        async with running_server(tmp_path) as server:
            async with Player(server.port, "Ann") as ann, Player(server.port, "Bob") as bob:
                room_id = await ann.host("quasenbo", 3, bots={2: "random"})
                await bob.send(t="join", room=room_id)
                await bob.expect("seated")
                await bob.send(t="ready", room=room_id, ready=True)
                await ann.start()
                await bob.send(t="pause", room=room_id, paused=True)
                error = await bob.expect("error")
                assert error["code"] == "not_alone" and "alone with bots" in error["message"]
                assert not server.rooms[room_id].paused

    asyncio.run(main())


@pytest.mark.parametrize(
    "message",
    [
        {"t": "pause", "paused": True},
        {"t": "pause", "room": "ROOM"},
        {"t": "pause", "room": "ROOM", "paused": "yes"},
        {"t": "pause", "room": "ROOM", "paused": 1},
    ],
)
def test_a_malformed_pause_is_refused_and_changes_nothing(tmp_path, message):
    async def main():
        async with running_server(tmp_path) as server:
            async with Player(server.port, "Ann") as ann:
                room_id = await ann.host(
                    "quando", 2, bots={1: "random"}, timer=30, options={"target": 500}
                )
                await ann.start()
                room = server.rooms[room_id]
                await my_turn(ann)
                before = (room.state.step, room.deadline, room.paused)
                await ann.send(**{k: room_id if v == "ROOM" else v for k, v in message.items()})
                error = await ann.expect("error")
                assert error["code"] == "bad_message" and error["message"]
                assert (room.state.step, room.deadline, room.paused) == before

    asyncio.run(main())
