"""Hints in the replay log (format 2): written between steps, read back, checked by verify,
shown by the step list and `show`; format-1 files stay readable, and a damaged hint record
is refused like any other record."""

from __future__ import annotations

import msgpack
import pytest

from game.replay.log import Hint, ReplayError, ReplayWriter, read_replay
from game.replay.playback import open_replay
from game.replay.text import show_lines
from game.replay.verify import verify_replay
from tests.replay.helpers import record, record_offsets, rewrite

GOLDEN = "tests/replay/golden/quasenbo-3p.ctr"


@pytest.fixture
def game(tmp_path):
    """A finished 3-player Quäsenbö replay and the seat that decided each step."""
    replay = read_replay(record(tmp_path, "game.ctr", "quasenbo", 3, seed=5))
    return replay, [step.seat for step in replay.steps]


def test_hints_are_read_back_verified_and_shown_at_their_steps(tmp_path, game):
    replay, movers = game
    path = rewrite(
        replay, tmp_path / "hinted.ctr", hints=((0, movers[0]), (4, movers[4]), (4, movers[4]))
    )
    hinted = read_replay(path)
    assert hinted.hints == [Hint(movers[0], 0), Hint(movers[4], 4), Hint(movers[4], 4)]
    assert hinted.steps == replay.steps and hinted.end["seed"] == replay.end["seed"]
    expected = [0, 0, 0]
    expected[movers[0]] += 1
    expected[movers[4]] += 2
    assert hinted.hints_used() == expected
    assert verify_replay(hinted).complete
    playback = open_replay(path)
    assert [entry.number for entry in playback.entries if entry.hinted] == [1, 5]
    shown = [line for line in show_lines(playback) if "after a hint" in line]
    assert [line.split()[0] for line in shown] == ["1", "5"]


def test_a_hint_for_a_seat_that_did_not_have_to_decide_fails_verification(tmp_path, game):
    replay, movers = game
    other = (movers[3] + 1) % 3
    verdict = verify_replay(read_replay(rewrite(replay, tmp_path / "bad.ctr", hints=((3, other),))))
    assert not verdict.ok
    assert verdict.problems == [
        f"the log says seat {other} was given a hint after step 3, "
        f"but seat {movers[3]} had to decide"
    ]


def test_format_1_files_stay_readable_and_take_no_hints(tmp_path):
    old = read_replay(GOLDEN)
    assert old.path.read_bytes()[4] == 1 and old.header["format"] == 1
    assert old.hints == [] and verify_replay(old).complete
    copy = tmp_path / "copy.ctr"
    writer = ReplayWriter.create(copy, old.header)  # an old header keeps its format
    with pytest.raises(ValueError, match="format-1"):
        writer.hint(old.steps[0].seat, 0)
    writer.close()
    assert copy.read_bytes()[4] == 1
    # A hint record in a format-1 file is not a record that format has: damage.
    with copy.open("ab") as file:
        file.write(msgpack.packb({"t": "hint", "seat": 0, "step": 0}))
    with pytest.raises(ReplayError, match="step 1 .* is not a step record"):
        read_replay(copy)


@pytest.mark.parametrize(
    "record_, message",
    [
        ({"t": "hint", "seat": 3, "step": 2}, "names no seat of this game: 3"),
        ({"t": "hint", "seat": -1, "step": 2}, "names no seat"),
        (
            {"t": "hint", "seat": 0, "step": 7},
            "is for the decision after step 7, but it follows step 2",
        ),
        (
            {"t": "hint", "seat": 0, "step": "2"},
            "is for the decision after step '2', but it follows step 2",
        ),
        ({"t": "hint", "seat": 0, "step": 2, "why": "x"}, "is not a map of t, seat and step"),
        ({"t": "hint", "seat": 0}, "is not a map of t, seat and step"),
    ],
)
def test_a_damaged_hint_record_is_refused_naming_its_byte(tmp_path, game, record_, message):
    replay, movers = game
    path = rewrite(replay, tmp_path / "hinted.ctr", hints=((2, movers[2]),))
    offset = record_offsets(path)[3]  # header, two steps, then the hint
    data = path.read_bytes()
    good = msgpack.packb({"t": "hint", "seat": movers[2], "step": 2})
    assert data[offset : offset + len(good)] == good
    path.write_bytes(data[:offset] + msgpack.packb(record_) + data[offset + len(good) :])
    with pytest.raises(ReplayError, match=f"the hint record at byte {offset} {message}"):
        read_replay(path)
