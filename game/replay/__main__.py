"""The replay tools on the command line: verify, show, diff, list and record replay logs.

    python -m game.replay verify FILE
    python -m game.replay show FILE [--seat N]
    python -m game.replay diff A B
    python -m game.replay list FOLDER
    python -m game.replay record OUT --game quando --players 3 --seed 7 [--options JSON]

Exit status: 0 for ok (also for an unfinished game that cannot be verified yet, and for two
identical replays), 1 for a failed verification or replays that differ, 2 for a file that
cannot be read or a bad command line. Every error is one line on stderr.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import NoReturn

from game.replay.diff import diff_replays
from game.replay.library import list_replays
from game.replay.log import Replay, ReplayError, read_replay
from game.replay.playback import Playback
from game.replay.record import record_game
from game.replay.text import divergence_lines, show_lines, verdict_lines
from game.replay.verify import verify_replay

PROG = "python -m game.replay"


class Parser(argparse.ArgumentParser):
    """argparse, with usage errors on one line."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


class Failure(Exception):
    """A command cannot go on; its message is the one line printed."""


def _read(path: Path) -> Replay:
    try:
        return read_replay(path)
    except ReplayError as err:
        text = str(err)
        # parse errors name the offset but not the file
        raise Failure(text if text.startswith(str(path)) else f"{path}: {text}") from None


def cmd_verify(args: argparse.Namespace) -> int:
    replay = _read(args.file)
    verdict = verify_replay(replay)
    print("\n".join(verdict_lines(verdict, replay.header)))
    return 1 if verdict.status == "failed" else 0


def cmd_show(args: argparse.Namespace) -> int:
    replay = _read(args.file)
    if args.seat is not None and not 0 <= args.seat < replay.header["players"]:
        raise Failure(f"--seat {args.seat}: this game has seats 0 to "
                      f"{replay.header['players'] - 1}")
    for line in show_lines(Playback(replay), args.seat):
        print(line)
    return 0


def cmd_diff(args: argparse.Namespace) -> int:
    a, b = _read(args.a), _read(args.b)
    divergence = diff_replays(a, b)
    print(f"A: {args.a} ({len(a.steps)} steps), B: {args.b} ({len(b.steps)} steps)")
    print("\n".join(divergence_lines(divergence, a.header, b.header)))
    return 0 if divergence.same else 1


def cmd_list(args: argparse.Namespace) -> int:
    try:
        infos = list_replays(args.folder)
    except ReplayError as err:
        raise Failure(str(err)) from None
    for info in infos:
        if info.error:
            print(f"{info.path.name}: unreadable: {info.error}")
            continue
        state = (info.reason or "over" if info.finished else "unfinished") + \
            (", torn" if info.torn else "")
        winners = f"; winners: {', '.join(info.winners)}" if info.winners else ""
        print(f"{info.path.name}: {info.created:%Y-%m-%d %H:%M} {info.game}, "
              f"{', '.join(info.names)}; {info.steps} steps, {state}{winners}")
    return 0


def cmd_record(args: argparse.Namespace) -> int:
    try:
        options = json.loads(args.options)
    except ValueError as err:
        raise Failure(f"--options is not JSON: {err}") from None
    try:
        summary = record_game(args.out, args.game, args.players, args.seed, options,
                              policy_seed=args.policy_seed, stop_after=args.stop_after)
    except ValueError as err:
        raise Failure(str(err)) from None
    except OSError as err:
        raise Failure(f"{args.out}: cannot write it ({err.strerror})") from None
    print(json.dumps(summary))
    return 0


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = Parser(prog=PROG, description=__doc__.splitlines()[0],
                    formatter_class=argparse.RawDescriptionHelpFormatter,
                    epilog="\n".join(__doc__.splitlines()[2:]) +
                    "\nThe file format: docs/replay-format.md.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                     parser_class=Parser)
    verify = commands.add_parser("verify",
                                 help="re-run a replay and check every digest and the seed")
    verify.add_argument("file", type=Path, metavar="FILE")
    verify.set_defaults(run=cmd_verify)
    show = commands.add_parser("show", help="every step in words, with its events")
    show.add_argument("file", type=Path, metavar="FILE")
    show.add_argument("--seat", type=int, default=None,
                      help="show the events as this seat received them (default: a spectator)")
    show.set_defaults(run=cmd_show)
    diff = commands.add_parser("diff", help="the first step where two replays of a game part")
    diff.add_argument("a", type=Path, metavar="A")
    diff.add_argument("b", type=Path, metavar="B")
    diff.set_defaults(run=cmd_diff)
    listing = commands.add_parser("list", help="the replays in a folder, newest first")
    listing.add_argument("folder", type=Path, metavar="FOLDER")
    listing.set_defaults(run=cmd_list)
    record = commands.add_parser("record", help="play a game with random moves and log it")
    record.add_argument("out", type=Path, metavar="OUT", help="the new replay file")
    record.add_argument("--game", required=True)
    record.add_argument("--players", type=int, required=True)
    record.add_argument("--seed", type=int, required=True)
    record.add_argument("--options", default="{}", help="game options as a JSON object")
    record.add_argument("--policy-seed", type=int, default=0,
                        help="seed of the random choice of moves")
    record.add_argument("--stop-after", type=int, default=None,
                        help="stop unfinished after this many steps")
    record.set_defaults(run=cmd_record)
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Run one command; returns the exit status (see the module docstring)."""
    args = parse_args(argv)
    try:
        return args.run(args)
    except Failure as err:
        print(f"{PROG}: error: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # `show … | head`: the reader left; say nothing more
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
