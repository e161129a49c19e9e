"""The client's model check without a network: updates built from the real engine keep the
model in step; one altered event is a drift at exactly its step, reported with the fields
that differ once the full view comes; recorded sessions and `python -m game.client.check`."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import msgpack
import pytest

from game.client import check
from game.client.check import ModelKeeper, SessionRecorder, check_session, read_session
from game.rules import new_game, view_digest
from tests.client.conftest import ROOT
from tests.client.test_cli import SHORT_BOT_GAME, run_game


def update_for(state, seat, events, *, full: bool = False) -> dict:
    """The update game/host/room.py's Room.update_for sends `seat` (no clock, no legal list)."""
    view = state.view(seat)
    update = {
        "t": "update",
        "room": "r1",
        "step": state.step,
        "events": [e.for_seat(seat) for e in events],
        "digest": view_digest(view),
        "to_move": state.to_move,
    }
    if full:
        update["view"] = view
    return update


def session(game: str, players: int, seat, steps: int, seed: int = 5, options=None) -> list:
    """A full update, then the updates of `steps` random steps, as `seat` receives them."""
    state = new_game(game, players, seed, options)
    pick = random.Random(seed)
    updates = [update_for(state, seat, [], full=True)]
    while state.step < steps and not state.is_over:
        events = state.apply(pick.choice(state.legal_actions()))
        updates.append(update_for(state, seat, events))
    return updates


def first_with(updates: list, after: int, key: str) -> int:
    """The index of the first update after step `after` with an event holding `key`."""
    return next(
        i
        for i, u in enumerate(updates)
        if u["step"] > after and any(key in e for e in u.get("events", []))
    )


@pytest.mark.parametrize(
    "game,players,options",
    [("quando", 3, {"target": 40}), ("blanco", 2, {}), ("quasenbo", 4, {"hand_size": 5})],
)
@pytest.mark.parametrize("seat", [0, None])
def test_the_servers_updates_keep_the_model_in_step(game, players, options, seat):
    keeper = ModelKeeper()
    updates = session(game, players, seat, 150, options=options)
    assert [keeper.advance(u) for u in updates] == ["ok"] * len(updates)
    assert keeper.drift is None and view_digest(keeper.model) == updates[-1]["digest"]
    assert check_session(updates) is None


def test_one_altered_event_is_a_drift_at_its_step_resolved_by_the_full_view():
    updates = session("quando", 3, 0, 60)
    k = first_with(updates, 10, "back")
    event = next(e for e in updates[k]["events"] if "back" in e)
    event["back"] = (event["back"] + 1) % 11  # the server's one wrong event
    step = updates[k]["step"]
    # The client asks for a full view; the server answers it two steps later.
    state = new_game("quando", 3, 5)
    pick = random.Random(5)
    for _ in range(updates[k + 2]["step"]):
        state.apply(pick.choice(state.legal_actions()))
    full = update_for(state, 0, [], full=True)
    keeper = ModelKeeper()
    outcomes = [keeper.advance(u) for u in updates[: k + 3] + [full]]
    assert outcomes == ["ok"] * k + ["drift", "drifting", "drifting", "resync"]
    drift = keeper.drift
    assert drift.step == step and drift.complete and drift.server_step == full["step"]
    assert drift.error is None and drift.got != drift.expected
    assert [f.field for f in drift.fields] == [f"hands[{event['seat']}].backs"]
    assert keeper.model == full["view"]
    assert [r["step"] for r in drift.recent] == [u["step"] for u in updates[:k]][-check.RECENT :]
    found = check_session(updates[: k + 3] + [full])
    assert found.update == k + 1 and found.drift.step == step and found.drift.complete


def test_an_event_the_model_cannot_take_is_a_drift_not_a_crash():
    updates = session("quasenbo", 3, 0, 30, options={"hand_size": 6})
    k = first_with(updates, 3, "index")
    next(e for e in updates[k]["events"] if "index" in e)["index"] = 99
    keeper = ModelKeeper()
    outcomes = [keeper.advance(u) for u in updates[: k + 1]]
    assert outcomes[-1] == "drift" and "cannot be applied" in keeper.drift.error
    assert keeper.model is None and keeper.advance(updates[k + 1]) == "drifting"


def test_a_desync_report_is_plain_json_named_after_its_step(tmp_path):
    updates = session("blanco", 2, 1, 40)
    k = first_with(updates, 5, "type")
    updates[k]["events"][-1]["to_move"] = 7
    keeper = ModelKeeper()
    for u in updates[: k + 1]:
        keeper.advance(u)
    keeper.drift.room = "../../etc"  # a room id comes from the network
    keeper.advance(updates[0] | {"step": updates[k]["step"]})  # a full view (any, here)
    path = check.write_report(keeper.drift, tmp_path / "desync")
    assert path.parent == tmp_path / "desync"
    assert path.name.endswith(f"-etc-step{updates[k]['step']}.json")
    report = json.loads(path.read_text(encoding="utf-8"))
    assert report["step"] == updates[k]["step"] and report["server_view"] is not None
    assert report["digest"]["server"] == updates[k]["digest"].hex()
    assert {"model", "events", "recent", "fields", "model_at_server_step"} <= set(report)


def test_a_recorded_session_reads_back_and_checks(tmp_path, capsys):
    path = tmp_path / "run.session"
    updates = session("quando", 2, 0, 40)
    for part in (updates[:20], updates[20:]):  # two connections of one run append
        recorder = SessionRecorder(path)
        for u in part:
            recorder.record(u)
        recorder.close()
    assert read_session(path) == updates
    assert check.main([str(path)]) == 0
    assert capsys.readouterr().out.startswith(f"ok: {len(updates)} updates (1 room)")
    k = first_with(updates, 4, "front")
    next(e for e in updates[k]["events"] if "front" in e)["front"] = 11
    bad = tmp_path / "bad.session"
    recorder = SessionRecorder(bad)
    for u in updates:
        recorder.record(u)
    recorder.close()
    assert check.main([str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"FAILED at update {k + 1}: room r1 step {updates[k]['step']}" in out
    assert "no later full view" in out


@pytest.mark.parametrize(
    "data,words",
    [
        (b"", "not a recorded session"),
        (b"\x93\x01\x02", "not a recorded session"),
        (msgpack.packb({"t": "session", "format": 9}), "format 9"),
        (msgpack.packb({"t": "session", "format": 1}) + msgpack.packb([1]), "not an update"),
        (b"\xc1" * 4, "damaged"),
    ],
    ids=["empty", "not-a-header", "format", "not-an-update", "damaged"],
)
def test_files_that_are_not_sessions_are_one_clear_line(tmp_path, data, words):
    path = tmp_path / "x.session"
    path.write_bytes(data)
    result = subprocess.run(
        [sys.executable, "-m", "game.client.check", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2 and words in result.stderr
    assert "Traceback" not in result.stderr


def test_the_client_records_a_session_that_the_check_tool_passes(tmp_path):
    """`python -m game --record-session FILE` on a real game, then the check tool on it."""
    session_file = tmp_path / "played.session"
    env = {"XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data")}
    played = run_game(
        *SHORT_BOT_GAME,
        "--record-session",
        str(session_file),
        env_extra=env,
        timeout=120,
    )
    assert played.returncode == 0 and "The game is over." in played.stdout, played.stderr
    updates = read_session(session_file)
    assert "view" in updates[0] and any("seed" in u for u in updates)
    result = subprocess.run(
        [sys.executable, "-m", "game.client.check", str(session_file)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith(f"ok: {len(updates)} updates (1 room)")
    assert not (tmp_path / "data" / "cardtable" / "desync").exists()
