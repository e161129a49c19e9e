"""The client's side of the wire: one connection (net.client.ThreadedClient), the room and
seat it holds, an optional embedded server, and what follows when a table's model of the
seat's view drifts from the server's: a full view asked for and a desync report written."""

from __future__ import annotations

import socket
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Any, cast

from game.client import config
from game.client.check import Drift, SessionRecorder, write_report
from game.client.i18n import _
from game.client.kept import LOCAL, KeptSeat, SeatStore
from net.client import RETRY_FOR, STATUS, Received, ThreadedClient, status_message
from net.messages import Action, Options
from net.schema import DEFAULT_GRACE


def parse_address(text: str, default_port: int = 7777) -> tuple[str, int]:
    """ "host:port" (or just "host") as (host, port). Raises ValueError with a message for
    people when it is not an address."""
    text = text.strip()
    if not text:
        raise ValueError(_("type the address the host shows, e.g. 192.168.1.20:7777"))
    host, sep, port_text = text.rpartition(":")
    if not sep:
        host, port_text = text, str(default_port)
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    if not host:
        raise ValueError(_("the address needs a host before the colon"))
    try:
        port = int(port_text)
    except ValueError:
        raise ValueError(_("{text} is not a port number").format(text=repr(port_text))) from None
    if not 1 <= port <= 65535:
        raise ValueError(_("a port is a number from 1 to 65535"))
    return host, port


def lan_addresses() -> list[str]:
    """This machine's addresses that others on the LAN can reach, best guess first."""
    found: list[str] = []
    try:
        # A UDP "connection" sends nothing; it only asks the OS which interface would be used.
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            found.append(probe.getsockname()[0])
    except OSError:
        pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            address = cast(str, info[4][0])  # AF_INET: a (host, port) pair
            if address not in found and not address.startswith("127."):
                found.append(address)
    except OSError:
        pass
    return found or ["127.0.0.1"]


class Session:
    """One connection to a server and what the client knows through it.

    `poll()` returns every message that arrived (including the local status messages of
    net.client), after noting what the session keeps: the welcome, the room, the seat and
    token, and the last update. Requests are sent with the helpers below; none blocks.

    The seat it holds is kept on disk (game/client/kept.py) under `kept_as` – the server's
    address, or kept.LOCAL for the player's own games – until its game ends, so that a
    later run can take it back.
    """

    def __init__(
        self,
        host: str,
        port: int,
        name: str,
        *,
        server: Any = None,
        retry_for: float = RETRY_FOR,
        kept_as: str | None = None,
        store: SeatStore | None = None,
    ) -> None:
        self.host, self.port = host, port
        self.name = name
        self.server = server
        """An embedded server (game.host.embedded) this session owns and stops at close."""
        self.kept_as = kept_as or f"{host}:{port}"
        self.store = store or SeatStore(config.seats_dir())
        self.resuming: KeptSeat | None = None
        """The kept seat asked back with `resume`, until the server answers."""
        self.keep_problem: str | None = None
        """Why the seat could not be kept on disk, if it could not."""
        self.net = ThreadedClient(host, port, name, retry_for=retry_for)
        self.status = "connecting"
        self.status_message = ""
        # Plain maps as they arrived, as the scenes read them (net.messages names what each
        # holds: a Welcome, RoomInfos, the last Update).
        self.welcome: Received | None = None
        self.rooms: list[dict[str, Any]] = []
        self.room: dict[str, Any] | None = None
        self.room_id: str | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.game: str | None = None
        self.last: Received | None = None
        """The last update received (its `step` is the one an action answers)."""
        self.desyncs = 0
        self.reports: list[Path] = []
        """The desync reports written, oldest first."""
        self.recorder: SessionRecorder | None = None
        """Where every update received is recorded (`python -m game --record-session`)."""
        self.closed = False

    def start(self) -> None:
        """Begin connecting; the outcome arrives through `poll()`."""
        self.net.start()

    @property
    def connected(self) -> bool:
        """The connection is up: a request sent now reaches the server (one sent while
        reconnecting or after closing is dropped)."""
        return self.status == "connected" and not self.closed

    # -- receiving ---------------------------------------------------------------------------

    def poll(self) -> list[Received]:
        """Every message since the last poll, each already noted by the session."""
        messages = self.net.poll()
        if not messages and self.status != "closed" and self.net.died:
            # The network thread ended without saying so (an error it did not expect): the
            # player must hear that the connection is gone rather than wait forever.
            messages = [status_message("closed", "died")]
        for message in messages:
            self._note(message)
        return messages

    def _note(self, message: Received) -> None:
        kind = message["t"]
        if kind == STATUS:
            self.status, self.status_message = message["status"], message.get("message", "")
        elif kind == "welcome":
            self.welcome = message
            self.status = "connected"
        elif kind == "rooms":
            self.rooms = message["rooms"]
        elif kind == "room":
            room = message["room"]
            if self.room_id is None or room["id"] == self.room_id:
                self.room = room
                if room["id"] == self.room_id and self.token and self.game != room["game"]:
                    # Kept before its game was known (a seat kept by an older version).
                    self.game = room["game"]
                    self.keep_problem = self._keep()
                self.game = room["game"]
            if room["id"] == self.room_id and room["over"]:
                self.store.forget(self.kept_as, room["id"])  # over, or abandoned
        elif kind == "seated":
            if self.resuming is not None and message["room"] != self.resuming.room:
                return  # a seat taken (and left) before the player chose to take back another
            self.room_id, self.seat, self.token = message["room"], message["seat"], message["token"]
            if self.room and self.room["id"] == self.room_id:
                self.game = self.room["game"]
            elif self.resuming is not None:
                # A taken-back seat hears `seated` before its room: the kept record names the
                # game, which the seat is kept under again (an empty name reads as a blank).
                self.game = self.resuming.game
            if self.resuming is not None and self.resuming.server != self.kept_as:
                # The game went on at another address (hosted again on another port): the
                # seat is kept under this one from now on.
                self.store.forget(self.resuming.server, self.resuming.room)
            self.resuming = None
            self.keep_problem = self._keep()
        elif kind == "update" and message["room"] == self.room_id:
            if self.recorder is not None:
                self.recorder.record(message)
            self.last = message
            if "view" in message:
                self.game = message["view"]["game"]
            if "seed" in message:  # the game is over: the seat is no use any more
                self.store.forget(self.kept_as, message["room"])
        elif (
            kind == "error"
            and message["code"] in ("bad_token", "game_over")
            and self.resuming is not None
        ):
            # The server does not know that seat (its game ended while we were away), or
            # its game was abandoned.
            self.store.forget(self.kept_as, self.resuming.room)
            self.resuming = None

    def _keep(self) -> str | None:
        """Keep the seat just taken on disk; the problem in words if it could not be."""
        assert self.room_id is not None and self.token is not None and self.seat is not None
        return self.store.keep(
            KeptSeat(self.kept_as, self.room_id, self.token, self.game or "", self.seat)
        )

    # -- drifts --------------------------------------------------------------------------------

    def drifted(self, room: str) -> None:
        """A table's model of `room` no longer matches the server's digest: ask for the full
        view (the server is authoritative)."""
        self.desyncs += 1
        self.send({"t": "sync", "room": room})

    def resynced(self, drift: Drift) -> str:
        """The full view that ends `drift` arrived: write its desync report into the data
        folder. Returns what to tell the player, including why a report that could not be
        written was not."""
        try:
            self.reports.append(write_report(drift, config.desync_dir()))
        except OSError as err:
            return _(
                "Out of step with the server – resynced; the desync report could not be "
                "saved ({why})"
            ).format(why=err.strerror or err)
        return _("Out of step with the server – resynced")

    # -- sending -------------------------------------------------------------------------------

    def send(self, message: Mapping[str, Any]) -> None:
        """Queue `message` for the server (dropped once the connection is closed)."""
        if not self.closed:
            self.net.send(message)

    def list_rooms(self) -> None:
        self.send({"t": "list"})

    def create(
        self,
        game: str,
        players: int,
        options: Options,
        *,
        timer: float | None = None,
        level: str = "normal",
        code: str | None = None,
        grace: float | None = DEFAULT_GRACE,
        hints: bool = False,
        seed: int | None = None,
        again: str | None = None,
        origin: dict[str, Any] | None = None,
    ) -> None:
        """Create a room (waiting `grace` seconds for a player who drops out, None: waiting
        for them; `hints`: its creator allows hints while other people play; `seed` and
        `again`: the deal of the replay with hash `again`, on a local server; `origin`: played on
        from a finished game's step, game/replay/origin.py, on a local server too); on the
        player's own server (kept as kept.LOCAL) a local one, which nobody else can see."""
        message: dict[str, Any] = {
            "t": "create",
            "game": game,
            "players": players,
            "options": options,
            "timer": timer,
            "level": level,
            "grace": grace,
        }
        if code:
            message["code"] = code
        if self.kept_as == LOCAL:
            message["local"] = True
        if hints:
            message["hints"] = True
        if seed is not None:
            message["seed"] = seed
        if again is not None:
            message["again"] = again
        if origin is not None:
            message["from"] = origin
        self.send(message)

    def kept_seats(self) -> list[KeptSeat]:
        """The seats kept on disk for LAN games, newest first: this server's, and any other
        address's too – a host may host again on another port, and the room list then says
        which of them this server goes on with."""
        return [seat for seat in self.store.seats() if seat.server != LOCAL]

    def resume(self, seat: KeptSeat) -> None:
        """Take back a kept seat; `seated` and a full update follow (or, for a game that
        ended meanwhile, a bad_token error, and the seat is forgotten)."""
        self.room_id, self.resuming = seat.room, seat
        self.send({"t": "resume", "token": seat.token})

    def hand_to_bot(self, seat: int) -> None:
        """Let the stand-in bot play absent player `seat`'s seat now."""
        self.send({"t": "stand_in", "room": self.room_id, "seat": seat})

    def forget_seat(self) -> None:
        """Stop keeping the seat of this session's room (the player ended the game)."""
        if self.room_id is not None:
            self.store.forget(self.kept_as, self.room_id)

    def use_room(self, room_id: str) -> None:
        """Follow room `room_id` (before joining or watching it)."""
        self.room_id = room_id
        self.room = next((r for r in self.rooms if r["id"] == room_id), self.room)

    def join(self, room_id: str, seat: int | None = None, code: str | None = None) -> None:
        self.use_room(room_id)
        message: dict[str, Any] = {"t": "join", "room": room_id}
        if seat is not None:
            message["seat"] = seat
        if code:
            message["code"] = code
        self.send(message)

    def watch(self, room_id: str, code: str | None = None) -> None:
        self.use_room(room_id)
        self.seat = None
        message: dict[str, Any] = {"t": "watch", "room": room_id}
        if code:
            message["code"] = code
        self.send(message)

    def add_bot(self, seat: int, level: str) -> None:
        self.send({"t": "bot", "room": self.room_id, "seat": seat, "level": level})

    def remove_bot(self, seat: int) -> None:
        self.send({"t": "unbot", "room": self.room_id, "seat": seat})

    def ready(self, ready: bool) -> None:
        self.send({"t": "ready", "room": self.room_id, "ready": ready})

    def start_game(self) -> None:
        self.send({"t": "start", "room": self.room_id})

    def act(self, action: Action) -> None:
        """Play `action` for our seat, answering the last update's step."""
        if self.last is not None:
            self.send(
                {"t": "act", "room": self.room_id, "step": self.last["step"], "action": action}
            )

    def hint(self) -> None:
        """Ask for a hint for our seat's decision at the last update's step (the answer is
        a "hint" message, or an error when the room does not allow hints)."""
        if self.last is not None:
            self.send({"t": "hint", "room": self.room_id, "step": self.last["step"]})

    def pause(self, paused: bool) -> None:
        """Stop (`paused`) or restart our game alone with bots on the server: its bots wait
        and its turn clock stands meanwhile (refused with "not_alone" where others play)."""
        if self.room_id is not None:
            self.send({"t": "pause", "room": self.room_id, "paused": paused})

    def rematch(self) -> None:
        self.send({"t": "rematch", "room": self.room_id})

    def leave(self) -> None:
        """Leave the room. A seat left before the deal is gone for good and forgotten; one
        left during the game stays kept (a bot plays it until the player comes back)."""
        if self.room_id is not None:
            if self.room is None or not self.room["started"]:
                self.store.forget(self.kept_as, self.room_id)
            self.send({"t": "leave", "room": self.room_id})

    def follow(self, room_id: str) -> None:
        """Forget the old room's game and follow `room_id` (after a rematch)."""
        self.room_id, self.room, self.seat, self.last = room_id, None, None, None

    def close(self) -> None:
        """Close the connection and stop the embedded server, if any (idempotent)."""
        if self.closed:
            return
        self.closed = True
        # net.client's close can take seconds (it waits for its thread): never on the
        # window's thread, which must go on drawing.
        threading.Thread(target=self.net.close, name="cardtable-net-close", daemon=True).start()
        if self.recorder is not None:
            self.recorder.close()
        if self.server is not None:
            self.server.stop()
            self.server = None
