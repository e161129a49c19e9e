"""The arena: many games between bots, in parallel processes, with win rates, 95% confidence
intervals and decision times.

    python -m game.bots.arena --game quando --players 4 \\
        --bots ismcts,heuristic,random,random --games 500 --seed 1 [--png chart.png]

Bots: `random`, `heuristic`, `ismcts` (the normal level's iterations, without its time cap, so
that a run is the same on every machine), the levels `easy`, `normal`, `hard` exactly as the
server plays them, and `ismcts@N` (N iterations) or `ismcts@Nms` (N milliseconds).
Seats rotate from game to game, so that every bot sits in every seat equally often. A
game's winners share it: a tie between two bots scores half a game each. Decision times
count only decisions with a choice (more than one legal action). The run's fingerprint
hashes every game's outcome and length: two runs with equal fingerprints played the same
games, which is how a change that must not alter the bots' play is checked.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import multiprocessing
import os
import random
import statistics
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TextIO, cast

from game.bots import EASY_NOISE, KITS, Bot, HeuristicBot, RandomBot, SearchBot, level_budget
from game.bots.ismcts import Budget
from game.rules import Options, Result, View, find_game, new_game

Z95 = 1.959964


def parse_bot(spec: str) -> str:
    """`spec` if it names a bot the arena knows, else ValueError saying which do exist."""
    name, at, budget = spec.partition("@")
    if name in ("random", "heuristic", "ismcts", "easy", "normal", "hard") and not at:
        return spec
    if name == "ismcts" and budget:
        number = budget[:-2] if budget.endswith("ms") else budget
        if number.isdigit() and int(number) > 0:
            return spec
    raise ValueError(
        f"unknown bot {spec!r} (known: random, heuristic, ismcts, easy, normal, "
        f"hard, ismcts@ITERATIONS, ismcts@MILLISECONDSms)"
    )


def build_bot(spec: str, game: str, seed: int) -> Bot:
    """A fresh bot for an arena `spec` (see parse_bot)."""
    name, _, budget = spec.partition("@")
    if name == "random":
        return RandomBot(seed)
    if name == "heuristic":
        return HeuristicBot(game, seed)
    if name == "easy":
        return HeuristicBot(game, seed, EASY_NOISE)
    if budget.endswith("ms"):
        return SearchBot(game, seed, Budget(ms=float(budget[:-2])))
    if budget:
        return SearchBot(game, seed, Budget(iterations=int(budget)))
    if name == "ismcts":
        return SearchBot(game, seed, Budget(iterations=level_budget("normal", game).iterations))
    return SearchBot(game, seed, level_budget(name, game))


@dataclass
class GameRecord:
    """One finished game as the parent process needs it: per entry of the bot list, its
    share of the win, its decision times (s) and its search iterations and search time."""

    index: int
    shares: list[float]
    times: list[list[float]]
    iterations: list[int]
    search_seconds: list[float]
    steps: int


def game_seed(seed: int, index: int, what: str) -> int:
    """A reproducible 64-bit seed for game `index` of a run seeded `seed`."""
    return random.Random(f"{seed}:{index}:{what}").getrandbits(64)


def play_game(args: tuple[str, int, Options, list[str], int, int]) -> GameRecord:
    """Play game `index` of the run: the bot list rotated by `index` seats. Bots get what
    the server gives them: the view, the legal actions and their history as plain data."""
    game, players, options, bots, seed, index = args
    state = new_game(game, players, game_seed(seed, index, "deal"), options)
    entry_of_seat = [(seat + index) % players for seat in range(players)]
    seats = [
        build_bot(bots[entry_of_seat[seat]], game, game_seed(seed, index, f"bot{seat}"))
        for seat in range(players)
    ]
    history: list[list[View]] = [[] for _ in range(players)]
    times: list[list[float]] = [[] for _ in range(players)]
    iterations = [0] * players
    search_seconds = [0.0] * players
    while not state.is_over:
        seat = cast(int, state.to_move)
        legal = state.legal_actions()
        bot = seats[seat]
        start = time.perf_counter()
        action = bot.choose(state.view(seat), legal, history[seat])
        elapsed = time.perf_counter() - start
        if len(legal) > 1:
            times[seat].append(elapsed)
            if isinstance(bot, SearchBot):
                iterations[seat] += bot.last.iterations
                search_seconds[seat] += bot.last.seconds
        for event in state.apply(action):
            for s in range(players):
                history[s].append(event.for_seat(s))
    winners = cast(Result, state.result)["winners"]
    by_entry = [0] * players
    for seat in range(players):
        by_entry[entry_of_seat[seat]] = seat
    return GameRecord(
        index,
        [1.0 / len(winners) if by_entry[e] in winners else 0.0 for e in range(players)],
        [times[by_entry[e]] for e in range(players)],
        [iterations[by_entry[e]] for e in range(players)],
        [search_seconds[by_entry[e]] for e in range(players)],
        state.step,
    )


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (successes may be fractional: shared wins)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Row:
    """A bot's figures over the run (several entries of one name are pooled)."""

    name: str
    seats: int = 0
    wins: float = 0.0
    ties: int = 0
    times: list[float] = field(default_factory=list)
    iterations: int = 0
    search_seconds: float = 0.0

    @property
    def rate(self) -> float:
        return self.wins / self.seats if self.seats else 0.0

    @property
    def ci(self) -> tuple[float, float]:
        return wilson(self.wins, self.seats)


def fingerprint(records: Iterable[GameRecord]) -> str:
    """A short hex digest of the games' outcomes (per game: its index, the bots' shares,
    its steps and the searches' iterations): equal for runs that played the same games."""
    games = [(r.index, r.shares, r.steps, r.iterations) for r in records]
    return hashlib.blake2b(repr(games).encode(), digest_size=8).hexdigest()


def tabulate(bots: list[str], records: Iterable[GameRecord]) -> list[Row]:
    """Pool the records per bot name, in the order the names first appear."""
    rows: dict[str, Row] = {}
    for name in bots:
        rows.setdefault(name, Row(name))
    for record in records:
        for entry, name in enumerate(bots):
            row = rows[name]
            row.seats += 1
            share = record.shares[entry]
            row.wins += share
            row.ties += 0.0 < share < 1.0
            row.times.extend(record.times[entry])
            row.iterations += record.iterations[entry]
            row.search_seconds += record.search_seconds[entry]
    return list(rows.values())


def format_table(rows: list[Row], games: int, players: int) -> str:
    """The results table: win rate with its 95% CI per bot, ties, decision times."""
    lines = [
        f"{games} games, {players} players; a fair share is {100 / players:.1f}%; "
        "ties share the win",
        f"{'bot':<16} {'seats':>6} {'wins':>8} {'win %':>7} {'95% CI':>15} {'ties':>5} "
        f"{'mean ms':>8} {'median ms':>9} {'iter/s':>8}",
    ]
    for row in rows:
        low, high = row.ci
        mean = statistics.fmean(row.times) * 1000 if row.times else 0.0
        median = statistics.median(row.times) * 1000 if row.times else 0.0
        rate = f"{row.iterations / row.search_seconds:8.0f}" if row.search_seconds else f"{'-':>8}"
        lines.append(
            f"{row.name:<16} {row.seats:>6} {row.wins:>8.1f} {100 * row.rate:>6.1f}% "
            f"{f'{100 * low:.1f}–{100 * high:.1f}%':>15} {row.ties:>5} {mean:>8.1f} "
            f"{median:>9.1f} {rate}"
        )
    return "\n".join(lines)


class Progress:
    """A progress bar on stderr: done/total, elapsed and estimated time left."""

    def __init__(self, total: int, stream: TextIO = sys.stderr, width: int = 30) -> None:
        self.total, self.stream, self.width = total, stream, width
        self.start = time.monotonic()
        self.shown = 0.0
        self.done = 0

    def step(self) -> None:
        self.done += 1
        now = time.monotonic()
        # A redraw at most every fifth of a second: fast runs would spend their time printing.
        if now - self.shown < 0.2 and self.done < self.total:
            return
        self.shown = now
        elapsed = now - self.start
        left = elapsed / self.done * (self.total - self.done)
        filled = self.width * self.done // self.total
        bar = "#" * filled + "." * (self.width - filled)
        self.stream.write(
            f"\r[{bar}] {self.done}/{self.total} games  "
            f"{_clock(elapsed)} elapsed, {_clock(left)} left "
        )
        if self.done == self.total:
            self.stream.write("\n")
        self.stream.flush()


def _clock(seconds: float) -> str:
    minutes, secs = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def run(
    game: str,
    players: int,
    bots: list[str],
    games: int,
    seed: int,
    options: Options | None = None,
    jobs: int = 1,
    progress: bool = True,
) -> list[GameRecord]:
    """Play `games` games and return their records in game order. Deterministic for a given
    seed when no bot has a time budget (`normal`, `hard` and `ismcts@Nms` depend on the
    machine's speed)."""
    tasks = [(game, players, options or {}, bots, seed, index) for index in range(games)]
    bar = Progress(games) if progress else None
    records = []
    if jobs <= 1:
        for task in tasks:
            records.append(play_game(task))
            if bar:
                bar.step()
    else:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            for record in pool.imap_unordered(play_game, tasks):
                records.append(record)
                if bar:
                    bar.step()
    records.sort(key=lambda r: r.index)
    return records


def draw_chart(rows: list[Row], path: str, title: str, players: int) -> None:
    """Save a bar chart of the win rates with their 95% CIs as a PNG (drawn with pygame,
    no window needed)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.font.init()
    font = pygame.font.Font(None, 22)
    big = pygame.font.Font(None, 28)
    caption = "bars: share of games won (ties shared); whiskers: 95% Wilson interval"
    left, top, bottom = 70, 60, 340
    width = max(160 + 140 * len(rows), left + font.size(caption)[0] + 20)
    height = 440
    surface = pygame.Surface((width, height))
    surface.fill((250, 250, 247))
    ink, grid, bar, whisker = (30, 30, 30), (210, 210, 205), (70, 120, 180), (20, 20, 20)

    def y_of(rate: float) -> int:
        return round(bottom - rate * (bottom - top))

    for tick in range(0, 101, 20):
        y = y_of(tick / 100)
        pygame.draw.line(surface, grid, (left, y), (width - 20, y))
        surface.blit(font.render(f"{tick}%", True, ink), (left - 45, y - 8))
    fair = y_of(1 / players)
    pygame.draw.line(surface, (200, 80, 60), (left, fair), (width - 20, fair), 2)
    surface.blit(font.render("fair share", True, (200, 80, 60)), (width - 110, fair - 20))
    for k, row in enumerate(rows):
        x = left + 40 + 140 * k
        low, high = row.ci
        pygame.draw.rect(surface, bar, pygame.Rect(x, y_of(row.rate), 60, bottom - y_of(row.rate)))
        centre = x + 30
        pygame.draw.line(surface, whisker, (centre, y_of(low)), (centre, y_of(high)), 2)
        for y in (y_of(low), y_of(high)):
            pygame.draw.line(surface, whisker, (centre - 10, y), (centre + 10, y), 2)
        surface.blit(font.render(row.name, True, ink), (x - 10, bottom + 10))
        surface.blit(font.render(f"{100 * row.rate:.1f}%", True, ink), (x + 5, bottom + 32))
    pygame.draw.line(surface, ink, (left, bottom), (width - 20, bottom), 2)
    surface.blit(big.render(title, True, ink), (left, 18))
    surface.blit(font.render(caption, True, (110, 110, 110)), (left, height - 26))
    pygame.image.save(surface, path)


def main(argv: list[str] | None = None) -> int:
    """The command line; returns the exit status (argparse exits with 2 on bad flags)."""
    parser = _parser()
    args = parser.parse_args(argv)
    bots, options = _checked(parser, args)
    records = run(
        args.game,
        args.players,
        bots,
        args.games,
        args.seed,
        options,
        args.jobs,
        progress=not args.quiet,
    )
    rows = tabulate(bots, records)
    print(f"{args.game}, {', '.join(bots)}, seed {args.seed}, options {json.dumps(options)}")
    print(format_table(rows, args.games, args.players))
    print(f"fingerprint {fingerprint(records)}")
    if args.png:
        draw_chart(
            rows, args.png, f"{args.game}, {args.players} players, {args.games} games", args.players
        )
        print(f"chart saved to {args.png}")
    return 0


def _parser() -> argparse.ArgumentParser:
    """The arena's flags: the game, a bot per seat, the games, their seed and options, the
    workers, the chart."""
    parser = argparse.ArgumentParser(
        prog="python -m game.bots.arena", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--game", required=True, choices=sorted(KITS))
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument(
        "--bots",
        required=True,
        help="comma-separated, one per seat: random, heuristic, ismcts, easy, "
        "normal, hard, ismcts@N (iterations), ismcts@Nms",
    )
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--jobs",
        type=int,
        default=os.cpu_count() or 1,
        help="worker processes (default: one per core)",
    )
    parser.add_argument(
        "--options", default="{}", help="game options as JSON, e.g. '{\"target\": 40}'"
    )
    parser.add_argument("--png", metavar="FILE", help="also save a chart of the win rates")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    return parser


def _checked(
    parser: argparse.ArgumentParser, args: argparse.Namespace
) -> tuple[list[str], Options]:
    """The seats' bots and the game's options of a command line, checked together (the
    player count, each bot's name, the options the engine accepts): argparse's error
    otherwise."""
    cls = find_game(args.game)
    if not cls.min_players <= args.players <= cls.max_players:
        parser.error(f"{args.game} is for {cls.min_players} to {cls.max_players} players")
    bots = [b.strip() for b in args.bots.split(",")]
    if len(bots) != args.players:
        parser.error(f"--bots names {len(bots)} bots for {args.players} players")
    for spec in bots:
        try:
            parse_bot(spec)
        except ValueError as err:
            parser.error(str(err))
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    if not 0 <= args.seed < 2**63:
        parser.error("--seed must be a non-negative integer")
    try:
        options = json.loads(args.options)
        new_game(args.game, args.players, 0, options)
    except ValueError as err:
        parser.error(f"--options: {err}")
    return bots, options


if __name__ == "__main__":
    sys.exit(main())
