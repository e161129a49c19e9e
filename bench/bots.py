"""Bot speed per game and player count: decision times (median, 90th percentile) and search
iterations per second of a bot level, over positions met in games between heuristic players
(only decisions with a choice). One process, one core; the machine's other load shows up.

    python bench/bots.py [--games quando,blanco,quasenbo] [--players 2,4] [--level normal]
                         [--positions 60] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.bots import KITS, HeuristicBot, SearchBot, make_bot  # noqa: E402
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


def measure(game: str, players: int, level: str, count: int, seed: int) -> dict:
    """Decision times (ms) and iterations per second of `level` over `count` positions."""
    times, iterations, searching = [], 0, 0.0
    for k, (view, legal, history) in enumerate(positions(game, players, count, seed)):
        bot = make_bot(level, game, view["seat"], seed + k)
        start = time.perf_counter()
        bot.choose(view, legal, history)
        times.append((time.perf_counter() - start) * 1000)
        if isinstance(bot, SearchBot):
            iterations += bot.last.iterations
            searching += bot.last.seconds
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
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}, level {args.level}, {args.positions} positions each")
    print(f"{'game':<9} {'pl':>3} {'median ms':>10} {'p90 ms':>8} {'iter/s':>8}")
    for game in args.games.split(","):
        for players in map(int, args.players.split(",")):
            row = measure(game, players, args.level, args.positions, args.seed)
            print(
                f"{game:<9} {players:>3} {row['median']:>10.1f} {row['p90']:>8.1f} "
                f"{row['rate']:>8,.0f}"
            )


if __name__ == "__main__":
    main()
