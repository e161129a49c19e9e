"""A LAN evening that survives real life, with the real client and real processes on
127.0.0.1: two client sessions in one LAN room (one leaves, the other lets a bot play for
them, the offline banner counting down); a client process that dies and a new one
that takes the seat back from the token on disk (a bot played it meanwhile); a local game
kept, hidden from everyone else, and continued; the host who leaves the table leaves the game
running for the others, comes back to their seat (the whole move log with it) from the title
screen, and is told by name whose game quitting ends; hosting after a crash opens the room
asked for and offers the old seat beside it; SIGTERM ends a client at once, its game kept, as
closing the window of a single-player game keeps it."""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import time

import pygame

from game.client import i18n, widgets
from game.client.autoplay import AutoPlayer, click, table_scene
from game.client.config import load_settings
from game.client.hosting import kept_local, start_host, start_local
from game.client.kept import LOCAL, KeptSeat, SeatStore
from game.client.scenes import Dialog, hints_text
from game.client.scenes.lobby import LobbyScene
from game.client.scenes.replays import ReplaysScene, ending, room_replay
from game.client.scenes.title import TitleScene
from game.client.scenes.viewer import ViewerScene
from game.client.session import Session
from tests.client.conftest import ROOT
from tests.client.test_play import Helper, button, join_screen, run
from tests.server.test_crash import free_port

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
        assert run(
            app, lambda: all(s["ready"] for s in app.session.room["seats"]), 5, also=other.poll
        )
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
        # The banner counts the grace period down, and leaves the top bar's buttons in reach.
        first = int(re.search(r"in (\d+) s", scene.absent_words()).group(1))
        time.sleep(1.2)
        app.frame(1 / 60)
        assert 0 < int(re.search(r"in (\d+) s", scene.absent_words()).group(1)) < first <= 25
        bar = scene.absent_bar()
        assert not any(
            bar.colliderect(b.rect)
            for b in (scene.rules_button, scene.menu_button, scene.sheet_button)
            + ((scene.hint_button,) if scene.hints_allowed else ())
        )
        if os.environ.get("CARDTABLE_SHOTS"):
            app.screenshot(os.path.join(os.environ["CARDTABLE_SHOTS"], "offline-banner.png"))
        # In a narrow window with the move log open the bar is short: the banner says it in
        # fewer words on one line rather than losing the sentence's end, and keeps off the
        # window's edge.
        narrow = pygame.Rect(0, bar.top, 420, bar.height)
        picture = widgets.Picture(app.size)
        scene.absence.draw(picture, narrow, scene.s)
        button = scene.hand_button.rect
        lines = [(value, where) for value, _, where in picture.texts if where.right <= button.left]
        assert [value for value, _ in lines] == [scene.absence.words(short=True)]
        assert re.fullmatch(r"Bob offline – a bot in \d+ s", lines[0][0])
        for value, where in lines:
            assert where.width + 2 >= widgets.text_width(value, widgets.MIN_SIZE), f"{value!r} cut"
            assert where.left >= narrow.left + 4 and narrow.contains(where)
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
    helper.net.send(
        {
            "t": "create",
            "game": "quasenbo",
            "players": 2,
            "grace": 0.5,
            "level": "random",
            "options": {"hand_size": 12},
        }
    )
    room = helper.wait(lambda m: m["t"] == "room" and "re" in m)["room"]["id"]
    helper.net.send({"t": "join", "room": room, "seat": 0})
    helper.wait(lambda m: m["t"] == "seated")
    helper.net.send({"t": "ready", "room": room, "ready": True})
    env = dict(os.environ, XDG_DATA_HOME=str(private_folders / "data"), PYTHONPATH=str(ROOT))
    bob = subprocess.Popen(
        [sys.executable, "-c", SEATED_CLIENT, str(port), room],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )
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
        # The title screen finds the game still running on the server and offers the way
        # back (the join screen offers it too).
        title = app.top
        assert run(app, lambda: title.back_button is not None, 10, also=helper.pump)
        assert f"room {room}" in title.back_button.label
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
        assert run(app, lambda: app.session.last["step"] > step + 2, 30, player, also=helper.pump)
        assert any(
            m.get("actor") == 1 and m.get("by") == "player"
            for m in helper.messages
            if m["t"] == "update"
        )
    finally:
        if bob.poll() is None:
            bob.kill()
        bob.wait(10)
        helper.close()


def test_a_local_game_is_hidden_kept_and_continued(make_app):
    app = make_app(speed=4.0)
    start_local(app, "quando", 2, "random", {"target": 500})
    player = AutoPlayer(app, seed=2)
    assert run(
        app, lambda: app.session.last is not None and app.session.last["step"] >= 4, 30, player
    )
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
    # The title's way back names the game, not the room: a game of one's own has only one.
    assert (
        app.top.back_button is not None
        and app.top.back_button.label == "Back to your game (Quando)"
    )
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


class Guest:
    """Bob: a client session in this process with his own seat store (as on his own
    computer), who plays a random legal action whenever it is his turn."""

    def __init__(self, port: int, room: str, folder) -> None:
        self.session = Session(
            "127.0.0.1", port, "Bob", retry_for=1.0, store=SeatStore(folder / "bob-seats")
        )
        self.room = room
        self.pick = random.Random(4)
        self.acted: int | None = None
        """The step Bob last answered."""
        self.session.start()

    def pump(self) -> None:
        for message in self.session.poll():
            if message["t"] == "welcome":
                self.session.join(self.room, 1)
            elif message["t"] == "seated":
                self.session.ready(True)
        last = self.session.last
        if last is not None and last.get("legal") and self.acted != last["step"]:
            self.acted = last["step"]
            self.session.act(self.pick.choice(last["legal"]))


def host_with_bob(app, folder) -> Guest:
    """Host a two-player Quando that runs long, Bob in seat 1, and deal."""
    start_host(app, "127.0.0.1", 0, "quando", 2, "random", {"target": 500}, None, None)
    lobby = app.top
    assert run(app, lambda: app.session.room is not None and app.session.seat == 0, 10)
    bob = Guest(app.hosted.port, app.session.room_id, folder)
    assert run(app, lambda: app.session.room["seats"][1]["ready"], 10, also=bob.pump)
    app.session.ready(True)
    assert run(app, lambda: lobby.start_button.enabled, 5, also=bob.pump)
    click(lobby.start_button.rect.center)
    assert run(app, lambda: table_scene(app) is not None, 10, also=bob.pump)
    return bob


def test_the_host_leaving_the_table_leaves_the_game_running_for_the_others(
    make_app, private_folders
):
    app = make_app(speed=4.0)
    bob = host_with_bob(app, private_folders)
    try:
        player = AutoPlayer(app, seed=1)
        assert run(app, lambda: app.session.last["step"] >= 6, 30, player, also=bob.pump)
        assert run(app, lambda: not table_scene(app).table.busy, 10, also=bob.pump)
        room, said = app.session.room_id, list(table_scene(app).table.log.lines)
        # Esc → Leave: the menu and the question after it say different things.
        table_scene(app).open_menu()
        menu = app.top.body
        click(button(app.top.form, "Leave").rect.center)
        assert run(
            app, lambda: isinstance(app.top, Dialog) and app.top.title == "Leave the game?", 2
        )
        # Bob plays on another computer: the question names him, not "others on this one".
        assert app.top.body != menu and "the game goes on for Bob" in app.top.body
        assert "others on this computer" not in app.top.body
        click(button(app.top.form, "Leave").rect.center)
        assert run(app, lambda: isinstance(app.top, TitleScene), 5, also=bob.pump)
        # The server runs on: a bot plays the host's seat, and Bob's game goes on.
        assert run(app, lambda: bob.session.room["seats"][0]["away"], 10, also=bob.pump)
        step = bob.session.last["step"]
        assert run(app, lambda: bob.session.last["step"] > step + 3, 20, also=bob.pump)
        assert bob.session.status == "connected"
        # The title screen offers the way back, which puts the host in their seat again
        # with the whole game in the move log.
        app.reset(app.scene("title"))
        back = app.top.back_button
        assert back is not None and f"room {room}" in back.label and "Quando" in back.label
        click(back.rect.center)
        assert run(app, lambda: table_scene(app) is not None, 10, also=bob.pump)
        scene = table_scene(app)
        assert app.session.room_id == room and scene.table.seat == 0
        assert not app.session.room["seats"][0]["away"]
        assert scene.table.log.lines[: len(said)] == said and len(scene.table.log.lines) > len(said)
        # Quitting the program is what ends the game for Bob: it says so, by name.
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        assert run(app, lambda: isinstance(app.top, Dialog), 2, also=bob.pump)
        assert app.top.title == "Stop hosting?"
        assert "Bob is playing on this computer's game: quitting ends it for them." in app.top.body
        click(button(app.top.form, "Keep playing").rect.center)
        assert run(app, lambda: table_scene(app) is not None, 2, also=bob.pump) and app.running
        app.to_title()
        app.top.quit()  # the title's Quit asks the same
        assert run(app, lambda: isinstance(app.top, Dialog), 2, also=bob.pump)
        click(button(app.top.form, "Quit anyway").rect.center)
        assert run(app, lambda: not app.running, 2)
    finally:
        bob.session.close()


def test_hosting_after_a_crash_opens_the_room_asked_for_and_offers_the_old_seat(make_app):
    app = make_app(speed=4.0)
    host_against_a_bot(app, 0, "quasenbo", {"hand_size": 12})
    assert run(app, lambda: table_scene(app).table.active, 10)
    room, step = app.session.room_id, app.session.last["step"]
    # The program dies: its server stops with it; the game stays in the log.
    app.close_session()
    app.hosted.stop()
    app.hosted = None
    app.reset(app.scene("title"))
    # Hosting with new choices (on another port) opens the room asked for, not the old game.
    start_host(app, "127.0.0.1", 0, "blanco", 3, "random", {}, None, None)
    lobby = app.top
    assert isinstance(lobby, LobbyScene)
    assert run(app, lambda: app.session.room is not None and app.session.seat == 0, 10)
    assert app.session.room["game"] == "blanco" and len(app.session.room["seats"]) == 3
    assert app.session.room_id != room and app.top is lobby
    # The old game waits beside it: the lobby's button takes the seat back where it was.
    assert run(app, lambda: len(lobby.resume_buttons) == 1, 5)
    assert lobby.resume_buttons[0].label == f"Resume your seat – Quäsenbö, room {room}"
    click(lobby.resume_buttons[0].rect.center)
    assert run(app, lambda: table_scene(app) is not None, 10)
    assert app.session.room_id == room and app.session.last["step"] == step
    # The seat is kept under the new address now, and only there.
    assert [(s.server, s.room) for s in app.session.kept_seats()] == [
        (f"127.0.0.1:{app.session.port}", room)
    ]


PLAYING_CLIENT = """
import sys
from game.client.app import App
from game.client.autoplay import table_scene
from game.client.config import Settings
from game.client.hosting import start_local
app = App(Settings(name="Ann", sound=False), size=(960, 540))
app.reset(app.scene("title"))
start_local(app, "quando", 2, "random", {"target": 500})
while table_scene(app) is None or app.session.last is None:
    app.frame(1 / 60)
print("playing", app.session.room_id, flush=True)
app.run()
print("stopped", flush=True)
"""
"""A client process in a local game, run by its real loop (the test sends it SIGTERM)."""


def test_sigterm_ends_the_client_at_once_and_the_game_stays_to_continue(private_folders):
    env = dict(
        os.environ,
        XDG_DATA_HOME=str(private_folders / "data"),
        XDG_CONFIG_HOME=str(private_folders / "config"),
        PYTHONPATH=str(ROOT),
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
    )
    client = subprocess.Popen(
        [sys.executable, "-c", PLAYING_CLIENT], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True
    )
    try:
        line = client.stdout.readline()
        while line and not line.startswith("playing"):  # pygame's greeting comes first
            line = client.stdout.readline()
        room = line.split()[1]
        time.sleep(0.5)  # mid-game, in app.run()
        client.send_signal(signal.SIGTERM)  # a logout or a shutdown
        assert client.wait(10) == 0, "no question asked, nobody to answer it"
        assert client.stdout.read().strip() == "stopped"
    finally:
        if client.poll() is None:
            client.kill()
            client.wait(10)
    assert [seat.room for seat in kept_local()] == [room]  # Quick play offers to continue it


def test_the_hosts_lobby_says_no_hints_from_the_first_frame_when_they_are_forbidden(make_app):
    app = make_app()
    start_host(app, "127.0.0.1", 0, "quando", 3, "random", {}, None, None)
    assert run(app, lambda: app.session.room is not None, 10)
    room = app.session.room
    assert room["hints_allowed"], "alone in the lobby, the server would answer a hint"
    assert not room["hints"] and hints_text(room) == "no hints"  # but the table will not
    if os.environ.get("CARDTABLE_SHOTS"):
        app.screenshot(os.path.join(os.environ["CARDTABLE_SHOTS"], "host-lobby.png"))


def test_the_hosts_lobby_says_hints_allowed_once_only_bots_sit_with_them(make_app):
    """Hints forbidden by the host, but every other seat taken by a bot: the table will
    answer hints (one human alone with bots), and the lobby's line says so – until a bot
    leaves its seat open again."""
    app = make_app()
    start_host(app, "127.0.0.1", 0, "quando", 3, "random", {}, None, None)
    assert run(app, lambda: app.session.room is not None, 10)
    lobby = app.top
    assert isinstance(lobby, LobbyScene)
    for _bot in range(2):
        seats = len([s for s in app.session.room["seats"] if s["kind"] == "bot"])
        assert run(app, lambda: any(b.label == "Add bot" for b in lobby.seat_buttons), 10)
        click(button(lobby.seat_buttons, "Add bot").rect.center)
        assert run(
            app,
            lambda: len([s for s in app.session.room["seats"] if s["kind"] == "bot"]) > seats,
            10,
        )
    room = app.session.room
    assert not room["hints"] and room["hints_allowed"]
    assert any("hints allowed" in line for line in lobby.info_lines())
    click(button(lobby.seat_buttons, "Remove bot").rect.center)
    assert run(app, lambda: any(s["kind"] == "open" for s in app.session.room["seats"]), 10)
    assert any("no hints" in line for line in lobby.info_lines())


def test_the_title_offers_the_way_back_to_a_kept_seat_only_while_its_game_runs(
    make_app, server_process, private_folders
):
    port, _ = server_process
    helper = Helper(port, "Ann")
    helper.net.send(
        {
            "t": "create",
            "game": "quando",
            "players": 2,
            "level": "random",
            "options": {"target": 500},
        }
    )
    room = helper.wait(lambda m: m["t"] == "room" and "re" in m)["room"]["id"]
    helper.net.send({"t": "join", "room": room, "seat": 0})
    token = helper.wait(lambda m: m["t"] == "seated")["token"]
    store = SeatStore(private_folders / "data" / "cardtable" / "seats")
    store.keep(KeptSeat(f"127.0.0.1:{port}", room, token, "quando", 0))
    try:
        app = make_app()
        title = app.top
        # Not dealt yet: nothing to go back to.
        assert not run(app, lambda: title.back_button is not None, 1.5, also=helper.pump)
        helper.net.send({"t": "bot", "room": room, "seat": 1, "level": "random"})
        helper.net.send({"t": "ready", "room": room, "ready": True})
        helper.wait(lambda m: m["t"] == "room" and m["room"]["seats"][1]["kind"] == "bot")
        helper.net.send({"t": "start", "room": room})
        helper.wait(lambda m: m["t"] == "update")
        app.to_title()
        title = app.top
        assert run(app, lambda: title.back_button is not None, 10, also=helper.pump)
        assert title.back_button.label == f"Back to your game (Quando, room {room})"
        click(title.back_button.rect.center)
        assert run(app, lambda: table_scene(app) is not None, 10, also=helper.pump)
        assert app.session.room_id == room and app.session.seat == 0
    finally:
        helper.close()


def test_a_host_playing_with_bots_finds_the_game_waiting_after_leaving_the_table(make_app):
    app = make_app(speed=4.0)
    host_against_a_bot(app, 0, "quando", {"target": 500})
    assert run(app, lambda: table_scene(app).table.active, 10)
    room, step = app.session.room_id, app.session.last["step"]
    table_scene(app).ask_leave()
    assert isinstance(app.top, Dialog) and app.top.title == "Leave the game?"
    # Nobody else plays: the question says the game waits here, not that it goes on for others.
    assert "waits on this computer until you come back" in app.top.body, app.top.body
    assert "others" not in app.top.body
    click(button(app.top.form, "Leave").rect.center)
    assert run(app, lambda: isinstance(app.top, TitleScene), 5)
    assert app.top.back_button is not None and f"room {room}" in app.top.back_button.label
    click(app.top.back_button.rect.center)
    assert run(app, lambda: table_scene(app) is not None, 10)
    assert app.session.room_id == room and app.session.last["step"] == step


def test_a_lan_game_starts_after_a_local_game_in_the_same_run(make_app, private_folders):
    # Host a LAN game and leave its lobby: the hosted server runs on, its spare log files
    # ready in the shared logs folder.
    app = make_app(speed=4.0)
    start_host(app, "127.0.0.1", 0, "quando", 2, "random", {"target": 500}, None, None)
    assert run(app, lambda: app.session.room is not None and app.session.seat == 0, 10)
    hosted = app.hosted
    app.to_title()
    # Quick play on a local server of its own (same logs folder), left and ended.
    start_local(app, "quando", 2, "random", {"target": 500})
    assert run(app, lambda: table_scene(app) is not None and app.session.last is not None, 15)
    table_scene(app).end_game()
    assert run(app, lambda: isinstance(app.top, TitleScene), 5)
    # Host again on the same hosted server: bots, ready, Start – the game is dealt.
    assert app.hosted is hosted and hosted.running
    host_against_a_bot(app, 0, "quasenbo", {"hand_size": 12})
    assert table_scene(app).table.seat == 0 and app.session.last["step"] >= 0


def test_a_seat_taken_back_keeps_the_name_it_was_joined_with(
    make_app, server_process, private_folders
):
    port, _ = server_process
    guest = Helper(port, "Guest")  # `python -m game --name Guest`, this run only
    room = guest.host("quando", 2, {"target": 500}, bots=1)
    token = next(m for m in guest.messages if m["t"] == "seated")["token"]
    SeatStore(private_folders / "data" / "cardtable" / "seats").keep(
        KeptSeat(f"127.0.0.1:{port}", room, token, "quando", 0)
    )
    guest.wait(lambda m: m["t"] == "room" and m["room"]["seats"][1]["kind"] == "bot")
    guest.net.send({"t": "start", "room": room})
    guest.wait(lambda m: m["t"] == "update")
    guest.close()  # the program is killed
    watcher = Helper(port, "Bob")
    try:
        app = make_app()  # started again without --name: the profile's name is Tester
        title = app.top
        assert run(app, lambda: title.back_button is not None, 10)
        click(title.back_button.rect.center)
        assert run(app, lambda: table_scene(app) is not None, 10)
        assert app.session.room["seats"][0]["name"] == "Guest"
        watcher.net.send({"t": "watch", "room": room})
        seen = watcher.wait(lambda m: m["t"] == "room" and m["room"]["spectators"])
        assert [seat["name"] for seat in seen["room"]["seats"]][0] == "Guest"
    finally:
        watcher.close()


def test_after_the_host_was_killed_the_title_offers_the_hosted_game_back(make_app):
    app = make_app(speed=4.0)
    port = free_port()
    app.remember(host={"interface": "127.0.0.1", "port": str(port)})  # as the setup does
    host_against_a_bot(app, port, "quando", {"target": 500})
    assert run(app, lambda: table_scene(app).table.active, 10)
    room, step = app.session.room_id, app.session.last["step"]
    # The program is killed: its hosted server dies with it, the game stays in the log.
    app.close_session()
    app.hosted.stop()
    app.hosted = None
    # Started again, it reads its settings; a local game is played and kept for later.
    again = make_app(speed=4.0)
    again.settings.host = load_settings()[0].host
    start_local(again, "blanco", 2, "random", {})
    assert run(again, lambda: table_scene(again) is not None, 15)
    table_scene(again).open_menu()
    click(button(again.top.form, "Leave").rect.center)
    assert run(again, lambda: isinstance(again.top, Dialog), 2)
    click(button(again.top.form, "Keep it for later").rect.center)
    assert run(again, lambda: isinstance(again.top, TitleScene), 5)
    assert [seat.game for seat in kept_local()] == ["blanco"]
    # The title offers the hosted game first: the guests wait for it.
    back = again.top.back_button
    assert back is not None and back.label == f"Back to your game (Quando, room {room})"
    click(back.rect.center)
    assert run(again, lambda: table_scene(again) is not None, 10)
    assert again.session.room_id == room and again.session.last["step"] == step
    assert again.hosted is not None and again.hosted.port == port and again.hosting


def keep_a_local_game(app, game: str, options: dict) -> tuple[str, int]:
    """Start a local game of `game` against a bot, play a few steps, leave keeping it for
    later: its room and the step it was left at."""
    start_local(app, game, 2, "random", options)
    player = AutoPlayer(app, seed=2)
    assert run(
        app, lambda: app.session.last is not None and app.session.last["step"] >= 2, 30, player
    )
    assert run(app, lambda: table_scene(app).table.active, 10)
    room, step = app.session.room_id, app.session.last["step"]
    table_scene(app).open_menu()
    click(button(app.top.form, "Leave").rect.center)
    assert run(app, lambda: isinstance(app.top, Dialog) and "Leave this game" in app.top.title, 2)
    click(button(app.top.form, "Keep it for later").rect.center)
    assert run(app, lambda: isinstance(app.top, TitleScene), 5)
    return room, step


def test_a_quando_game_taken_back_shows_every_round_on_its_score_sheet(make_app):
    """Two rounds played, the game kept for later and taken back from the title: the score
    sheet has both rounds under their numbers, as it had them before, not only the rounds
    that end after the return; the move log begins with the first deal, before and after."""
    app = make_app(speed=4.0)
    start_local(app, "quando", 3, "random", {"target": 1000})
    player = AutoPlayer(app, seed=1)
    ended: dict[int, list[int]] = {}

    def two_rounds_and_a_turn() -> bool:
        scene = table_scene(app)
        hold = scene.table.hold if scene is not None else None
        if hold is not None and hold["type"] == "round_end":
            ended[hold["round"]] = hold["scores"]
        return len(ended) == 2 and scene is not None and scene.table.active

    assert run(app, two_rounds_and_a_turn, 120, player)
    assert table_scene(app).table.sheet.rounds == ended
    dealt = table_scene(app).table.log.lines[0][0]
    assert re.fullmatch(r"Round 1 dealt, \S+ begins", dealt), dealt
    table_scene(app).open_menu()
    click(button(app.top.form, "Leave").rect.center)
    assert run(app, lambda: isinstance(app.top, Dialog) and "Leave this game" in app.top.title, 2)
    click(button(app.top.form, "Keep it for later").rect.center)
    assert run(app, lambda: isinstance(app.top, TitleScene), 5)
    click(app.top.back_button.rect.center)
    assert run(app, lambda: table_scene(app) is not None and table_scene(app).table.active, 15)
    assert table_scene(app).table.sheet.rounds == ended
    assert table_scene(app).table.log.lines[0][0] == dealt, "the move log begins as it did"


def test_an_older_kept_game_is_continued_from_the_replays(make_app):
    """Two local games kept for later: the title offers the newer; the older one's replay
    says it is the player's to continue, and the viewer's button continues it where it was
    left (issue 29)."""
    app = make_app(speed=4.0)
    old, step = keep_a_local_game(app, "quasenbo", {"hand_size": 5})
    new, _step = keep_a_local_game(app, "quando", {"target": 500})
    assert [seat.room for seat in kept_local()] == [new, old]
    app.top.quick()
    assert run(app, lambda: isinstance(app.top, Dialog), 2)
    assert "1 older unfinished game" in app.top.body, app.top.body
    app.pop(app.top)
    continue_from_the_replays(app, old)
    assert app.session.room_id == old and app.session.last["step"] == step
    assert app.session.kept_as == LOCAL
    assert {seat.room for seat in kept_local()} == {new, old}


def test_the_replay_list_says_how_a_kept_game_ended_whole_in_the_smallest_window(make_app):
    """ "unfertig: du kannst weiterspielen" takes two lines of its column at 960×540 rather
    than losing its end."""
    app = make_app(size=(960, 540), speed=4.0)
    room, _step = keep_a_local_game(app, "quasenbo", {"hand_size": 5})
    i18n.set_language("de")
    app.top.replays()
    assert run(app, lambda: isinstance(app.top, ReplaysScene), 2)
    words = ending(next(info for info in app.top.infos if info.room == room), app.top.kept)
    assert words == "unfertig: du kannst weiterspielen"
    picture = widgets.Picture(app.size)
    app.draw(picture)
    lines = [(value, where) for value, _, where in picture.texts if value and value in words]
    assert " ".join(value for value, _ in lines) == words
    for value, where in lines:
        assert where.width + 2 >= widgets.text_width(value, widgets.MIN_SIZE), f"{value!r} cut"


def continue_from_the_replays(app, room: str) -> ViewerScene:
    """Open the kept game of `room` from the title's replays list – listed as the player's to
    continue – and continue it from its viewer; the viewer it was continued from."""
    app.top.replays()
    assert run(app, lambda: isinstance(app.top, ReplaysScene), 2)
    listed = next(info for info in app.top.infos if info.path == room_replay(room))
    assert ending(listed, app.top.kept) == "unfinished: yours to continue"
    app.top.open(listed)
    assert run(app, lambda: isinstance(app.top, ViewerScene) and app.top.ready, 30)
    viewer = app.top
    assert viewer.play_on_button.label == "Continue this game"
    assert viewer.play_on_button.enabled
    click(viewer.play_on_button.rect.center)
    assert run(app, lambda: table_scene(app) is not None, 15)
    return viewer


def test_a_game_kept_by_closing_the_window_is_kept_as_keep_it_for_later_keeps_it(make_app):
    """Quitting a single-player game through the window's close question keeps it as the
    menu's "Keep it for later" does: the next run offers it back, its replay is the player's
    to continue (not abandoned), and it goes on where it was left."""
    app = make_app(speed=4.0)
    start_local(app, "quasenbo", 2, "random", {"hand_size": 5})
    player = AutoPlayer(app, seed=2)
    assert run(
        app, lambda: app.session.last is not None and app.session.last["step"] >= 2, 30, player
    )
    assert run(app, lambda: table_scene(app).table.active, 10)
    room, step = app.session.room_id, app.session.last["step"]
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert run(app, lambda: isinstance(app.top, Dialog), 2)
    assert "Your game is kept" in app.top.body
    click(button(app.top.form, "Quit").rect.center)
    assert run(app, lambda: not app.running, 2)
    run(app, lambda: False, 1.0)  # time for anything the server was told to arrive
    app.close_session()  # the program ends: its server stops
    # Started again: the title offers the game back, and the replays say it is the player's.
    again = make_app(speed=4.0)
    back = again.top.back_button
    assert back is not None and back.label == "Back to your game (Quäsenbö)"
    viewer = continue_from_the_replays(again, room)
    assert "abandoned" not in viewer.outcome.sentence
    assert again.session.room_id == room and again.session.last["step"] == step


def test_a_private_rooms_code_is_shown_to_its_host_and_asked_of_a_guest(make_app, tmp_path):
    """The host's lobby shows the code it chose. A guest who joins without it, or with a
    wrong one, stays on the join screen with a sentence saying what to do – not in a lobby
    of nothing, under the server's lower-case words – and joins with the right one."""
    from game.client.scenes.join import JoinScene
    from game.host.embedded import start_embedded

    host = make_app()
    start_host(host, "127.0.0.1", 0, "quando", 2, "random", {}, None, "sesame")
    assert run(host, lambda: isinstance(host.top, LobbyScene) and host.session.room is not None, 10)
    assert any("sesame" in line for line in host.top.info_lines()), host.top.info_lines()
    host.to_title()

    server = start_embedded(log_dir=tmp_path / "logs")
    helper = Helper(server.port)
    try:
        helper.net.send(
            {"t": "create", "game": "quando", "players": 2, "options": {}, "code": "sesame"}
        )
        helper.wait(lambda m: m["t"] == "room" and "re" in m)
        app = make_app()
        join = join_screen(app, server.port)
        click(button(join.room_buttons, "Join").rect.center)
        assert run(app, lambda: join.message.startswith("This room is private"), 2), join.message
        assert app.top is join and join.form.widgets[join.form.focus_index] is join.code
        join.code.value = "nope"
        click(button(join.room_buttons, "Join").rect.center)
        assert run(app, lambda: app.top is join and join.message.startswith("Wrong code"), 5), (
            type(app.top).__name__,
            join.message,
        )
        join.code.value = "sesame"
        click(button(join.room_buttons, "Join").rect.center)
        assert run(app, lambda: isinstance(app.top, LobbyScene) and app.session.seat is not None, 5)
        assert isinstance(app.scenes[-2], JoinScene)
    finally:
        helper.close()
        server.stop()


def test_the_hosts_lobby_of_a_rematch_shows_where_guests_join_as_the_first_did(make_app):
    app = make_app(speed=4.0)
    host_against_a_bot(app, 0, "quasenbo", {"hand_size": 3})
    first = table_scene(app)
    server = app.hosted
    assert run(app, lambda: first.overlay() is not None, 120, AutoPlayer(app, seed=2))
    click(button(first.overlay(), "Rematch").rect.center)
    assert run(app, lambda: isinstance(app.top, LobbyScene), 10)
    assert app.top.pages == [f"http://127.0.0.1:{server.web_port}/"]
    assert app.top.share == [f"127.0.0.1:{server.port}"]
