"""Nobody stranded: a disconnected player's seat is played by the room's stand-in bot after
the grace period (no turn timer needed), any seated player may hand it over at once, and the
player takes it back with what they missed."""

from __future__ import annotations

import asyncio
import random

from tests.server.helpers import Player, Raw, running_server
from tests.server.test_timer import next_step, wait_for


async def two_players(server, **fields) -> tuple[Player, Player, str]:
    """Ann hosts a 2-player Quando with `fields`, Bob joins, the game starts."""
    ann = await Player(server.port, "Ann").__aenter__()
    bob = await Player(server.port, "Bob").__aenter__()
    room_id = await ann.host("quando", 2, level="random", options={"target": 500}, **fields)
    await bob.send(t="join", room=room_id)
    await bob.expect("seated")
    await bob.send(t="ready", room=room_id, ready=True)
    await ann.start()
    return ann, bob, room_id


def test_after_the_grace_period_a_bot_plays_for_the_absent_player_without_a_timer(tmp_path):
    async def main():
        async with running_server(tmp_path) as server:
            ann, bob, room_id = await two_players(server, grace=0.6)
            room = server.rooms[room_id]
            token = ann.token
            await ann.client.close()
            await wait_for(lambda: room.seats[0].peer is None)
            gone = asyncio.get_running_loop().time()
            # Within the grace period the game waits for Ann.
            await asyncio.sleep(0.3)
            assert not room.seats[0].away and room.state.step == 0
            update = await next_step(bob, timeout=3)
            assert asyncio.get_running_loop().time() - gone >= 0.5
            assert (update["actor"], update["by"]) == (0, "bot")
            seat = bob.rooms[-1]["seats"][0]
            assert seat["away"] and seat["stand_in"] == "random" and not seat["connected"]
            async with Player(server.port, "Ann") as back:
                await back.send(t="resume", token=token)
                assert (await back.expect("seated"))["resumed"]
                full = await back.expect("update")
                assert full["missed"] and full["missed"][0]["by"] == "bot"
                assert not room.seats[0].away
                assert back.rooms[-1]["seats"][0]["stand_in"] is None
            await bob.client.close()

    asyncio.run(main())


def test_waiting_is_a_choice_and_a_seated_player_may_hand_the_seat_to_a_bot(tmp_path):
    async def main():
        async with running_server(tmp_path) as server:
            ann, bob, room_id = await two_players(server, grace=None)
            room = server.rooms[room_id]
            assert ann.rooms[-1]["grace"] is None
            # Ann is here: her seat cannot be handed over.
            await bob.send(t="stand_in", room=room_id, seat=0)
            assert (await bob.expect("error"))["code"] == "not_absent"
            await ann.client.close()
            await wait_for(lambda: room.seats[0].peer is None)
            await asyncio.sleep(0.3)
            assert not room.seats[0].away  # "wait for them": no grace period runs out
            # A connection without a seat may not decide for the table.
            async with Player(server.port, "Eve") as eve:
                await eve.send(t="stand_in", room=room_id, seat=0)
                assert (await eve.expect("error"))["code"] == "not_seated"
            await bob.send(t="stand_in", room=room_id, seat=0)
            update = await next_step(bob, timeout=3)
            assert (update["actor"], update["by"]) == (0, "bot")
            await bob.client.close()

    asyncio.run(main())


def test_the_default_grace_period_is_announced(tmp_path):
    async def main():
        async with running_server(tmp_path) as server:
            async with Player(server.port, "Ann") as ann:
                await ann.create("quando", 2)
                assert ann.rooms[-1]["grace"] == 25.0

    asyncio.run(main())


def test_a_raw_client_sees_the_stand_in_in_the_room_map(tmp_path):
    async def main():
        async with running_server(tmp_path) as server:
            ann, bob, room_id = await two_players(server, grace=0)
            raw = await Raw.open(server.port)
            raw.send({"t": "watch", "room": room_id})
            await ann.client.close()
            while True:
                message = await raw.recv()
                if message["t"] == "room" and message["room"]["seats"][0]["away"]:
                    break
            assert message["room"]["seats"][0]["stand_in"] == "random"
            raw.close()
            await bob.client.close()

    asyncio.run(main())


def test_a_seat_taken_back_gets_the_whole_game_as_it_saw_it(tmp_path):
    """`past` and `missed` together are every step of the game, in order, each with the
    events exactly as this seat received them live (never a card it could not see)."""

    async def main():
        async with running_server(tmp_path) as server:
            ann, bob, room_id = await two_players(server, grace=0.3)
            room = server.rooms[room_id]
            pick = random.Random(5)
            while room.state.step < 6:  # both play: Ann sees each step as it happens
                for player in (ann, bob):
                    while player.last is None or player.last["step"] < room.state.step:
                        await player.expect("update")
                    if player.last.get("legal"):
                        await player.send(
                            t="act",
                            room=room_id,
                            step=player.last["step"],
                            action=pick.choice(player.last["legal"]),
                        )
                        await player.expect("update")
            while ann.last["step"] < room.state.step:
                await ann.expect("update")
            seen = [(u["step"], u["events"]) for u in ann.updates if u["events"]]
            token, left_at = ann.token, room.state.step
            await ann.client.close()
            update = bob.last
            while not (update.get("actor") == 0 and update.get("by") == "bot"):
                if update.get("legal"):  # Bob plays on until the stand-in plays for Ann
                    await bob.send(
                        t="act",
                        room=room_id,
                        step=update["step"],
                        action=pick.choice(update["legal"]),
                    )
                update = await bob.expect("update", timeout=3)
            async with Player(server.port, "Ann") as back:
                await back.send(t="resume", token=token)
                await back.expect("seated")
                full = await back.expect("update")
            # What Ann missed starts where she went: Bob's steps during the grace period
            # too, before the stand-in played for her.
            assert [(r["step"], r["events"]) for r in full["past"]] == seen
            assert len(seen) == left_at
            steps = [r["step"] for r in full["past"] + full["missed"]]
            assert steps == list(range(1, full["step"] + 1))
            assert full["missed"][0]["step"] == left_at + 1
            assert any(r["seat"] == 0 and r["by"] == "bot" for r in full["missed"])
            await bob.client.close()

    asyncio.run(main())


def test_a_game_every_player_left_waits_for_them_until_somebody_is_back(tmp_path):
    """Ann leaves, then Bob: both seats have stand-ins, and nobody is at the table – the game
    waits instead of being played to its end in a blink. A spectator brings the stand-ins
    back to play; gone again, the game waits again; Ann resumes her seat in a game still
    going on."""

    async def main():
        async with running_server(tmp_path) as server:
            ann, bob, room_id = await two_players(server, grace=None)
            room = server.rooms[room_id]
            token = ann.token
            for player, seat in ((ann, 0), (bob, 1)):
                await player.send(t="leave", room=room_id)
                await wait_for(lambda seat=seat: room.seats[seat].away)
            await asyncio.sleep(0.1)  # a stand-in move under way when Bob left is done
            step = room.state.step
            await asyncio.sleep(0.5)
            assert room.state.step == step and not room.state.is_over
            async with Player(server.port, "Cleo") as cleo:
                await cleo.send(t="watch", room=room_id)
                await wait_for(lambda: room.state.step > step)
            await wait_for(lambda: not room.members())
            await asyncio.sleep(0.1)
            step = room.state.step
            await asyncio.sleep(0.5)
            assert room.state.step == step
            async with Player(server.port, "Ann") as back:
                await back.send(t="resume", token=token)
                assert (await back.expect("seated"))["resumed"]
                assert not room.state.is_over and not room.seats[0].away
            for player in (ann, bob):
                await player.client.close()

    asyncio.run(main())
