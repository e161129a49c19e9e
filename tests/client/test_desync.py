"""Client-side desync detection against the real server on 127.0.0.1: a server that sends
one wrong event (the real server, with one event of one update altered on its way out)
makes the client write a desync report naming that step, tell the player, resync from a
full view and play on; the recorded session shows the same divergence to the check tool."""

from __future__ import annotations

import json

import pytest

from game.client import check, config
from game.client.autoplay import AutoPlayer, table_scene
from game.client.session import Session
from game.host.embedded import start_embedded
from game.host.room import Room
from game.rules import new_game, view_digest
from tests.client.test_chooser import table_for
from tests.client.test_play import model_agrees, run

ALTER_FROM = 6
"""The first step whose update may carry the wrong event."""


@pytest.fixture
def lying_server(tmp_path, monkeypatch):
    """The real server, except that the first update to seat 0 at or after step ALTER_FROM
    with a Quando draw in it names the wrong card: (port, server, the altered steps)."""
    altered: list[int] = []
    update_for = Room.update_for

    def wrong_once(self, seat, events, **kwargs):
        update = update_for(self, seat, events, **kwargs)
        if seat == 0 and not altered and update["step"] >= ALTER_FROM:
            for event in update["events"]:
                side = "front" if "front" in event else "back"
                if event["type"] == "draw" and side in event:
                    # A new value, not an edit of a list the server's history shares.
                    event[side] = (event[side] + 1) % 11
                    altered.append(update["step"])
                    break
        return update

    monkeypatch.setattr(Room, "update_for", wrong_once)
    server = start_embedded(log_dir=tmp_path / "server-logs")
    yield server.port, server.server, altered
    server.stop()


def test_a_wrong_event_is_reported_resynced_and_the_game_goes_on(
    make_app, lying_server, tmp_path, capsys
):
    port, server, altered = lying_server
    app = make_app(speed=4.0)
    app.record_session = tmp_path / "run.session"
    app.open_session(Session("127.0.0.1", port, "Tester", retry_for=1.0))
    app.goto("lobby", "local", game="quando", players=3, level="random", options={"target": 60})
    player = AutoPlayer(app, seed=8)
    session = app.session
    toasts: list[str] = []

    def watch_toasts() -> None:
        scene = table_scene(app)
        if scene is not None:
            toasts.extend(item[0] for item in scene.table.toasts.items)

    assert run(app, lambda: bool(session.reports), 60, player, watch_toasts), (
        "no desync report was written"
    )
    step = altered[0]
    report_path = session.reports[0]
    assert report_path.parent == config.desync_dir()
    assert report_path.name.endswith(f"-{session.room_id}-step{step}.json")
    report = json.loads(report_path.read_text(encoding="utf-8"))
    assert report["step"] == step and report["room"] == session.room_id
    assert report["server_view"] is not None and report["server_step"] >= step
    assert report["fields"] and all(f["field"].startswith("hands[") for f in report["fields"])
    assert any(e["type"] == "draw" for e in report["events"]) and report["recent"]
    assert run(app, lambda: any("Out of step" in t for t in toasts), 5, player, watch_toasts)

    # Back in step: on our next turn the model is the server's view, and the game goes on.
    def our_turn() -> bool:
        scene = table_scene(app)
        return scene is not None and scene.table.active

    assert run(app, lambda: session.last["step"] >= step + 6 and our_turn(), 60, player)
    room = server.rooms[session.room_id]
    assert view_digest(table_scene(app).table.model) == view_digest(room.state.view(0))
    assert session.desyncs == 1 and len(session.reports) == 1
    assert model_agrees(app)

    # The recorded session shows the same first divergence to the check tool.
    app.close_session()
    assert check.main([str(app.record_session)]) == 1
    out = capsys.readouterr().out
    assert f"step {step}: the model differs from the server's view digest" in out
    assert "fields that differ" in out and "hands[" in out


def test_a_desync_report_that_cannot_be_saved_is_told_to_the_player(make_app, lying_server):
    port, server, altered = lying_server
    # A file where the report folder should be: the report cannot be written.
    config.desync_dir().parent.mkdir(parents=True, exist_ok=True)
    config.desync_dir().write_text("in the way", encoding="utf-8")
    app = make_app(speed=4.0)
    app.open_session(Session("127.0.0.1", port, "Tester", retry_for=1.0))
    app.goto("lobby", "local", game="quando", players=3, level="random", options={"target": 60})
    player = AutoPlayer(app, seed=8)
    toasts: list[str] = []

    def watch_toasts() -> None:
        scene = table_scene(app)
        if scene is not None:
            toasts.extend(item[0] for item in scene.table.toasts.items)

    assert run(
        app, lambda: any("could not be saved" in t for t in toasts), 60, player, watch_toasts
    ), "the player was not told"
    assert altered and app.session.desyncs == 1 and app.session.reports == []
    assert model_agrees(app)


def test_an_event_the_table_cannot_show_is_a_drift_not_a_crash(make_app):
    app = make_app()
    state = new_game("quando", 3, 5)
    scene, _ = table_for(app, state)
    drifts: list[str] = []
    app.session.drifted = drifts.append
    bad = {"type": "flip", "seat": 0, "index": 99, "front": 0}
    scene.table.feed(
        {
            "t": "update",
            "room": "r",
            "step": state.step + 1,
            "events": [bad],
            "digest": bytes(16),
            "to_move": 0,
            "clock": None,
        }
    )
    for _ in range(120):
        scene.update(1 / 60)
    assert drifts == ["r"] and scene.table.keeper.drifting
    assert scene.table.chooser.legal is None and not scene.table.active
    scene.draw(app.screen)  # the table still draws while it waits for the full view
