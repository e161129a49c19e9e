"""The post-game analysis: marks on planted blunders and none on forced games, the result at
the end, fair estimates blind to hidden cards, the cache, cancelling, and the command line."""

from __future__ import annotations

import json
import multiprocessing
import threading
from pathlib import Path

import pytest

from game.replay.__main__ import main
from game.replay.analysis import (
    VERSION,
    Background,
    Cancelled,
    Effort,
    analyse,
    cache_path,
    mover_estimate,
    other_estimate,
    seen_before,
)
from game.replay.log import ReplayWriter, make_header, read_replay, replay_hash
from game.replay.origin import start_from
from game.replay.playback import Playback
from game.replay.record import record_game
from game.rules import Action, new_game
from game.rules.decktet import deck
from tests.bots.test_bots import hidden_twin
from tests.replay.helpers import rewrite
from tests.rules.decks import stack
from tests.rules.test_blanco import COLUMNS, deal
from tests.rules.test_quando import build_deck

QUICK = Effort(search=200, seeing=60, rollouts=8)
"""Enough for the planted positions' clear answers, quick enough for the test run."""

QUICK_QUASENBO = Effort(search=600, seeing=150, rollouts=8)
"""Quäsenbö's iterations are cheap and its choices few (two: a third of the iterations),
as its normal level's 2,000 iterations reflect."""

HUMANS = [
    {"name": "Ann", "kind": "human", "level": None},
    {"name": "Bob", "kind": "human", "level": None},
]


def quasenbo_deck(hands: list[list[str]], start: str) -> list[str]:
    """A two-player Quäsenbö deck dealing `hands` (round robin), then `start` face up, then
    the other cards in canonical order."""
    top = [hands[k % 2][k // 2] for k in range(2 * len(hands[0]))] + [start]
    return stack(top, [card.code for card in deck()])


def play(
    path: Path, game: str, options: dict, script: list[Action], seats: list[dict] = HUMANS
) -> Path:
    """A finished replay at `path`: the `script`ed actions, then the first legal action at
    every step to the game's end."""
    state = new_game(game, len(seats), 3, options)
    header = make_header(
        game, len(seats), state.options, seats, 3, type(state).WORDS, state.digest()
    )
    writer = ReplayWriter.create(path, header)
    moves = iter(script)
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        action = next(moves, None) or state.legal_actions()[0]
        state.apply(action)
        writer.step(seat, False, action, state.digest())
    writer.finish(3, state.result)
    writer.close()
    return path


def penalty_game(path: Path, seats: list[dict] = HUMANS) -> Path:
    """Quäsenbö, hands of three, runs of n cost n - 2 cards (`double_quasenbo`). On the Ace
    of Moons, Ann plays the Huntress (moons), Bob must follow with the Forest (moons,
    leaves). Then Ann holds the Journey (moons, waves) and the Soldier (a 5 like the
    Forest; wyrms, knots): the Journey makes four moons in a row – two penalty cards, three
    in hand – the Soldier a run of one, a single card left. Ann plays the Journey (step 3)."""
    hands = [["huntress", "journey", "soldier"], ["forest", "ace-suns", "ace-knots"]]
    options = {"hand_size": 3, "double_quasenbo": True, "deck": quasenbo_deck(hands, "ace-moons")}
    return play(path, "quasenbo", options, [["play", 0], ["play", 0], ["play", 0]], seats)


def forced_game(path: Path) -> Path:
    """Quäsenbö, hands of two, every step forced: Ann's Bard on the Ace of Suns, Bob's
    Huntress on it, Ann's Journey on that, and Ann's hand is empty."""
    hands = [["bard", "journey"], ["huntress", "ace-leaves"]]
    return play(path, "quasenbo", {"hand_size": 2, "deck": quasenbo_deck(hands, "ace-suns")}, [])


def test_a_play_into_a_certain_penalty_is_marked_with_the_safe_play(tmp_path):
    result = analyse(penalty_game(tmp_path / "g.ctr"), jobs=1, effort=QUICK_QUASENBO)
    step = result.steps[2]
    assert (step.step, step.seat, step.action) == (3, 0, ["play", 0])
    assert [o.action for o in step.options] == [["play", 0], ["play", 1]]
    mark = step.mark
    assert mark is not None and result.marks == [mark]
    assert mark.better == ["play", 1]
    assert mark.chosen == step.options[0].estimate and mark.best == step.options[1].estimate
    assert mark.cost >= 0.1
    # the marked step is the one a human decided; Bob's forced reply is never marked
    assert all(s.mark is None for s in result.steps if s.step != 3)


def knock_game(path: Path) -> Path:
    """Quando to 40 points. Ann (fronts 10 10 9 8 8 7 7 6) sheds her pairs of 8s and 7s,
    Bob two low runs; the draws are zeros. Ann knocks holding 35 (step 9): however Bob's last
    turn goes, she is not the lowest, scores 35 + 5 = 40 and loses the game at once."""
    deck = build_deck([[10, 10, 9, 8, 8, 7, 7, 6], [0, 1, 2, 3, 4, 5, 6, 1]], [0] * 6)
    up = ["draw", "up"]
    script = [
        ["play", [3, 4]],
        up,
        ["play", [0, 1, 2]],
        up,
        ["play", [3, 4]],
        up,
        ["play", [0, 1, 2]],
        up,
        ["knock"],
    ]
    return play(path, "quando", {"target": 40, "deck": deck}, script)


def test_a_knock_that_must_lose_is_marked_with_a_play(tmp_path):
    result = analyse(knock_game(tmp_path / "g.ctr"), jobs=1, effort=QUICK_QUASENBO)
    knock = result.steps[8]
    assert (knock.seat, knock.action) == (0, ["knock"])
    mark = knock.mark
    assert mark is not None and mark in result.marks
    assert mark.chosen.value < 0.02 and mark.best.value - mark.chosen.value >= 0.1
    assert mark.better[0] == "play"
    assert result.result == [0.0, 1.0]
    # Quando's evaluation turns a finished game's totals into chances a hair from 0 and 1
    assert [e.value for e in result.steps[-1].seeing] == pytest.approx([0.0, 1.0], abs=1e-3)


def test_the_biggest_swing_is_the_step_that_moved_the_seat_most(tmp_path):
    result = analyse(knock_game(tmp_path / "g.ctr"), jobs=1, effort=QUICK_QUASENBO)
    step, change = result.biggest_swing(0)
    fair = result.curve("fair")
    assert change == fair[step][0] - fair[step - 1][0]
    assert all(abs(fair[k][0] - fair[k - 1][0]) <= abs(change) for k in range(1, len(fair)))
    assert change < 0  # Ann's chance falls furthest where she knocks into her loss
    assert step >= 9


def test_the_costliest_choice_is_the_seats_biggest_marked_mistake(tmp_path):
    """Ann's is her marked knock, the dearer of her two marks; Bob chose below his search's
    best once (step 3), by less than a clear mistake: no costliest choice to show him, as
    the viewer would show no better move there."""
    result = analyse(knock_game(tmp_path / "g.ctr"), jobs=1, effort=QUICK_QUASENBO)
    mark = next(m for m in result.marks if m.step == 9)
    assert sorted(m.step for m in result.marks if m.seat == 0) == [1, 9]
    assert result.costliest_choice(0) == mark
    step = result.steps[2]
    chosen = next(o for o in step.options if o.action == step.action)
    assert step.seat == 1 and chosen.estimate.value < step.options[step.preferred].estimate.value
    assert step.mark is None and result.costliest_choice(1) is None


def test_a_placement_that_throws_away_a_complete_column_is_marked(tmp_path):
    """Blanco, eight turns. Ann's grid has a purple, a pink and a brown column; she turns up
    the first two purples and takes the Purple 10 from the discard: placed at the column's
    foot it completes the column, which leaves the grid. She places it in the pink column."""
    deck = deal(COLUMNS, hand0=["purple:10", "orange:11"]).options["deck"]
    script = [
        ["reveal", 0, 0],
        ["peek", 1, 1],
        ["reveal", 0, 0],
        ["peek", 1, 1],
        ["take", "discard"],
        ["discard", 2, 1, 0],
        ["swap", 0, 0, 0, 1],
        ["take", "discard"],
        ["place", 0, 1, 1],
    ]
    path = play(tmp_path / "g.ctr", "blanco", {"max_turns": 8, "deck": deck}, script)
    result = analyse(path, jobs=1, effort=QUICK_QUASENBO)
    placed = result.steps[8]
    assert (placed.seat, placed.action) == (0, ["place", 0, 1, 1])
    assert placed.mark is not None and placed.mark.better == ["place", 0, 2, 0]
    assert placed.mark.cost >= 0.1


def test_a_threshold_above_the_cost_marks_nothing(tmp_path):
    path = penalty_game(tmp_path / "g.ctr")
    cost = analyse(path, jobs=1, effort=QUICK_QUASENBO).marks[0].cost
    above = min(1.0, cost + 0.01)
    assert analyse(path, jobs=1, effort=QUICK_QUASENBO, threshold=above).marks == []


def test_bot_seats_are_marked_only_when_asked(tmp_path):
    seats = [{"name": "Ann", "kind": "bot", "level": "easy"}, HUMANS[1]]
    path = penalty_game(tmp_path / "g.ctr", seats)
    assert analyse(path, jobs=1, effort=QUICK_QUASENBO).marks == []
    every = analyse(path, jobs=1, effort=QUICK_QUASENBO, every_seat=True)
    assert [m.step for m in every.marks] == [3]


def test_a_forced_game_has_no_marks_and_ends_in_its_result(tmp_path):
    result = analyse(
        forced_game(tmp_path / "g.ctr"), jobs=1, effort=QUICK_QUASENBO, every_seat=True
    )
    assert len(result.steps) == 3 and result.marks == []
    assert all(step.options == [] and step.preferred is None for step in result.steps)
    # Ann's last card wins: seeing every card, her last step is a sure win, Bob's a loss
    last = result.steps[-1]
    assert [(e.value, e.stderr) for e in last.seeing] == [(1.0, 0.0), (0.0, 0.0)]
    assert result.result == [1.0, 0.0]
    assert result.curve("seeing")[-1] == result.curve("fair")[-1] == [1.0, 0.0]
    assert len(result.curve()) == len(result.steps) + 1


def test_the_all_seeing_estimate_of_the_winning_play_is_certain(tmp_path):
    result = analyse(penalty_game(tmp_path / "g.ctr"), jobs=1, effort=QUICK_QUASENBO)
    winners = [s for s, share in enumerate(result.result) if share == 1.0]
    assert len(winners) == 1
    last = result.steps[-1]
    assert last.seat == winners[0]
    assert [e.value for e in last.seeing] == result.result


@pytest.mark.parametrize("game", ["quando", "blanco", "quasenbo"])
def test_fair_estimates_do_not_depend_on_cards_the_seat_cannot_see(game):
    """Two games alike for seat 0 – its view, legal actions and events – but with other
    hidden cards (the games' digests differ): seat 0's fair estimates are identical."""
    decks = hidden_twin(game, 7)
    states = [new_game(game, 2, 1, {"deck": d}) for d in decks]
    histories: list[list[dict]] = [[], []]
    effort = Effort(search=30, seeing=10, rollouts=6)
    compared = 0
    for step in range(1, 9):
        views = [s.view(0) for s in states]
        legals = [s.legal_actions() for s in states]
        assert views[0] == views[1] and histories[0] == histories[1]
        if states[0].to_move == 0:
            assert legals[0] == legals[1]
            runs = [  # the estimates, options and preference (not the search's tree)
                mover_estimate(game, v, h, legal, step, effort)[:3]
                for v, h, legal in zip(views, histories, legals)
            ]
        else:
            runs = [other_estimate(game, v, h, step, effort) for v, h in zip(views, histories)]
        assert runs[0] == runs[1]
        compared += 1
        # the last legal action: Blanco's first keeps seat 1 revealing the very card
        # the twins differ in
        action = legals[0][-1]
        for state, history in zip(states, histories):
            history.extend(event.for_seat(0) for event in state.apply(action))
    assert compared == 8
    assert states[0].digest() != states[1].digest()


def test_processes_give_the_same_analysis_and_progress_counts_every_step(tmp_path):
    path = penalty_game(tmp_path / "g.ctr")
    alone = analyse(path, jobs=1, effort=QUICK)
    seen: list[tuple[int, int]] = []
    together = analyse(path, jobs=2, effort=QUICK, progress=lambda *p: seen.append(p))
    assert together.steps == alone.steps
    total = len(alone.steps)
    assert seen == [(k, total) for k in range(1, total + 1)]


def test_a_quandos_draws_go_on_from_their_plays_searches_in_any_process(tmp_path):
    """A draw's searches go on from its play's (the player learnt nothing meanwhile): one
    worker analyses both, so two workers give what one process gives."""
    path = tmp_path / "q.ctr"
    record_game(path, "quando", 2, 5, {"target": 8}, policy_seed=2)
    replay = read_replay(path)
    pairs = [
        k
        for k, (one, two) in enumerate(zip(replay.steps, replay.steps[1:]))
        if one.action[0] == "play" and two.action[0] == "draw" and one.seat == two.seat
    ]
    assert pairs
    small = Effort(search=60, seeing=12, rollouts=4)
    alone = analyse(path, jobs=1, effort=small)
    assert analyse(path, jobs=2, effort=small).steps == alone.steps
    for k in pairs:  # the draw's two options share its budget (a third of 60), kept visits too
        assert sum(o.estimate.samples for o in alone.steps[k + 1].options) == 20


@pytest.mark.parametrize("jobs", [1, 2])
def test_cancelling_stops_the_analysis_and_its_workers(tmp_path, jobs):
    path = penalty_game(tmp_path / "g.ctr")
    cancel = threading.Event()
    seen = []

    def progress(done: int, total: int) -> None:
        seen.append(done)
        cancel.set()

    with pytest.raises(Cancelled):
        analyse(path, jobs=jobs, effort=QUICK, progress=progress, cancel=cancel)
    assert seen == [1]
    assert multiprocessing.active_children() == []
    assert not cache_path(replay_hash(path.read_bytes())).exists()


def test_a_background_analysis_reports_progress_and_its_result(tmp_path):
    path = penalty_game(tmp_path / "g.ctr")
    job = Background(path, jobs=1, effort=QUICK)
    assert job.wait(60)
    assert job.error is None and job.result is not None
    assert job.result.steps == analyse(path, jobs=1, effort=QUICK).steps
    assert job.done == job.total == len(job.result.steps)


def test_a_cancelled_background_analysis_ends_in_cancelled(tmp_path):
    path = penalty_game(tmp_path / "g.ctr")
    job = Background(path, jobs=2, effort=QUICK)
    job.cancel()
    assert job.wait(60)
    assert isinstance(job.error, Cancelled) and job.result is None
    assert multiprocessing.active_children() == []
    broken = Background(tmp_path / "missing.ctr")
    assert broken.wait(60) and "cannot read" in str(broken.error)


def test_the_analysis_is_cached_by_hash_and_recomputed_when_stale(tmp_path, private_cache):
    path = forced_game(tmp_path / "g.ctr")
    first = analyse(path, jobs=1)
    cached = cache_path(replay_hash(path.read_bytes()))
    assert not first.cached and cached.is_file() and cached.is_relative_to(private_cache)
    assert list(tmp_path.iterdir()) == [path], "nothing is written beside the replay"
    again = analyse(path, jobs=1)
    assert again.cached and again.steps == first.steps and again.result == first.result
    assert not analyse(path, "hard", jobs=1).cached  # another level
    record = json.loads(cached.read_text())
    assert record["level"] == "hard" and record["version"] == VERSION
    record["replay"] = "0" * 64  # another replay's
    cached.write_text(json.dumps(record))
    assert not analyse(path, "hard", jobs=1).cached
    for damage in ("{", "[]", json.dumps({**record, "steps": [{"seat": "x"}]}), "\x00\xff"):
        cached.write_text(damage)
        assert not analyse(path, jobs=1).cached
    assert analyse(path, jobs=1).cached


def test_a_game_played_on_is_judged_with_what_each_seat_saw_before_its_step(tmp_path):
    """A replay played on from step 12 of another in its folder: each seat's history starts
    with its own share of the old game's first 12 steps; without the old replay beside it,
    with nothing."""
    old_path = tmp_path / "old.ctr"
    record_game(old_path, "quasenbo", 3, 99, policy_seed=1)
    old = Playback(read_replay(old_path))
    old.seek(12)
    origin = {
        "replay": replay_hash(old_path.read_bytes()),
        "step": 12,
        "mode": "reshuffled",
        "snapshot": old.state().to_snapshot(),
    }
    state = start_from(origin, 5)
    header = make_header(
        "quasenbo",
        3,
        state.options,
        [HUMANS[0]] * 3,
        5,
        type(state).WORDS,
        state.digest(),
        origin=origin,
    )
    new_path = tmp_path / "new.ctr"
    writer = ReplayWriter.create(new_path, header)
    while not state.is_over:
        seat, action = state.to_move, state.legal_actions()[0]
        state.apply(action)
        writer.step(seat, False, action, state.digest())
    writer.finish(5, state.result)
    before = seen_before(read_replay(new_path))
    assert before == [
        [e for step in range(1, 13) for e in old.events(seat, step)] for seat in range(3)
    ]
    assert before[0] and before[0] != before[1]
    apart = tmp_path / "apart"
    apart.mkdir()
    (apart / "new.ctr").write_bytes(new_path.read_bytes())
    assert seen_before(read_replay(apart / "new.ctr")) == [[], [], []]


def test_an_unwritable_cache_only_leaves_the_analysis_uncached(tmp_path):
    path = forced_game(tmp_path / "g.ctr")
    cache_path(replay_hash(path.read_bytes())).mkdir(parents=True)  # a folder where the
    # file should go: the write fails
    assert not analyse(path, jobs=1).cached


@pytest.fixture(scope="module")
def analysed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The penalty game, for the command line at its normal level: the first test to run
    analyses it, the others read the cache."""
    return penalty_game(tmp_path_factory.mktemp("analysed") / "g.ctr")


def test_the_command_line_prints_one_json_object_per_step_with_its_mark(analysed, capsys):
    path = analysed
    assert main(["analyse", str(path), "--json", "--jobs", "1"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["step"] for line in lines] == list(range(1, len(lines) + 1))
    marked = [line for line in lines if line["mark"]]
    assert [m["step"] for m in marked] == [3]
    mark = marked[0]["mark"]
    assert marked[0]["seat"] == 0 and marked[0]["action"] == ["play", 0]
    assert mark["better"] == ["play", 1] and mark["better_words"] == "plays the Soldier"
    assert mark["better_chance"]["chance"] - mark["chance"]["chance"] >= 0.1
    assert all(len(line["fair"]) == len(line["seeing"]) == 2 for line in lines)
    assert {"chance", "stderr", "samples"} <= set(lines[0]["fair"][0])


def test_the_command_line_says_which_steps_followed_a_hint(analysed, tmp_path, capsys):
    """The planted mistake made after a hint (the log's hint record): its step says so, in
    JSON and in text; no other step does."""
    path = rewrite(read_replay(analysed), tmp_path / "hinted.ctr", hints=((2, 0),))
    assert main(["analyse", str(path), "--json", "--jobs", "1"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["step"] for line in lines if line["hint"]] == [3]
    assert main(["analyse", str(path), "--jobs", "1"]) == 0
    hinted = [line for line in capsys.readouterr().out.splitlines() if "after a hint" in line]
    assert [line.split()[0] for line in hinted] == ["3"]


def test_the_command_line_text_names_the_mistake(analysed, capsys):
    path = analysed
    assert main(["analyse", str(path), "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "Mistakes of 10 points or more: 1" in out
    assert "step 3: Ann plays the Journey" in out and "plays the Soldier" in out


@pytest.mark.parametrize(
    "args, message",
    [
        (["--threshold", "0"], "--threshold"),
        (["--threshold", "101"], "--threshold"),
        (["--jobs", "0"], "--jobs"),
        (["--level", "easy"], "--level"),
    ],
)
def test_bad_flags_are_one_line_errors(tmp_path, capsys, args, message):
    path = forced_game(tmp_path / "g.ctr")
    with pytest.raises(SystemExit) as exit:
        main(["analyse", str(path), *args])
    assert exit.value.code == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_unfinished_and_damaged_replays_are_one_line_errors(tmp_path, capsys):
    unfinished = tmp_path / "unfinished.ctr"
    record_game(unfinished, "quando", 2, 1, {"target": 40}, stop_after=5)
    damaged = tmp_path / "damaged.ctr"
    damaged.write_bytes(forced_game(tmp_path / "g.ctr").read_bytes()[:40])
    for path, words in (
        (unfinished, "seed is still secret"),
        (damaged, "header"),
        (tmp_path / "missing.ctr", "cannot read"),
    ):
        assert main(["analyse", str(path)]) == 2
        err = capsys.readouterr().err
        assert words in err and err.count("\n") == 1 and "Traceback" not in err
