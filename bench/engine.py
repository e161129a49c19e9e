"""Engine speed per game: random-playout steps/s and games/s, and the cost of clone(),
legal_actions()+apply(), digest() and view(); medians of repeated runs on one core.
A search bot's 1,000 clones cost 1,000 × the clone figure: "clone µs" reads as ms per 1,000.

    python bench/engine.py [--games quando,blanco] [--players 2,4] [--seconds 2] [--repeats 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.rules import GAMES, new_game  # noqa: E402


def options_for(game: str, players: int) -> dict:
    """Default options, but a Decktet big enough for 6–8 players (as the sheet suggests)."""
    return {"double": True} if game == "quasenbo" and players >= 6 else {}


def playout_rate(game: str, players: int, seconds: float, seed: int) -> tuple[float, float]:
    """Random playouts for about `seconds`: (steps per second, games per second)."""
    pick = random.Random(seed)
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = new_game(game, players, pick.getrandbits(64), options_for(game, players))
        while not state.is_over:
            actions = state.legal_actions()
            state.apply(actions[pick.randrange(len(actions))])
            steps += 1
        games += 1
    elapsed = time.perf_counter() - start
    return steps / elapsed, games / elapsed


def sample_states(game: str, players: int, count: int, seed: int) -> list:
    """`count` states taken at random points of random games."""
    pick = random.Random(seed)
    states = []
    while len(states) < count:
        state = new_game(game, players, pick.getrandbits(64), options_for(game, players))
        while not state.is_over:
            if pick.random() < 0.05:
                states.append(state.clone())
            actions = state.legal_actions()
            state.apply(actions[pick.randrange(len(actions))])
    return states[:count]


def per_call_us(states: list, call) -> float:
    """Mean microseconds of `call(state)` over the sample."""
    start = time.perf_counter()
    for state in states:
        call(state)
    return (time.perf_counter() - start) / len(states) * 1e6


def step(state) -> None:
    actions = state.legal_actions()
    state.apply(actions[len(actions) // 2])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated game names")
    parser.add_argument("--players", default="2,4", help="comma-separated player counts")
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one playout run")
    parser.add_argument("--repeats", type=int, default=5, help="runs per figure (median shown)")
    args = parser.parse_args(argv)
    games = args.games.split(",")
    for game in games:
        if game not in GAMES:
            parser.error(f"unknown game {game!r} (known: {', '.join(GAMES)})")
    try:
        counts = [int(p) for p in args.players.split(",")]
    except ValueError:
        parser.error("--players takes comma-separated integers")
    print(f"python {sys.version.split()[0]}, medians of {args.repeats} runs")
    print(
        f"{'game':9} {'pl':>2} {'steps/s':>9} {'games/s':>8} {'clone µs':>9} "
        f"{'legal+apply µs':>15} {'digest µs':>10} {'view µs':>8}"
    )
    for game in games:
        cls = GAMES[game]
        for players in counts:
            if not cls.min_players <= players <= cls.max_players:
                continue
            rates = [playout_rate(game, players, args.seconds, r) for r in range(args.repeats)]
            states = sample_states(game, players, 400, 99)
            clone = statistics.median(
                per_call_us(states, lambda s: s.clone()) for _ in range(args.repeats)
            )
            act = statistics.median(
                per_call_us([s.clone() for s in states if not s.is_over], step)
                for _ in range(args.repeats)
            )
            digest = statistics.median(
                per_call_us(states, lambda s: s.digest()) for _ in range(args.repeats)
            )
            view = statistics.median(
                per_call_us(states, lambda s: s.view(0)) for _ in range(args.repeats)
            )
            print(
                f"{game:9} {players:>2} {statistics.median(r[0] for r in rates):>9,.0f} "
                f"{statistics.median(r[1] for r in rates):>8,.1f} {clone:>9.1f} {act:>15.1f} "
                f"{digest:>10.1f} {view:>8.1f}"
            )


if __name__ == "__main__":
    main()
