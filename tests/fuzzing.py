"""Fuzzing harness shared by the short run in the tests and the long one in bench/fuzz.py:
hypothesis strategies for hostile input, and four targets – the frame decoder, a connection's
rules, the message validator, and a server with real rooms and engines behind it (a shared
one, and a player's own that lets `create` choose the seed and play on from a step) – that
tally what went wrong. Every request type is sent, the latest ones (`stand_in`, `hint`,
`pause`, `create` with `local`, `seed`, `again` and `from`) with values made to get past
the validator: real snapshots of real games, bent."""

from __future__ import annotations

import asyncio
import struct
from collections import Counter
from dataclasses import dataclass, field

import msgpack
from hypothesis import strategies as st

from game.host.limits import Limits
from game.host.protocol import Connection
from game.host.server import Server
from game.rules import GAMES, new_game
from net.framing import CLIENT_MAX_FRAME, FrameDecoder, FrameError, encode
from net.schema import (
    CLIENT_MESSAGES,
    PROTOCOL_VERSION,
    ActionField,
    Bool,
    Field,
    Int,
    Num,
    ProtocolError,
    Str,
    validate_client,
    validate_server,
)

WORDS = sorted({w for cls in GAMES.values() for w in cls.WORDS})

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.integers(-3, 20),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.binary(max_size=12),
    st.sampled_from(WORDS + ["", "room", "t", "\x00", "é" * 300]),
)
plain = st.one_of(
    scalars,
    st.lists(scalars, max_size=5),
    st.dictionaries(st.text(max_size=6), scalars, max_size=4),
    st.lists(st.lists(scalars, max_size=3), max_size=3),
)
actions = st.one_of(
    st.lists(
        st.one_of(
            st.sampled_from(WORDS), st.integers(-2, 12), st.lists(st.integers(-2, 12), max_size=5)
        ),
        min_size=1,
        max_size=7,
    ),
    plain,
)


def fitting(field: Field) -> st.SearchStrategy:
    """Values of the kind `field` takes (mostly in range), to get past the validator and
    reach the rooms and engines behind it."""
    if isinstance(field, ActionField):
        return actions
    if isinstance(field, Num):
        return st.one_of(st.integers(-5, 500), st.floats(-1, 5000))
    if isinstance(field, Int):
        return st.integers(-2, 20)
    if isinstance(field, Bool):
        return st.booleans()
    if isinstance(field, Str):
        return (
            st.sampled_from(field.choices)
            if field.choices
            else st.one_of(st.text(max_size=30), st.sampled_from(sorted(GAMES)))
        )
    return st.dictionaries(
        st.sampled_from(["target", "max_turns", "deck", "excuse", "hand_size"]), scalars, max_size=3
    )


def _snapshots() -> list[dict]:
    """Real states of each game a few steps in, as `from`'s snapshot carries them."""
    out = []
    for game, players in (("quando", 2), ("blanco", 2), ("quasenbo", 3)):
        state = new_game(game, players, 3, {})
        for step in range(4):
            out.append(state.to_snapshot())
            state.apply(state.legal_actions()[step % len(state.legal_actions())])
    return out


SNAPSHOTS = _snapshots()
HEX = st.text("0123456789abcdef", min_size=64, max_size=64)
hashes = st.one_of(HEX, st.text(min_size=64, max_size=64), st.sampled_from(["A" * 64, "0" * 63]))


@st.composite
def origins(draw) -> dict:
    """A `from` of `create`: a real snapshot with its step, or one with a field bent, left
    out, or added."""
    snapshot = dict(draw(st.sampled_from(SNAPSHOTS)))
    origin: dict = {
        "replay": draw(hashes),
        "step": snapshot.get("step", 0),
        "mode": draw(st.sampled_from(["as_it_was", "reshuffled", "sideways"])),
        "snapshot": snapshot,
    }
    bend = draw(st.integers(0, 6))
    if bend == 1:
        origin["step"] = draw(st.one_of(st.integers(-1, 50), plain))
    elif bend == 2:
        del origin[draw(st.sampled_from(sorted(origin)))]
    elif bend == 3:
        origin[draw(st.text(max_size=6))] = draw(plain)
    elif bend == 4:
        key = draw(st.sampled_from(sorted(snapshot)))
        snapshot[key] = draw(plain)
    return origin


LATEST = {
    "from": origins(),
    "again": hashes,
    "seed": st.integers(0, 2**64 - 1),
    "local": st.booleans(),
}
"""Values that get past the validator for the latest `create` fields."""


@dataclass(frozen=True)
class RoomRef:
    """Stands for "the k-th room the server has" until the message is sent, so that what
    is generated does not depend on the server's state (hypothesis needs that)."""

    k: int


@dataclass(frozen=True)
class Solo:
    """Stands for the room where one peer plays alone against a bot (see ServerTarget)."""


@dataclass(frozen=True)
class Now:
    """Stands for that room's step plus `delta`, until the message is sent."""

    delta: int


@st.composite
def latest(draw) -> tuple[int, dict]:
    """(a peer, a request) of the latest kinds, aimed where it may be accepted: `create`
    well formed but for its latest fields; `stand_in`, `hint` and `pause` at the room of a
    player alone with a bot, mostly from that player (peer 5), with fields right or bent."""
    kind = draw(st.sampled_from(["create", "stand_in", "hint", "pause"]))
    if kind == "create":
        message: dict = {
            "t": "create",
            "game": draw(st.sampled_from(sorted(GAMES))),
            "players": draw(st.integers(2, 4)),
        }
        for name, values in LATEST.items():
            if draw(st.booleans()):
                message[name] = draw(
                    st.one_of(values, plain) if draw(st.integers(0, 5)) == 0 else values
                )
        return draw(st.integers(0, 6)), message
    good = {
        "stand_in": st.integers(0, 2),
        "hint": st.sampled_from([0, 0, 0, -1, 1]).map(Now),
        "pause": st.booleans(),
    }[kind]
    name = {"stand_in": "seat", "hint": "step", "pause": "paused"}[kind]
    message = {"t": kind, "room": Solo(), name: draw(good if draw(st.integers(0, 5)) else plain)}
    return draw(st.sampled_from([5, 5, 5, 0, 6])), message


@st.composite
def messages(draw, rooms: bool = False) -> dict:
    """A message that looks like a client's: a known or unknown type, fields of the right or
    the wrong kind, and (with `rooms`) references to the server's real rooms."""
    kind = draw(st.sampled_from(sorted(CLIENT_MESSAGES) + ["fly", ""]))
    fields = CLIENT_MESSAGES.get(kind, {})
    message: dict = {"t": kind}
    for name in fields:
        if draw(st.integers(0, 9)) == 0:
            continue  # leave it out
        if name == "room" and rooms and draw(st.booleans()):
            message[name] = RoomRef(draw(st.integers(0, 100)))
        elif name == "step":
            message[name] = draw(st.one_of(st.integers(0, 400), plain))
        elif kind == "create" and name in LATEST and draw(st.integers(0, 4)):
            message[name] = draw(LATEST[name])
        elif draw(st.integers(0, 4)):
            message[name] = draw(fitting(fields[name]))
        else:
            message[name] = draw(plain)
    if draw(st.integers(0, 7)) == 0:
        message[draw(st.text(max_size=6))] = draw(plain)
    return message


@dataclass
class Tally:
    """What a fuzz run found: inputs tried and every kind of failure."""

    inputs: int = 0
    crashes: list[str] = field(default_factory=list)  # exceptions that escaped
    unhandled: list[str] = field(default_factory=list)  # caught only by the last resort
    changed_by_refusal: list[str] = field(default_factory=list)
    outcomes: Counter = field(default_factory=Counter)

    @property
    def clean(self) -> bool:
        return not (self.crashes or self.unhandled or self.changed_by_refusal)


def fuzz_frames(tally: Tally, data: bytes, cuts: list[int]) -> None:
    """Feed `data` to a frame decoder in pieces: only FrameError may come out."""
    tally.inputs += 1
    decoder = FrameDecoder(4096)
    try:
        start = 0
        for cut in sorted(cuts) + [len(data)]:
            decoder.feed(data[start:cut])
            start = max(start, cut)
        tally.outcomes["frames read"] += 1
    except FrameError as err:
        tally.outcomes[err.code] += 1
    except Exception as err:  # anything else is a bug in the decoder
        tally.crashes.append(f"frame decoder: {err!r} on {data[:60]!r}")


def fuzz_connection(tally: Tally, data: bytes, cuts: list[int]) -> None:
    """Feed `data` in pieces, after a hello, to a connection's rules (a second apart, so that
    the rate never drops a message): nothing but requests may come out, and what it writes
    back must be valid server messages."""
    tally.inputs += 1
    rules = Connection(Limits(max_frame=4096), "fuzz", now=0.0)
    rules.receive_data(encode({"t": "hello", "version": PROTOCOL_VERSION, "name": "F"}), 0.0)
    try:
        start = 0
        for now, cut in enumerate(sorted(cuts) + [len(data)]):
            rules.receive_data(data[start:cut], float(now))
            start = max(start, cut)
            tally.outcomes["requests"] += sum(1 for _ in rules.requests())
        rules.receive_eof()
        for reply in FrameDecoder(CLIENT_MAX_FRAME).feed(rules.data_to_send()):
            validate_server(reply)
            tally.outcomes[reply.get("code", reply["t"])] += 1
    except Exception as err:  # anything else is a bug in the rules
        tally.crashes.append(f"connection: {err!r} on {data[:60]!r}")


def _framed(message: dict) -> bytes:
    try:
        return encode(message)
    except (TypeError, ValueError, OverflowError):  # msgpack cannot carry it: an empty frame
        return struct.pack(">I", 0)


def frame_inputs() -> st.SearchStrategy:
    """Bytes: random, or frames around real messages with lengths and bodies bent."""
    real = st.builds(_framed, messages())
    bent = st.tuples(real, st.integers(0, 2**32 - 1), st.binary(max_size=30)).map(
        lambda t: struct.pack(">I", t[1] % 6000) + t[0][4:] + t[2]
    )
    return st.tuples(
        st.one_of(st.binary(max_size=300), real, bent, st.lists(real, max_size=4).map(b"".join)),
        st.lists(st.integers(0, 300), max_size=5),
    )


def fuzz_validator(tally: Tally, message) -> None:
    """Validate `message`: it is accepted as it is, or ProtocolError – never anything else."""
    tally.inputs += 1
    try:
        # What the decoder could hand over: msgpack must be able to carry it.
        message = msgpack.unpackb(msgpack.packb(message, use_bin_type=True), strict_map_key=False)
    except (TypeError, ValueError, OverflowError):
        tally.outcomes["not msgpack"] += 1
        return
    try:
        validate_client(message)
        tally.outcomes["valid"] += 1
    except ProtocolError as err:
        tally.outcomes[err.code] += 1
    except Exception as err:
        tally.crashes.append(f"validator: {err!r} on {message!r:.200}")


class Peer:
    """A client as the server sees it, with no socket: the real connection rules
    (game/host/protocol.py), and what they would write, decoded into `inbox`."""

    def __init__(self, limits: Limits) -> None:
        self.rules = Connection(limits, "fuzz", now=0.0)
        self.address = "127.0.0.1"
        self.rooms: set[str] = set()
        self.inbox: list[dict] = []
        self._decoder = FrameDecoder(CLIENT_MAX_FRAME)

    @property
    def name(self) -> str:
        return self.rules.name

    def send(self, message: dict) -> None:
        self.rules.send(message)

    def refuse(
        self,
        code: str,
        message: str | None = None,
        re: int | None = None,
        *,
        template: str | None = None,
        params: dict[str, int | str] | None = None,
    ) -> None:
        self.rules.refuse(code, message, re, template=template, params=params)

    def close(self) -> None:
        self.rules.close()

    def collect(self) -> list[dict]:
        """What the rules wrote since the last call (also kept in `inbox`)."""
        received = self._decoder.feed(self.rules.data_to_send())
        self.inbox += received
        return received


class ServerTarget:
    """A Server with rooms of all three games, each with two seated peers, and a room where
    one of them plays alone against a random bot (where `pause` and `hint` are allowed),
    driven by hand through the same path as the sockets': each peer's connection rules, then
    the server's request handler. A peer whose connection closes is replaced by a new one.
    `chosen_seeds`: a player's own server (see Server)."""

    def __init__(self, chosen_seeds: bool = False) -> None:
        self.server = Server(None, Limits(max_rooms=40), chosen_seeds=chosen_seeds)
        self.clock = 0.0
        self.peers = [self.new_peer(f"P{i}") for i in range(6)] + [self.new_peer(None)]
        for game in GAMES:
            self.open_room(game)
        self.open_solo_room()

    def new_peer(self, name: str | None) -> Peer:
        """A connected peer, greeted as `name` (None: not greeted)."""
        peer = Peer(self.server.limits)
        self.server.admit(peer)
        if name is not None:
            self.deliver(peer, encode({"t": "hello", "version": PROTOCOL_VERSION, "name": name}))
        return peer

    def deliver(self, peer: Peer, data: bytes) -> list[dict]:
        """`data` arrives from `peer` (within the rate); what it is sent in reply."""
        self.clock += 0.05
        peer.rules.receive_data(data, self.clock)
        for request in peer.rules.requests():
            self.server.handle(peer, request)
        return peer.collect()

    def request(self, peer: Peer, message: dict) -> list[dict]:
        return self.deliver(peer, encode(message))

    def open_room(self, game: str) -> None:
        host, guest = (
            self.peers[:2]
            if game == "quando"
            else self.peers[2:4]
            if game == "blanco"
            else self.peers[4:6]
        )
        room = self.request(host, {"t": "create", "game": game, "players": 2})[-1]["room"]["id"]
        for peer in (host, guest):
            self.request(peer, {"t": "join", "room": room})
            self.request(peer, {"t": "ready", "room": room, "ready": True})
        self.request(host, {"t": "start", "room": room})

    def open_solo_room(self) -> None:
        """The last named peer against a random bot, at Quäsenbö."""
        peer = self.peers[5]
        room = self.request(peer, {"t": "create", "game": "quasenbo", "players": 2, "local": True})[
            -1
        ]["room"]["id"]
        self.request(peer, {"t": "join", "room": room, "seat": 0})
        self.request(peer, {"t": "bot", "room": room, "seat": 1, "level": "random"})
        self.request(peer, {"t": "ready", "room": room, "ready": True})
        self.request(peer, {"t": "start", "room": room})

    def solo_room(self):
        """The live room of a peer alone with a bot, if there is one."""
        return next(
            (
                r
                for r in self.server.rooms.values()
                if r.local and r.state and not r.state.is_over and r.seats[0].peer is not None
            ),
            None,
        )

    def fingerprint(self) -> dict:
        return {
            rid: (room.state.digest() if room.state else None, repr(room.info()))
            for rid, room in self.server.rooms.items()
        }

    def feed(self, tally: Tally, peer_index: int, message) -> None:
        """Send `message` as one peer; a refusal must leave every room as it was (a peer
        that is cut off leaves its rooms only after the check)."""
        tally.inputs += 1
        index = peer_index % len(self.peers)
        peer = self.peers[index]
        if isinstance(message, dict) and isinstance(message.get("room"), RoomRef):
            rooms = list(self.server.rooms)
            message["room"] = rooms[message["room"].k % len(rooms)] if rooms else "none"
        if isinstance(message, dict) and isinstance(message.get("room"), Solo):
            solo = self.solo_room()
            message["room"] = solo.id if solo is not None else "none"
            if isinstance(message.get("step"), Now):
                step = solo.state.step if solo is not None and solo.state else 0
                message["step"] = max(0, step + message["step"].delta)
        try:
            data = encode(message)
        except (TypeError, ValueError, OverflowError):
            tally.outcomes["not msgpack"] += 1
            return
        if isinstance(message, dict):
            tally.outcomes[f"sent {message.get('t')}"] += 1
        before = self.fingerprint()
        try:
            replies = self.deliver(peer, data)
        except Exception as err:
            tally.crashes.append(f"server: {err!r} on {message!r:.200}")
            return
        errors = [m for m in replies if m["t"] == "error"]
        for error in errors:
            tally.outcomes[error["code"]] += 1
            if error["code"] == "internal":
                tally.unhandled.append(f"server: internal error on {message!r:.200}")
        if errors and self.fingerprint() != before:
            tally.changed_by_refusal.append(f"refused {message!r:.200} but a room changed")
        if not errors:
            tally.outcomes["accepted " + str(message.get("t"))] += 1
        if peer.rules.closing:
            self.server.forget(peer)
            self.peers[index] = self.new_peer(f"P{index}" if index < 6 else None)
        self.keep_going()

    def play_legal(self, tally: Tally, choice: int) -> None:
        """Advance a game with a legal action, so the fuzzer sees every phase."""
        rooms = [
            r
            for r in self.server.rooms.values()
            if r.state and not r.state.is_over and r.seats[r.state.to_move].peer in self.peers
        ]
        if not rooms:
            return
        room = rooms[choice % len(rooms)]
        seat = room.state.to_move
        legal = room.state.legal_actions()
        self.feed(
            tally,
            self.peers.index(room.seats[seat].peer),
            {
                "t": "act",
                "room": room.id,
                "step": room.state.step,
                "action": legal[choice % len(legal)],
            },
        )

    def keep_going(self) -> None:
        """Replace finished or abandoned games, and keep the peers' inboxes small."""
        for game in GAMES:
            live = [
                r
                for r in self.server.rooms.values()
                if r.game == game
                and r.state
                and not r.state.is_over
                and all(s.peer for s in r.seats)
            ]
            if not live and len(self.server.rooms) < 30:
                for peer in self.peers:
                    peer.rooms.clear()
                self.open_room(game)
        if self.solo_room() is None and len(self.server.rooms) < 30:
            self.open_solo_room()
        for peer in self.peers:
            del peer.inbox[:-50]


def run_server_target(steps, chosen_seeds: bool = False) -> None:
    """Run `steps(target)` inside an event loop, as the server's bot scheduling expects."""

    async def main() -> None:
        target = ServerTarget(chosen_seeds)
        steps(target)
        await target.server.close()

    asyncio.run(main())
