"""The search: budgets, reproducibility, and sound choices in positions with a clear answer."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.bots import BUDGETS, KITS, SearchBot, level_budget, make_bot, quando, quasenbo
from game.bots.ismcts import Budget, search, shuffle
from game.rules import new_game, restore
from game.rules.base import freeze
from game.rules.decktet import deck
from game.rules.quasenbo import full_deck
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
    action, stats = search(
        model, seat, legal, Budget(iterations=30), random.Random(2), opponent_nodes=True
    )
    assert action in legal and stats.iterations == 30


def quasenbo_position() -> dict:
    """Seat 0 to play with two cards: the Journey (moons, waves) would make a third moons card
    in a row – a penalty card – while the Sea (a Crown like the Huntress, waves) is safe."""
    cards = [card.code for card in deck()]
    hands = [["journey", "sea"], ["ace-suns", "desert", "battle", "ace-knots", "market"]]
    row = ["ace-moons", "huntress"]
    used = set(row) | {c for hand in hands for c in hand}
    return {
        "game": "quasenbo",
        "players": 2,
        "seed": 0,
        "options": {
            "excuse": False,
            "pawns": False,
            "courts": False,
            "double": False,
            "hand_size": 7,
            "double_quasenbo": False,
            "deck": None,
        },
        "rng": 12345,
        "step": 10,
        "hands": hands,
        "row": row,
        "named": [None, None],
        "draw": [c for c in cards if c not in used],
        "passes": 0,
        "to_move": 0,
        "phase": "turn",
        "result": None,
    }


def quando_position() -> dict:
    """Seat 0 to move holding 10, 10, 9 after two plays; seat 1 holds two cards."""
    hands = [["10/0", "10/1", "9/0"], ["1/2", "0/3"]]
    used = {tuple(sorted(map(int, c.split("/")))) for hand in hands for c in hand}
    rest = [f"{a}/{b}" for a in range(11) for b in range(a + 1, 11) if (a, b) not in used]
    return {
        "game": "quando",
        "players": 2,
        "seed": 0,
        "options": {"target": 50, "deck": None},
        "rng": 99,
        "step": 8,
        "round": 0,
        "totals": [0, 0],
        "hands": hands,
        "draw": rest[:30],
        "discard": rest[30:],
        "phase": "turn",
        "to_move": 0,
        "active": 0,
        "plays": [2, 2],
        "knocker": None,
        "triplet": False,
        "penalty": [],
        "last_round": None,
        "result": None,
    }


def test_the_search_does_not_knock_on_a_high_hand():
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
                if twin.to_move is None:  # over, or a search's copy at its round's end
                    break
                action = model.policy(twin, rng)
                assert action in twin.legal_keys()
                assert freeze(list(action)) == action
                twin.apply(list(action))


@pytest.mark.parametrize(
    "options",
    [
        None,
        {"excuse": True, "double_quasenbo": True},
        {"double": True, "pawns": True, "courts": True},
    ],
)
def test_the_quasenbo_rollout_keeps_every_card_and_ends_with_chances(options):
    """Model.rollout runs the engine's quick playout, not its steps: no card may appear or
    vanish, the state stays one of the game's, a win needs an empty hand, and the values are
    win chances."""
    for seed in range(4):
        for state, histories in positions("quasenbo", 3, seed, 120, options, seed):
            if state.is_over or state.step % 7:
                continue
            seat = state.to_move
            model = quasenbo.Model(state.view(seat), histories[seat], depth=200)
            twin = model.sample(random.Random(seed))
            values = model.rollout(twin, random.Random(seed))
            cards = twin.draw + twin.row + [c for hand in twin.hands for c in hand]
            assert sorted(cards) == sorted(full_deck(new_game("quasenbo", 3, 0, options).options))
            assert len(twin.row) == len(twin.row_masks)
            assert restore(twin.to_snapshot()).digest() == twin.digest()
            assert abs(sum(values) - 1) < 1e-9 and all(0 <= v <= 1 for v in values)
            for s, value in enumerate(values):
                assert value < 1 or not twin.hands[s]


def test_a_player_seen_making_runs_of_three_is_taken_for_careless():
    def play(seat: int, run: int) -> dict:
        return {
            "type": "play",
            "seat": seat,
            "index": 0,
            "card": "ace-moons",
            "suit": None,
            "run": run,
        }

    assert quasenbo.careless(0, []) == 0.5
    made = [play(0, 2), play(1, 3)] * 5
    avoided = [play(0, 2), play(1, 1)] * 5
    assert quasenbo.careless(0, made) > 0.9
    assert quasenbo.careless(0, avoided) < 0.2
    # Seat 1 judges only seat 0, who never made a third card of a run; a play forced by a
    # draw says nothing.
    assert quasenbo.careless(1, made) == quasenbo.careless(0, avoided[:-1])
    forced = [play(0, 2), {"type": "draw", "seat": 1, "penalty": False, "draw": 3}, play(1, 3)]
    assert quasenbo.careless(0, forced) == 0.5


def test_a_level_budget_gets_the_games_own_iterations():
    normal = BUDGETS["normal"]
    assert level_budget("normal", "quasenbo") == Budget(iterations=2000, ms=normal.ms)
    assert level_budget("normal", "quando") == normal
    assert make_bot("normal", "quasenbo", 0, 1).budget == level_budget("normal", "quasenbo")
    assert make_bot("hard", "blanco", 0, 1).budget == BUDGETS["hard"]


def test_the_search_reports_every_root_action_with_its_mean_and_error():
    state = restore(quasenbo_position())
    legal = state.legal_actions()
    model = quasenbo.Model(state.view(0), [])
    action, stats = search(model, 0, legal, Budget(iterations=300), random.Random(3))
    assert [a for a, *_ in stats.actions] == legal
    assert sum(visits for _, visits, _, _ in stats.actions) == 300
    (_, _, bad, _), (_, _, good, _) = stats.actions
    assert action == ["play", 1] and good > bad  # the Journey draws a penalty card
    for _, visits, mean, error in stats.actions:
        # rewards in [0, 1] spread at most 0.5 either way of their mean
        assert 0 < error <= 0.5 / (visits - 1) ** 0.5 and 0 <= mean <= 1
    _, forced = search(model, 0, legal[:1], Budget(iterations=300), random.Random(3))
    assert forced.actions == []


@pytest.mark.parametrize("players", [2, 3])
def test_the_quando_rollout_gives_the_values_of_the_policy_played_out(players):
    """`Model.rollout` takes shortcuts (a round that a last-turn pass or a draw to a hand of
    zeros ends is scored without the engine's next deal): its values must be those of the
    policy's moves played through the engine until `done`, then `evaluate`, with the same
    randomness."""
    ended = zeros = 0
    for seed in range(3):
        for state, histories in positions("quando", players, seed, 300, {"target": 20}, seed):
            if state.is_over or state.step % 7:
                continue
            seat = state.to_move
            model = quando.Model(state.view(seat), histories[seat])
            for k in range(6):
                sample = model.sample(random.Random(k))
                played, rng = sample.clone(), random.Random(k)
                depth = 0
                while played.result is None and not model.done(played, depth):
                    played.apply_key(model.policy(played, rng))
                    depth += 1
                ended += played.result is not None or played.round != model.round
                zeros += played.last_round is not None and (
                    played.last_round["round"] == model.round
                    and played.last_round["reason"] == "zeros"
                )
                assert model.rollout(sample.clone(), random.Random(k)) == model.evaluate(played)
    assert ended > 10  # rounds and games ended inside rollouts, where the shortcuts are
    assert zeros > 0


def test_a_search_goes_on_from_a_kept_node_and_counts_its_visits():
    """A Quando play's subtree holds the draw that follows: the draw's search starts from
    it, and the visits already there count towards the draw's budget."""
    state, histories = last_position("quando", 2, 21, 9)
    while state.phase != "turn" or not any(a[0] == "play" for a in state.legal_actions()):
        state.apply(state.legal_actions()[0])
    seat = state.to_move
    model = KITS["quando"].model(state.view(seat), [])
    legal = state.legal_actions()
    _, stats = search(model, seat, legal, Budget(iterations=300), random.Random(4))
    assert stats.tree is not None
    play = max(stats.actions, key=lambda a: a[1])[0]
    kept = stats.tree.kids[seat][freeze(play)]
    reached = sum(kid.visits for kid in kept.kids[seat].values())
    assert 0 < reached < 60
    state.apply(play)
    assert state.to_move == seat and state.phase == "draw"
    model = KITS["quando"].model(state.view(seat), [])  # determinizations after the play
    draws = state.legal_actions()
    _, going_on = search(model, seat, draws, Budget(iterations=60), random.Random(5), tree=kept)
    assert going_on.iterations == 60 - reached
    assert sum(visits for _, visits, _, _ in going_on.actions) == 60


@given(st.integers(0, 2**32), st.integers(0, 60))
def test_the_samplers_shuffle_draws_as_pythons_own(seed, length):
    ours, theirs = random.Random(seed), random.Random(seed)
    mine, python = list(range(length)), list(range(length))
    shuffle(mine, ours)
    theirs.shuffle(python)
    assert mine == python and ours.getstate() == theirs.getstate()
