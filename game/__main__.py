"""`python -m game`: the card table's window – quick play, LAN games, replays – and its
headless mode for autoplay and screenshots."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from game.cli import positive, version
from game.client import config
from game.client.i18n import LANGUAGES, _, set_language, system_language
from game.client.refusals import refusal_text
from game.client.session import parse_address
from game.levels import LEVELS
from game.rules import GAMES, BadOptions, new_game

if TYPE_CHECKING:  # imported once the environment is set (see main)
    from game.client.app import App


def program_name() -> str:
    """How the player started the program, for the usage line: `cardtable` when installed,
    `python -m game` in a checkout."""
    started = Path(sys.argv[0]).name
    return "python -m game" if started in ("__main__.py", "-m", "") else started


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{text} is not a size like 1280x720").format(text=repr(text))
        ) from None
    if not (320 <= w <= 7680 and 240 <= h <= 4320):
        raise argparse.ArgumentTypeError(
            _("{text}: a window is 320x240 to 7680x4320").format(text=repr(text))
        )
    return w, h


def _option(text: str) -> tuple[str, object]:
    """KEY=VALUE with VALUE an int, true/false, or text."""
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(
            _("{text} is not KEY=VALUE (e.g. target=40)").format(text=repr(text))
        )
    lowered = value.lower()
    if lowered in ("true", "on", "yes"):
        return key, True
    if lowered in ("false", "off", "no"):
        return key, False
    try:
        return key, int(value)
    except ValueError:
        return key, value


class Formatter(argparse.HelpFormatter):
    """argparse's help layout with its one fixed word, the usage line's prefix, translated."""

    def add_usage(
        self,
        usage: str | None,
        actions: Iterable[argparse.Action],
        groups: Iterable[Any],
        prefix: str | None = None,
    ) -> None:
        super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)


class Parser(argparse.ArgumentParser):
    """argparse with the error line in the player's language (the options are in a group of
    our own, so that their heading is ours to translate too). argparse's own messages (an
    invalid choice, a missing value) come from gettext's default domain, for which we ship no
    catalogue: they stay English."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, _("{prog}: error: {message}").format(prog=self.prog, message=message) + "\n")


def language(argv: list[str], saved: str) -> str:
    """The language for this run: `--lang` in `argv` if it names one we speak, else `saved`
    (the settings' choice) if set, else the system's."""
    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--lang")
    chosen: str | None = early.parse_known_args(argv)[0].lang
    if chosen in LANGUAGES:
        return chosen
    return saved or system_language()


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The command line's flags, checked together (a clear error and exit status 2 for bad
    ones)."""
    parser = Parser(
        prog=program_name(),
        description=_(
            "Quando, Blanco and Quäsenbö at one card table. With no arguments: the "
            "title screen (Enter starts quick play against bots)."
        ),
        formatter_class=Formatter,
        add_help=False,
    )
    options = parser.add_argument_group(_("options"))
    _window_options(options)
    _play_options(options)
    _output_options(options)
    args = parser.parse_args(argv)
    _check_together(parser, args)
    return args


def _window_options(options: argparse._ArgumentGroup) -> None:
    """The program's own flags, and the window's and the player's for this run."""
    options.add_argument("-h", "--help", action="help", help=_("show this help and leave"))
    options.add_argument(
        "--version",
        action="version",
        version=f"%(prog)s {version()}",
        help=_("show the program's version and leave"),
    )
    options.add_argument(
        "--lang",
        choices=LANGUAGES,
        help=_("the language to speak (default: your setting, else your system's)"),
    )
    options.add_argument(
        "--size", type=_size, help=_("window size, e.g. 1280x720 (default: your setting)")
    )
    options.add_argument("--name", help=_("your player name for this run"))
    options.add_argument(
        "--speed", type=float, choices=(0.5, 1.0, 2.0, 4.0), help=_("animation speed")
    )


def _play_options(options: argparse._ArgumentGroup) -> None:
    """Headless play: the game the program plays by itself, against which bots."""
    options.add_argument(
        "--headless",
        action="store_true",
        help=_("no window (SDL's dummy driver): for --autoplay, --tour and --frames"),
    )
    options.add_argument(
        "--autoplay",
        action="store_true",
        help=_("start a game against bots and let the program play your seat"),
    )
    options.add_argument(
        "--game", choices=GAMES, default="quando", help=_("the game for --autoplay")
    )
    options.add_argument(
        "--players", type=positive(int), help=_("players for --autoplay (you and bots)")
    )
    options.add_argument("--level", choices=LEVELS, default="normal", help=_("the bots' level"))
    options.add_argument(
        "--option",
        type=_option,
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help=_("a game option for --autoplay, e.g. target=40 (repeatable)"),
    )


def _output_options(options: argparse._ArgumentGroup) -> None:
    """What to save, how long to run, and where to start: a server, a replay."""
    options.add_argument(
        "--screenshots",
        type=Path,
        metavar="DIR",
        help=_("save screenshots here (with --autoplay, --tour or --frames)"),
    )
    options.add_argument(
        "--tour",
        action="store_true",
        help=_("save screenshots of the title, a lobby and every table into --screenshots"),
    )
    options.add_argument("--frames", type=positive(int), help=_("stop after this many frames"))
    options.add_argument(
        "--connect", metavar="HOST:PORT", help=_("open the join screen connected to a server")
    )
    options.add_argument(
        "--replay", type=Path, metavar="FILE", help=_("open a replay file in the replay viewer")
    )
    options.add_argument(
        "--record-session",
        type=Path,
        metavar="FILE",
        help=_(
            "record every update the server sends into FILE (appended), for "
            "`python -m game.client.check FILE`"
        ),
    )


def _check_together(parser: Parser, args: argparse.Namespace) -> None:
    """The flags that only make sense with others, and the values argparse cannot check
    alone (an address, a file, the game's options)."""
    if args.tour and args.screenshots is None:
        parser.error(_("--tour needs --screenshots DIR"))
    # Without one of these a headless client would wait for input it can never get.
    ends = args.autoplay or args.tour or args.frames
    if args.headless and not ends:
        parser.error(_("--headless shows no window: use it with --autoplay, --tour or --frames"))
    if args.screenshots is not None and not ends:
        parser.error(_("--screenshots goes with --autoplay, --tour or --frames"))
    if args.connect:
        try:
            parse_address(args.connect)
        except ValueError as err:
            parser.error(f"--connect: {err}")
    if args.replay is not None and not args.replay.is_file():
        parser.error(_("--replay: no such file: {path}").format(path=args.replay))
    if args.autoplay:
        players = args.players or 4
        try:
            new_game(args.game, players, 0, dict(args.option))
        except BadOptions as err:
            parser.error(refusal_text(err.template, err.params, err.reason))
    elif args.players or args.option:
        parser.error(_("--players and --option go with --autoplay"))


UNSEEN = ("offscreen", "dummy")
"""SDL's video drivers that show nothing: SDL falls back to the first when it finds no
display."""


def display_missing() -> bool:
    """Whether SDL found no display: none for the driver asked for (SDL_VIDEODRIVER), or it
    fell back to a driver that shows nothing though nobody asked for one by name (as
    --headless and the tests do)."""
    import pygame

    try:
        pygame.display.init()
    except pygame.error:  # e.g. SDL_VIDEODRIVER=x11 with no X server
        return True
    asked = os.environ.get("SDL_VIDEODRIVER", "").lower().split(",")
    driver = pygame.display.get_driver()
    return driver in UNSEEN and driver not in asked


def main(argv: list[str] | None = None) -> int:
    """Run the client; returns the exit status."""
    argv = argv if argv is not None else sys.argv[1:]
    settings, problem = config.load_settings()
    set_language(language(argv, settings.language))
    if problem:  # worded before the language was known: word it again in that language
        problem = config.load_settings()[1]
    args = parse_args(argv)
    if args.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # Imported once the environment is set: pygame prints a banner on import unless told not
    # to, and SDL must find its drivers chosen.
    from game.client.app import App, name_the_app

    name_the_app()
    if display_missing():
        print(
            _(
                "The card table needs a display (a desktop session, X11 or Wayland), and "
                "none was found. Without a window, use --headless with --autoplay, --tour "
                "or --frames."
            ),
            file=sys.stderr,
        )
        return 1
    if args.name:
        settings.name = config.clean_name(args.name) or settings.name
    if args.speed:
        settings.speed = args.speed
    app = App(settings, size=args.size, notice=problem, record_session=args.record_session)
    if problem:
        print(problem, file=sys.stderr)
    app.reset(app.scene("title"))
    try:
        return run(app, args)
    finally:
        app.shutdown()


def run(app: App, args: argparse.Namespace) -> int:
    """What the command line asks of the window `app` opened at its title: a tour, a game
    played by itself, a server or a replay to open, a number of frames – else the window
    until the player closes it. Returns the exit status."""
    from game.client import autoplay
    from game.client.hosting import start_local
    from game.client.scenes.join import JoinScene

    if args.tour:
        for path in autoplay.tour(app, args.screenshots, args.level):
            print(path)
        return 0
    if args.autoplay:
        app.end_on_sigterm()  # as the window does: a game playing by itself ends at once too
        start_local(app, args.game, args.players or 4, args.level, dict(args.option))
        done = autoplay.run_autoplay(app, frames=args.frames, screenshots=args.screenshots)
        print(_("The game is over.") if done else _("Stopped before the end of the game."))
        return 0
    if args.connect:
        join = app.goto("join")
        assert isinstance(join, JoinScene)
        join.address.value = args.connect
        join.connect()
    elif args.replay is not None:
        app.goto("replays", path=args.replay)
    if args.frames:
        for _frame in range(args.frames):
            app.frame(1 / 60)
        if args.screenshots is not None:
            print(app.screenshot(args.screenshots / "frame.png"))
        return 0
    app.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
