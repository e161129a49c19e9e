"""The search: budgets, reproducibility, and sound choices in positions with a clear answer."""
from __future__ import annotations

import random
import time

import pytest

from game.bots import SearchBot, quasenbo
from game.bots.ismcts import Budget, search
from game.rules import restore
from game.rules.decktet import deck
from tests.bots.helpers import GAMES, last_position, positions


def a_position(game: str, steps: int = 9):
    state, histories = last_position(game, 2, 21, steps)
    seat = state.to_move
    return state, seat, state.view(seat), state.legal_actions(), histories[seat]


def test_a_budget_needs_a_limit():
    with pytest.raises(ValueError):
        Budget()


@pytest.mark.parametrize("game", GAMES)
def test_an_iteration_budget_is_exact_and_reproducible(game):
    from game.bots import KITS
    state, seat, view, legal, history = a_position(game)
    runs = []
    for _ in range(2):
        model = KITS[game].model(view, history)
        action, stats = search(model, seat, legal, Budget(iterations=40), random.Random(8))
        runs.append((action, stats.iterations))
        assert action in legal
    assert runs[0] == runs[1] and runs[0][1] == 40


def test_a_time_budget_is_kept():
    state, seat, view, legal, history = a_position("quando")
    bot = SearchBot("quando", 1, Budget(ms=60))
    start = time.perf_counter()
    assert bot.choose(view, legal, history) in legal
    assert time.perf_counter() - start < 0.5
    assert bot.last.iterations > 0


def test_searching_every_seat_as_in_the_paper_works_too():
    state, seat, view, legal, history = a_position("quasenbo")
    model = quasenbo.Model(view, history)
    action, stats = search(model, seat, legal, Budget(iterations=30), random.Random(2),
                           opponent_nodes=True)
    assert action in legal and stats.iterations == 30


def quasenbo_position() -> dict:
    """Seat 0 to play with two cards: the Journey (moons, waves) would make a third moons card
    in a row – a penalty card – while the Sea (a Crown like the Huntress, waves) is safe."""
    cards = [card.code for card in deck()]
    hands = [["journey", "sea"], ["ace-suns", "desert", "battle", "ace-knots", "market"]]
    row = ["ace-moons", "huntress"]
    used = set(row) | {c for hand in hands for c in hand}
    return {"game": "quasenbo", "players": 2, "seed": 0,
            "options": {"excuse": False, "pawns": False, "courts": False, "double": False,
                        "hand_size": 7, "double_quasenbo": False, "deck": None},
            "rng": 12345, "step": 10, "hands": hands, "row": row, "named": [None, None],
            "draw": [c for c in cards if c not in used], "passes": 0, "to_move": 0,
            "phase": "turn", "result": None}


def quando_position() -> dict:
    """Seat 0 to move holding 10, 10, 9 after two plays; seat 1 holds two cards."""
    hands = [["10/0", "10/1", "9/0"], ["1/2", "0/3"]]
    used = {tuple(sorted(map(int, c.split("/")))) for hand in hands for c in hand}
    rest = [f"{a}/{b}" for a in range(11) for b in range(a + 1, 11) if (a, b) not in used]
    return {"game": "quando", "players": 2, "seed": 0, "options": {"target": 50, "deck": None},
            "rng": 99, "step": 8, "round": 0, "totals": [0, 0], "hands": hands,
            "draw": rest[:30], "discard": rest[30:], "phase": "turn", "to_move": 0,
            "active": 0, "plays": [2, 2], "knocker": None, "triplet": False, "penalty": [],
            "last_round": None, "result": None}


def test_the_search_does_not_knock_on_a_high_hand():
    from game.bots import quando
    state = restore(quando_position())
    legal = state.legal_actions()
    assert ["knock"] in legal
    model = quando.Model(state.view(0), [])
    action, _ = search(model, 0, legal, Budget(iterations=150), random.Random(5))
    assert action == ["play", [0, 1]]


def test_the_search_bot_avoids_a_penalty_card():
    state = restore(quasenbo_position())
    legal = state.legal_actions()
    assert legal == [["play", 0], ["play", 1]]
    bot = SearchBot("quasenbo", 4, Budget(iterations=200))
    assert bot.choose(state.view(0), legal, []) == ["play", 1]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", [2, 4])
def test_rollout_policies_choose_only_legal_actions(game, players):
    """The search applies policy actions without the engine's check: they must be legal."""
    from game.bots import KITS
    from game.rules.base import freeze
    for seed in range(3):
        for state, histories in positions(game, players, seed, 400, None, seed):
            if state.is_over:
                break
            if state.step % 9:
                continue
            seat = state.to_move
            model = KITS[game].model(state.view(seat), histories[seat])
            twin = model.sample(random.Random(seed))
            rng = random.Random(1)
            for _ in range(30):
                if twin.is_over:
                    break
                action = model.policy(twin, rng)
                assert action in twin.legal_keys()
                assert freeze(list(action)) == action
                twin.apply(list(action))
