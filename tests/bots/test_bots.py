"""Every bot returns a legal action, sees only plain data, and cannot tell apart two games
that differ only in cards its seat cannot see."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.bots import (
    LEVELS,
    HeuristicBot,
    RandomBot,
    SearchBot,
    decide,
    level_budget,
    make_bot,
)
from game.bots.ismcts import Budget
from game.host.room import Room
from game.rules import new_game
from tests.bots.helpers import GAMES, last_position, positions


def bots_for(game: str, seed: int) -> list:
    return [
        RandomBot(seed),
        HeuristicBot(game, seed),
        HeuristicBot(game, seed, noise=0.5),
        SearchBot(game, seed, Budget(iterations=8)),
    ]


@settings(max_examples=25)
@given(
    game=st.sampled_from(GAMES),
    players=st.integers(2, 5),
    seed=st.integers(0, 2**64 - 1),
    pick=st.integers(0, 2**32),
)
def test_every_bot_returns_a_legal_action_in_random_positions(game, players, seed, pick):
    chooser = random.Random(pick)
    for state, histories in positions(game, players, seed, 400, None, pick):
        if state.is_over or chooser.random() > 0.15:
            continue
        seat = state.to_move
        legal = state.legal_actions()
        for bot in bots_for(game, pick):
            assert bot.choose(state.view(seat), legal, histories[seat]) in legal


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", [2, 4])
def test_bots_play_whole_games(game, players):
    state = new_game(game, players, 99)
    histories = [[] for _ in range(players)]
    bots = bots_for(game, 5)[:players]
    while not state.is_over:
        seat = state.to_move
        legal = state.legal_actions()
        action = bots[seat % len(bots)].choose(state.view(seat), legal, histories[seat])
        assert action in legal
        for event in state.apply(action):
            for s in range(players):
                histories[s].append(event.for_seat(s))


def test_levels_make_bots_and_refuse_unknown_names():
    assert LEVELS == ("random", "easy", "normal", "hard")
    for level in LEVELS:
        for game in GAMES:
            assert hasattr(make_bot(level, game, 0, 1), "choose")
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("expert", "quando", 0, 1)
    with pytest.raises(ValueError, match="no bots for game"):
        make_bot("easy", "chess", 0, 1)


@pytest.mark.parametrize("game", GAMES)
def test_decide_is_deterministic_for_a_seed(game):
    state, histories = last_position(game, 2, 3, 6)
    seat = state.to_move
    args = (game, seat, 42, state.view(seat), state.legal_actions(), histories[seat])
    first = decide("easy", *args)
    assert first in state.legal_actions()
    assert all(decide("easy", *args) == first for _ in range(3))


PLAIN = (dict, list, int, str, bool, float, type(None))


def assert_plain(value, where="input"):
    """Deep-walk `value`: only plain data (no engine State, no Event, no tuple or object)."""
    assert type(value) in PLAIN, f"{where} holds a {type(value).__name__}"
    if type(value) is dict:
        for key, item in value.items():
            assert type(key) in (str, int), f"{where} has a key of type {type(key).__name__}"
            assert_plain(item, f"{where}[{key!r}]")
    elif type(value) is list:
        for k, item in enumerate(value):
            assert_plain(item, f"{where}[{k}]")


class Peer:
    name = "tester"

    def __init__(self) -> None:
        self.inbox: list[dict] = []

    def send(self, message: dict) -> None:
        self.inbox.append(message)


@pytest.mark.parametrize("game", GAMES)
def test_the_server_path_hands_bots_plain_data_only(game, monkeypatch):
    """A room with bot seats, driven as server.py drives it; every argument `decide` gets is
    checked before the bot runs."""
    calls = []

    def spy(level, game_name, seat, seed, view, legal, history):
        for name, value in (
            ("level", level),
            ("game", game_name),
            ("seat", seat),
            ("seed", seed),
            ("view", view),
            ("legal", legal),
            ("history", history),
        ):
            assert_plain(value, name)
        calls.append(seat)
        return decide(level, game_name, seat, seed, view, legal, history)

    room = Room("r1", game, 3, {})
    human = Peer()
    room.join(human, 0, None)
    room.add_bot(human, 1, "easy")
    room.add_bot(human, 2, "random")
    room.set_ready(human, True)
    room.start(human)
    pick = random.Random(1)
    state = room.state
    while not state.is_over and state.step < 300:
        turn = room.bot_turn()
        if turn is None:
            room.act(human, state.step, pick.choice(state.legal_actions()))
            continue
        seat, level = turn
        # What server.py's bot loop passes to `decide`, argument for argument.
        action = spy(
            level,
            room.game,
            seat,
            pick.getrandbits(64),
            state.view(seat),
            state.legal_actions(),
            room.history_for(seat),
        )
        room.bot_act(seat, state.step, action)
    assert set(calls) == {1, 2}


def hidden_twin(game: str, seed: int) -> tuple[list[str], list[str]]:
    """Two stacked decks for a 2-player game (top first) that differ only in cards seat 0
    cannot see for a while: a card of seat 1's (Quäsenbö: its hand; Blanco: its face-down
    grid) changes places with one deep in the draw pile, and two deep cards swap too."""
    snapshot = new_game(game, 2, seed).to_snapshot()
    if game == "quando":
        # Dealt round robin; a dealt card's back is the side that was up on the table.
        hands = snapshot["hands"]
        deck = []
        for k in range(16):
            front, back = hands[k % 2][k // 2].split("/")
            deck.append(f"{back}/{front}")
        deck += snapshot["draw"]
        seat1 = None
    elif game == "quasenbo":
        hands = snapshot["hands"]
        size = len(hands[0])
        deck = [hands[k % 2][k // 2] for k in range(2 * size)] + snapshot["row"] + snapshot["draw"]
        seat1 = 1  # deck[1] is seat 1's first hand card
    else:
        grids, hands = snapshot["grids"], snapshot["hands"]
        deck = [grids[k % 2]["cards"][k // 2] for k in range(18)] + snapshot["discard"]
        deck += [hands[k % 2][k // 2] for k in range(4)] + snapshot["draw"]
        seat1 = 1  # deck[1] is the top-left card of seat 1's grid
    other = list(deck)
    if seat1 is not None:
        other[seat1], other[-1] = other[-1], other[seat1]
    other[-2], other[-3] = other[-3], other[-2]
    return deck, other


@pytest.mark.parametrize("game", GAMES)
def test_games_differing_only_in_hidden_cards_give_a_bot_the_same_inputs(game):
    deck, other = hidden_twin(game, 7)
    real = new_game(game, 2, 1, {"deck": deck})
    twin = new_game(game, 2, 1, {"deck": other})
    assert real.digest() != twin.digest()
    histories = ([], [])
    pick = random.Random(4)
    for _ in range(4):
        if real.to_move != 0:
            break
        view, legal = real.view(0), real.legal_actions()
        assert (view, legal, histories[0]) == (twin.view(0), twin.legal_actions(), histories[1])
        seed = pick.getrandbits(64)
        assert decide("easy", game, 0, seed, view, legal, histories[0]) == decide(
            "easy", game, 0, seed, twin.view(0), twin.legal_actions(), histories[1]
        )
        # The normal level's search without its time cap, which a busy machine would hit
        # after a different number of iterations each time.
        budget = Budget(iterations=level_budget("normal", game).iterations)
        seed = pick.getrandbits(64)
        assert SearchBot(game, seed, budget).choose(view, legal, histories[0]) == SearchBot(
            game, seed, budget
        ).choose(twin.view(0), twin.legal_actions(), histories[1])
        action = decide("easy", game, 0, 5, view, legal, histories[0])
        for state, history in ((real, histories[0]), (twin, histories[1])):
            history.extend(event.for_seat(0) for event in state.apply(action))
