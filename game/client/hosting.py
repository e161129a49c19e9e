"""Games served from this computer: quick play and single player on a private server on
127.0.0.1 (continued after a restart from the seat kept on disk), and hosting a LAN game –
the client's one way to start the embedded server."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.client import config
from game.client.i18n import _
from game.client.kept import LOCAL, KeptSeat, SeatStore
from game.client.scenes import Dialog, Host
from game.client.session import Session, lan_addresses, parse_address
from game.host.embedded import EmbeddedServer, start_embedded
from game.host.records import unclaimed_rooms
from game.rules import GAMES, Options, Result
from net.schema import DEFAULT_GRACE


def kept_local() -> list[KeptSeat]:
    """The player's unfinished local games (quick play, single player) kept on disk, newest
    first: what "Continue your game" offers."""
    return SeatStore(config.seats_dir()).seats(LOCAL)


def _local_session(app: Host) -> Session | None:
    """A session on a new embedded server for the player's own games, which goes on with
    their unfinished local games; None (after a dialog saying why) if it cannot start."""
    try:
        server = start_embedded(log_dir=config.log_dir(), restore="local", chosen_seeds=True)
    except (OSError, ValueError) as err:
        app.push(
            Dialog(
                app,
                _("Cannot start a game"),
                _("The local server did not start: {why}").format(why=err),
                [(_("OK"), None)],
            )
        )
        return None
    return app.open_session(
        Session(
            "127.0.0.1",
            server.port,
            app.settings.name,
            server=server,
            retry_for=app.retry_for,
            kept_as=LOCAL,
        )
    )


def hosted_seat(app: Host) -> KeptSeat | None:
    """The player's kept seat in a game under way on the LAN server this program hosts
    (left from its table, or from an earlier run's server that this one went on with),
    newest first; None if there is none (or the server is too busy to say)."""
    server = app.hosted
    if server is None:
        return None
    try:
        running = {table["id"] for table in server.running_tables()}
    except TimeoutError:
        return None
    seats = SeatStore(config.seats_dir()).seats()
    return next((seat for seat in seats if seat.server != LOCAL and seat.room in running), None)


HOST_INTERFACE, HOST_PORT = "0.0.0.0", 7777
"""Where a LAN game is hosted unless the player chose otherwise: every interface, the usual
port."""


def last_hosted(app: Host) -> tuple[str, int]:
    """The interface and port the player last hosted a LAN game on (the settings), else the
    usual ones: where hosting again lets the guests find the game where they left it."""
    last = app.settings.host
    interface = last.get("interface")
    try:
        port = int(last.get("port", HOST_PORT))
    except (TypeError, ValueError):
        port = HOST_PORT
    return (
        interface if isinstance(interface, str) and interface else HOST_INTERFACE,
        port if 1 <= port <= 65535 else HOST_PORT,
    )


def hosted_before(app: Host) -> list[KeptSeat]:
    """The player's kept seats in LAN games this computer hosted that no server goes on
    with now – the program hosting them quit or was killed; hosting again brings them back
    (their logs are in the data folder). Newest first; [] while this program hosts."""
    if app.hosted is not None and app.hosted.running:
        return []
    waiting = unclaimed_rooms(config.log_dir())
    return [
        seat
        for seat in SeatStore(config.seats_dir()).seats()
        if seat.server != LOCAL and seat.room in waiting
    ]


def way_back(app: Host) -> KeptSeat | None:
    """The game the player can go back to now: their seat in a game this program hosts,
    else in one this computer hosted before (the guests wait for it to be hosted again),
    else their newest unfinished local game (which quick play offers too); None if there is
    none."""
    seat = hosted_seat(app)
    if seat is not None:
        return seat
    kept = hosted_before(app) or kept_local()
    return kept[0] if kept else None


def go_back(app: Host, seat: KeptSeat) -> None:
    """Take back `seat` (from `way_back` or a `SeatProbe`): a local game goes on on a new
    embedded server; a hosted one on the server this program hosts (started again, where
    the player last hosted, for a game hosted before), and any other on the server at its
    address; the table opens where the game is."""
    if seat.server == LOCAL:
        continue_local(app, seat)
        return
    if seat == hosted_seat(app) and app.hosted is not None:
        app.open_session(hosted_session(app, app.hosted))
    elif seat in hosted_before(app):
        server = _hosted_server(app, *last_hosted(app), app.settings.host.get("web") is not False)
        if server is None:
            return
        app.open_session(hosted_session(app, server))
    else:
        host, port = parse_address(seat.server)
        app.open_session(Session(host, port, app.settings.name, retry_for=app.retry_for))
    app.goto("lobby", "resume", game=seat.game, resume=seat)


PROBE_FOR = 2.0
"""Seconds the title screen keeps trying to reach a kept seat's server before it stops
asking (a computer that is off is not worth a wait)."""


class SeatProbe:
    """Asks the server of the player's newest kept LAN seat (another computer's) whether
    that game is still under way, without taking the seat: `poll()` returns the seat once
    the server's room list shows its game running; `close()` ends the asking (it ends by
    itself once answered, or when the server cannot be reached)."""

    def __init__(self, app: Host) -> None:
        hosted = hosted_seat(app)
        seats = [
            seat
            for seat in SeatStore(config.seats_dir()).seats()
            if seat.server != LOCAL and seat != hosted
        ]
        self.seat = seats[0] if seats else None
        self.session: Session | None = None
        if self.seat is not None:
            try:
                host, port = parse_address(self.seat.server)
            except ValueError:  # a hand-edited file: nothing to ask
                return
            self.session = Session(host, port, app.settings.name, retry_for=PROBE_FOR)
            self.session.start()

    def poll(self) -> KeptSeat | None:
        """The seat, once its game is known to run; None meanwhile (and after)."""
        session = self.session
        if session is None or self.seat is None:
            return None
        for message in session.poll():
            if message["t"] == "welcome":
                session.list_rooms()
            elif message["t"] == "rooms":
                self.close()
                running = any(
                    room["id"] == self.seat.room and room["started"] and not room["over"]
                    for room in message["rooms"]
                )
                return self.seat if running else None
            elif message["t"] == "status" and message["status"] in ("closed", "reconnecting"):
                self.close()
        return None

    def close(self) -> None:
        """Stop asking (idempotent)."""
        if self.session is not None:
            self.session.close()
            self.session = None


@dataclass(frozen=True)
class DealAgain:
    """A finished game's deal to play again: its seed, the SHA-256 of its replay (hex), the
    seat to take (the old one, or one on when the seats are rotated), the old game's result
    and seat, shown beside the new result at its end, and the level of the bot at each seat
    (the player's own entry unused)."""

    seed: int
    replay: str
    seat: int
    result: Result
    old_seat: int
    levels: tuple[str, ...] = ()


def refusal(game: str, problem: str) -> str:
    """Why `game` will not start with the options chosen, as a player reads it: `problem` is
    the engine's ValueError text (or the server's bad_options message built from it), which
    names the engine by its id ("quasenbo: …") for logs; the player sees the game's title."""
    title = GAMES[game].title if game in GAMES else game
    reason = problem.removeprefix(f"{game}: ").replace(game, title).rstrip(".")
    return _("{game} cannot start with these choices: {reason}.").format(game=title, reason=reason)


@dataclass(frozen=True)
class PlayOn:
    """A finished game's step to play on from: the `from` of create (game/replay/origin.py:
    the replay's hash, the step, the mode, the state's snapshot), the seat to take and the
    level of the bot at each seat (the player's own entry unused)."""

    origin: dict[str, Any]
    seat: int
    levels: tuple[str, ...]


def start_local(
    app: Host,
    game: str,
    players: int,
    level: str,
    options: Options,
    *,
    quick: bool = False,
    timer: float | None = None,
    again: DealAgain | None = None,
    play_on: PlayOn | None = None,
) -> None:
    """Start an embedded server on 127.0.0.1 (a free port, logs in the data folder) and seat
    the player against `players - 1` bots of `level` in a local room; the table opens when
    the cards are dealt. With `again`, that deal is dealt again (the server is the player's
    alone, so it may choose the seed); with `play_on`, the game goes on from that step (for
    the same reason). A server that cannot start is reported in a dialog."""
    if _local_session(app) is None:
        return
    app.goto(
        "lobby",
        "local",
        game=game,
        players=players,
        level=level,
        options=options,
        timer=timer,
        quick=quick,
        again=again,
        play_on=play_on,
    )


def continue_local(app: Host, seat: KeptSeat) -> None:
    """Take back the kept seat of an unfinished local game: a new embedded server goes on
    with it from its log, and the table opens at the step where the player left."""
    if _local_session(app) is not None:
        app.goto("lobby", "resume", game=seat.game, resume=seat)


def start_host(
    app: Host,
    host: str,
    port: int,
    game: str,
    players: int,
    level: str,
    options: Options,
    timer: float | None,
    code: str | None,
    grace: float | None = DEFAULT_GRACE,
    *,
    hints: bool = False,
    web: bool = True,
) -> None:
    """Host a LAN game: a server on `host` (0.0.0.0: every interface) and `port` – with
    `web`, serving the browser table too, on the next port (or a free one when that is
    taken), for guests with a phone or any browser (game/host/web.py) – a room in
    it (waiting `grace` seconds for a player who drops out before a bot plays for them; None:
    waiting for them; allowing hints to everyone with `hints`), and the lobby where others
    join and bots are added. A port that cannot be listened on is reported in a dialog. The
    server goes on with the unfinished LAN games logged in the data folder: the lobby opens the
    room asked for and offers the host their seats in those games beside it (the title's "Back
    to your game", `go_back`, is the way straight into one). The server is the app's
    (`app.hosted`), not the session's: it runs until the program ends, whatever the host's
    window shows, and hosting again while it runs opens the new room on it."""
    server = _hosted_server(app, host, port, web)
    if server is None:
        return
    app.open_session(hosted_session(app, server))
    share, pages = guest_addresses(server)
    app.goto(
        "lobby",
        "host",
        game=game,
        players=players,
        level=level,
        options=options,
        timer=timer,
        code=code,
        grace=grace,
        hints=hints,
        share=share,
        pages=pages,
    )


def guest_addresses(server: EmbeddedServer) -> tuple[list[str], list[str]]:
    """Where guests reach the LAN `server` this program hosts, as its lobby shows them: the
    addresses another copy of the program joins ("192.168.1.20:7777") and the browser
    table's pages (none when it serves none)."""
    shown = lan_addresses() if server.host in ("0.0.0.0", "") else [server.host]
    from game.host.web import page_url  # the browser table's module only once it is served

    pages = [] if server.web_port is None else [page_url(a, server.web_port) for a in shown]
    return [f"{a}:{server.port}" for a in shown], pages


def _start_hosting(host: str, port: int, web: bool) -> EmbeddedServer:
    """The LAN server, with the browser table on the port after `port` if `web` (any free
    one where that is taken, or `port` is 0). Raises OSError when `port` cannot be had."""
    if not web:
        return start_embedded(host, port, log_dir=config.log_dir(), restore="shared")
    if port and port < 65535:
        try:
            return start_embedded(
                host, port, log_dir=config.log_dir(), restore="shared", web=port + 1
            )
        except OSError:
            pass  # the next port is taken (or ours is: tried again below, and reported)
    return start_embedded(host, port, log_dir=config.log_dir(), restore="shared", web=0)


def _hosted_server(app: Host, host: str, port: int, web: bool) -> EmbeddedServer | None:
    """The LAN server this program hosts (`app.hosted`): the running one, else a new one on
    `host`:`port` (with the browser table if `web`) that goes on with the unfinished LAN
    games logged in the data folder; None (after a dialog saying why) if it cannot listen
    there."""
    server = app.hosted
    if server is not None and server.running:
        return server
    try:
        server = _start_hosting(host, port, web)
    except OSError as err:
        app.push(
            Dialog(
                app,
                _("Cannot host"),
                _("Could not listen on {address}: {why}").format(
                    address=f"{host}:{port}", why=err.strerror or err
                ),
                [(_("OK"), None)],
            )
        )
        return None
    app.hosted = server
    return server


def hosted_session(app: Host, server: EmbeddedServer) -> Session:
    """A new session of the host's own on `server`, the LAN server this program hosts."""
    local = "127.0.0.1" if server.host in ("0.0.0.0", "") else server.host
    return Session(local, server.port, app.settings.name, retry_for=app.retry_for)
