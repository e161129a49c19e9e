"""How much of a Quäsenbö game's result a player can decide at all: an all-seeing search bot
against random players. It searches the real state (every hand known), guessing only the
order of the draw pile, so a bot that sees just its own seat (and searches as it does) can
hardly do better; its win rate against random is a ceiling for the arena's "beats random"
figure. Quäsenbö only: its hands and the pile are all it hides (Quando shows the pile's top,
Blanco hides grid cards from their owners too). A benchmark, not a bot: it reads the
engine's state, which the real bots never can.

    python bench/oracle.py [--players 2] [--games 300] [--iterations 2000] [--seed 1]
                           [--sees always,endgame,before,never] [--endgame 2] [--jobs 2]

`--sees` runs the same deals once per choice, side by side: the search sees the other hands
`always`, only in the `endgame` (another player holds at most `--endgame` cards), only
`before` it, or `never` (the normal level's own sampler: the bot itself, without its time
cap) – where in a game knowing the other hand is worth what.

The search is the normal level's (its model, rollouts and iterations); only the sampling
differs.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
from pathlib import Path
from typing import cast

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.bots import KITS, level_budget  # noqa: E402
from game.bots.arena import wilson  # noqa: E402
from game.bots.ismcts import Budget, search  # noqa: E402
from game.rules import State, new_game  # noqa: E402
from game.rules.quasenbo import DECK_OPTIONS, Determinizer, Quasenbo  # noqa: E402

GAME = "quasenbo"


class Oracle:
    """The game's own search model, sampling the real state with only the draw pile (and
    the engine's generator, which deals future shuffles) made a guess."""

    def __init__(self, state: State, history: list[dict]) -> None:
        real = cast(Quasenbo, state)
        seat = real.to_move
        self.model = KITS[GAME].model(real.view(seat), history)
        self.determinizer = Determinizer(real.view(seat), history)
        self.deck = tuple(real.options[name] for name in DECK_OPTIONS)
        self.hands = {s: hand for s, hand in enumerate(real.hands) if s != seat}
        self.pile = real.draw  # top last
        self.tree_depth = self.model.tree_depth
        self.reuse = 1

    def sample(self, rng: random.Random) -> State:
        pile = list(self.pile)
        rng.shuffle(pile)
        return self.determinizer.deal(self.deck, self.hands, pile[::-1], rng.getrandbits(64))

    def policy(self, state: State, rng: random.Random) -> tuple:
        return self.model.policy(state, rng)

    def done(self, state: State, depth: int) -> bool:
        return self.model.done(state, depth)

    def evaluate(self, state: State) -> list[float]:
        return list(self.model.evaluate(state))

    def rollout(self, state: State, rng: random.Random) -> list[float]:
        return list(self.model.rollout(state, rng))


SEES = ("always", "endgame", "before", "never")
"""When the search sees the other hands (see the module's docstring)."""


def sees(mode: str, state: State, seat: int, endgame: int) -> bool:
    """Whether the search of `seat` sees every hand at this decision in `mode`."""
    if mode in ("always", "never"):
        return mode == "always"
    late = any(
        len(hand) <= endgame for s, hand in enumerate(cast(Quasenbo, state).hands) if s != seat
    )
    return late == (mode == "endgame")


def play(task: tuple[str, int, int, int, int, int]) -> float:
    """One game (mode, players, seed, the searching seat, iterations, endgame size); the
    searching seat's share of the win."""
    mode, players, seed, me, iterations, endgame = task
    rng = random.Random(seed)
    state = new_game(GAME, players, rng.getrandbits(64))
    seen: list[dict] = []  # the searching seat's history, as the bots get it
    while not state.is_over:
        legal = state.legal_actions()
        if state.to_move == me and len(legal) > 1:
            model = (
                Oracle(state, seen)
                if sees(mode, state, me, endgame)
                else KITS[GAME].model(state.view(me), seen)
            )
            action, _ = search(model, me, legal, Budget(iterations=iterations), rng)
        else:
            action = rng.choice(legal)
        seen.extend(event.for_seat(me) for event in state.apply(action))
    winners = state.result["winners"]  # type: ignore[index]
    return 1.0 / len(winners) if me in winners else 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--iterations", type=int, default=level_budget("normal", GAME).iterations)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sees", default="always", help="comma-separated: " + ", ".join(SEES))
    parser.add_argument("--endgame", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    modes = args.sees.split(",")
    unknown = [m for m in modes if m not in SEES]
    if unknown:
        parser.error(f"unknown --sees {', '.join(unknown)}; choose from {', '.join(SEES)}")
    if min(args.games, args.iterations, args.endgame, args.jobs) < 1:
        parser.error("--games, --iterations, --endgame and --jobs must be at least 1")
    if not 2 <= args.players <= 8:
        parser.error("--players takes 2 to 8")
    tasks = [
        (
            mode,
            args.players,
            args.seed * 100_003 + g,
            g % args.players,
            args.iterations,
            args.endgame,
        )
        for mode in modes
        for g in range(args.games)
    ]
    if args.jobs > 1:
        with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
            shares = pool.map(play, tasks)
    else:
        shares = [play(task) for task in tasks]
    print(
        f"{GAME}, {args.players} players, {args.games} games, the search at "
        f"{args.iterations} iterations against random; a fair share is "
        f"{1 / args.players:.1%}"
    )
    for k, mode in enumerate(modes):
        wins = sum(shares[k * args.games : (k + 1) * args.games])
        low, high = wilson(wins, args.games)
        where = {
            "endgame": f" (another hand at most {args.endgame} cards)",
            "before": f" (every other hand over {args.endgame} cards)",
        }.get(mode, "")
        print(
            f"  sees the other hands {mode}{where}: wins {wins / args.games:.1%} "
            f"(95% CI {low:.1%}–{high:.1%})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
