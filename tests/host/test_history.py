"""A room's packed history gives back every step's events exactly as the engine made them."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.host.history import History
from game.rules import new_game


@settings(deadline=None)
@given(
    game=st.sampled_from(["quando", "blanco", "quasenbo"]),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 120),
    since=st.integers(-2, 130),
)
def test_history_gives_back_the_events_of_the_steps_asked_for(game, seed, steps, since):
    state, rng = new_game(game, 3, seed, {}), random.Random(seed)
    history, made = History(), []
    for _ in range(steps):
        if state.is_over:
            break
        seat, by_bot = state.to_move, rng.random() < 0.5
        events = state.apply(rng.choice(state.legal_actions()))
        history.append(seat, by_bot, events)
        made.append((seat, by_bot, events))
    assert len(history) == len(made)
    records = history.since(since)
    expected = made[max(0, since) :]
    assert [(r.seat, r.by_bot) for r in records] == [(s, b) for s, b, _ in expected]
    for record, (_, _, events) in zip(records, expected):
        for got, want in zip(record.events, events, strict=True):
            for viewer in (None, *range(3)):
                assert got.for_seat(viewer) == want.for_seat(viewer)


def test_a_game_played_on_from_a_step_counts_its_history_on_from_there():
    """A history that starts after step 40 (a game played on from another's step): `since`
    takes the game's own step numbers, so a player back after step 43 misses the rest."""
    state, rng = new_game("quasenbo", 3, 8, {}), random.Random(8)
    history = History(40)
    seats = []
    for _ in range(6):
        seats.append(state.to_move)
        history.append(state.to_move, False, state.apply(rng.choice(state.legal_actions())))
    assert [r.seat for r in history.since(40)] == [r.seat for r in history.since(0)] == seats
    assert [r.seat for r in history.since(43)] == seats[3:]
    assert history.since(46) == []
