"""How much of a Quäsenbö game's result a player can decide at all: an all-seeing search bot
against random players. It searches the real state (every hand known), guessing only the
order of the draw pile, so a bot that sees just its own seat (and searches as it does) can
hardly do better; its win rate against random is a ceiling for the arena's "beats random"
figure. Quäsenbö only: its hands and the pile are all it hides (Quando shows the pile's top,
Blanco hides grid cards from their owners too). A benchmark, not a bot: it reads the
engine's state, which the real bots never can.

    python bench/oracle.py [--players 2] [--games 300] [--iterations 2000] [--seed 1]

The search is the normal level's (its model, rollouts and iterations); only the sampling
differs.
"""
from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.bots import KITS, level_budget  # noqa: E402
from game.bots.arena import wilson  # noqa: E402
from game.bots.ismcts import Budget, search  # noqa: E402
from game.rules import State, new_game  # noqa: E402
from game.rules.base import Rng  # noqa: E402

GAME = "quasenbo"


class Oracle:
    """The game's own search model, sampling the real state with only the draw pile (and
    the engine's generator, which deals future shuffles) made a guess."""

    def __init__(self, state: State, history: list[dict]) -> None:
        self.model = KITS[GAME].model(state.view(state.to_move), history)
        self.state = state
        self.tree_depth = self.model.tree_depth
        self.reuse = 1

    def sample(self, rng: random.Random) -> State:
        guess = self.state.clone()
        rng.shuffle(guess.draw)  # type: ignore[attr-defined]
        guess.rng = Rng(rng.getrandbits(64))  # type: ignore[attr-defined]
        return guess

    def policy(self, state: State, rng: random.Random) -> tuple:
        return self.model.policy(state, rng)

    def done(self, state: State, depth: int) -> bool:
        return self.model.done(state, depth)

    def evaluate(self, state: State) -> list[float]:
        return list(self.model.evaluate(state))

    def rollout(self, state: State, rng: random.Random) -> list[float]:
        return list(self.model.rollout(state, rng))


def play(players: int, seed: int, oracle_seat: int, iterations: int) -> float:
    """One game; the oracle's share of the win."""
    rng = random.Random(seed)
    state = new_game(GAME, players, rng.getrandbits(64))
    seen: list[dict] = []  # the oracle seat's history, for the model's view of its opponents
    while not state.is_over:
        legal = state.legal_actions()
        if state.to_move == oracle_seat and len(legal) > 1:
            action, _ = search(Oracle(state, seen), oracle_seat, legal,
                               Budget(iterations=iterations), rng)
        else:
            action = rng.choice(legal)
        seen.extend(event.for_seat(oracle_seat) for event in state.apply(action))
    winners = state.result["winners"]  # type: ignore[index]
    return 1.0 / len(winners) if oracle_seat in winners else 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--iterations", type=int,
                        default=level_budget("normal", GAME).iterations)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.games < 1 or args.iterations < 1:
        parser.error("--games and --iterations must be at least 1")
    wins = sum(play(args.players, args.seed * 100_003 + g, g % args.players,
                    args.iterations) for g in range(args.games))
    low, high = wilson(wins, args.games)
    print(f"{GAME}, {args.players} players: an all-seeing search ({args.iterations} "
          f"iterations) against random wins {wins / args.games:.1%} of {args.games} games "
          f"(95% CI {low:.1%}–{high:.1%}); a fair share is {1 / args.players:.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
