"""A finished local game's deal played again: the same seed, options and bots, in the same
seats or rotated one on."""

from __future__ import annotations

from pathlib import Path

from game.client.hosting import DealAgain, PlayOn, start_local
from game.client.scenes import Host
from game.replay.log import ReplayError, read_replay, replay_hash


def start_deal_again(app: Host, path: Path, seat: int, rotated: bool, quick: bool) -> str | None:
    """Start a new local game with the deal of the game logged at `path`, whose player sat at
    `seat`, each bot at its level (see DealAgain); rotated, the bot that held the player's new
    seat takes the old one. A game played on from another's step goes on from that step again
    (its origin). Returns why it could not be read, if so."""
    try:
        data = path.read_bytes()
        replay = read_replay(path)
    except (OSError, ReplayError) as err:
        return str(err)
    if replay.end is None or "seed" not in replay.end or replay.end.get("result") is None:
        return None
    header = replay.header
    players = header["players"]
    level = header.get("level", "normal")
    levels = [s.get("level") or level for s in header["seats"]]
    new_seat = (seat + 1) % players if rotated else seat
    levels[seat] = levels[new_seat]
    again = DealAgain(
        replay.end["seed"],
        replay_hash(data),
        new_seat,
        replay.end["result"],
        seat,
        tuple(levels),
    )
    origin = header.get("origin")
    app.to_title()  # the old game's server and scene are done with (exit cancels)
    start_local(
        app,
        header["game"],
        players,
        level,
        # the engine completes the options with an unset deck, which a create refuses
        {k: v for k, v in header["options"].items() if not (k == "deck" and v is None)},
        quick=quick,
        again=again,
        play_on=PlayOn(origin, new_seat, tuple(levels)) if origin is not None else None,
    )
    return None
