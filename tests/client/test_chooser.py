"""Clicks become actions only through the legal list: highlights, multi-click choices, and
the explanations for clicks that lead nowhere (no server needed: the table is fed updates
built from a real engine, and what it would send is recorded)."""

from __future__ import annotations

import random
from types import SimpleNamespace

from game.client import i18n, widgets
from game.client.autoplay import table_scene
from game.client.scenes.table import TableScene
from game.client.tables.chooser import Chooser, Pick
from game.rules import new_game, view_digest


def table_for(app, state, seat=0):
    """A table scene fed the full update `seat` would get; returns (scene, sent actions)."""
    sent: list[list] = []
    view = state.view(seat)
    room = {
        "players": state.players,
        "seats": [
            {
                "seat": k,
                "kind": "human",
                "name": f"P{k}",
                "level": None,
                "ready": True,
                "connected": True,
                "away": False,
            }
            for k in range(state.players)
        ],
    }
    app.session = SimpleNamespace(
        room=room,
        seat=seat,
        close=lambda: None,
        poll=lambda: [],
        act=sent.append,
        leave=lambda: None,
        server=None,
        token=None,
        keep_problem=None,
        connected=True,
    )
    update = {
        "t": "update",
        "room": "r",
        "step": state.step,
        "events": [],
        "digest": view_digest(view),
        "to_move": state.to_move,
        "clock": None,
        "view": view,
    }
    if state.to_move == seat:
        update["legal"] = state.legal_actions()
    scene = TableScene(app, update)
    app.reset(scene)
    for _ in range(600):
        scene.update(1 / 60)
        if scene.table.stage.director.idle:
            break
    return scene, sent


def blanco_at_turn(seed: int):
    """A Blanco game after the setup, at seat 0's first turn."""
    state = new_game("blanco", 2, seed)
    rng = random.Random(seed)
    while state.to_move != 0 or state.phase != "turn":
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_a_swap_of_two_face_down_cards_asks_which_turns_up(make_app):
    app = make_app()
    for seed in range(40):
        state = blanco_at_turn(seed)
        view = state.view(0)
        if not view["grids"][0]["up"][0][0] and not view["grids"][0]["up"][0][1]:
            break
    scene, sent = table_for(app, state)
    table = scene.table
    assert table.active
    table.click(("cell", 0, 0))
    assert ("cell", 0, 1) in table.candidates() and ("cell", 2, 2) not in table.candidates()
    table.click(("cell", 0, 1))
    assert sent == [] and set(table.candidates()) == {("cell", 0, 0), ("cell", 0, 1)}
    assert "click the card to turn face up – it lands in the other's place" in table.prompt()
    for language in i18n.LANGUAGES:  # the longest prompt fits its band, smallest window too
        app.set_language(language)
        for size in ((960, 540), (1280, 720)):
            app.resize_window(size)
            width = table.geo.prompt.width - 20
            assert widgets.text_width(table.prompt(), 14) <= width, (language, size)
    app.set_language(i18n.SOURCE)
    table.click(("cell", 0, 1))
    assert sent == [["swap", 0, 0, 0, 1, 1]]


def test_a_hand_card_goes_to_a_place_or_to_the_discard(make_app):
    app = make_app()
    state = blanco_at_turn(3)
    state.apply(["take", "deck"])
    scene, sent = table_for(app, state)
    table = scene.table
    table.click(("hand", 2))
    candidates = table.candidates()
    assert ("pile", "discard") in candidates and ("cell", 1, 1) in candidates
    table.click(("pile", "discard"))
    down = [
        ("cell", r, c)
        for r in range(3)
        for c in range(3)
        if not state.view(0)["grids"][0]["up"][r][c]
    ]
    assert set(table.candidates()) == set(down)
    table.click(down[0])
    assert sent == [["discard", 2, down[0][1], down[0][2]]]


def test_quando_highlights_cards_of_legal_plays_and_plays_a_selection(make_app):
    app = make_app()
    state = new_game("quando", 2, 11)
    scene, sent = table_for(app, state)
    table = scene.table
    fronts = state.view(0)["hands"][0]["fronts"]
    # Every card is a play of its own: all are highlighted at first.
    assert {t for t in table.candidates() if t[0] == "hand"} == {
        ("hand", i) for i in range(len(fronts))
    }
    assert ("btn", "play") not in table.candidates()
    table.click(("hand", 0))
    assert table.chooser.chosen == {("hand", 0)} and ("btn", "play") in table.candidates()
    partners = {i for i in range(len(fronts)) if i != 0 and ("hand", i) in table.candidates()}
    for i in partners:  # only cards that make a play together with the first
        together = sorted({fronts[0], fronts[i]})
        assert fronts[i] == fronts[0] or together[1] - together[0] <= 2
    stranger = next((i for i in range(len(fronts)) if i != 0 and i not in partners), None)
    if stranger is not None:  # it stays chosen, and the set is refused until it goes again
        table.click(("hand", stranger))
        assert table.chooser.chosen == {("hand", 0), ("hand", stranger)}
        assert "makes no play" in table.toasts.items[-1][0]
        table.click(("btn", "play"))
        assert sent == [] and "not all equal" in table.toasts.items[-1][0]
        table.click(("hand", stranger))
    table.click(("btn", "play"))
    assert sent == [["play", [0]]]
    assert table.chooser.waiting and not table.active


def test_clicks_out_of_turn_say_whose_turn_it_is(make_app):
    app = make_app()
    state = new_game("quasenbo", 3, 5)
    scene, sent = table_for(app, state, seat=1)
    table = scene.table
    assert not table.active and table.candidates() == {}
    table.click(("hand", 0))
    assert sent == [] and table.toasts.items[-1][0] == "It's P0's turn."
    assert "P0 is playing" in table.prompt()
    assert table_scene(app) is scene


def test_keyboard_shortcuts_choose_like_clicks(make_app):
    import pygame

    def key(k: int) -> pygame.event.Event:
        return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")

    app = make_app()
    state = new_game("quando", 2, 11)
    scene, sent = table_for(app, state)
    scene.handle(key(pygame.K_1))
    assert scene.table.chooser.chosen == {("hand", 0)}
    scene.handle(key(pygame.K_RETURN))
    assert sent == [["play", [0]]]
    state.apply(["play", [0]])
    scene, sent = table_for(app, state)
    scene.handle(key(pygame.K_d))
    assert sent == [["draw", "down"]]


# -- the chooser alone: tokens in, actions out -----------------------------------------------


def swap_or_pick(action: list) -> list[tuple]:
    """Click sequences of a small made-up game: swap two cells (the second may be the one
    to turn up), or knock by a button."""
    if action[0] == "swap":
        a, b = ("cell", action[1]), ("cell", action[2])
        return [(a, b, ("cell", action[3]))]
    if action[0] == "knock":
        return [(("btn", "knock"),)]
    return []


def play_set(action: list) -> Pick | None:
    if action[0] != "play":
        return None
    return Pick(frozenset(("hand", i) for i in action[1]), ("btn", "play"))


def test_the_chooser_follows_sequences_and_a_click_on_the_last_one_undoes_it():
    chooser = Chooser(swap_or_pick, play_set)
    chooser.offer([["swap", 0, 1, 1], ["swap", 0, 2, 0], ["knock"]])
    assert set(chooser.candidates()) == {("cell", 0), ("btn", "knock")}
    assert chooser.choose(("cell", 0)) == ("more", None)
    assert set(chooser.candidates()) == {("cell", 1), ("cell", 2)}
    assert chooser.choose(("cell", 0)) == ("back", None) and not chooser.pending
    chooser.choose(("cell", 0))
    chooser.choose(("cell", 1))
    # The second card is also the one to turn up: clicking it again continues the swap.
    assert chooser.candidates() == {("cell", 1): [["swap", 0, 1, 1]]}
    assert chooser.choose(("cell", 1)) == ("send", ["swap", 0, 1, 1])
    assert chooser.choose(("cell", 7)) == ("nowhere", None)


def test_the_chooser_builds_a_set_in_any_order_and_confirms_it():
    chooser = Chooser(swap_or_pick, play_set)
    chooser.offer([["play", [0, 2]], ["play", [1]], ["knock"]])
    assert ("btn", "play") not in chooser.candidates()
    assert chooser.choose(("hand", 2)) == ("more", None)
    assert set(chooser.candidates()) == {("hand", 0)}  # no knock while cards are chosen
    # A card that makes no play with those chosen stays chosen, and the set is refused.
    assert chooser.choose(("hand", 1)) == ("refused", None)
    assert chooser.chosen == {("hand", 1), ("hand", 2)} and chooser.candidates() == {}
    assert chooser.choose(("btn", "play")) == ("nowhere", None)
    assert chooser.choose(("hand", 1)) == ("back", None)
    assert chooser.choose(("hand", 0)) == ("more", None)
    assert chooser.candidates() == {("btn", "play"): [["play", [0, 2]]]}
    assert chooser.choose(("hand", 2)) == ("back", None)
    assert chooser.choose(("hand", 2)) == ("more", None)
    assert chooser.choose(("btn", "play")) == ("send", ["play", [0, 2]])
    chooser.sent()
    assert chooser.waiting and not chooser.pending
    chooser.offer(None)
    assert chooser.candidates() == {} and chooser.options_text({}) == "only wait"
