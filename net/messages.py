"""Every message of protocol version 1 (docs/protocol.md) as a type: what each side sends,
field by field, and the words its fields take. net/schema.py checks a message from the network
against its fields and hands it on as one of these; the tables of docs/protocol.md say what
each field means.

The schema checks each message's own fields; a nested map (a room map, a clock, a step of
`past`) it checks as plain data only, and its type here says what a server puts there. A view
and an event are the game's business (game.rules): here they are opaque maps, so that a
program speaking the protocol loads no engine."""

# No `from __future__ import annotations`: TypedDict reads NotRequired from the annotations
# themselves (on Python 3.11 a string annotation would make every key required).

from collections.abc import Mapping, Sequence
from typing import Any, Literal, NotRequired, TypedDict, get_args

from game.levels import Level

# -- the words fields take ------------------------------------------------------------------

ClientType = Literal[
    "hello",
    "list",
    "create",
    "join",
    "watch",
    "bot",
    "unbot",
    "ready",
    "start",
    "leave",
    "stand_in",
    "act",
    "hint",
    "pause",
    "resume",
    "sync",
    "rematch",
    "ping",
]
"""The `t` of a message a client sends."""

ServerType = Literal[
    "welcome", "rooms", "room", "seated", "update", "error", "pong", "rematch", "hint", "bye"
]
"""The `t` of a message a server sends."""

ErrorCode = Literal[
    # the wire
    "bad_frame",
    "frame_too_big",
    "bad_message",
    "unknown_type",
    "hello_first",
    "version_mismatch",
    # limits
    "rate_limited",
    "too_many_connections",
    "too_many_rooms",
    "name_too_long",
    "idle_timeout",
    # rooms and seats
    "no_such_room",
    "bad_code",
    "bad_options",
    "stacked_deck",
    "seat_taken",
    "no_free_seat",
    "not_seated",
    "already_seated",
    "started",
    "not_started",
    "not_ready",
    "bad_token",
    "not_absent",
    # play
    "not_your_turn",
    "stale_step",
    "future_step",
    "illegal_action",
    "game_over",
    "no_hints",
    "not_alone",
    # the server
    "shutting_down",
    "internal",
]
"""Why a request was refused (an `error`), or why the server ends a connection (a `bye`):
docs/protocol.md, "Errors"; net.schema.ERRORS has the words for each."""

ERROR_CODES: tuple[ErrorCode, ...] = get_args(ErrorCode)

SeatKind = Literal["open", "human", "bot"]
"""Who holds a seat: nobody yet, a person (who may be away, a bot standing in) or a bot."""

By = Literal["player", "bot"]
"""Who made a step: a person, or a bot (a bot seat, or a bot standing in for a person)."""

PlayOnMode = Literal["as_it_was", "reshuffled"]
"""How a game played on from a step deals the cards nobody has seen (`create`'s `from`)."""

# -- what is the game's business -------------------------------------------------------------

ViewMap = Mapping[str, Any]
"""A seat's view of a game (docs/protocol.md, "Views"; game.rules builds it)."""
EventMap = Mapping[str, Any]
"""One event of a step as a seat may see it (docs/protocol.md, "Events")."""
Options = dict[str, Any]
"""A game's options (docs/rules.md); the engine checks them."""
ActionItem = int | str | list[int]
Action = list[ActionItem]
"""An action as docs/rules.md encodes it: a verb, then ints, words or lists of ints."""
Params = dict[str, int | str]
"""What fills an engine's reason `template`, by placeholder."""

# -- client → server -------------------------------------------------------------------------


class Hello(TypedDict):
    t: Literal["hello"]
    version: int
    name: str
    id: NotRequired[int]


class ListRooms(TypedDict):
    t: Literal["list"]
    id: NotRequired[int]


Create = TypedDict(
    "Create",
    {
        "t": Literal["create"],
        "game": str,
        "players": int,
        "options": NotRequired[Options],
        "code": NotRequired[str],
        "timer": NotRequired[float | None],
        "level": NotRequired[Level],
        "grace": NotRequired[float | None],
        "local": NotRequired[bool],
        "hints": NotRequired[bool],
        "seed": NotRequired[int],
        "again": NotRequired[str],
        # A map the wire checks only as plain data: game.replay.origin.check_origin reads it.
        "from": NotRequired[dict[str, Any]],
        "id": NotRequired[int],
    },
)


class Join(TypedDict):
    t: Literal["join"]
    room: str
    seat: NotRequired[int]
    code: NotRequired[str]
    id: NotRequired[int]


class Watch(TypedDict):
    t: Literal["watch"]
    room: str
    code: NotRequired[str]
    id: NotRequired[int]


class AddBot(TypedDict):
    t: Literal["bot"]
    room: str
    seat: int
    level: Level
    id: NotRequired[int]


class RemoveBot(TypedDict):
    t: Literal["unbot"]
    room: str
    seat: int
    id: NotRequired[int]


class Ready(TypedDict):
    t: Literal["ready"]
    room: str
    ready: bool
    id: NotRequired[int]


class Start(TypedDict):
    t: Literal["start"]
    room: str
    id: NotRequired[int]


class Leave(TypedDict):
    t: Literal["leave"]
    room: str
    id: NotRequired[int]


class StandIn(TypedDict):
    t: Literal["stand_in"]
    room: str
    seat: int
    id: NotRequired[int]


class Act(TypedDict):
    t: Literal["act"]
    room: str
    step: int
    action: Action
    id: NotRequired[int]


class HintRequest(TypedDict):
    t: Literal["hint"]
    room: str
    step: int
    id: NotRequired[int]


class Pause(TypedDict):
    t: Literal["pause"]
    room: str
    paused: bool
    id: NotRequired[int]


class Resume(TypedDict):
    t: Literal["resume"]
    token: str
    id: NotRequired[int]


class Sync(TypedDict):
    t: Literal["sync"]
    room: str
    id: NotRequired[int]


class RematchRequest(TypedDict):
    t: Literal["rematch"]
    room: str
    id: NotRequired[int]


class Ping(TypedDict):
    t: Literal["ping"]
    n: NotRequired[int]
    id: NotRequired[int]


RoomRequest = (
    Join
    | Watch
    | AddBot
    | RemoveBot
    | Ready
    | Start
    | Leave
    | StandIn
    | Act
    | HintRequest
    | Pause
    | Sync
    | RematchRequest
)
"""A request naming a room (its `room`)."""

ClientMessage = Hello | ListRooms | Create | Resume | Ping | RoomRequest
"""Any message a client sends; its `t` tells which."""

CLIENT_TYPES: dict[ClientType, type[Any]] = {
    "hello": Hello,
    "list": ListRooms,
    "create": Create,
    "join": Join,
    "watch": Watch,
    "bot": AddBot,
    "unbot": RemoveBot,
    "ready": Ready,
    "start": Start,
    "leave": Leave,
    "stand_in": StandIn,
    "act": Act,
    "hint": HintRequest,
    "pause": Pause,
    "resume": Resume,
    "sync": Sync,
    "rematch": RematchRequest,
    "ping": Ping,
}
"""Each client message's type by its `t`."""

# -- server → client -------------------------------------------------------------------------


class SeatInfo(TypedDict):
    """One seat in a room map."""

    seat: int
    kind: SeatKind
    name: str
    level: Level | None
    ready: bool
    connected: bool
    away: bool
    stand_in: Level | None


class RoomInfo(TypedDict):
    """A room map: the room as the lobby and the room list show it."""

    id: str
    game: str
    players: int
    options: Options
    stacked: bool
    seats: list[SeatInfo]
    started: bool
    over: bool
    step: int
    private: bool
    local: bool
    timer: float | None
    grace: float | None
    level: Level
    spectators: int
    hints: bool
    hints_allowed: bool
    hints_used: list[int]
    paused: bool


class Clock(TypedDict):
    """The running turn clock: whose it is, the seconds left when sent, and of how many."""

    seat: int | None
    left: float
    total: float | None


class PastStep(TypedDict):
    """A step in an update's `past` or `missed`, as the recipient's seat saw it."""

    step: int
    seat: int
    by: By
    events: Sequence[EventMap]


class Welcome(TypedDict):
    t: Literal["welcome"]
    version: int
    server: str
    limits: dict[str, int | float]


class Rooms(TypedDict):
    t: Literal["rooms"]
    rooms: list[RoomInfo]


class RoomMessage(TypedDict):
    t: Literal["room"]
    room: RoomInfo
    re: NotRequired[int]


class Seated(TypedDict):
    t: Literal["seated"]
    room: str
    seat: int
    token: str
    resumed: bool


class Update(TypedDict):
    t: Literal["update"]
    room: str
    step: int
    events: Sequence[EventMap]
    digest: bytes
    to_move: int | None
    view: NotRequired[ViewMap]
    # The engine's frozen actions (tuples) pack as the lists a client receives.
    legal: NotRequired[Sequence[Sequence[Any]]]
    clock: NotRequired[Clock | None]
    by: NotRequired[By]
    actor: NotRequired[int | None]
    seed_hash: NotRequired[bytes]
    seed: NotRequired[int]
    missed: NotRequired[list[PastStep]]
    past: NotRequired[list[PastStep]]


class Error(TypedDict):
    t: Literal["error"]
    # An ErrorCode from this server; a client takes any code (a later server may add some),
    # as the schema does.
    code: str
    message: str
    template: NotRequired[str]
    params: NotRequired[Params]
    re: NotRequired[int]


class Pong(TypedDict):
    t: Literal["pong"]
    n: NotRequired[int]


Rematch = TypedDict("Rematch", {"t": Literal["rematch"], "room": str, "from": str})


class Hint(TypedDict):
    t: Literal["hint"]
    room: str
    step: int
    action: Action
    words: NotRequired[str]
    chance: float | None
    re: NotRequired[int]


class Bye(TypedDict):
    t: Literal["bye"]
    code: str  # like an error's
    message: str


ServerMessage = (
    Welcome | Rooms | RoomMessage | Seated | Update | Error | Pong | Rematch | Hint | Bye
)
"""Any message a server sends; its `t` tells which."""

SERVER_TYPES: dict[ServerType, type[Any]] = {
    "welcome": Welcome,
    "rooms": Rooms,
    "room": RoomMessage,
    "seated": Seated,
    "update": Update,
    "error": Error,
    "pong": Pong,
    "rematch": Rematch,
    "hint": Hint,
    "bye": Bye,
}
"""Each server message's type by its `t`."""
