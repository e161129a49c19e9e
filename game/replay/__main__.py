"""The replay tools on the command line: verify, show, diff, list and record replay logs.

    python -m game.replay verify FILE
    python -m game.replay show FILE [--seat N]
    python -m game.replay diff A B
    python -m game.replay list FOLDER
    python -m game.replay record OUT --game quando --players 3 --seed 7 [--options JSON]
    python -m game.replay analyse FILE [--level L] [--json] [--threshold P] [--jobs N]

Exit status: 0 for ok (also for an unfinished game that cannot be verified yet, and for two
identical replays), 1 for a failed verification or replays that differ, 2 for a file that
cannot be read or a bad command line, and for `analyse`, a game that did not run to its
verified end (without the seed nothing can be re-run, so no seat's view can be rebuilt),
130 for an analysis stopped with Ctrl-C. Every error is one line on stderr.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import NoReturn

from game.cli import positive
from game.replay import analysis
from game.replay.diff import diff_replays
from game.replay.library import list_replays
from game.replay.log import Replay, ReplayError, read_replay
from game.replay.playback import Playback, seat_name
from game.replay.record import record_game
from game.replay.text import action_text, divergence_lines, show_lines, verdict_lines
from game.replay.verify import describe, verify_replay
from game.rules import Action

PROG = "python -m game.replay"


class Parser(argparse.ArgumentParser):
    """argparse, with usage errors on one line."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


class Failure(Exception):
    """A command cannot go on; its message is the one line printed."""


def _unreadable(path: Path, err: ReplayError) -> Failure:
    text = str(err)
    # parse errors name the offset but not the file
    return Failure(text if text.startswith(str(path)) else f"{path}: {text}")


def _read(path: Path) -> Replay:
    try:
        return read_replay(path)
    except ReplayError as err:
        raise _unreadable(path, err) from None


def cmd_verify(args: argparse.Namespace) -> int:
    replay = _read(args.file)
    verdict = verify_replay(replay)
    print("\n".join(verdict_lines(verdict, replay.header)))
    return 1 if verdict.status == "failed" else 0


def cmd_show(args: argparse.Namespace) -> int:
    replay = _read(args.file)
    if args.seat is not None and not 0 <= args.seat < replay.header["players"]:
        raise Failure(
            f"--seat {args.seat}: this game has seats 0 to {replay.header['players'] - 1}"
        )
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
        state = (info.reason or "over" if info.finished else "unfinished") + (
            ", torn" if info.torn else ""
        )
        winners = f"; winners: {', '.join(info.winners)}" if info.winners else ""
        print(
            f"{info.path.name}: {info.created:%Y-%m-%d %H:%M} {info.game}, "
            f"{', '.join(info.names)}; {info.steps} steps, {state}{winners}"
        )
    return 0


def cmd_record(args: argparse.Namespace) -> int:
    try:
        options = json.loads(args.options)
    except ValueError as err:
        raise Failure(f"--options is not JSON: {err}") from None
    try:
        summary = record_game(
            args.out,
            args.game,
            args.players,
            args.seed,
            options,
            policy_seed=args.policy_seed,
            stop_after=args.stop_after,
        )
    except ValueError as err:
        raise Failure(str(err)) from None
    except OSError as err:
        raise Failure(f"{args.out}: cannot write it ({err.strerror})") from None
    print(json.dumps(summary))
    return 0


def _percent(estimate: analysis.Estimate) -> str:
    return f"{100 * estimate.value:.0f}% ±{100 * estimate.stderr:.0f}"


def _estimate_json(estimate: analysis.Estimate) -> dict[str, float]:
    return {
        "chance": round(estimate.value, 4),
        "stderr": round(estimate.stderr, 4),
        "samples": estimate.samples,
    }


def _progress(done: int, total: int) -> None:
    print(
        f"\ranalysing: step {done} of {total}",
        end="" if done < total else "\n",
        file=sys.stderr,
        flush=True,
    )


def cmd_analyse(args: argparse.Namespace) -> int:
    replay = _read(args.file)
    try:
        result = analysis.analyse(
            args.file,
            args.level,
            jobs=args.jobs,
            threshold=args.threshold / 100,
            every_seat=args.every_seat,
            progress=_progress if sys.stderr.isatty() else None,
        )
    except ReplayError as err:  # the file changed since it was read
        raise _unreadable(args.file, err) from None
    except (analysis.AnalysisError, ValueError) as err:
        raise Failure(f"{args.file}: {err}") from None
    lines = _analysis_json if args.json else _analysis_text
    for line in lines(result, Playback(replay)):
        print(line)
    return 0


Words = Callable[[int, Action], str]
"""An action in words at a step (before it), for the marks' alternatives."""


def _words(playback: Playback) -> Words:
    def words(step: int, action: Action) -> str:
        playback.seek(step - 1)
        return describe(playback.state(), action) or action_text(action)

    return words


def _analysis_json(result: analysis.Analysis, playback: Playback) -> Iterator[str]:
    """One JSON object per step: the seat to move, the action, whether that seat had been
    given a hint for it, every seat's estimates, the mover's options, and the mark or
    null."""
    words = _words(playback)
    for step in result.steps:
        mark = step.mark
        yield json.dumps(
            {
                "step": step.step,
                "seat": step.seat,
                "action": step.action,
                "words": playback.entries[step.step - 1].words,
                "hint": playback.entries[step.step - 1].hinted,
                "fair": [_estimate_json(e) for e in step.fair],
                "seeing": [_estimate_json(e) for e in step.seeing],
                "options": [
                    {"action": o.action, **_estimate_json(o.estimate)} for o in step.options
                ],
                "mark": None
                if mark is None
                else {
                    "chance": _estimate_json(mark.chosen),
                    "better": mark.better,
                    "better_words": words(step.step, mark.better),
                    "better_chance": _estimate_json(mark.best),
                    "cost": round(mark.cost, 4),
                },
            },
            ensure_ascii=False,
        )


def _analysis_text(result: analysis.Analysis, playback: Playback) -> Iterator[str]:
    """Every step in words with every seat's estimates, its mark, and the marks again."""
    header = playback.header
    names = [seat_name(header, s) for s in range(header["players"])]
    words = _words(playback)

    def mark_text(mark: analysis.Mark) -> str:
        return (
            f"{names[mark.seat]} {words(mark.step, mark.action)}: "
            f"{_percent(mark.chosen)}; {words(mark.step, mark.better)}: "
            f"{_percent(mark.best)} (cost {100 * mark.cost:.0f} points)"
        )

    yield (
        f"{header['game']}, {', '.join(names)}; level {result.level}"
        f"{' (cached)' if result.cached else ''}. Per seat: its chance as it could judge "
        f"it / seeing every card."
    )
    for step in result.steps:
        entry = playback.entries[step.step - 1]
        yield (
            f"{step.step:5}  {names[step.seat]}: {entry.words}"
            f"{' (after a hint)' if entry.hinted else ''}"
        )
        yield "       " + "  ".join(
            f"{names[s]} {_percent(step.fair[s])} / {_percent(step.seeing[s])}"
            for s in range(len(names))
        )
        if step.mark is not None:
            yield f"       MISTAKE: {mark_text(step.mark)}"
    yield f"end    {'  '.join(f'{n} {100 * v:.0f}%' for n, v in zip(names, result.result))}"
    threshold = f"{100 * result.threshold:.0f}"
    if not result.marks:
        yield f"No mistakes of {threshold} points or more."
        return
    yield f"Mistakes of {threshold} points or more: {len(result.marks)}"
    for mark in result.marks:
        yield f"  step {mark.step}: {mark_text(mark)}"


def _threshold(text: str) -> float:
    value = positive(float)(text)
    if value > 100:
        raise argparse.ArgumentTypeError(f"{text!r} is more than 100 points")
    return value


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = Parser(
        prog=PROG,
        description=__doc__.splitlines()[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="\n".join(__doc__.splitlines()[2:]) + "\nThe file format: docs/replay-format.md.",
    )
    commands = parser.add_subparsers(
        dest="command", required=True, metavar="COMMAND", parser_class=Parser
    )
    verify = commands.add_parser(
        "verify", help="re-run a replay and check every digest and the seed"
    )
    verify.add_argument("file", type=Path, metavar="FILE")
    verify.set_defaults(run=cmd_verify)
    show = commands.add_parser("show", help="every step in words, with its events")
    show.add_argument("file", type=Path, metavar="FILE")
    show.add_argument(
        "--seat",
        type=int,
        default=None,
        help="show the events as this seat received them (default: a spectator)",
    )
    show.set_defaults(run=cmd_show)
    diff = commands.add_parser("diff", help="the first step where two replays of a game part")
    diff.add_argument("a", type=Path, metavar="A")
    diff.add_argument("b", type=Path, metavar="B")
    diff.set_defaults(run=cmd_diff)
    listing = commands.add_parser("list", help="the replays in a folder, newest first")
    listing.add_argument("folder", type=Path, metavar="FOLDER")
    listing.set_defaults(run=cmd_list)
    record = commands.add_parser("record", help="play a game with random moves and log it")
    _record_arguments(record)
    record.set_defaults(run=cmd_record)
    analyse = commands.add_parser(
        "analyse",
        help="every step's win chances per seat and the marked mistakes of a finished game",
    )
    _analyse_arguments(analyse)
    analyse.set_defaults(run=cmd_analyse)
    return parser.parse_args(argv)


def _record_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of `record`."""
    parser.add_argument("out", type=Path, metavar="OUT", help="the new replay file")
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--options", default="{}", help="game options as a JSON object")
    parser.add_argument(
        "--policy-seed", type=int, default=0, help="seed of the random choice of moves"
    )
    parser.add_argument(
        "--stop-after", type=int, default=None, help="stop unfinished after this many steps"
    )


def _analyse_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of `analyse`."""
    parser.add_argument("file", type=Path, metavar="FILE")
    parser.add_argument(
        "--level",
        choices=analysis.LEVELS,
        default="normal",
        help="the bot level whose search judges (default: normal)",
    )
    parser.add_argument(
        "--json", action="store_true", help="one JSON object per step instead of text"
    )
    parser.add_argument(
        "--threshold",
        type=_threshold,
        default=100 * analysis.THRESHOLD,
        metavar="P",
        help="mark choices that cost at least P points of win "
        f"chance (default: {100 * analysis.THRESHOLD:.0f})",
    )
    parser.add_argument(
        "--jobs",
        type=positive(int),
        default=analysis.JOBS,
        metavar="N",
        help=f"worker processes (default: {analysis.JOBS})",
    )
    parser.add_argument(
        "--every-seat",
        action="store_true",
        help="mark every seat's choices, not only human players' own",
    )


def main(argv: list[str] | None = None) -> int:
    """Run one command; returns the exit status (see the module docstring)."""
    args = parse_args(argv)
    try:
        status: int = args.run(args)
        return status
    except Failure as err:
        print(f"{PROG}: error: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # `show … | head`: the reader left; say nothing more
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:
        # Ctrl-C during a long analysis: its workers are gone with the pool
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
