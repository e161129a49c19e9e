"""The engine contract, checked the same way for every game over random games (hypothesis)."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import msgpack
import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rules import GAMES, IllegalAction, new_game, reshuffle, restore, view_digest
from game.rules.base import canonical, ordered_digest
from tests.rules import specs

ROOT = Path(__file__).resolve().parents[2]


@st.composite
def setups(draw, game: str | None = None):
    """(game, players, options, seed) for a random new game."""
    game = game or draw(st.sampled_from(sorted(specs.SPECS)))
    spec = specs.SPECS[game]
    players = draw(st.integers(spec.min_players, spec.max_players))
    options = draw(spec.options(players))
    seed = draw(st.integers(0, 2**64 - 1))
    return game, players, options, seed


def playout(game, players, options, seed, pick_seed, limit=20000):
    """Yield (state, events) after every random step of a whole game."""
    state = new_game(game, players, seed, options)
    pick = random.Random(pick_seed)
    for _ in range(limit):
        if state.is_over:
            return
        actions = state.legal_actions()
        events = state.apply(actions[pick.randrange(len(actions))])
        yield state, events
    raise AssertionError(f"{game} did not end within {limit} steps")


def test_every_game_is_covered():
    assert set(specs.SPECS) == set(GAMES)


@given(setup=setups(), pick_seed=st.integers(0, 2**32))
def test_every_card_exists_once_and_views_follow_the_events(setup, pick_seed):
    game, players, options, seed = setup
    state = new_game(game, players, seed, options)
    seats = [*range(players), None]
    expected = specs.SPECS[game].all_cards(options)
    views = {s: state.view(s) for s in seats}
    steps = 0
    for state, events in playout(game, players, options, seed, pick_seed):
        steps += 1
        assert Counter(specs.SPECS[game].cards(state.to_snapshot())) == expected
        # The digest's own snapshot shares parts, but packs to the snapshot's bytes.
        assert state.digest() == ordered_digest(state.to_snapshot(), 16)
        for seat in seats:
            for event in events:
                type(state).update_view(views[seat], event.for_seat(seat))
            view, digest = state.view_and_digest(seat)
            assert views[seat] == view, f"step {steps}, seat {seat}"
            # Built in canonical order, so the model's digest is the server's.
            assert msgpack.packb(view) == msgpack.packb(canonical(view))
            assert digest == view_digest(views[seat])
        # The server's shortcut for a step's updates, seats in any order.
        order = seats[steps % len(seats) :] + seats[: steps % len(seats)]
        for some in (order, order[:2], order[:1] + order + [None, order[0]]):
            assert state.view_digests(some) == [view_digest(views[seat]) for seat in some]
    assert state.is_over and state.to_move is None and state.legal_actions() == []
    result = state.result
    assert len(result["scores"]) == players and result["winners"]
    assert set(result["winners"]) <= set(range(players))


@given(setup=setups(), pick_seed=st.integers(0, 2**32))
def test_every_listed_action_applies_and_clones_are_independent(setup, pick_seed):
    game, players, options, seed = setup
    for n, (state, _) in enumerate(playout(game, players, options, seed, pick_seed)):
        if n % 7:
            continue
        before = state.digest()
        for action in state.legal_actions():
            copy = state.clone()
            copy.apply(action)
            assert copy.step == state.step + 1
        assert state.digest() == before, "applying to a clone changed the original"
        copy = state.clone()
        if not state.is_over:
            state.apply(state.legal_actions()[0])
            assert copy.digest() == before, "applying to the original changed the clone"


def bogus_actions(state, rng: random.Random) -> list:
    """Actions that are well-formed or not, near-misses of legal ones, and plain junk."""
    words = list(type(state).WORDS)
    out = [
        None,
        [],
        {},
        "play",
        [1],
        [None],
        ["play", 1.5],
        ["play", [True]],
        ["nope"],
        ["play", ["x"]],
        ["play", [[1]]],
        [b"play"],
        list(range(100)),
    ]
    for _ in range(40):

        def item():
            return rng.choice(
                [
                    rng.randint(-2, 12),
                    rng.choice(words),
                    [rng.randint(-1, 9) for _ in range(rng.randint(0, 4))],
                ]
            )

        out.append([rng.choice(words)] + [item() for _ in range(rng.randint(0, 5))])
    for action in state.legal_actions()[:10]:
        changed = list(action)
        changed.append(0)
        out.append(changed)
        out.append(action[:-1] if len(action) > 1 else [action[0], 99])
        out.append([x + 50 if type(x) is int else x for x in action])
    return out


@given(setup=setups(), pick_seed=st.integers(0, 2**32))
def test_anything_not_listed_is_refused_with_a_reason_and_changes_nothing(setup, pick_seed):
    game, players, options, seed = setup
    rng = random.Random(pick_seed)
    for n, (state, _) in enumerate(playout(game, players, options, seed, pick_seed)):
        if n % 11:
            continue
        legal = state.legal_actions()
        digest, views = state.digest(), [state.view(s) for s in range(players)]
        for action in bogus_actions(state, rng):
            if action in legal:
                continue
            with pytest.raises(IllegalAction) as refused:
                state.apply(action)
            assert isinstance(refused.value.reason, str) and len(refused.value.reason) > 5
        assert state.digest() == digest
        assert [state.view(s) for s in range(players)] == views


@given(setup=setups(), pick_seed=st.integers(0, 2**32))
def test_a_restored_snapshot_plays_on_exactly_like_the_original(setup, pick_seed):
    game, players, options, seed = setup
    state = new_game(game, players, seed, options)
    pick = random.Random(pick_seed)
    twin = None
    while not state.is_over:
        if state.step % 13 == 0:
            twin = restore(msgpack.unpackb(msgpack.packb(state.to_snapshot())))
            assert twin.to_snapshot() == state.to_snapshot()
            assert twin.legal_actions() == state.legal_actions()
        actions = state.legal_actions()
        action = actions[pick.randrange(len(actions))]
        state.apply(action)
        if twin is not None:
            twin.apply(action)  # the PRNG travels in the snapshot: reshuffles agree too
            assert twin.digest() == state.digest()


@given(setup=setups(), pick_seed=st.integers(0, 2**32))
def test_advancing_without_events_leaves_the_state_apply_leaves(setup, pick_seed):
    """Search's quiet step (`advance`) builds no events, and nothing else differs: the same
    snapshot, PRNG included, and the same legal actions after every step of a whole game."""
    game, players, options, seed = setup
    state = new_game(game, players, seed, options)
    quiet = state.clone()
    pick = random.Random(pick_seed)
    while not state.is_over:
        keys = state.legal_keys()
        key = keys[pick.randrange(len(keys))]
        assert state.apply_key(key)
        quiet.advance(key)
        assert quiet.step == state.step
        assert quiet.to_snapshot() == state.to_snapshot()
        assert quiet.legal_keys() == state.legal_keys()


@given(setup=setups(), pick_seed=st.integers(0, 2**32))
def test_hidden_cards_never_reach_a_view(setup, pick_seed):
    """Two states that differ only in what `seat` cannot see (its hidden cards shuffled
    among their places) must give `seat` identical views, and identical choices when it
    is `seat`'s turn. The shuffle works on snapshots, not on the views it checks."""
    game, players, options, seed = setup
    spec = specs.SPECS[game]
    rng = random.Random(pick_seed)
    for n, (state, _) in enumerate(playout(game, players, options, seed, pick_seed)):
        if n % 5:
            continue
        snapshot = state.to_snapshot()
        for seat in [*range(players), None]:
            other = restore(spec.hide(snapshot, seat, rng))
            assert other.view(seat) == state.view(seat), f"seat {seat} at step {state.step}"
            if seat is not None and state.to_move == seat:
                assert other.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_hidden_shuffles_really_change_hidden_cards(game):
    """Guards the test above: the shuffle must move cards, or it would prove nothing."""
    spec = specs.SPECS[game]
    state = new_game(game, spec.min_players + 1, 5)
    snapshot = state.to_snapshot()
    rng = random.Random(1)
    assert any(spec.hide(snapshot, 0, rng) != snapshot for _ in range(5))
    assert any(
        restore(spec.hide(snapshot, 0, rng)).open_view() != state.open_view() for _ in range(5)
    )


DIGEST_SCRIPT = """
import random, sys
from game.rules import new_game
out = []
for game, players in (("quando", 4), ("blanco", 3), ("quasenbo", 5)):
    state = new_game(game, players, 12345)
    pick = random.Random(7)
    for _ in range(400):
        if state.is_over:
            break
        actions = state.legal_actions()
        state.apply(actions[pick.randrange(len(actions))])
        out.append(state.digest().hex())
print(" ".join(out))
"""


def test_same_seed_and_actions_give_the_same_digests_in_other_processes():
    runs = []
    for hash_seed in ("0", "1", "4242"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        done = subprocess.run(
            [sys.executable, "-c", DIGEST_SCRIPT],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        runs.append(done.stdout.split())
    assert len(runs[0]) > 300
    assert runs[0] == runs[1] == runs[2]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_different_seeds_deal_differently(game):
    a, b = new_game(game, 3, 1), new_game(game, 3, 2)
    assert a.open_view() != b.open_view() and a.digest() != b.digest()
    assert new_game(game, 3, 1).digest() == a.digest()


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize(
    "players, seed, options, message",
    [
        (3, -1, {}, "seed"),
        (3, 2**64, {}, "seed"),
        (3, "7", {}, "seed"),
        (3, True, {}, "seed"),
        (True, 1, {}, "players"),
        (3, 1, {"no_such_option": 1}, "unknown option"),
        (3, 1, [], "mapping"),
        (3, 1, {"deck": "abc"}, "deck"),
        (3, 1, {"deck": ["x"]}, "deck"),
    ],
)
def test_bad_setups_are_refused_with_value_error(game, players, seed, options, message):
    with pytest.raises(ValueError, match=message):
        new_game(game, players, seed, options)


def test_unknown_games_and_snapshots_are_refused():
    with pytest.raises(ValueError, match="unknown game"):
        new_game("chess", 2, 1)
    with pytest.raises(ValueError):
        restore({"game": "quando", "players": 2})
    with pytest.raises(ValueError):
        restore(["not", "a", "snapshot"])


@given(setup=setups(), pick_seed=st.integers(0, 2**32), shuffle_seed=st.integers(0, 2**64 - 1))
def test_reshuffle_changes_only_what_no_seat_has_seen(setup, pick_seed, shuffle_seed):
    """Play on, reshuffled: every seat's view and choices stay as they were, and the copy
    plays on to its end like any state."""
    game, players, options, seed = setup
    for n, (state, _) in enumerate(playout(game, players, options, seed, pick_seed)):
        if n % 7:
            continue
        other = reshuffle(state, shuffle_seed)
        for seat in [*range(players), None]:
            assert other.view(seat) == state.view(seat), f"seat {seat} at step {state.step}"
        assert other.legal_actions() == state.legal_actions()
        twin = restore(other.to_snapshot())
        assert twin.digest() == other.digest()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_reshuffle_really_changes_the_unseen_cards(game):
    """Guards the test above: the draw pile changes and the digest with it; the state itself
    is left alone; the same seed gives the same shuffle."""
    spec = specs.SPECS[game]
    state = new_game(game, spec.min_players + 1, 5)
    before = state.digest()
    shuffled = [reshuffle(state, s) for s in range(4)]
    assert state.digest() == before
    assert all(other.digest() != before for other in shuffled)
    assert all(
        other.open_view()["draw"]["cards"] != state.open_view()["draw"]["cards"]
        for other in shuffled
    )
    assert reshuffle(state, 2).digest() == shuffled[2].digest()
