"""The analysis in the replay viewer, headless with the real client: the win-chance graph is
drawn along the scrub bar from a cached analysis at once, a click on it jumps there, the
marked mistake is in the step list in words, the two views switch, and an analysis started
from the viewer reports progress and can be cancelled."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.client import graph, i18n, palette
from game.client.autoplay import AutoPlayer, click, table_scene
from game.client.hosting import start_local
from game.client.scenes import Dialog
from game.client.scenes.playon import PlayOnDialog
from game.client.scenes.replays import room_replay
from game.client.scenes.viewer import ViewerScene
from game.replay.analysis import analyse, cache_path, replay_hash, write_cache
from game.replay.log import read_replay
from game.replay.origin import first_state
from game.replay.record import record_game
from game.replay.verify import verify_replay
from game.rules import new_game
from tests.client.test_play import button, game_over, run
from tests.replay.test_analysis import QUICK_QUASENBO, knock_game, penalty_game


@pytest.fixture
def analysed(tmp_path) -> Path:
    """The planted Quando knock (a mistake at step 9), its analysis cached."""
    path = knock_game(tmp_path / "knock.ctr")
    write_cache(analyse(path, jobs=1, effort=QUICK_QUASENBO, use_cache=False))
    return path


def opened(app, path: Path, **options) -> ViewerScene:
    scene = app.push(ViewerScene(app, path, **options))
    assert run(app, lambda: scene.ready, 30)
    return scene


def test_a_cached_analysis_is_drawn_and_a_click_on_the_graph_jumps(make_app, analysed):
    app = make_app()
    scene = opened(app, analysed)
    assert run(app, lambda: scene.analysis is not None, 10), scene.analysis_note
    assert scene.analysis.cached
    app.draw(app.screen)
    rect = scene.geo.graph
    colors = {
        app.screen.get_at((x, y))[:3]
        for x in range(rect.left, rect.right, 2)
        for y in range(rect.top, rect.bottom)
    }
    assert palette.SEAT_LINES[0] in colors and palette.SEAT_LINES[1] in colors
    assert palette.DANGER in colors  # the marks
    length = scene.playback.length
    click((graph.x_of(rect, 4, length), rect.centery))
    assert run(app, lambda: scene.playback.position == 4, 5)
    click((graph.x_of(rect, 9, length), rect.top + 5))
    assert run(app, lambda: scene.playback.position == 9, 5)


def test_the_mistake_is_in_the_step_list_with_the_better_play(make_app, analysed):
    app = make_app()
    scene = opened(app, analysed, position=9)
    assert run(app, lambda: scene.analysis is not None, 10)
    first, second = scene.step_texts(9)
    assert "knocks" in first and first.startswith("!")
    assert second.startswith("knocks: 0%; plays ")
    assert 9 in {m.step for m in scene.analysis.marks}


@pytest.mark.parametrize(
    ("code", "step_line", "mark_line"),
    [
        ("de", "klopft", "klopft: 0\xa0%; spielt "),
        ("fr", "frappe", "frappe\xa0: 0\xa0%\xa0; joue "),
    ],
)
def test_the_step_line_and_the_mistake_speak_the_players_language(
    make_app, analysed, code, step_line, mark_line
):
    app = make_app()
    i18n.set_language(code)
    scene = opened(app, analysed, position=9)
    assert run(app, lambda: scene.analysis is not None, 10)
    first, second = scene.step_texts(9)
    assert first.endswith(step_line) and "bot)" not in first
    assert second.startswith(mark_line)
    app.draw(app.screen)


def test_the_estimates_toggle_between_own_view_and_every_card(make_app, analysed):
    app = make_app()
    scene = opened(app, analysed)
    assert run(app, lambda: scene.analysis is not None, 10)
    assert scene.estimates == "fair" and scene.estimates_choice.visible
    rect = scene.estimates_choice.rect
    click((rect.right - 8, rect.centery))
    assert run(app, lambda: scene.estimates == "seeing", 5)
    assert scene.analysis.curve("seeing") != scene.analysis.curve("fair")


def test_the_viewer_analyses_with_progress_and_can_cancel(make_app, tmp_path):
    path = penalty_game(tmp_path / "penalty.ctr")
    app = make_app()
    scene = opened(app, path)
    assert scene.analysis is None and scene.analysis_job is None  # nothing cached: a button
    click(scene.analyse_button.rect.center)
    assert run(app, lambda: scene.analysis_job is not None, 5)
    assert scene.analyse_button.label == "Cancel"
    click(scene.analyse_button.rect.center)
    assert run(app, lambda: scene.analysis_job is None, 30)
    assert scene.analysis is None and "cancelled" in scene.analysis_note
    assert not cache_path(replay_hash(path.read_bytes())).exists()
    scene.start_analysis()
    assert run(app, lambda: scene.analysis is not None, 120), scene.analysis_note
    assert scene.analysis_job is None and cache_path(replay_hash(path.read_bytes())).exists()
    assert [m.step for m in scene.analysis.marks] == [3]


def test_the_game_over_screen_opens_the_costliest_choice_on_its_mark(make_app):
    """The game-over screen names the player's costliest choice only where the analysis
    marked it a mistake: Analysis opens the viewer on that mark (the better move in the step
    list), and Play on from there goes on before the choice. Without a marked mistake it says
    so, and the viewer opens at the start."""
    app = make_app(speed=4.0)
    start_local(app, "quasenbo", 2, "random", {"hand_size": 7})
    assert run(app, lambda: game_over(app), 120, AutoPlayer(app, seed=3))
    scene = table_scene(app)
    form = scene.overlay()
    job = scene.analysis_job
    assert job is not None
    assert run(app, lambda: scene.analysis_job is None, 180), "the analysis never finished"
    assert job.result is not None, job.error
    mark = scene.costliest
    assert mark == job.result.costliest_choice(0)
    words = scene.analysis_words()
    click(button(form, "Analysis").rect.center)
    assert run(app, lambda: isinstance(app.top, ViewerScene) and app.top.ready, 30)
    viewer = app.top
    if mark is not None:  # P at once, before the viewer's own analysis is in
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p"))
        assert run(app, lambda: isinstance(app.top, PlayOnDialog), 5)
        assert viewer.play_from == mark.step - 1
        app.pop(app.top)
    assert run(app, lambda: viewer.analysis is not None, 10)
    assert viewer.analysis.cached  # the game-over screen's analysis, from its cache
    if mark is None:
        assert not [m for m in viewer.analysis.marks if m.seat == 0]
        assert words.startswith("No clear mistake"), words
        assert viewer.playback.position == 0
    else:
        assert mark in viewer.analysis.marks and mark.seat == scene.table.seat == 0
        assert words.startswith(f"Your costliest choice, step {mark.step} of "), words
        assert "percentage points" in words and "[" not in words
        assert viewer.playback.position == mark.step
        assert viewer.mark_shown() == mark
        first, second = viewer.step_texts(mark.step)
        assert first.startswith("!") and second  # the better move, in words
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p"))
        assert run(app, lambda: isinstance(app.top, PlayOnDialog), 5)
        assert viewer.play_from == mark.step - 1
        assert app.top.body.startswith(f"From step {mark.step}, before "), app.top.body
        app.pop(app.top)
    # Opened from the game-over screen, its Back goes there and says no more.
    assert viewer.back_button.label == "Back"
    click(viewer.back_button.rect.center)
    assert run(app, lambda: app.top is scene, 5)


def test_a_hint_alone_with_bots_by_key_is_counted_in_the_game_summary(make_app):
    app = make_app(speed=4.0)
    start_local(app, "quasenbo", 2, "random", {"hand_size": 3})

    def my_turn() -> bool:
        scene = table_scene(app)
        last = app.session.last if app.session is not None else None
        return scene is not None and last is not None and bool(last.get("legal"))

    assert run(app, my_turn, 60)
    scene = table_scene(app)
    assert scene.hints_allowed and scene.hint_button.visible
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))
    assert run(
        app, lambda: any(item[0].startswith("Hint: ") for item in scene.table.toasts.items), 30
    ), "no hint came"
    assert scene.hints_used == 1  # the server's count, from the room map
    shown = [item[0] for item in scene.table.toasts.items]
    assert "Thinking about a hint…" not in shown, "the hint came: the wait for it is over"
    hint = next(item[0] for item in scene.table.toasts.items if item[0].startswith("Hint: "))
    assert "[" not in hint, "the action in words, not its shape"
    verb = hint.removeprefix("Hint: ").split()[0]
    assert verb in ("play", "draw", "pass"), f"a suggestion to the player: {hint!r}"
    assert app.session.room["hints_allowed"]
    # Once the game moves on from the decision it was for, the hint goes.
    step = app.session.last["step"]
    assert run(app, lambda: app.session.last["step"] > step, 30, AutoPlayer(app, seed=3))
    assert hint not in [item[0] for item in scene.table.toasts.items]
    assert run(app, lambda: game_over(app), 120, AutoPlayer(app, seed=3))
    assert "Hints used: 1" in scene.summary_line()
    job = scene.analysis_job  # the game-over screen's analysis stops when the scene goes
    app.to_title()
    assert job is None or (job.wait(30) and (job.result is not None or job.error is not None))


def test_a_deal_played_again_with_rotated_seats_deals_the_same_cards(make_app):
    app = make_app(speed=4.0)
    start_local(app, "quasenbo", 2, "random", {"hand_size": 3})
    assert run(app, lambda: game_over(app), 120, AutoPlayer(app, seed=2))
    first = table_scene(app)
    old = read_replay(room_replay(first.room_id))
    click(button(first.overlay(), "Deal again").rect.center)
    assert run(app, lambda: isinstance(app.top, Dialog), 5)
    click(button(app.top.form, "Seats rotated").rect.center)

    def dealt() -> bool:
        scene = table_scene(app)
        return scene is not None and scene.room_id != first.room_id

    assert run(app, dealt, 30), "the deal was not dealt again"
    scene = table_scene(app)
    seed = old.end["seed"]
    assert app.session.seat == 1 and scene.again is not None and scene.again.old_seat == 0
    assert scene.table.seat == 1
    assert run(app, lambda: game_over(app), 120, AutoPlayer(app, seed=4))
    scene.overlay()
    new = read_replay(room_replay(scene.room_id))
    assert new.header["again"] == replay_hash(room_replay(first.room_id).read_bytes())
    assert new.end["seed"] == seed
    deal = new_game("quasenbo", 2, seed, old.header["options"])
    assert new.header["digest0"] == old.header["digest0"] == deal.digest()[:8]
    assert [s["kind"] for s in new.header["seats"]] == ["bot", "human"]  # seat 1's hand
    old_scores = old.end["result"]["scores"]
    assert scene.before_words(0) == f"before: {old_scores[0]} (you)"
    assert scene.before_words(1) == f"before: {old_scores[1]}"


def test_playing_on_from_a_step_of_a_replay_reshuffled(make_app, tmp_path):
    """From the viewer at step 10 (key P): take seat 1, an easy bot at seat 0 (a person's
    seat: offered a normal bot at first), reshuffled; the new local game opens at that step
    with seat 1's view exactly as it was there, plays to its end, and its log names its
    origin and its bot and verifies on its own."""
    path = tmp_path / "old.ctr"
    record_game(path, "quasenbo", 2, 41, {"hand_size": 5}, policy_seed=2)
    app = make_app(speed=4.0)
    scene = opened(app, path, position=10)
    before = scene.playback.view(1)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p"))
    assert run(app, lambda: isinstance(app.top, PlayOnDialog), 5)
    dialog = app.top
    assert dialog.seat == 0 and dialog.levels == ["normal", "random"]
    click(dialog.seat_buttons[1].rect.center)
    assert run(app, lambda: dialog.seat == 1, 2) and not dialog.level_choices[1].visible
    click(dialog.level_choices[0].rect.move(4, 0).midleft)  # one level down
    click(dialog.mode_choice.rect.center)
    assert run(app, lambda: dialog.mode == "reshuffled", 2)
    assert dialog.levels == ["easy", "random"]
    click(button(dialog.form, "Play on").rect.center)
    assert run(app, lambda: table_scene(app) is not None, 30), "the game did not start"
    table = table_scene(app)
    assert app.session.seat == 1 and table.table.seat == 1
    assert run(app, lambda: game_over(app), 120, AutoPlayer(app, seed=5))
    new = read_replay(room_replay(table.room_id))
    origin = new.header["origin"]
    assert (origin["replay"], origin["step"], origin["mode"]) == (
        replay_hash(path.read_bytes()),
        10,
        "reshuffled",
    )
    assert verify_replay(new).ok
    start = first_state(new.header, new.end["seed"])
    assert start.step == 10 and start.view(1) == before
    assert [(seat["kind"], seat["level"]) for seat in new.header["seats"]] == [
        ("bot", "easy"),
        ("human", None),
    ]
    # Its replay begins where it was played on from, not with a deal.
    viewer = opened(app, room_replay(table.room_id))
    assert viewer.step_texts(0) == ("   0  Played on from step 10 of another game", "Reshuffled")


def test_playing_on_from_a_marked_mistake_starts_at_the_decision(make_app, analysed):
    """On the marked knock (step 9) the dialog says the game goes on before it, the marked
    seat is offered, and the new game's first decision is that seat's, with the better
    move among its legal actions."""
    app = make_app(speed=4.0)
    scene = opened(app, analysed, position=9)
    assert run(app, lambda: scene.analysis is not None, 10)
    mark = next(m for m in scene.analysis.marks if m.step == 9)
    scene.ask_play_on()
    assert run(app, lambda: isinstance(app.top, PlayOnDialog), 5)
    dialog = app.top
    name = scene.shown_name(mark.seat)
    assert dialog.body.startswith(
        f"From step 9, before {name}'s choice (knocks): {name} decides first."
    ), dialog.body
    assert dialog.seat == mark.seat
    click(button(dialog.form, "Play on").rect.center)
    assert run(app, lambda: table_scene(app) is not None and app.session.last is not None, 30)
    last = app.session.last
    assert last["step"] == 8 and last["to_move"] == mark.seat == app.session.seat
    assert mark.better in last["legal"] and mark.action in last["legal"]


def test_the_play_on_dialog_says_which_step_comes_next_and_who_decides(make_app, analysed):
    app = make_app()
    scene = opened(app, analysed, position=4)
    scene.ask_play_on()
    assert run(app, lambda: isinstance(app.top, PlayOnDialog), 5)
    first = scene.shown_name(scene.playback.state().to_move)
    assert app.top.body.startswith(f"The game goes on with step 5: {first} decides first.")


def test_a_played_on_game_dealt_again_goes_on_from_the_same_step_with_the_same_bots(
    make_app, tmp_path
):
    """Played on from step 6 of a three-seat game, an easy and a random bot beside the
    player: its Deal again (same seats) goes on from that step again, with the same cards
    and the same bots – not a fresh deal, nor every bot at the first one's level."""
    path = tmp_path / "old.ctr"
    record_game(path, "quasenbo", 3, 17, {"hand_size": 4}, policy_seed=3)
    app = make_app(speed=4.0)
    viewer = opened(app, path, position=6)
    viewer.play_from = 6
    viewer.play_on(0, "as_it_was", ("normal", "easy", "random"))
    assert run(app, lambda: game_over(app), 120, AutoPlayer(app, seed=4))
    first = table_scene(app)
    played_on = read_replay(room_replay(first.room_id))
    assert played_on.header["origin"]["step"] == 6
    click(button(first.overlay(), "Deal again").rect.center)
    assert run(app, lambda: isinstance(app.top, Dialog), 5)
    click(button(app.top.form, "Same seats").rect.center)

    def dealt() -> bool:
        scene = table_scene(app)
        return scene is not None and scene.room_id != first.room_id and app.session.last is not None

    assert run(app, dealt, 30), "the game was not dealt again"
    assert app.session.last["step"] == 6, "it goes on from the step the first one did"
    again = read_replay(room_replay(table_scene(app).room_id))
    assert again.header["origin"] == played_on.header["origin"]
    assert again.header["seats"] == played_on.header["seats"]
    assert [(s["kind"], s["level"]) for s in again.header["seats"]] == [
        ("human", None),
        ("bot", "easy"),
        ("bot", "random"),
    ]
    assert run(app, lambda: game_over(app), 120, AutoPlayer(app, seed=4))
    assert read_replay(room_replay(table_scene(app).room_id)).end["seed"] == played_on.end["seed"]
