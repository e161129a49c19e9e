"""Every kind of bad input gets an error reply and changes no game; the server keeps serving."""

from __future__ import annotations

import asyncio
import contextlib
import struct

import pytest

from tests.server.helpers import Player, Raw, frame, packed, running_server


@contextlib.asynccontextmanager
async def two_player_game(tmp_path, **limits):
    """A running Quando game between Ann (seat 0, to move) and Bob (seat 1)."""
    async with running_server(tmp_path, **limits) as server:
        async with Player(server.port, "Ann") as ann, Player(server.port, "Bob") as bob:
            room = await ann.host("quando", 2)
            await bob.send(t="join", room=room)
            await bob.expect("seated")
            await bob.send(t="ready", room=room, ready=True)
            await bob.expect("room")
            await ann.start()
            await bob.expect("update")
            yield server, server.rooms[room], ann, bob


async def still_playable(room, ann: Player) -> None:
    """Ann can still make her move: the game was not harmed."""
    step = room.state.step
    await ann.send(t="act", room=room.id, step=ann.last["step"], action=ann.last["legal"][0])
    await ann.expect("update")
    assert room.state.step == step + 1


def run(coro):
    asyncio.run(coro)


@pytest.mark.parametrize(
    "message, code",
    [
        (["not", "a", "map"], "bad_message"),
        ({"type": "act"}, "bad_message"),
        ({"t": 5}, "bad_message"),
        ({"t": "fly"}, "unknown_type"),
        ({"t": "act", "room": "R", "step": "0", "action": ["play", [0]]}, "bad_message"),
        ({"t": "act", "room": "R", "step": 0, "action": "play"}, "bad_message"),
        ({"t": "act", "room": "R", "step": 0, "action": ["play", [0.5]]}, "bad_message"),
        ({"t": "act", "room": "R", "step": 0}, "bad_message"),
        ({"t": "act", "room": "R", "step": 0, "action": ["play", [0]], "seat": 1}, "bad_message"),
        ({"t": "act", "room": "R", "step": -1, "action": ["play", [0]]}, "bad_message"),
        ({"t": "join", "room": "R", "seat": True}, "bad_message"),
        ({"t": "act", "room": "nope", "step": 0, "action": ["play", [0]]}, "no_such_room"),
        ({"t": "act", "room": "R", "step": 0, "action": ["fly", 3]}, "illegal_action"),
        ({"t": "act", "room": "R", "step": 0, "action": ["play", [99]]}, "illegal_action"),
        ({"t": "act", "room": "R", "step": 0, "action": ["knock"]}, "illegal_action"),
        ({"t": "act", "room": "R", "step": 0, "action": ["play", [1, 0]]}, "illegal_action"),
        ({"t": "hello", "version": 1, "name": "x" * 25}, "name_too_long"),
        ({"t": "create", "game": "chess", "players": 2}, "bad_options"),
        ({"t": "create", "game": "quando", "players": 7}, "bad_options"),
        (
            {"t": "create", "game": "quando", "players": 2, "options": {"target": "lots"}},
            "bad_options",
        ),
        ({"t": "start", "room": "R"}, "started"),
        ({"t": "ping", "n": "x"}, "bad_message"),
    ],
)
def test_bad_messages_are_refused_and_the_game_is_unchanged(tmp_path, message, code):
    async def main():
        async with two_player_game(tmp_path) as (server, room, ann, bob):
            digest = room.state.digest()
            if isinstance(message, dict) and message.get("room") == "R":
                message["room"] = room.id
            if isinstance(message, dict):
                message["id"] = 77
            ann.client._send_now(message)  # from the seated player whose turn it is
            error = await ann.expect("error")
            assert error["code"] == code and error["message"]
            assert error.get("re") == (77 if isinstance(message, dict) else None)
            assert room.state.digest() == digest
            await still_playable(room, ann)

    run(main())


def test_acting_out_of_turn_or_for_a_stale_step_is_refused(tmp_path):
    async def main():
        async with two_player_game(tmp_path) as (server, room, ann, bob):
            digest = room.state.digest()
            await bob.send(t="act", room=room.id, step=0, action=["play", [0]])
            error = await bob.expect("error")
            assert error["code"] == "not_your_turn" and "seat 0" in error["message"]
            await ann.send(t="act", room=room.id, step=0, action=ann.last["legal"][0])
            await ann.expect("update")
            await ann.send(t="act", room=room.id, step=0, action=["draw", "up"])
            assert (await ann.expect("error"))["code"] == "stale_step"
            assert room.state.step == 1 and room.state.digest() != digest
            after = room.state.digest()
            await ann.send(t="act", room=room.id, step=1, action=["play", [0]])
            error = await ann.expect("error")
            assert error["code"] == "illegal_action" and "draw" in error["message"]
            # The reason travels as its template too, for the client to translate.
            assert error["template"].format(**error["params"]) == error["message"]
            assert error["template"].startswith("draw a card first")
            assert room.state.digest() == after
            raw = await Raw.open(server.port)  # not seated at all
            raw.send({"t": "act", "room": room.id, "step": 1, "action": ["draw", "up"]})
            assert (await raw.error())["code"] == "not_seated"
            assert room.state.digest() == after

    run(main())


@pytest.mark.parametrize(
    "data, code",
    [
        (struct.pack(">I", 0), "bad_frame"),
        (frame(b"\xc1"), "bad_frame"),
        (frame(packed({"t": "ping"}) + b"\x00"), "bad_frame"),
        (frame(b"\x92\x01"), "bad_frame"),
        (struct.pack(">I", 10**6) + b"x" * 100, "frame_too_big"),
    ],
)
def test_broken_frames_are_refused_and_close_only_that_connection(tmp_path, data, code):
    async def main():
        async with two_player_game(tmp_path) as (server, room, ann, bob):
            digest = room.state.digest()
            raw = await Raw.open(server.port)
            raw.send_bytes(data)
            assert (await raw.error())["code"] == code
            assert await raw.closed()
            assert room.state.digest() == digest
            await still_playable(room, ann)

    run(main())


def test_a_frame_cut_short_is_reported_when_the_stream_ends(tmp_path):
    async def main():
        async with two_player_game(tmp_path) as (server, room, ann, bob):
            digest = room.state.digest()
            raw = await Raw.open(server.port)
            body = packed({"t": "act", "room": room.id, "step": 0, "action": ["play", [0]]})
            raw.send_bytes(frame(body)[:-3])
            raw.writer.write_eof()
            error = await raw.error()
            assert error["code"] == "bad_frame" and "ended inside a frame" in error["message"]
            assert room.state.digest() == digest
            await still_playable(room, ann)

    run(main())


def test_requests_before_hello_and_a_wrong_version(tmp_path):
    async def main():
        async with two_player_game(tmp_path) as (server, room, ann, bob):
            raw = await Raw.open(server.port, hello=False)
            raw.send({"t": "list"})
            assert (await raw.error())["code"] == "hello_first"
            raw.send({"t": "hello", "version": 99, "name": "Future"})
            error = await raw.error()
            assert error["code"] == "version_mismatch" and "1" in error["message"]
            assert await raw.closed()
            await still_playable(room, ann)

    run(main())


def test_a_flood_is_rate_limited_without_harming_anyone(tmp_path):
    async def main():
        async with two_player_game(tmp_path, rate=20, burst=40) as (server, room, ann, bob):
            digest = room.state.digest()
            raw = await Raw.open(server.port)
            for n in range(400):
                raw.send({"t": "act", "room": room.id, "step": 0, "action": ["knock"], "id": n})
            codes = []
            while "rate_limited" not in codes:
                codes.append((await raw.recv())["code"])
            assert codes.count("not_seated") == 40 - 1  # the burst, less the hello
            assert room.state.digest() == digest
            started = asyncio.get_running_loop().time()
            await still_playable(room, ann)
            assert asyncio.get_running_loop().time() - started < 1.0

    run(main())


def test_a_client_that_stops_reading_is_cut_off_and_the_game_goes_on(tmp_path):
    async def main():
        async with two_player_game(tmp_path, max_buffer=256 * 1024, rate=1e6, burst=10**6) as (
            server,
            room,
            ann,
            bob,
        ):
            raw = await Raw.open(server.port)
            request = frame(packed({"t": "list"})) * 2000
            for _ in range(20):  # asks for far more than it ever reads
                raw.send_bytes(request)
                await asyncio.sleep(0.01)
            for _ in range(100):
                if len(server.connections) == 2:
                    break
                await asyncio.sleep(0.05)
            assert len(server.connections) == 2  # only Ann and Bob are left
            await still_playable(room, ann)

    run(main())


def test_a_hint_is_the_askers_alone_and_refused_where_hints_are_not_allowed(tmp_path):
    async def main():
        async with two_player_game(tmp_path) as (server, room, ann, bob):
            assert not room.hints_allowed  # two people play, the creator did not allow them
            await ann.send(t="hint", room=room.id, step=ann.last["step"])
            assert (await ann.expect("error"))["code"] == "no_hints"
            assert room.hints_used == [0, 0]
            room.hints = True
            await bob.send(t="hint", room=room.id, step=room.state.step)
            assert (await bob.expect("error"))["code"] == "not_your_turn"
            await ann.send(t="hint", room=room.id, step=ann.last["step"])
            answer = await ann.expect("hint")
            assert answer["step"] == room.state.step and answer["action"] in ann.last["legal"]
            assert answer["words"] == room.state.describe(answer["action"])
            assert answer["chance"] is None or 0 <= answer["chance"] <= 1
            assert room.hints_used == [1, 0] and room.info()["hints_used"] == [1, 0]
            await still_playable(room, ann)

    run(main())


def test_one_player_alone_with_bots_may_always_ask_for_hints(tmp_path):
    async def main():
        async with running_server(tmp_path) as server:
            async with Player(server.port, "Ann") as ann:
                room_id = await ann.host(
                    "quasenbo", 2, bots={1: "random"}, options={"hand_size": 3}
                )
                room = server.rooms[room_id]
                assert not room.hints and room.hints_allowed and room.info()["hints_allowed"]
                update = await ann.start()
                while update.get("to_move") != 0:
                    update = await ann.expect("update")
                await ann.send(t="hint", room=room_id, step=update["step"])
                answer = await ann.expect("hint")
                assert answer["action"] in update["legal"] and room.hints_used == [1, 0]

    run(main())


def snapshot(server, room) -> tuple:
    """All that a refused request must leave as it was."""
    return (
        room.state.digest(),
        repr(room.info()),
        room.deadline,
        room.paused,
        sorted(server.rooms),
        [(s.kind, s.away_since, s.peer is not None) for s in room.seats],
    )


LATEST = [
    ({"t": "stand_in", "room": "R"}, "bad_message"),
    ({"t": "stand_in", "room": "R", "seat": "1"}, "bad_message"),
    ({"t": "stand_in", "room": "R", "seat": -1}, "bad_message"),
    ({"t": "stand_in", "room": "R", "seat": True}, "bad_message"),
    ({"t": "stand_in", "room": "R", "seat": 9}, "bad_message"),
    ({"t": "stand_in", "room": "R", "seat": 1}, "not_absent"),
    ({"t": "stand_in", "room": "R", "seat": 0}, "not_absent"),
    ({"t": "stand_in", "room": "nope", "seat": 1}, "no_such_room"),
    ({"t": "hint", "room": "R"}, "bad_message"),
    ({"t": "hint", "room": "R", "step": "0"}, "bad_message"),
    ({"t": "hint", "room": "R", "step": -1}, "bad_message"),
    ({"t": "hint", "room": "R", "step": 0.0}, "bad_message"),
    ({"t": "hint", "room": "R", "step": 0}, "no_hints"),
    ({"t": "hint", "room": "R", "step": 0, "seat": 1}, "bad_message"),
    ({"t": "pause", "room": "R"}, "bad_message"),
    ({"t": "pause", "room": "R", "paused": "yes"}, "bad_message"),
    ({"t": "pause", "room": "R", "paused": 1}, "bad_message"),
    ({"t": "pause", "room": "R", "paused": True}, "not_alone"),
    ({"t": "create", "game": "quando", "players": 2, "local": "yes"}, "bad_message"),
    ({"t": "create", "game": "quando", "players": 2, "local": 1}, "bad_message"),
    ({"t": "create", "game": "quando", "players": 2, "local": None}, "bad_message"),
    ({"t": "create", "game": "quando", "players": 2, "seed": -1}, "bad_message"),
    ({"t": "create", "game": "quando", "players": 2, "seed": 1.5}, "bad_message"),
    ({"t": "create", "game": "quando", "players": 2, "seed": "7"}, "bad_message"),
    ({"t": "create", "game": "quando", "players": 2, "seed": 7}, "bad_options"),
    ({"t": "create", "game": "quando", "players": 2, "again": "ab"}, "bad_message"),
    ({"t": "create", "game": "quando", "players": 2, "again": 5}, "bad_message"),
    ({"t": "create", "game": "quando", "players": 2, "again": "a" * 64}, "bad_options"),
    ({"t": "create", "game": "quando", "players": 2, "from": "old"}, "bad_message"),
    ({"t": "create", "game": "quando", "players": 2, "from": [1]}, "bad_message"),
    ({"t": "create", "game": "quando", "players": 2, "from": {}}, "bad_options"),
]
"""The requests added last round, malformed or out of place, from the player to move in a
two-person game on a shared server (no chosen seeds, no hints allowed)."""


@pytest.mark.parametrize("message, code", LATEST)
def test_bad_latest_requests_are_refused_and_change_nothing(tmp_path, message, code):
    async def main():
        async with two_player_game(tmp_path) as (server, room, ann, bob):
            before = snapshot(server, room)
            message_ = {k: room.id if v == "R" else v for k, v in message.items()}
            ann.client._send_now({**message_, "id": 78})
            error = await ann.expect("error")
            assert (error["code"], error["re"]) == (code, 78) and error["message"]
            assert snapshot(server, room) == before
            await still_playable(room, ann)

    run(main())


def test_latest_requests_in_the_wrong_state_or_seat_are_refused(tmp_path):
    """A lobby, a spectator, the seat not to move, a stale step: each refused, nothing
    changed."""

    async def main():
        async with two_player_game(tmp_path) as (server, room, ann, bob):
            room.hints = True
            async with Player(server.port, "Cid") as cid:
                lobby = await cid.create("blanco", 2)
                for request, code in [
                    ({"t": "stand_in", "room": lobby, "seat": 0}, "not_seated"),
                    ({"t": "hint", "room": lobby, "step": 0}, "not_started"),
                    ({"t": "pause", "room": lobby, "paused": True}, "not_seated"),
                ]:
                    await cid.send(**request)
                    assert (await cid.expect("error"))["code"] == code
                await cid.send(t="join", room=lobby)
                await cid.expect("seated")
                for request, code in [
                    ({"t": "stand_in", "room": lobby, "seat": 1}, "not_started"),
                    ({"t": "hint", "room": lobby, "step": 0}, "not_started"),
                    ({"t": "pause", "room": lobby, "paused": True}, "not_started"),
                ]:
                    await cid.send(**request)
                    assert (await cid.expect("error"))["code"] == code
                assert not server.rooms[lobby].started
                await cid.send(t="watch", room=room.id)
                await cid.expect("update")
                before = snapshot(server, room)
                for request, code in [
                    ({"t": "stand_in", "seat": 1}, "not_seated"),
                    ({"t": "hint", "step": room.state.step}, "not_seated"),
                    ({"t": "pause", "paused": True}, "not_seated"),
                ]:
                    await cid.send(room=room.id, **request)
                    assert (await cid.expect("error"))["code"] == code
                assert snapshot(server, room) == before
            while room.spectators:  # Cid's connection is gone
                await asyncio.sleep(0.01)
            before = snapshot(server, room)
            for player, request, code in [
                (bob, {"t": "hint", "step": room.state.step}, "not_your_turn"),
                (ann, {"t": "hint", "step": room.state.step + 1}, "future_step"),
            ]:
                await player.send(room=room.id, **request)
                assert (await player.expect("error"))["code"] == code
            assert snapshot(server, room) == before and room.hints_used == [0, 0]
            await still_playable(room, ann)
            await ann.send(t="hint", room=room.id, step=0)
            assert (await ann.expect("error"))["code"] == "stale_step"
            assert room.hints_used == [0, 0]

    run(main())


def origin_of(game: str, players: int, seed: int, step: int) -> dict:
    """A well-formed `from`: step `step` of a game dealt with `seed`."""
    from game.rules import new_game

    state = new_game(game, players, seed, {"target": 40} if game == "quando" else {})
    while state.step < step:
        state.apply(state.legal_actions()[0])
    return {"replay": "0" * 64, "step": step, "mode": "as_it_was", "snapshot": state.to_snapshot()}


@pytest.mark.parametrize(
    "fields, words",
    [
        ({"from": {"replay": "0" * 64, "step": 3, "mode": "as_it_was"}}, "replay, step, mode"),
        ({"from": "ORIGIN", "_from": {"replay": "Z" * 64}}, "64 lower-case hex"),
        ({"from": "ORIGIN", "_from": {"mode": "sideways"}}, "mode is one of"),
        ({"from": "ORIGIN", "_from": {"step": 4}}, "state after step 3"),
        ({"from": "ORIGIN", "_from": {"step": "3"}}, "state after step 3"),
        ({"from": "ORIGIN", "_from": {"snapshot": {"game": "quando"}}}, ""),
        ({"from": "ORIGIN", "players": 3}, "2 players' quando"),
        ({"from": "ORIGIN", "game": "blanco"}, "2 players' quando"),
        ({"again": "g" * 64, "seed": 5}, "hex"),
        ({"again": "a" * 64}, "seed"),
    ],
)
def test_a_bad_deal_again_or_play_on_is_refused_on_a_players_own_server(tmp_path, fields, words):
    """A server that lets its player choose seeds and play on from a step: a bad `from`,
    `again` or `seed` gets a clear error and makes no room."""

    async def main():
        async with running_server(tmp_path, chosen_seeds=True) as server:
            async with Player(server.port, "Ann") as ann:
                message = {
                    "t": "create",
                    "game": "quando",
                    "players": 2,
                    "local": True,
                    "id": 9,
                    **fields,
                }
                if message.get("from") == "ORIGIN":
                    message["from"] = {**origin_of("quando", 2, 11, 3), **message.pop("_from", {})}
                ann.client._send_now(message)
                error = await ann.expect("error")
                assert (error["code"], error["re"]) == ("bad_options", 9)
                assert words in error["message"], error["message"]
                assert server.rooms == {}
                # The same server deals a game played on from a good step.
                room = await ann.create(
                    "quando", 2, local=True, seed=5, **{"from": origin_of("quando", 2, 11, 3)}
                )
                assert server.rooms[room].origin["step"] == 3

    run(main())
