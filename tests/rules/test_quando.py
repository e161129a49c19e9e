"""Quando: the rule sheets' worked examples from stacked decks, and docs/rules.md's rulings."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rules import IllegalAction, new_game
from game.rules.quando import CODE, hand_size

PAIRS = [(a, b) for a in range(11) for b in range(a + 1, 11)]


def build_deck(hands: list[list[int]], draws: list[int] = (), first: int = 0) -> list[str]:
    """A full stacked deck for round 0 in which seat s is dealt cards with fronts `hands[s]`
    (a hand shorter than the deal is filled with leftover cards) and the draw pile starts
    with cards whose up sides are `draws`. The sides nobody asked for are chosen by a
    matching so that every pair is used exactly once."""
    players = len(hands)
    size = hand_size(players)
    wanted = [v for hand in hands for v in hand] + list(draws)
    owner: dict[tuple[int, int], int] = {}  # pair -> slot in `wanted`

    def assign(slot: int, seen: set) -> bool:  # Kuhn's augmenting path
        v = wanted[slot]
        for o in range(11):
            pair = (min(v, o), max(v, o))
            if o == v or pair in seen:
                continue
            seen.add(pair)
            if pair not in owner or assign(owner[pair], seen):
                owner[pair] = slot
                return True
        return False

    for slot in range(len(wanted)):
        if not assign(slot, set()):
            raise ValueError(f"no deck shows all of {wanted}")
    shown = {slot: (v, sum(pair) - v) for pair, slot in owner.items() for v in [wanted[slot]]}
    leftovers = [pair for pair in PAIRS if pair not in owner]
    cards = [shown[k] for k in range(len(wanted))]
    k = 0
    hands_cards = []
    for hand in hands:
        hands_cards.append(cards[k : k + len(hand)])
        k += len(hand)
        while len(hands_cards[-1]) < size:
            hands_cards[-1].append(leftovers.pop(0))
    deck: list[str] = []
    for k in range(size * players):
        front, back = hands_cards[(first + k) % players][k // players]
        deck.append(f"{back}/{front}")  # the side up on the table becomes the back
    deck += [f"{u}/{d}" for u, d in cards[len(wanted) - len(draws) :]]
    deck += [f"{a}/{b}" for a, b in leftovers]
    return deck


def fronts(state, seat: int) -> list[int]:
    return state.view(seat)["hands"][seat]["fronts"]


def play_fronts(state, values: list[int]) -> list:
    """Play the cards with these fronts from the mover's hand (first matches)."""
    hand = fronts(state, state.to_move)
    idx, used = [], set()
    for v in values:
        i = next(i for i, f in enumerate(hand) if f == v and i not in used)
        used.add(i)
        idx.append(i)
    return state.apply(["play", sorted(idx)])


def types(events) -> list[str]:
    return [e.type for e in events]


def test_deal_order_and_sides():
    deck = [CODE[a * 11 + b] for a, b in PAIRS]  # canonical order, as given
    state = new_game("quando", 4, seed=1, options={"deck": deck})
    # Card k goes to seat k % 4; its up side "a" becomes the back, so the front is "b".
    assert state.view(0)["hands"][0]["fronts"] == [1, 5, 9, 4, 8, 4, 8]
    assert state.view(1)["hands"][0]["backs"] == [0, 0, 0, 1, 1, 2, 2]
    assert state.view(0)["draw"] == {"count": 55 - 28, "top": 3}  # deck[28] is 3/5
    assert state.to_move == 0 and state.view(0)["dealer"] == 3


def test_two_or_three_players_get_eight_cards():
    for players, size in ((2, 8), (3, 8), (4, 7), (6, 7)):
        state = new_game("quando", players, seed=5)
        hands = state.view(None)["hands"]
        assert [len(h.get("backs", h.get("fronts"))) for h in hands] == [size] * players


def test_maria_plays_a_run_and_draws_one_card():
    state = new_game("quando", 4, 0, {"deck": build_deck([[7, 8, 9, 3, 3, 5, 6], [], [], []], [4])})
    events = play_fronts(state, [7, 8, 9])
    assert types(events) == ["play", "next"] and state.phase == "draw" and state.to_move == 0
    state.apply(["draw", "up"])
    assert sorted(fronts(state, 0)) == [3, 3, 4, 5, 6]
    assert state.view(0)["discard"] == [7, 8, 9] and state.to_move == 1


def test_linus_plays_two_tens_and_draws():
    deck = build_deck([[10, 10, 1, 2, 3, 4, 5], [], [], []], [6])
    state = new_game("quando", 4, 0, {"deck": deck})
    play_fronts(state, [10, 10])
    state.apply(["draw", "up"])
    assert sorted(fronts(state, 0)) == [1, 2, 3, 4, 5, 6]


def test_a_run_is_exactly_three_consecutive_cards():
    state = new_game("quando", 4, 0, {"deck": build_deck([[1, 2, 3, 4, 9, 9, 7], [], [], []])})
    hand = fronts(state, 0)
    idx = sorted(hand.index(v) for v in (1, 2, 3, 4))
    with pytest.raises(IllegalAction, match="not all equal"):
        state.apply(["play", idx])
    with pytest.raises(IllegalAction, match="neither three consecutive"):
        state.apply(["play", sorted([hand.index(1), hand.index(2), hand.index(4)])])


def test_drawing_the_hidden_side():
    deck = build_deck([[1, 2, 3, 4, 5, 6, 7], [], [], []], [8])
    top = deck[28]
    state = new_game("quando", 4, 0, {"deck": deck})
    play_fronts(state, [1])
    assert state.view(0)["draw"]["top"] == 8
    events = state.apply(["draw", "down"])
    up, down = map(int, top.split("/"))
    assert fronts(state, 0)[-1] == down
    assert state.view(1)["hands"][0]["backs"][-1] == up
    draw = next(e for e in events if e.type == "draw")
    assert draw.for_seat(0)["front"] == down and "back" not in draw.for_seat(0)
    assert draw.for_seat(1)["back"] == up and "front" not in draw.for_seat(1)


def test_tims_triplet_sarah_flips_a_zero_maria_and_linus_draw():
    # Tim, Sarah, Maria, Linus sit clockwise; Tim plays first.
    deck = build_deck(
        [
            [8, 8, 8, 4, 5, 6, 7],
            [0, 0, 4, 5, 6, 7, 9],
            [3, 4, 5, 6, 7, 9, 1],
            [2, 3, 4, 5, 6, 7, 9],
        ],
        [10, 9, 9],
    )
    state = new_game("quando", 4, 0, {"deck": deck})
    events = play_fronts(state, [8, 8, 8])
    assert next(e for e in events if e.type == "play").public["triplet"] is True
    events = state.apply(["draw", "up"])  # Tim draws, then the others pay
    assert (state.to_move, state.phase) == (1, "penalty")
    assert sorted(a[0] for a in state.legal_actions()) == ["flip", "flip"]  # Sarah's two zeros
    before_back = state.view(0)["hands"][1]["backs"][0]
    state.apply(["flip", 0])
    assert state.view(0)["hands"][1]["backs"][0] == 0  # the zero now faces the others
    assert fronts(state, 1)[0] == before_back
    assert state.legal_actions() == [["draw", "up"], ["draw", "down"]]  # Maria: no zero
    state.apply(["draw", "up"])
    state.apply(["draw", "up"])  # Linus: no zero
    assert len(fronts(state, 2)) == 8 and len(fronts(state, 3)) == 8
    assert (state.to_move, state.phase) == (1, "turn")  # play goes on: Sarah's turn


def test_marias_only_zeros_end_the_round_at_once_without_triplet_penalty():
    # Maria: 9 9 9 0 and a run 1 2 3. Turn 1: the run, draws a 0. Turn 2: the two zeros,
    # draws a 0: she holds 9 9 9 0. Turn 3: the three 9s, draws a 0: only zeros.
    deck = build_deck(
        [
            [9, 9, 9, 0, 1, 2, 3],
            [5, 5, 6, 6, 7, 7, 10],
            [4, 4, 6, 7, 8, 10, 10],
            [3, 4, 5, 6, 8, 8, 10],
        ],
        [0, 5, 6, 8, 0, 5, 7, 8, 0],
    )
    state = new_game("quando", 4, 0, {"deck": deck, "target": 500})
    play_fronts(state, [1, 2, 3]), state.apply(["draw", "up"])
    for _ in range(3):
        state.apply(["play", [0]]), state.apply(["draw", "up"])
    play_fronts(state, [0, 0]), state.apply(["draw", "up"])
    assert sorted(fronts(state, 0)) == [0, 9, 9, 9]
    for _ in range(3):
        state.apply(["play", [0]]), state.apply(["draw", "up"])
    play_fronts(state, [9, 9, 9])
    events = state.apply(["draw", "up"])
    end = next(e for e in events if e.type == "round_end")
    assert end.public["reason"] == "zeros" and end.public["hands"][0] == [0, 0]
    assert end.public["scores"][0] == 0
    assert types(events) == ["draw", "round_end", "deal", "next"]  # no triplet penalty
    assert state.view(0)["round"] == 1 and (state.to_move, state.phase) == (1, "turn")


def _knock_round(finals: list[list[int]]):
    """Four players each play two runs (4-5-6, then 7-8-9), drawing up sides; then seat 0
    knocks and the others pass. Seat s ends with fronts `finals[s]`: the card it kept and
    its two draws."""
    hands = [[final[0], 4, 5, 6, 7, 8, 9] for final in finals]
    draws = [finals[s][1 + turn] for turn in range(2) for s in range(4)]
    state = new_game("quando", 4, 0, {"deck": build_deck(hands, draws)})
    for run in ([4, 5, 6], [7, 8, 9]):
        for _ in range(4):
            play_fronts(state, run), state.apply(["draw", "up"])
    state.apply(["knock"])
    for _ in range(3):
        state.apply(["pass"])
    return state


def test_linus_knocks_and_alone_has_the_lowest_sum():
    # Linus knocked; after Tim, Sarah and Maria the round ends: Linus 2, Tim 11, Sarah 6,
    # Maria 4. Linus scores 0, Tim 11, Sarah 6, Maria 4.
    state = _knock_round([[0, 1, 1], [3, 4, 4], [2, 2, 2], [0, 2, 2]])
    summary = state.view(0)["last_round"]
    assert summary["sums"] == [2, 11, 6, 4] and summary["reason"] == "knock"
    assert summary["scores"] == [0, 11, 6, 4] and summary["knock_penalty"] is False
    assert state.view(0)["totals"] == [0, 11, 6, 4]


def test_sarah_knocks_but_ties_for_lowest_and_pays_five():
    # Sarah knocked; Maria, Linus and Tim follow: Sarah 4, Maria 12, Linus 7, Tim 4.
    # Sarah scores 4 + 5 = 9, Tim 0, Maria 12, Linus 7.
    state = _knock_round([[0, 2, 2], [4, 4, 4], [1, 3, 3], [0, 1, 3]])
    summary = state.view(0)["last_round"]
    assert summary["sums"] == [4, 12, 7, 4]
    assert summary["scores"] == [9, 12, 7, 0] and summary["knock_penalty"] is True


def test_knocker_not_lowest_also_pays_five():
    state = _knock_round([[4, 4, 4], [0, 1, 3], [2, 2, 3], [0, 1, 1]])
    assert state.view(0)["last_round"]["scores"] == [17, 4, 7, 0]


def test_knock_needs_two_plays_and_only_one_knock_per_round():
    state = new_game("quando", 2, 3)
    assert ["knock"] not in state.legal_actions()
    with pytest.raises(IllegalAction, match="at least twice"):
        state.apply(["knock"])
    for _ in range(3):
        state.apply(["play", [0]]), state.apply(["draw", "up"])
    assert ["knock"] not in state.legal_actions()  # seat 1 has played once
    state.apply(["play", [0]]), state.apply(["draw", "up"])
    assert ["knock"] in state.legal_actions()
    state.apply(["knock"])
    assert state.to_move == 1 and ["knock"] not in state.legal_actions()
    with pytest.raises(IllegalAction, match="already knocked"):
        state.apply(["knock"])


def test_pass_only_in_the_last_round_and_even_with_playable_cards():
    # The German sheet: a player may pass in the last round whenever they do not want to play.
    state = new_game("quando", 3, 11)
    with pytest.raises(IllegalAction, match="last round"):
        state.apply(["pass"])
    for _ in range(6):
        state.apply(["play", [0]]), state.apply(["draw", "up"])
    state.apply(["knock"])
    assert ["pass"] in state.legal_actions() and ["play", [0]] in state.legal_actions()
    state.apply(["pass"]), state.apply(["pass"])
    assert state.view(0)["round"] == 1  # the knocker had no further turn


def test_knocker_pays_a_triplet_penalty_in_the_last_round():
    # Each turn the mover plays its last card and draws; seat 0 knocks; seat 1 then plays a
    # triplet of 8s in the last round: seat 2 and the knocker (no zeros) each draw a card.
    deck = build_deck(
        [[1, 2, 3, 4, 5, 6, 7, 9], [8, 8, 8, 9, 9, 10, 10, 1], [1, 2, 3, 4, 5, 6, 7, 9]],
        [1, 2, 3, 4, 5, 6, 7, 9, 10],
    )
    state = new_game("quando", 3, 0, {"deck": deck})
    for _ in range(6):
        state.apply(["play", [len(fronts(state, state.to_move)) - 1]])
        state.apply(["draw", "up"])
    state.apply(["knock"])
    play_fronts(state, [8, 8, 8])
    state.apply(["draw", "up"])
    assert (state.to_move, state.phase) == (2, "penalty")
    state.apply(["draw", "up"])
    assert (state.to_move, state.phase) == (0, "penalty")
    assert state.legal_actions() == [["draw", "up"], ["draw", "down"]]
    state.apply(["draw", "up"])
    assert (state.to_move, state.phase) == (2, "turn")
    state.apply(["pass"])
    summary = state.view(0)["last_round"]
    assert summary["knocker"] == 0 and len(summary["hands"][0]) == 9


def test_a_penalty_draw_with_no_card_anywhere_is_skipped():
    # Six players hold every card but one; seat 0 plays three 8s and draws the last card.
    # The turned-over discard covers three penalties; seats 4 and 5 find no card and skip.
    others = [
        [
            (v, b)
            for v in range(1, 11)
            for b in range(11)
            if b != v and (min(v, b), max(v, b)) not in {(8, 9), (8, 10), (7, 8), (0, 1)}
        ]
    ]
    pool = sorted({(min(a, b), max(a, b)) for a, b in others[0]})
    hands = [[f"8/{b}" for b in (9, 10, 7)], [], [], [], [], []]
    rest = [p for p in pool if p not in {(8, 9), (8, 10), (7, 8), (0, 1)}]
    for k, (a, b) in enumerate(rest):  # fronts never zero: the zero side is the back
        front, back = (b, a) if a == 0 else (a, b)
        hands[1 + k % 5].append(f"{front}/{back}")
    snap = new_game("quando", 6, 1).to_snapshot()
    snap.update(
        hands=hands,
        draw=["1/0"],
        discard=[],
        phase="turn",
        to_move=0,
        active=0,
        plays=[0] * 6,
        penalty=[],
        knocker=None,
        triplet=False,
    )
    from game.rules import restore

    state = restore(snap)
    state.apply(["play", [0, 1, 2]])
    state.apply(["draw", "up"])
    assert state.penalty == [1, 2, 3, 4, 5]
    for seat in (1, 2, 3):
        assert state.to_move == seat
        events = state.apply(["draw", "up"])
    assert [e.type for e in events] == ["draw", "draw_skipped", "draw_skipped", "next"]
    assert (state.to_move, state.phase) == (1, "turn")


def test_discard_turns_over_without_shuffle_when_the_draw_pile_runs_out():
    state = new_game("quando", 2, 9)
    discard_before = None
    while True:
        state.apply(["play", [0]])
        if state.view(0)["draw"]["count"] == 1:
            discard_before = list(state.discard)
            events = state.apply(["draw", "up"])
            break
        state.apply(["draw", "up"])
    assert "turn_over" in types(events)
    # Turned over: the discard's bottom card is the new top, every card shows its other side.
    assert state.draw[-1] == (discard_before[0] % 11) * 11 + discard_before[0] // 11
    assert len(state.draw) == len(discard_before) and state.discard == []


def test_the_game_ends_at_the_target_and_the_lowest_totals_win():
    state = new_game("quando", 3, 21, {"target": 10})
    while not state.is_over:
        state.apply(state.legal_actions()[-1])
    totals = state.result["scores"]
    assert max(totals) >= 10
    assert state.result["winners"] == [s for s, t in enumerate(totals) if t == min(totals)]
    assert state.to_move is None and state.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        state.apply(["pass"])


def test_each_round_moves_the_dealer_and_the_first_player():
    state = new_game("quando", 3, 8, {"target": 500})
    for round_no in range(3):
        view = state.view(None)
        assert view["round"] == round_no and view["active"] == round_no % 3
        assert view["dealer"] == (2 + round_no) % 3
        while state.view(None)["round"] == round_no and not state.is_over:
            state.apply(state.legal_actions()[-1])  # knock / pass as soon as allowed


def test_a_stacked_deck_is_used_for_the_first_round_only():
    deck = build_deck([[1, 2, 3, 4, 5, 6, 7, 8], [0, 0, 0, 0, 0, 0, 0, 0]])
    a = new_game("quando", 2, 1, {"deck": deck, "target": 500})
    b = new_game("quando", 2, 2, {"deck": deck, "target": 500})
    assert a.view(0) == b.view(0)
    for state in (a, b):
        while state.round == 0:
            state.apply(state.legal_actions()[-1])
    assert a.view(None)["hands"] != b.view(None)["hands"]  # later rounds come from the seed


@pytest.mark.parametrize(
    "players, options, message",
    [
        (1, {}, "2 to 6 players"),
        (7, {}, "2 to 6 players"),
        (4, {"target": 0}, "target"),
        (4, {"target": "50"}, "target"),
        (4, {"colour": 1}, "unknown option"),
        (4, {"deck": ["0/1"]}, "exactly once"),
        (4, {"deck": ["0/1"] * 55}, "exactly once"),
        (4, {"deck": ["3/3"] + [CODE[a * 11 + b] for a, b in PAIRS[1:]]}, "unknown card code"),
    ],
)
def test_bad_setups_are_refused(players, options, message):
    with pytest.raises(ValueError, match=message):
        new_game("quando", players, 1, options)


def test_a_deck_may_hold_cards_either_way_up():
    deck = [f"{b}/{a}" for a, b in PAIRS]
    state = new_game("quando", 2, 1, {"deck": deck})
    assert state.view(0)["hands"][0]["fronts"][0] == 0  # dealt "1/0": 1 becomes the back


@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32),
    lead=st.integers(0, 60),
    stepper=st.sampled_from(["apply_key", "advance"]),
)
def test_a_round_only_copy_ends_its_round_as_the_game_does_and_deals_nothing(
    players, seed, lead, stepper
):
    """What a search's copy (`round_only`) skips is only the next deal: the round's end is
    scored as in the game, and until then the copy is the game's state, digest and all."""
    game = new_game("quando", players, seed, {"target": 30})
    pick = random.Random(seed)
    for _ in range(lead):
        if game.is_over:
            return
        game.apply_key(pick.choice(game.legal_keys()))
    copy = game.clone().round_only()
    assert copy.digest() == game.digest() and copy.to_snapshot() == game.to_snapshot()
    current = game.round
    while game.round == current and not game.is_over:
        assert copy.digest() == game.digest()
        key = pick.choice(game.legal_keys())
        game.apply_key(key)
        getattr(copy, stepper)(key)
    assert copy.round == game.round and copy.totals == game.totals
    assert copy.last_round == game.last_round and copy.result == game.result
    if game.is_over:
        assert copy.is_over and copy.digest() == game.digest()
    else:
        assert copy.to_move is None and game.to_move is not None  # the game dealt on
        assert copy.legal_keys() == [] and copy.view(None)["to_move"] is None
        assert copy.clone().to_move is None and not copy.clone().dealing
