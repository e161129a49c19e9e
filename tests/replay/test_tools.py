"""The replay tools: listing a folder, diffing two replays, and the command line (output
formats, exit status, one-line errors)."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from pathlib import Path

import msgpack
import pytest

from game.replay.__main__ import main
from game.replay.diff import diff_replays
from game.replay.library import (
    Remembered,
    list_replays,
    remember_verdict,
    remembered_verdict,
    verdict_path,
)
from game.replay.log import ReplayError, ReplayWriter, read_replay, replay_hash
from game.replay.verify import start_state, verify_replay
from tests.replay.helpers import record, record_offsets, rewrite

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """A folder with a finished Quando game, an unfinished Blanco one, a damaged file and a
    secret file."""
    folder = tmp_path_factory.mktemp("replays")
    record(folder, "a-quando.ctr", "quando", 2, 5, {"target": 30})
    record(folder, "b-blanco.ctr", "blanco", 3, 6, {}, stop_after=25)
    (folder / "c-junk.ctr").write_bytes(b"not a replay")
    (folder / "b-blanco.secret").write_bytes(b"\x80")
    os.utime(folder / "c-junk.ctr", (0, 0))
    return folder


def fork(replay, path: Path, number: int) -> Path:
    """The same game as `replay` until step `number`, where the seat to move takes another
    legal action; then it stops (unfinished)."""
    state = start_state(replay, replay.end["seed"])
    writer = ReplayWriter.create(path, replay.header)
    for step in replay.steps[: number - 1]:
        state.apply(step.action)
        writer.step(step.seat, step.by_bot, step.action, state.digest())
    seat = state.to_move
    assert seat is not None
    action = next(a for a in state.legal_actions() if a != replay.steps[number - 1].action)
    state.apply(action)
    writer.step(seat, False, action, state.digest())
    writer.close()
    return path


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# -- list -------------------------------------------------------------------------------------


def test_list_replays_newest_first_from_the_files_alone(folder):
    infos = list_replays(folder)
    assert [i.path.name for i in infos][-1] == "c-junk.ctr"  # oldest: its file time is 1970
    by_name = {i.path.name: i for i in infos}
    quando, blanco, junk = by_name["a-quando.ctr"], by_name["b-blanco.ctr"], by_name["c-junk.ctr"]
    assert infos.index(blanco) < infos.index(quando)  # recorded later
    assert (quando.game, quando.names, quando.kinds) == (
        "quando",
        ["Ann", "Random bot"],
        ["human", "bot"],
    )
    assert quando.finished and quando.reason == "over" and quando.steps > 0 and quando.winners
    assert (blanco.finished, blanco.steps, blanco.result, blanco.winners) == (False, 25, None, [])
    assert junk.error and "CTRP" in junk.error and junk.steps == 0
    assert len(infos) == 3  # the .secret file is not a replay


def test_list_refuses_what_is_not_a_folder(folder):
    with pytest.raises(ReplayError, match="no such folder"):
        list_replays(folder / "missing")
    with pytest.raises(ReplayError, match="not a folder"):
        list_replays(folder / "a-quando.ctr")


# -- diff -------------------------------------------------------------------------------------


def test_diff_names_the_first_divergence_with_both_states(folder, tmp_path):
    a = read_replay(folder / "a-quando.ctr")
    b = read_replay(fork(a, tmp_path / "fork.ctr", 12))
    b.path.with_suffix(".secret").write_bytes(msgpack.packb({"seed": a.end["seed"]}))
    divergence = diff_replays(a, read_replay(b.path))
    assert divergence.step == 12 and not divergence.same
    assert divergence.a.step == a.steps[11] and divergence.b.step.action != a.steps[11].action
    assert divergence.fields and divergence.a.words and divergence.b.words


def test_diff_identical_prefix_and_other_games(folder, tmp_path):
    a = read_replay(folder / "a-quando.ctr")
    assert diff_replays(a, a).same and diff_replays(a, a).step is None
    prefix = dataclasses.replace(a, steps=a.steps[:10])
    short = read_replay(rewrite(prefix, tmp_path / "short.ctr", finish=False))
    divergence = diff_replays(a, short)
    assert divergence.step == 11 and "B ends there" in divergence.message
    assert divergence.b.note and "secret" in divergence.b.note
    unfinished = read_replay(rewrite(a, tmp_path / "unfinished.ctr", finish=False))
    divergence = diff_replays(a, unfinished)
    assert divergence.step is None and not divergence.same and "end record" in divergence.message
    other = read_replay(folder / "b-blanco.ctr")
    divergence = diff_replays(a, other)
    assert divergence.step == 0 and "not the same game" in divergence.message


def test_diff_same_action_other_digest_blames_the_engines(folder, tmp_path):
    a = read_replay(folder / "a-quando.ctr")
    b = read_replay(
        rewrite(
            a,
            tmp_path / "digest.ctr",
            lambda n, s: dataclasses.replace(s, digest=bytes(8)) if n == 4 else s,
        )
    )
    divergence = diff_replays(a, b)
    assert divergence.step == 4 and "engines" in divergence.message and not divergence.fields


# -- the command line ---------------------------------------------------------------------------


def test_verify_prints_ok_with_the_step_count(folder, capsys):
    code, out, err = run(capsys, "verify", str(folder / "a-quando.ctr"))
    steps = len(read_replay(folder / "a-quando.ctr").steps)
    assert (code, err) == (0, "")
    assert out == f"ok: {steps} steps verified, the seed matches its hash, complete (game over)\n"


def test_verify_an_unfinished_game_without_its_seed(folder, capsys):
    code, out, _ = run(capsys, "verify", str(folder / "b-blanco.ctr"))
    assert code == 0
    assert (
        out.splitlines()[0] == "unfinished: 25 steps, cannot be verified until the seed is revealed"
    )
    assert "b-blanco.secret is damaged" in out


def test_verify_failure_shows_the_step_and_both_states(folder, tmp_path, capsys):
    a = read_replay(folder / "a-quando.ctr")
    state = start_state(a, a.end["seed"])
    for step in a.steps[:6]:
        state.apply(step.action)
    other = next(x for x in state.legal_actions() if x != a.steps[6].action)
    path = rewrite(
        a, tmp_path / "x.ctr", lambda n, s: dataclasses.replace(s, action=other) if n == 7 else s
    )
    code, out, _ = run(capsys, "verify", str(path))
    lines = out.splitlines()
    assert code == 1
    assert lines[0] == (
        f"FAILED at step 7 (byte {record_offsets(path)[7]}): the state after "
        f"the step differs from the logged digest"
    )
    assert "the file's action was altered" in out and "fields that differ:" in out
    assert "after the logged action" in out and "after the action that fits the digest" in out
    assert lines[-1].startswith("6 of ")


def test_show_lists_every_step_in_words_with_events(folder, capsys):
    replay = read_replay(folder / "a-quando.ctr")
    code, out, _ = run(capsys, "show", str(folder / "a-quando.ctr"), "--seat", "1")
    assert code == 0
    assert "events as seat 1 received them" in out
    assert "    1  seat 0 Ann (player): plays " in out
    assert out.count(" (bot): ") == sum(1 for s in replay.steps if s.seat == 1)
    assert "         play seat=0 indices=" in out
    assert out.splitlines()[-1].startswith("end: over; seed ")
    code, out, _ = run(capsys, "show", str(folder / "b-blanco.ctr"))
    assert "25 more steps as logged" in out and out.splitlines()[-1] == "end: none yet (unfinished)"
    assert "-- round" not in out  # Blanco is one round


def test_show_groups_quando_steps_by_round(capsys):
    code, out, _ = run(capsys, "show", str(ROOT / "tests/replay/golden/quando-2p.ctr"))
    lines = out.splitlines()
    assert lines.index("-- round 1 --") < lines.index("-- round 2 --")
    assert lines[lines.index("-- round 2 --") - 2].lstrip().startswith("deal round=1 ")


def test_diff_and_list_output(folder, capsys):
    path = str(folder / "a-quando.ctr")
    code, out, _ = run(capsys, "diff", path, path)
    assert code == 0 and out.splitlines()[1].startswith("same: the same game: ")
    code, out, _ = run(capsys, "diff", path, str(folder / "b-blanco.ctr"))
    assert code == 1 and "diverge at step 0: not the same game" in out
    code, out, _ = run(capsys, "list", str(folder))
    lines = out.splitlines()
    assert code == 0 and len(lines) == 3
    assert lines[0].startswith("b-blanco.ctr: ") and "25 steps, unfinished" in lines[0]
    assert "Ann, Random bot; " in lines[1] and ", over; winners: " in lines[1]
    assert lines[2].startswith("c-junk.ctr: unreadable: ")


def test_record_writes_a_game_that_verifies(tmp_path, capsys):
    out_path = tmp_path / "r.ctr"
    code, out, _ = run(
        capsys,
        "record",
        str(out_path),
        "--game",
        "quasenbo",
        "--players",
        "3",
        "--seed",
        "4",
        "--options",
        '{"hand_size": 4}',
    )
    assert code == 0 and '"steps": ' in out
    assert run(capsys, "verify", str(out_path))[1].startswith("ok: ")


@pytest.mark.parametrize(
    "argv, message",
    [
        (
            ["verify", "{tmp}/missing.ctr"],
            "missing.ctr: cannot read it (No such file or directory)",
        ),
        (["verify", "{tmp}"], "cannot read it (Is a directory)"),
        (["show", "{tmp}/foreign.ctr"], "foreign.ctr: not a card-table replay"),
        (["diff", "{tmp}/foreign.ctr", "{tmp}/foreign.ctr"], "not a card-table replay"),
        (["verify", "{tmp}/torn-header.ctr"], "torn-header.ctr: the file ends inside its header"),
        (["list", "{tmp}/missing"], "no such folder"),
        (
            ["record", "{tmp}/foreign.ctr", "--game", "quando", "--players", "2", "--seed", "1"],
            "cannot write it (File exists)",
        ),
        (
            ["record", "{tmp}/n.ctr", "--game", "chess", "--players", "2", "--seed", "1"],
            "unknown game 'chess'",
        ),
        (["verify"], "the following arguments are required: FILE"),
        (["frobnicate"], "invalid choice: 'frobnicate'"),
    ],
)
def test_errors_are_one_line_on_stderr_never_a_traceback(tmp_path, folder, argv, message):
    (tmp_path / "foreign.ctr").write_bytes(b"GIF89a")
    (tmp_path / "torn-header.ctr").write_bytes((folder / "a-quando.ctr").read_bytes()[:40])
    result = subprocess.run(
        [sys.executable, "-m", "game.replay"] + [a.format(tmp=tmp_path) for a in argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.splitlines()) == 1 and message in result.stderr
    assert result.stderr.startswith("python -m game.replay")


def test_a_remembered_verdict_holds_for_the_same_file_only(tmp_path):
    path = record(tmp_path, "a.ctr", seed=3)
    assert remembered_verdict(path) is None
    assert remember_verdict(path, verify_replay(read_replay(path)))
    assert remembered_verdict(path) == Remembered("ok", None)
    assert list_replays(tmp_path)[0].path == path, "the verdict's file is no replay"
    verdict_path(replay_hash(path.read_bytes())).write_text("{not json", encoding="utf-8")
    assert remembered_verdict(path) is None, "a damaged record is forgotten, not raised"
    assert remember_verdict(path, verify_replay(read_replay(path)))
    path.unlink()
    record(tmp_path, "a.ctr", seed=4)
    assert remembered_verdict(path) is None, "another game in the file is not verified"
