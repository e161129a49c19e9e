"""Whole games through a real server on 127.0.0.1: bots, humans, spectators, reconnection."""

from __future__ import annotations

import asyncio
import random

import pytest

from game.host.server import Server
from game.replay.log import read_replay, seed_hash
from game.rules import new_game, update_view, view_digest
from tests.server.helpers import Player, running_server

GAMES = [("quando", 3, {"target": 25}), ("blanco", 2, {"max_turns": 60}), ("quasenbo", 4, {})]


def replay_digests_hold(path, seed: int) -> int:
    """Re-run a finished log with its seed; every step must give its logged digest."""
    replay = read_replay(path)
    assert replay.finished and replay.end["seed"] == seed
    assert seed_hash(seed) == replay.header["seed_hash"]
    header = replay.header
    state = new_game(header["game"], header["players"], seed, header["options"])
    for step in replay.steps:
        state.apply(step.action)
        assert state.digest()[:8] == step.digest
    assert state.is_over
    return len(replay.steps)


@pytest.mark.parametrize("game, players, options", GAMES)
def test_a_human_and_bots_play_a_whole_game(tmp_path, game, players, options):
    async def main():
        async with running_server(tmp_path) as server:
            async with Player(server.port, "Ann") as ann:
                room = await ann.host(
                    game, players, {s: "random" for s in range(1, players)}, options=options
                )
                first = await ann.start()
                assert first["view"]["seat"] == 0 and len(first["seed_hash"]) == 32
                last = await ann.play_until_over(random.Random(1))
                assert seed_hash(last["seed"]) == first["seed_hash"]
                assert last["to_move"] is None and "legal" not in last
                # The client-side model, kept from the events alone, matches every digest.
                model = first["view"]
                for update in ann.updates[1:]:
                    for event in update["events"]:
                        update_view(game, model, event)
                    assert view_digest(model) == update["digest"]
                humans = {u["actor"] for u in ann.updates if u.get("by") == "player"}
                assert humans == {0}
                log = server.rooms[room].log_path
        assert replay_digests_hold(log, last["seed"]) == last["step"]

    asyncio.run(main())


def test_two_humans_and_a_spectator(tmp_path):
    async def main():
        async with running_server(tmp_path) as server:
            async with (
                Player(server.port, "Ann") as ann,
                Player(server.port, "Bob") as bob,
                Player(server.port, "Eve") as eve,
            ):
                room = await ann.host("quasenbo", 3, {2: "random"})
                await bob.send(t="join", room=room)
                await bob.expect("seated")
                await bob.send(t="ready", room=room, ready=True)
                await eve.send(t="watch", room=room)
                await eve.expect("room")
                await ann.start()
                await bob.expect("update")
                first = await eve.expect("update")
                assert first["view"]["seat"] is None and "legal" not in first
                assert all(h is None for h in first["view"]["hands"])  # a spectator sees no hand
                results = await asyncio.gather(
                    ann.play_until_over(random.Random(2)), bob.play_until_over(random.Random(3))
                )
                assert results[0]["seed"] == results[1]["seed"]
                while "seed" not in eve.last:
                    await eve.expect("update")
                assert eve.last["step"] == results[0]["step"]
                assert not any("legal" in u for u in eve.updates)
                seats = {u["actor"] for u in ann.updates if u.get("actor") is not None}
                assert seats == {0, 1, 2}

    asyncio.run(main())


def test_a_player_reconnects_mid_game_with_the_seat_token(tmp_path):
    async def main():
        async with running_server(tmp_path) as server:
            async with Player(server.port, "Ann") as ann:
                room = await ann.host("quando", 2, {1: "random"}, options={"target": 20})
                await ann.start()
                pick = random.Random(4)
                for _ in range(5):  # play a little, then vanish
                    while not ann.last.get("legal"):
                        await ann.expect("update")
                    await ann.send(
                        t="act",
                        room=room,
                        step=ann.last["step"],
                        action=pick.choice(ann.last["legal"]),
                    )
                    await ann.expect("update")
                token, step = ann.token, server.rooms[room].state.step
            assert server.rooms[room].seats[0].peer is None
            async with Player(server.port, "Ann again") as back:
                await back.send(t="resume", token=token)
                seated = await back.expect("seated")
                assert seated["resumed"] and seated["seat"] == 0
                full = await back.expect("update")
                assert full["step"] == step and full["view"]["seat"] == 0
                assert full["view"] == server.rooms[room].state.view(0)
                back.room = room
                last = await back.play_until_over(pick)
                assert server.rooms[room].state.is_over and "seed" in last

    asyncio.run(main())


def test_a_private_room_needs_its_code_to_join_or_watch(tmp_path):
    async def main():
        async with running_server(tmp_path) as server:
            async with Player(server.port, "Ann") as ann, Player(server.port, "Bob") as bob:
                room = await ann.create("quando", 2, code="secret words")
                for request in (
                    {"t": "join", "room": room},
                    {"t": "watch", "room": room},
                    {"t": "join", "room": room, "code": "guess"},
                ):
                    await bob.send(**request)
                    assert (await bob.expect("error"))["code"] == "bad_code"
                assert server.rooms[room].members() == []
                await bob.send(t="watch", room=room, code="secret words")
                assert (await bob.expect("room"))["room"]["private"] is True

    asyncio.run(main())


def test_the_lobby_seats_bots_and_starts_only_when_everyone_is_ready(tmp_path):
    async def main():
        async with running_server(tmp_path) as server:
            async with Player(server.port, "Ann") as ann, Player(server.port, "Bob") as bob:
                room = await ann.create("blanco", 3)
                await ann.send(t="join", room=room, seat=1)
                await ann.expect("seated")
                await bob.send(t="join", room=room, seat=1)
                assert (await bob.expect("error"))["code"] == "seat_taken"
                await bob.send(t="join", room=room)
                assert (await bob.expect("seated"))["seat"] == 0
                await ann.send(t="bot", room=room, seat=2, level="easy")
                await ann.send(t="start", room=room)
                assert (await ann.expect("error"))["code"] == "not_ready"
                await ann.send(t="ready", room=room, ready=True)
                await bob.send(t="ready", room=room, ready=True)
                await ann.send(t="unbot", room=room, seat=2)
                await ann.send(t="start", room=room)
                assert (await ann.expect("error"))["code"] == "not_ready"  # seat 2 is open
                await ann.send(t="bot", room=room, seat=2, level="random")
                await ann.send(t="start", room=room)
                update = await ann.expect("update")
                assert update["view"]["game"] == "blanco"
                info = server.rooms[room].info()
                assert [s["kind"] for s in info["seats"]] == ["human", "human", "bot"]
                await bob.send(t="join", room=room)
                assert (await bob.expect("error"))["code"] == "started"

    asyncio.run(main())


def test_quitting_a_game_against_bots_abandons_it_and_ends_its_log(tmp_path):
    async def main():
        async with running_server(tmp_path) as server:
            async with Player(server.port, "Ann") as ann:
                room_id = await ann.host("quasenbo", 3, {1: "random", 2: "random"})
                await ann.start()
                room = server.rooms[room_id]
                await ann.send(
                    t="act", room=room_id, step=ann.last["step"], action=ann.last["legal"][0]
                )
                await ann.expect("update")
                await ann.send(t="leave", room=room_id)
                for _ in range(100):  # she left: the room tells her nothing more
                    if room.abandoned:
                        break
                    await asyncio.sleep(0.02)
                assert room.abandoned and room.info()["over"] and room.bot_turn() is None
                step = room.state.step
                await asyncio.sleep(0.2)
                assert room.state.step == step  # the bots stopped with her
                # Her seat cannot be taken back: nobody plays on there.
                await ann.send(t="resume", token=ann.token)
                error = await ann.expect("error")
                assert error["code"] == "game_over" and "abandoned" in error["message"]
                await ann.send(t="act", room=room_id, step=step, action=["draw"])
                error = await ann.expect("error")
                assert error["code"] in ("game_over", "not_seated"), error
                log = room.log_path
        replay = read_replay(log)
        assert replay.end["reason"] == "abandoned" and replay.end["result"] is None
        assert len(replay.steps) == step
        assert seed_hash(replay.end["seed"]) == replay.header["seed_hash"]

    asyncio.run(main())


def test_a_deal_is_played_again_only_where_the_server_lets_its_player_choose_the_seed(tmp_path):
    """Play this deal again: a local single player's server deals the chosen seed (its hash
    is the one announced, the log names the replay it repeats); seated one seat on (the
    rotated seats of a duplicate), the player gets that seat's hand of the same deal. Any
    other server refuses to let a creator choose the seed."""
    seed, again = 12345, "ab" * 32

    async def main():
        async with running_server(tmp_path) as server:
            async with Player(server.port, "Ann") as ann:
                await ann.send(t="create", game="quasenbo", players=2, seed=seed)
                assert (await ann.expect("error"))["code"] == "bad_options"
        server = Server(tmp_path, chosen_seeds=True)
        await server.start("127.0.0.1", 0)
        try:
            async with Player(server.port, "Ann") as ann:
                room = await ann.create("quasenbo", 2, seed=seed, again=again)
                await ann.send(t="join", room=room, seat=1)
                await ann.expect("seated")
                await ann.send(t="bot", room=room, seat=0, level="random")
                await ann.send(t="ready", room=room, ready=True)
                first = await ann.start()
                assert first["seed_hash"] == seed_hash(seed)
                assert first["view"] == new_game("quasenbo", 2, seed, {}).view(1)
                last = await ann.play_until_over(random.Random(2))
                log = server.rooms[room].log_path
        finally:
            await server.close()
        assert read_replay(log).header["again"] == again
        assert replay_digests_hold(log, last["seed"]) == last["step"]

    asyncio.run(main())
