"""Quäsenbö scenarios from stacked decks: the rule sheet's examples and docs/rules.md's rulings."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from game.rules.base import IllegalAction
from game.rules.decktet import (
    ALL,
    BASIC,
    COURT,
    COURTS,
    EXCUSE,
    FIRST_COPIES,
    PAWN,
    PAWNS,
    SUITS,
    deck,
)
from game.rules.quasenbo import ID, RANK, Quasenbo
from tests.rules.decks import stack

DECK_OPTIONS = ("excuse", "pawns", "courts", "double")
MOONS = [
    "ace-moons",
    "author",
    "journey",
    "mountain",
    "forest",
    "lunatic",
    "chance-meeting",
    "diplomat",
    "pact",
    "huntress",
]


def canonical(**options: bool) -> list[str]:
    """The canonical card codes of the deck these options give."""
    return [card.code for card in deck(**{k: v for k, v in options.items() if k in DECK_OPTIONS})]


def dealt(
    players: int,
    hand_size: int,
    hands: dict[int, list[str]],
    start: str,
    draw: Sequence[str] = (),
    seed: int = 0,
    **options,
) -> Quasenbo:
    """A game from a stacked deck: seat s's hand starts with hands[s], its other slots get the
    cards named nowhere, in canonical order; then the starting card; then the draw pile,
    starting with `draw`."""
    order = canonical(**options)
    named = [c for hand in hands.values() for c in hand] + [start] + list(draw)
    spare = iter(stack(named, order)[len(named) :])
    full = [list(hands.get(s, [])) for s in range(players)]
    for hand in full:
        hand.extend(next(spare) for _ in range(hand_size - len(hand)))
    top = [full[s][k] for k in range(hand_size) for s in range(players)] + [start] + list(draw)
    return Quasenbo(players, seed, {"hand_size": hand_size, "deck": stack(top, order), **options})


def hand(state: Quasenbo, seat: int) -> list[str]:
    """Seat `seat`'s hand codes, in hand order, as that seat sees them."""
    return state.view(seat)["hands"][seat]


def play(state: Quasenbo, code: str, suit: str | None = None) -> list:
    """The player to move plays the card `code` (an Excuse standing for `suit`)."""
    i = hand(state, state.to_move).index(code)
    return state.apply(["play", i] if suit is None else ["play", i, suit])


def kinds(events: list) -> list[str]:
    """The event types of a step, in order."""
    return [e.type for e in events]


# -- the cards -------------------------------------------------------------------------------


def test_decktet_data():
    assert len(BASIC) == 36 and len(PAWNS) == len(COURTS) == 4
    assert [c.code for c in FIRST_COPIES[:7]] == [
        "ace-moons",
        "ace-suns",
        "ace-waves",
        "ace-leaves",
        "ace-wyrms",
        "ace-knots",
        "author",
    ]
    assert FIRST_COPIES[-1] == EXCUSE and EXCUSE.rank is None and EXCUSE.suits == ()
    assert len({c.code for c in ALL}) == len(ALL) == 90
    for suit in SUITS:
        assert sum(suit in c.suits for c in BASIC) == 10
        assert [c.rank for c in BASIC if c.suits == (suit,)] == [1, 10]
    for rank in range(2, 10):
        assert sum(c.rank == rank for c in BASIC) == 3
    assert {c.rank for c in PAWNS} == {PAWN} and {c.rank for c in COURTS} == {COURT}
    assert {c.code: c.suits for c in PAWNS + COURTS}["light-keeper"] == ("suns", "waves", "knots")
    codes = canonical(excuse=True, pawns=True, courts=True, double=True)
    assert len(codes) == 90 and codes[45] == "ace-moons#2" and codes[-1] == "excuse#2"
    assert codes[36:45] == [
        "watchman",
        "light-keeper",
        "borderland",
        "harvest",
        "consul",
        "rite",
        "island",
        "window",
        "excuse",
    ]
    assert len(canonical(pawns=True, excuse=True)) == 41


# -- setup and options -----------------------------------------------------------------------


def test_deal_round_robin_then_starting_card_then_draw_pile():
    order = canonical()
    state = Quasenbo(3, 0, {"hand_size": 2, "deck": order})
    view = state.view(1)
    assert view["hands"] == [None, [order[1], order[4]], None]
    assert view["hand_sizes"] == [2, 2, 2]
    assert view["row"] == [order[6]] and view["named"] == [None] and view["run"] == 1
    assert view["draw"] == {"count": 29}
    assert state.open_view()["draw"]["cards"] == order[7:]
    assert (view["to_move"], view["phase"], view["result"], view["passes"]) == (0, "turn", None, 0)
    assert state.view(None)["hands"] == [None, None, None]


def test_shuffled_deal_is_deterministic_and_complete():
    a, b = Quasenbo(4, 99), Quasenbo(4, 99)
    assert a.to_snapshot() == b.to_snapshot()
    assert a.to_snapshot() != Quasenbo(4, 100).to_snapshot()
    view = a.open_view()
    cards = [c for h in view["hands"] for c in h] + view["row"] + view["draw"]["cards"]
    assert sorted(cards) == sorted(canonical()) and view["hand_sizes"] == [7] * 4


@pytest.mark.parametrize(
    "players, options",
    [
        (1, {}),
        (9, {"double": True}),
        (2, {"colour": True}),
        (2, {"hand_size": 0}),
        (2, {"hand_size": 21}),
        (2, {"hand_size": True}),
        (2, {"excuse": 1}),
        (2, {"double_quasenbo": "yes"}),
        (2, {"deck": "ace-moons"}),
        (6, {}),  # 6 × 7 + 1 = 43 > 36
        (8, {"hand_size": 5}),  # 41 > 36
        (8, {"double": True, "hand_size": 9}),  # 73 > 72
        (2, {"deck": canonical()[:-1]}),
        (2, {"deck": canonical() + ["excuse"]}),  # the Excuse without the option
        (2, {"deck": canonical()[:-1] + ["ace-moons"]}),
        (2, {"double": True, "deck": canonical() * 2}),  # second copies need their #2 codes
    ],
)
def test_bad_games_are_refused(players, options):
    with pytest.raises(ValueError):
        Quasenbo(players, 0, options)


def test_deals_the_deck_can_just_cover():
    assert Quasenbo(5, 0).view(0)["draw"] == {"count": 0}  # 5 × 7 + 1 = 36
    assert Quasenbo(7, 0, {"hand_size": 5}).view(0)["draw"] == {"count": 0}
    assert Quasenbo(8, 0, {"double": True, "hand_size": 8}).view(0)["draw"] == {"count": 7}
    state = Quasenbo(2, 0, {"double": True, "deck": canonical(double=True)[::-1]})
    assert hand(state, 0)[0] == "windfall#2"


# -- matching and the turn -------------------------------------------------------------------


def test_a_card_matches_by_suit_or_rank_ace_1_crown_10():
    state = dealt(
        2,
        5,
        {
            0: ["ace-knots", "sea", "journey", "huntress", "cave"],
            1: ["bard", "desert", "lunatic", "windfall", "savage"],
        },
        "ace-moons",
    )
    assert state.legal_actions() == [["play", 0], ["play", 2], ["play", 3]]
    with pytest.raises(IllegalAction, match="shares neither a suit nor the rank"):
        state.apply(["play", 1])
    play(state, "huntress")
    assert state.legal_actions() == [["play", 0], ["play", 2], ["play", 3]]
    assert hand(state, 0) == ["ace-knots", "sea", "journey", "cave"]  # the gap closes up


def test_draw_until_a_card_matches_then_play_it():
    state = dealt(
        2,
        2,
        {0: ["sea", "cave"], 1: ["bard", "desert"]},
        "ace-moons",
        draw=["savage", "calamity", "forest"],
    )
    assert state.legal_actions() == [["draw"]]
    with pytest.raises(IllegalAction, match="draw a card"):
        state.apply(["play", 0])
    events = state.apply(["draw"])
    assert kinds(events) == ["draw", "next"]
    assert events[0].for_seat(0) == {
        "type": "draw",
        "seat": 0,
        "penalty": False,
        "draw": 30,
        "card": "savage",
    }
    assert "card" not in events[0].for_seat(1) and "card" not in events[0].for_seat(None)
    assert state.to_move == 0 and state.legal_actions() == [["draw"]]
    state.apply(["draw"])
    state.apply(["draw"])
    assert hand(state, 0) == ["sea", "cave", "savage", "calamity", "forest"]
    assert state.legal_actions() == [["play", 4]]
    with pytest.raises(IllegalAction, match="must play"):
        state.apply(["draw"])
    play(state, "forest")
    assert state.to_move == 1 and state.view(1)["hand_sizes"] == [4, 2]


def test_holding_a_match_you_may_play_any_matching_card_but_not_draw():
    state = dealt(2, 3, {0: ["journey", "sea", "forest"]}, "ace-moons")
    assert state.legal_actions() == [["play", 0], ["play", 2]]
    before = state.digest()
    for action in (
        ["draw"],
        ["pass"],
        ["play", 1],
        ["play", 3],
        ["play", 0, "moons"],
        ["play"],
        ["draw", 1],
        ["shout"],
    ):
        with pytest.raises(IllegalAction):
            state.apply(action)
    assert state.digest() == before


# -- the Quäsenbö ----------------------------------------------------------------------------


def test_three_in_a_row_sharing_a_suit_costs_one_card():
    state = dealt(2, 3, {0: ["journey"], 1: ["lunatic"]}, "ace-moons", draw=["bard"])
    events = play(state, "journey")
    assert kinds(events) == ["play", "next"] and state.view(0)["run"] == 2
    events = play(state, "lunatic")  # ace-moons, journey, lunatic: all moons
    assert kinds(events) == ["play", "penalty", "draw", "next"]
    assert events[1].public == {"seat": 1, "run": 3, "count": 1}
    assert events[2].for_seat(1)["card"] == "bard" and events[2].public["penalty"] is True
    assert hand(state, 1)[-1] == "bard" and state.view(0)["hand_sizes"] == [2, 3]
    assert state.view(0)["run"] == 3


def test_the_run_is_only_the_tail_that_shares_a_suit():
    state = dealt(2, 3, {0: ["journey", "lunatic"], 1: ["sea"]}, "ace-moons")
    play(state, "journey")  # moons
    events = play(state, "sea")  # waves with journey, nothing with ace-moons
    assert kinds(events) == ["play", "next"] and state.view(0)["run"] == 2
    events = play(state, "lunatic")  # journey, sea, lunatic share waves
    assert events[0].public["run"] == 3 and "penalty" in kinds(events)


def test_playing_the_same_rank_is_no_quasenbo():
    state = dealt(2, 3, {0: ["forest"], 1: ["soldier"]}, "discovery")
    play(state, "forest")
    events = play(state, "soldier")  # three 5s with no suit in common
    assert kinds(events) == ["play", "next"] and state.view(0)["run"] == 1
    assert state.view(0)["hand_sizes"] == [2, 2]


def test_after_an_ace_on_its_suit_the_next_player_pays_unless_playing_an_ace():
    state = dealt(2, 3, {0: ["ace-moons"], 1: ["huntress", "ace-suns"]}, "forest")
    play(state, "ace-moons")
    crown = state.clone()
    assert "penalty" in kinds(play(crown, "huntress"))
    assert "penalty" not in kinds(play(state, "ace-suns"))
    assert state.view(0)["run"] == 1


def test_a_quasenbo_on_the_last_card_means_no_win_yet():
    state = dealt(
        2, 2, {0: ["journey", "lunatic"], 1: ["sea", "mountain"]}, "ace-moons", draw=["bard"]
    )
    play(state, "journey")
    play(state, "sea")
    events = play(state, "lunatic")  # journey, sea, lunatic: waves; the last card
    assert kinds(events) == ["play", "penalty", "draw", "next"]
    assert not state.is_over and hand(state, 0) == ["bard"] and state.to_move == 1
    events = play(state, "mountain")  # lunatic, mountain: moons; run 2
    assert kinds(events) == ["play", "game_over", "next"]
    assert events[1].public["reason"] == "emptied"
    assert state.result == {"scores": [1, 0], "winners": [1]}
    view = state.view(None)
    assert (view["to_move"], view["phase"], view["result"]) == (None, "over", state.result)
    assert state.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        state.apply(["pass"])


# -- the draw pile running out ---------------------------------------------------------------


def five_exact(**options) -> Quasenbo:
    """5 × 7 cards dealt and the starting card: the draw pile starts empty."""
    return dealt(5, 7, {0: ["mountain"], 1: ["forest"], 2: ["chance-meeting"]}, "bard", **options)


def test_the_row_but_its_last_two_cards_becomes_the_draw_pile_when_a_card_is_needed():
    state = five_exact()
    play(state, "mountain")
    play(state, "forest")
    assert state.view(0)["draw"] == {"count": 0} and len(state.view(0)["row"]) == 3  # not yet
    events = play(state, "chance-meeting")  # mountain, forest, chance-meeting: moons
    assert kinds(events) == ["play", "penalty", "reshuffle", "draw", "next"]
    assert events[2].public == {"kept": 2, "draw": 2, "run": 2}
    assert events[3].public["draw"] == 1
    view = state.view(2)
    assert view["row"] == ["forest", "chance-meeting"] and view["run"] == 2
    drawn = hand(state, 2)[-1]
    assert {drawn, *state.open_view()["draw"]["cards"]} == {"bard", "mountain"}


def test_with_double_quasenbo_the_whole_run_stays_in_the_row():
    state = five_exact(double_quasenbo=True)
    play(state, "mountain")
    play(state, "forest")
    events = play(state, "chance-meeting")
    assert kinds(events) == ["play", "penalty", "reshuffle", "draw", "next"]
    assert events[2].public == {"kept": 3, "draw": 1, "run": 3}
    assert hand(state, 2)[-1] == "bard"
    assert state.view(0)["row"] == ["mountain", "forest", "chance-meeting"]


def test_no_card_to_draw_means_pass_and_passes_reset_on_a_play():
    # seat 2 holds no waves and no Crown, so nothing of theirs matches the Sea.
    state = dealt(
        5,
        7,
        {
            0: ["journey"],
            1: ["sea"],
            2: ["desert", "painter", "savage", "battle", "market", "penitent", "castle"],
            3: ["origin"],
        },
        "ace-moons",
    )
    play(state, "journey")
    play(state, "sea")
    assert state.legal_actions() == [["draw"]]
    events = state.apply(["draw"])
    assert kinds(events) == ["reshuffle", "draw", "next"]
    assert events[0].public == {"kept": 2, "draw": 1, "run": 2}
    assert hand(state, 2)[-1] == "ace-moons" and state.to_move == 2
    assert state.legal_actions() == [["pass"]]
    with pytest.raises(IllegalAction, match="no card can be drawn"):
        state.apply(["draw"])
    events = state.apply(["pass"])
    assert kinds(events) == ["pass", "next"] and events[0].public == {"seat": 2, "passes": 1}
    assert state.to_move == 3 and state.view(None)["passes"] == 1
    play(state, "origin")  # waves: matches the Sea
    assert state.view(None)["passes"] == 0


def test_an_excuse_shuffled_back_forgets_its_suit():
    # Seat 3 holds no waves, no wyrms and no 7, so nothing of theirs matches the Cave.
    state = dealt(
        5,
        7,
        {
            0: ["excuse"],
            1: ["sea"],
            2: ["cave"],
            3: ["ace-suns", "painter", "diplomat", "pact", "mountain", "market", "merchant"],
        },
        "ace-moons",
        draw=["ace-leaves"],
        excuse=True,
    )
    play(state, "excuse", "waves")
    play(state, "sea")
    events = play(state, "cave")  # Excuse as waves, Sea, Cave: a run of 3
    assert [e.for_seat(2).get("card") for e in events if e.type == "draw"] == ["ace-leaves"]
    assert state.legal_actions() == [["draw"]]
    events = state.apply(["draw"])
    assert kinds(events)[0] == "reshuffle" and events[0].public["kept"] == 2
    assert state.view(None)["named"] == [None, None]
    while "excuse" not in hand(state, 3):
        state.apply(["draw"])
    i = hand(state, 3).index("excuse")
    assert state.legal_actions() == [["play", i, suit] for suit in SUITS]
    play(state, "excuse", "knots")
    assert state.view(None)["named"][-1] == "knots"


# -- the Excuse ------------------------------------------------------------------------------


def test_the_excuse_always_matches_and_names_the_suit_to_follow():
    state = dealt(
        2,
        3,
        {0: ["journey", "excuse", "sea"], 1: ["author", "windfall", "huntress"]},
        "ace-moons",
        excuse=True,
    )
    assert state.legal_actions() == [["play", 0]] + [["play", 1, s] for s in SUITS]
    with pytest.raises(IllegalAction, match="name the suit"):
        state.apply(["play", 1])
    with pytest.raises(IllegalAction, match="only the Excuse"):
        state.apply(["play", 0, "moons"])
    assert state.describe(["play", 1, "knots"]) == "plays the Excuse as knots"
    events = play(state, "excuse", "knots")
    assert events[0].public == {"seat": 0, "index": 1, "card": "excuse", "suit": "knots", "run": 1}
    assert state.view(1)["named"] == [None, "knots"]
    # Knots only: the Huntress is moons, and the Excuse has no rank for a Crown to match.
    assert state.legal_actions() == [["play", 0], ["play", 1]]
    with pytest.raises(IllegalAction, match="stands for knots"):
        state.apply(["play", 2])


def test_the_excuse_counts_as_its_suit_in_the_run():
    state = dealt(2, 3, {0: ["excuse"], 1: ["windfall"]}, "ace-knots", excuse=True)
    play(state, "excuse", "knots")
    assert state.view(0)["run"] == 2
    events = play(state, "windfall")
    assert events[0].public["run"] == 3 and "penalty" in kinds(events)


def test_a_starting_excuse_names_no_suit_takes_any_card_and_breaks_runs():
    state = dealt(2, 2, {0: ["sea", "ace-suns"], 1: ["ace-waves", "bard"]}, "excuse", excuse=True)
    view = state.view(0)
    assert view["row"] == ["excuse"] and view["named"] == [None] and view["run"] == 0
    assert state.legal_actions() == [["play", 0], ["play", 1]]
    play(state, "sea")
    assert state.view(0)["run"] == 1
    events = play(state, "ace-waves")
    assert kinds(events) == ["play", "next"] and events[0].public["run"] == 2


# -- Pawns and Courts ------------------------------------------------------------------------


def test_a_pawn_follows_a_pawn_and_can_make_a_quasenbo():
    state = dealt(2, 3, {0: ["watchman"], 1: ["light-keeper"]}, "battle", pawns=True)
    play(state, "watchman")
    events = play(state, "light-keeper")  # battle, watchman, light-keeper: knots
    assert events[0].public["run"] == 3 and "penalty" in kinds(events)


def test_courts_are_a_rank_of_their_own():
    state = dealt(2, 3, {0: ["consul", "rite", "watchman"]}, "island", pawns=True, courts=True)
    # Island (suns, waves, wyrms): the Consul by waves, the Rite by wyrms, the Watchman by wyrms.
    assert state.legal_actions() == [["play", 0], ["play", 1], ["play", 2]]
    assert RANK[ID["consul"]] == RANK[ID["window#2"]] != RANK[ID["watchman"]]
    assert RANK[ID["excuse"]] == 0


# -- the variant: Double Quäsenbö ------------------------------------------------------------


def test_double_quasenbo_costs_run_minus_two_cards():
    state = dealt(
        2,
        3,
        {0: ["journey", "forest"], 1: ["lunatic", "chance-meeting"]},
        "ace-moons",
        double_quasenbo=True,
    )
    play(state, "journey")
    events = play(state, "lunatic")
    assert events[1].public == {"seat": 1, "run": 3, "count": 1}
    assert kinds(events).count("draw") == 1
    events = play(state, "forest")
    assert events[1].public == {"seat": 0, "run": 4, "count": 2}
    assert kinds(events).count("draw") == 2
    events = play(state, "chance-meeting")
    assert events[1].public == {"seat": 1, "run": 5, "count": 3}
    assert kinds(events).count("draw") == 3
    assert state.view(0)["hand_sizes"] == [3, 5]


def test_nobody_can_play_or_draw_so_all_pass_and_fewest_cards_win():
    # Every moons card and the Excuse end up in the row as one run; with Double Quäsenbö the
    # whole run stays, the 26 other cards are in the hands, and nothing matches the Excuse.
    state = dealt(
        2,
        5,
        {
            0: ["ace-moons", "author", "journey", "mountain", "forest"],
            1: ["lunatic", "chance-meeting", "diplomat", "pact", "excuse"],
        },
        "huntress",
        excuse=True,
        double_quasenbo=True,
    )
    drawn = []
    for card in [
        "ace-moons",
        "lunatic",
        "author",
        "chance-meeting",
        "journey",
        "diplomat",
        "mountain",
    ]:
        events = play(state, card)
        drawn.append(kinds(events).count("draw"))
    assert drawn == [0, 1, 2, 3, 4, 5, 6] and state.view(0)["draw"] == {"count": 5}
    events = play(state, "pact")  # run 9: 7 due, 5 left
    assert kinds(events) == ["play", "penalty"] + ["draw"] * 5 + ["draw_skipped", "next"]
    assert events[-2].public == {"seat": 1, "count": 2}
    events = play(state, "forest")  # run 10: 8 due, none can be drawn
    assert kinds(events) == ["play", "penalty", "draw_skipped", "next"]
    play(state, "excuse", "moons")
    assert state.view(0)["run"] == 11 and state.view(0)["hand_sizes"] == [12, 14]
    assert state.legal_actions() == [["pass"]]
    state.apply(["pass"])
    assert state.to_move == 1 and state.legal_actions() == [["pass"]]
    events = state.apply(["pass"])
    assert kinds(events) == ["pass", "game_over", "next"]
    assert events[1].public["reason"] == "blocked"
    assert state.result == {"scores": [12, 14], "winners": [0]}
    assert state.to_move is None and state.view(1)["result"] == state.result


def blocked_position(hands: list[list[str]], to_move: int = 0) -> Quasenbo:
    """A position with the ten moons cards and the Excuse as moons in the row, nothing to
    draw, and `hands` (everything else between them)."""
    snapshot = Quasenbo(
        len(hands), 0, {"excuse": True, "double_quasenbo": True, "hand_size": 1}
    ).to_snapshot()
    snapshot.update(
        hands=hands, row=MOONS + ["excuse"], named=[None] * 10 + ["moons"], draw=[], to_move=to_move
    )
    return Quasenbo.from_snapshot(snapshot)


def test_a_blocked_game_shares_the_win_between_the_fewest_cards():
    others = [c for c in canonical() if c not in MOONS]
    state = blocked_position([others[:9], others[9:18], others[18:]], to_move=1)
    for seat in (1, 2, 0):
        assert state.to_move == seat
        state.apply(["pass"])
    assert state.result == {"scores": [9, 9, 8], "winners": [2]}
    state = blocked_position([others[:13], others[13:]])
    state.apply(["pass"])
    state.apply(["pass"])
    assert state.result == {"scores": [13, 13], "winners": [0, 1]}


def test_a_penalty_with_no_card_to_draw_is_skipped_and_the_last_card_wins():
    others = [c for c in canonical() if c not in MOONS]
    snapshot = Quasenbo(2, 0, {"double_quasenbo": True, "hand_size": 1}).to_snapshot()
    snapshot.update(
        hands=[["forest"], others],
        row=[c for c in MOONS if c != "forest"][:9],
        named=[None] * 9,
        draw=[],
        to_move=0,
    )
    state = Quasenbo.from_snapshot(snapshot)
    assert state.view(0)["run"] == 9
    events = play(state, "forest")
    assert kinds(events) == ["play", "penalty", "draw_skipped", "game_over", "next"]
    assert state.result == {"scores": [0, 26], "winners": [0]}


# -- contract details ------------------------------------------------------------------------


def test_events_stay_small_as_the_row_grows():
    state = Quasenbo(2, 3, {"double": True, "hand_size": 3})
    rng = random.Random(3)
    while not state.is_over:
        for event in state.apply(rng.choice(state.legal_actions())):
            assert all(not isinstance(v, list) for k, v in event.public.items() if k != "result")


def test_snapshot_round_trip_and_clone_independence():
    state = dealt(2, 2, {0: ["sea", "cave"]}, "ace-moons", draw=["savage"])
    state.apply(["draw"])
    copy = Quasenbo.from_snapshot(state.to_snapshot())
    assert copy.digest() == state.digest() and copy.view(0) == state.view(0)
    twin = state.clone()
    twin.apply(["draw"])
    assert copy.digest() == state.digest() != twin.digest()
    bad = state.to_snapshot()
    bad["row"] = bad["row"] + ["sea"]
    with pytest.raises(ValueError):
        Quasenbo.from_snapshot(bad)
    bad = state.to_snapshot()
    bad["named"] = ["moons"]  # only an Excuse names a suit
    with pytest.raises(ValueError):
        Quasenbo.from_snapshot(bad)


def test_describe():
    state = dealt(2, 2, {0: ["ace-moons", "chance-meeting#2"]}, "forest", double=True)
    assert state.describe(["play", 0]) == "plays the Ace of Moons"
    assert state.describe(["play", 1]) == "plays the Chance Meeting"
    assert state.describe(["draw"]) == "draws a card" and state.describe(["pass"]) == "passes"


@pytest.mark.parametrize(
    "players, options",
    [
        (2, {}),
        (3, {"excuse": True, "hand_size": 3}),
        (5, {"hand_size": 5}),
        (4, {"pawns": True, "courts": True, "excuse": True, "double_quasenbo": True}),
        (8, {"double": True, "excuse": True, "pawns": True, "hand_size": 5}),
        (2, {"hand_size": 17}),
    ],
)
def test_random_playouts_keep_views_cards_and_snapshots_consistent(players, options):
    rng = random.Random(players)
    for seed in range(6):
        state = Quasenbo(players, seed, options)
        full = sorted(canonical(**options))
        seats = list(range(players)) + [None]
        views = {seat: state.view(seat) for seat in seats}
        while not state.is_over:
            events = state.apply(rng.choice(state.legal_actions()))
            assert events[-1].type == "next"
            for seat in seats:
                for event in events:
                    Quasenbo.update_view(views[seat], event.for_seat(seat))
                assert views[seat] == state.view(seat)
            opened = state.open_view()
            cards = (
                [c for h in opened["hands"] for c in h] + opened["row"] + opened["draw"]["cards"]
            )
            assert sorted(cards) == full
        assert min(state.result["scores"]) == 0
