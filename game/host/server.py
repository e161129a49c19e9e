"""The asyncio server: the only place games advance. One process, many rooms; msgpack frames
over TCP (docs/protocol.md); a replay log per game (docs/replay-format.md). Each connection is
a thin adapter between its transport and its rules (game/host/protocol.py)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import multiprocessing
import os
import random
import secrets
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, Literal, cast, get_args

from game.bots import decide, suggest
from game.host.history import History
from game.host.limits import Limits
from game.host.protocol import Connection
from game.host.records import Claimed, history_before, put_aside, unfinished
from game.host.room import Refused, Room, token_hash
from game.host.spare import SpareFiles
from game.replay.log import ReplayError, engine_version
from game.replay.origin import HASH, Origin, check_origin
from game.replay.verify import describe
from game.rules import GAMES, BadOptions, new_game
from game.rules.base import thaw
from net.messages import (
    Act,
    Action,
    AddBot,
    Create,
    ErrorCode,
    EventMap,
    HintRequest,
    Join,
    Leave,
    ListRooms,
    Options,
    Params,
    Pause,
    Ping,
    Ready,
    RematchRequest,
    RemoveBot,
    Resume,
    RoomInfo,
    RoomRequest,
    ServerMessage,
    StandIn,
    Start,
    Sync,
    ViewMap,
    Watch,
)
from net.schema import (
    DEFAULT_GRACE,
    ProtocolError,
    bye,
    error,
    hint,
    pong,
    rematch,
    request_id,
    room_message,
    rooms,
    validate_client,
)

log = logging.getLogger("cardtable.server")

INLINE_RANDOM_MOVES = 16
"""Random bots' moves made at once, before the room's bot loop takes over."""

Restore = Literal["all", "local", "shared", "none"]
"""Which unfinished games of its log directory a server restores at start: all, only local
games (a player's quick play and single player), only shared ones (hosted on a LAN), or
none."""
RESTORE: tuple[Restore, ...] = get_args(Restore)


class Client(asyncio.Protocol):
    """One client, as an asyncio protocol: a thin adapter between the transport and the
    connection's rules (`rules`, a protocol.Connection). What arrives is fed to the rules
    and the requests they hand over are carried out at once (no task per connection: on
    loopback a task switch costs as much as a step); writes never wait (a client that
    stops reading is cut off, not waited for). What one request sends a client goes out
    in one write, as soon as the request is handled: on loopback a send costs more than
    all the work of a step."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.rules = Connection(server.limits, engine_version(), time.monotonic())
        self.transport: asyncio.Transport | None = None
        self.address = "?"
        self.rooms: set[str] = set()
        self._scheduled = False

    @property
    def name(self) -> str:
        """The player's name, as the hello gave it."""
        return self.rules.name

    # -- asyncio.Protocol --------------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)
        peer = transport.get_extra_info("peername")
        self.address = peer[0] if peer else "?"
        self.server.admit(self)

    def data_received(self, data: bytes) -> None:
        rules = self.rules
        rules.receive_data(data, time.monotonic())
        self.server.handle_all(self, rules.requests())
        if rules.closing:
            self.close()

    def eof_received(self) -> bool:
        self.rules.receive_eof()
        self.close()
        return True  # close() has closed the transport, after what it still had to send

    def connection_lost(self, exc: Exception | None) -> None:
        self.rules.abort()
        self.server.forget(self)

    # -- sending -----------------------------------------------------------------------------

    def send(self, message: ServerMessage) -> None:
        """Queue `message` for the next write: once the request being handled is done, or
        at the end of this turn of the event loop (see `Server.flush`)."""
        if not self._scheduled and not self.rules.closing:
            self._scheduled = True
            self.server.pending(self)
        self.rules.send(message)

    def send_packed(self, body: bytes) -> None:
        """`send` for a message already packed (see room.Peer)."""
        if not self._scheduled and not self.rules.closing:
            self._scheduled = True
            self.server.pending(self)
        self.rules.send_packed(body)

    def refuse(
        self,
        code: ErrorCode,
        message: str | None = None,
        re: int | None = None,
        *,
        template: str | None = None,
        params: Params | None = None,
    ) -> None:
        """Queue an error with `code`, answering request `re` if given; an engine's refusal
        also carries its `template` and `params`."""
        self.send(error(code, message, re, template=template, params=params))

    def flush(self) -> None:
        """Write what is queued for this client, in one write."""
        self._scheduled = False
        data = self.rules.data_to_send()
        if not data or self.transport is None:
            return
        self.transport.write(data)
        if self.transport.get_write_buffer_size() > self.server.limits.max_buffer:
            log.info("%s reads too slowly; closing", self.address)
            self.rules.abort()
            self.transport.abort()

    def close(self) -> None:
        """Close the connection after what was queued for it (idempotent); the server then
        forgets it."""
        self.rules.close()
        self.flush()
        if self.transport is not None:
            self.transport.close()


class Server:
    """Rooms and connections. `start()` listens, after restoring the games in `log_dir` that
    `restore` (one of RESTORE) names and no other server goes on with; `close()` stops and
    flushes every log. A `deck` option (a stacked deck) is refused unless
    `allow_stacked_decks`. Embedded use: game/host/embedded.py runs one in a background
    thread for the client."""

    def __init__(
        self,
        log_dir: Path | None = None,
        limits: Limits | None = None,
        fsync: bool = False,
        bot_workers: int | None = None,
        restore: Restore = "all",
        allow_stacked_decks: bool = False,
        chosen_seeds: bool = False,
    ) -> None:
        if restore not in RESTORE:
            raise ValueError(f"restore must be one of {', '.join(RESTORE)}, not {restore!r}")
        self.chosen_seeds = chosen_seeds
        """`create` may choose the seed (play a deal again): only a server that one player
        runs for themself, where nobody else could be dealt a deal its creator knows."""
        self.log_dir = Path(log_dir) if log_dir else None
        self.limits = limits or Limits()
        self.fsync = fsync
        self.rooms: dict[str, Room] = {}
        self.connections: set[Client] = set()
        self._unsent: list[Client] = []
        self._handling = False
        self.per_address: dict[str, int] = {}
        self.bot_tasks: dict[str, asyncio.Task[None]] = {}
        self.hint_tasks: set[asyncio.Task[None]] = set()
        self.bot_workers = bot_workers
        self.restore: Restore = restore
        self.allow_stacked_decks = allow_stacked_decks
        self.pool: concurrent.futures.Executor | None = None
        self.spares: SpareFiles | None = None
        self.port = 0
        self._listeners: list[asyncio.base_events.Server] = []
        self._ticker: asyncio.Task[None] | None = None
        # Each request by its type; a handler takes the message of that type (net.messages).
        self._handlers: dict[str, Callable[[Client, Any], None]] = {
            "list": self._list,
            "create": self._create,
            "join": self._join,
            "watch": self._watch,
            "bot": self._bot,
            "unbot": self._unbot,
            "ready": self._ready,
            "start": self._start,
            "leave": self._leave,
            "stand_in": self._stand_in,
            "act": self._act,
            "resume": self._resume,
            "sync": self._sync,
            "rematch": self._rematch,
            "hint": self._hint,
            "pause": self._pause,
            "ping": self._ping,
        }

    # -- lifecycle ---------------------------------------------------------------------------

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        """Restore unfinished games from the log directory, then listen; returns the port."""
        if self.log_dir is not None:
            self.log_dir.mkdir(parents=True, exist_ok=True)
            SpareFiles.sweep(self.log_dir)
            self.spares = SpareFiles(self.log_dir)
            self.restore_games()
        self.port = await self.listen(lambda: Client(self), host, port)
        self._ticker = asyncio.create_task(self._tick())
        for room in self.rooms.values():
            self._kick(room)
        return self.port

    async def listen(self, protocol: Callable[[], asyncio.Protocol], host: str, port: int) -> int:
        """Accept connections on `host`:`port` (0: a free port), each served by a new
        `protocol()` (a Client: TCP frames here, a browser's WebSocket in game/host/web.py),
        until the server closes; returns the port."""
        listener = await asyncio.get_running_loop().create_server(protocol, host, port)
        self._listeners.append(listener)
        bound: int = listener.sockets[0].getsockname()[1]
        return bound

    def restore_games(self) -> None:
        """Bring back every game of the kind `restore` names whose log and secrets are in the
        log directory and that no other server goes on with: unfinished games go on; games
        that ended lately wait for their players to see the end. Files that cannot be
        restored are put aside (`records.put_aside`, and reported) so that they are not
        retried at every start. Nothing without a log directory."""
        if self.log_dir is None or self.restore == "none":
            return
        for path in unfinished(self.log_dir):
            try:
                room = Room.restore(path, self.fsync, self.spares)
            except Claimed as err:
                log.info("%s", err)
                continue
            except (ValueError, OSError, ReplayError) as err:
                log.error("cannot restore %s: %s", path, err)
                put_aside(path)
                continue
            if self.restore != "all" and room.local != (self.restore == "local"):
                room.close()
                continue
            self.rooms[room.id] = room
            state = room.playing()
            log.info(
                "restored room %s (%s) at step %d%s",
                room.id,
                room.game,
                state.step,
                ", game over" if state.is_over else "",
            )

    async def close(self) -> None:
        """Stop listening, tell every client, close every log (unfinished games stay to be
        restored), and stop the bot workers."""
        for listener in self._listeners:
            listener.close()
        if self._ticker is not None:
            self._ticker.cancel()
        for task in [*self.bot_tasks.values(), *self.hint_tasks]:
            task.cancel()
        for conn in list(self.connections):
            conn.send(bye("shutting_down"))
            conn.close()
        deadline = time.monotonic() + 5
        while self.connections and time.monotonic() < deadline:
            await asyncio.sleep(0.01)  # what was queued for them goes out
        for room in self.rooms.values():
            room.close()
        if self.spares is not None:
            self.spares.close()
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
        for listener in self._listeners:
            await listener.wait_closed()

    def running_tables(self) -> list[RoomInfo]:
        """The rooms whose game is under way (dealt, not over), as the room list shows them
        (`Room.info`): what the program hosting this server tells its player before it stops
        the server, and where it offers the way back to a seat."""
        return [
            room.info() for room in self.rooms.values() if room.started and room.finished_at is None
        ]

    def admit(self, conn: Client) -> None:
        """A new connection: counted against its address's limit, or refused."""
        if self.per_address.get(conn.address, 0) >= self.limits.max_conns_per_ip:
            conn.refuse(
                "too_many_connections",
                f"at most {self.limits.max_conns_per_ip} connections per address",
            )
            conn.close()
            return
        self.per_address[conn.address] = self.per_address.get(conn.address, 0) + 1
        self.connections.add(conn)

    def pending(self, conn: Client) -> None:
        """`conn` has messages queued: they go out at the next `flush`, which is at the
        latest the end of this turn of the event loop (sends from timers and bot loops), or
        the end of `handle_all`, which writes them itself (no second turn of the loop per
        request, to find nothing left to write)."""
        if not self._unsent and not self._handling:
            asyncio.get_running_loop().call_soon(self.flush)
        self._unsent.append(conn)

    def flush(self) -> None:
        """Write out every connection's queued messages, one write each: all that a step
        sends a client (its update and the bots' moves that follow) in one system call."""
        unsent, self._unsent = self._unsent, []
        for conn in unsent:
            conn.flush()

    def forget(self, conn: Client) -> None:
        """A connection ended: its rooms learn it is gone."""
        if conn not in self.connections:
            return
        self.connections.discard(conn)
        left = self.per_address.get(conn.address, 1) - 1
        if left:
            self.per_address[conn.address] = left
        else:
            self.per_address.pop(conn.address, None)
        for room_id in conn.rooms:
            room = self.rooms.get(room_id)
            if room is not None:
                room.disconnect(conn, time.monotonic())
                self._kick(room)

    async def _tick(self) -> None:
        """Turn timers, rooms nobody needs any more, and (each second) idle connections."""
        idle_checked = time.monotonic()
        while True:
            await asyncio.sleep(0.1)
            now = time.monotonic()
            if now - idle_checked >= 1.0:
                idle_checked = now
                for conn in [c for c in self.connections if c.rules.check_idle(now)]:
                    conn.close()
            for room in list(self.rooms.values()):
                if room.deadline is not None and now >= room.deadline:
                    room.time_out(now)
                    self._kick(room)
                if room.gone and room.stand_in_absent(now):
                    self._kick(room)
                if self._unused(room, now):
                    room.forget()
                    del self.rooms[room.id]

    def _unused(self, room: Room, now: float) -> bool:
        """A lobby nobody joined in time or everyone left; a finished game nobody looks at
        any more (after a grace period for players reconnecting to see the end), or any
        finished game after the time allowed for a rematch."""
        if room.finished_at is not None:
            age = now - room.finished_at
            return age > self.limits.finished_room_ttl or (
                age > self.limits.finished_grace and not room.members()
            )
        return (
            not room.started
            and not room.members()
            and now - room.created_at > self.limits.lobby_grace
        )

    # -- requests ----------------------------------------------------------------------------

    def handle_all(self, conn: Client, requests: Iterable[Any]) -> None:
        """`handle` each of `requests` that arrived from `conn`, then write out what they
        caused: `conn`'s answers first, then everyone else's, before the loop turns to
        other sockets that were ready at the same time (their handling would delay it)."""
        self._handling = True
        try:
            for request in requests:
                self.handle(conn, request)
        finally:
            self._handling = False
        conn.flush()
        self.flush()

    def handle(self, conn: Client, message: Any) -> None:
        """Check one request of a greeted client (see `Connection.requests`) and carry it
        out; every refusal is an error reply to `conn` alone, and nothing else changes."""
        re = request_id(message)
        try:
            message = validate_client(message)
            self._handlers[message["t"]](conn, message)
        except (ProtocolError, Refused) as err:  # the wire's refusal, or the room's
            conn.refuse(err.code, err.message, re, template=err.template, params=err.params)
        except Exception:  # a bug must not take the server or other rooms down
            log.exception("failed to handle %.200r", message)
            conn.refuse("internal", re=re)

    def _room(self, conn: Client, message: RoomRequest) -> Room:
        """The room a request names, if `conn` may know of it (a local room is not there
        for anyone else)."""
        room = self.rooms.get(message["room"])
        if room is None or not room.visible_to(conn):
            raise ProtocolError("no_such_room", f"there is no room {message['room']!r}")
        return room

    def _list(self, conn: Client, message: ListRooms) -> None:
        conn.send(rooms([room.info() for room in self.rooms.values() if room.visible_to(conn)]))

    def _create(self, conn: Client, message: Create) -> None:
        if len(self.rooms) >= self.limits.max_rooms:
            raise ProtocolError(
                "too_many_rooms", f"this server holds at most {self.limits.max_rooms} rooms"
            )
        game, players, options = message["game"], message["players"], message.get("options", {})
        if game not in GAMES:
            raise ProtocolError("bad_options", f"unknown game {game!r} (known: {', '.join(GAMES)})")
        if "deck" in options and not self.allow_stacked_decks:
            raise ProtocolError("stacked_deck")
        try:
            new_game(game, players, 0, options)  # the engine's own checks, before any room exists
        except BadOptions as err:
            raise ProtocolError(
                "bad_options", err.reason, template=err.template, params=err.params
            ) from None
        except ValueError as err:
            raise ProtocolError("bad_options", str(err)) from None
        room_id = secrets.token_hex(4)
        while room_id in self.rooms:
            room_id = secrets.token_hex(4)
        code = message.get("code")
        seed, again = message.get("seed"), message.get("again")
        if seed is not None and not self.chosen_seeds:
            raise ProtocolError("bad_options", "this server deals every game a fresh seed")
        if again is not None and not HASH.fullmatch(again):
            raise ProtocolError(
                "bad_options", "again names a replay by its SHA-256, in 64 lower-case hex digits"
            )
        if again is not None and seed is None:
            raise ProtocolError("bad_options", "a deal played again comes with its seed")
        origin: Origin | None = None
        history = History()
        if (asked := message.get("from")) is not None:
            origin, options, history = self._origin(asked, game, players, room_id)
        room = Room(
            room_id,
            game,
            players,
            options,
            log_dir=self.log_dir,
            code_hash=token_hash(code) if code else None,
            timer=message.get("timer"),
            level=message.get("level", "normal"),
            hints=message.get("hints", False),
            grace=message.get("grace", DEFAULT_GRACE),
            local=message.get("local", False),
            owner=conn,
            fsync=self.fsync,
            files=self.spares,
            chosen_seed=seed,
            again=again,
            origin=origin,
            history=history,
        )
        self.rooms[room_id] = room
        conn.send(room_message(room.info(), message.get("id")))

    def _origin(
        self, asked: dict[str, Any], game: str, players: int, room_id: str
    ) -> tuple[Origin, Options, History]:
        """`create`'s `from`, checked (game/replay/origin.py), the options of its game and the
        history the room begins with (records.history_before: the old game's steps, re-run
        here from its replay in the log directory – the client's snapshot must be where
        they lead; a lead-up that fails otherwise is logged, and the history begins at the
        step, as when the old replay is not there). Only a server that lets its player
        choose seeds plays on from a step: elsewhere the creator would know every card still
        to come. Raises ProtocolError bad_options."""
        if not self.chosen_seeds:
            raise ProtocolError("bad_options", "this server plays no game on from another's step")
        try:
            origin = check_origin(asked)
        except ValueError as err:
            raise ProtocolError("bad_options", str(err)) from None
        snapshot = origin["snapshot"]
        if snapshot["game"] != game or snapshot["players"] != players:
            raise ProtocolError(
                "bad_options",
                f"the snapshot is of {snapshot['players']} players' {snapshot['game']}",
            )
        try:
            history = history_before(self.log_dir, origin)
        except ValueError as err:
            raise ProtocolError("bad_options", str(err)) from None
        except Exception:  # an unreadable folder or a bug: the game is still playable
            log.exception(
                "room %s: the lead-up to step %d failed; the bots' history begins there",
                room_id,
                origin["step"],
            )
            history = History(origin["step"])
        options: Options = snapshot["options"]
        return origin, options, history

    def _join(self, conn: Client, message: Join) -> None:
        room = self._room(conn, message)
        room.join(conn, message.get("seat"), message.get("code"))
        conn.rooms.add(room.id)

    def _watch(self, conn: Client, message: Watch) -> None:
        room = self._room(conn, message)
        room.watch(conn, message.get("code"))
        conn.rooms.add(room.id)
        self._kick(room)  # somebody at the table again: the stand-ins play on

    def _bot(self, conn: Client, message: AddBot) -> None:
        self._room(conn, message).add_bot(conn, message["seat"], message["level"])

    def _unbot(self, conn: Client, message: RemoveBot) -> None:
        self._room(conn, message).remove_bot(conn, message["seat"])

    def _ready(self, conn: Client, message: Ready) -> None:
        self._room(conn, message).set_ready(conn, message["ready"])

    def _start(self, conn: Client, message: Start) -> None:
        room = self._room(conn, message)
        room.start(conn)
        self._kick(room)

    def _leave(self, conn: Client, message: Leave) -> None:
        room = self._room(conn, message)
        room.leave(conn)
        conn.rooms.discard(room.id)
        self._kick(room)

    def _stand_in(self, conn: Client, message: StandIn) -> None:
        room = self._room(conn, message)
        room.hand_to_bot(conn, message["seat"])
        self._kick(room)

    def _act(self, conn: Client, message: Act) -> None:
        room = self._room(conn, message)
        room.act(conn, message["step"], message["action"])
        self._kick(room)

    def _resume(self, conn: Client, message: Resume) -> None:
        digest = token_hash(message["token"])
        for room in self.rooms.values():
            if any(s.token_hash == digest for s in room.seats):
                room.resume(conn, message["token"])
                conn.rooms.add(room.id)
                self._kick(room)
                return
        raise ProtocolError("bad_token")

    def _sync(self, conn: Client, message: Sync) -> None:
        self._room(conn, message).sync(conn)

    def _rematch(self, conn: Client, message: RematchRequest) -> None:
        old = self._room(conn, message)
        if old.state is None or not old.state.is_over:
            raise ProtocolError("not_started", "a rematch follows a finished game")
        if old.seat_of(conn) is None:
            raise ProtocolError("not_seated")
        if len(self.rooms) >= self.limits.max_rooms:
            raise ProtocolError("too_many_rooms")
        room_id = secrets.token_hex(4)
        room = Room(
            room_id,
            old.game,
            old.players,
            old.options,
            log_dir=self.log_dir,
            code_hash=old.code_hash,
            timer=old.timer,
            level=old.level,
            hints=old.hints,
            grace=old.grace,
            local=old.local,
            owner=conn,
            fsync=self.fsync,
            files=self.spares,
        )
        for index, seat in enumerate(old.seats):
            if seat.kind == "bot":
                room.seats[index] = type(seat)("bot", seat.name, level=seat.level, ready=True)
        self.rooms[room_id] = room
        for peer in old.members():
            peer.send(rematch(room_id, old.id))

    def _hint(self, conn: Client, message: HintRequest) -> None:
        room = self._room(conn, message)
        step = message["step"]
        seat, view, legal, history = room.hint_request(conn, step)
        task = asyncio.get_running_loop().create_task(
            self._send_hint(conn, room, seat, step, view, legal, history, message.get("id"))
        )
        self.hint_tasks.add(task)
        task.add_done_callback(self.hint_tasks.discard)

    async def _send_hint(
        self,
        conn: Client,
        room: Room,
        seat: int,
        step: int,
        view: ViewMap,
        legal: list[Action],
        history: list[EventMap],
        re: int | None,
    ) -> None:
        """The search runs where the bots' do; its answer goes to the asker alone. A search
        that fails (its worker died twice, or a bug) is logged and the asker told."""
        try:
            action, chance = await self._in_worker(
                room, seat, "hint", suggest, room.game, random.getrandbits(64), view, legal, history
            )
            state = room.state
            words = describe(state, action) if state is not None and state.step == step else None
            conn.send(hint(room.id, step, action, (words or str(action))[:200], chance, re))
        except Exception:
            log.exception("room %s seat %d: the hint for step %d failed", room.id, seat, step)
            conn.refuse("internal", "the hint could not be found", re)

    def _pause(self, conn: Client, message: Pause) -> None:
        room = self._room(conn, message)
        room.pause(conn, message["paused"])
        self._kick(room)

    def _ping(self, conn: Client, message: Ping) -> None:
        conn.send(pong(message.get("n")))

    # -- bots --------------------------------------------------------------------------------

    def _kick(self, room: Room) -> None:
        """Let bots decide while one must. A few random moves are made at once (they cost
        microseconds, and the updates they cause then share the clients' next write); the
        rest goes to the room's bot loop, which yields to everyone else between moves."""
        if room.id in self.bot_tasks:
            return
        for _ in range(INLINE_RANDOM_MOVES):
            turn = room.bot_turn()
            if turn is None or turn[1] != "random":
                break
            state = room.playing()
            room.bot_act(turn[0], state.step, thaw(random.choice(state.legal_keys())))
        if room.bot_turn() is not None:
            self.bot_tasks[room.id] = asyncio.get_running_loop().create_task(self._bots(room))

    async def _bots(self, room: Room) -> None:
        """The room's bot loop: random moves here, search in worker processes so the event
        loop keeps serving everyone else. Nothing that fails stops it: a decision that
        cannot be had is played by the fallback (a uniform choice), logged with the room
        and the seat."""
        failed = False
        try:
            while (turn := room.bot_turn()) is not None and self.rooms.get(room.id) is room:
                seat, level = turn
                state = room.playing()
                step, view, legal = state.step, state.view(seat), state.legal_actions()
                if level == "random":
                    await asyncio.sleep(0)
                    action = random.choice(legal)
                else:
                    try:
                        action = await self._in_worker(
                            room,
                            seat,
                            f"{level} bot",
                            decide,
                            level,
                            room.game,
                            seat,
                            random.getrandbits(64),
                            view,
                            legal,
                            room.history_for(seat),
                        )
                    except Exception:
                        log.exception(
                            "room %s seat %d: the %s bot's decision at step %d "
                            "failed; it plays a uniform choice",
                            room.id,
                            seat,
                            level,
                            step,
                        )
                        action = random.choice(legal)
                try:
                    room.bot_act(seat, step, action)
                except Refused as err:  # a bot bug: fall back, never stall the game
                    log.error(
                        "room %s seat %d: the %s bot chose %r: %s",
                        room.id,
                        seat,
                        level,
                        action,
                        err,
                    )
                    room.bot_act(seat, step, random.choice(legal))
        except Exception:  # a bug here must not stop the other rooms' bots, nor this room's
            log.exception("room %s: the bot loop failed; it starts again in a second", room.id)
            failed = True
        finally:
            self.bot_tasks.pop(room.id, None)
        if failed:
            asyncio.get_running_loop().call_later(1.0, self._kick_again, room)

    def _kick_again(self, room: Room) -> None:
        """A room whose bot loop failed: its bots go on, unless the room or the server is
        gone meanwhile."""
        if self.rooms.get(room.id) is room and any(
            listener.is_serving() for listener in self._listeners
        ):
            self._kick(room)

    async def _in_worker(
        self, room: Room, seat: int, what: str, fn: Callable[..., Any], *args: Any
    ) -> Any:
        """`fn(*args)` in a bot worker process. A pool whose worker died (killed, out of
        memory) is replaced and the call tried once more on the new one; a second failure
        propagates (BrokenProcessPool), as does whatever `fn` raises."""
        try:
            return await self._run_in_pool(fn, *args)
        except concurrent.futures.process.BrokenProcessPool:
            log.error(
                "room %s seat %d: a bot worker died during the %s; new workers try again",
                room.id,
                seat,
                what,
            )
        return await self._run_in_pool(fn, *args)

    async def _run_in_pool(self, fn: Callable[..., Any], *args: Any) -> Any:
        pool = self._bot_pool()
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, fn, *args)
        except concurrent.futures.process.BrokenProcessPool:
            self._drop_pool(pool)
            raise

    def _drop_pool(self, pool: concurrent.futures.Executor) -> None:
        """Replace the broken `pool` (once: every decision it had in flight fails with it)."""
        if self.pool is pool:
            self.pool = None
            pool.shutdown(wait=False, cancel_futures=True)

    def _bot_pool(self) -> concurrent.futures.Executor:
        if self.pool is None:
            context = multiprocessing.get_context("spawn")
            self.pool = concurrent.futures.ProcessPoolExecutor(
                max_workers=self.bot_workers or max(1, (os.cpu_count() or 2) - 1),
                mp_context=context,
                initializer=_end_with_parent,
            )
        return self.pool


def _end_with_parent() -> None:
    """A bot worker's start: it ends when the server's process ends, even killed. A worker
    holds both ends of its task queue, so it would otherwise wait for work forever – and keep
    multiprocessing's resource tracker running with it."""
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(
            target=_exit_once_gone, args=(parent.sentinel,), name="parent-watch", daemon=True
        ).start()


def _exit_once_gone(sentinel: int) -> None:
    import multiprocessing.connection  # here: a client that runs no bots goes without (memory)

    multiprocessing.connection.wait([sentinel])  # ready once the parent process has ended
    os._exit(0)
