"""A step's updates packed from shared parts (`send_packed`) are the very bytes that packing
each seat's own update makes: the same room played twice, once with peers that take packed
messages and once with peers that take messages."""

from __future__ import annotations

import random

import pytest

from game.host.room import PACK_SHARED_FROM, Room
from net.framing import FrameDecoder, encode, frame


class Peer:
    """A connection that keeps the frames of what the room sends it."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.frames: list[bytes] = []

    def send(self, message: dict) -> None:
        self.frames.append(encode(message))

    def close(self) -> None:
        pass


class FramePeer(Peer):
    """A connection that also takes messages already encoded, as the server's do."""

    def send_packed(self, body: bytes) -> None:
        self.frames.append(frame(body))
        self.packed += 1

    packed = 0


def play(game: str, players: int, kind: type[Peer], moves: int) -> list[Peer]:
    """A game with a bot at the last seat, a player away at seat 0 from step 5 on, and
    spectators enough for the updates to be packed from shared parts (PACK_SHARED_FROM),
    played with the same random moves every time; its peers, spectators last."""
    room = Room("r1", game, players, {}, chosen_seed=7)
    peers = [kind(f"p{n}") for n in range(players - 1)]
    for seat, peer in enumerate(peers):
        room.join(peer, seat, None)
        room.set_ready(peer, True)
    room.add_bot(peers[0], players - 1, "random")
    spectators = [kind(f"watcher {n}") for n in range(PACK_SHARED_FROM - 1)]
    room.start(peers[0])
    for spectator in spectators:
        room.watch(spectator, None)
    pick = random.Random(3)
    state = room.state
    assert state is not None
    for _ in range(moves):
        if state.is_over:
            break
        if state.step == 5:
            room.seats[0].away_since = state.step
        keys = state.legal_keys()
        action = list(keys[pick.randrange(len(keys))])
        mover = state.to_move
        if mover == players - 1 or room.seats[mover].away:
            room.bot_act(mover, state.step, action)
        else:
            room.act(peers[mover], state.step, action)
    return peers + spectators


@pytest.mark.parametrize(
    "game,players",
    [("quando", 2), ("quando", 4), ("blanco", 2), ("blanco", 4), ("quasenbo", 3), ("quasenbo", 4)],
)
def test_packed_step_updates_are_the_bytes_of_each_seats_update(game, players):
    framed = play(game, players, FramePeer, 400)
    plain = play(game, players, Peer, 400)
    for a, b in zip(framed, plain, strict=True):
        assert len(updates(a)) == len(updates(b)) > 5
        assert updates(a) == updates(b)
        assert a.packed > 5  # the shared parts' path was taken, for every member
    first = [FrameDecoder(1 << 24).feed(f)[0] for f in updates(framed[0])]
    assert any("legal" in u for u in first) and any(u.get("by") == "bot" for u in first)


def updates(peer: Peer) -> list[bytes]:
    """The frames of the updates `peer` was sent (seat tokens differ from game to game)."""
    return [f for f in peer.frames if FrameDecoder(1 << 24).feed(f)[0]["t"] == "update"]
