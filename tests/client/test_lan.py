"""A LAN evening that survives real life, with the real client and real processes on
127.0.0.1: two client sessions in one LAN room (one leaves, the other lets a bot play for
them); a client process that dies and a new one
that takes the seat back from the token on disk (a bot played it meanwhile); a local game
kept, hidden from everyone else, and continued; the host's window asks before it closes, and
hosting again, on another port, offers the host their seat back."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pygame

from game.client import i18n
from game.client.autoplay import AutoPlayer, click, table_scene
from game.client.kept import LOCAL
from game.client.scenes import Dialog
from game.client.hosting import kept_local, start_host, start_local
from game.client.scenes.lobby import LobbyScene
from game.client.scenes.title import TitleScene
from game.client.session import Session
from tests.client.conftest import ROOT
from tests.client.test_play import Helper, button, join_screen, run

SEATED_CLIENT = """
import sys, time
from game.client.session import Session
session = Session("127.0.0.1", int(sys.argv[1]), "Bob")
session.start()
joined = False
while True:
    for message in session.poll():
        if message["t"] == "welcome" and not joined:
            joined = True
            session.join(sys.argv[2], 1)
        elif message["t"] == "seated":
            session.ready(True)
        elif message["t"] == "update":
            print("playing", flush=True)
    time.sleep(0.01)
"""
"""A client process: joins seat 1 of a room, gets ready and plays nothing (the test kills it)."""


def test_two_client_sessions_play_in_one_lan_room(make_app):
    app = make_app(speed=4.0)
    start_host(app, "127.0.0.1", 0, "quando", 2, "random", {"target": 30}, None, None)
    lobby = app.top
    assert run(app, lambda: app.session.room is not None and app.session.seat == 0, 10)
    other = Session("127.0.0.1", app.session.port, "Bob", retry_for=1.0)
    other.start()
    room = app.session.room_id
    try:
        deadline = time.monotonic() + 10
        while other.seat is None and time.monotonic() < deadline:
            for message in other.poll():
                if message["t"] == "welcome":
                    other.join(room, 1)
            app.frame(1 / 60)
        other.ready(True)
        click(lobby.ready_button.rect.center)
        assert run(app, lambda: all(s["ready"] for s in app.session.room["seats"]), 5,
                   also=other.poll)
        click(lobby.start_button.rect.center)
        assert run(app, lambda: table_scene(app) is not None, 10, also=other.poll)
        assert run(app, lambda: other.last is not None, 5, also=other.poll)
        assert [s["name"] for s in app.session.room["seats"]] == ["Tester", "Bob"]
        assert [s.room for s in other.kept_seats()] == [room]  # Bob's token is on disk
        # Bob's window closes: the host sees him offline and lets a bot play for him now.
        other.close()
        scene = table_scene(app)
        assert run(app, lambda: scene.absent == 1, 10)
        assert "Bob" in scene.hand_button.label
        click(scene.hand_button.rect.center)
        assert run(app, lambda: app.session.room["seats"][1]["away"], 5)
        assert scene.absent is None
    finally:
        other.close()


def test_a_new_client_process_takes_back_the_seat_a_bot_played_meanwhile(
    make_app, server_process, private_folders
):
    port, _ = server_process
    helper = Helper(port, "Ann")
    helper.net.send({"t": "create", "game": "quasenbo", "players": 2, "grace": 0.5,
                     "level": "random", "options": {"hand_size": 12}})
    room = helper.wait(lambda m: m["t"] == "room" and "re" in m)["room"]["id"]
    helper.net.send({"t": "join", "room": room, "seat": 0})
    helper.wait(lambda m: m["t"] == "seated")
    helper.net.send({"t": "ready", "room": room, "ready": True})
    env = dict(os.environ, XDG_DATA_HOME=str(private_folders / "data"), PYTHONPATH=str(ROOT))
    bob = subprocess.Popen([sys.executable, "-c", SEATED_CLIENT, str(port), room], cwd=ROOT,
                           env=env, stdout=subprocess.PIPE, text=True)
    try:
        helper.wait(lambda m: m["t"] == "room" and m["room"]["seats"][1]["ready"])
        helper.net.send({"t": "start", "room": room})
        assert bob.stdout.readline().strip() == "playing"
        bob.send_signal(signal.SIGKILL)  # Bob's program dies mid-game
        bob.wait(10)
        helper.plays = True
        # No turn timer: after the grace period a bot plays Bob's seat.
        helper.wait(lambda m: m["t"] == "update" and m.get("actor") == 1 and m["by"] == "bot")
        app = make_app(speed=4.0)
        join = join_screen(app, port)
        resume = button(join.room_buttons, "Resume your seat")
        click(resume.rect.center)
        assert run(app, lambda: table_scene(app) is not None, 10, also=helper.pump)
        scene = table_scene(app)
        assert scene.table.seat == 1 and app.session.seat == 1
        assert any("While you were away" in toast[0] for toast in scene.table.toasts.items)
        assert not app.session.room["seats"][1]["away"]
        player = AutoPlayer(app, seed=3)
        step = app.session.last["step"]
        assert run(app, lambda: app.session.last["step"] > step + 2, 30, player,
                   also=helper.pump)
        assert any(m.get("actor") == 1 and m.get("by") == "player"
                   for m in helper.messages if m["t"] == "update")
    finally:
        if bob.poll() is None:
            bob.kill()
        bob.wait(10)
        helper.close()


def test_a_local_game_is_hidden_kept_and_continued(make_app):
    app = make_app(speed=4.0)
    start_local(app, "quando", 2, "random", {"target": 500})
    player = AutoPlayer(app, seed=2)
    assert run(app, lambda: app.session.last is not None and app.session.last["step"] >= 4, 30,
               player)
    port, room = app.session.port, app.session.room_id
    # Another connection to the same server sees no room at all.
    spy = Helper(port, "Eve")
    spy.net.send({"t": "list"})
    assert spy.wait(lambda m: m["t"] == "rooms")["rooms"] == []
    spy.net.send({"t": "watch", "room": room})
    assert spy.wait(lambda m: m["t"] == "error")["code"] == "no_such_room"
    spy.close()
    # Leave, keeping the game for later: the program's server stops.
    assert run(app, lambda: table_scene(app).table.active, 10)
    step = app.session.last["step"]
    table_scene(app).open_menu()
    click(button(app.top.form, "Leave").rect.center)
    assert run(app, lambda: isinstance(app.top, Dialog) and "Leave this game" in app.top.title, 2)
    click(button(app.top.form, "Keep it for later").rect.center)
    assert run(app, lambda: isinstance(app.top, TitleScene), 5)
    assert [seat.room for seat in kept_local()] == [room]
    # Quick play offers to continue it, on a new server that goes on from the log.
    app.top.quick()
    assert run(app, lambda: isinstance(app.top, Dialog), 2)
    click(button(app.top.form, "Continue your game").rect.center)
    assert run(app, lambda: table_scene(app) is not None, 15)
    assert app.session.room_id == room and app.session.last["step"] == step
    assert app.session.kept_as == LOCAL and app.session.port != port
    # Kept again after it was taken back, it is still kept as Quando (the seat is taken back
    # before its room is announced), and both ways in name it in every language.
    assert [seat.game for seat in kept_local()] == ["quando"]
    table_scene(app).open_menu()
    click(button(app.top.form, "Leave").rect.center)
    assert run(app, lambda: isinstance(app.top, Dialog) and "Leave this game" in app.top.title, 2)
    click(button(app.top.form, "Keep it for later").rect.center)
    assert run(app, lambda: isinstance(app.top, TitleScene), 5)
    assert [seat.game for seat in kept_local()] == ["quando"]
    for language in ("en", "it", "de", "fr"):
        i18n.set_language(language)
        for way in (app.top.quick, app.top.single):
            way()
            assert run(app, lambda: isinstance(app.top, Dialog), 2)
            assert " Quando" in app.top.body and "  " not in app.top.body, (language, way)
            app.top.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
            assert run(app, lambda: isinstance(app.top, TitleScene), 2)
    i18n.set_language("en")
    app.top.quick()
    assert run(app, lambda: isinstance(app.top, Dialog), 2)
    click(button(app.top.form, "Continue your game").rect.center)
    assert run(app, lambda: table_scene(app) is not None, 15)
    # Ending it for good forgets it.
    scene = table_scene(app)
    scene.end_game()
    assert run(app, lambda: isinstance(app.top, TitleScene), 5)
    assert kept_local() == []


def host_against_a_bot(app, port: int, game: str, options: dict) -> None:
    """Host `game` on `port` (0: any), add a random bot, get ready and deal, by the lobby."""
    start_host(app, "127.0.0.1", port, game, 2, "random", options, None, None)
    lobby = app.top
    assert isinstance(lobby, LobbyScene)
    assert run(app, lambda: app.session.room is not None and app.session.seat == 0, 10)
    app.session.add_bot(1, "random")
    app.session.ready(True)
    assert run(app, lambda: lobby.start_button.enabled, 5)
    click(lobby.start_button.rect.center)
    assert run(app, lambda: table_scene(app) is not None, 10)


def test_closing_the_hosting_window_mid_game_asks_first(make_app):
    app = make_app(speed=4.0)
    host_against_a_bot(app, 0, "quando", {"target": 500})
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert run(app, lambda: isinstance(app.top, Dialog), 2)
    assert app.running and app.top.title == "Stop hosting?"
    assert "seat back" in app.top.body
    click(button(app.top.form, "Keep playing").rect.center)
    assert run(app, lambda: table_scene(app) is not None, 2) and app.running
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert run(app, lambda: isinstance(app.top, Dialog), 2)
    click(button(app.top.form, "Close anyway").rect.center)
    assert run(app, lambda: not app.running, 2)


def test_hosting_again_on_another_port_offers_the_host_their_seat_back(make_app):
    app = make_app(speed=4.0)
    host_against_a_bot(app, 0, "quasenbo", {"hand_size": 12})
    assert run(app, lambda: table_scene(app).table.active, 10)
    room, step = app.session.room_id, app.session.last["step"]
    app.to_title()  # the host's server stops with the session; the game stays in the log
    start_host(app, "127.0.0.1", 0, "quando", 2, "random", {}, None, None)  # another port
    lobby = app.top
    assert run(app, lambda: bool(lobby.resume_buttons), 10)
    click(lobby.resume_buttons[0].rect.center)
    assert run(app, lambda: table_scene(app) is not None, 10)
    assert app.session.room_id == room and app.session.last["step"] == step
    # The seat is kept under the new address now, and only there.
    assert [(s.server, s.room) for s in app.session.kept_seats()] == [
        (f"127.0.0.1:{app.session.port}", room)
    ]
