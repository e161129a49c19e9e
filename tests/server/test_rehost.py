"""The host stops mid-game and hosts again from the same log folder – on the same port, where
the clients come back by themselves, or on another, where a client with the seat token does:
every game goes on at the same step and digest with its players in their seats."""

from __future__ import annotations

import asyncio
import signal

from game.host.server import Server
from tests.server.helpers import Player, running_server
from tests.server.test_crash import free_port, start_server


async def resumed(player: Player) -> dict:
    """The full update `player` gets when its seat is given back."""
    while True:
        update = await player.expect("update", timeout=30)
        if "view" in update:
            return update


async def play_some(player: Player, steps: int) -> None:
    """Answer `steps` of `player`'s decisions with its first legal action."""
    while steps:
        update = player.last
        if update.get("legal"):
            await player.send(
                t="act", room=player.room, step=update["step"], action=update["legal"][0]
            )
            steps -= 1
        await player.expect("update")


def test_hosting_again_brings_every_game_back_with_its_players(tmp_path):
    port = free_port()

    async def main():
        proc = start_server(port, tmp_path)
        try:
            async with (
                Player(port, "Ann", retry_for=30) as ann,
                Player(port, "Bob", retry_for=30) as bob,
                Player(port, "Cleo", retry_for=30) as cleo,
            ):
                lan = await ann.host("quando", 3, {2: "random"}, options={"target": 500})
                await bob.send(t="join", room=lan)
                await bob.expect("seated")
                await bob.send(t="ready", room=lan, ready=True)
                await ann.start()
                await bob.expect("update")
                await cleo.host("blanco", 2, {1: "random"})
                await cleo.start()
                await play_some(cleo, 3)
                players = (ann, bob, cleo)
                before = {p.client.name: (p.last["step"], p.last["digest"]) for p in players}
                # The host's program ends (SIGTERM: as closing its window does) and hosts
                # again on the same port: the clients retry and resume by themselves.
                proc.send_signal(signal.SIGTERM)
                proc.wait(10)
                proc = await asyncio.to_thread(start_server, port, tmp_path)
                for player in players:
                    update = await resumed(player)
                    assert (update["step"], update["digest"]) == before[player.client.name]
                    assert update["view"]["seat"] == player.seat
                # Hosting once more, on another port: a client that kept Bob's token (as the
                # client keeps it on disk) takes his seat back there.
                token, step, digest = bob.token, bob.last["step"], bob.last["digest"]
            proc.send_signal(signal.SIGTERM)
            proc.wait(10)
            other = free_port()
            proc = await asyncio.to_thread(start_server, other, tmp_path)
            async with Player(other, "Bob") as again:
                await again.send(t="resume", token=token)
                assert (await again.expect("seated"))["room"] == lan
                update = await resumed(again)
                assert (update["step"], update["digest"]) == (step, digest)
        finally:
            proc.send_signal(signal.SIGTERM)
            proc.wait(10)

    asyncio.run(main())


def test_a_game_goes_on_in_one_server_only_and_each_server_takes_its_kind(tmp_path):
    async def main():
        async with running_server(tmp_path) as first:
            async with Player(first.port, "Ann") as ann:
                local = await ann.create("quando", 2, local=True)
                await ann.send(t="join", room=local, seat=0)
                await ann.expect("seated")
                await ann.send(t="bot", room=local, seat=1, level="random")
                await ann.send(t="ready", room=local, ready=True)
                await ann.start()
                await ann.host("blanco", 2, {1: "random"})
                shared = ann.room
                await ann.start()
                # A second program hosting from the same folder leaves both games alone
                # while the first one goes on with them.
                second = Server(tmp_path)
                await second.start()
                assert not second.rooms
                await second.close()
        quick, lan = Server(tmp_path, restore="local"), Server(tmp_path, restore="shared")
        await quick.start()
        await lan.start()
        assert (set(quick.rooms), set(lan.rooms)) == ({local}, {shared})
        await quick.close()
        await lan.close()

    asyncio.run(main())
