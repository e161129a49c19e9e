"""`python -m game`: the card table's window – quick play, LAN games, replays – and its
headless mode for autoplay and screenshots."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from game.bots import LEVELS
from game.cli import positive
from game.client.session import parse_address
from game.rules import GAMES, new_game


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1280x720") from None
    if not (320 <= w <= 7680 and 240 <= h <= 4320):
        raise argparse.ArgumentTypeError(f"{text!r}: a window is 320x240 to 7680x4320")
    return w, h


def _option(text: str) -> tuple[str, object]:
    """KEY=VALUE with VALUE an int, true/false, or text."""
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"{text!r} is not KEY=VALUE (e.g. target=40)")
    lowered = value.lower()
    if lowered in ("true", "on", "yes"):
        return key, True
    if lowered in ("false", "off", "no"):
        return key, False
    try:
        return key, int(value)
    except ValueError:
        return key, value


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m game",
        description="Quando, Blanco and Quäsenbö at one card table. With no arguments: the title "
        "screen (Enter starts quick play against bots).",
    )
    parser.add_argument(
        "--size", type=_size, help="window size, e.g. 1280x720 (default: your setting)"
    )
    parser.add_argument("--name", help="your player name for this run")
    parser.add_argument("--speed", type=float, choices=(0.5, 1.0, 2.0, 4.0), help="animation speed")
    parser.add_argument(
        "--headless",
        action="store_true",
        help="no window (SDL's dummy driver): for --autoplay, --tour and --frames",
    )
    parser.add_argument(
        "--autoplay",
        action="store_true",
        help="start a game against bots and let the program play your seat",
    )
    parser.add_argument("--game", choices=GAMES, default="quando", help="the game for --autoplay")
    parser.add_argument("--players", type=positive(int), help="players for --autoplay (you and bots)")
    parser.add_argument("--level", choices=LEVELS, default="normal", help="the bots' level")
    parser.add_argument(
        "--option",
        type=_option,
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option for --autoplay, e.g. target=40 (repeatable)",
    )
    parser.add_argument(
        "--screenshots",
        type=Path,
        metavar="DIR",
        help="save screenshots here (with --autoplay, --tour or --frames)",
    )
    parser.add_argument(
        "--tour",
        action="store_true",
        help="save screenshots of the title, a lobby and every table into --screenshots",
    )
    parser.add_argument("--frames", type=positive(int), help="stop after this many frames")
    parser.add_argument(
        "--connect", metavar="HOST:PORT", help="open the join screen connected to a server"
    )
    parser.add_argument(
        "--replay", type=Path, metavar="FILE", help="open a replay file in the replay viewer"
    )
    parser.add_argument(
        "--record-session",
        type=Path,
        metavar="FILE",
        help="record every update the server sends into FILE (appended), for "
        "`python -m game.client.check FILE`",
    )
    args = parser.parse_args(argv)
    if args.tour and args.screenshots is None:
        parser.error("--tour needs --screenshots DIR")
    # Without one of these a headless client would wait for input it can never get.
    ends = args.autoplay or args.tour or args.frames
    if args.headless and not ends:
        parser.error("--headless shows no window: use it with --autoplay, --tour or --frames")
    if args.screenshots is not None and not ends:
        parser.error("--screenshots goes with --autoplay, --tour or --frames")
    if args.connect:
        try:
            parse_address(args.connect)
        except ValueError as err:
            parser.error(f"--connect: {err}")
    if args.replay is not None and not args.replay.is_file():
        parser.error(f"--replay: no such file: {args.replay}")
    if args.autoplay:
        players = args.players or 4
        try:
            new_game(args.game, players, 0, dict(args.option))
        except ValueError as err:
            parser.error(str(err))
    elif args.players or args.option:
        parser.error("--players and --option go with --autoplay")
    return args


def main(argv: list[str] | None = None) -> int:
    """Run the client; returns the exit status."""
    args = parse_args(argv if argv is not None else sys.argv[1:])
    if args.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # Imported once the environment is set: pygame prints a banner on import unless told not
    # to, and SDL must find its drivers chosen.
    from game.client import autoplay, config
    from game.client.app import App
    from game.client.scenes.join import JoinScene
    from game.client.hosting import start_local

    settings, problem = config.load_settings()
    if args.name:
        settings.name = config.clean_name(args.name) or settings.name
    if args.speed:
        settings.speed = args.speed
    app = App(settings, size=args.size, notice=problem, record_session=args.record_session)
    if problem:
        print(problem, file=sys.stderr)
    app.reset(app.scene("title"))
    try:
        if args.tour:
            for path in autoplay.tour(app, args.screenshots, args.level):
                print(path)
            return 0
        if args.autoplay:
            start_local(app, args.game, args.players or 4, args.level, dict(args.option))
            done = autoplay.run_autoplay(app, frames=args.frames, screenshots=args.screenshots)
            print("game over" if done else "stopped before the end")
            return 0
        if args.connect:
            join = app.goto("join")
            assert isinstance(join, JoinScene)
            join.address.value = args.connect
            join.connect()
        elif args.replay is not None:
            app.goto("replays", path=args.replay)
        if args.frames:
            for _ in range(args.frames):
                app.frame(1 / 60)
            if args.screenshots is not None:
                print(app.screenshot(args.screenshots / "frame.png"))
            return 0
        app.run()
        return 0
    finally:
        app.shutdown()


if __name__ == "__main__":
    sys.exit(main())
