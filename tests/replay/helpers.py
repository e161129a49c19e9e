"""Replays for the replay tests: recorded with the engine, rewritten with changes, or hosted
by a real server on 127.0.0.1."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from pathlib import Path

import msgpack

from game.host.server import Server
from game.replay.log import MAGIC, Replay, ReplayWriter, Step, read_replay
from game.replay.record import record_game
from net.client import Client


def record(
    folder: Path,
    name: str,
    game: str = "quando",
    players: int = 3,
    seed: int = 7,
    options: dict | None = None,
    **kwargs,
) -> Path:
    """A replay at folder/name recorded with random moves (see record_game)."""
    path = folder / name
    record_game(
        path,
        game,
        players,
        seed,
        {"target": 40} if options is None and game == "quando" else options,
        **kwargs,
    )
    return path


def rewrite(
    replay: Replay,
    path: Path,
    change: Callable[[int, Step], Step] = lambda n, s: s,
    header: dict | None = None,
    end: dict | None = None,
    finish: bool = True,
    hints: tuple[tuple[int, int], ...] = (),
) -> Path:
    """A copy of `replay` at `path` with every step passed through `change(number, step)`,
    and the header or end record replaced when given (end=None keeps the original end;
    finish=False leaves the copy unfinished); each (step, seat) of `hints` is logged as a
    hint given to that seat after that step."""
    writer = ReplayWriter.create(path, header or replay.header)
    for number, step in enumerate(replay.steps, 1):
        for when, seat in hints:
            if when == number - 1:
                writer.hint(seat, when)
        step = change(number, step)
        writer.step(step.seat, step.by_bot, step.action, step.digest)
    end = end or replay.end
    if finish and end is not None:
        writer.finish(end["seed"], end["result"], end["reason"])
    writer.close()
    return path


def record_offsets(path: Path) -> list[int]:
    """The byte offset at which each record starts (the header first), and the file size."""
    data = path.read_bytes()
    unpacker = msgpack.Unpacker(raw=False)
    unpacker.feed(data[len(MAGIC) :])
    offsets = [len(MAGIC)]
    while True:
        try:
            unpacker.skip()
        except msgpack.OutOfData:
            return offsets
        offsets.append(len(MAGIC) + unpacker.tell())


async def _next(client: Client, kind: str) -> dict:
    while True:
        message = await client.recv(10)
        if message["t"] == kind:
            return message
        assert message["t"] != "error", message


async def host_games(
    log_dir: Path,
    games: list[tuple[str, int, dict]],
    *,
    stop_after: int | None = None,
    leave_after: int | None = None,
    seed: int = 1,
) -> list[Path]:
    """Play each (game, players, options) on a real server on 127.0.0.1 logging to `log_dir`:
    seat 0 is a client playing random legal moves, the other seats random bots. With
    `leave_after` the player stops answering after that many of its own moves: the room's
    turn timer runs out and a bot stands in to the end; with `stop_after` the server shuts
    down once the game reaches that step (the game stays unfinished). Returns the logs, in
    the order of `games`."""
    pick = random.Random(seed)
    server = Server(log_dir=log_dir)
    port = await server.start("127.0.0.1", 0)
    paths = []
    try:
        for game, players, options in games:
            client = Client("127.0.0.1", port, "Ann", reconnect=False)
            await client.connect()
            timer = {} if leave_after is None else {"timer": 0.2}
            await client.send(
                {
                    "t": "create",
                    "game": game,
                    "players": players,
                    "options": options,
                    "level": "random",
                    **timer,
                }
            )
            room = (await _next(client, "room"))["room"]["id"]
            await client.send({"t": "join", "room": room})
            await _next(client, "seated")
            for seat in range(1, players):
                await client.send({"t": "bot", "room": room, "seat": seat, "level": "random"})
            await client.send({"t": "ready", "room": room, "ready": True})
            await client.send({"t": "start", "room": room})
            moves = 0
            while True:
                update = await _next(client, "update")
                if "seed" in update or (stop_after is not None and update["step"] >= stop_after):
                    break
                if update.get("legal"):
                    if leave_after is not None and moves >= leave_after:
                        state = server.rooms[room].state
                        while state is not None and not state.is_over:
                            await asyncio.sleep(0.01)
                        break
                    await client.send(
                        {
                            "t": "act",
                            "room": room,
                            "step": update["step"],
                            "action": pick.choice(update["legal"]),
                        }
                    )
                    moves += 1
            log_path = server.rooms[room].log_path
            assert log_path is not None, "the server logs every game it hosts"
            paths.append(log_path)
            await client.close()
    finally:
        await server.close()
    return paths


def host(log_dir: Path, games: list[tuple[str, int, dict]], **kwargs) -> list[Replay]:
    """`host_games` run to completion, the logs read back."""
    return [read_replay(p) for p in asyncio.run(host_games(log_dir, games, **kwargs))]
