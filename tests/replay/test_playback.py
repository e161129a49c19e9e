"""The replay viewer's cursor: any position, reached any way, shows what a straight run
showed there – every seat's view, the spectator's, the open view and each step's events."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.replay.log import ReplayError, read_replay
from game.replay.playback import Playback, open_replay
from game.rules import new_game, update_view
from tests.replay.helpers import record, rewrite

CASES = [
    ("quando", 3, {"target": 60}),
    ("blanco", 2, {"max_turns": 80}),
    ("quasenbo", 4, {"hand_size": 5, "excuse": True}),
]


def straight_run(replay):
    """Per position: (views by seat and None, open view), and per step its events by seat."""
    header = replay.header
    state = new_game(header["game"], header["players"], replay.end["seed"], header["options"])
    seats = list(range(header["players"])) + [None]
    views = [({s: state.view(s) for s in seats}, state.open_view())]
    events, words = [], []
    for step in replay.steps:
        words.append(state.describe(step.action))
        happened = state.apply(step.action)
        events.append({s: [e.for_seat(s) for e in happened] for s in seats})
        views.append(({s: state.view(s) for s in seats}, state.open_view()))
    return views, events, words


@pytest.fixture(scope="module", params=CASES, ids=[c[0] for c in CASES])
def recorded(request, tmp_path_factory):
    game, players, options = request.param
    path = record(tmp_path_factory.mktemp(game), f"{game}.ctr", game, players, 11, options)
    replay = read_replay(path)
    return replay, straight_run(replay)


def test_moving_any_way_gives_the_views_of_a_straight_run(recorded):
    replay, (views, events, _) = recorded
    playback = Playback(replay, every=7)  # small, so that moves cross many kept states
    assert playback.verdict.ok and playback.length == len(replay.steps)
    seats = list(range(replay.header["players"])) + [None]
    pick = random.Random(3)
    moves = ["seek", "forward", "back"] * 40
    pick.shuffle(moves)
    for move in moves:
        before = playback.position
        if move == "seek":
            playback.seek(pick.randrange(playback.length + 1))
        elif move == "forward":
            assert playback.forward() == (before < playback.length)
            assert playback.position == min(before + 1, playback.length)
        else:
            assert playback.back() == (before > 0)
            assert playback.position == max(before - 1, 0)
        here = playback.position
        assert {s: playback.view(s) for s in seats} == views[here][0]
        assert playback.open_view() == views[here][1]
        if here:
            for seat in seats:
                assert playback.events(seat) == events[here - 1][seat]
    for step in range(1, playback.length + 1):  # and any step's events from anywhere
        assert playback.events(0, step) == events[step - 1][0]


def test_a_seats_view_and_the_next_steps_events_make_the_next_view(recorded):
    """What the client animates: view at k-1 + events of step k, as that seat got them."""
    replay, _ = recorded
    playback = Playback(replay)
    game = replay.header["game"]
    for seat in list(range(replay.header["players"])) + [None]:
        playback.seek(0)
        model = playback.view(seat)
        while playback.forward():
            for event in playback.events(seat):
                update_view(game, model, event)
            assert model == playback.view(seat), (seat, playback.position)


def test_the_step_list_and_its_words(recorded):
    replay, (_, _, words) = recorded
    playback = Playback(replay)
    assert [e.words for e in playback.entries] == words
    assert [(e.number, e.seat, e.action) for e in playback.entries] == [
        (n, s.seat, s.action) for n, s in enumerate(replay.steps, 1)
    ]
    assert {e.by for e in playback.entries if e.seat == 0} == {"player"}
    assert {e.by for e in playback.entries if e.seat > 0} == {"bot"}
    assert (
        playback.entries[0].name == "Ann"
        and playback.entries[-1].round == len(playback.round_starts) - 1
    )


def test_each_step_shows_what_its_seat_saw_before_it_whichever_is_asked_for_first(recorded):
    replay, (views, _, _) = recorded
    playback = Playback(replay, every=7)
    entries = playback.entries
    order = list(range(len(entries)))
    random.Random(5).shuffle(order)  # blocks built in any order, some dropped and rebuilt
    for index in order + order[:50]:
        entry = entries[index]
        assert entry.before == views[entry.number - 1][0][entry.seat], entry.number
    assert playback.position == 0  # the cursor did not move


def test_round_and_turn_starts(recorded):
    replay, _ = recorded
    playback = Playback(replay)
    starts = playback.round_starts
    assert starts[0] == 0 and starts == sorted(set(starts))
    if replay.header["game"] == "quando":
        assert len(starts) > 1
        for index, position in enumerate(starts):  # Quando counts its rounds in the state
            playback.seek(position)
            assert playback.view(None)["round"] == index == playback.round_of()
            if position:
                assert playback.round_of(position - 1) == index - 1
    else:
        assert starts == [0]
    turns = playback.turn_starts
    assert set(starts) - {playback.length} <= set(turns)
    for position in turns[1:]:
        entries = playback.entries
        assert entries[position].seat != entries[position - 1].seat or position in starts
    i = next(i for i in range(1, len(turns) - 1) if turns[i + 1] - turns[i] >= 2)
    playback.seek(turns[i] + 1)  # inside turn i
    assert (playback.previous_start("turn"), playback.next_start("turn")) == (
        turns[i],
        turns[i + 1],
    )
    playback.seek(turns[i])  # at its start: back goes to the turn before
    assert (playback.previous_start("turn"), playback.next_start("turn")) == (
        turns[i - 1],
        turns[i + 1],
    )
    playback.seek(playback.length)
    assert playback.next_start("round") == playback.length
    with pytest.raises(ValueError):
        playback.next_start("trick")


def test_positions_outside_the_game_are_refused(recorded):
    replay, _ = recorded
    playback = Playback(replay)
    with pytest.raises(IndexError):
        playback.seek(playback.length + 1)
    with pytest.raises(IndexError):
        playback.events(None, 0)
    assert playback.events() == [] and not playback.back()
    playback.seek(playback.length)
    assert not playback.forward() and playback.position == playback.length
    playback.seek(5)
    copy = playback.state()
    copy.apply(copy.legal_actions()[0])
    assert playback.view(None) != copy.view(None)
    assert playback.view(None) == playback.state().view(None)  # the copy changed nothing here


def test_only_verified_steps_can_be_watched(tmp_path):
    path = record(tmp_path, "g.ctr", "quasenbo", 3, 4, {"hand_size": 6})
    replay = read_replay(path)
    altered = rewrite(
        replay,
        tmp_path / "altered.ctr",
        lambda n, s: dataclasses.replace(s, digest=bytes(8)) if n == 9 else s,
    )
    playback = open_replay(altered)
    assert playback.verdict.mismatch.step == 9 and playback.length == 8 and playback.playable
    playback.seek(7)
    assert playback.entries[7].before == playback.view(playback.entries[7].seat)

    secret = open_replay(rewrite(replay, tmp_path / "open.ctr", finish=False))
    assert secret.verdict.status == "unverified" and not secret.playable and secret.length == 0
    with pytest.raises(ReplayError, match="seed is revealed"):
        secret.view(0)


def test_open_replay_refuses_unreadable_files(tmp_path):
    with pytest.raises(ReplayError):
        open_replay(tmp_path / "none.ctr")
