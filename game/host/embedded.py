"""A server on a background thread with its own event loop: the one way the client (quick
play, single player, hosting a LAN game) and the tests start a server inside their process."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

from game.host.limits import Limits
from game.host.loop import loop_factory
from game.host.server import Restore, Server
from net.messages import RoomInfo


class EmbeddedServer:
    """A running server on its own thread; `stop()` ends it (unfinished games stay in the
    log directory, if it has one)."""

    def __init__(self, host: str, port: int, server: Server, web: int | None = None) -> None:
        self.host = host
        self.requested_port = port
        self.server = server
        self.requested_web = web
        self.web_port: int | None = None
        """The browser table's port, if it serves one (game/host/web.py)."""
        self.loop = loop_factory()()
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="cardtable-server", daemon=True)

    @property
    def port(self) -> int:
        """The port it listens on (the free one chosen, when asked for port 0)."""
        return self.server.port

    @property
    def address(self) -> tuple[str, int]:
        """(host, port) as the server listens."""
        return self.host, self.port

    def _start(self) -> None:
        self._thread.start()
        self._ready.wait()
        if self._error is not None:
            raise self._error

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_until_complete(self.server.start(self.host, self.requested_port))
            if self.requested_web is not None:
                # Imported here: the browser table (websockets, the catalogues' reader) is
                # a few MiB a client playing on its own never needs.
                from game.host.web import start_web

                self.web_port = self.loop.run_until_complete(
                    start_web(self.server, self.host, self.requested_web)
                )
        except BaseException as err:  # reported by _start(), in the caller's thread
            self._error = err
            self._ready.set()
            self.loop.run_until_complete(self.server.close())
            self.loop.close()
            return
        self._ready.set()
        self.loop.run_forever()
        self.loop.run_until_complete(self.server.close())
        self.loop.close()

    @property
    def running(self) -> bool:
        """Whether the server still runs (not stopped, not failed)."""
        return self._thread.is_alive()

    def running_tables(self) -> list[RoomInfo]:
        """The server's games under way (`Server.running_tables`), asked on its own thread;
        [] once it has stopped. Raises TimeoutError if its loop does not answer within two
        seconds."""
        if not self.running:
            return []

        async def ask() -> list[RoomInfo]:
            return self.server.running_tables()

        return asyncio.run_coroutine_threadsafe(ask(), self.loop).result(timeout=2)

    def stop(self) -> None:
        """Stop the server: clients are told, logs closed; returns once it has stopped (or
        after ten seconds). Idempotent."""
        if self._thread.is_alive():
            self.loop.call_soon_threadsafe(self.loop.stop)
            self._thread.join(timeout=10)


def start_embedded(
    host: str = "127.0.0.1",
    port: int = 0,
    *,
    log_dir: Path | None = None,
    restore: Restore = "all",
    limits: Limits | None = None,
    allow_stacked_decks: bool = False,
    chosen_seeds: bool = False,
    web: int | None = None,
) -> EmbeddedServer:
    """Start a server listening on `host`:`port` (0: a free port) on a background thread and
    return it once it listens. Its games are logged in `log_dir` (None: not logged), whose
    unfinished games of the kind `restore` names (game.host.server.RESTORE: the client's
    quick play restores its "local" games, its LAN host the "shared" ones) it goes on with.
    With `chosen_seeds`, `create` may choose the seed: to play a deal again, on a single
    player's own server, so only on 127.0.0.1. With `web` (a port, 0: a free one) it also
    serves the browser table there (its `web_port`). Raises OSError when it cannot listen or use
    `log_dir`, ValueError for a bad `restore` or `chosen_seeds` on another host."""
    if chosen_seeds and host != "127.0.0.1":
        raise ValueError("only a server on 127.0.0.1 may let its player choose the seed")
    server = Server(
        log_dir,
        limits,
        restore=restore,
        allow_stacked_decks=allow_stacked_decks,
        chosen_seeds=chosen_seeds,
    )
    embedded = EmbeddedServer(host, port, server, web)
    embedded._start()
    return embedded
