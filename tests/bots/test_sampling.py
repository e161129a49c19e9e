"""Determinizations: every sampled state looks exactly like the real one to the seat it was
sampled for, and what the samplers infer from the history is true of the real game."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.bots import blanco, quando, quasenbo
from tests.bots.helpers import last_position, positions

SAMPLERS = {"quando": quando.Sampler, "blanco": blanco.Sampler, "quasenbo": quasenbo.Sampler}


@st.composite
def games(draw):
    """(game, players, options, seed, steps, pick seed) for a random position."""
    game = draw(st.sampled_from(sorted(SAMPLERS)))
    if game == "quando":
        players = draw(st.integers(2, 6))
        options = {"target": draw(st.sampled_from([10, 40, 50]))}
    elif game == "blanco":
        players = draw(st.integers(2, 5))
        options = {"max_turns": draw(st.sampled_from([30, 1000]))}
    else:
        players = draw(st.integers(2, 5))
        options = {
            key: draw(st.booleans())
            for key in ("excuse", "pawns", "courts", "double", "double_quasenbo")
        }
        options["hand_size"] = draw(st.integers(1, 7))
    steps = draw(st.integers(0, 900 if game == "blanco" else 250))
    return (
        game,
        players,
        options,
        draw(st.integers(0, 2**64 - 1)),
        steps,
        draw(st.integers(0, 2**32)),
    )


@given(setup=games(), sample_seed=st.integers(0, 2**32))
def test_a_determinization_shows_its_seat_the_real_view_and_legal_actions(setup, sample_seed):
    game, players, options, seed, steps, pick = setup
    state, histories = last_position(game, players, seed, steps, options, pick)
    rng = random.Random(sample_seed)
    for seat in range(state.players):
        view = state.view(seat)
        sampler = SAMPLERS[game](view, histories[seat])
        for _ in range(3):
            twin = sampler.sample(rng)
            assert twin.view(seat) == view
            if state.to_move == seat:
                assert twin.legal_actions() == state.legal_actions()


@given(setup=games(), sample_seed=st.integers(0, 2**32))
def test_a_determinization_is_a_fresh_guess_not_the_real_game(setup, sample_seed):
    game, players, options, seed, steps, pick = setup
    state, histories = last_position(game, players, seed, steps, options, pick)
    seat = state.to_move if state.to_move is not None else 0
    sampler = SAMPLERS[game](state.view(seat), histories[seat])
    rng = random.Random(sample_seed)
    twins = [sampler.sample(rng) for _ in range(4)]
    # The real seed is secret: future shuffles must not be the real ones.
    assert all(twin.rng.state != state.rng.state for twin in twins)


def test_the_hidden_cards_vary_between_determinizations():
    for game in SAMPLERS:
        state, histories = last_position(game, 2, 11, 12)
        sampler = SAMPLERS[game](state.view(0), histories[0])
        rng = random.Random(3)
        deals = {str(sampler.sample(rng).to_snapshot()["hands"][1]) for _ in range(20)}
        assert len(deals) > 10, game


@settings(max_examples=15)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**64 - 1), pick=st.integers(0, 2**32))
def test_what_quando_knowledge_claims_is_true(players, seed, pick):
    for state, histories in positions("quando", players, seed, 300, None, pick):
        if state.is_over:
            break
        snapshot = state.to_snapshot()
        truth = [
            tuple(map(int, code.split("/")))
            for code in [c for hand in snapshot["hands"] for c in hand]
            + snapshot["discard"]
            + snapshot["draw"]
        ]
        for seat in range(players):
            known = quando.knowledge(state.view(seat), histories[seat])
            for card, real in zip(known.cards(), truth, strict=True):
                assert all(side is None or side == value for side, value in zip(card, real))


def test_quando_history_adds_what_the_view_forgets():
    # After a few turns a seat knows more than its view shows: fronts drawn face up, the
    # backs of played cards on the discard.
    gained = 0
    for state, histories in positions("quando", 3, 5, 60):
        if state.is_over:
            break
        view = state.view(0)
        sides = sum(
            side is not None
            for card in quando.knowledge(view, histories[0]).cards()
            for side in card
        )
        gained += sides - sum(
            side is not None for card in quando.from_view(view).cards() for side in card
        )
    assert gained > 0


@settings(max_examples=15)
@given(
    players=st.integers(2, 5),
    seed=st.integers(0, 2**64 - 1),
    pick=st.integers(0, 2**32),
    excuse=st.booleans(),
    double=st.booleans(),
)
def test_what_quasenbo_knowledge_infers_is_true(players, seed, pick, excuse, double):
    options = {"excuse": excuse, "double": double}
    for state, histories in positions("quasenbo", players, seed, 300, options, pick):
        if state.is_over:
            break
        for seat in range(players):
            known = quasenbo.Knowledge(state.view(seat), histories[seat])
            assert (excuse, False, False, double) in known.decks
            for s in range(players):
                for card, void in zip(state.hands[s], known.voids[s], strict=True):
                    assert quasenbo.allowed(card, void)
            if known.pile is not None:
                assert set(state.draw) <= known.pile


@settings(max_examples=15)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**64 - 1), pick=st.integers(0, 2**32))
def test_what_blanco_knowledge_claims_is_true(players, seed, pick):
    for state, histories in positions("blanco", players, seed, 400, None, pick):
        if state.is_over:
            break
        if state.step % 9:
            continue
        hands = state.to_snapshot()["hands"]
        for seat in range(players):
            sampler = blanco.Sampler(state.view(seat), histories[seat])
            for hand, real in zip(sampler.hands, hands, strict=True):
                assert all(card is None or card == code for card, code in zip(hand, real))


def test_blanco_history_shows_cards_taken_from_the_discard():
    known = 0
    for state, histories in positions("blanco", 2, 4, 300):
        if state.is_over:
            break
        hands = blanco.Sampler(state.view(0), histories[0]).hands
        known += sum(card is not None for card in hands[1])
    assert known > 0


def test_quasenbo_deals_keep_the_inferred_voids_unless_told_not_to():
    # A position where the seat saw its opponent draw: the opponent's cards have voids.
    for state, histories in positions("quasenbo", 2, 7, 300, {}, 5):
        known = quasenbo.Knowledge(state.view(0), histories[0])
        if not state.is_over and sum(void != (0, 0) for void in known.voids[1]) >= 3:
            break
    else:
        raise AssertionError("no position with voids in this game")
    rng = random.Random(1)

    def broken(infer: bool) -> int:
        sampler = quasenbo.Sampler(state.view(0), histories[0], infer=infer)
        deals = [sampler.sample(rng).hands[1] for _ in range(30)]
        return sum(
            not quasenbo.allowed(card, void)
            for hand in deals
            for card, void in zip(hand, known.voids[1], strict=True)
        )

    assert broken(infer=True) == 0
    assert broken(infer=False) > 0
