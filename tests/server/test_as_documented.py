"""What docs/protocol.md promises and a client written from it relies on: every refusal is an
error, a connection whose seat was resumed elsewhere is closed, an action for a step not yet
reached says so; local games stay with their player; stacked decks only where allowed."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib

import msgpack

from game.replay.log import read_replay
from game.rules.quando import CARDS, CODE
from tests.server.helpers import Player, Raw, running_server
from tests.server.test_timer import wait_for


@contextlib.asynccontextmanager
async def against_bots(tmp_path, game: str = "quando", players: int = 2):
    """A server where Ann hosts `game` against random bots and deals: (the server, Ann, the
    room, the first update)."""
    async with running_server(tmp_path) as server:
        async with Player(server.port, "Ann") as ann:
            room_id = await ann.host(game, players, {s: "random" for s in range(1, players)})
            yield server, ann, room_id, await ann.start()


def test_leave_from_a_connection_without_a_seat_is_an_error(tmp_path):
    async def main():
        async with running_server(tmp_path) as server:
            async with Player(server.port, "Ann") as ann:
                room_id = await ann.create("quando", 2)
                raw = await Raw.open(server.port)
                raw.send({"t": "leave", "room": room_id, "id": 7})
                error = await raw.error()
                assert (error["code"], error["re"]) == ("not_seated", 7)
                raw.close()

    asyncio.run(main())


def test_the_connection_whose_seat_is_resumed_elsewhere_is_closed_after_bye(tmp_path):
    async def main():
        async with against_bots(tmp_path) as (server, ann, room_id, _):
            old = await Raw.open(server.port)
            old.send({"t": "resume", "token": ann.token})
            while (await old.recv())["t"] != "seated":
                pass
            async with Player(server.port, "Ann") as again:
                await again.send(t="resume", token=ann.token)
                await again.expect("seated")
                messages = []
                while (message := await old.recv()) is not None:
                    messages.append(message)
                assert messages[-1] == {
                    "t": "bye",
                    "code": "bad_token",
                    "message": messages[-1]["message"],
                }
                assert server.rooms[room_id].seats[0].peer is not None

    asyncio.run(main())


def test_an_action_for_a_future_step_has_its_own_refusal(tmp_path):
    async def main():
        async with against_bots(tmp_path) as (server, ann, room_id, first):
            await ann.send(t="act", room=room_id, step=first["step"] + 5, action=first["legal"][0])
            error = await ann.expect("error")
            assert error["code"] == "future_step" and "older" not in error["message"]
            assert server.rooms[room_id].state.step == first["step"]

    asyncio.run(main())


def test_a_local_game_is_never_listed_or_watchable_by_another_connection(tmp_path):
    async def main():
        async with running_server(tmp_path) as server:
            async with Player(server.port, "Ann") as ann, Player(server.port, "Eve") as eve:
                local = await ann.create("quando", 2, local=True)
                shared = await ann.create("blanco", 2)
                await eve.send(t="list")
                listed = {room["id"] for room in (await eve.expect("rooms"))["rooms"]}
                assert listed == {shared}
                for request in ({"t": "watch"}, {"t": "join"}, {"t": "sync"}):
                    await eve.send(room=local, **request)
                    assert (await eve.expect("error"))["code"] == "no_such_room"
                await ann.send(t="join", room=local, seat=0)
                await ann.expect("seated")
                await ann.send(t="bot", room=local, seat=1, level="random")
                await ann.send(t="ready", room=local, ready=True)
                await ann.start()
                token = ann.token
                await eve.send(t="list")
                assert local not in {r["id"] for r in (await eve.expect("rooms"))["rooms"]}
            # Its player comes back from another connection with the seat token and sees it.
            async with Player(server.port, "Ann") as back:
                await back.send(t="resume", token=token)
                await back.expect("seated")
                await back.send(t="list")
                assert local in {r["id"] for r in (await back.expect("rooms"))["rooms"]}

    asyncio.run(main())


def test_a_stacked_deck_is_refused_unless_the_server_allows_it(tmp_path):
    deck = [CODE[card] for card in reversed(CARDS)]

    async def main():
        async with running_server(tmp_path / "fair") as server:
            async with Player(server.port, "Ann") as ann:
                await ann.send(t="create", game="quando", players=2, options={"deck": deck})
                assert (await ann.expect("error"))["code"] == "stacked_deck"
                assert not server.rooms
        async with running_server(tmp_path / "tests", allow_stacked_decks=True) as server:
            async with Player(server.port, "Ann") as ann, Player(server.port, "Eve") as eve:
                room_id = await ann.host("quando", 2, {1: "random"}, options={"deck": deck})
                await ann.start()
                await eve.send(t="list")
                listed = (await eve.expect("rooms"))["rooms"][0]
                assert listed["stacked"] and "deck" not in listed["options"]
                assert ann.rooms[-1]["stacked"] and "deck" not in ann.rooms[-1]["options"]
                log = server.rooms[room_id].log_path
                await wait_for(lambda: log.exists())
        assert read_replay(log).header["stacked"] is True

    asyncio.run(main())


def canonical(value):
    """protocol.md's canonical form, written here from the doc: maps' keys in order."""
    if isinstance(value, dict):
        return {key: canonical(value[key]) for key in sorted(value)}
    if isinstance(value, list):
        return [canonical(item) for item in value]
    return value


def test_the_view_digest_is_sha256_of_the_canonical_view_cut_to_8_bytes(tmp_path):
    async def main():
        async with against_bots(tmp_path, "quasenbo", 3) as (_, ann, room_id, full):
            await ann.send(t="act", room=room_id, step=full["step"], action=full["legal"][0])
            await ann.expect("update")
            await ann.send(t="sync", room=room_id)
            synced = await ann.expect("update")
            while "view" not in synced:
                synced = await ann.expect("update")
            for update in (full, synced):
                packed = msgpack.packb(canonical(update["view"]))
                assert update["digest"] == hashlib.sha256(packed).digest()[:8]

    asyncio.run(main())
