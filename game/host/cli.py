"""The card-table server's command line: run the host on a port until stopped.

cardtable-server --host 127.0.0.1 --port 7777 --log-dir logs   (installed)
python server.py --host 127.0.0.1 --port 7777 --log-dir logs   (in a checkout)
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import signal
import sys
from pathlib import Path

from game.cli import positive, version
from game.host.limits import Limits
from game.host.loop import LOOPS, run
from game.host.server import Server
from game.host.web import page_url, start_web

if sys.platform != "win32":
    import resource

log = logging.getLogger("cardtable.server")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The command line's settings; exits with a usage message for a bad one (status 2)."""
    parser = _parser()
    args = parser.parse_args(argv)
    if not 0 <= args.port <= 65535:
        parser.error(f"--port must be from 0 to 65535, not {args.port}")
    if args.web is not None and not 0 <= args.web <= 65535:
        parser.error(f"--web must be from 0 to 65535, not {args.web}")
    try:
        args.log_dir.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        parser.error(f"--log-dir {args.log_dir}: {err.strerror}")
    return args


def _parser() -> argparse.ArgumentParser:
    """The command line: where the server listens and logs, how it runs, and its limits."""
    parser = argparse.ArgumentParser(
        description="Host card-table games (Quando, Blanco, Quäsenbö) on a LAN.",
        epilog="Unfinished games in --log-dir are restored at start. See docs/operations.md.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (0.0.0.0: every interface; default %(default)s)",
    )
    parser.add_argument(
        "--port", type=int, default=7777, help="TCP port (0: any free port; default %(default)s)"
    )
    parser.add_argument(
        "--web",
        type=int,
        default=None,
        metavar="PORT",
        help="also serve the browser table on this port: the page at / and the "
        "protocol over a WebSocket at /ws (0: any free port; default: off)",
    )
    parser.add_argument(
        "--log-dir",
        type=Path,
        default=Path("logs"),
        help="where replay logs go and unfinished games are restored from (default %(default)s)",
    )
    parser.add_argument(
        "--fsync",
        action="store_true",
        help="force every logged step to disk (survives power loss; slower)",
    )
    parser.add_argument(
        "--allow-stacked-decks",
        action="store_true",
        help="let rooms be created with the deck option (a stacked deck, for "
        "tests and tutorials; such rooms are marked as stacked)",
    )
    parser.add_argument(
        "--bot-workers",
        type=positive(int),
        default=None,
        help="processes for search bots (default: cores - 1)",
    )
    parser.add_argument(
        "--event-loop",
        choices=LOOPS,
        default=LOOPS[0],
        help="uvloop (where installed) or asyncio's own (default %(default)s)",
    )
    _add_limits(parser)
    return parser


def _add_limits(parser: argparse.ArgumentParser) -> None:
    """The flags of the server's limits, in a group of their own, with the limits' defaults
    and types."""
    defaults = Limits()
    limits = parser.add_argument_group("limits")
    for name, words in Limits.flagged().items():
        default = getattr(defaults, name)
        limits.add_argument(
            "--" + name.replace("_", "-"),
            type=positive(type(default)),
            default=default,
            help=words,
        )


def raise_file_limit() -> None:
    """Allow as many open files as the system lets this user: a log file per game plus a
    socket per player. Only POSIX systems have the limit (Windows has no `resource`)."""
    if sys.platform == "win32":
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def main(argv: list[str] | None = None) -> None:
    """Run a server until SIGINT or SIGTERM."""
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    raise_file_limit()
    limits = Limits(**{name: getattr(args, name) for name in Limits.flagged()})
    server = Server(
        args.log_dir,
        limits,
        fsync=args.fsync,
        bot_workers=args.bot_workers,
        allow_stacked_decks=args.allow_stacked_decks,
    )

    async def serve() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            try:
                loop.add_signal_handler(sig, stop.set)
            except NotImplementedError:  # Windows' event loops: Ctrl+C raises KeyboardInterrupt
                break
        try:
            port = await server.start(args.host, args.port)
        except OSError as err:
            log.error("cannot listen on %s:%d: %s", args.host, args.port, err.strerror)
            sys.exit(1)
        web_port = None
        if args.web is not None:
            try:
                web_port = await start_web(server, args.host, args.web)
            except OSError as err:
                log.error("cannot listen on %s:%d: %s", args.host, args.web, err.strerror)
                await server.close()
                sys.exit(1)
        # What exists now (modules, restored games) lives as long as the server: out of
        # the garbage collector's scans, which would otherwise walk it on every full pass.
        gc.collect()
        gc.freeze()
        log.info("listening on %s:%d, logs in %s", args.host, port, args.log_dir)
        print(f"listening on {args.host}:{port}", flush=True)
        if web_port is not None:
            log.info("browser table on %s", page_url(args.host, web_port))
            print(f"browser table on {page_url(args.host, web_port)}", flush=True)
        await stop.wait()
        log.info("shutting down")
        await server.close()

    run(serve(), args.event_loop)


if __name__ == "__main__":
    main()
