"""Bot speed per game and player count: decision times (median, 90th percentile) and search
iterations per second of a bot level, over positions met in games between heuristic players
(only decisions with a choice). One process, one core; the machine's other load shows up.

    python bench/bots.py [--games quando,blanco,quasenbo] [--players 2,4] [--level normal]
                         [--positions 60] [--seed 1] [--clock wall|cpu] [--uncapped]

`--clock cpu` times each decision by this process's CPU time, so that on a shared machine
the time other processes take the core does not count; `--uncapped` searches the level's
iterations without its time cap, so that every run (and every tree, side by side) does the
same work.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.bots import KITS, HeuristicBot, SearchBot, level_budget, make_bot  # noqa: E402
from game.bots.ismcts import Budget  # noqa: E402
from game.rules import new_game  # noqa: E402


def positions(game: str, players: int, count: int, seed: int) -> list[tuple[dict, list, list]]:
    """`count` (view, legal, history) triples with a choice to make, from heuristic games."""
    pick = random.Random(seed)
    out: list[tuple[dict, list, list]] = []
    while len(out) < count:
        state = new_game(game, players, pick.getrandbits(64))
        bots = [HeuristicBot(game, pick.getrandbits(32)) for _ in range(players)]
        histories: list[list[dict]] = [[] for _ in range(players)]
        while not state.is_over and len(out) < count:
            seat = state.to_move
            view, legal = state.view(seat), state.legal_actions()
            if len(legal) > 1 and pick.random() < 0.15:
                out.append((view, legal, list(histories[seat])))
            action = bots[seat].choose(view, legal, histories[seat])
            for event in state.apply(action):
                for s in range(players):
                    histories[s].append(event.for_seat(s))
    return out


def measure(
    game: str,
    players: int,
    level: str,
    count: int,
    seed: int,
    cpu: bool = False,
    capped: bool = True,
) -> dict:
    """Decision times (ms) and iterations per second of `level` over `count` positions, by
    the wall clock or (`cpu`) this process's CPU time, with or without the level's time cap."""
    clock = time.process_time if cpu else time.perf_counter
    times, iterations, searching = [], 0, 0.0
    for k, (view, legal, history) in enumerate(positions(game, players, count, seed)):
        if capped:
            bot = make_bot(level, game, view["seat"], seed + k)
        else:
            budget = Budget(iterations=level_budget(level, game).iterations)
            bot = SearchBot(game, seed + k, budget)
        start = clock()
        bot.choose(view, legal, history)
        spent = clock() - start
        times.append(spent * 1000)
        if isinstance(bot, SearchBot):
            iterations += bot.last.iterations
            searching += spent if cpu else bot.last.seconds
    times.sort()
    return {
        "median": statistics.median(times),
        "p90": times[int(0.9 * (len(times) - 1))],
        "rate": iterations / searching if searching else 0.0,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default=",".join(KITS))
    parser.add_argument("--players", default="2,4")
    parser.add_argument("--level", default="normal")
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    parser.add_argument("--uncapped", action="store_true", help="no time cap")
    args = parser.parse_args()
    print(
        f"python {sys.version.split()[0]}, level {args.level}, {args.positions} positions each, "
        f"{args.clock} clock" + (", no time cap" if args.uncapped else "")
    )
    print(f"{'game':<9} {'pl':>3} {'median ms':>10} {'p90 ms':>8} {'iter/s':>8}")
    for game in args.games.split(","):
        for players in map(int, args.players.split(",")):
            row = measure(
                game,
                players,
                args.level,
                args.positions,
                args.seed,
                args.clock == "cpu",
                not args.uncapped,
            )
            print(
                f"{game:<9} {players:>3} {row['median']:>10.1f} {row['p90']:>8.1f} "
                f"{row['rate']:>8,.0f}"
            )


if __name__ == "__main__":
    main()
