"""The engines' public API for players that search: rule functions, determinizations from a
seat's view, and Quäsenbö's quick playout, each held to what the engine itself does."""

from __future__ import annotations

import random

import pytest

from game.rules import GAMES, State, blanco, new_game, quando, quasenbo
from game.rules.base import Rng
from game.rules.blanco import CARD, HIDDEN, ID, UP, complete_lines, remove_line, settle
from game.rules.quando import round_scores
from game.rules.quasenbo import DECK_OPTIONS, MASK, SUIT_BIT, Quasenbo

OPTIONS = {
    "quando": {"target": 20},
    "blanco": {"max_turns": 60},
    "quasenbo": {"excuse": True, "pawns": True},
}


def played(game: str, players: int, seed: int, steps: int) -> tuple[State, list[list[dict]]]:
    """A game after up to `steps` random actions, and every seat's history of events."""
    state = new_game(game, players, seed, OPTIONS[game])
    histories: list[list[dict]] = [[] for _ in range(players)]
    pick = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        for event in state.apply(pick.choice(state.legal_actions())):
            for seat in range(players):
                histories[seat].append(event.for_seat(seat))
    return state, histories


def real_deal(state: State, view: dict, history: list[dict]) -> State:
    """`state` rebuilt by its engine's Determinizer from one seat's view and history, with
    the real hidden cards."""
    rng = 12345
    if isinstance(state, blanco.Blanco):
        return blanco.Determinizer(view, history).deal(
            [[v & CARD for v in grid] for grid in state.grids], state.hands, state.draw[::-1], rng
        )
    if isinstance(state, quando.Quando):
        return quando.Determinizer(view, history).deal(
            state.hands, state.discard, state.draw[::-1], rng
        )
    assert isinstance(state, Quasenbo)
    hands = {s: hand for s, hand in enumerate(state.hands) if s != view["seat"]}
    return quasenbo.Determinizer(view, history).deal(
        tuple(state.options[name] for name in DECK_OPTIONS), hands, state.draw[::-1], rng
    )


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("seed", range(12))
def test_a_determinization_with_the_real_cards_is_the_real_game_to_every_seat(game, seed):
    players = 2 + seed % 3
    state, histories = played(game, players, seed, random.Random(seed).randrange(200))
    for seat in range(players):
        twin = real_deal(state, state.view(seat), histories[seat])
        assert [twin.view(s) for s in range(players)] == [state.view(s) for s in range(players)]
        assert twin.legal_actions() == state.legal_actions()
        assert twin.step == state.step
        assert twin.rng.state == 12345


def cells(*codes: str, up: bool = True) -> list[int]:
    return [ID[code] | (UP if up else 0) for code in codes]


def test_complete_lines_are_face_up_rows_of_one_number_and_columns_of_one_colour():
    grid = cells(
        "red:1", "navy:1", "pink:1", "red:2", "lime:5", "sky:9", "red:3", "lime:6", "sky:1"
    )
    assert complete_lines(grid, 3, 3) == [("row", 0, (0, 1, 2)), ("col", 0, (0, 3, 6))]
    assert complete_lines(grid[:3] + [HIDDEN] + grid[4:], 3, 3) == [("row", 0, (0, 1, 2))]
    face_down = grid[:1] + [grid[1] & CARD] + grid[2:]
    assert complete_lines(face_down, 3, 3) == [("col", 0, (0, 3, 6))]
    # A line of one card is no line.
    assert complete_lines(cells("red:1", "red:2", "red:3"), 3, 1) == [("col", 0, (0, 1, 2))]
    assert complete_lines(cells("red:1", "red:2", "red:3"), 1, 3) == []


def test_removing_a_line_closes_the_gap_and_empties_a_grid_without_lines():
    grid = list(range(12))
    assert remove_line(grid, 3, 4, "row", 1) == ([0, 1, 2, 3, 8, 9, 10, 11], 2, 4)
    assert remove_line(grid, 3, 4, "col", 0) == ([1, 2, 3, 5, 6, 7, 9, 10, 11], 3, 3)
    assert remove_line([0, 1], 1, 2, "row", 0) == ([], 0, 0)
    assert grid == list(range(12))


def test_settling_follows_the_2_by_2_exception():
    # Row 0 (two 1s) and column 0 (two reds) are complete; row 1 would be after row 0 goes.
    grid = cells("red:1", "navy:1", "red:4", "lime:4")
    assert settle(grid, 2, 2) == (grid[2:], 1, 2)
    # Elsewhere removals go on: column 0 goes, then the row of 2s it leaves complete.
    chain = cells("red:1", "navy:2", "sky:2", "red:5", "lime:7", "pink:9")
    assert settle(chain, 2, 3) == (chain[4:], 1, 2)


@pytest.mark.parametrize("seed", range(6))
def test_settling_is_what_the_engine_does_when_its_owner_takes_the_first_line(seed):
    state = new_game("blanco", 2, seed, OPTIONS["blanco"])
    pick = random.Random(seed)
    checked = 0
    while not state.is_over:
        assert isinstance(state, blanco.Blanco)
        seat = state.active
        if state.phase == blanco.PLAY:
            grid, rows, cols = state.grids[seat], state.rows[seat], state.cols[seat]
            for action in state.legal_actions():
                if action[0] != "place":
                    continue
                trial = list(grid)
                trial[action[2] * cols + action[3]] = state.hands[seat][action[1]] | UP
                after = state.clone()
                after.apply(action)
                while after.phase == blanco.ELIMINATE:
                    after.apply(after.legal_actions()[0])
                if after.stage[seat] == state.stage[seat]:  # not dealt a new grid
                    got = (after.grids[seat], after.rows[seat], after.cols[seat])
                    assert got == settle(trial, rows, cols)
                    checked += 1
        state.apply(pick.choice(state.legal_actions()))
    assert checked > 100


@pytest.mark.parametrize(
    "sums, knocker, scores, penalized",
    [
        ([3, 9, 12], None, [0, 9, 12], False),
        ([3, 9, 12], 0, [0, 9, 12], False),
        ([3, 3, 12], 0, [8, 0, 12], True),
        ([3, 9, 12], 1, [0, 14, 12], True),
        ([5, 5], None, [0, 0], False),
    ],
)
def test_round_scores_with_the_knock_penalty(sums, knocker, scores, penalized):
    assert round_scores(sums, knocker) == (scores, penalized)


def test_a_round_ends_by_the_engine_with_round_scores():
    for seed in range(30):
        state, histories = played("quando", 3, seed, 400)
        ends = [ev for ev in histories[0] if ev["type"] == "round_end"]
        for ev in ends:
            assert (ev["scores"], ev["knock_penalty"]) == round_scores(ev["sums"], ev["knocker"])


def engine_turn(state: Quasenbo, index: int, mask: int) -> bool:
    """One turn through `apply`: draws until a card matches, then the play of hand card
    `index` counting as `mask`. False if a reshuffle happened (the playout's differ)."""
    while state.legal_actions()[0] == ["draw"]:
        if any(event.type == "reshuffle" for event in state.apply(["draw"])):
            return False
    card = state.hands[state.to_move][index]
    suit = None if MASK[card] else next(s for s, bit in SUIT_BIT.items() if bit == mask)
    events = state.apply(["play", index] + ([suit] if suit else []))
    return not any(event.type == "reshuffle" for event in events)


@pytest.mark.parametrize("seed", range(40))
def test_a_playout_turn_is_the_engines_turn(seed):
    state, _ = played("quasenbo", 2 + seed % 3, seed, seed % 30)
    pick = random.Random(seed)
    for _ in range(6):
        if state.is_over or state.legal_actions()[0] == ["pass"]:
            return
        chosen: list[tuple[int, int]] = []

        def choose(seat: int, hand: list[int], choices: list[int]) -> tuple[int, int]:
            assert seat == state.to_move
            i = pick.choice(choices)
            mask = MASK[hand[i]] or pick.choice(list(SUIT_BIT.values()))
            chosen.append((i, mask))
            return i, mask

        quick = state.clone()
        quick.playout(1, choose, random.Random(seed).shuffle)
        if not engine_turn(state, *chosen[0]):
            return
        assert quick.to_snapshot() == state.to_snapshot()


def _splitmix64(state: int):
    """SplitMix64 as published (Steele, Lea & Flood 2014): the numbers `Rng` must give."""
    mask = (1 << 64) - 1
    while True:
        state = (state + 0x9E3779B97F4A7C15) & mask
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        yield z ^ (z >> 31)


def _below(outputs, n: int) -> int:
    limit = (1 << 64) - (1 << 64) % n
    while True:
        x = next(outputs)
        if x < limit:
            return x % n


def test_the_prng_gives_splitmix64s_numbers_in_below_and_shuffle():
    # Every deal and reshuffle of every log depends on these numbers: a faster Rng must
    # give the same ones (n near 2**63 rejects about half of the outputs).
    for seed in (0, 1, 2**64 - 1, 0x1234_5678_9ABC_DEF0):
        rng, outputs = Rng(seed), _splitmix64(seed)
        assert [rng.next64() for _ in range(3)] == [next(outputs) for _ in range(3)]
        for n in (1, 2, 3, 7, 55, 2**32 + 1, 2**63 + 1, 3 * 2**62):
            assert [rng.below(n) for _ in range(20)] == [_below(outputs, n) for _ in range(20)]
        assert rng.coins(70) == [_below(outputs, 2) for _ in range(70)]
        items = list(range(60))
        rng.shuffle(items)
        expected = list(range(60))
        for i in range(59, 0, -1):
            j = _below(outputs, i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert items == expected
        assert rng.next64() == next(outputs)
