"""Each server limit refuses the offender alone with its error code; the command line refuses
bad flags clearly."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest

from net.client import Client
from tests.server.helpers import Player, Raw, frame, packed, running_server
from tests.server.test_crash import free_port

ROOT = Path(__file__).resolve().parents[2]


async def playing(server) -> tuple[Player, str]:
    """A player in a running game against a bot, for checking others are unaffected."""
    ann = Player(server.port, "Ann")
    await ann.__aenter__()
    room = await ann.host("quando", 2, {1: "random"})
    await ann.start()
    return ann, room


async def unaffected(server, ann: Player, room: str) -> None:
    step = server.rooms[room].state.step
    while not ann.last.get("legal"):
        await ann.expect("update")
    await ann.send(t="act", room=room, step=ann.last["step"], action=ann.last["legal"][0])
    await ann.expect("update")
    assert server.rooms[room].state.step > step


def test_rooms_per_server(tmp_path):
    async def main():
        async with running_server(tmp_path, max_rooms=2) as server:
            ann, room = await playing(server)
            raw = await Raw.open(server.port)
            raw.send({"t": "create", "game": "blanco", "players": 2})
            assert (await raw.recv())["t"] == "room"
            raw.send({"t": "create", "game": "blanco", "players": 2})
            error = await raw.error()
            assert error["code"] == "too_many_rooms" and "2" in error["message"]
            assert len(server.rooms) == 2
            await unaffected(server, ann, room)
            await ann.__aexit__()

    asyncio.run(main())


def test_connections_per_address(tmp_path):
    async def main():
        async with running_server(tmp_path, max_conns_per_ip=3) as server:
            ann, room = await playing(server)
            others = [await Raw.open(server.port) for _ in range(2)]
            extra = await Raw.open(server.port, hello=False)
            assert (await extra.error())["code"] == "too_many_connections"
            assert await extra.closed()
            others[0].send({"t": "ping", "n": 5})
            assert (await others[0].recv()) == {"t": "pong", "n": 5}
            await unaffected(server, ann, room)
            others[1].close()
            await asyncio.sleep(0.1)
            again = await Raw.open(server.port)  # a freed place can be taken again
            again.send({"t": "ping"})
            assert (await again.recv())["t"] == "pong"
            await ann.__aexit__()

    asyncio.run(main())


def test_frame_size(tmp_path):
    async def main():
        async with running_server(tmp_path, max_frame=2048) as server:
            ann, room = await playing(server)
            raw = await Raw.open(server.port)
            raw.send(
                {"t": "create", "game": "quando", "players": 2, "options": {"deck": ["0/1"] * 300}}
            )  # about 1,250 bytes: allowed
            assert (await raw.error())["code"] == "stacked_deck"
            raw.send(
                {"t": "create", "game": "quando", "players": 2, "options": {"deck": ["0/1"] * 600}}
            )  # about 2,450 bytes
            error = await raw.error()
            assert error["code"] == "frame_too_big" and "2048" in error["message"]
            assert await raw.closed()
            await unaffected(server, ann, room)
            await ann.__aexit__()

    asyncio.run(main())


def test_name_length(tmp_path):
    async def main():
        async with running_server(tmp_path, max_name=5) as server:
            raw = await Raw.open(server.port, hello=False)
            raw.send({"t": "hello", "version": 1, "name": "Annabel"})
            assert (await raw.error())["code"] == "name_too_long"
            raw.send({"t": "list"})
            assert (await raw.error())["code"] == "hello_first"  # still not greeted
            raw.send({"t": "hello", "version": 1, "name": "Ann"})
            assert (await raw.recv())["t"] == "welcome"

    asyncio.run(main())


def test_idle_connections_are_closed_and_pinging_ones_are_not(tmp_path):
    async def main():
        async with running_server(tmp_path, idle=0.5) as server:
            quiet = await Raw.open(server.port)
            busy = await Raw.open(server.port)
            for _ in range(8):
                await asyncio.sleep(0.15)
                busy.send({"t": "ping"})
            assert (await quiet.error())["code"] == "idle_timeout"
            assert await quiet.closed()
            busy.send({"t": "ping", "n": 1})
            while (message := await busy.recv()) != {"t": "pong", "n": 1}:
                assert message["t"] == "pong"

    asyncio.run(main())


def test_messages_per_second(tmp_path):
    async def main():
        async with running_server(tmp_path, rate=5, burst=8) as server:
            ann, room = await playing(server)
            raw = await Raw.open(server.port)
            raw.send_bytes(frame(packed({"t": "ping"})) * 30)
            kinds = [(await raw.recv())["t"] for _ in range(8)]
            assert kinds == ["pong"] * 7 + ["error"]  # the hello took one of the burst
            await asyncio.sleep(0.5)  # the bucket refills
            raw.send({"t": "ping", "n": 9})
            while (message := await raw.recv())["t"] != "pong" or message.get("n") != 9:
                pass
            await unaffected(server, ann, room)
            await ann.__aexit__()

    asyncio.run(main())


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(ROOT / "server.py"), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_help_names_every_flag():
    done = cli("--help")
    assert done.returncode == 0
    for flag in (
        "--host",
        "--port",
        "--log-dir",
        "--max-rooms",
        "--max-conns-per-ip",
        "--rate",
        "--max-frame",
        "--max-name",
        "--idle",
        "--fsync",
        "--event-loop",
    ):
        assert flag in done.stdout


def test_the_limit_flags_are_the_limits_every_client_is_told(tmp_path):
    """server.py's limit flags reach the server: its welcome carries what they say."""
    chosen = {
        "max_rooms": 7,
        "max_conns_per_ip": 9,
        "rate": 12.5,
        "burst": 30,
        "max_frame": 70000,
        "max_name": 11,
        "idle": 33.0,
    }
    flags = [f"--{name.replace('_', '-')}={value}" for name, value in chosen.items()]
    port = free_port()
    args = ["--host", "127.0.0.1", "--port", str(port), "--log-dir", str(tmp_path), *flags]
    with subprocess.Popen(
        [sys.executable, str(ROOT / "server.py"), *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    ) as proc:
        try:
            assert "listening on" in proc.stdout.readline()

            async def welcome() -> dict:
                client = Client("127.0.0.1", port, "Ann")
                try:
                    return dict(await client.connect())
                finally:
                    await client.close()

            told = asyncio.run(welcome())["limits"]
        finally:
            proc.terminate()
    assert {name: told[name] for name in chosen} == chosen


@pytest.mark.parametrize(
    "args, words",
    [
        (["--port", "99999"], "--port must be from 0 to 65535"),
        (["--port", "seven"], "invalid int value"),
        (["--max-rooms", "0"], "must be above zero"),
        (["--rate", "-3"], "must be above zero"),
        (["--idle", "soon"], "is not a number"),
        (["--colour", "red"], "unrecognized arguments"),
        (["--event-loop", "twisted"], "invalid choice"),
        (["--log-dir", "/proc/no/such/place"], "--log-dir"),
    ],
)
def test_bad_flags_are_clear_errors(args, words):
    done = cli(*args)
    assert done.returncode == 2
    assert words in done.stderr and "Traceback" not in done.stderr
