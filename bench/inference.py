"""How well a Quäsenbö bot knows the hand it cannot see: for every card a seat could play, the
chance its determinizations give that the next player can follow it, against what the next
player really held – with the inferences (voids, the reshuffled pile) and without them.

    python bench/inference.py [--games 300] [--samples 200] [--seed 1] [--endgame 2]

Two-player games, a heuristic seat against a random one; every decision of the heuristic seat
with two or more plays counts each playable card once. Printed: a calibration table (the
predicted chance in tenths, how many cards fell in that tenth, their mean prediction and how
often the next player really could follow), the Brier score of both samplers over all cards
and over the endgame (the next player holding at most `--endgame` cards), and the score of
always predicting the overall rate, the floor any guess without inference reaches.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.bots.quasenbo import Sampler, heuristic  # noqa: E402
from game.rules import new_game  # noqa: E402
from game.rules.quasenbo import MASK, RANK, Quasenbo, follows  # noqa: E402

GAME = "quasenbo"


def observations(games: int, samples: int, seed: int) -> list[tuple[float, float, bool, int]]:
    """Per playable card: (predicted with inference, predicted without, truth, the next
    player's hand size)."""
    out = []
    for g in range(games):
        rng = random.Random(seed * 100_003 + g)
        state = new_game(GAME, 2, rng.getrandbits(64))
        me = g % 2
        seen: list[dict] = []
        while not state.is_over:
            legal = state.legal_actions()
            if state.to_move == me:
                view = state.view(me)
                if len(legal) > 1 and legal[0][0] == "play":
                    out.extend(_judge(state, view, legal, seen, samples, rng))
                action = heuristic(view, legal, seen, rng)
            else:
                action = rng.choice(legal)
            seen.extend(event.for_seat(me) for event in state.apply(action))
    return out


def _judge(
    state: Quasenbo, view: dict, legal: list, seen: list[dict], samples: int, rng: random.Random
) -> list[tuple[float, float, bool, int]]:
    me = view["seat"]
    nxt = 1 - me
    informed_sampler, blind_sampler = Sampler(view, seen), Sampler(view, seen, infer=False)
    informed = [informed_sampler.sample(rng) for _ in range(samples)]
    blind = [blind_sampler.sample(rng) for _ in range(samples)]
    out = []
    for action in legal:
        card = state.hands[me][action[1]]
        if not MASK[card]:
            continue  # the Excuse names its suit: no one chance per card
        out.append(
            (
                sum(_can_follow(d.hands[nxt], card) for d in informed) / samples,
                sum(_can_follow(d.hands[nxt], card) for d in blind) / samples,
                _can_follow(state.hands[nxt], card),
                len(state.hands[nxt]),
            )
        )
    return out


def _can_follow(hand: list[int], card: int) -> bool:
    """Whether a player holding `hand` may play on `card` (the engine's matching rule)."""
    return any(follows(c, MASK[card], RANK[card]) for c in hand)


def brier(pairs: list[tuple[float, bool]]) -> float:
    """The mean squared error of predicted chances against what happened (NaN if none)."""
    return sum((p - t) ** 2 for p, t in pairs) / len(pairs) if pairs else float("nan")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--endgame", type=int, default=2)
    args = parser.parse_args(argv)
    if args.games < 1 or args.samples < 1 or args.endgame < 1:
        parser.error("--games, --samples and --endgame must be at least 1")
    obs = observations(args.games, args.samples, args.seed)
    if not obs:
        parser.error("no decision with a choice in these games; play more of them")
    print(
        f"{GAME}, 2 players, {args.games} games, {len(obs)} playable cards, "
        f"{args.samples} determinizations each"
    )
    print(
        "can the next player follow this card?  predicted tenth | cards | mean prediction "
        "| really could"
    )
    for tenth in range(10):
        cell = [(p, t) for p, _, t, _ in obs if min(9, int(p * 10)) == tenth]
        if cell:
            print(
                f"  {tenth / 10:.1f}–{(tenth + 1) / 10:.1f} | {len(cell):6,} | "
                f"{sum(p for p, _ in cell) / len(cell):.3f} | "
                f"{sum(t for _, t in cell) / len(cell):.3f}"
            )
    for label, part in (
        ("all cards", obs),
        (f"endgame (next hand ≤ {args.endgame})", [o for o in obs if o[3] <= args.endgame]),
    ):
        if not part:
            continue
        rate = sum(t for *_, t, _ in part) / len(part)
        print(
            f"Brier score, {label} ({len(part):,}): with inference "
            f"{brier([(p, t) for p, _, t, _ in part]):.4f}, without "
            f"{brier([(q, t) for _, q, t, _ in part]):.4f}, always {rate:.3f} "
            f"{brier([(rate, t) for *_, t, _ in part]):.4f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
