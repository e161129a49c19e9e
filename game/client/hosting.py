"""Games served from this computer: quick play and single player on a private server on
127.0.0.1, and hosting a LAN game – the client's one way to start the embedded server."""

from __future__ import annotations

from dataclasses import dataclass

from game.client import config
from game.client.scenes import Dialog, Host
from game.client.session import Session, lan_addresses
from game.host.embedded import start_embedded


@dataclass(frozen=True)
class DealAgain:
    """A finished game's deal to play again: its seed, the SHA-256 of its replay (hex), the
    seat to take (the old one, or one on when the seats are rotated), and the old game's
    result and seat, shown beside the new result at its end."""

    seed: int
    replay: str
    seat: int
    result: dict
    old_seat: int


def start_local(
    app: Host,
    game: str,
    players: int,
    level: str,
    options: dict,
    *,
    quick: bool = False,
    timer: float | None = None,
    again: DealAgain | None = None,
) -> None:
    """Start an embedded server on 127.0.0.1 (a free port, logs in the data folder) and seat
    the player against `players - 1` bots of `level`; the table opens when the cards are
    dealt. With `again`, that deal is dealt again (the server is the player's alone, so it
    may choose the seed). A server that cannot start is reported in a dialog."""
    try:
        server = start_embedded(log_dir=config.log_dir(), recover=False, chosen_seeds=True)
    except (OSError, ValueError) as err:
        app.push(Dialog(app, "Cannot start a game", f"The local server did not start: {err}",
                        [("OK", None)]))
        return
    app.open_session(Session("127.0.0.1", server.port, app.settings.name, server=server,
                             retry_for=app.retry_for))
    app.goto("lobby", "local", game=game, players=players, level=level, options=options,
             timer=timer, quick=quick, again=again)


def start_host(
    app: Host,
    host: str,
    port: int,
    game: str,
    players: int,
    level: str,
    options: dict,
    timer: float | None,
    code: str | None,
    *,
    hints: bool = False,
) -> None:
    """Host a LAN game: a server on `host` (0.0.0.0: every interface) and `port`, a room in
    it (allowing hints to everyone with `hints`), and the lobby where others join and bots
    are added. A port that cannot be listened
    on is reported in a dialog."""
    try:
        server = start_embedded(host, port, log_dir=config.log_dir())
    except OSError as err:
        app.push(Dialog(app, "Cannot host", f"Could not listen on {host}:{port}: "
                        f"{err.strerror or err}", [("OK", None)]))
        return
    local = "127.0.0.1" if host in ("0.0.0.0", "") else host
    app.open_session(Session(local, server.port, app.settings.name, server=server,
                             retry_for=app.retry_for))
    shown = lan_addresses() if host in ("0.0.0.0", "") else [host]
    app.goto("lobby", "host", game=game, players=players, level=level, options=options,
             timer=timer, code=code, hints=hints, share=[f"{a}:{server.port}" for a in shown])
