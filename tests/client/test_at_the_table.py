"""At the table: the move log in the step list's words, the bot pace, pausing, watching,
and the question before leaving a running game."""

from __future__ import annotations

import itertools
import random
import time

import pygame
import pytest

from game.client import i18n
from game.client.autoplay import AutoPlayer, click, run_frames, table_scene
from game.client.config import PACES
from game.client.games import CLIENT_GAMES
from game.client.hosting import start_local
from game.client.scenes import Confirm, Dialog
from game.client.tables.controls import CARDS_WAIT, CHOICE_WAITS
from game.client.tables.hud import Hud
from game.rules import new_game

NAMES = ["Ann", "Bob", "Cleo"].__getitem__
QUANDO, BLANCO, QUASENBO = (CLIENT_GAMES[g] for g in ("quando", "blanco", "quasenbo"))


def test_steps_name_the_cards_not_their_codes():
    play = {"type": "play", "seat": 1, "card": "ace-knots", "run": 3}
    assert QUASENBO.event_words(play, NAMES) == "Bob plays the Ace of Knots, a run of 3"
    betrayal = {"type": "play", "seat": 2, "card": "betrayal#2", "run": 1}
    assert QUASENBO.event_words(betrayal, NAMES) == "Cleo plays the Betrayal"
    chain = {
        "type": "eliminate",
        "seat": 0,
        "line": "column",
        "index": 2,
        "cards": ["sky:7", "sky:9"],
        "chain": True,
    }
    assert BLANCO.event_words(chain, NAMES) == (
        "Chain reaction! Ann removes column 3: sky 7, sky 9"
    )


def test_counts_agree_with_their_nouns():
    one = {"type": "penalty", "seat": 0, "count": 1}
    two = {"type": "penalty", "seat": 0, "count": 2}
    assert QUASENBO.event_words(one, NAMES) == "Quäsenbö! Ann draws a penalty card"
    assert QUASENBO.event_words(two, NAMES) == "Quäsenbö! Ann draws 2 penalty cards"
    hidden = {"type": "draw", "seat": 1, "penalty": True}
    assert not QUASENBO.event_words(hidden, NAMES), "the penalty line already said it"


@pytest.mark.parametrize("game", ["quando", "blanco", "quasenbo"])
def test_every_legal_action_is_worded_in_each_language_from_the_seats_view(game):
    """The hint, the viewer's step line and its analysis marks word actions so: never the
    action's raw shape, and in German or French never the English words; the hint says it
    to the player ("play 3, 3"), not of them ("plays 3, 3")."""
    options = {"excuse": True} if game == "quasenbo" else {}
    state = new_game(game, 3, 5, options)
    words = CLIENT_GAMES[game]
    rng = random.Random(5)
    try:
        for _step in range(60):
            if state.is_over:
                break
            view = state.view(state.to_move)
            for action in state.legal_actions():
                i18n.set_language("en")
                english = words.action_words(action, view)
                advice = words.advice_words(action, view)
                assert not english.startswith("["), (action, english)
                assert not advice.startswith("[") and advice != english, (action, advice)
                for code in ("it", "de", "fr"):
                    i18n.set_language(code)
                    assert words.action_words(action, view) != english, (code, action)
                    assert words.advice_words(action, view) not in (advice, english), (code, action)
            state.apply(rng.choice(state.legal_actions()))
    finally:
        i18n.set_language(i18n.SOURCE)


def test_a_run_is_worded_in_ascending_order_however_it_was_picked():
    """Picked 3, 2, 1 (keys or clicks in that order), a run reads "1, 2, 3" in the move log,
    the viewer's steps and a hint."""
    run = {"type": "play", "seat": 0, "fronts": [3, 2, 1], "triplet": False}
    assert QUANDO.event_words(run, NAMES) == "Ann plays 1, 2, 3"
    view = {"seat": 0, "hands": [{"fronts": [1, 9, 2, 3]}]}
    assert QUANDO.action_words(["play", [3, 2, 0]], view) == "plays 1, 2, 3"
    assert QUANDO.advice_words(["play", [3, 2, 0]], view) == "play 1, 2, 3"


def test_an_action_names_its_cards_from_the_view_before_it():
    view = {"seat": 1, "hands": [None, ["ace-knots", "excuse"]]}
    assert QUASENBO.action_words(["play", 0], view) == "plays the Ace of Knots"
    assert QUASENBO.action_words(["play", 1, "moons"], view) == "plays the Excuse as moons"
    assert QUASENBO.action_words(["play", 7], view) == '["play", 7]', "no card: its shape"
    quando = {"seat": 0, "hands": [{"fronts": [4, 4, 4, 9]}]}
    assert QUANDO.action_words(["play", [0, 1, 2]], quando) == "plays 4, 4, 4 – a triplet"
    assert QUANDO.advice_words(["play", [0, 1, 2]], quando) == "play 4, 4, 4 – a triplet"
    assert QUANDO.advice_words(["draw", "down"], quando) == "draw from the hidden side"


def bot_lines_with_times(app, wanted: int) -> list[tuple[float, str, str]]:
    """Play the human seat by clicks until `wanted` lines about bots are in the move log;
    each with the game time it appeared and the name of the bot it is about."""
    seen: list[tuple[float, str, str]] = []
    count = 0
    player = AutoPlayer(app, seed=2)

    def look() -> None:
        nonlocal count
        scene = table_scene(app)
        if scene is not None:
            lines = scene.table.log.lines
            for text, seat in lines[count:]:
                if seat is not None and seat != 0:
                    seen.append((app.clock_time, text, scene.table.seats.name(seat)))
            count = len(lines)
        player()

    run_frames(app, lambda: len(seen) >= wanted, 90, look)
    return seen


def test_at_the_default_pace_every_bot_step_stays_readable(make_app):
    app = make_app(speed=4.0, pace="normal")
    start_local(app, "quando", 3, "random", {"target": 12})
    seen = bot_lines_with_times(app, 8)
    assert len(seen) >= 8
    gaps = [b[0] - a[0] for a, b in zip(seen, seen[1:])]
    # A whole second or more even at the fastest animations (the frame step is 1/120 s).
    assert min(gaps) >= PACES["normal"] - 0.02, gaps
    assert all(name in text for _, text, name in seen), seen


def test_space_pauses_the_queue_and_starts_it_again(make_app):
    app = make_app(pace="normal")
    start_local(app, "quasenbo", 3, "random", {"hand_size": 3})
    assert run_frames(app, lambda: table_scene(app) is not None, 20)
    scene = table_scene(app)
    press = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")
    scene.handle(press)
    assert scene.table.paused
    # Said in the prompt's place, over none of the cards a player pausing to think looks at.
    assert scene.table.hud.prompt_words(scene.table) == "Paused – Space to go on"
    # Nothing is chosen or sent while paused: a click is told why.
    scene.table.click(("hand", 0))
    assert not scene.table.chooser.chosen and not scene.table.chooser.waiting
    assert "Paused – Space to go on" in [item[0] for item in scene.table.toasts.items]
    # The server's room stops too: its bots wait (and so would its turn clock).
    room = app.session.server.server.rooms[scene.room_id]
    assert run_frames(app, lambda: room.paused, 5)
    step = room.state.step
    queued = len(scene.table.stage.director.queue)
    lines = len(scene.table.log.lines)
    run_frames(app, lambda: False, 1.5)
    assert len(scene.table.log.lines) == lines
    assert len(scene.table.stage.director.queue) >= queued
    assert room.state.step == step
    scene.handle(press)
    assert not scene.table.paused
    assert "Paused – Space to go on" not in [item[0] for item in scene.table.toasts.items]
    assert run_frames(app, lambda: not room.paused, 5)
    assert scene.table.hud.prompt_words(scene.table) != "Paused – Space to go on"


def test_clicks_while_the_last_moves_are_shown_get_one_notice_not_two(make_app):
    app = make_app(speed=0.25, pace="normal")
    start_local(app, "quando", 3, "random", {})
    assert run_frames(app, lambda: table_scene(app) is not None, 20)
    table = table_scene(app).table
    assert run_frames(app, lambda: table.controls.catching_up, 20)
    notices = [CHOICE_WAITS, CARDS_WAIT]
    for token in [("btn", "knock"), ("hand", 0), ("btn", "knock"), ("hand", 0)]:
        table.click(token)
        shown = [item[0] for item in table.toasts.items if item[0] in notices]
        assert shown == [CARDS_WAIT if token[0] == "hand" else CHOICE_WAITS], (token, shown)


def test_a_game_that_is_over_has_nothing_left_to_pause(make_app):
    app = make_app(pace="instant")
    start_local(app, "quasenbo", 2, "random", {"hand_size": 3})
    assert run_frames(app, lambda: table_scene(app) is not None, 20)
    scene = table_scene(app)
    assert run_frames(app, lambda: bool(scene.table.model.get("result")), 30, AutoPlayer(app))
    scene.toggle_pause()
    assert not scene.table.paused
    room = app.session.server.server.rooms[scene.room_id]
    run_frames(app, lambda: False, 0.5)
    assert not room.paused and app.session is not None


@pytest.mark.parametrize("game, sorts", [("quando", True), ("blanco", False)])
def test_a_single_player_table_tells_its_pause_and_sort_keys(make_app, game, sorts):
    app = make_app(pace="normal")
    start_local(app, game, 3, "random", {})
    assert run_frames(app, lambda: table_scene(app) is not None, 20)
    said = " ".join(item[0] for item in table_scene(app).table.toasts.items)
    assert "Space pauses" in said
    assert ("O sorts your hand" in said) == sorts, said


def test_a_pause_lets_a_turning_card_finish_its_turn(make_app):
    app = make_app(speed=0.5, pace="normal")
    start_local(app, "blanco", 3, "random", {"max_turns": 9})
    assert run_frames(app, lambda: table_scene(app) is not None, 20)
    table = table_scene(app).table

    def turning() -> list:
        return [s for s in table.stage.sprites if s.scale_x < 0.95]

    assert run_frames(app, lambda: bool(turning()), 30, AutoPlayer(app, seed=2))
    table_scene(app).toggle_pause()
    queued = len(table.stage.director.queue)
    run_frames(app, lambda: False, 3)
    assert turning() == [] and not table.stage.moving
    assert len(table.stage.director.queue) >= queued and table.paused


def test_leaving_a_running_game_asks_first_and_esc_keeps_playing(make_app):
    app = make_app()
    start_local(app, "quando", 3, "random", {"target": 12})
    assert run_frames(app, lambda: table_scene(app) is not None, 20)
    scene = table_scene(app)
    esc = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
    scene.open_menu()
    menu = app.top
    assert isinstance(menu, Dialog)
    menu.handle(esc)
    assert app.top is scene, "Esc in the menu keeps playing"
    scene.open_menu()
    leave = next(w for w in app.top.form.widgets if w.label == "Leave")
    leave.activate()
    asked = app.top
    assert isinstance(asked, Dialog) and asked is not menu, "leaving a running game asks first"
    # A local game: keep it for later or end it; Escape is "Cancel" and keeps playing.
    assert [w.label for w in asked.form.widgets] == ["Keep it for later", "End the game", "Cancel"]
    asked.handle(esc)
    assert app.top is scene and app.session is not None

    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.frame(1 / 60)
    assert app.running and isinstance(app.top, Confirm), "closing the window asks first"
    # It asks what its button does: quit, the game kept (not "go back to the title").
    assert app.top.body == (
        "Quit the program? Your game is kept: Quick play or Single player continues it next time."
    ), app.top.body
    assert [w.label for w in app.top.form.widgets] == ["Keep playing", "Quit"]
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.frame(1 / 60)
    assert not app.running, "closing it again while asked ends the program"


def test_a_greyed_button_says_the_rule_that_keeps_it_grey(make_app):
    app = make_app()
    start_local(app, "quando", 3, "random", {"target": 12})

    def my_first_play() -> bool:
        scene = table_scene(app)
        return (
            scene is not None
            and scene.table.active
            and scene.table.model.get("phase") == "turn"
            and scene.table.model["plays"][0] < 2
        )

    assert run_frames(app, my_first_play, 30)
    table = table_scene(app).table
    knock = next(button for token, button in table.buttons.shown if token == ("btn", "knock"))
    assert not knock.enabled
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        table.handle(pygame.event.Event(kind, button=1, pos=knock.rect.center))
    said = [item[0] for item in table.toasts.items]
    assert any("knock only after playing cards twice" in words for words in said), said
    table.toasts.items.clear()
    table.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_k, mod=0, unicode="k"))
    assert any("twice" in item[0] for item in table.toasts.items), "the key says it too"


def test_play_on_cards_that_make_no_play_yet_says_the_rule(make_app):
    """Two cards of a run chosen (e.g. 3 and 5 of 3-4-5) are no play: Enter and the Play
    button say why in the rules' words instead of nothing."""
    app = make_app()
    start_local(app, "quando", 3, "random", {"target": 60})
    player = AutoPlayer(app, seed=3)

    def runs() -> list[list[int]]:
        scene = table_scene(app)
        if scene is None or not scene.table.active or scene.table.chooser.pending:
            return []
        table = scene.table
        hand = table.model["hands"][0]["fronts"]
        return [
            a[1]
            for a in table.chooser.legal or []
            if a[0] == "play" and len({hand[i] for i in a[1]}) == 3
        ]

    assert run_frames(app, lambda: bool(runs()), 60, player)
    table = table_scene(app).table
    low, _, high = runs()[0]
    for index in (low, high):
        table.click(("hand", index))
    assert table.chooser.chosen == {("hand", low), ("hand", high)}
    hand = table.model["hands"][0]["fronts"]
    pair = f"{hand[low]}, {hand[high]}"
    table.toasts.items.clear()
    table.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    said = [item[0] for item in table.toasts.items]
    assert any(pair in words and "not all equal" in words for words in said), said
    play = next(button for token, button in table.buttons.shown if token == ("btn", "play"))
    table.toasts.items.clear()
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        table.handle(pygame.event.Event(kind, button=1, pos=play.rect.center))
    assert any(pair in item[0] for item in table.toasts.items), "the button says it too"
    assert table.chooser.chosen == {("hand", low), ("hand", high)}, "the choice is kept"


def test_a_seats_last_move_stays_marked_until_its_next_step(make_app):
    app = make_app()
    start_local(app, "quasenbo", 3, "random", {"hand_size": 5})
    player = AutoPlayer(app, seed=4)
    firsts = []

    def bot_played_twice() -> bool:
        scene = table_scene(app)
        if scene is None:
            return False
        table = scene.table
        mine = [sprite for sprite, seat in table.marks.items() if seat == 1]
        if mine and (not firsts or firsts[-1] is not mine[0]):
            if firsts and firsts[-1].alive():
                assert firsts[-1] not in table.marks, "the bot's earlier move is still marked"
            firsts.append(mine[0])
        return len(firsts) >= 3

    assert run_frames(app, bot_played_twice, 60, player)


def test_o_sorts_the_hand_by_suit_then_rank_and_the_keys_follow_the_order(make_app):
    app = make_app()
    start_local(app, "quasenbo", 3, "random", {"hand_size": 7})
    assert run_frames(
        app, lambda: table_scene(app) is not None and table_scene(app).table.active, 30
    )
    table = table_scene(app).table
    hand = table.hands[0]
    dealt = [sprite.code for sprite in hand]
    o = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_o, mod=0, unicode="o")

    def shown() -> list[str]:
        return [s.code for s in sorted(hand, key=lambda s: table.stage.slots[s].pos[0])]

    table.handle(o)
    assert table.sort == "suit"
    assert shown() == sorted(dealt, key=lambda code: type(table).SORTS["suit"][1](code))
    first = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1")
    leftmost = min(hand, key=lambda s: table.stage.slots[s].pos[0])
    assert table.key_token(first) == leftmost.token, "1 names the leftmost card shown"
    table.handle(o)
    assert shown() == sorted(dealt, key=lambda code: type(table).SORTS["rank"][1](code))
    table.handle(o)
    assert table.sort is None and shown() == dealt


def test_the_score_sheet_keeps_every_round_and_opens_over_the_summary(make_app):
    app = make_app()
    # The deal is random: a round can score past a low target (46 points were seen), and a
    # game that ends after one round never shows a second summary.
    start_local(app, "quando", 3, "random", {"target": 1000})
    player = AutoPlayer(app, seed=1)
    summaries = []

    def two_rounds() -> bool:
        scene = table_scene(app)
        hold = scene.table.hold if scene is not None else None
        if hold is not None and hold["type"] == "round_end":
            if not summaries or summaries[-1] is not hold:
                summaries.append(hold)
            return len(summaries) == 2
        return False

    assert run_frames(app, two_rounds, 120, player)
    scene = table_scene(app)
    assert scene.table.sheet.rounds == {event["round"]: event["scores"] for event in summaries}
    s = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s")
    scene.handle(s)
    assert scene.sheet_open and scene.table.hold is summaries[-1], "the summary waits under it"
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert not scene.sheet_open


def test_no_prompt_or_turn_frame_of_the_last_round_lingers_into_the_next_deal(make_app):
    app = make_app(speed=4.0, pace="fast")
    start_local(app, "quando", 3, "random", {"target": 100})
    player = AutoPlayer(app, seed=3)
    between: list[str] = []
    framed: list[int] = []  # seats whose name plate showed the turn meanwhile
    seen = 0

    def look() -> None:
        nonlocal seen
        scene = table_scene(app)
        if scene is not None and scene.table.model:
            table, m = scene.table, scene.table.model
            summary = table.hold is not None and table.hold["type"] == "round_end"
            # The deal put a new first player in `active`; `to_move` is still the last
            # round's mover until the new round's first turn.
            stale = m["phase"] != "penalty" and m["to_move"] != m["active"]
            if summary or stale:
                seen += 1
                if table.prompt():
                    between.append(table.prompt())
                if table.current_seat() is not None:
                    framed.append(table.current_seat())
        player()

    assert run_frames(
        app,
        lambda: (
            table_scene(app) is not None
            and table_scene(app).table.model.get("round", 0) >= 1
            and seen > 0
            and not table_scene(app).table.between_rounds
        ),
        120,
        look,
    )
    assert seen and not between, between
    assert not framed, framed


def test_cards_waiting_on_the_draw_pile_to_be_dealt_are_the_piles_size(make_app):
    for game in ("quando", "quasenbo", "blanco"):
        app = make_app(speed=1.0)
        start_local(app, game, 3, "random", {})
        waiting = 0
        wrong: list[tuple[str, float]] = []

        def look() -> None:
            nonlocal waiting
            scene = table_scene(app)
            if scene is None:
                return
            table = scene.table
            pile = table.geo.places["draw"].center
            for hand in table.hands:
                for sprite in hand:
                    if (round(sprite.x), round(sprite.y)) == pile:
                        waiting += 1
                        if round(sprite.width * sprite.zoom) != table.geo.pile_w:
                            wrong.append((game, sprite.width * sprite.zoom))

        run_frames(app, lambda: waiting > 20, 20, look)
        assert waiting > 20 and not wrong, (game, waiting, wrong[:3])


def test_a_paused_game_s_clock_stands_and_goes_on_from_where_it_stood():
    hud = Hud()
    hud.set_clock({"seat": 0, "left": 10.0, "total": 10.0}, time.monotonic() - 2.0)
    hud.hold_clock(True)
    held = hud.clock_left()
    assert held is not None and 7.9 < held <= 8.0
    time.sleep(0.2)
    assert hud.clock_left() == held
    hud.hold_clock(False)
    time.sleep(0.2)
    left = hud.clock_left()
    assert left is not None and held - 0.5 < left <= held - 0.2


def test_blancos_discard_pile_button_takes_one_mouse_click(make_app):
    app = make_app()
    start_local(app, "blanco", 2, "random", {"max_turns": 30})
    assert run_frames(app, lambda: table_scene(app) is not None, 20)
    table = table_scene(app).table

    def my_turn_to(phase: str) -> bool:
        return table.active and table.model.get("phase") == phase

    # The setup's reveals, by the autoplayer; then the turn is ours to take a card.
    assert run_frames(app, lambda: my_turn_to("turn"), 30, AutoPlayer(app, seed=5))
    run_frames(app, lambda: not table.stage.moving, 2)
    top = table.model["discard"][-1]

    def pile_button():
        return next(b for token, b in table.buttons.shown if token == ("pile", "discard"))

    step = app.session.last["step"]
    click(pile_button().rect.center)  # a real click, through the app's event loop
    app.frame(1 / 60)
    said = [item[0] for item in table.toasts.items]
    assert "Waiting for the server…" not in said, said
    assert run_frames(app, lambda: app.session.last["step"] > step and my_turn_to("play"), 10)
    assert top in table.model["hands"][table.seat]
    # Holding three cards: a hand card, then the button – the choice goes on to the grid.
    hand = next(rect for token, rect in table.clickables() if token[0] == "hand")
    click(hand.center)
    app.frame(1 / 60)
    click(pile_button().rect.center)
    app.frame(1 / 60)
    assert table.chooser.prefix[-1:] == [("pile", "discard")], table.chooser.prefix
    said = [item[0] for item in table.toasts.items]
    assert "Waiting for the server…" not in said, said
    cell = next(rect for token, rect in table.clickables() if token[0] == "cell")
    step = app.session.last["step"]
    click(cell.center)
    assert run_frames(app, lambda: app.session.last["step"] > step, 10)
    assert run_frames(
        app, lambda: any("Tester discards" in line for line, _ in table.log.lines), 5
    ), table.log.lines[-3:]


def makes_a_play(fronts: list[int]) -> bool:
    """Quando's rule: equal numbers, or exactly three in a row."""
    return len(set(fronts)) == 1 or (
        len(fronts) == 3 and sorted(fronts) == list(range(min(fronts), min(fronts) + 3))
    )


def test_quando_keeps_a_refused_selection_and_enter_plays_nothing(make_app):
    app = make_app()
    start_local(app, "quando", 2, "random", {"target": 500})
    assert run_frames(app, lambda: table_scene(app) is not None, 20)
    table = table_scene(app).table
    assert run_frames(app, lambda: table.active and table.model.get("phase") == "turn", 30)
    order = table.hand_order(table.hands[table.viewer])
    fronts = table.model["hands"][table.seat]["fronts"]
    # 1, 4, 6 as a fast typist presses them – or the first three keys that make no play.
    keys = next(
        ks
        for ks in [(0, 3, 5), *itertools.combinations(range(len(order)), 3)]
        if not makes_a_play([fronts[order[k]] for k in ks])
    )
    step = app.session.last["step"]
    for k in keys:
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1 + k, mod=0, unicode=str(k + 1))
        )
        app.frame(1 / 60)
    assert table.chooser.chosen == {("hand", order[k]) for k in keys}, "every card stays chosen"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    for _ in range(10):  # time enough for a play sent to come back (a toast lasts longer)
        app.frame(1 / 60)
        time.sleep(0.03)
    assert app.session.last["step"] == step and not table.chooser.waiting, "nothing was played"
    assert table.chooser.chosen == {("hand", order[k]) for k in keys}, "the selection stays"
    values = ", ".join(str(fronts[i]) for i in sorted(order[k] for k in keys))
    said = [item[0] for item in table.toasts.items]
    assert f"{values} are neither three consecutive numbers nor all equal" in said, said


def test_a_key_pressed_while_a_move_is_still_shown_is_played_after_it(make_app):
    """Quando: the player plays a card, and presses D (draw hidden) while the play is still
    being animated – the draw that must follow. The key waits, says so, and is played once
    the table has caught up: the log holds the play, then the draw."""
    from game.client.scenes.replays import room_replay
    from game.replay.log import read_replay

    app = make_app(speed=0.5)  # the play's animation takes its time
    start_local(app, "quando", 2, "random", {"target": 500})

    def my_play() -> bool:
        scene = table_scene(app)
        return (
            scene is not None
            and scene.table.active
            and any(a[0] == "play" for a in scene.table.chooser.legal)
        )

    assert run_frames(app, my_play, 30)
    table = table_scene(app).table
    play = next(a for a in table.chooser.legal if a[0] == "play")
    table.send(play)
    assert run_frames(app, lambda: not table.stage.director.idle, 5), "nothing animated"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode="d"))
    app.frame(1 / 60)
    shown = [item[0] for item in table.toasts.items]
    assert "Waiting for the server…" not in shown, shown
    assert any(text.startswith("One moment") for text in shown), shown
    path = room_replay(app.session.room_id)

    def mine() -> list:
        return [s.action for s in read_replay(path).steps if s.seat == table.seat]

    assert run_frames(app, lambda: len(mine()) >= 2, 20), mine()
    assert mine()[-2:] == [play, ["draw", "down"]]


@pytest.mark.parametrize("line", ["col", "row"])
def test_blanco_cheers_a_removed_column_as_a_column_and_a_row_as_a_row(make_app, line):
    """A removal that is no chain reaction is cheered by what it removed: "COLUMN!" for a
    column (it read "ROW!" in German beside a log line saying column), "ROW!" for a row. The
    table is fed the real engine's step that removes it."""
    from game.client.sprites import Flourish
    from game.rules import view_digest
    from tests.client.test_chooser import table_for

    def removal(seed: int):
        """A 2-player game just before seat 0's step that removes one `line`, and that step."""
        state = new_game("blanco", 2, seed)
        rng = random.Random(seed)
        while not state.is_over:
            action = rng.choice(state.legal_actions())
            if state.to_move == 0:
                after = state.clone()
                events = after.apply(action)
                gone = [e.public for e in events if e.type == "eliminate"]
                if len(gone) == 1 and gone[0]["line"] == line and not gone[0]["chain"]:
                    return state, after, events
            state.apply(action)
        return None

    state, after, events = next(found for seed in range(60) if (found := removal(seed)))
    app = make_app()
    scene, _sent = table_for(app, state)
    table = scene.table
    view = after.view(0)
    table.feed(
        {
            "t": "update",
            "room": "r",
            "step": after.step,
            "events": [e.for_seat(0) for e in events],
            "digest": view_digest(view),
            "to_move": after.to_move,
            "clock": None,
        }
    )
    cheers: list[str] = []
    for _ in range(240):
        scene.update(1 / 60)
        cheers += [
            item.message
            for item in table.stage.effects.items
            if isinstance(item, Flourish) and item.message not in cheers
        ]
    assert not table.keeper.drifting
    assert cheers == (["COLUMN!"] if line == "col" else ["ROW!"]), cheers


def test_no_prompt_of_a_decision_sent_stays_while_its_answer_is_shown(make_app):
    """Blanco: three cards in hand, one placed or discarded – from then until the next
    decision the prompt never says "You hold three cards…" (it stayed, greyed, while the turn
    ended with two cards in hand)."""
    app = make_app()
    start_local(app, "blanco", 2, "random", {"max_turns": 30})
    assert run_frames(app, lambda: table_scene(app) is not None, 20)
    table = table_scene(app).table

    def holding_three() -> bool:
        return table.active and table.model.get("phase") == "play"

    assert run_frames(app, holding_three, 30, AutoPlayer(app, seed=5))
    three = table.prompt_now()
    assert three.startswith("You hold three cards"), three
    table.send(table.chooser.legal[0])
    shown: list[str] = []

    def answered() -> bool:
        shown.append(table.prompt_now())
        return not table.chooser.waiting and table.stage.director.idle

    assert run_frames(app, answered, 10)
    assert three not in shown, shown


@pytest.mark.parametrize("game", ["quando", "blanco"])
def test_the_move_log_is_told_again_in_a_language_chosen_mid_game(make_app, game):
    """The in-game menu's Settings can switch the language at the table: the move log's
    lines so far are told again in it (the cards a Blanco seat saw taken still named), and
    back in English they are word for word what they were."""
    from game.client.steps import dealt_words

    app = make_app()
    start_local(app, game, 3, "random", {"target": 40} if game == "quando" else {})
    player = AutoPlayer(app, seed=4)
    assert run_frames(
        app,
        lambda: table_scene(app) is not None and len(table_scene(app).table.log.lines) > 8,
        60,
        player,
    )
    scene = table_scene(app)
    said = list(scene.table.log.lines)
    app.set_language("de")
    run_frames(app, lambda: False, 0.2)
    told = scene.table.log.lines[: len(said)]
    assert [seat for _, seat in told] == [seat for _, seat in said]
    first_round = 0 if game == "quando" else None
    deals = {dealt_words(scene.table.seats.name(seat), first_round) for seat in range(3)}
    assert told[0][0] in deals and told[0][0] != said[0][0]
    assert sum(text != was for (text, _), (was, _) in zip(told, said)) > len(said) // 2
    app.set_language(i18n.SOURCE)
    run_frames(app, lambda: False, 0.2)
    assert scene.table.log.lines[: len(said)] == said
