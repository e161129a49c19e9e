"""Play on from a step of a finished game: only on a server that lets its player choose seeds,
as it was or reshuffled; the new game's log names its origin and verifies on its own."""

from __future__ import annotations

import asyncio
import hashlib
import random

import pytest

from game.host.records import reload
from game.host.server import Server
from game.replay.log import read_replay
from game.replay.origin import first_state
from game.replay.playback import open_replay
from game.replay.record import record_game
from game.replay.verify import verify_replay
from game.rules import new_game
from tests.server.helpers import Player, running_server

STEP = 12


def old_game(tmp_path):
    """A finished 3-player Quäsenbö game's replay hash and its state after STEP steps."""
    path = tmp_path / "old.replay"
    record_game(path, "quasenbo", 3, 99, policy_seed=1)
    replay = read_replay(path)
    assert len(replay.steps) > STEP + 5
    state = new_game("quasenbo", 3, 99, replay.header["options"])
    for step in replay.steps[:STEP]:
        state.apply(step.action)
    return hashlib.sha256(path.read_bytes()).hexdigest(), state


async def play_on(server: Server, origin: dict, level: str = "random") -> tuple[dict, dict]:
    """Ann plays on at seat 1 against bots to the end: (her first update, the log's header)."""
    async with Player(server.port, "Ann") as ann:
        room = await ann.create("quasenbo", 3, local=True, **{"from": origin})
        await ann.send(t="join", room=room, seat=1)
        await ann.expect("seated")
        for seat in (0, 2):
            await ann.send(t="bot", room=room, seat=seat, level=level)
        await ann.send(t="ready", room=room, ready=True)
        first = await ann.start()
        await ann.play_until_over(random.Random(3))
        log = server.rooms[room].log_path
    verdict = verify_replay(read_replay(log))
    assert verdict.ok, verdict.problems
    return first, read_replay(log)


@pytest.mark.parametrize("mode", ["as_it_was", "reshuffled"])
def test_playing_on_starts_from_the_step_and_verifies_on_its_own(tmp_path, mode):
    """As it was, the new game starts from the very state of the old one at that step (the
    same cards still to come); reshuffled, from one that differs only in cards no seat had
    seen. Either way Ann's first view is the old game's at that step, and the new log names
    its origin and verifies alone."""
    digest, state = old_game(tmp_path)
    origin = {"replay": digest, "step": STEP, "mode": mode, "snapshot": state.to_snapshot()}

    async def main():
        server = Server(tmp_path / "logs", chosen_seeds=True)
        await server.start("127.0.0.1", 0)
        try:
            return await play_on(server, origin, "easy")
        finally:
            await server.close()

    first, replay = asyncio.run(main())
    assert first["step"] == STEP
    assert first["view"] == state.view(1)
    header = replay.header
    assert {k: header["origin"][k] for k in ("replay", "step", "mode")} == {
        "replay": digest,
        "step": STEP,
        "mode": mode,
    }
    start = first_state(header, replay.end["seed"])
    assert [start.view(s) for s in range(3)] == [state.view(s) for s in range(3)]
    same = start.open_view()["draw"]["cards"] == state.open_view()["draw"]["cards"]
    assert same == (mode == "as_it_was")
    assert (start.digest() == state.digest()) == (mode == "as_it_was")


def test_playing_on_is_refused_where_the_player_cannot_choose_seeds(tmp_path):
    """Anywhere but a local single player's server the creator of a game played on would
    know every card still to come: refused; so is a snapshot of another game."""
    digest, state = old_game(tmp_path)
    origin = {"replay": digest, "step": STEP, "mode": "reshuffled", "snapshot": state.to_snapshot()}

    async def main():
        async with running_server(tmp_path / "public") as server:
            async with Player(server.port, "Ann") as ann:
                await ann.send(t="create", game="quasenbo", players=3, **{"from": origin})
                assert (await ann.expect("error"))["code"] == "bad_options"
        server = Server(tmp_path / "logs", chosen_seeds=True)
        await server.start("127.0.0.1", 0)
        try:
            async with Player(server.port, "Ann") as ann:
                await ann.send(t="create", game="quasenbo", players=4, **{"from": origin})
                assert (await ann.expect("error"))["code"] == "bad_options"
                await ann.send(
                    t="create", game="quasenbo", players=3, **{"from": {**origin, "step": STEP + 1}}
                )
                assert (await ann.expect("error"))["code"] == "bad_options"
        finally:
            await server.close()

    asyncio.run(main())


def test_a_game_played_on_is_restored_from_its_log(tmp_path):
    """A server stopped in the middle of a game played on: the game is rebuilt from its log
    and secrets (its first state from the header's origin) at the same step and state."""
    digest, state = old_game(tmp_path)
    origin = {"replay": digest, "step": STEP, "mode": "reshuffled", "snapshot": state.to_snapshot()}

    async def main():
        server = Server(tmp_path / "logs", chosen_seeds=True)
        await server.start("127.0.0.1", 0)
        try:
            async with Player(server.port, "Ann") as ann:
                room = await ann.create("quasenbo", 3, local=True, **{"from": origin})
                await ann.send(t="join", room=room, seat=1)
                await ann.expect("seated")
                for seat in (0, 2):
                    await ann.send(t="bot", room=room, seat=seat, level="random")
                await ann.send(t="ready", room=room, ready=True)
                update = await ann.start()
                while update["step"] < STEP + 4 and "seed" not in update:
                    if update.get("legal"):
                        await ann.send(
                            t="act", room=room, step=update["step"], action=update["legal"][0]
                        )
                    update = await ann.expect("update")
                played = server.rooms[room].state
                return server.rooms[room].log_path, played.step, played.digest()
        finally:
            await server.close()

    log, step, digest_then = asyncio.run(main())
    reloaded = reload(log)
    try:
        replay = read_replay(log)
        assert not reloaded.finished and reloaded.state.step >= step > STEP
        assert reloaded.state.step == STEP + len(replay.steps)
        assert reloaded.state.digest()[:8] == replay.steps[-1].digest
        assert len(reloaded.history.since(STEP)) == len(replay.steps)
        if reloaded.state.step == step:  # no bot played on after the state was looked at
            assert reloaded.state.digest() == digest_then
    finally:
        reloaded.log.close()


def seen(playback, seat: int, steps: range) -> list[dict]:
    """The events of `steps` (positions of `playback`) as `seat` was shown them."""
    return [event for step in steps for event in playback.events(seat, step)]


def test_the_bots_history_is_what_their_seat_saw_from_the_deal(tmp_path):
    """Played on from a replay in the server's log folder, each seat's history – what its
    bot decides from – is what that seat was shown in the old game up to the step, then in
    the new one: never more (not another seat's cards), and not only from the step. So too
    after a restart, and for a game played on from a game played on; a snapshot that the
    replay found does not lead to is refused."""
    logs = tmp_path / "logs"
    logs.mkdir()
    old_path = logs / "old.ctr"
    record_game(old_path, "quasenbo", 3, 99, policy_seed=1)
    old = open_replay(old_path)
    old.seek(STEP)
    digest = hashlib.sha256(old_path.read_bytes()).hexdigest()
    origin = {
        "replay": digest,
        "step": STEP,
        "mode": "reshuffled",
        "snapshot": old.state().to_snapshot(),
    }

    async def main():
        server = Server(logs, chosen_seeds=True)
        await server.start("127.0.0.1", 0)
        try:
            async with Player(server.port, "Ann") as ann:
                room_id = await ann.create("quasenbo", 3, local=True, **{"from": origin})
                room = server.rooms[room_id]
                before = [room.history_for(s) for s in range(3)]
                await ann.send(
                    t="create",
                    game="quasenbo",
                    players=3,
                    **{
                        "from": {
                            **origin,
                            "snapshot": new_game("quasenbo", 3, 5).to_snapshot() | {"step": STEP},
                        }
                    },
                )
                refused = await ann.expect("error")
            first, replay = await play_on(server, origin)
            room = next(r for r in server.rooms.values() if r.log_path == replay.path)
            after = [room.history_for(s) for s in range(3)]
            later = {
                "replay": hashlib.sha256(replay.path.read_bytes()).hexdigest(),
                "step": STEP + 3,
                "mode": "as_it_was",
            }
            played = open_replay(replay.path)
            played.seek(3)
            async with Player(server.port, "Ann") as ann:
                chained = await ann.create(
                    "quasenbo",
                    3,
                    local=True,
                    **{"from": {**later, "snapshot": played.state().to_snapshot()}},
                )
                again = [server.rooms[chained].history_for(s) for s in range(3)]
            return before, refused, replay, after, again
        finally:
            await server.close()

    before, refused, replay, after, again = asyncio.run(main())
    assert refused["code"] == "bad_options" and "does not lead to" in refused["message"]
    new = open_replay(replay.path)
    for seat in range(3):
        old_part = seen(old, seat, range(1, STEP + 1))
        assert before[seat] == old_part and old_part
        assert after[seat] == old_part + seen(new, seat, range(1, new.length + 1))
        assert again[seat] == old_part + seen(new, seat, range(1, 4))
    assert before[0] != before[1]  # each seat its own share: the cards it drew, not others'
    reloaded = reload(replay.path)
    try:
        assert [
            [e.for_seat(s) for r in reloaded.history.since(0) for e in r.events] for s in range(3)
        ] == after
    finally:
        reloaded.log.close()
