"""The real client, headless, against the real server – no mocks: bot games watched to the
end, a human seat played by clicks on what the table highlights, a room in another process,
and a server that goes away mid-game."""

from __future__ import annotations

import time

import pytest

from game.client.autoplay import AutoPlayer, click, run_frames, table_scene
from game.client.hosting import start_local
from game.client.scenes.join import JoinScene
from game.client.scenes.lobby import LobbyScene
from game.client.scenes.title import TitleScene
from game.client.session import Session
from game.host.embedded import start_embedded
from game.rules import view_digest
from net.client import ThreadedClient
from tests.client.conftest import server as server_on

SMALL = {
    "quando": (3, {"target": 12}),
    "blanco": (3, {"max_turns": 12}),
    "quasenbo": (3, {"hand_size": 3}),
}
"""Each game at a size that finishes in seconds with random bots."""


def run(app, until, timeout: float, player=None, also=None) -> bool:
    """Frames of 1/60 s until `until()`; the player looks once a frame; `also()` runs too."""

    def each() -> None:
        if player is not None:
            player()
        if also is not None:
            also()

    return run_frames(app, until, timeout, each)


def game_over(app) -> bool:
    scene = table_scene(app)
    return (
        scene is not None
        and scene.table.hold is not None
        and scene.table.hold["type"] == "game_over"
    )


def model_agrees(app) -> bool:
    """Let the table play what is still queued (past a summary or the game over), then:
    does its model (the one it draws and checks) match the last update's view digest?"""
    scene = table_scene(app)
    if scene is not None:
        for _ in range(600):
            if scene.table.hold is not None:
                scene.table.release()
            if scene.table.stage.director.idle:
                break
            app.frame(1 / 60)
    session = app.session
    return (
        scene is not None
        and session is not None
        and session.last is not None
        and not scene.table.keeper.drifting
        and view_digest(scene.table.model) == session.last["digest"]
    )


def button(form_or_list, label: str):
    widgets = form_or_list.widgets if hasattr(form_or_list, "widgets") else form_or_list
    return next(w for w in widgets if getattr(w, "label", None) == label and w.visible)


class Helper:
    """A second player on its own connection, driven by the test: it hosts rooms and plays
    random legal moves for its seat."""

    def __init__(self, port: int, name: str = "Helper") -> None:
        self.net = ThreadedClient("127.0.0.1", port, name, retry_for=1.0)
        self.net.start()
        self.messages: list[dict] = []
        self.room: str | None = None
        self.last: dict | None = None
        self.plays = False
        """Whether it answers its own turns (with the first legal action)."""
        self.wait(lambda m: m["t"] == "welcome")

    def pump(self) -> None:
        for message in self.net.poll():
            self.messages.append(message)
            if message["t"] == "update":
                self.last = message
                legal = message.get("legal")
                if legal and self.plays:
                    self.net.send(
                        {
                            "t": "act",
                            "room": message["room"],
                            "step": message["step"],
                            "action": legal[0],
                        }
                    )

    def wait(self, match, timeout: float = 10.0) -> dict:
        end = time.monotonic() + timeout
        seen = len(self.messages)
        while time.monotonic() < end:
            self.pump()
            for message in self.messages[seen:]:
                if match(message):
                    return message
            time.sleep(0.005)
        raise AssertionError(
            f"the helper never got the message it waited for; last: {self.messages[-3:]}"
        )

    def host(self, game: str, players: int, options: dict, bots: int) -> str:
        self.net.send(
            {"t": "create", "game": game, "players": players, "options": options, "level": "random"}
        )
        self.room = self.wait(lambda m: m["t"] == "room" and "re" in m)["room"]["id"]
        self.net.send({"t": "join", "room": self.room, "seat": 0})
        self.wait(lambda m: m["t"] == "seated")
        for seat in range(1, bots + 1):
            self.net.send({"t": "bot", "room": self.room, "seat": seat, "level": "random"})
        self.net.send({"t": "ready", "room": self.room, "ready": True})
        return self.room

    def close(self) -> None:
        self.net.close()


def join_screen(app, port: int) -> JoinScene:
    """Open the join screen, type the address, connect and wait for the room list."""
    join = JoinScene(app)
    app.push(join)
    join.address.value = f"127.0.0.1:{port}"
    join.connect()
    assert run(app, lambda: bool(join.room_buttons), 10)
    return join


@pytest.fixture
def embedded():
    servers = []

    def start(tmp_path):
        server = start_embedded(log_dir=tmp_path / "logs")
        servers.append(server)
        return server.port

    yield start
    for server in servers:
        server.stop()


@pytest.mark.parametrize("game", ["quando", "blanco", "quasenbo"])
def test_a_bot_game_is_watched_to_the_end(make_app, embedded, tmp_path, game):
    port = embedded(tmp_path)
    players, options = SMALL[game]
    helper = Helper(port)
    room = helper.host(game, players, options, bots=players - 1)
    helper.net.send({"t": "start", "room": room})
    helper.wait(lambda m: m["t"] == "update")
    # Seat 0 decides first and the helper does not: the game waits until the watcher is in.
    app = make_app(speed=4.0)
    join = join_screen(app, port)
    click(button(join.room_buttons, "Watch").rect.center)
    assert run(app, lambda: table_scene(app) is not None, 10)
    # The helper plays on (had it left, nobody but bots would play: the game is abandoned).
    helper.plays = True
    if helper.last is not None and helper.last.get("legal"):
        helper.net.send(
            {
                "t": "act",
                "room": room,
                "step": helper.last["step"],
                "action": helper.last["legal"][0],
            }
        )
    assert run(app, lambda: game_over(app), 120, also=helper.pump), (
        "the watched game never reached its end"
    )
    scene = table_scene(app)
    assert scene.table.seat is None
    assert scene.table.current_seat() is None, "the last mover's plate is still framed"
    assert app.session.desyncs == 0
    result = scene.table.hold["result"]
    assert set(result["winners"]) <= set(range(players)) and len(result["scores"]) == players
    form = scene.overlay()
    assert [w.label for w in form.widgets] == ["Watch the replay", "Menu"]
    assert model_agrees(app)
    helper.close()


@pytest.mark.parametrize("game", ["quando", "blanco", "quasenbo"])
def test_a_human_seat_plays_a_whole_round_by_clicks(make_app, game):
    app = make_app(speed=4.0)
    players, options = SMALL[game]
    start_local(app, game, players, "random", options)
    seen: list[dict] = []
    poll = app.session.poll

    def recording_poll():
        messages = poll()
        seen.extend(messages)
        return messages

    app.session.poll = recording_poll
    player = AutoPlayer(app, seed=3)

    def round_done() -> bool:
        scene = table_scene(app)
        if scene is None or scene.table.hold is None:
            return False
        return scene.table.hold["type"] in ("round_end", "game_over")

    assert run(app, round_done, 150, player), "the round never ended"
    mine = [
        m for m in seen if m["t"] == "update" and m.get("actor") == 0 and m.get("by") == "player"
    ]
    assert len(mine) >= 2, "the seat should have played by clicks"
    refused = [m for m in seen if m["t"] == "error"]
    assert not refused, refused
    assert player.clicks >= len(mine)
    assert app.session.desyncs == 0
    # The move log begins with the deal and the first player, whom the first update named.
    first = next(m for m in seen if m["t"] == "update" and "view" in m)["to_move"]
    name = table_scene(app).table.seats.name(first)
    dealt = "Round 1 dealt" if game == "quando" else "The cards are dealt"
    assert table_scene(app).table.log.lines[0] == (f"{dealt}, {name} begins", None)


def test_joining_a_room_hosted_by_another_process(make_app, server_process):
    port, _ = server_process
    helper = Helper(port, "Ann")
    room = helper.host("quando", 2, {"target": 30}, bots=0)
    helper.plays = True
    app = make_app(speed=4.0)
    join = join_screen(app, port)
    click(button(join.room_buttons, "Join").rect.center)
    assert run(app, lambda: isinstance(app.top, LobbyScene) and app.session.seat == 1, 10)
    lobby = app.top
    assert run(app, lambda: lobby.ready_button.visible, 5)
    click(lobby.ready_button.rect.center)
    assert run(app, lambda: app.session.room["seats"][1]["ready"], 5)
    helper.net.send({"t": "start", "room": room})
    assert run(app, lambda: table_scene(app) is not None, 10, also=helper.pump)
    player = AutoPlayer(app, seed=5)

    def played_on() -> bool:
        # 16 steps, or the end: a random deal can finish a game to 30 points sooner.
        last = app.session.last
        return last is not None and (last["step"] >= 16 or "seed" in last)

    assert run(app, played_on, 60, player, also=helper.pump)
    assert app.session.desyncs == 0
    names = [s["name"] for s in app.session.room["seats"]]
    assert names == ["Ann", "Tester"]
    helper.close()


def test_the_server_going_away_mid_game_is_a_message_and_a_way_back(make_app, server_process):
    port, proc = server_process
    app = make_app(speed=4.0, retry_for=1.0)
    app.open_session(Session("127.0.0.1", port, "Tester", retry_for=1.0))
    app.push(
        LobbyScene(app, "local", game="quando", players=3, level="random", options={"target": 50})
    )
    player = AutoPlayer(app, seed=9)
    assert run(
        app, lambda: app.session.last is not None and app.session.last["step"] >= 6, 30, player
    )
    proc.kill()
    proc.wait(10)
    scene = table_scene(app)
    assert run(app, lambda: scene.connection == "reconnecting", 10)
    assert run(app, lambda: scene.connection == "closed", 20), "the client kept waiting"
    form = scene.overlay()
    labels = [w.label for w in form.widgets]
    assert "Back to menu" in labels and "Reconnect" in labels
    for _ in range(30):  # the window goes on drawing
        app.frame(1 / 60)
    click(button(form, "Back to menu").rect.center)
    assert run(app, lambda: isinstance(app.top, TitleScene), 5)
    assert app.session is None


def test_enter_on_the_title_screen_starts_quick_play(make_app):
    import pygame

    app = make_app(speed=4.0)
    app.frame(1 / 60)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    assert run(app, lambda: table_scene(app) is not None, 30), "quick play did not deal"
    scene = table_scene(app)
    assert scene.table.game == "quando" and scene.table.players == 4 and scene.table.seat == 0
    seats = app.session.room["seats"]
    assert [s["kind"] for s in seats] == ["human", "bot", "bot", "bot"]
    assert {s["level"] for s in seats[1:]} == {"normal"}
    assert app.session.server is not None and app.session.host == "127.0.0.1"


def test_enter_on_the_title_screen_is_quick_play_after_a_visit_to_the_rules(make_app):
    """The footer says "Enter: quick play": so it is after Rules was clicked and left (the
    click had moved the focus there, and Enter opened the rules again)."""
    import pygame

    from game.client.scenes.rules import RulesScene

    app = make_app(speed=4.0)
    app.frame(1 / 60)
    title = app.top
    click(button(title.form, "Rules").rect.center)
    assert run(app, lambda: isinstance(app.top, RulesScene), 5)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert run(app, lambda: app.top is title, 5)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    assert run(app, lambda: isinstance(app.top, LobbyScene) or table_scene(app) is not None, 10), (
        f"Enter opened {type(app.top).__name__}"
    )


def at_my_turn(app, port: int, retry_for: float) -> AutoPlayer:
    """`app` at a Quäsenbö table against a bot on the server at `port`, some steps played,
    on the player's turn (the game waits for them); the autoplayer that played them."""
    app.open_session(Session("127.0.0.1", port, "Tester", retry_for=retry_for))
    app.push(
        LobbyScene(
            app, "local", game="quasenbo", players=2, level="random", options={"hand_size": 12}
        )
    )
    player = AutoPlayer(app, seed=4)
    assert run(
        app, lambda: app.session.last is not None and app.session.last["step"] >= 4, 30, player
    )
    assert run(app, lambda: table_scene(app).table.active, 10)
    return player


def test_a_restarted_server_gives_the_seat_back(make_app, server_process, tmp_path):
    """The server stops and comes back on the same port with the same log folder: Reconnect
    takes the seat back with its token and the game goes on from where it was."""
    port, proc = server_process
    app = make_app(speed=4.0, retry_for=1.0)
    player = at_my_turn(app, port, 1.0)
    step = app.session.last["step"]
    proc.kill()
    proc.wait(10)
    scene = table_scene(app)
    assert run(app, lambda: scene.connection == "closed", 20)
    again = server_on(port, tmp_path / "server-logs")
    try:
        assert "listening on" in again.stdout.readline()
        click(button(scene.overlay(), "Reconnect").rect.center)
        assert run(
            app,
            lambda: (
                app.session.last is not None
                and app.session.last["step"] >= step
                and scene.connection is None
            ),
            15,
        )
        assert run(app, lambda: app.session.last["step"] > step + 2, 30, player)
        assert app.session.desyncs == 0
    finally:
        again.kill()
        again.wait(10)


def test_rematch_after_the_game_over_deals_a_new_game(make_app):
    app = make_app(speed=4.0)
    start_local(app, "quasenbo", 2, "random", {"hand_size": 3})
    player = AutoPlayer(app, seed=2)
    assert run(app, lambda: game_over(app), 120, player)
    first = table_scene(app)
    old_room = first.room_id
    click(button(first.overlay(), "Rematch").rect.center)

    def dealt_again() -> bool:
        scene = table_scene(app)
        return scene is not None and scene is not first and scene.room_id != old_room

    assert run(app, dealt_again, 20), "the rematch never started"
    seats = app.session.room["seats"]
    assert [s["kind"] for s in seats] == ["human", "bot"] and app.session.seat == 0


def local_quando_table(app):
    """A single-player Quando game against two random bots, played by an AutoPlayer up to
    the moment the player's table is active: (its scene, the player)."""
    start_local(app, "quando", 3, "random", {"target": 40})
    player = AutoPlayer(app, seed=6)
    assert run(
        app, lambda: table_scene(app) is not None and table_scene(app).table.active, 30, player
    )
    return table_scene(app), player


def test_the_table_keeps_every_update_under_the_menu_and_after_a_resize(make_app):
    import pygame

    app = make_app(speed=4.0)
    scene, player = local_quando_table(app)
    step = app.session.last["step"]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert run(app, lambda: app.top is not scene, 5)
    menu = app.top
    # A move goes out as the menu opens: its answer (and the bots' moves) arrive under it.
    scene.table.send(scene.table.chooser.legal[0])
    assert run(app, lambda: app.session.last["step"] > step, 20)
    click(button(menu.form, "Keep playing").rect.center)
    assert run(app, lambda: app.top is scene, 5)
    app.resize_window((960, 540))
    assert run(app, lambda: scene.table.active, 30, player)
    assert model_agrees(app) and app.session.desyncs == 0
    assert run(app, lambda: not any(s.moving for s in scene.table.stage.sprites), 10)
    for sprite in scene.table.stage.sprites:
        assert pygame.Rect(0, 0, 960, 540).contains(sprite.rect), sprite.rect


def test_the_settings_open_from_the_game_menu_and_the_table_takes_them_up(make_app):
    """Esc, Settings, a faster animation speed saved, Esc: back at the table, which animates
    at the new speed, and the game (which went on meanwhile) plays on in step."""
    import pygame

    from game.client.scenes.settings import SettingsScene

    def escape() -> None:
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
        )

    app = make_app(speed=1.0)
    scene, player = local_quando_table(app)
    assert scene.table.stage.director.speed == 1.0
    escape()
    assert run(app, lambda: app.top is not scene, 5)
    click(button(app.top.form, "Settings").rect.center)
    assert run(app, lambda: isinstance(app.top, SettingsScene), 5)
    settings = app.top
    while settings.speed_choice.value != 4.0:
        settings.speed_choice.step(1)
    click(button(settings.form, "Save").rect.center)
    assert run(app, lambda: app.settings.speed == 4.0, 5)
    escape()
    assert run(app, lambda: app.top is scene, 5)
    assert scene.table.stage.director.speed == 4.0
    step = app.session.last["step"]
    assert run(app, lambda: app.session.last["step"] > step + 3, 30, player)
    assert model_agrees(app) and app.session.desyncs == 0


def test_no_move_is_offered_while_the_connection_is_lost(make_app, server_process, tmp_path):
    """The server goes away on the player's turn: while the client reconnects, the table
    offers no move, and a key pressed says the move waits (nothing is sent and lost); back
    online, the turn is the player's to play."""
    port, proc = server_process
    app = make_app(speed=4.0, retry_for=60.0)
    player = at_my_turn(app, port, 60.0)
    scene = table_scene(app)
    table = scene.table
    step = app.session.last["step"]
    proc.kill()
    proc.wait(10)
    assert run(app, lambda: scene.connection == "reconnecting", 10)
    assert not table.active and table.clickables() == []
    token = table.sequences(table.chooser.legal[0])[0][0]
    table.click(token)
    said = [item[0] for item in table.toasts.items]
    assert "Not connected – your move waits until the connection is back" in said
    assert not table.chooser.waiting
    again = server_on(port, tmp_path / "server-logs")
    try:
        assert "listening on" in again.stdout.readline()
        assert run(app, lambda: scene.connection is None and table.active, 30)
        assert app.session.last["step"] == step  # the move pressed offline was not played
        assert table.clickables()
        assert run(app, lambda: app.session.last["step"] > step, 30, player)
    finally:
        again.kill()
        again.wait(10)
