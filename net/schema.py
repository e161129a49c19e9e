"""The message schema of protocol version 1: every message's fields and what values they take,
the words of every error code, and the validation that every message from the network passes
before anything uses it – which hands it on as its type in net/messages.py."""

from __future__ import annotations

from typing import Any, cast

from game.levels import LEVELS as BOT_LEVELS
from net.messages import (
    Action,
    Bye,
    ClientMessage,
    Error,
    ErrorCode,
    Hint,
    Params,
    Pong,
    Rematch,
    RoomInfo,
    RoomMessage,
    Rooms,
    Seated,
    ServerMessage,
    Welcome,
)

PROTOCOL_VERSION = 1

DEFAULT_GRACE = 25.0
"""Seconds a room waits for a disconnected player before its stand-in bot plays the seat,
unless `create` says otherwise (its `grace`; null there: wait for them)."""

ERRORS: dict[str, str] = {
    # the wire
    "bad_frame": "the bytes are not a frame holding one msgpack object",
    "frame_too_big": "a frame is longer than the server's limit",
    "bad_message": "the message is not a map of the fields its type requires",
    "unknown_type": "the message type is not part of the protocol",
    "hello_first": "the first message must be hello",
    "version_mismatch": "the client speaks another protocol version",
    # limits
    "rate_limited": "too many messages per second; this one was dropped",
    "too_many_connections": "too many connections from this address",
    "too_many_rooms": "the server holds as many rooms as it may",
    "name_too_long": "the player name is longer than the server allows",
    "idle_timeout": "nothing received for too long; the connection is closed",
    # rooms and seats
    "no_such_room": "there is no room with that id",
    "bad_code": "the room is private and the join code is missing or wrong",
    "bad_options": "the game refuses these settings",
    "stacked_deck": "this server does not allow stacked decks (the deck option)",
    "seat_taken": "that seat is not free",
    "no_free_seat": "every seat is taken",
    "not_seated": "you have no seat in this room",
    "already_seated": "you already have a seat in this room",
    "started": "the game has already started",
    "not_started": "the game has not started",
    "not_ready": "every seat must be filled and every player ready",
    "bad_token": "no seat has that token",
    "not_absent": "that seat's player is connected",
    # play
    "not_your_turn": "another seat must decide now",
    "stale_step": "the action answers an earlier step; the game has moved on",
    "future_step": "the action answers a step the game has not reached",
    "illegal_action": "the rules do not allow that action now",
    "game_over": "the game is over",
    "no_hints": "the room's creator did not allow hints while other people play",
    "not_alone": "other people play in this room: only a game alone with bots can be paused",
    # the server
    "shutting_down": "the server is shutting down",
    "internal": "the server failed to handle the message (a bug; the game is unharmed)",
}
"""The words of each error code (net.messages.ErrorCode), by code."""


class ProtocolError(Exception):
    """A message the protocol refuses: `code` (a key of ERRORS) and a human message; for an
    engine's refusal also the message's `template` and its `params` (IllegalAction's), so a
    client can show the reason in its player's language."""

    def __init__(
        self,
        code: ErrorCode,
        message: str | None = None,
        *,
        template: str | None = None,
        params: Params | None = None,
    ) -> None:
        assert code in ERRORS, code
        super().__init__(message or ERRORS[code])
        self.code = code
        self.message = message or ERRORS[code]
        self.template = template
        self.params = params


# -- field checks: each returns an error text or None ----------------------------------------


class Field:
    """One field of a message: whether it may be missing, and what values it takes."""

    def __init__(self, optional: bool = False, nullable: bool = False) -> None:
        self.optional = optional
        self.nullable = nullable

    def problem(self, value: Any) -> str | None:
        raise NotImplementedError


class Int(Field):
    def __init__(self, lo: int = -(2**63), hi: int = 2**64 - 1, **kw: bool) -> None:
        super().__init__(**kw)
        self.lo, self.hi = lo, hi

    def problem(self, value: Any) -> str | None:
        if type(value) is not int or not self.lo <= value <= self.hi:
            return f"an integer from {self.lo} to {self.hi}"
        return None


class Num(Field):
    def __init__(self, lo: float, hi: float, **kw: bool) -> None:
        super().__init__(**kw)
        self.lo, self.hi = lo, hi

    def problem(self, value: Any) -> str | None:
        if type(value) not in (int, float) or not self.lo <= value <= self.hi:
            return f"a number from {self.lo} to {self.hi}"
        return None


class Str(Field):
    def __init__(
        self, lo: int = 0, hi: int = 256, choices: tuple[str, ...] = (), **kw: bool
    ) -> None:
        super().__init__(**kw)
        self.lo, self.hi, self.choices = lo, hi, choices

    def problem(self, value: Any) -> str | None:
        if type(value) is not str or not self.lo <= len(value) <= self.hi:
            return f"a string of {self.lo} to {self.hi} characters"
        if self.choices and value not in self.choices:
            return "one of " + ", ".join(self.choices)
        return None


class Bool(Field):
    def problem(self, value: Any) -> str | None:
        return None if type(value) is bool else "true or false"


class Bytes(Field):
    def __init__(self, size: int, **kw: bool) -> None:
        super().__init__(**kw)
        self.size = size

    def problem(self, value: Any) -> str | None:
        return None if type(value) is bytes and len(value) == self.size else f"{self.size} bytes"


class Plain(Field):
    """Nested plain data (views, events, options): maps with string keys, lists, strings,
    numbers, booleans, None and bytes – bounded in depth and size."""

    def __init__(self, kind: type = object, max_items: int = 100_000, **kw: bool) -> None:
        super().__init__(**kw)
        self.kind, self.max_items = kind, max_items

    def problem(self, value: Any) -> str | None:
        if self.kind is not object and type(value) is not self.kind:
            return "a " + ("map" if self.kind is dict else "list")
        budget = [self.max_items]
        return None if _plain(value, 0, budget) else "plain data within the size limits"


_SCALARS = frozenset((int, float, bool, bytes, type(None)))


def _plain(value: Any, depth: int, budget: list[int]) -> bool:
    budget[0] -= 1
    if budget[0] < 0 or depth > 12:
        return False
    kind = type(value)
    if kind in _SCALARS:
        return True
    if kind is str:
        return len(value) <= 10_000
    if kind is list:
        # Most lists hold plain numbers: check their types in one pass.
        if _SCALARS.issuperset(map(type, value)):
            budget[0] -= len(value)
            return True
        return all(_plain(x, depth + 1, budget) for x in value)
    if kind is dict:
        return all(
            type(k) is str and len(k) <= 64 and _plain(v, depth + 1, budget)
            for k, v in value.items()
        )
    return False


class ActionField(Field):
    """An action as RULES.md encodes it: a verb, then ints, words or lists of ints."""

    def problem(self, value: Any) -> str | None:
        if type(value) is not list or not 1 <= len(value) <= 8:
            return "a list of 1 to 8 items"
        if type(value[0]) is not str or len(value[0]) > 16:
            return "a list starting with a verb"
        for item in value[1:]:
            if type(item) is int and -(2**31) <= item < 2**31:
                continue
            if type(item) is str and len(item) <= 16:
                continue
            if (
                type(item) is list
                and len(item) <= 64
                and all(type(x) is int and -(2**31) <= x < 2**31 for x in item)
            ):
                continue
            return "a list of a verb, then integers, short words or lists of integers"
        return None


ROOM = Str(1, 32)
SEAT = Int(0, 15)
TOKEN = Str(16, 128)
NAME = Str(1, 256)
"""Names are checked against the server's own, shorter limit (error name_too_long)."""

CLIENT_MESSAGES: dict[str, dict[str, Field]] = {
    "hello": {"version": Int(0, 2**31), "name": NAME},
    "list": {},
    "create": {
        "game": Str(1, 16),
        "players": Int(2, 8),
        "options": Plain(dict, 1000, optional=True),
        "code": Str(1, 64, optional=True),
        "timer": Num(0.1, 3600, optional=True, nullable=True),
        "level": Str(choices=BOT_LEVELS, optional=True),
        "grace": Num(0, 3600, optional=True, nullable=True),
        "local": Bool(optional=True),
        "hints": Bool(optional=True),
        "seed": Int(0, 2**64 - 1, optional=True),
        "again": Str(64, 64, optional=True),
        "from": Plain(dict, 20_000, optional=True),
    },
    "join": {"room": ROOM, "seat": Int(0, 15, optional=True), "code": Str(1, 64, optional=True)},
    "watch": {"room": ROOM, "code": Str(1, 64, optional=True)},
    "bot": {"room": ROOM, "seat": SEAT, "level": Str(choices=BOT_LEVELS)},
    "unbot": {"room": ROOM, "seat": SEAT},
    "ready": {"room": ROOM, "ready": Bool()},
    "start": {"room": ROOM},
    "leave": {"room": ROOM},
    "stand_in": {"room": ROOM, "seat": SEAT},
    "act": {"room": ROOM, "step": Int(0, 2**31), "action": ActionField()},
    "hint": {"room": ROOM, "step": Int(0, 2**31)},
    "pause": {"room": ROOM, "paused": Bool()},
    "resume": {"token": TOKEN},
    "sync": {"room": ROOM},
    "rematch": {"room": ROOM},
    "ping": {"n": Int(optional=True)},
}
"""Every message a client may send; each may also carry "id" (an int echoed as "re")."""

SERVER_MESSAGES: dict[str, dict[str, Field]] = {
    "welcome": {"version": Int(), "server": Str(0, 64), "limits": Plain(dict, 100)},
    "rooms": {"rooms": Plain(list)},
    "room": {"room": Plain(dict)},
    "seated": {"room": ROOM, "seat": SEAT, "token": TOKEN, "resumed": Bool()},
    "update": {
        "room": ROOM,
        "step": Int(0, 2**31),
        "events": Plain(list),
        "digest": Bytes(8),
        "to_move": Int(0, 15, nullable=True),
        "view": Plain(dict, optional=True),
        "legal": Plain(list, optional=True),
        "clock": Plain(dict, optional=True, nullable=True),
        "by": Str(choices=("player", "bot"), optional=True),
        "actor": Int(0, 15, optional=True, nullable=True),
        "seed_hash": Bytes(32, optional=True),
        "seed": Int(0, 2**64 - 1, optional=True),
        "missed": Plain(list, optional=True),
        # a whole long game: a Blanco game's steps hold some 10,000 dicts and lists
        "past": Plain(list, max_items=2_000_000, optional=True),
    },
    "error": {
        "code": Str(1, 32),
        "message": Str(0, 1000),
        "template": Str(0, 1000, optional=True),
        "params": Plain(dict, max_items=32, optional=True),
    },
    "pong": {"n": Int(optional=True)},
    "rematch": {"room": ROOM, "from": ROOM},
    # No client reads "words": optional, so that clients from now on accept a hint without it;
    # the server still sends it, as every earlier client requires it.
    "hint": {
        "room": ROOM,
        "step": Int(0, 2**31),
        "action": ActionField(),
        "words": Str(0, 200, optional=True),
        "chance": Num(0, 1, nullable=True),
    },
    "bye": {"code": Str(1, 32), "message": Str(0, 1000)},
}
"""Every message a server may send (clients validate them the same way); a reply to a request
that carried "id" may carry it back as "re"."""


def validate(message: Any, schema: dict[str, dict[str, Field]]) -> dict[str, Any]:
    """`message` if it is a map whose "t" names a message of `schema` with every required
    field present and every field valid; else ProtocolError (bad_message or unknown_type)."""
    if type(message) is not dict:
        raise ProtocolError("bad_message", "a message is a map")
    kind = message.get("t")
    if type(kind) is not str:
        raise ProtocolError("bad_message", 'a message needs a "t" field naming its type')
    fields = schema.get(kind)
    if fields is None:
        raise ProtocolError("unknown_type", f"unknown message type {kind[:32]!r}")
    for name, value in message.items():
        if name in ("t", "id", "re"):
            if name != "t" and (type(value) is not int or not 0 <= value < 2**32):
                raise ProtocolError("bad_message", f'"{name}" must be an integer from 0 to 2**32-1')
            continue
        field = fields.get(name) if type(name) is str else None
        if field is None:
            raise ProtocolError("bad_message", f"{kind}: unknown field {str(name)[:32]!r}")
        if value is None and field.nullable:
            continue
        problem = field.problem(value)
        if problem:
            raise ProtocolError("bad_message", f"{kind}: field {name!r} must be {problem}")
    for name, field in fields.items():
        if not field.optional and name not in message:
            raise ProtocolError("bad_message", f"{kind}: missing field {name!r}")
    return message


def validate_client(message: Any) -> ClientMessage:
    """A message from a client, validated (see `validate`): the message of net.messages
    that its `t` names."""
    # The checks above are what the cast claims: each type's fields (tests/net hold
    # net.messages and CLIENT_MESSAGES to the same fields).
    return cast(ClientMessage, validate(message, CLIENT_MESSAGES))


def request_id(message: Any) -> int | None:
    """The "id" a request carries, for the answer's "re" – None if it has none (or the
    message is not even a map)."""
    if type(message) is dict:
        request = message.get("id")
        if type(request) is int:
            return request
    return None


def validate_server(message: Any) -> ServerMessage:
    """A message from a server, validated (see `validate`): the message of net.messages
    that its `t` names."""
    return cast(ServerMessage, validate(message, SERVER_MESSAGES))


# -- what a server sends: each message is built here, from its fields ---------------------------
# (an update, the one message made of an engine's state, is built by the host's room)


def error(
    code: ErrorCode,
    message: str | None = None,
    re: int | None = None,
    *,
    template: str | None = None,
    params: Params | None = None,
) -> Error:
    """An error message for the wire: `code` (a key of ERRORS) and a human message; with
    `template`, also it and its `params` (the message is the template filled in); `re`
    answers the request whose "id" it was."""
    reply: Error = {"t": "error", "code": code, "message": message or ERRORS[code]}
    if template is not None:
        reply["template"] = template
        reply["params"] = params or {}
    if re is not None:
        reply["re"] = re
    return reply


def welcome(server: str, limits: dict[str, int | float]) -> Welcome:
    """The answer to a hello in this protocol version: the server's version and limits."""
    return {"t": "welcome", "version": PROTOCOL_VERSION, "server": server, "limits": limits}


def rooms(infos: list[RoomInfo]) -> Rooms:
    """The room list: a map per room, as `room` carries one."""
    return {"t": "rooms", "rooms": infos}


def room_message(info: RoomInfo, re: int | None = None) -> RoomMessage:
    """How one room looks now (its seats, whether it started…); `re` answers a `create`."""
    message: RoomMessage = {"t": "room", "room": info}
    if re is not None:
        message["re"] = re
    return message


def seated(room: str, seat: int, token: str, resumed: bool) -> Seated:
    """The receiver plays `seat` of `room` and may come back to it with `token`."""
    return {"t": "seated", "room": room, "seat": seat, "token": token, "resumed": resumed}


def rematch(room: str, old: str) -> Rematch:
    """Room `old`'s players are invited to play again in `room`."""
    return {"t": "rematch", "room": room, "from": old}


def hint(
    room: str, step: int, action: Action, words: str, chance: float | None, re: int | None = None
) -> Hint:
    """The normal bot's suggestion for the receiver's decision at `step`, in `words` as the
    engine puts it, with its estimated win chance (None when not estimated)."""
    message: Hint = {
        "t": "hint",
        "room": room,
        "step": step,
        "action": action,
        "words": words,
        "chance": chance,
    }
    if re is not None:
        message["re"] = re
    return message


def pong(n: int | None) -> Pong:
    """The answer to a ping, echoing its `n`."""
    return {"t": "pong"} if n is None else {"t": "pong", "n": n}


def bye(code: ErrorCode, message: str | None = None) -> Bye:
    """The server ends the conversation (it shuts down, or the seat was taken over)."""
    return {"t": "bye", "code": code, "message": message or ERRORS[code]}
