"""verify: a replay re-runs to every digest; an altered byte, action, seed or end is reported
at exactly its step; truncated, torn, damaged and foreign files are reported clearly."""

from __future__ import annotations

import dataclasses
import re

import msgpack
import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.replay.log import MAGIC, ReplayError, ReplayWriter, make_header, read_replay, seed_hash
from game.replay.playback import Playback
from game.replay.record import record_game
from game.replay.text import show_lines
from game.replay.verify import SECRET_SUFFIX, snapshot_diff, verify_replay
from game.rules import new_game
from tests.replay.helpers import record, record_offsets, rewrite

BOTS = [{"name": f"Bot {i}", "kind": "bot", "level": "random"} for i in range(3)]


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    """A finished 3-player Quando game of bots (about 90 steps), read."""
    path = record(tmp_path_factory.mktemp("verify"), "game.ctr", seats=BOTS)
    return read_replay(path)


def test_a_recorded_game_verifies(game):
    verdict = verify_replay(game)
    assert verdict.status == "ok" and verdict.ok and verdict.complete and verdict.over
    assert verdict.verified == verdict.steps == len(game.steps) > 50
    assert verdict.seed_source == "end" and verdict.seed_ok
    assert verdict.torn_at is None and not verdict.problems and not verdict.notes


@pytest.mark.parametrize("which", ["first", "middle", "last"])
def test_an_altered_action_is_found_at_its_step_with_the_action_that_fits(game, tmp_path, which):
    number = {"first": 1, "middle": 17, "last": len(game.steps)}[which]
    state = new_game("quando", 3, game.end["seed"], game.header["options"])
    for step in game.steps[: number - 1]:
        state.apply(step.action)
    original = game.steps[number - 1]
    other = next(a for a in state.legal_actions() if a != original.action)
    path = rewrite(
        game,
        tmp_path / "altered.ctr",
        lambda n, s: dataclasses.replace(s, action=other) if n == number else s,
    )
    verdict = verify_replay(read_replay(path))
    mismatch = verdict.mismatch
    assert verdict.status == "failed" and verdict.verified == number - 1
    assert (mismatch.step, mismatch.kind, mismatch.action) == (number, "digest", other)
    assert mismatch.match == original.action  # the file's action was altered, and to what
    assert mismatch.offset == record_offsets(path)[number]
    assert mismatch.fields and all(f.left != f.right for f in mismatch.fields)
    assert mismatch.left_title == "after the logged action"


def test_an_altered_digest_leaves_the_logged_state_unknown(game, tmp_path):
    def change(n, step):
        return dataclasses.replace(step, digest=bytes(8)) if n == 30 else step

    verdict = verify_replay(read_replay(rewrite(game, tmp_path / "digest.ctr", change)))
    mismatch = verdict.mismatch
    assert (mismatch.step, mismatch.kind, mismatch.match) == (30, "digest", None)
    assert mismatch.left_title == "before the step" and mismatch.right is not None
    assert mismatch.fields  # before and after the step, side by side


def test_an_illegal_action_and_a_wrong_seat_are_named(game, tmp_path):
    def illegal(n, step):
        return dataclasses.replace(step, action=["knock"]) if n == 1 else step

    verdict = verify_replay(read_replay(rewrite(game, tmp_path / "illegal.ctr", illegal)))
    assert (verdict.mismatch.step, verdict.mismatch.kind) == (1, "illegal")
    assert "knock" in verdict.mismatch.message and verdict.mismatch.match == game.steps[0].action

    def seat(n, step):
        return dataclasses.replace(step, seat=(step.seat + 1) % 3) if n == 5 else step

    verdict = verify_replay(read_replay(rewrite(game, tmp_path / "seat.ctr", seat)))
    assert (verdict.mismatch.step, verdict.mismatch.kind) == (5, "seat")
    assert verdict.mismatch.match == game.steps[4].action  # the seat was what changed


def test_every_changed_byte_of_a_step_is_reported_at_that_step(game, tmp_path):
    """Each byte of a step record, changed three ways: a read error naming the step or its
    offset, or a verdict failing at that step."""
    source = game.path.read_bytes()
    offsets = record_offsets(game.path)
    number = 20
    start, end = offsets[number], offsets[number + 1]
    path = tmp_path / "byte.ctr"
    for position in range(start, end):
        for flip in (0x01, 0x80, 0xFF):
            data = bytearray(source)
            data[position] ^= flip
            path.write_bytes(data)
            where = f"byte {position}, ^{flip:#x}"
            try:
                verdict = verify_replay(read_replay(path))
            except ReplayError as err:
                assert re.search(rf"step {number}\b|byte {start}\b", str(err)), where
                continue
            assert verdict.status == "failed", where
            if verdict.mismatch is not None:
                assert verdict.mismatch.step == number, where
            else:
                assert any(f"step {number})" in p for p in verdict.problems), where


def test_a_seed_that_does_not_match_its_hash_fails(game, tmp_path):
    wrong = dict(game.end, seed=game.end["seed"] + 1)
    verdict = verify_replay(read_replay(rewrite(game, tmp_path / "seed.ctr", end=wrong)))
    assert verdict.status == "failed" and verdict.seed_ok is False
    assert any("does not match the seed hash" in p for p in verdict.problems)
    assert verdict.mismatch.step == 0  # and that seed does not deal this game either

    for seed in (-1, -(2**63)):  # not a seed at all: a clear error, never a crash
        path = rewrite(game, tmp_path / f"s{seed}.ctr", end=dict(game.end, seed=seed))
        with pytest.raises(ReplayError, match="end record at byte .* no valid seed"):
            read_replay(path)


def test_a_deal_chosen_after_the_announcement_fails_though_every_digest_fits(game, tmp_path):
    """The header announced one seed's hash; the game was dealt and played from another,
    revealed at the end. Every digest fits that other seed – only the seed check catches it."""
    header = dict(game.header, seed_hash=seed_hash(12345))
    verdict = verify_replay(read_replay(rewrite(game, tmp_path / "chosen.ctr", header=header)))
    assert verdict.seed_ok is False and verdict.mismatch is None
    assert verdict.verified == len(game.steps) and verdict.status == "failed"


def test_unfinished_games_with_and_without_the_secret_file(game, tmp_path):
    path = rewrite(game, tmp_path / "open.ctr", finish=False)
    verdict = verify_replay(read_replay(path))
    assert verdict.status == "unverified" and verdict.steps == len(game.steps)
    assert verdict.verified == 0 and not verdict.finished and not verdict.problems

    path.with_suffix(SECRET_SUFFIX).write_bytes(msgpack.packb({"seed": game.end["seed"]}))
    verdict = verify_replay(read_replay(path))
    assert verdict.status == "ok" and verdict.seed_source == "secret"
    assert verdict.verified == len(game.steps) and not verdict.complete
    assert any("no end record" in note for note in verdict.notes)  # the game is over, though

    path.with_suffix(SECRET_SUFFIX).write_bytes(b"\xc1 damaged")
    verdict = verify_replay(read_replay(path))
    assert verdict.status == "unverified" and any("damaged" in n for n in verdict.notes)


def test_an_abandoned_game_and_a_false_end_record(game, tmp_path):
    half = game.steps[:20]
    abandoned = dataclasses.replace(game, steps=half)
    path = rewrite(
        abandoned, tmp_path / "abandoned.ctr", end=dict(game.end, reason="abandoned", result=None)
    )
    verdict = verify_replay(read_replay(path))
    assert verdict.status == "ok" and verdict.reason == "abandoned" and not verdict.complete

    path = rewrite(abandoned, tmp_path / "false.ctr")  # says "over" after 20 steps
    verdict = verify_replay(read_replay(path))
    assert verdict.status == "failed" and any("is not" in p for p in verdict.problems)

    path = rewrite(
        game,
        tmp_path / "result.ctr",
        end=dict(game.end, result={"scores": [0, 0, 0], "winners": [0, 1, 2]}),
    )
    verdict = verify_replay(read_replay(path))
    assert verdict.status == "failed" and any("result" in p for p in verdict.problems)


def test_truncated_files(game, tmp_path):
    data = game.path.read_bytes()
    offsets = record_offsets(game.path)
    path = tmp_path / "cut.ctr"
    path.write_bytes(data[: offsets[1] - 3])
    with pytest.raises(ReplayError, match="ends inside its header"):
        read_replay(path)

    path.write_bytes(data[: offsets[40] + 5])  # a crash while writing step 40
    replay = read_replay(path)
    verdict = verify_replay(replay)
    assert verdict.torn_at == offsets[40] and verdict.steps == 39
    assert verdict.status == "unverified"
    path.with_suffix(SECRET_SUFFIX).write_bytes(msgpack.packb({"seed": game.end["seed"]}))
    verdict = verify_replay(read_replay(path))
    assert verdict.status == "ok" and verdict.verified == 39 and verdict.torn_at == offsets[40]


def test_a_length_byte_changed_mid_file_is_damage_not_a_torn_tail(game, tmp_path):
    data = bytearray(game.path.read_bytes())
    offsets = record_offsets(game.path)
    start = offsets[10]
    bin8 = data.index(b"\xc4\x08", start)  # the step's digest: bin8 of 8 bytes
    data[bin8] = 0xC5  # bin16: a length of thousands, swallowing the rest of the file
    path = tmp_path / "length.ctr"
    path.write_bytes(data)
    with pytest.raises(ReplayError, match=rf"damaged record at byte {start} \(step 10\)"):
        read_replay(path)


@pytest.mark.parametrize("tail", [b"\x93", b"\x93\x00\x92", b"\xdajunk", b"\xc4\x08abc"])
def test_bytes_after_the_end_record_are_damage_not_a_torn_tail(game, tmp_path, tail):
    path = tmp_path / "tail.ctr"
    path.write_bytes(game.path.read_bytes() + tail)
    end_at = record_offsets(game.path)[-2]
    with pytest.raises(
        ReplayError,
        match=rf"{len(tail)} bytes after the end record, at byte "
        rf"{end_at + len(msgpack.packb(game.end))}",
    ):
        read_replay(path)


def test_a_whole_record_after_the_end_record_is_refused(game, tmp_path):
    path = tmp_path / "extra.ctr"
    path.write_bytes(game.path.read_bytes() + msgpack.packb([0, [-1], b"\0" * 8]))
    with pytest.raises(ReplayError, match="a record after the end record"):
        read_replay(path)


def test_the_largest_records_a_game_can_write_fit_the_torn_record_limits(game, tmp_path):
    """The limits that tell a torn tail from damage (64 and 256 bytes, replay-format.md)
    hold the largest step and end records: a bot standing in for seat 7 playing all ten
    Quando cards of one number from a 55-card hand, and an end record of eight seats with
    scores near 2^31 and the largest seed."""
    from game.replay.log import MAX_RECORD, MAX_STEP_RECORD

    path = tmp_path / "largest.ctr"
    writer = ReplayWriter.create(path, game.header)
    writer.step(7, True, ["play", *range(45, 55)], b"\xff" * 8)
    writer.finish(2**64 - 1, {"scores": [2**31 - 1] * 8, "winners": list(range(8))})
    offsets = record_offsets(path)
    step_size, end_size = offsets[2] - offsets[1], offsets[3] - offsets[2]
    assert 20 < step_size <= MAX_STEP_RECORD
    assert 100 < end_size <= MAX_RECORD


@pytest.mark.parametrize(
    "content, message",
    [
        (b"", "does not start with CTRP"),
        (b"PK\x03\x04 a zip file", "does not start with CTRP"),
        (b"CTRP\x03" + msgpack.packb({"t": "header"}), "format 3 is not supported"),
        (MAGIC + msgpack.packb([1, 2, 3]), "first record is not a header"),
        (MAGIC, "holds no header"),
        (MAGIC + msgpack.packb({"t": "header", "format": 1}), "missing or of the wrong kind"),
    ],
)
def test_foreign_files_are_refused_clearly(tmp_path, content, message):
    path = tmp_path / "foreign.ctr"
    path.write_bytes(content)
    with pytest.raises(ReplayError, match=message):
        read_replay(path)


def test_missing_files_and_folders_are_refused_clearly(tmp_path):
    with pytest.raises(ReplayError, match="No such file"):
        read_replay(tmp_path / "nothing.ctr")
    with pytest.raises(ReplayError, match="directory"):
        read_replay(tmp_path)


def test_a_header_that_makes_no_game_is_a_failure_not_a_crash(tmp_path):
    state = new_game("quando", 2, 5)
    header = make_header("quando", 2, {"target": -3}, BOTS[:2], 5, state.WORDS, state.digest())
    writer = ReplayWriter.create(tmp_path / "bad.ctr", header)
    writer.finish(5, None, "abandoned")
    verdict = verify_replay(read_replay(tmp_path / "bad.ctr"))
    assert verdict.status == "failed" and "can deal" in verdict.problems[0]


def test_options_that_deal_another_game_fail_at_the_deal(tmp_path):
    """digest0 checks the deal itself: a header whose options deal another game fails at 0."""
    path = tmp_path / "q.ctr"
    record_game(path, "quasenbo", 3, 9, {"hand_size": 4})
    replay = read_replay(path)
    header = dict(replay.header, options=dict(replay.header["options"], hand_size=5))
    verdict = verify_replay(read_replay(rewrite(replay, tmp_path / "other.ctr", header=header)))
    assert (verdict.mismatch.step, verdict.mismatch.kind) == (0, "deal")


def test_snapshot_diff_names_the_fields_that_differ():
    left = {"hands": [["a", "b"], ["c"]], "draw": ["x", "y"], "to_move": 1, "last": {"r": 1}}
    right = {
        "hands": [["a", "b"], ["d"]],
        "draw": ["y", "x"],
        "to_move": 1,
        "last": {"r": 2},
        "new": True,
    }
    assert [(d.field, d.left, d.right) for d in snapshot_diff(left, right)] == [
        ("hands[1]", ["c"], ["d"]),
        ("draw", ["x", "y"], ["y", "x"]),
        ("last.r", 1, 2),
        ("new", None, True),
    ]


@st.composite
def alterations(draw, steps: int, players: int, words: list[str]):
    """(step number, new seat, new action): a random step given a random action-like list."""
    number = draw(st.integers(1, steps))
    seat = draw(st.integers(0, players - 1))
    items = st.one_of(
        st.integers(0, 12), st.sampled_from(words), st.lists(st.integers(0, 12), max_size=4)
    )
    action = [draw(st.sampled_from(words))] + draw(st.lists(items, max_size=5))
    return number, seat, action


@pytest.mark.parametrize("game_name", ["quando", "blanco", "quasenbo"])
def test_random_alterations_fail_at_their_step_and_never_crash(tmp_path_factory, game_name):
    folder = tmp_path_factory.mktemp(game_name)
    replay = read_replay(
        record(
            folder, "g.ctr", game_name, 3, 21, {"max_turns": 30} if game_name == "blanco" else None
        )
    )
    words = replay.header["words"]
    count = iter(range(10**6))

    @given(alterations(len(replay.steps), 3, words))
    def check(change):
        number, seat, action = change
        original = replay.steps[number - 1]
        altered = dataclasses.replace(original, seat=seat, action=action)
        path = rewrite(
            replay, folder / f"a{next(count)}.ctr", lambda n, s: altered if n == number else s
        )
        playback = Playback(read_replay(path))
        lines = list(show_lines(playback))  # the whole text, never an exception
        verdict = playback.verdict
        if (seat, action) == (original.seat, original.action):
            assert verdict.ok
        else:
            assert verdict.status == "failed" and verdict.mismatch.step == number, change
            assert playback.length == number - 1 and lines[-1].startswith("end: ")

    check()
