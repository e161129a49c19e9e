"""Blanco: the rule sheet's worked examples from stacked decks, and docs/rules.md's rulings."""

from __future__ import annotations

import random

import pytest

from game.rules import IllegalAction, new_game, restore
from game.rules.base import Rng
from game.rules.blanco import CODE, Blanco
from tests.rules.decks import stack

# Seat 0's stage-1 grid in most scenarios: three columns of one colour each, numbers all
# different, so only columns ever complete.
COLUMNS = [
    "purple:1",
    "pink:2",
    "brown:3",
    "purple:4",
    "pink:5",
    "brown:6",
    "purple:7",
    "pink:8",
    "brown:9",
]


def deal(
    grid0: list[str] | None = None,
    *,
    players: int = 2,
    discard: str | None = None,
    hand0: list[str] | None = None,
    draw: list[str] = (),
    max_turns: int = 1000,
) -> Blanco:
    """A new game whose stacked deck gives seat 0 `grid0` (row-major), the discard pile
    `discard`, seat 0 the hand `hand0` and the draw pile `draw` on top; everything not named
    is filled with cards nobody named, from the end of the canonical order."""
    named = set((grid0 or []) + (hand0 or []) + list(draw) + ([discard] if discard else []))
    spare = iter(c for c in reversed(CODE) if c not in named)
    grids = [grid0 or [next(spare) for _ in range(9)]]
    grids += [[next(spare) for _ in range(9)] for _ in range(players - 1)]
    discard = discard or next(spare)
    hands = [hand0 or [next(spare), next(spare)]]
    hands += [[next(spare), next(spare)] for _ in range(players - 1)]
    top = [grids[k % players][k // players] for k in range(9 * players)] + [discard]
    top += [hands[k % players][k // players] for k in range(2 * players)] + list(draw)
    return Blanco(players, 1, {"deck": stack(top, CODE), "max_turns": max_turns})


def act(state: Blanco, *actions: list) -> list:
    """Apply the actions in turn; all their events."""
    events = []
    for action in actions:
        events += state.apply(action)
    return events


def types(events: list) -> list[str]:
    return [e.type for e in events]


def setup(state: Blanco, reveal0=(0, 0), peek0=(1, 1)) -> None:
    """Every seat reveals and peeks: seat 0 where told, the others at [0, 0] and [1, 1]."""
    act(state, ["reveal", *reveal0], ["peek", *peek0])
    for _ in range(1, state.players):
        act(state, ["reveal", 0, 0], ["peek", 1, 1])


def wait(state: Blanco) -> None:
    """The other seats' turns: each swaps its two top-left cards. Only those two are ever face
    up, and every line through them has a face-down card, so nothing else happens."""
    while state.to_move != 0:
        act(state, ["swap", 0, 0, 0, 1])


def reveal(state: Blanco, r: int, c: int) -> list:
    """Seat 0 takes the discard's top card and discards it again, turning up [r, c]."""
    return act(state, ["take", "discard"], ["discard", 2, r, c])


def reveal_all(state: Blanco, cells: list[tuple[int, int]]) -> None:
    """One turn per cell; a reward offered on the way is skipped."""
    for r, c in cells:
        reveal(state, r, c)
        if state.phase == "reward":
            act(state, ["skip"])
        wait(state)


def grid(state: Blanco, seat: int = 0, viewer: int | str | None = "open") -> dict:
    view = state.open_view() if viewer == "open" else state.view(viewer)
    return view["grids"][seat]


def to_stage_two(stage2: list[str], **kwargs) -> Blanco:
    """Seat 0 empties the COLUMNS grid and is dealt `stage2` (the draw pile's top 12 cards):
    the state waits for seat 0's stage-2 reveal."""
    state = deal(COLUMNS, draw=stage2, **kwargs)
    setup(state, (0, 0), (0, 1))
    wait(state)
    reveal_all(state, [(1, 0), (2, 0)] + [(0, 0), (1, 0), (2, 0)] * 2)
    return state


# -- cards, deal, setup -----------------------------------------------------------------------


def test_cards_and_codes():
    assert len(CODE) == len(set(CODE)) == 120
    assert CODE[:3] == ["red:1", "red:2", "red:3"] and CODE[12] == "orange:1"
    assert CODE[-1] == "brown:12" and CODE[6 * 12 + 11] == "navy:12"


def test_deal_is_round_robin_grids_row_by_row_then_discard_then_hands():
    state = Blanco(2, 1, {"deck": list(CODE)})
    cards = grid(state, 0)["cards"]
    assert cards == [
        ["red:1", "red:3", "red:5"],
        ["red:7", "red:9", "red:11"],
        ["orange:1", "orange:3", "orange:5"],
    ]
    assert grid(state, 1)["cards"][0] == ["red:2", "red:4", "red:6"]
    view = state.view(None)
    assert view["discard"] == ["orange:7"]
    assert state.open_view()["hands"] == [["orange:8", "orange:10"], ["orange:9", "orange:11"]]
    assert state.open_view()["draw"]["cards"][0] == "orange:12"
    assert view["draw"] == {"count": 120 - 23}
    assert grid(state, 0, None)["cards"] == [[None] * 3] * 3
    assert grid(state, 0, None)["up"] == [[False] * 3] * 3
    assert view["hands"] == [[None, None], [None, None]]
    assert state.view(1)["hands"] == [[None, None], ["orange:9", "orange:11"]]
    assert (view["to_move"], view["phase"], view["turns"]) == (0, "reveal", 0)


def test_each_player_reveals_then_peeks_in_turn_from_the_first():
    state = deal(["red:7"] + COLUMNS[1:], players=3)
    assert state.legal_actions() == [["reveal", r, c] for r in range(3) for c in range(3)]
    events = act(state, ["reveal", 0, 0])
    assert types(events) == ["reveal", "next"]
    assert events[0].for_seat(2)["card"] == "red:7"
    assert (state.to_move, state.phase) == (0, "peek")
    assert ["peek", 0, 0] not in state.legal_actions()
    events = act(state, ["peek", 1, 2])
    assert events[0].for_seat(0)["card"] == "brown:6"
    assert "card" not in events[0].for_seat(1) and "card" not in events[0].for_seat(None)
    assert (state.to_move, state.phase) == (1, "reveal")
    act(state, ["reveal", 2, 2], ["peek", 0, 0])
    assert (state.to_move, state.phase) == (2, "reveal")
    act(state, ["reveal", 1, 1], ["peek", 0, 0])
    assert (state.to_move, state.phase, state.view(None)["turns"]) == (0, "turn", 0)
    assert grid(state, 0, 0)["cards"][1][2] == "brown:6"
    assert grid(state, 0, 1)["cards"][1][2] is None and grid(state, 0, 1)["known"][1][2]


# -- the sheet's examples ---------------------------------------------------------------------

MARIA = [
    "red:7",
    "sky:1",
    "purple:2",
    "lime:3",
    "pink:4",
    "brown:5",
    "yellow:6",
    "green:8",
    "orange:9",
]


def test_maria_setup_and_a_placement_swaps_out_a_face_down_card():
    """Maria revealed a red 7, peeked middle right, holds a blue 10 and a green 12; she draws an
    orange 5 and places the green 12 top right: the face-down card there goes to the discard."""
    state = deal(MARIA, hand0=["navy:10", "green:12"], draw=["orange:5"])
    setup(state, (0, 0), (1, 2))
    mine = grid(state, 0, 0)
    assert mine["cards"][0][0] == "red:7" and mine["up"][0][0]
    assert mine["cards"][1][2] == "brown:5" and not mine["up"][1][2] and mine["known"][1][2]
    assert state.view(0)["hands"][0] == ["navy:10", "green:12"]
    events = act(state, ["take", "deck"])
    assert events[0].for_seat(0)["card"] == "orange:5" and "card" not in events[0].for_seat(1)
    assert state.view(0)["hands"][0] == ["navy:10", "green:12", "orange:5"]
    assert state.view(1)["hands"][0] == [None, None, None]
    assert state.phase == "play"
    events = act(state, ["place", 1, 0, 2])
    assert types(events) == ["place", "next"]
    assert events[0].for_seat(None)["replaced"] == "purple:2"
    view = state.view(1)
    assert view["grids"][0]["cards"][0][2] == "green:12" and view["grids"][0]["up"][0][2]
    assert view["discard"][-1] == "purple:2"
    assert state.view(0)["hands"][0] == ["navy:10", "orange:5"]
    assert (state.to_move, state.phase, view["turns"]) == (1, "turn", 1)


SARAH = [
    "red:10",
    "lime:1",
    "green:2",
    "sky:3",
    "red:11",
    "navy:4",
    "purple:5",
    "pink:6",
    "red:12",
    "brown:7",
    "lime:8",
    "green:9",
]


def test_sarah_removes_a_column_of_three_reds_and_closes_the_gap():
    state = to_stage_two(SARAH)
    act(state, ["reveal", 0, 0], ["peek", 1, 1])
    wait(state)
    reveal_all(state, [(1, 0)])
    events = reveal(state, 2, 0)
    assert types(events)[-2:] == ["eliminate", "next"]
    assert events[-2].for_seat(1) == {
        "type": "eliminate",
        "seat": 0,
        "line": "col",
        "index": 0,
        "cards": ["red:10", "red:11", "red:12"],
        "chain": False,
    }
    mine = grid(state, 0, 0)
    assert (mine["rows"], mine["cols"]) == (3, 3)
    # The card peeked at [1, 1] moved left into the gap: still known, now at [1, 0].
    assert mine["cards"] == [[None, None, None], ["navy:4", None, None], [None, None, None]]
    assert grid(state)["cards"] == [SARAH[1:4], SARAH[5:8], SARAH[9:]]
    assert state.view(None)["box"][-3:] == ["red:10", "red:11", "red:12"]
    assert state.phase == "reward"


# Stage 2 for Tim: a row of four 6s; below it a row of four 5s and a red column under the
# first 5, for the ruling on the order of removal.
TIM = [
    "lime:6",
    "green:6",
    "sky:6",
    "navy:6",
    "red:5",
    "orange:5",
    "yellow:5",
    "lime:5",
    "red:8",
    "green:9",
    "sky:9",
    "navy:9",
]


def tim() -> Blanco:
    state = to_stage_two(TIM)
    act(state, ["reveal", 0, 0], ["peek", 1, 0])
    wait(state)
    reveal_all(state, [(0, 1), (0, 2)])
    return state


def test_tim_removes_a_row_of_four_sixes():
    state = tim()
    events = reveal(state, 0, 3)
    assert [e.public for e in events if e.type == "eliminate"] == [
        {
            "seat": 0,
            "line": "row",
            "index": 0,
            "cards": ["lime:6", "green:6", "sky:6", "navy:6"],
            "chain": False,
        }
    ]
    mine = grid(state)
    assert (mine["rows"], mine["cols"]) == (2, 4)
    assert mine["cards"] == [TIM[4:8], TIM[8:]]
    assert grid(state, 0, 0)["cards"][0][0] == "red:5"  # the peeked card moved up a row


LINUS = [
    "pink:8",
    "lime:2",
    "navy:5",
    "orange:3",
    "yellow:3",
    "red:3",
    "sky:11",
    "lime:11",
    "navy:9",
]


def linus(
    grid0: list[str] = LINUS, first: list[tuple[int, int]] = (), max_turns: int = 1000
) -> tuple[Blanco, list]:
    """Linus removes the row of three 3s; closing the gap completes the column of two navy
    cards, which goes too: a chain reaction. Returns the state and that turn's events."""
    state = deal(grid0, max_turns=max_turns)
    setup(state, (0, 2), (0, 0))
    wait(state)
    reveal_all(state, list(first) + [(2, 2), (1, 0), (1, 1)])
    return state, reveal(state, 1, 2)


def test_linus_chain_reaction_earns_a_peek_and_a_reveal():
    state, events = linus()
    removed = [e.public for e in events if e.type == "eliminate"]
    assert [(e["line"], e["index"], e["cards"], e["chain"]) for e in removed] == [
        ("row", 1, ["orange:3", "yellow:3", "red:3"], False),
        ("col", 2, ["navy:5", "navy:9"], True),
    ]
    assert grid(state)["cards"] == [["pink:8", "lime:2"], ["sky:11", "lime:11"]]
    view = state.view(1)
    assert (view["to_move"], view["phase"], view["chain"]) == (0, "reward", True)
    # Any face-down card, even [0, 0] that seat 0 already knows from the setup peek.
    assert state.legal_actions() == [
        ["peek", 0, 0],
        ["peek", 0, 1],
        ["peek", 1, 0],
        ["peek", 1, 1],
        ["skip"],
    ]
    events = act(state, ["peek", 1, 0])
    assert events[0].for_seat(0)["card"] == "sky:11" and "card" not in events[0].for_seat(1)
    assert state.phase == "chain" and state.view(1)["peeked"] == [1, 0]
    assert state.legal_actions() == [["reveal"], ["keep"]]
    events = act(state, ["reveal"])
    assert events[0].for_seat(1) == {"type": "reveal", "seat": 0, "pos": [1, 0], "card": "sky:11"}
    assert (state.to_move, state.phase, state.view(0)["turns"]) == (1, "turn", 7)
    assert state.view(0)["chain"] is False and state.view(0)["peeked"] is None


def test_linus_may_keep_the_peeked_card_face_down():
    state, _ = linus()
    act(state, ["peek", 1, 0], ["keep"])
    mine = grid(state, 0, 0)
    assert mine["cards"][1][0] == "sky:11" and not mine["up"][1][0] and mine["known"][1][0]
    assert grid(state, 0, 1)["cards"][1][0] is None
    assert (state.to_move, state.phase) == (1, "turn")


CROSS = ["red:5", "orange:5", "yellow:5", "red:7", "lime:1", "green:2", "red:9", "sky:3", "navy:4"]


@pytest.mark.parametrize("first, then", [(["row", 0], ("col", 0)), (["col", 0], ("row", 0))])
def test_one_card_completing_a_row_and_a_column_removes_both_without_a_chain(first, then):
    """The sheet: a card completing a row and a column at once – remove one line, then the
    other. docs/rules.md: in whichever order, that is no chain reaction."""
    state = deal(CROSS)
    setup(state, (0, 1), (2, 2))
    wait(state)
    reveal_all(state, [(0, 2), (1, 0), (2, 0)])
    reveal(state, 0, 0)
    assert state.phase == "eliminate"
    assert state.legal_actions() == [["eliminate", "row", 0], ["eliminate", "col", 0]]
    events = act(state, ["eliminate", *first])
    removed = [e.public for e in events if e.type == "eliminate"]
    assert [(e["line"], e["index"], e["chain"]) for e in removed] == [
        (first[0], first[1], False),
        (then[0], then[1], False),
    ]
    assert grid(state)["cards"] == [["lime:1", "green:2"], ["sky:3", "navy:4"]]
    assert state.phase == "reward"
    act(state, ["peek", 0, 0])
    assert (state.to_move, state.phase) == (1, "turn")  # no chain: no reveal to choose


def test_in_a_2x2_grid_only_one_of_two_lines_completed_at_once_goes():
    """After Linus's chain the grid is 2 x 2; the last card completes its row and its column."""
    state, _ = linus()
    act(state, ["skip"])
    wait(state)
    reveal_all(state, [(0, 0), (0, 1), (1, 0)])
    events = reveal(state, 1, 1)
    assert state.phase == "eliminate"
    assert state.legal_actions() == [["eliminate", "row", 1], ["eliminate", "col", 1]]
    events = act(state, ["eliminate", "row", 1])
    assert [e.public["chain"] for e in events if e.type == "eliminate"] == [False]
    assert grid(state)["cards"] == [["pink:8", "lime:2"]]
    assert (state.to_move, state.phase) == (1, "turn")  # nothing face down: no reward


# -- rulings: the 2 x 2 exception, chain reactions, the reward ---------------------------------

PARALLEL = [
    "red:4",
    "orange:4",
    "navy:1",
    "yellow:6",
    "lime:6",
    "navy:2",
    "green:9",
    "sky:9",
    "purple:9",
]


def parallel() -> Blanco:
    """Seat 0 removes the row of 9s, then completes the navy column: removing it leaves a 2 x 2
    grid with two complete rows; the owner keeps one of them."""
    state = deal(PARALLEL)
    setup(state, (2, 0), (0, 0))
    wait(state)
    reveal_all(state, [(2, 1), (2, 2), (0, 0), (0, 1), (1, 0), (1, 1), (0, 2)])
    reveal(state, 1, 2)
    return state


def test_the_2x2_exception_stops_eliminations_and_a_complete_line_may_stay():
    state = parallel()
    assert state.phase == "eliminate" and grid(state)["rows"] == grid(state)["cols"] == 2
    assert state.legal_actions() == [["eliminate", "row", 0], ["eliminate", "row", 1]]
    events = act(state, ["eliminate", "row", 0])
    assert [e.public["chain"] for e in events if e.type == "eliminate"] == [True]
    assert grid(state)["cards"] == [["yellow:6", "lime:6"]]
    # The row of 6s is complete but stays; no face-down card, so no reward either.
    assert (state.to_move, state.phase) == (1, "turn")


def test_a_line_left_complete_goes_after_the_owners_next_grid_change_not_before():
    state = parallel()
    act(state, ["eliminate", "row", 0])
    wait(state)
    act(state, ["take", "discard"])
    assert state.legal_actions()[:3] == [["discard", 0], ["discard", 1], ["discard", 2]]
    events = act(state, ["discard", 2])  # turns nothing up: no grid change
    assert "eliminate" not in types(events)
    assert grid(state)["cards"] == [["yellow:6", "lime:6"]]
    wait(state)
    events = act(state, ["swap", 0, 0, 0, 1])
    assert types(events) == ["swap", "eliminate", "stage", "next"]
    assert events[1].public["cards"] == ["lime:6", "yellow:6"]
    assert (state.to_move, state.phase, grid(state)["stage"]) == (0, "reveal", 2)


def test_reward_reveal_runs_eliminations_but_earns_no_second_peek():
    """Linus with a pink column under the navy one: the reward reveal completes it."""
    state, _ = linus(
        [
            "pink:8",
            "lime:2",
            "navy:5",
            "orange:3",
            "yellow:3",
            "red:3",
            "pink:11",
            "lime:11",
            "navy:9",
        ],
        first=[(0, 0)],
    )
    assert state.phase == "reward"
    events = act(state, ["peek", 1, 0], ["reveal"])
    removed = [e.public for e in events if e.type == "eliminate"]
    assert [(e["cards"], e["chain"]) for e in removed] == [(["pink:8", "pink:11"], False)]
    assert grid(state)["cards"] == [["lime:2"], ["lime:11"]]  # two face-down cards left
    assert (state.to_move, state.phase) == (1, "turn")


def test_order_of_removal_can_change_what_goes_and_so_the_chain_reaction():
    """Ruling: a chain reaction is judged by docs/rules.md's definition. With a row and a column
    complete in a 2 x 4 grid, removing the row first leaves the column one card long (no line);
    removing the column first completes the other row: a chain reaction (and here, the win)."""
    state = tim()
    reveal(state, 0, 3)
    act(state, ["skip"])
    wait(state)
    reveal_all(state, [(0, 1), (0, 2), (0, 3), (1, 0), (1, 1), (1, 2), (1, 3)])
    reveal(state, 0, 0)
    assert state.legal_actions() == [["eliminate", "row", 0], ["eliminate", "col", 0]]
    row_first = state.clone()
    events = act(row_first, ["eliminate", "row", 0])
    assert [e.public["chain"] for e in events if e.type == "eliminate"] == [False]
    assert grid(row_first)["cards"] == [["red:8", "green:9", "sky:9", "navy:9"]]
    assert (row_first.to_move, row_first.phase) == (1, "turn")
    events = act(state, ["eliminate", "col", 0])
    assert state.legal_actions() == [["eliminate", "row", 0], ["eliminate", "row", 1]]
    events += act(state, ["eliminate", "row", 1])
    removed = [e.public for e in events if e.type == "eliminate"]
    assert [(e["line"], e["index"], e["chain"]) for e in removed] == [
        ("col", 0, False),
        ("row", 1, True),
        ("row", 0, False),
    ]
    assert types(events)[-2:] == ["game_over", "next"]
    assert state.result == {"scores": [0, 21], "winners": [0]}


def test_no_reward_without_a_removal_and_none_for_an_empty_stage_one_grid():
    state = deal(COLUMNS)
    setup(state, (0, 0), (0, 1))
    wait(state)
    events = reveal(state, 1, 0)
    assert types(events) == ["take", "next", "discard", "reveal", "next"]
    assert (state.to_move, state.phase) == (1, "turn")


# -- stage change and winning ------------------------------------------------------------------


def test_an_empty_stage_one_grid_is_replaced_by_twelve_cards_within_the_same_turn():
    state = deal(COLUMNS, draw=SARAH)
    setup(state, (0, 0), (0, 1))
    wait(state)
    reveal_all(state, [(1, 0), (2, 0), (0, 0), (1, 0), (2, 0), (0, 0), (1, 0)])
    hand = state.view(0)["hands"][0]
    count = state.view(0)["draw"]["count"]
    events = reveal(state, 2, 0)
    assert types(events)[-3:] == ["eliminate", "stage", "next"]
    assert events[-2].public == {
        "seat": 0,
        "stage": 2,
        "rows": 3,
        "cols": 4,
        "draw": {"count": count - 12},
    }
    mine = grid(state, 0, 0)
    assert (mine["stage"], mine["rows"], mine["cols"]) == (2, 3, 4)
    assert mine["cards"] == [[None] * 4] * 3
    assert grid(state)["cards"] == [SARAH[0:4], SARAH[4:8], SARAH[8:]]
    assert state.view(0)["hands"][0] == hand
    turns = state.view(0)["turns"]
    assert (state.to_move, state.phase) == (0, "reveal")  # no reward: the stage change instead
    act(state, ["reveal", 2, 3], ["peek", 0, 0])
    assert (state.to_move, state.phase, state.view(0)["turns"]) == (1, "turn", turns + 1)
    assert grid(state, 0, 0)["cards"][0][0] == "red:10"


def test_a_stage_change_deal_reshuffles_when_the_draw_pile_runs_out():
    state = deal(COLUMNS, draw=SARAH)
    setup(state, (0, 0), (0, 1))
    wait(state)
    reveal_all(state, [(1, 0), (2, 0), (0, 0), (1, 0), (2, 0), (0, 0), (1, 0)])
    snapshot = state.to_snapshot()
    snapshot["discard"] = snapshot["draw"][5:] + snapshot["discard"]
    snapshot["draw"] = snapshot["draw"][:5]
    state = restore(snapshot)
    events = reveal(state, 2, 0)
    # The discard's top card stays; the box includes the column that emptied the grid.
    pile = snapshot["discard"][:-1] + snapshot["box"] + COLUMNS[2::3]
    Rng(snapshot["rng"]).shuffle(pile)
    assert types(events)[-4:] == ["eliminate", "reshuffle", "stage", "next"]
    assert events[-3].public["discard"] == [snapshot["discard"][-1]]
    assert grid(state)["cards"] == [SARAH[0:4], SARAH[4:5] + pile[0:3], pile[3:7]]
    assert state.open_view()["draw"]["cards"] == pile[7:]
    assert state.view(1)["box"] == []


def test_the_first_to_empty_a_stage_two_grid_wins_at_once():
    stage2 = [
        "lime:1",
        "green:2",
        "sky:3",
        "navy:4",
        "lime:5",
        "green:6",
        "sky:7",
        "navy:8",
        "lime:9",
        "green:10",
        "sky:11",
        "navy:12",
    ]
    state = to_stage_two(stage2, players=3)
    act(state, ["reveal", 0, 0], ["peek", 0, 1])
    wait(state)
    reveal_all(state, [(1, 0), (2, 0)] + [(0, 0), (1, 0), (2, 0)] * 2 + [(0, 0), (1, 0)])
    events = reveal(state, 2, 0)
    assert types(events)[-3:] == ["eliminate", "game_over", "next"]
    assert events[-2].public == {
        "reason": "emptied",
        "result": {"scores": [0, 21, 21], "winners": [0]},
    }
    assert state.is_over and state.to_move is None and state.legal_actions() == []
    assert state.view(2)["result"] == {"scores": [0, 21, 21], "winners": [0]}
    with pytest.raises(IllegalAction):
        state.apply(["take", "deck"])


def test_max_turns_ends_the_game_and_the_fewest_cards_left_win():
    state, _ = linus(max_turns=7)  # Linus's chain turn is the 7th
    events = act(state, ["skip"])
    assert types(events) == ["skip", "game_over", "next"]
    assert events[1].public == {
        "reason": "max_turns",
        "result": {"scores": [4 + 12, 9 + 12], "winners": [0]},
    }


def test_max_turns_counts_every_players_turn_and_ties_share():
    state = deal(max_turns=2)
    setup(state)
    act(state, ["take", "deck"], ["discard", 2, 2, 2])
    assert not state.is_over
    act(state, ["swap", 0, 0, 0, 1])
    assert state.result == {"scores": [21, 21], "winners": [0, 1]}


# -- turns: take, discard, place, swap ---------------------------------------------------------


def test_turn_actions_are_listed_in_the_documented_order():
    state = deal()
    setup(state, (0, 0), (1, 1))
    pairs = [
        (0, 0, 0, 1),
        (0, 0, 1, 0),
        (0, 1, 0, 2),
        (0, 1, 1, 1),
        (0, 2, 1, 2),
        (1, 0, 1, 1),
        (1, 0, 2, 0),
        (1, 1, 1, 2),
        (1, 1, 2, 1),
        (1, 2, 2, 2),
        (2, 0, 2, 1),
        (2, 1, 2, 2),
    ]
    swaps = [["swap", *p] for p in pairs[:2]]
    swaps += [["swap", *p, k] for p in pairs[2:] for k in (0, 1)]
    assert state.legal_actions() == [["take", "deck"], ["take", "discard"]] + swaps
    act(state, ["take", "discard"])
    legal = state.legal_actions()
    down = [(r, c) for r in range(3) for c in range(3) if (r, c) != (0, 0)]
    assert legal == (
        [["discard", h, r, c] for h in range(3) for r, c in down]
        + [["place", h, r, c] for h in range(3) for r in range(3) for c in range(3)]
    )


def test_taking_from_the_discard_and_discarding_turns_a_card_up():
    state = deal(MARIA, discard="navy:1", hand0=["navy:10", "green:12"])
    setup(state)
    events = act(state, ["take", "discard"])
    # Everyone saw it on the discard, but only its holder is told it is in the hand.
    assert events[0].for_seat(0)["card"] == "navy:1" and "card" not in events[0].for_seat(1)
    assert state.view(1)["discard"] == [] and state.view(1)["hands"][0] == [None, None, None]
    events = act(state, ["discard", 0, 2, 1])
    assert types(events) == ["discard", "reveal", "next"]
    view = state.view(1)
    assert view["discard"] == ["navy:10"] and view["grids"][0]["cards"][2][1] == "green:8"
    assert state.view(0)["hands"][0] == ["green:12", "navy:1"]


def test_swapping_reveals_the_one_face_down_card_or_the_chosen_one_of_two():
    state = deal(MARIA)
    setup(state, (0, 0), (1, 1))
    events = act(state, ["swap", 1, 1, 1, 2, 1])  # k=1: the card that was at [1, 2] turns up
    assert types(events) == ["swap", "reveal", "next"]
    assert events[1].public == {"seat": 0, "pos": [1, 1], "card": "brown:5"}
    mine, theirs = grid(state, 0, 0), grid(state, 0, 1)
    assert mine["cards"][1][1:] == ["brown:5", "pink:4"] and mine["up"][1][1:] == [True, False]
    assert theirs["cards"][1][1:] == ["brown:5", None] and theirs["known"][1][2]
    wait(state)
    act(state, ["swap", 0, 1, 0, 2, 0])  # k=0: the card that was at [0, 1] turns up at [0, 2]
    assert grid(state)["cards"][0] == ["red:7", "purple:2", "sky:1"]
    assert grid(state)["up"][0] == [True, False, True]
    wait(state)
    events = act(state, ["swap", 0, 0, 0, 1])  # exactly one face down: it turns up
    assert events[1].public == {"seat": 0, "pos": [0, 0], "card": "purple:2"}
    assert grid(state)["cards"][0] == ["purple:2", "red:7", "sky:1"]
    assert grid(state)["up"][0] == [True, True, True]


def test_a_peeked_card_stays_known_wherever_it_moves_until_it_turns_up():
    state = deal(COLUMNS)
    setup(state, (0, 0), (1, 1))
    act(state, ["swap", 1, 1, 2, 1, 1])  # pink:5 moves to [2, 1], still face down
    assert grid(state, 0, 0)["cards"][2][1] == "pink:5"
    assert grid(state, 0, 1)["known"][2][1] and grid(state, 0, 1)["cards"][2][1] is None
    wait(state)
    reveal(state, 2, 1)
    assert grid(state, 0, 1)["cards"][2][1] == "pink:5"
    assert not grid(state, 0, 0)["known"][2][1]


@pytest.mark.parametrize(
    "action, words",
    [
        (["swap", 0, 0, 0, 2], "neighbouring"),
        (["swap", 0, 1, 0, 2], "0 or 1"),
        (["swap", 0, 0, 0, 1, 0], "only when both"),
        (["swap", 0, 2, 0, 1, 0], "first"),
        (["swap", 0, 0, 3, 0], "rows 0 to 2"),
        (["discard", 0, 1, 1], "take a card"),
        (["reveal", 1, 1], "take a card"),
        (["take", "box"], "deck"),
    ],
)
def test_illegal_turn_actions_are_refused_with_a_reason_and_change_nothing(action, words):
    state = deal()
    setup(state)
    before = state.digest()
    with pytest.raises(IllegalAction, match=words):
        state.apply(action)
    assert state.digest() == before


@pytest.mark.parametrize(
    "action, words",
    [
        (["discard", 3, 1, 1], "hand card"),
        (["discard", 0, 0, 0], "already face up"),
        (["discard", 0], "also name"),
        (["place", 0, 3, 3], "rows 0 to 2"),
        (["take", "deck"], "discard one or place"),
    ],
)
def test_illegal_actions_after_a_take_are_refused(action, words):
    state = deal()
    setup(state)
    act(state, ["take", "deck"])
    with pytest.raises(IllegalAction, match=words):
        state.apply(action)


def test_the_discard_can_only_be_taken_when_it_is_not_empty():
    state = deal()
    setup(state)
    snapshot = state.to_snapshot()
    snapshot["draw"] = snapshot["discard"] + snapshot["draw"]
    snapshot["discard"] = []
    state = restore(snapshot)
    assert ["take", "discard"] not in state.legal_actions()
    with pytest.raises(IllegalAction, match="discard pile is empty"):
        state.apply(["take", "discard"])


def test_an_empty_draw_pile_is_refilled_from_the_discard_but_its_top_and_the_box():
    state, _ = linus()
    act(state, ["peek", 1, 0], ["keep"])  # the 2 x 2 grid stays face down
    wait(state)
    while state.view(0)["draw"]["count"]:
        # Placing at [0, 0] never completes a line: its row and column hold face-down cards.
        act(state, ["take", "deck"], ["place", 2, 0, 0])
        wait(state)
    snapshot = state.to_snapshot()
    assert len(snapshot["box"]) == 5
    pile = snapshot["discard"][:-1] + snapshot["box"]
    Rng(snapshot["rng"]).shuffle(pile)
    events = act(state, ["take", "deck"])
    assert types(events) == ["reshuffle", "take", "next"]
    assert events[0].public == {
        "draw": {"count": len(pile)},
        "discard": snapshot["discard"][-1:],
        "box": [],
    }
    assert events[1].for_seat(0)["card"] == pile[0]
    assert state.open_view()["draw"]["cards"] == pile[1:]
    view = state.view(1)
    assert view["discard"] == snapshot["discard"][-1:] and view["box"] == []


# -- options, words, views ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "players, options, words",
    [
        (1, {}, "2 to 5"),
        (6, {}, "2 to 5"),
        (2, {"max_turns": 0}, "max_turns"),
        (2, {"max_turns": "10"}, "max_turns"),
        (2, {"deck": CODE[:-1]}, "every card"),
        (2, {"deck": CODE[:-1] + ["red:1"]}, "every card"),
        (2, {"target": 50}, "unknown option"),
    ],
)
def test_bad_games_are_refused(players, options, words):
    with pytest.raises(ValueError, match=words):
        new_game("blanco", players, 1, options)


def test_describe_names_only_what_everyone_sees_or_the_action_shows():
    state = deal(MARIA, hand0=["navy:10", "green:12"], draw=["orange:5"])
    setup(state)
    assert state.describe(["take", "deck"]) == "takes the top card of the draw pile"
    assert state.describe(["swap", 0, 1, 0, 2, 1]) == (
        "swaps the cards at row 1, column 2 and row 1, column 3, "
        "turning up the one from row 1, column 3"
    )
    act(state, ["take", "deck"])
    assert state.describe(["place", 1, 0, 2]) == "places green:12 at row 1, column 3"
    assert state.describe(["discard", 0, 2, 2]) == (
        "discards navy:10 and turns up the card at row 3, column 3"
    )


def test_open_view_shows_every_card_in_the_same_layout():
    state = deal(MARIA)
    setup(state)
    view, open_view = state.view(None), state.open_view()
    assert open_view["seat"] == "open" and set(open_view) == set(view)
    assert open_view["grids"][0]["cards"][2] == MARIA[6:]
    assert all(c is not None for hand in open_view["hands"] for c in hand)
    assert len(open_view["draw"]["cards"]) == open_view["draw"]["count"]


def test_every_action_word_is_listed():
    assert Blanco.WORDS[:9] == (
        "take",
        "discard",
        "place",
        "swap",
        "reveal",
        "peek",
        "eliminate",
        "skip",
        "keep",
    )
    words = set(Blanco.WORDS)
    pick = random.Random(3)
    state = new_game("blanco", 3, 11, {"max_turns": 200})
    while not state.is_over:
        actions = state.legal_actions()
        assert all(x in words for a in actions for x in a if isinstance(x, str))
        state.apply(actions[pick.randrange(len(actions))])


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_every_card_and_every_views_model(players):
    pick = random.Random(players)
    state = new_game("blanco", players, 100 + players, {"max_turns": 120})
    seats = [*range(players), None]
    views = {s: state.view(s) for s in seats}
    while not state.is_over:
        actions = state.legal_actions()
        events = state.apply(actions[pick.randrange(len(actions))])
        assert events[-1].type == "next"
        snapshot = state.to_snapshot()
        cards = (
            snapshot["draw"]
            + snapshot["discard"]
            + snapshot["box"]
            + [c for h in snapshot["hands"] for c in h]
            + [c for g in snapshot["grids"] for c in g["cards"]]
        )
        assert sorted(cards) == sorted(CODE)
        for seat in seats:
            for event in events:
                Blanco.update_view(views[seat], event.for_seat(seat))
            assert views[seat] == state.view(seat)
    assert state.result["winners"]
