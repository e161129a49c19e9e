"""Text fits in every language: every scene and table, rendered headless in English,
Italian, German and French at the smallest and the usual window, draws no label wider than
its button, plate or panel or past the screen's edge, none smaller than the legible size
(widgets.MIN_SIZE), and no two texts on top of each other.

The client's labels go through `widgets.blit_text` (buttons, choices, plates, headings,
summaries), drawn on the screen or into a picture shown later (`widgets.Layer`: the move
log's panel, the name plates), which keeps its texts. The recorder wraps `blit_text`, reads a
picture's texts where it is shown on the screen (the move log's also where the screen keeps
it from the last frame), wraps `widgets.shade` (a dialog's veil: what
lies under it no longer counts) and checks each frame the App draws. The LAN dialogs (host
quit, leaving and continuing a local game) are checked in each translation too. The rules
pages, laid out as pieces, are checked by tests/client/test_rules_help.py in every language
too."""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import NamedTuple

import pygame
import pytest

from game.client import config, i18n, widgets
from game.client.app import App
from game.client.autoplay import AutoPlayer, click, table_scene
from game.client.games import CLIENT_GAMES
from game.client.hosting import start_local
from game.client.players import level_name
from game.client.scenes import Dialog
from game.client.scenes.playon import PlayOnDialog
from game.client.scenes.replays import ReplaysScene, room_replay
from game.client.scenes.steplist import OPEN
from game.client.scenes.title import TitleScene
from game.client.scenes.viewer import ViewerScene
from game.client.tables.movelog import MoveLog
from game.host.room import BOT_NAMES
from game.replay.analysis import Estimate, Mark
from game.replay.playback import open_replay
from game.replay.record import record_game
from tests.client.screens import MENUS
from tests.client.test_lan import host_with_bob
from tests.client.test_play import game_over, run

SIZES = [(960, 540), (1280, 720)]
LIVE = [
    ("quando", 4, {"target": 5}),
    ("blanco", 3, {"max_turns": 9}),
    ("quasenbo", 3, {"hand_size": 3}),
]
"""Short games played live against bots: prompts, action buttons, plates, toasts, the
round summary and the game over of each game."""
SLACK = 1
"""Pixels a text may pass its container's edge by (antialiasing rounds)."""


class Drawn(NamedTuple):
    text: str
    container: pygame.Rect
    where: pygame.Rect


def on_screen(surface: pygame.Surface) -> bool:
    """`surface` is the window's, or a part of it."""
    return surface.get_abs_parent() is pygame.display.get_surface()


class TextRecorder:
    """Every text `widgets.blit_text` draws on the screen and every text of a `widgets.Layer`
    shown on it, frame by frame, and what is wrong with them: a text wider than its container
    or past the screen's edge, or two texts overlapping."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.frame: list[Drawn] = []
        self.problems: set[str] = set()
        self.seen: set[str] = set()
        """Every text checked."""
        self.scene = ""
        blit, shade, draw, fill = widgets.blit_text, widgets.shade, App.draw, pygame.draw.rect
        show_layer, log_draw = widgets.Layer.show, MoveLog.draw

        def recorded_blit(surface, value, size, color, rect, align="center"):
            where = blit(surface, value, size, color, rect, align)
            # Drawn into a picture, it is read where the picture is shown (`shown`).
            if value.strip() and not isinstance(surface.get_abs_parent(), widgets.Picture):
                offset = surface.get_abs_offset()
                self.frame.append(Drawn(value, pygame.Rect(rect).move(offset), where.move(offset)))
            return where

        def shown(layer, surface, pos):
            placed = show_layer(layer, surface, pos)
            if on_screen(surface):
                x, y = surface.get_abs_offset()
                at = (pos[0] + x, pos[1] + y)
                self.frame.extend(
                    Drawn(value, box.move(at), where.move(at))
                    for value, box, where in layer.texts
                    if value.strip()
                )
            return placed

        def covering(surface, color, rect, width=0, *args, **kwargs):
            drawn = fill(surface, color, rect, width, *args, **kwargs)
            # A filled box on the screen hides the texts it covers (a banner over a bar); one
            # drawn offscreen hides none of them.
            if width == 0 and on_screen(surface):
                box = pygame.Rect(rect).move(surface.get_abs_offset())
                self.frame = [d for d in self.frame if not box.contains(d.where)]
            return drawn

        def veiled(surface, alpha=150):
            shade(surface, alpha)
            self.frame.clear()

        def checked_draw(app, surface):
            self.frame = []
            draw(app, surface)
            self.check()

        def logged(log, surface, rect, s, you, *, kept=False, later=False):
            current = log_draw(log, surface, rect, s, you, kept=kept, later=later)
            # A log kept on the screen is not shown anew (nor are new lines left for a
            # later frame): its texts are where they were.
            if kept and on_screen(surface):
                x, y = surface.get_abs_offset()
                at = (rect.left + x, rect.top + y)
                self.frame.extend(
                    Drawn(value, box.move(at), where.move(at))
                    for value, box, where in log.texts
                    if value.strip()
                )
            return current

        monkeypatch.setattr(widgets, "blit_text", recorded_blit)
        monkeypatch.setattr(widgets.Layer, "show", shown)
        monkeypatch.setattr(MoveLog, "draw", logged)
        monkeypatch.setattr(widgets, "shade", veiled)
        monkeypatch.setattr(App, "draw", checked_draw)
        monkeypatch.setattr(pygame.draw, "rect", covering)

    def check(self) -> None:
        self.seen.update(text for text, _box, _where in self.frame)
        legible = widgets.line_height(widgets.MIN_SIZE)
        screen = pygame.display.get_surface().get_rect().inflate(2 * SLACK, 2 * SLACK)
        for text, box, where in self.frame:
            if not screen.contains(where):
                self.problems.add(f"{self.scene}: {text!r} at {tuple(where)} is past the screen")
            if where.left < box.left - SLACK or where.right > box.right + SLACK:
                self.problems.add(
                    f"{self.scene}: {text!r} ({where.width} px) overflows its {box.width} px"
                )
            if re.search(r"…\S", text):  # widgets.shortened(middle=True) cut it
                self.problems.add(f"{self.scene}: {text!r} is cut in its middle")
            if where.width + SLACK < widgets.text_width(text, widgets.MIN_SIZE):
                self.problems.add(f"{self.scene}: {text!r} is cut short to fit its {box.width} px")
            if where.height < legible:
                self.problems.add(
                    f"{self.scene}: {text!r} is {where.height} px high, below "
                    f"the legible {legible} px"
                )
        for a, b in itertools.combinations(self.frame, 2):
            overlap = a.where.clip(b.where)
            if overlap.width > 2 and overlap.height > 2 and a.where != b.where:
                self.problems.add(f"{self.scene}: {a.text!r} overlaps {b.text!r}")


@pytest.fixture
def recorder(monkeypatch) -> TextRecorder:
    return TextRecorder(monkeypatch)


def show(app: App, recorder: TextRecorder, name: str, frames: int = 3) -> None:
    """Run `frames` frames, then draw the screen as it is (a frame draws only after a
    change, and jumping the viewer is none)."""
    recorder.scene = name
    for _frame in range(frames):
        app.frame(1 / 60)
    app.draw(app.screen)


def menus(app: App, recorder: TextRecorder) -> None:
    """Every menu screen and dialog that needs no server; the replay list with a finished
    game (which can be deleted: the question too) and an unfinished one."""
    show(app, recorder, "title")
    logs = config.log_dir()
    logs.mkdir(parents=True, exist_ok=True)
    record_game(logs / "20260101-000000-aaaa.ctr", "quasenbo", 4, 1, {"hand_size": 4})
    record_game(logs / "20260102-000000-bbbb.ctr", "quasenbo", 3, 2, {}, stop_after=9)
    (logs / "20260102-000000-bbbb.secret").write_bytes(b"its host's")
    for name, args in MENUS:
        scene = app.goto(name, *args)
        show(app, recorder, f"{name}{args}")
        if isinstance(scene, ReplaysScene):
            scene.ask_delete(scene.deletes[0][0])
            show(app, recorder, "the question before deleting a replay")
            app.pop(app.top)
        app.pop(scene)
    app.push(
        Dialog(
            app,
            i18n._("Menu"),
            i18n._("Leave the table? A bot plays your seat until you come back."),
            [
                (i18n._("Keep playing"), None),
                (i18n._("Rules"), None),
                (i18n._("Settings"), None),
                (i18n._("Leave"), None),
            ],
        )
    )
    show(app, recorder, "menu dialog")


def tables(app: App, recorder: TextRecorder, golden: Path) -> None:
    """Each game's table as the replay viewer shows it, through a seat's eyes and all open,
    at the start and mid-game."""
    for name in ("quando-5p", "blanco-3p-max-turns", "quasenbo-6p-extended"):
        app.reset(app.scene("title"))
        app.push(ReplaysScene(app, path=golden / f"{name}.ctr"))
        assert run(app, lambda: isinstance(app.top, ViewerScene) and app.top.ready, 30)
        viewer = app.top
        assert isinstance(viewer, ViewerScene) and viewer.playback is not None
        for position in (1, viewer.playback.length // 2, viewer.playback.length):
            for eyes in (0, OPEN):
                viewer.set_eyes(eyes)
                viewer.jump(position)
                show(app, recorder, f"{name} step {position} eyes {eyes}", 20)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", list(i18n.LANGUAGES))
def test_every_menu_fits_in_every_language(make_app, recorder, language, size):
    app = make_app(size=size)
    app.set_language(language)
    menus(app, recorder)
    assert sorted(recorder.problems) == [], "\n".join(sorted(recorder.problems))
    assert {
        i18n._("Quit"),
        i18n._("Animation speed"),
        i18n._("Room code"),
        i18n._("Keep playing"),
        i18n._("Turn timer"),
        i18n._("Delete"),
        i18n._("Keep it"),
    } <= recorder.seen


@pytest.mark.parametrize("language", list(i18n.LANGUAGES))
def test_every_table_fits_in_every_language(make_app, recorder, language, golden):
    app = make_app(size=SIZES[0])
    app.set_language(language)
    tables(app, recorder, golden)
    assert sorted(recorder.problems) == [], "\n".join(sorted(recorder.problems))
    assert {i18n._("Back to the list"), i18n._("All cards open"), i18n._("Eyes")} <= recorder.seen


@pytest.mark.parametrize("language", [c for c in i18n.LANGUAGES if c != i18n.SOURCE])
def test_live_tables_and_their_summaries_fit_in_every_translation(make_app, recorder, language):
    """English, the source, is the shortest: the live tables of the player's view in the
    three translations, to the game's end, with the move log beside them and Quando's score
    sheet."""
    app = make_app(size=SIZES[0])
    app.set_language(language)
    for game, players, options in LIVE:
        start_local(app, game, players, "random", options)
        recorder.scene = f"live {game}"
        assert run(app, lambda: game_over(app), 120, AutoPlayer(app, seed=5)), game
        show(app, recorder, f"{game} over", 30)
        scene = table_scene(app)
        if scene is not None and scene.table.SHEET:  # Quando's score sheet over its summary
            scene.toggle_sheet()
            show(app, recorder, f"{game} score sheet")
        app.to_title()
    assert sorted(recorder.problems) == [], "\n".join(sorted(recorder.problems))
    assert {
        i18n._("Knock"),
        i18n._("Discard pile"),
        i18n._("Player"),
        i18n._("Total"),
        i18n._("Rematch"),
        i18n._("Score sheet"),
        i18n._("S or Esc closes the sheet"),
        i18n._("Moves  ·  L hides, wheel scrolls"),
    } <= recorder.seen


@pytest.mark.parametrize("language", [c for c in i18n.LANGUAGES if c != i18n.SOURCE])
def test_the_lan_dialogs_fit_in_every_translation(make_app, recorder, language, private_folders):
    """The dialogs of a LAN evening (issue 23) at the smallest window: the host's menu and
    question before leaving the table, closing the hosting window mid-game, the title's way
    back to the host's seat, leaving a local game, and the offer to continue it."""
    app = make_app(size=SIZES[0])
    app.set_language(language)
    bob = host_with_bob(app, private_folders)
    try:
        scene = table_scene(app)
        assert scene is not None
        scene.open_menu()
        show(app, recorder, "host menu")
        app.pop()
        scene.ask_leave()
        show(app, recorder, "host leaves the table")
        app.pop()
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        assert run(app, lambda: isinstance(app.top, Dialog), 2, also=bob.pump)
        show(app, recorder, "host quit")
        scene.leave()
        assert run(app, lambda: isinstance(app.top, TitleScene), 5, also=bob.pump)
        app.reset(app.scene("title"))
        show(app, recorder, "title: back to the hosted game")
    finally:
        bob.session.close()
    start_local(app, "quando", 4, "random", {})
    assert run(app, lambda: table_scene(app) is not None, 20)
    scene = table_scene(app)
    assert scene is not None
    scene.ask_leave()
    show(app, recorder, "leave a local game")
    app.to_title()
    title = app.top
    assert isinstance(title, TitleScene)
    title.quick()
    assert run(app, lambda: isinstance(app.top, Dialog), 5)
    show(app, recorder, "continue offer")
    assert sorted(recorder.problems) == [], "\n".join(sorted(recorder.problems))
    assert {
        i18n._("Quit anyway"),
        i18n._("Keep it for later"),
        i18n._("Continue your game"),
    } <= recorder.seen


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", list(i18n.LANGUAGES))
def test_the_play_on_dialog_fits_eight_seats(make_app, recorder, tmp_path, language, size):
    """Quäsenbö's eight seats in the play-on dialog, with long names: every label fits its
    button, choice or line, and every widget the box, which fits the window."""
    path = tmp_path / "eight.ctr"
    seats = [{"name": "Annabelle-Marie", "kind": "human", "level": None}] + [
        {"name": f"{name} (hard bot)", "kind": "bot", "level": "hard"} for name in BOT_NAMES[1:]
    ]
    record_game(path, "quasenbo", 8, 3, {"hand_size": 4}, seats=seats, policy_seed=1)
    app = make_app(size=size)
    app.set_language(language)
    app.push(ReplaysScene(app, path=path))
    assert run(app, lambda: isinstance(app.top, ViewerScene) and app.top.ready, 30)
    viewer = app.top
    assert isinstance(viewer, ViewerScene)
    viewer.jump(5)
    viewer.ask_play_on()
    dialog = app.top
    assert isinstance(dialog, PlayOnDialog) and dialog.levels == ["normal"] + ["hard"] * 7
    show(app, recorder, "play on, 8 seats")
    dialog.seat_buttons[7].activate()
    dialog.mode_choice.step(1)
    show(app, recorder, "play on, 8 seats, the last taken, reshuffled")
    assert sorted(recorder.problems) == [], "\n".join(sorted(recorder.problems))
    assert app.screen.get_rect().contains(dialog.box)
    assert all(dialog.box.contains(widget.rect) for widget in dialog.form.widgets)
    assert {
        i18n._("Play on"),
        i18n._("you"),
        level_name("hard"),
        level_name("normal"),
        i18n._("The same cards still to come."),
        i18n._("The cards no seat had seen are shuffled anew."),
    } <= recorder.seen


def test_the_recorder_finds_an_overflow_and_an_overlap(make_app, recorder):
    app = make_app(size=SIZES[0])
    surface = app.screen
    recorder.frame = []
    widgets.blit_text(
        surface,
        "Einstellungsdateiübersetzungsprobleme " * 4,
        30,
        (255, 255, 255),
        pygame.Rect(10, 10, 4, 30),
    )
    widgets.blit_text(surface, "Overlap", 20, (255, 255, 255), pygame.Rect(10, 10, 400, 30), "left")
    recorder.frame.append(Drawn("tiny", pygame.Rect(10, 100, 50, 20), pygame.Rect(10, 100, 20, 6)))
    recorder.check()
    assert len(recorder.problems) == 4, recorder.problems  # too wide, so also cut short


def test_the_recorder_reads_a_layers_texts_where_it_is_shown(make_app, recorder):
    """A picture kept offscreen (`widgets.Layer`) is checked where it shows: its words at its
    place on the screen (not at its own origin, over the title bar), a word past the screen's
    edge found, and one past its box."""
    app = make_app(size=SIZES[0])
    layer = widgets.Layer()
    assert layer.redraw((200, 100), "first")
    widgets.blit_text(
        layer.surface, "Heading", 20, (255, 255, 255), pygame.Rect(10, 10, 180, 30), "left"
    )
    line = widgets.text("a logged move", 18)
    layer.blit_line(line, "a logged move", (10, 50), pygame.Rect(10, 50, 180, line.get_height()))
    assert not layer.redraw((200, 100), "first") and len(layer.texts) == 2

    recorder.frame = []
    widgets.blit_text(app.screen, "Title", 20, (255, 255, 255), pygame.Rect(10, 10, 180, 30))
    layer.show(app.screen, (500, 300))
    recorder.check()
    assert recorder.problems == set()
    assert recorder.frame[-1].where.topleft == (510, 350)

    recorder.frame = []
    widgets.blit_text(
        app.screen, "Over it", 20, (255, 255, 255), pygame.Rect(520, 310, 180, 30), "left"
    )
    layer.show(app.screen, (500, 300))
    recorder.check()
    assert [p for p in recorder.problems if "overlaps" in p], recorder.problems

    recorder.problems.clear()
    recorder.frame = []
    layer.show(app.screen, (SIZES[0][0] - 60, 300))  # its words past the right edge
    recorder.check()
    assert [p for p in recorder.problems if "past the screen" in p], recorder.problems

    recorder.problems.clear()
    assert layer.redraw((200, 100), "second") and layer.texts == []
    widgets.blit_text(
        layer.surface,
        "Zahlungsunfähigkeitsversicherung",
        30,
        (255, 255, 255),
        pygame.Rect(10, 10, 900, 30),
    )
    layer.blit_line(line, "a logged move", (10, 50), pygame.Rect(10, 50, 40, 20))
    recorder.frame = []
    layer.show(app.screen, (100, 100))
    recorder.check()
    assert len([p for p in recorder.problems if "overflows" in p]) == 1, recorder.problems


COSTLIEST = [
    *(("quasenbo", 2, {"hand_size": 7}, SIZES[1], code) for code in i18n.LANGUAGES),
    *(("blanco", 2, {"max_turns": 8}, size, code) for size in SIZES for code in ("de", "it")),
]
"""Game-over screens with the costliest choice: Quäsenbö's in every language, and Blanco's
(a long move's words over the turn limit's line) in German and Italian in both sizes."""


@pytest.mark.parametrize(("game", "players", "options", "size", "language"), COSTLIEST)
def test_the_costliest_choice_is_read_whole_on_the_game_over(
    make_app, recorder, game, players, options, size, language
):
    """The game-over screen with the costliest choice worded from the player's longest play
    of the game: the line is wrapped to the dialog at a legible size, every word drawn, none
    cut short, none over the scores, the game's last words or the buttons."""
    app = make_app(size=size)
    app.set_language(language)
    start_local(app, game, players, "random", options)
    assert run(app, lambda: game_over(app), 120, AutoPlayer(app, seed=5))
    scene = table_scene(app)
    assert scene is not None and scene.overlay() is not None
    assert run(app, lambda: scene.analysis_job is None, 180)
    path = room_replay(scene.room_id)
    playback = open_replay(path)
    mine = [e for e in playback.entries if e.seat == 0]
    entry = max(mine, key=lambda e: len(CLIENT_GAMES[game].advice_words(e.action, e.before)))
    step = playback.entries.index(entry) + 1
    long = Mark(
        step, 0, entry.action, Estimate(0.3249, 0.01, 90), entry.action, Estimate(0.4551, 0.01, 700)
    )
    scene.costliest_words = scene.choice_words(long, path)
    assert "14" in scene.costliest_words  # 46 − 32 percentage points, as shown
    show(app, recorder, "game over with the costliest choice")
    assert sorted(recorder.problems) == [], "\n".join(sorted(recorder.problems))
    words = scene.summary_line()  # with the hints used
    assert words.startswith(scene.costliest_words)
    drawn = [d for d in recorder.frame if len(d.text) > 8 and d.text in words]
    # Every word, in order (a break between the line's parts drops the "·" between them).
    said = " ".join(d.text for d in drawn).split()
    assert [w for w in said if w != "·"] == [w for w in words.split() if w != "·"]
    for text, _box, where in drawn:
        assert where.width + SLACK >= widgets.text_width(text, widgets.MIN_SIZE), f"{text!r} cut"


@pytest.mark.parametrize("language", [c for c in i18n.LANGUAGES if c != i18n.SOURCE])
def test_the_score_sheet_before_any_round_is_over_fits(make_app, recorder, language):
    """Quando's score sheet opened in the first round at 960×540: its "no round over yet"
    line is whole ("noch kein D…" was cut to the first column's width)."""
    app = make_app(size=SIZES[0])
    app.set_language(language)
    start_local(app, "quando", 4, "random", {})
    assert run(app, lambda: table_scene(app) is not None, 20)
    table_scene(app).toggle_sheet()
    show(app, recorder, "score sheet, first round")
    assert sorted(recorder.problems) == [], "\n".join(sorted(recorder.problems))
    assert i18n._("no round over yet") in recorder.seen


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", list(i18n.LANGUAGES))
def test_eight_seats_name_plates_are_read_whole(make_app, recorder, language, size):
    """Quäsenbö with eight seats, live and in the replay viewer: every plate's name is whole
    – a bot's level leaves a plate too narrow for it ("Dario (n…mal bot)" read nothing),
    its name stays."""
    app = make_app(size=size)
    app.set_language(language)
    start_local(app, "quasenbo", 8, "random", {"double": True, "hand_size": 4})
    assert run(
        app,
        lambda: (
            table_scene(app) is not None
            and app.session.last is not None
            and app.session.last["step"] >= 8
        ),
        60,
        AutoPlayer(app, seed=1),
    )
    room = app.session.room_id
    show(app, recorder, "eight seats live", 30)
    assert BOT_NAMES[3] in recorder.seen
    app.to_title()
    app.push(ViewerScene(app, room_replay(room)))
    assert run(app, lambda: isinstance(app.top, ViewerScene) and app.top.ready, 30)
    viewer = app.top
    viewer.jump(8)
    show(app, recorder, "eight seats in the viewer", 20)
    assert sorted(recorder.problems) == [], "\n".join(sorted(recorder.problems))


@pytest.mark.parametrize("language", list(i18n.LANGUAGES))
def test_a_spectators_banner_leaves_the_title_whole(make_app, recorder, tmp_path, language):
    """Watching each game at 960×540: the "Watching" banner sits in the top bar beside the
    title, neither over it nor over the buttons, and the title keeps its parts whole."""
    from game.host.embedded import start_embedded

    app = make_app(size=SIZES[0])
    app.set_language(language)
    server = start_embedded(log_dir=tmp_path / "logs")
    try:
        watch_every_game(app, recorder, server.port)
    finally:
        server.stop()
    assert sorted(recorder.problems) == [], "\n".join(sorted(recorder.problems))


def watch_every_game(app: App, recorder: TextRecorder, port: int) -> None:
    """Watch a bot game of each game on the server at `port`, drawn as the recorder sees it."""
    from tests.client.test_play import SMALL, Helper, button, join_screen

    for game in ("quando", "blanco", "quasenbo"):
        players, options = SMALL[game]
        helper = Helper(port)
        try:
            room = helper.host(game, players, options, bots=players - 1)
            helper.net.send({"t": "start", "room": room})
            helper.wait(lambda m: m["t"] == "update")
            join = join_screen(app, port)
            click(button(join.room_buttons, i18n._("Watch")).rect.center)
            assert run(app, lambda: table_scene(app) is not None, 10)
            show(app, recorder, f"watching {game}", 20)
            assert i18n._("Watching – Tab to change seat") in recorder.seen
            app.to_title()
        finally:
            helper.close()


def empty_band(surface: pygame.Surface, box: pygame.Rect) -> int:
    """The tallest band of rows inside `box` (its edge left out) holding nothing but the
    panel's own colour: the gap a dialog leaves between its words and its buttons."""
    inner = box.inflate(-12, -12)
    ground = surface.get_at((inner.left + 2, inner.centery))
    tallest = run_ = 0
    for y in range(inner.top, inner.bottom):
        # the panel is nearly opaque: what lies under it shows through a little
        if all(
            max(abs(a - b) for a, b in zip(surface.get_at((x, y)), ground)) < 40
            for x in range(inner.left, inner.right, 2)
        ):
            run_ += 1
            tallest = max(tallest, run_)
        else:
            run_ = 0
    return tallest


@pytest.mark.parametrize("size", SIZES)
def test_a_dialog_is_as_tall_as_its_words_and_buttons(make_app, size):
    """The table's menu, the offer to continue a game and the deal-again question: no large
    empty band between their words and their buttons (a fixed 320-pixel box left one)."""
    app = make_app(size=size)
    bodies = [
        i18n._("Leave this game and go back to the title screen?"),
        i18n._(
            "Your game of {game} is not finished. Continue where you left it, or start a "
            "new game (the unfinished one stays to continue later)."
        ).format(game="Quando"),
        i18n._(
            "The same cards in the same order. Rotated, you take the next seat and its "
            "hand, the duplicate way; at the end both results are side by side."
        ),
    ]
    for body in bodies:
        dialog = app.push(Dialog(app, "Menu", body, [("Keep playing", None), ("Leave", None)]))
        app.draw(app.screen)
        gap = empty_band(app.screen, dialog.box)
        assert gap <= 40 * dialog.s, (body, gap)
        app.pop(dialog)


@pytest.mark.parametrize("language", list(i18n.LANGUAGES))
def test_the_winner_row_has_one_clean_separator(make_app, recorder, language):
    """The game over's winner row reads "1.  Name – winner" in every language: one dash
    with one space either side ("Basil (bot facile)  - ha vinto" had two and a hyphen)."""
    app = make_app(size=SIZES[1])
    app.set_language(language)
    start_local(app, "quasenbo", 2, "random", {"hand_size": 3})
    assert run(app, lambda: game_over(app), 120, AutoPlayer(app, seed=5))
    show(app, recorder, "game over")
    rows = [
        text.split(".", 1)[1].strip()
        for text, _box, _where in recorder.frame
        if re.match(r"\d\.  \S", text)
    ]
    won = [row for row in rows if "–" in row]
    assert len(rows) == 2 and won, rows
    for row in won:
        assert re.fullmatch(r"\S(.*\S)? – \S(.*\S)?", row) and "  " not in row, repr(row)
