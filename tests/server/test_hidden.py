"""No frame the server sends a seat carries a card that seat cannot see (docs/rules.md)."""

from __future__ import annotations

import asyncio
import random

import pytest

from game.replay.log import read_replay
from game.rules import new_game
from game.rules.quando import CARDS, CODE
from tests.rules.decks import stack
from tests.server.helpers import Player, running_server


async def quando_frames_for_seat_0(tmp_path, deck: list[str]) -> list[dict]:
    """Every message seat 0 gets until the first round ends, in a 2-player game where seat 0
    plays its first card (knocking after four plays) and seat 1 plays its last card."""
    async with running_server(tmp_path, allow_stacked_decks=True) as server:
        async with Player(server.port, "Ann") as ann, Player(server.port, "Bob") as bob:
            room = await ann.host("quando", 2, options={"deck": deck})
            await bob.send(t="join", room=room)
            await bob.expect("seated")
            await bob.send(t="ready", room=room, ready=True)
            await ann.start()
            state = server.rooms[room].state
            received: list[dict] = []
            while state.round == 0:
                mover = ann if state.to_move == 0 else bob
                legal = state.legal_actions()
                if ["knock"] in legal and mover is ann and state.plays[0] >= 4:
                    action = ["knock"]
                elif legal[0][0] == "draw":
                    action = ["draw", "up"]
                elif mover is ann:
                    action = ["play", [0]]
                else:
                    action = ["play", [len(state.hands[1]) - 1]]
                await mover.send(t="act", room=room, step=state.step, action=action)
                await ann.expect("update")
                await bob.expect("update")
            # Everything seat 0 was sent, up to (not including) the round's end, which shows
            # every hand by the rules.
            for message in ann.updates[:-1]:
                received.append(
                    {k: v for k, v in message.items() if k not in ("room", "seed_hash")}
                )
            return received


def test_quando_frames_do_not_depend_on_the_others_hidden_fronts(tmp_path):
    # Seat 1 is dealt cards 1, 3, 5, …; "5/1" and "5/2" both show the back 5 to seat 0.
    # Deck B swaps their hidden fronts. Seat 1 never plays them in the first round.
    canonical = [CODE[c] for c in CARDS]
    normal = lambda code: tuple(sorted(code.split("/")))  # noqa: E731
    top = ["0/1", "5/1", "0/2", "5/2"]
    deck_a = stack(top, canonical, normal)
    deck_b = stack(["0/1", "5/2", "0/2", "5/1"], canonical, normal)
    frames_a = asyncio.run(quando_frames_for_seat_0(tmp_path / "a", deck_a))
    frames_b = asyncio.run(quando_frames_for_seat_0(tmp_path / "b", deck_b))
    assert len(frames_a) > 12
    assert frames_a == frames_b
    # …while seat 1's own fronts differ, so the test would notice a leak:
    assert new_game("quando", 2, 1, {"deck": deck_a}).view(1) != new_game(
        "quando", 2, 1, {"deck": deck_b}
    ).view(1)


def hidden_codes(game: str, snapshot: dict, seat: int) -> set[str]:
    """The card codes `seat` cannot see in `snapshot` (RULES.md, "Who sees what")."""
    hidden = set(snapshot["draw"])
    hidden |= {c for i, hand in enumerate(snapshot["hands"]) if i != seat for c in hand}
    if game == "blanco":
        for owner, grid in enumerate(snapshot["grids"]):
            for code, up, known in zip(grid["cards"], grid["up"], grid["known"]):
                if not up and not (known and owner == seat):
                    hidden.add(code)
    return hidden


def strings_in(obj) -> set[str]:
    if isinstance(obj, str):
        return {obj}
    if isinstance(obj, dict):
        return set().union(*(strings_in(v) for v in obj.values())) if obj else set()
    if isinstance(obj, list):
        return set().union(*(strings_in(v) for v in obj)) if obj else set()
    return set()


@pytest.mark.parametrize(
    "game, players, options",
    [
        ("blanco", 3, {"max_turns": 90}),
        ("quasenbo", 4, {"excuse": True, "pawns": True}),
    ],
)
def test_no_frame_names_a_card_its_seat_cannot_see(tmp_path, game, players, options):
    async def main():
        async with running_server(tmp_path) as server:
            async with Player(server.port, "Ann") as ann, Player(server.port, "Spec") as spec:
                room = await ann.host(
                    game, players, {s: "random" for s in range(1, players)}, options=options
                )
                await spec.send(t="watch", room=room)
                await spec.expect("room")
                await ann.start()
                final = await ann.play_until_over(random.Random(5))
                while "seed" not in (spec.last or {}):
                    await spec.expect("update")
                return server.rooms[room].log_path, final["seed"], ann.updates, spec.updates

    log, seed, to_seat, to_spectator = asyncio.run(main())
    # Rebuild the state at every step from the log, and check each frame against it.
    replay = read_replay(log)
    state = new_game(game, players, seed, options)
    snapshots = [state.to_snapshot()]
    for step in replay.steps:
        state.apply(step.action)
        snapshots.append(state.to_snapshot())
    checked = 0
    for seat, frames in ((0, to_seat), (None, to_spectator)):
        for frame in frames:
            hidden = hidden_codes(game, snapshots[frame["step"]], -1 if seat is None else seat)
            leaked = strings_in(frame) & hidden
            assert not leaked, f"step {frame['step']} shows seat {seat} {sorted(leaked)}"
            checked += 1
    assert checked > 50
