"""Recording games without a server – the engine, a seeded random policy and the server's own
ReplayWriter – for golden replays, benchmarks and tests."""

from __future__ import annotations

import random
from pathlib import Path

from game.replay.log import Header, ReplayWriter, SeatInfo, make_header
from game.rules import Options, new_game


def default_seats(players: int) -> list[SeatInfo]:
    """Seats as a quick-play game has them: one player ("Ann") and random bots."""
    bots: list[SeatInfo] = [
        {"name": "Random bot", "kind": "bot", "level": "random"} for _ in range(players - 1)
    ]
    return [{"name": "Ann", "kind": "human", "level": None}, *bots]


def record_game(
    path: Path | str,
    game: str,
    players: int,
    seed: int,
    options: Options | None = None,
    *,
    seats: list[SeatInfo] | None = None,
    policy_seed: int = 0,
    avoid: tuple[str, ...] = (),
    stop_after: int | None = None,
) -> Header:
    """Play one game with uniformly random legal actions (drawn from `policy_seed`) and log
    it at `path` (which must not exist) exactly as the server does. Verbs in `avoid` are
    chosen only when nothing else is legal (e.g. ("knock",) makes long Quando games).
    With `stop_after` the game stops unfinished after that many steps, without an end
    record.

    Returns the game's summary: {"game", "players", "options", "steps", "result"}
    (result None when unfinished). Raises ValueError for a game the engine refuses, and
    OSError when the file cannot be written."""
    state = new_game(game, players, seed, options)
    header = make_header(
        game,
        players,
        state.options,
        seats or default_seats(players),
        seed,
        type(state).WORDS,
        state.digest(),
    )
    writer = ReplayWriter.create(Path(path), header)
    pick = random.Random(policy_seed)
    try:
        while not state.is_over and (stop_after is None or state.step < stop_after):
            legal = state.legal_actions()
            action = pick.choice([a for a in legal if a[0] not in avoid] or legal)
            seat = state.to_move
            assert seat is not None  # a game that is not over has a seat to move
            state.apply(action)
            writer.step(seat, False, action, state.digest())
        if state.is_over:
            writer.finish(seed, state.result)
    finally:
        writer.close()
    return {
        "game": game,
        "players": players,
        "options": state.options,
        "steps": state.step,
        "result": state.result,
    }
